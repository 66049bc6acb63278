"""7 słów for ears and fingers: the eight cards, the words, the hourglass, the score sheet.

Works from ``State.view_for(seat)`` only: while a round is being written, another seat's word
is not in the view, so it cannot be read out or brailled before all words are revealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from braille_words.braille import Line, Mode, Segment, text_line, tile_cells
from braille_words.braille.lines import NamedLine
from braille_words.braille.symbols import column_symbol
from braille_words.braille.translator import symbol_cell, text_to_cells
from braille_words.games.interface import TimerRequest
from braille_words.games.kit import GamePresenter, points_of
from braille_words.games.seven_words import ENTRY
from braille_words.games.seven_words.deck import load_deck
from braille_words.games.seven_words.view import SevenWordsView
from braille_words.present.messages import render, text
from braille_words.present.rulebook import rules_told
from braille_words.present.tally import named, tally
from braille_words.speech.speaker import for_cells, mark_word
from braille_words.speech.spelling import said_letter

GAME = "seven_words"


@cache
def rules_values(words: str = "pl") -> dict[str, Any]:
    """What the rules say beside the data file's plain values, counted from our deck of the
    ``words`` language: the cards on the table, the common and rare cards, and which rare
    letters score +1 and +2."""
    deck = load_deck(words=words)
    by_bonus: dict[int, list[str]] = {}
    for letter, (_count, bonus) in deck.rare.items():
        by_bonus.setdefault(bonus, []).append(letter.upper())
    return {
        "slots": deck.slots,
        "common_cards": sum(deck.common.values()),
        "rare_cards": sum(count for count, _ in deck.rare.values()),
        "rare_one": ", ".join(by_bonus.get(1, [])),
        "rare_two": ", ".join(by_bonus.get(2, [])),
        "columns_discarded": deck.cards_per_column * (len(deck.columns) // 2),
    }
WORD_LANG = "pl"
"""The language of the cards: letters are named and Brailled in it, whatever the messages."""

_READ = {
    "cards": ("karty", "cards", "k", "plansza", "area"),
    "words": ("słowa", "slowa", "words"),
    "scores": ("wyniki", "wynik", "punkty", "scores", "score"),
    "round": ("runda", "round"),
    "sheet": ("karta wyników", "arkusz", "sheet", "score sheet"),
}

def _t(lang: str, key: str, verbosity: str = "beginner", /, **params: Any) -> str:
    """The game's sentence ``key`` from its catalogue, in ``lang``."""
    return render(lang, GAME, key, params, verbosity=verbosity)


def _name(view: SevenWordsView, seat: int | None) -> str:
    seats: list[str] = view["seats"]
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else "?"


def _card(card: Mapping[str, Any], lang: str, word_lang: str = WORD_LANG) -> str:
    bonus = int(card.get("bonus") or 0)
    said = said_letter(str(card["letter"]), word_lang, lang)
    return said + (f" plus {bonus}" if bonus else "")


def cards_sentence(area: Sequence[Mapping[str, Any]], lang: str, word_lang: str = WORD_LANG) -> str:
    """The eight cards by column, best column first: "5: be, eł plus 1; 4: …"."""
    columns: dict[int, list[str]] = {}
    for card in area:
        columns.setdefault(int(card["column"]), []).append(_card(card, lang, word_lang))
    parts = [f"{col}: {', '.join(cards)}" for col, cards in sorted(columns.items(), reverse=True)]
    return "; ".join(parts)


def rack_letters(view: SevenWordsView) -> str:
    return "".join(str(c["letter"]) for c in view["area"])


def read(
    low: str, view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str | None:
    for key, words in _READ.items():
        if low in words:
            return _READERS[key](view, lang, verbosity, word_lang)
    return None


def read_cards(
    view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    return _t(lang, "cards", verbosity, c=cards_sentence(view["area"], lang, word_lang))


def read_words(
    view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    said: list[str] = []
    for entry in view["words"]:
        name = _name(view, entry["seat"])
        if "word" in entry and entry["word"] is not None:
            mark = f" ({_t(lang, 'invalid')})" if entry.get("invalid") else ""
            word = mark_word(str(entry["word"]).upper(), word_lang, lang)
            said.append(f"{name}: {word} {entry.get('score', 0)}{mark}")
        elif entry["written"]:
            said.append(_t(lang, "written", n=name))
        elif view["phase"] == "writing":
            said.append(_t(lang, "still_writing", n=name))
        else:
            said.append(_t(lang, "wrote_nothing", n=name))
    return _t(lang, "words", verbosity, w="; ".join(said))


def read_scores(
    view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    parts = tally((_name(view, s), t) for s, t in enumerate(view["totals"]))
    return _t(lang, "scores", verbosity, s=parts)


_PHASES = ("writing", "challenges", "correction", "ruling", "over")


def read_round(
    view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    phase = str(view["phase"])
    state = _t(lang, f"phase_{phase}") if phase in _PHASES else phase
    said = _t(lang, "round", verbosity, r=view["round"], n=view["rounds"], s=state)
    if view.get("hourglass_running"):
        said += " " + _t(lang, "hourglass_running", verbosity)
    return said


def read_sheet(
    view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    me = view["seat"]
    mine = [rnd["results"][me] for rnd in view.get("history", [])]
    if not mine:
        return _t(lang, "sheet_empty", verbosity)
    rows = [
        f"{i}. {mark_word(str(r['word'] or '-').upper(), word_lang, lang)} {r['score']}"
        + (f" +{r['bonus']}" if r.get("bonus") else "")
        for i, r in enumerate(mine, 1)
    ]
    return _t(
        lang,
        "sheet",
        verbosity,
        rows="; ".join(rows),
        p=view["penalties"][me] * view["penalty_points"],
        t=view["totals"][me],
    )


_READERS = {
    "cards": read_cards,
    "words": read_words,
    "scores": read_scores,
    "round": read_round,
    "sheet": read_sheet,
}


def prompt(view: SevenWordsView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    phase = view["phase"]
    if phase == "writing":
        # The cards were just said as the round began ("Runda 1 z 7. Karty: …"): said again
        # here they were the same eight cards twice in a row, on 14 cells three windows more.
        return _t(lang, "prompt_writing", verbosity)
    if phase in ("challenges", "correction"):
        return _t(lang, f"prompt_{phase}", verbosity)
    return _t(lang, "your_move", verbosity)


def prompt_key(view: SevenWordsView) -> Any:
    """A seat is prompted again when the round or its phase changes, even if it never stopped
    being awaited (writing, then challenges)."""
    return (view["round"], view["phase"])


def where(
    view: SevenWordsView,
    lang: str,
    verbosity: str,
    names: Sequence[str],
    word_lang: str = WORD_LANG,
) -> str:
    return " ".join(
        [
            _t(lang, "where_you_are", verbosity, n=names[view["seat"]],
               title=ENTRY.title_in(word_lang)),
            read_round(view, lang, verbosity),
            read_cards(view, lang, "expert", word_lang),
            read_scores(view, lang, verbosity),
        ]
    )


def final(result: dict[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
    """The winner first, then each player's total, best first, with what made it: the words
    that count, bonuses and penalties (a row of seven numbers per player was too much to hold
    by ear; ``wyniki`` still reads every round)."""
    sheets = []
    players = sorted(result.get("players", []), key=lambda p: (-p["total"], p["seat"]))
    for p in players:
        sheets.append(
            _t(
                lang,
                "final_sheet",
                n=names[p["seat"]],
                k=", ".join(str(x) for x in p["kept"]),
                b=p["bonus"],
                x=p["penalty_points"],
                t=p["total"],
            )
        )
    said = "; ".join(sheets)
    if "target" in result:
        verdict = _t(lang, "target_reached" if result.get("won") else "target_missed")
        return _t(lang, "final_target", s=said, t=result["target"], v=verdict)
    winners = [names[s] for s in result.get("winners", [])]
    return _t(lang, "final", s=said, w=winners)


_CUES = {
    "word_written": "placed",
    "fastest": "warning",
    "time_up": "time_up",
    "words_revealed": "accepted",
    "challenge_upheld": "rejected",
    "challenge_failed": "rejected",
    "bonus_awarded": "accepted",
}



def event_params(
    kind: str, params: dict[str, Any], seat: int, names: Sequence[str], lang: str,
    word_lang: str = WORD_LANG,
) -> dict[str, Any]:
    """Seats by name, cards and results as sentences in the language of the seat told."""

    def name(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"

    extra: dict[str, Any] = {}
    for key in ("seat", "challenger", "target"):
        if key in params:
            extra[f"{key}_name"] = name(params[key])
    if kind in ("seat_wrote", "fastest", "seat_done"):
        # The writer has just heard "Zapisano KOT", the player who said "gotowe" knows it:
        # their own move is not news to them.
        extra["mine"] = "yes" if params.get("seat") == seat else "no"
    if kind == "card_rejected" and "letters" not in params:
        extra["letters"] = [params.get("letter", "")]  # one card a deal, as games before told it
    if "area" in params:
        extra["cards_said"] = cards_sentence(params["area"], lang, word_lang)
    if kind == "word_written" and isinstance(params.get("word"), str):
        extra["word"] = mark_word(params["word"].upper(), word_lang, lang)
    if kind == "words_revealed":
        extra["words_said"] = "; ".join(
            f"{name(w['seat'])}: {mark_word(str(w['word']).upper(), word_lang, lang)} "
            f"{w['score']}"
            if w["word"]
            else f"{name(w['seat'])}: {_t(lang, 'no_word_written')}"
            for w in params["words"]
        )
    if kind == "round_scored":
        extra["results_said"] = "; ".join(
            named(name(r['seat']), r['score'])
            + (f" +{r['bonus']}" if r.get("bonus") else "")
            for r in params["results"]
        )
    if kind == "game_over":
        extra["winner_names"] = ", ".join(name(s) for s in params.get("winners", []))
    return extra


def braille_view(
    view: SevenWordsView, lang: str, selection: Any = None, word_lang: str = WORD_LANG
) -> list[NamedLine]:
    """The cards as one line (column sign, then its two letters and any bonus), then words."""
    segments: list[Segment] = []
    for card in view["area"]:
        cells = bytes([symbol_cell(column_symbol(int(card["column"])), lang)])
        cells += tile_cells([str(card["letter"])], word_lang)  # whatever the messages' language
        if card.get("bonus"):
            cells += text_to_cells(f"+{card['bonus']}", lang, Mode.COMPUTER)
        segments.append(Segment(cells, ("card", int(card["slot"]))))
    lines = [NamedLine("cards", Line.joined(segments, b"\x00"))]
    if view["seat"] in view["awaiting"] and view["phase"] not in ("writing", "over"):
        # What the game waits for stays on a line of its own, whatever news comes after it.
        task = prompt(view, lang, "expert", word_lang)
        lines.insert(0, NamedLine("task", text_line(for_cells(task), lang, Mode.LITERARY,
                                                    name="task")))
    # The words in the words' own language (not Polish by default), and no language marks:
    # a mark is for a voice, and liblouis wrote it as an escape ('\x000e'pl:STEWARDSHIP…).
    words = for_cells(read_words(view, lang, "expert", word_lang))
    lines.append(NamedLine("words", text_line(words, lang, Mode.LITERARY, name="words")))
    lines.append(
        NamedLine(
            "scores",
            text_line(read_scores(view, lang, "expert"), lang, Mode.LITERARY, name="scores"),
        )
    )
    return lines


def route(target: Any, selection: Any) -> tuple[Any, str | None]:
    """A routing key on a card reads the cards; on a line of text it repeats."""
    if isinstance(target, tuple) and target and target[0] == "card":
        return selection, "karty"
    return selection, "repeat"


def describe_move(move: Any, lang: str, view: SevenWordsView | None = None) -> str:
    word = getattr(move, "word", None)
    if isinstance(word, str):
        points = points_of(move)
        if points is None:
            return word.upper()
        # the line to type, as Rummikub's hint gives it: a child heard "ACKNOWLEDGING for 24
        # points" and did not know the word itself is the command
        return render(lang, "seven_words", "hint_word",
                      {"word": word.upper(), "points": points, "typed": word.lower()})
    from braille_words.games.seven_words.rules import Done

    if isinstance(move, Done):
        return render(lang, "seven_words", "hint_done", {})
    return str(move.to_json()) if hasattr(move, "to_json") else str(move)


def nudge(move: Any, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str | None:
    """The hint's first step: how long the word is and the letter it starts with."""
    word = getattr(move, "word", None)
    if not isinstance(word, str) or not word:
        return None
    params = {"length": len(word),
              "first": said_letter(word[0], word_lang, lang)}
    return render(lang, "seven_words", "nudge", params, verbosity=verbosity)


def private_input(view: SevenWordsView) -> bool:
    """While words are written, what a seat types is its secret until all are revealed."""
    return bool(view.get("phase") == "writing")


def timer(view: SevenWordsView) -> TimerRequest | None:
    if view.get("table_decision") != "time_up" or not view.get("hourglass_running"):
        return None
    seconds = float(view.get("hourglass_seconds") or 30)
    key = ("hourglass", view["round"], view.get("fastest"))
    return TimerRequest(key, seconds, warning_at=min(10.0, seconds / 3), ticking=True)


def timeout_move(rules: Any, state: Any) -> tuple[int, Any]:
    from braille_words.games.seven_words.rules import TimeUp

    return 0, TimeUp()


class Presenter(GamePresenter[SevenWordsView]):
    """7 słów's presenter as the table calls it (the functions above do the work).

    ``word_lang`` is the kit's word language: cards are named, Brailled and voiced in it."""

    cues = _CUES
    clock_events = frozenset({"hourglass_started", "hourglass_stopped"})
    skip_events = frozenset({"time_up"})

    def __init__(self, word_lang: str = WORD_LANG) -> None:
        super().__init__(word_lang)

    def without_clock(self, view: SevenWordsView) -> SevenWordsView:
        """No hourglass runs at a table without a clock: ``runda`` does not say it does."""
        quiet = view.copy()
        quiet["hourglass_running"] = False
        quiet["hourglass_seconds"] = 0  # ``zasady`` then says the table has no hourglass
        return quiet

    def read(self, low: str, view: SevenWordsView, lang: str, verbosity: str) -> str | None:
        # "zasady", "zasady 2", "wartości": the rules told by the game (issue 33 §2).
        # a table without a clock (``without_clock``) is told of no hourglass
        clock = {"clock": "no" if view.get("hourglass_seconds") == 0 else "yes"}
        told = rules_told(GAME, low, lang, {**rules_values(self.word_lang), **clock},
                          self.word_lang)
        return told if told is not None else read(low, view, lang, verbosity, self.word_lang)

    def prompt(self, view: SevenWordsView, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity, self.word_lang)

    def where(self, view: SevenWordsView, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names, self.word_lang)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(dict(result), lang, names, seat)

    def braille_view(
        self, view: SevenWordsView, lang: str, selection: Any = None
    ) -> list[NamedLine]:
        return braille_view(view, lang, selection, self.word_lang)

    def target_look(self, target: Any, view: SevenWordsView) -> Mapping[str, Any]:
        """A card of the play area with its column (5, 4, 3 or 2), drawn in that column's
        colour and pattern; its print already says the column and the bonus."""
        if isinstance(target, tuple) and len(target) == 2 and target[0] == "card":
            for card in view["area"]:
                if card["slot"] == target[1]:
                    return {"column": card["column"]}
        return {}

    def rack_letters(self, view: SevenWordsView) -> str:
        return rack_letters(view)

    def event_params(
        self,
        kind: str,
        params: Mapping[str, Any],
        seat: int,
        names: Sequence[str],
        lang: str = "en",
    ) -> dict[str, Any]:
        return event_params(kind, dict(params), seat, names, lang, self.word_lang)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        return route(target, selection)

    def resumed(self, view: SevenWordsView, lang: str, verbosity: str, *,
                private: bool = False) -> str:
        """The round, then what the seat needs of it that its prompt does not say: the cards
        to a seat still writing (its prompt leaves them out, said as the round began, which
        this sitting never heard), the words once they are read (to challenge them)."""
        said = text(lang, "resumed_round", verbosity, round=view["round"],
                    rounds=view["rounds"])
        if view["phase"] == "writing" and view["seat"] in view["awaiting"]:
            return f"{said} {read_cards(view, lang, verbosity, self.word_lang)}"
        if view["phase"] in ("challenges", "correction", "ruling"):
            return f"{said} {read_words(view, lang, verbosity, self.word_lang)}"
        return said

    def describe_move(self, move: Any, lang: str, view: SevenWordsView | None = None) -> str:
        return describe_move(move, lang, view)

    def nudge(self, move: Any, lang: str, view: SevenWordsView, verbosity: str) -> str | None:
        return nudge(move, lang, verbosity, self.word_lang)

    def no_hint_params(self, view: SevenWordsView, lang: str) -> Mapping[str, Any]:
        """The seat's written word: asked for a hint after writing, a child heard "Nie widzę
        słowa z tych kart." with GEOGRAFICZNYCH written a moment before."""
        own = next((w.get("word") for w in view["words"]
                    if w["seat"] == view["seat"] and w["written"]), None)
        if not own or view["phase"] != "writing":
            return {"written": ""}
        return {"written": mark_word(own.upper(), self.word_lang, lang)}

    def timer(self, view: SevenWordsView) -> TimerRequest | None:
        return timer(view)

    def prompt_key(self, view: SevenWordsView) -> Any:
        return prompt_key(view)

    def private_input(self, view: SevenWordsView) -> bool:
        return private_input(view)
