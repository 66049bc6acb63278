"""7 słów for ears and fingers: the eight cards, the words, the hourglass, the score sheet.

Works from ``State.view_for(seat)`` only: while a round is being written, another seat's word
is not in the view, so it cannot be read out or brailled before all words are revealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from braille_words.braille import Line, Mode, Segment, text_line, tile_cells
from braille_words.braille.lines import NamedLine
from braille_words.braille.symbols import column_symbol
from braille_words.braille.translator import symbol_cell, text_to_cells
from braille_words.games.interface import TimerRequest, View
from braille_words.games.kit import GamePresenter
from braille_words.present.messages import fill
from braille_words.speech.spelling import letter_name

PL = "pl"

_READ = {
    "cards": ("karty", "cards", "k", "plansza", "area"),
    "words": ("słowa", "slowa", "words"),
    "scores": ("wyniki", "wynik", "punkty", "scores", "score"),
    "round": ("runda", "round"),
    "sheet": ("karta wyników", "arkusz", "sheet", "score sheet"),
}

_WHY_PL = {
    "beat the fastest player": "lepsze słowo niż najszybszy gracz",
    "fastest and best": "najszybszy i najlepszy",
    "wrong challenge": "niesłuszne wyzwanie",
    "a word under 20 on red": "słowo poniżej 20 punktów na czerwonym polu",
}


def _t(lang: str, pl: str, en: str, **params: Any) -> str:
    return fill(pl if lang == PL else en, params)


def _name(view: dict[str, Any], seat: int | None) -> str:
    seats: list[str] = view["seats"]
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else "?"


def _card(card: dict[str, Any], lang: str) -> str:
    bonus = int(card.get("bonus") or 0)
    said = letter_name(str(card["letter"]), lang)
    return said + (f" plus {bonus}" if bonus else "")


def cards_sentence(area: list[dict[str, Any]], lang: str) -> str:
    """The eight cards by column, best column first: "5: be, eł plus 1; 4: …"."""
    columns: dict[int, list[str]] = {}
    for card in area:
        columns.setdefault(int(card["column"]), []).append(_card(card, lang))
    parts = [f"{col}: {', '.join(cards)}" for col, cards in sorted(columns.items(), reverse=True)]
    return "; ".join(parts)


def rack_letters(view: dict[str, Any]) -> str:
    return "".join(str(c["letter"]) for c in view["area"])


def read(low: str, view: dict[str, Any], lang: str, verbosity: str) -> str | None:
    for key, words in _READ.items():
        if low in words:
            return _READERS[key](view, lang, verbosity)
    return None


def read_cards(view: dict[str, Any], lang: str, verbosity: str) -> str:
    cards = cards_sentence(view["area"], lang)
    if verbosity == "expert":
        return cards + "."
    return _t(
        lang,
        "Karty, kolumny od 5 do 2 punktów: {c}.",
        "Cards, columns from 5 down to 2 points: {c}.",
        c=cards,
    )


def read_words(view: dict[str, Any], lang: str, verbosity: str) -> str:
    said: list[str] = []
    for entry in view["words"]:
        name = _name(view, entry["seat"])
        if "word" in entry and entry["word"] is not None:
            mark = _t(lang, " (nieważne)", " (invalid)") if entry.get("invalid") else ""
            said.append(f"{name}: {str(entry['word']).upper()} {entry.get('score', 0)}{mark}")
        elif entry["written"]:
            said.append(_t(lang, "{n}: zapisane", "{n}: written", n=name))
        else:
            said.append(_t(lang, "{n}: jeszcze pisze", "{n}: still writing", n=name))
    return _t(lang, "Słowa: {w}.", "Words: {w}.", w="; ".join(said))


def read_scores(view: dict[str, Any], lang: str, verbosity: str) -> str:
    parts = [f"{_name(view, s)} {t}" for s, t in enumerate(view["totals"])]
    return _t(lang, "Wyniki: {s}.", "Scores: {s}.", s=", ".join(parts))


def read_round(view: dict[str, Any], lang: str, verbosity: str) -> str:
    state = {
        "writing": _t(lang, "piszemy słowa", "writing words"),
        "challenges": _t(lang, "wyzwania", "challenges"),
        "correction": _t(lang, "poprawka słowa", "a word is corrected"),
        "ruling": _t(lang, "stół rozstrzyga", "the table decides"),
        "over": _t(lang, "koniec gry", "game over"),
    }.get(str(view["phase"]), str(view["phase"]))
    hourglass = ""
    if view.get("hourglass_running"):
        hourglass = _t(lang, " Klepsydra się przesypuje.", " The hourglass is running.")
    return (
        _t(
            lang,
            "Runda {r} z {n}: {s}.",
            "Round {r} of {n}: {s}.",
            r=view["round"],
            n=view["rounds"],
            s=state,
        )
        + hourglass
    )


def read_sheet(view: dict[str, Any], lang: str, verbosity: str) -> str:
    me = view["seat"]
    mine = [rnd["results"][me] for rnd in view.get("history", [])]
    if not mine:
        return _t(lang, "Karta wyników jest jeszcze pusta.", "The score sheet is still empty.")
    rows = [
        f"{i}. {str(r['word'] or '-').upper()} {r['score']}"
        + (f" +{r['bonus']}" if r.get("bonus") else "")
        for i, r in enumerate(mine, 1)
    ]
    return _t(
        lang,
        "Twoja karta: {rows}. Kary: {p}. Razem: {t}.",
        "Your sheet: {rows}. Penalties: {p}. Total: {t}.",
        rows="; ".join(rows),
        p=view["penalties"][me],
        t=view["totals"][me],
    )


_READERS = {
    "cards": read_cards,
    "words": read_words,
    "scores": read_scores,
    "round": read_round,
    "sheet": read_sheet,
}


def prompt(view: dict[str, Any], lang: str, verbosity: str) -> str:
    phase = view["phase"]
    if phase == "writing":
        if verbosity == "expert":
            return read_cards(view, lang, "expert")
        return _t(
            lang,
            "Napisz swoje słowo. {cards}",
            "Write your word. {cards}",
            cards=read_cards(view, lang, verbosity),
        )
    if phase == "challenges":
        return _t(
            lang,
            "Wyzwanie? Powiedz „wyzwanie” i numer gracza albo „gotowe”.",
            'Any challenge? Say "challenge" and a player number, or "done".',
        )
    if phase == "correction":
        return _t(
            lang,
            "Popraw słowo („popraw” i słowo) albo „wycofaj”.",
            'Correct your word ("correct" and the word) or "withdraw".',
        )
    return _t(lang, "Twój ruch.", "Your move.")


def prompt_key(view: dict[str, Any]) -> Any:
    """A seat is prompted again when the round or its phase changes, even if it never stopped
    being awaited (writing, then challenges)."""
    return (view["round"], view["phase"])


def where(view: dict[str, Any], lang: str, verbosity: str, names: Sequence[str]) -> str:
    return " ".join(
        [
            _t(lang, "7 słów, grasz jako {n}.", "7 słów, you are {n}.", n=names[view["seat"]]),
            read_round(view, lang, verbosity),
            read_cards(view, lang, "expert"),
            read_scores(view, lang, verbosity),
        ]
    )


def final(result: dict[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
    """Every player's score sheet: the seven words' points, bonuses, penalties, total."""
    sheets = []
    for p in result.get("players", []):
        sheets.append(
            _t(
                lang,
                "{n}: słowa {w}; liczą się {k}; premie {b}; kary {x}; razem {t}",
                "{n}: words {w}; counted {k}; bonuses {b}; penalties {x}; total {t}",
                n=names[p["seat"]],
                w=" ".join(str(x) for x in p["words"]),
                k=" ".join(str(x) for x in p["kept"]),
                b=p["bonus"],
                x=p["penalties"],
                t=p["total"],
            )
        )
    said = "; ".join(sheets)
    if "target" in result:
        verdict = (
            _t(lang, "Cel osiągnięty!", "Target reached!")
            if result.get("won")
            else _t(lang, "Cel nieosiągnięty.", "Target missed.")
        )
        return _t(
            lang,
            "Koniec gry. {s}. Cel: {t}. {v}",
            "Game over. {s}. Target: {t}. {v}",
            s=said,
            t=result["target"],
            v=verdict,
        )
    winners = ", ".join(names[s] for s in result.get("winners", []))
    return _t(
        lang, "Koniec gry. {s}. Wygrywa: {w}.", "Game over. {s}. Winner: {w}.", s=said, w=winners
    )


_CUES = {
    "word_written": "placed",
    "fastest": "warning",
    "time_up": "time_up",
    "words_revealed": "accepted",
    "challenge_upheld": "rejected",
    "challenge_failed": "rejected",
    "bonus_awarded": "accepted",
}


def cue_for(kind: str, seat: int, params: dict[str, Any]) -> str | None:
    return _CUES.get(kind)


def event_params(
    kind: str, params: dict[str, Any], seat: int, names: Sequence[str]
) -> dict[str, Any]:
    """Seats by name, cards and results as sentences, the English reasons in Polish."""

    def name(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"

    extra: dict[str, Any] = {}
    for key in ("seat", "challenger", "target"):
        if key in params:
            extra[f"{key}_name"] = name(params[key])
    if "area" in params:
        extra["cards_pl"] = cards_sentence(params["area"], PL)
    if kind == "words_revealed":
        extra["words_said"] = "; ".join(
            f"{name(w['seat'])}: {str(w['word']).upper()} {w['score']}"
            if w["word"]
            else f"{name(w['seat'])}: —"
            for w in params["words"]
        )
    if kind == "round_scored":
        extra["results_said"] = "; ".join(
            f"{name(r['seat'])} {r['score']}" + (f" +{r['bonus']}" if r.get("bonus") else "")
            for r in params["results"]
        )
    if "field" in params:
        extra["field_pl"] = {"red": "czerwonym"}.get(str(params["field"]), str(params["field"]))
    if "why" in params:
        extra["why_pl"] = _WHY_PL.get(str(params["why"]), str(params["why"]))
    if kind == "game_over":
        extra["winner_names"] = ", ".join(name(s) for s in params.get("winners", []))
    return extra


def braille_view(view: dict[str, Any], lang: str, selection: Any = None) -> list[NamedLine]:
    """The cards as one line (column sign, then its two letters and any bonus), then words."""
    segments: list[Segment] = []
    for card in view["area"]:
        cells = bytes([symbol_cell(column_symbol(int(card["column"])), lang)])
        cells += tile_cells([str(card["letter"])], "pl")  # Polish cards, whatever the messages
        if card.get("bonus"):
            cells += text_to_cells(f"+{card['bonus']}", lang, Mode.COMPUTER)
        segments.append(Segment(cells, ("card", int(card["slot"]))))
    lines = [NamedLine("cards", Line.joined(segments, b"\x00"))]
    lines.append(
        NamedLine(
            "words", text_line(read_words(view, lang, "expert"), lang, Mode.LITERARY, name="words")
        )
    )
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


def describe_move(move: Any, lang: str, view: dict[str, Any] | None = None) -> str:
    word = getattr(move, "word", None)
    if isinstance(word, str):
        return word.upper()
    return str(move.to_json()) if hasattr(move, "to_json") else str(move)


def private_input(view: dict[str, Any]) -> bool:
    """While words are written, what a seat types is its secret until all are revealed."""
    return bool(view.get("phase") == "writing")


def timer(view: dict[str, Any]) -> TimerRequest | None:
    if view.get("table_decision") != "time_up" or not view.get("hourglass_running"):
        return None
    seconds = float(view.get("hourglass_seconds") or 30)
    key = ("hourglass", view["round"], view.get("fastest"))
    return TimerRequest(key, seconds, warning_at=min(10.0, seconds / 3), ticking=True)


def timeout_move(rules: Any, state: Any) -> tuple[int, Any]:
    from braille_words.games.seven_words.rules import TimeUp

    return 0, TimeUp()


class Presenter(GamePresenter):
    """7 słów's presenter as the table calls it (the functions above do the work)."""

    def read(self, low: str, view: View, lang: str, verbosity: str) -> str | None:
        return read(low, view, lang, verbosity)

    def prompt(self, view: View, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity)

    def where(self, view: View, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(dict(result), lang, names, seat)

    def braille_view(self, view: View, lang: str, selection: Any = None) -> list[NamedLine]:
        return braille_view(view, lang, selection)

    def rack_letters(self, view: View) -> str:
        return rack_letters(view)

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return cue_for(kind, seat, dict(params))

    def event_params(
        self, kind: str, params: Mapping[str, Any], seat: int, names: Sequence[str]
    ) -> dict[str, Any]:
        return event_params(kind, dict(params), seat, names)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        return route(target, selection)

    def describe_move(self, move: Any, lang: str, view: View | None = None) -> str:
        return describe_move(move, lang, view)

    def timer(self, view: View) -> TimerRequest | None:
        return timer(view)

    def prompt_key(self, view: View) -> Any:
        return prompt_key(view)

    def private_input(self, view: View) -> bool:
        return private_input(view)
