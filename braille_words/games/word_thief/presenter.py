"""What Word Thief says and shows: the hand with its suits, the table's words and their
owners, the scores; every sentence from the catalogues, in the seat's language.

The words are English whatever the messages' language: they are spelled with English letter
names and marked as English in speech. On the display a card is one cell, its letter with its
suit in dots 7 and 8 (red none, blue 7, green 8, yellow both) and a wild the full cell: the
hand is one line of cards, the table's words the next. The cells come from our English table
(``tables/braille-words-en-cards.uti``), the one place that says which dots a suit has. A
routing key on a card of the hand reads it with its suit; on a table word, reads the word
card by card with its number for a steal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from braille_words.braille import Mode, text_line
from braille_words.braille.lines import NamedLine
from braille_words.braille.translator import text_to_cells, tile_cell
from braille_words.braille.view import Line, Segment
from braille_words.errors import BrailleWordsError
from braille_words.games.kit import GamePresenter, kind_of, points_of, standings
from braille_words.games.word_thief.commands import to_command
from braille_words.games.word_thief.rules import Lay, StealMove
from braille_words.games.word_thief.view import CardView, TableWordView, WordThiefView
from braille_words.present.messages import render
from braille_words.present.rulebook import rules_told
from braille_words.present.tally import tally
from braille_words.speech.speaker import mark_word
from braille_words.speech.spelling import said_letter as spelled

GAME = "word_thief"
WORD_LANG = "en"

_READ = {
    "suits": ("kolory", "suits", "suit"),
    # "rack", "stojak": the word a Scrabble or Rummikub player brings along.
    "hand": ("ręka", "reka", "karty", "hand", "cards", "rack", "stojak"),
    "table": ("stół", "stol", "table", "words"),
    "scores": ("wyniki", "punkty", "scores", "score"),
    "pile": ("talia", "stos", "pile", "deck"),
}


def _t(lang: str, key: str, verbosity: str = "beginner", /, **params: Any) -> str:
    return render(lang, GAME, key, params, verbosity=verbosity)


def said_letter(letter: str, lang: str) -> str:
    """A card's letter by its English name ("kay"), marked for the English voice when the
    sentence is Polish: a Polish voice would read "kay" as "kaj"; K itself on the cells."""
    return spelled(letter, WORD_LANG, lang)


def plain_letter(letter: str, lang: str) -> str:
    """A card's letter as it is typed ("k"), marked for the English voice: the terse form's
    (an expert's, a short display's). "jay zielony" on 14 cells was two words to read for
    the one cell the hand line shows, and a reader types J."""
    return mark_word(letter.lower(), WORD_LANG, lang)


def letter_in(letter: str, lang: str, verbosity: str) -> str:
    """A card's letter by its name for a beginner's ear, as typed in the terse form."""
    return plain_letter(letter, lang) if verbosity == "expert" else said_letter(letter, lang)


def suit_name(suit: str | None, lang: str) -> str:
    return _t(lang, f"suit_{suit}") if suit else _t(lang, "suit_wild")


def _name(view: WordThiefView, seat: int) -> str:
    seats = view["seats"]
    return seats[seat] if 0 <= seat < len(seats) else "?"


def read_hand(view: WordThiefView, lang: str, verbosity: str) -> str:
    cards = [_card(c, lang, verbosity) for c in view["hand"]]
    return _t(lang, "read_hand", verbosity, count=len(cards), cards="; ".join(cards),
              letters=hand_letters(view, lang))


def hand_letters(view: WordThiefView, lang: str) -> str:
    """The hand as typed, a card a letter ("c q w s y t e", a wild by its name): the terse
    turn prompt's, whose suits the cards line shows in dots 7 and 8."""
    return " ".join(plain_letter(c["letter"], lang) if c["letter"] else _t(lang, "wild_card")
                    for c in view["hand"])


def _card(card: CardView, lang: str, verbosity: str) -> str:
    if card["letter"] is None:
        return _t(lang, "wild_card", verbosity)
    name = said_letter(card["letter"], lang)
    return _t(lang, "card", verbosity, letter=name, suit=suit_name(card["suit"], lang),
              value=card["value"], plain=plain_letter(card["letter"], lang))


def read_card(view: WordThiefView, number: int, lang: str, verbosity: str) -> str:
    """One card of the hand, with its suit and value (what a routing key on it says)."""
    if not 1 <= number <= len(view["hand"]):
        return _t(lang, "no_card", verbosity, number=number, count=len(view["hand"]))
    return _t(lang, "read_card", verbosity, number=number,
              card=_card(view["hand"][number - 1], lang, verbosity))


def _word(word: TableWordView) -> str:
    return "".join(p["letter"] for p in word["cards"]).upper()


PROMPT_TABLE_WORDS = 4
"""Up to this many table words the turn prompt reads them all; past it, only the new ones and
how many there are: late in a game the prompt listed every word, 787 characters (issue 33)."""


def _table_words(view: WordThiefView, words: Sequence[TableWordView], lang: str,
                 verbosity: str, key: str = "table_word") -> str:
    return "; ".join(
        _t(lang, key, verbosity, number=w["number"],
           word=mark_word(_word(w), WORD_LANG, lang), owner=_name(view, w["owner"]),
           value=sum(p["value"] for p in w["cards"]))
        for w in words)


def read_table(view: WordThiefView, lang: str, verbosity: str) -> str:
    if not view["table"]:
        return _t(lang, "table_empty", verbosity)
    return _t(lang, "read_table", verbosity, words=_table_words(view, view["table"], lang,
                                                                 verbosity))


def table_news(view: WordThiefView, lang: str, verbosity: str) -> str:
    """The table as the turn prompt says it: all of it while it is short, else how many words
    lie there and which are new since this seat's last turn (``stół`` reads them all). The
    terse form (a short display's) always says the news: four words each with its owner
    ("Stół: 1 NO (Ada); 2 OIL (Ola); …") took eight windows of 14 cells at every turn, and
    the new words are the others' (a seat's own words are never new at its turn)."""
    table = view["table"]
    if not table or (len(table) <= PROMPT_TABLE_WORDS and verbosity != "expert"):
        return read_table(view, lang, verbosity)
    since = view.get("turns", 0) - len(view["seats"])
    new = [w for w in table if w.get("turn", 0) > since]
    if not new:
        return _t(lang, "table_unchanged", verbosity, count=len(table))
    return _t(lang, "table_news", verbosity, count=len(table),
              words=_table_words(view, new, lang, verbosity, "new_word"))


def read_scores(view: WordThiefView, lang: str, verbosity: str) -> str:
    parts = tally((_name(view, s), p) for s, p in enumerate(view["scores"]))
    return _t(lang, "read_scores", verbosity, scores=parts, draw=view["draw"])


def read_word(view: WordThiefView, number: int, lang: str, verbosity: str) -> str:
    """One table word in full: owner, value, and each card with its suit (for a steal)."""
    if not 1 <= number <= len(view["table"]):
        return _t(lang, "no_table_word", verbosity, number=number)
    word = view["table"][number - 1]
    cards = ", ".join(
        _t(lang, "wild_as", verbosity, letter=letter_in(p["letter"], lang, verbosity))
        if p["wild"] else f"{letter_in(p['letter'], lang, verbosity)} {suit_name(p['suit'], lang)}"
        for p in word["cards"]
    )
    return _t(lang, "read_word", verbosity, number=number,
              word=mark_word(_word(word), WORD_LANG, lang), owner=_name(view, word["owner"]),
              value=sum(p["value"] for p in word["cards"]), cards=cards)


def read(low: str, view: WordThiefView, lang: str, verbosity: str) -> str | None:
    first, _, rest = low.partition(" ")
    if first in ("słowo", "slowo", "word") and rest.strip().isdigit():
        return read_word(view, int(rest), lang, verbosity)
    if first in ("karta", "card") and rest.strip().isdigit():
        return read_card(view, int(rest), lang, verbosity)
    for what, words in _READ.items():
        if low in words:
            if what == "hand":
                return read_hand(view, lang, verbosity)
            if what == "suits":
                return read_suits(view, lang, verbosity)
            if what == "table":
                return read_table(view, lang, verbosity)
            if what == "scores":
                return read_scores(view, lang, verbosity)
            return _t(lang, "read_pile", verbosity, draw=view["draw"])
    return None


def prompt(view: WordThiefView, lang: str, verbosity: str) -> str:
    if view["over"]:
        return _t(lang, "over", verbosity)
    if view["seat"] not in view["awaiting"]:
        return _t(lang, "waiting", verbosity, player=_name(view, view["current"]))
    # The terse form (an expert's, a short display's) is the hand as typed and the table's
    # news: 15 windows of 14 cells said the cards by name with their suits, which the cards
    # line shows, and what a turn may do, which an expert knows. Before anyone has moved the
    # table is empty by the rules: "Stół pusty." was the opening's fourth window of 14 cells.
    opening = verbosity == "expert" and not view["table"] and not view.get("turns", 0)
    return " ".join(part for part in [
        _t(lang, "your_turn", verbosity, hand=read_hand(view, lang, verbosity),
           letters=hand_letters(view, lang)),
        "" if opening else table_news(view, lang, verbosity),
        _t(lang, "what_now" if view["draw"] else "what_now_empty", verbosity),
    ] if part)


def hint_action(move: Any, view: WordThiefView | None, lang: str
                ) -> tuple[str, dict[str, Any]] | None:
    """A hint as the one thing a child does, before the line to type: "Make BUOY from your
    cards", or "Steal VICE from Ben: add N to make VINCE" ("steal 2 vice an buy oil" alone
    left a child to work out which word was whose and which cards went in). None when the
    view cannot say it (no table word of that number): the line alone then."""
    if isinstance(move, Lay):
        return "hint_lay", {"word": mark_word(move.word.upper(), WORD_LANG, lang)}
    if not isinstance(move, StealMove) or not view or not (
            0 <= move.target < len(view.get("table", []))):
        return None
    taken = view["table"][move.target]
    said = {
        "stolen": mark_word(_word(taken), WORD_LANG, lang),
        "owner": _name(view, taken["owner"]),
        "words": ", ".join(mark_word(w.upper(), WORD_LANG, lang) for w in move.words),
    }
    wilds = sum(1 for p in taken["cards"] if p["wild"])
    if wilds:  # a stolen wild may change letter: which cards the hand adds is not one sum
        return "hint_steal_wild", {**said, "wilds": wilds}
    added = Counter("".join(move.words).upper()) - Counter(_word(taken))
    said["added"] = ", ".join(said_letter(x.lower(), lang) for x in sorted(added.elements()))
    return "hint_steal", said


def where(view: WordThiefView, lang: str, verbosity: str, names: Sequence[str]) -> str:
    # The seat asking is told "Your turn", not its own name as if it were someone else's
    # ("Player's turn."); a finished game has no turn ("Ada's turn.", "?'s turn.").
    turn = (_t(lang, "game_ended", verbosity) if view["over"] else
            _t(lang, "turn_of", verbosity, player=_name(view, view["current"]),
               self="yes" if view["seat"] == view["current"] else "no"))
    return " ".join([turn, read_scores(view, lang, verbosity)])


def final(result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
    return _t(lang, "final", **standings(result, names))


def event_params(
    kind: str, params: dict[str, Any], seat: int, names: Sequence[str], lang: str
) -> dict[str, Any]:
    def name(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"

    extra: dict[str, Any] = {"self": "yes" if params.get("seat") == seat else "no"}
    if kind in ("word_laid", "word_scored"):
        extra["bonus"] = params.get("bonus", 0)  # the length bonus inside the points
    for key in ("seat", "victim", "dealer"):
        if key in params:
            extra[f"{key}_name"] = name(params[key])
    if "suit" in params:
        extra["suit_said"] = suit_name(params["suit"] or None, lang) if params["suit"] else ""
    if "letters" in params:
        extra["letters_said"] = ", ".join(
            said_letter(str(x).lower(), lang) if x != "?" else _t(lang, "wild_card")
            for x in params["letters"])
        extra["letters_plain"] = " ".join(
            plain_letter(str(x), lang) if x != "?" else _t(lang, "wild_card")
            for x in params["letters"])
    if isinstance(params.get("locked"), list):  # a steal's words of one suit, in one list
        extra["locked_count"] = len(params["locked"])
        extra["locked_said"] = ", ".join(mark_word(str(w), WORD_LANG, lang)
                                         for w in params["locked"])
    if "words" in params and isinstance(params["words"], list):
        extra["words_said"] = ", ".join(mark_word(str(w), WORD_LANG, lang) for w in params["words"])
    for key in ("word", "stolen"):
        if key in params:
            extra[f"{key}_said"] = mark_word(str(params[key]), WORD_LANG, lang)
    for key in ("was", "now"):  # a wild's letter before and after a steal
        if key in params:
            extra[f"{key}_said"] = said_letter(str(params[key]).lower(), lang)
            extra[f"{key}_plain"] = plain_letter(str(params[key]), lang)
    if "draws" in params:
        extra["draws_said"] = "; ".join(
            f"{name(s)}: {plain_letter(x, lang).upper() if x != '?' else _t(lang, 'wild_card')}"
            for s, x in draws_by_seat(params["draws"], len(names)))
    return extra


def draws_by_seat(rounds: Sequence[Sequence[str]], players: int) -> list[tuple[int, str]]:
    """Who drew each card of the dealer's draw, replayed from its rounds (each lists the
    letters of those who drew in it, in seat order: all at first, then whoever drew a wild,
    then those tied nearest A). "Losowanie rozdającego: L, E." left a child to guess which
    card was theirs."""
    holding: dict[int, str] = {}
    drawing = list(range(players))
    drawn: list[tuple[int, str]] = []
    for letters in rounds:
        drawn += zip(drawing, letters, strict=False)
        holding.update(zip(drawing, letters, strict=False))
        if "?" in letters:
            drawing = [s for s in drawing if holding.get(s) == "?"]
            continue
        best = min(holding.values())
        drawing = [s for s, letter in holding.items() if letter == best]
        holding = {s: holding[s] for s in drawing}
    return drawn


SUIT_CHARS = {"red": 0, "blue": 0xE100, "green": 0xE200, "yellow": 0xE300}
"""Where a suit's cards start in our English table's private characters: a red card is its
plain letter, a blue A is U+E161 (U+E100 + "a"), and so on (``braille-words-en-cards.uti``)."""


def card_char(letter: str, suit: str) -> str:
    """The character our English table gives the card ``letter`` of ``suit``."""
    return chr(SUIT_CHARS[suit] + ord(letter)) if SUIT_CHARS.get(suit) else letter


@lru_cache(maxsize=256)
def card_cell(letter: str | None, suit: str | None) -> int:
    """One card, one cell: its letter with its suit's dots; a wild its own symbol."""
    if letter is None or suit is None:
        return tile_cell(None, WORD_LANG)
    cells = text_to_cells(card_char(letter, suit), WORD_LANG, Mode.COMPUTER)
    if len(cells) != 1:  # our table gives every card one cell; a broken install would not
        raise BrailleWordsError(f"the English Braille table has no cell for the {suit} {letter}")
    return cells[0]


def hand_line(view: WordThiefView) -> Line:
    """The hand, a card a cell; a routing key on a card reads it with its suit."""
    cells = bytes(card_cell(c["letter"], c["suit"]) for c in view["hand"])
    targets = [("rack", k) for k in range(len(cells))]
    return Line([Segment.per_cell(cells, targets)] if cells else [])


def table_line(view: WordThiefView) -> Line:
    """The table's words, a card a cell with its suit; a wild shows as the wild (its letter is
    read out by "stół"). The blank after a word routes to it, as a letter of it does."""
    segments: list[Segment] = []
    for w, word in enumerate(view["table"]):
        cells = bytes(card_cell(None if p["wild"] else p["letter"], p["suit"])
                      for p in word["cards"]) + b"\x00"
        segments.append(Segment.per_cell(cells, [("word", w, i) for i in range(len(cells))]))
    return Line(segments)


def braille_view(view: WordThiefView, lang: str, selection: Any = None) -> list[NamedLine]:
    return [
        NamedLine("cards", hand_line(view)),
        NamedLine("table", table_line(view)),
        NamedLine("scores", text_line(read_scores(view, lang, "expert"), lang, Mode.LITERARY,
                                      name="scores")),
    ]


def read_suits(view: WordThiefView, lang: str, verbosity: str) -> str:
    """The hand grouped by suit: what may make a one-suit (doubled, locked) word."""
    groups: dict[str, list[str]] = {}
    for c in view["hand"]:
        key = c["suit"] or "wild"
        name = letter_in(c["letter"], lang, verbosity) if c["letter"] else _t(lang, "wild_card")
        groups.setdefault(key, []).append(name)
    parts = [f"{suit_name(None if s == 'wild' else s, lang)}: {', '.join(v)}"
             for s, v in sorted(groups.items())]
    return _t(lang, "read_suits", verbosity, groups="; ".join(parts))


_CUES = {
    "word_laid": "accepted",
    "word_stolen": "steal",
    "word_locked": "accepted",
    "pass_penalty": "rejected",
    "all_cards": "accepted",
}


def route(target: Any, selection: Any) -> tuple[Any, str | None]:
    """A routing key on a table word reads it in full, with its number for a steal; on a card
    of the hand, reads the card with its suit."""
    if isinstance(target, tuple) and len(target) == 3 and target[0] == "word":
        return selection, f"word {target[1] + 1}"
    if isinstance(target, tuple) and len(target) == 2 and target[0] == "rack":
        return selection, f"card {target[1] + 1}"
    return selection, None


class Presenter(GamePresenter[WordThiefView]):
    """Word Thief's sentences and Braille lines as the table calls them."""

    own_words = "en"

    def read(self, low: str, view: WordThiefView, lang: str, verbosity: str) -> str | None:
        # "zasady", "zasady 2", "wartości": the rules told by the game (issue 33 §2).
        told = rules_told(GAME, low, lang, None, self.word_lang)
        return told if told is not None else read(low, view, lang, verbosity)

    def prompt(self, view: WordThiefView, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity)

    def where(self, view: WordThiefView, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(result, lang, names, seat)

    def braille_view(
        self, view: WordThiefView, lang: str, selection: Any = None
    ) -> list[NamedLine]:
        return braille_view(view, lang, selection)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        return route(target, selection)

    def rack_letters(self, view: WordThiefView) -> str:
        return "".join(c["letter"] or "?" for c in view["hand"])

    def target_look(self, target: Any, view: WordThiefView) -> Mapping[str, Any]:
        """A card's suit (its colour and pattern on the page); a hand card's value, which its
        name says, in a corner; a wild as a wild."""
        if not isinstance(target, tuple):
            return {}
        if len(target) == 2 and target[0] == "rack" and 0 <= target[1] < len(view["hand"]):
            card: Mapping[str, Any] = view["hand"][target[1]]
            if card["letter"] is None:
                return {"kind": "wild"}
            return {"suit": card["suit"], "value": card["value"]}
        if len(target) == 3 and target[0] == "word" and 0 <= target[1] < len(view["table"]):
            cards = view["table"][target[1]]["cards"]
            if not 0 <= target[2] < len(cards):
                return {}
            card = cards[target[2]]
            return {"kind": "wild"} if card["wild"] else {"suit": card["suit"]}
        return {}

    def target_name(self, target: Any, view: WordThiefView, lang: str) -> str | None:
        """A card as its sentence says it, with the printed letter for the spoken name (the
        English letter marked): in the hand with its value, "X czerwony (8)", as ``karty``
        reads it; in a table word with its suit, "R zielony", as ``słowo N`` reads it; a wild
        on the table, "dżoker jako A"."""
        if not isinstance(target, tuple):
            return None
        in_hand = len(target) == 2 and target[0] == "rack"
        if in_hand and 0 <= target[1] < len(view["hand"]):
            card: Mapping[str, Any] = view["hand"][target[1]]
            wild = card["letter"] is None
        elif len(target) == 3 and target[0] == "word" and 0 <= target[1] < len(view["table"]):
            cards = view["table"][target[1]]["cards"]
            if not 0 <= target[2] < len(cards):
                return None  # the place after the word
            card = cards[target[2]]
            wild = bool(card["wild"])
        else:
            return None
        letter = mark_word(str(card["letter"] or "").upper(), WORD_LANG, lang)
        if wild:
            return _t(lang, "wild_as", letter=letter) if letter else _t(lang, "wild_card")
        suit = suit_name(card["suit"], lang)
        if in_hand:
            return _t(lang, "card", letter=letter, suit=suit, value=card["value"], plain=letter)
        return f"{letter} {suit}"

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return _CUES.get(kind)

    def event_params(
        self,
        kind: str,
        params: Mapping[str, Any],
        seat: int,
        names: Sequence[str],
        lang: str = "en",
    ) -> dict[str, Any]:
        return event_params(kind, dict(params), seat, names, lang)

    def prompt_key(self, view: WordThiefView) -> Any:
        return (view["current"], len(view["hand"]), len(view["table"]), view["draw"])

    def resumed(self, view: WordThiefView, lang: str, verbosity: str, *,
                private: bool = False) -> str:
        return _t(lang, "resumed", verbosity, scores=read_scores(view, lang, verbosity))

    def describe_move(self, move: Any, lang: str, view: WordThiefView | None = None) -> str:
        line = to_command(move, view or {}, lang)  # type: ignore[arg-type]
        points = points_of(move)
        if points is None:  # quoted in English, as every line to type (spelled on the cells)
            return _t(lang, "hint_line", line=line)
        said = hint_action(move, view, lang)
        kind = kind_of(move) or ""
        if said is not None:
            return _t(lang, said[0], points=points, line=line, kind=kind, **said[1])
        # The points after the line, as words of their own ("ROUTED:" would not be marked
        # as English for the voice).
        return _t(lang, "hint_worth", points=points, line=line, kind=kind)

    def terse_move(self, move: Any, lang: str, view: WordThiefView | None = None) -> str | None:
        line = to_command(move, view or {}, lang)  # type: ignore[arg-type]
        points = points_of(move)
        if points is None:
            return None
        return _t(lang, "hint_worth", "expert", points=points, line=line,
                  kind=kind_of(move) or "")
