"""What Scrabble karty says and shows: the table read square by square, the hand with its
values, each move as "Ola: KOTEK, 8H w poziomie, 24 punkty, razem 131"; every sentence from
the catalogues, in the seat's language, full or terse.

Speech never reads the board whole unless asked ("plansza"). On a Braille display the board
is a 2-D grid (``braille/grid.py``): one row of cells, its coordinate in the status cells,
moved by rows and squares; a routing key on a square puts the cursor there and reads it. The
hand is a line of cards (premium cards with their own symbols); a routing key picks a card and
reads it, then a routing key on a square lays it there; the actions the moment needs
("gotowe", "akceptuj", "sprawdź") follow the cards on the same line, so a move can be made
with routing keys alone.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from braille_words.braille import Mode, text_line
from braille_words.braille.cells import DOT7, DOT8, SELECTED_DOTS
from braille_words.braille.grid import Grid, Square
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.symbols import Symbol
from braille_words.braille.translator import letter_cell, symbol_cell, text_to_cells
from braille_words.braille.view import Line, Segment
from braille_words.games.interface import SeatClockRequest
from braille_words.games.kit import GamePresenter, points_of, standings
from braille_words.games.scrabble_cards.commands import to_command
from braille_words.games.scrabble_cards.notation import coord, parse_square, square_name
from braille_words.games.scrabble_cards.view import CardView, ScrabbleView
from braille_words.present.messages import render
from braille_words.present.rulebook import rules_told, values
from braille_words.present.tally import tally
from braille_words.speech.speaker import mark_word
from braille_words.speech.spelling import said_letter
from braille_words.tiles import alphabet

GAME = "scrabble_cards"
WORD_LANG = "pl"


def rules_values(words: str) -> dict[str, Any]:
    """What the rules say beside the data file's plain values: the letter worth most in the
    ``words`` language (Ź in Polish, Q in English), the rules' example of a rare letter, so
    an English game's rules name no letter its cards lack."""
    worth = {name[len("letters_"):-len("_1")]: value for name, value in values(GAME, words).items()
             if name.startswith("letters_") and name.endswith("_1")}
    top = max(worth, key=lambda letter: worth[letter], default="")
    return {"top_letter": top.upper(), "top_value": worth.get(top, 0)}
LAID_DOTS = DOT8
"""A card laid this turn, not yet judged: on the board its letter with dot 8."""

_READ = {
    # "rack", "stojak": a Scrabble player's word for it, and the child's from Rummikub.
    "hand": ("ręka", "reka", "karty", "hand", "cards", "rack", "stojak"),
    "bag": ("worek", "bag"),
    "exchanges": ("wymiany", "exchanges"),
    "scores": ("wyniki", "punkty", "scores", "score"),
    "move": ("ruch", "move", "ostatnie słowa", "last words"),
    "anchors": ("zaczepienia", "zaczepienie", "anchors"),
    "board": ("plansza", "stół", "stol", "board", "table"),
}
_ROW = ("wiersz", "row")
_COLUMN = ("kolumna", "column")
_SQUARE = ("pole", "square")
_WORDS = ("słowa", "slowa", "words")
_FITS = ("pasuje", "pasują", "pasuja", "fits", "fit")
_CARD = ("karta", "card")


def _t(lang: str, key: str, verbosity: str = "beginner", /, **params: Any) -> str:
    return render(lang, GAME, key, params, verbosity=verbosity)


def _name(view: ScrabbleView, seat: int) -> str:
    seats = view["seats"]
    return seats[seat] if 0 <= seat < len(seats) else "?"


def _letters(view: ScrabbleView, own: bool = True) -> dict[tuple[int, int], tuple[str, bool]]:
    """The table's letters, with the seat's own cards laid this turn (flag True)."""
    out = {(s["row"], s["col"]): (s["letter"], False) for s in view["board"]}
    if own:
        out.update({(p["row"], p["col"]): (p["letter"], True) for p in view["pending"]})
    return out


def card_name(
    card: CardView, lang: str, verbosity: str = "beginner", word_lang: str = WORD_LANG
) -> str:
    if card["premium"] is not None:
        return _t(lang, f"card_{card['premium']}", verbosity, light=card["value"],
                  dark=card["dark"])
    if card["letter"] is None:
        return _t(lang, "blank", verbosity)
    # The letter's name in the words' language, marked so when the sentence is in another
    # (an English voice read "igrek" of a Polish hand; issue 38).
    return said_letter(card["letter"], word_lang, lang)


def premium_said(code: str, lang: str, verbosity: str = "beginner") -> str:
    """A premium card by its kind and short name ("karta premii: podwójne słowo", "karta
    warunkowa: słowo z 2 liter"): in a list of drawn cards, "de, dwa słowa, ce" and "2
    litery" sounded like letters and counts (issue 33)."""
    kind = "word" if code in ("x2", "x3") else "conditional"
    return _t(lang, "hand_premium", verbosity, kind=kind,
              card=_t(lang, f"card_{code}", "expert", light="", dark=""))


def read_hand(view: ScrabbleView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    laid = {p["card"] for p in view["pending"]}
    parts = []
    for k, card in enumerate(view["hand"]):
        name = card_name(card, lang, "expert", word_lang)
        if card["premium"] is None:
            name = _t(lang, "card_value", verbosity, card=name, value=card["value"])
        else:
            name = premium_said(str(card["premium"]), lang, verbosity)
        if k in laid:
            name = _t(lang, "card_on_table", verbosity, card=name)
        parts.append(f"{k + 1} {name}")
    return _t(lang, "read_hand", verbosity, count=len(parts), cards="; ".join(parts))


def card_brief(card: CardView, lang: str, word_lang: str = WORD_LANG) -> str:
    """A card as short as it can be told: a letter as written (lower case: no capital sign
    on the cells), the blank by name, a premium card by its brief name ("7+ liter", "×2
    słowo")."""
    if card["premium"] is not None:
        return _t(lang, "card_brief", card=str(card["premium"]))
    if card["letter"] is None:
        return _t(lang, "blank")
    return mark_word(card["letter"].lower(), word_lang, lang)


def hand_brief(view: ScrabbleView, lang: str, word_lang: str = WORD_LANG) -> dict[str, str]:
    """The hand as a short display's turn says it: ``letters`` as typed in the hand's order
    (the blank by name), ``laid`` the letters laid this turn, ``premiums`` the places of the
    premium cards, which ``premia``/``wymień`` take. Each card by name with a comma ("y,
    słowo 9+, ×2 słowo, a, palindrom, …") took five to seven windows of 14 cells with three
    premium cards; their names came when they were drawn, and ``ręka``, ``karta 2`` and a
    routing key on the hand line (where each has its own cell) read them."""
    laid = {p["card"] for p in view["pending"]}
    letters: list[str] = []
    on_table: list[str] = []
    premiums: list[str] = []
    for k, card in enumerate(view["hand"]):
        if card["premium"] is not None:
            premiums.append(str(k + 1))
        else:
            (on_table if k in laid else letters).append(card_brief(card, lang, word_lang))
    return {"letters": " ".join(letters), "laid": " ".join(on_table),
            "premiums": ", ".join(premiums)}


def read_card(
    view: ScrabbleView, number: int, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    if not 1 <= number <= len(view["hand"]):
        return _t(lang, "no_card", verbosity, number=number)
    card = view["hand"][number - 1]
    if card["premium"] is not None:
        return _t(lang, "read_premium", verbosity, number=number,
                  card=card_name(card, lang, "beginner", word_lang))
    return _t(lang, "read_letter_card", verbosity, number=number,
              card=card_name(card, lang, word_lang=word_lang),
              value=card["value"])


def read_scores(view: ScrabbleView, lang: str, verbosity: str) -> str:
    parts = tally((_name(view, s), p) for s, p in enumerate(view["scores"]))
    return _t(lang, "read_scores", verbosity, scores=parts, bag=view["bag"])


def board_grid(view: ScrabbleView, own: bool = True, word_lang: str = WORD_LANG) -> Grid:
    letters = _letters(view, own)
    blanks = {(s["row"], s["col"]) for s in view["board"] if s["blank"]}
    blanks |= {(p["row"], p["col"]) for p in view["pending"]
               if view["hand"][p["card"]]["letter"] is None} if own else set()
    size = view["size"]
    rows = []
    for r in range(size):
        row = []
        for c in range(size):
            if (r, c) in letters:
                letter, pending = letters[(r, c)]
                cell = letter_cell(letter, word_lang) | (LAID_DOTS if pending else 0)
                row.append(Square(letter.upper(), cell, None, (r, c) in blanks))
            else:
                row.append(Square())
        rows.append(row)
    centre = size // 2
    return Grid.of(rows, row=centre, column=centre)


def _square(text: str, size: int) -> tuple[int, int] | None:
    try:
        row, col = parse_square(text)
    except Exception:
        return None
    return (row, col) if 0 <= row < size and 0 <= col < size else None


def read_square(view: ScrabbleView, row: int, col: int, lang: str, verbosity: str,
                word_lang: str = WORD_LANG) -> str:
    letters = _letters(view)
    name = square_name(row, col)
    if (row, col) not in letters:
        return _t(lang, "square_empty", verbosity, square=name)
    letter, pending = letters[(row, col)]
    blank = any(s["blank"] for s in view["board"] if (s["row"], s["col"]) == (row, col))
    return _t(lang, "square_letter", verbosity, square=name,
              letter=said_letter(letter, word_lang, lang),
              blank="yes" if blank else "no", laid="yes" if pending else "no")


def _run(letters: Mapping[tuple[int, int], Any], row: int, col: int, across: bool
         ) -> tuple[tuple[int, int], str]:
    dr, dc = (0, 1) if across else (1, 0)
    r, c = row, col
    while (r - dr, c - dc) in letters:
        r, c = r - dr, c - dc
    start = (r, c)
    word = ""
    while (r, c) in letters:
        word += letters[(r, c)][0]
        r, c = r + dr, c + dc
    return start, word


def read_words(view: ScrabbleView, row: int, col: int, lang: str, verbosity: str,
               word_lang: str = WORD_LANG) -> str:
    letters = _letters(view)
    name = square_name(row, col)
    if (row, col) not in letters:
        return _t(lang, "square_empty", verbosity, square=name)
    parts = []
    for across in (True, False):
        (r, c), word = _run(letters, row, col, across)
        if len(word) >= 2:
            parts.append(_t(lang, "word_at", verbosity, word=mark_word(word.upper(), word_lang,
                                                                      lang),
                            coord=coord(r, c, across), across="yes" if across else "no"))
    if not parts:
        return _t(lang, "no_words_at", verbosity, square=name)
    return _t(lang, "read_words", verbosity, square=name, words="; ".join(parts))


def board_lines(view: ScrabbleView) -> list[str]:
    """The board as the move generator takes it: rows of letters, "." empty."""
    size = view["size"]
    rows = [["."] * size for _ in range(size)]
    for s in view["board"]:
        rows[s["row"]][s["col"]] = s["letter"]
    return ["".join(r) for r in rows]


@functools.cache
def _lexicon(word_lang: str = WORD_LANG) -> Any:
    from braille_words.lexicon import get_lexicon

    return get_lexicon(word_lang)


def fitting_letters(view: ScrabbleView, row: int, col: int, across: bool,
                    word_lang: str = WORD_LANG) -> list[str]:
    """Letters that make a word of the line across the way of play through (row, col), for a
    word laid along ``across`` (the cross-check, from the move generator): every letter when
    nothing touches the square that way."""
    from braille_words.games.scrabble_cards.movegen import cross_checks

    return sorted(cross_checks(board_lines(view), _lexicon(word_lang), row, col, across))


def read_fits(view: ScrabbleView, row: int, col: int, lang: str, verbosity: str,
              word_lang: str = WORD_LANG) -> str:
    name = square_name(row, col)
    if any((s["row"], s["col"]) == (row, col) for s in view["board"]):
        return _t(lang, "square_taken_read", verbosity, square=name)
    parts = []
    for across in (True, False):
        fits = fitting_letters(view, row, col, across, word_lang)
        # Every letter of the words' alphabet is "*": with the Polish 32 as the mark, an
        # English reader heard all 26 letter names, twice, for a square nothing touches.
        said = ("*" if len(fits) >= len(alphabet(word_lang)) else
                ", ".join(said_letter(x, word_lang, lang) for x in fits) or "-")
        parts.append(_t(lang, "fits_way", verbosity, across="yes" if across else "no",
                        letters=said, count=len(fits)))
    return _t(lang, "read_fits", verbosity, square=name, ways="; ".join(parts))


def anchor_squares(view: ScrabbleView) -> list[tuple[int, int]]:
    """Empty squares next to a card on the table (the move generator's anchors)."""
    from braille_words.games.scrabble_cards.movegen import anchors

    return anchors(board_lines(view))


def read_anchors(view: ScrabbleView, lang: str, verbosity: str) -> str:
    if not view["board"]:
        return _t(lang, "anchors_empty", verbosity)
    squares = [square_name(r, c) for r, c in anchor_squares(view)]
    return _t(lang, "read_anchors", verbosity, count=len(squares), squares=", ".join(squares))


def read_move(view: ScrabbleView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    last = view["last"]
    if last is None:
        return _t(lang, "no_move", verbosity)
    words = ", ".join(
        _t(lang, "word_points", verbosity, word=mark_word(w["word"].upper(), word_lang, lang),
           points=w["points"]) for w in last["words"])
    return _t(lang, "read_move", verbosity, player=_name(view, last["seat"]),
              word=mark_word(last["word"].upper(), word_lang, lang),
              coord=coord(last["row"], last["col"], last["across"]),
              across="yes" if last["across"] else "no", words=words, points=last["points"],
              stands="yes" if last["stands"] else "no")


def read_board(view: ScrabbleView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    grid = board_grid(view, word_lang=word_lang)
    rows = [grid.describe_row(lang, r) for r in range(grid.rows)
            if any(not s.empty for s in grid.squares[r])]
    if not rows:
        return _t(lang, "board_empty", verbosity)
    return " ".join(rows)


def read(
    low: str, view: ScrabbleView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str | None:
    for what, words in _READ.items():
        if low in words:
            if what == "hand":
                return read_hand(view, lang, verbosity, word_lang)
            if what == "bag":
                return _t(lang, "read_bag", verbosity, bag=view["bag"])
            if what == "exchanges":
                left = view["exchanges_left"]
                if left is None:
                    return _t(lang, "exchanges_unlimited", verbosity)
                return _t(lang, "read_exchanges", verbosity, left=left)
            if what == "scores":
                return read_scores(view, lang, verbosity)
            if what == "move":
                return read_move(view, lang, verbosity, word_lang)
            if what == "anchors":
                return read_anchors(view, lang, verbosity)
            return read_board(view, lang, verbosity, word_lang)
    if low in ("zegar", "clock"):
        # With clock_minutes the table reads every player's time before the game is asked.
        return None if view.get("clock_minutes") else _t(lang, "no_clock", verbosity)
    first, _, rest = low.partition(" ")
    rest = rest.strip()
    if not rest:
        return None
    if first in _CARD and rest.isdigit():
        return read_card(view, int(rest), lang, verbosity, word_lang)
    grid = board_grid(view, word_lang=word_lang)
    if first in _ROW and rest.isdigit():
        row = int(rest) - 1
        if not 0 <= row < view["size"]:
            return _t(lang, "no_row", verbosity, row=rest, size=view["size"])
        return grid.describe_row(lang, row)
    if first in _COLUMN and len(rest) == 1 and rest.isalpha():
        col = ord(rest) - ord("a")
        if not 0 <= col < view["size"]:
            return _t(lang, "no_column", verbosity, column=rest.upper())
        return grid.describe_column(lang, col)
    if first == "blank":
        # A blank routed to a square: its letter is asked for (``route``).
        number, _, name = rest.partition(" ")
        square = _square(name.strip(), view["size"])
        if number.isdigit() and square is not None:
            return " ".join((_t(lang, "blank_which_letter", verbosity, number=number,
                                square=name.strip().upper()),
                             read_fits(view, *square, lang, verbosity, word_lang)))
    if first in _SQUARE + _WORDS + _FITS:
        square = _square(rest, view["size"])
        if square is None:
            return _t(lang, "no_square", verbosity, square=rest.upper())
        if first in _SQUARE:
            return read_square(view, *square, lang, verbosity, word_lang)
        if first in _WORDS:
            return read_words(view, *square, lang, verbosity, word_lang)
        return read_fits(view, *square, lang, verbosity, word_lang)
    return None


def prompt(view: ScrabbleView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    if view["over"]:
        return _t(lang, "over", verbosity)
    seat = view["seat"]
    if view["phase"] == "verdict" and view["last"] is not None:
        last = view["last"]
        if seat in view["awaiting"]:
            said = _t(lang, "your_verdict", verbosity, player=_name(view, last["seat"]),
                      word=mark_word(last["word"].upper(), word_lang, lang),
                      immediate="yes" if view["check"] == "immediate" else "no")
            # Only the cards whose condition the move meets: "(1, 2, 3, 4)" named every
            # conditional card in the hand, which the child then tried one by one.
            meets = set(last.get("meets", ())) - {c for _s, c in last["against"]}
            conditional = [(k + 1, card_name(c, lang, "expert"))
                           for k, c in enumerate(view["hand"])
                           if c["premium"] in meets and c["dark"]]
            if conditional:
                said += " " + _t(lang, "you_may_answer", verbosity, cards=[
                    _t(lang, "numbered_card", "expert", number=k, card=name)
                    for k, name in conditional], first=conditional[0][0])
            return said
        return _t(lang, "waiting_verdict", verbosity)
    if seat not in view["awaiting"]:
        return _t(lang, "waiting", verbosity, player=_name(view, view["current"]))
    if verbosity == "expert":
        # The short display's turn (and an expert's): at 14 cells the hand read with values
        # and card kinds took ten windows every turn (issue 33).
        return _t(lang, "your_turn_brief", verbosity, **hand_brief(view, lang, word_lang))
    first = "yes" if not view["board"] else "no"
    return " ".join([_t(lang, "your_turn", verbosity, first=first, word_lang=word_lang),
                     read_hand(view, lang, verbosity, word_lang)])


def where(view: ScrabbleView, lang: str, verbosity: str, names: Sequence[str],
          word_lang: str = WORD_LANG) -> str:
    # The seat asking is told "Your turn", not its own name as if it were someone else's
    # ("Player's turn."); a finished game has no turn ("Ada's turn.", "?'s turn."); while
    # a move waits to be accepted or checked, that is what the game waits for (a rival
    # asking heard "Ada's turn." and did not know the game waited on them).
    if view["over"]:
        turn = _t(lang, "game_ended", verbosity)
    elif view["phase"] == "verdict" and view["last"] is not None:
        turn = prompt(view, lang, verbosity, word_lang)
    else:
        turn = _t(lang, "turn_of", verbosity, player=_name(view, view["current"]),
                  self="yes" if view["seat"] == view["current"] else "no")
    return " ".join([turn, read_scores(view, lang, verbosity)])


def final(result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
    return _t(lang, "final", **standings(result, names))


def event_params(
    kind: str, params: Mapping[str, Any], seat: int, names: Sequence[str], lang: str,
    word_lang: str = WORD_LANG,
) -> dict[str, Any]:
    def name(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"

    extra: dict[str, Any] = {"self": "yes" if params.get("seat") == seat else "no"}
    for key in ("seat", "rival", "to"):
        if key in params:
            extra[f"{key}_name"] = name(params[key])
    if "across" in params:
        extra["across_said"] = _t(lang, "across" if params["across"] else "down")
    if "word" in params:
        extra["word_said"] = mark_word(str(params["word"]), word_lang, lang)
    if "words" in params and isinstance(params["words"], list):
        extra["words_said"] = ", ".join(mark_word(str(w), word_lang, lang)
                                        for w in params["words"])
    if "card" in params:
        extra["card_said"] = _t(lang, f"card_{params['card']}", "expert", light="", dark="")
        extra["card_brief"] = _t(lang, "card_brief", card=str(params["card"]))
        extra["card_kind"] = "word" if params["card"] in ("x2", "x3") else "conditional"
    if "cards" in params:
        extra["cards_said"] = ", ".join(_code_said(str(c), lang, word_lang)
                                        for c in params["cards"])
        extra["cards_brief"] = ", ".join(_code_brief(str(c), lang, word_lang)
                                         for c in params["cards"])
        # The premium cards alone: the turn that comes next lists every letter, and names
        # its premium cards only by their places (``hand_brief``). None at the deal: on 14
        # cells the opening hand's premium names took two or three windows before the first
        # turn, which gives their places ("karta 3" reads one; speech names them all).
        extra["premiums_brief"] = "" if params.get("dealt") else ", ".join(
            _code_brief(str(c), lang, word_lang) for c in params["cards"] if len(str(c)) > 1)
    if "letter" in params:
        extra["letter_said"] = said_letter(str(params["letter"]).lower(), word_lang, lang)
    return extra


def _code_said(code: str, lang: str, word_lang: str = WORD_LANG) -> str:
    if code == "?":
        return _t(lang, "blank")
    if len(code) == 1:
        return said_letter(code, word_lang, lang)
    return premium_said(code, lang)


def _code_brief(code: str, lang: str, word_lang: str = WORD_LANG) -> str:
    if code == "?":
        return _t(lang, "blank")
    if len(code) == 1:
        return mark_word(code.lower(), word_lang, lang)
    return _t(lang, "card_brief", card=code)


def stuck_names(move: Any, view: ScrabbleView | None, lang: str,
                quoted: bool = False) -> list[str]:
    """The conditional cards an exchange hint gives up while a word could be laid (it carries
    that word's points: ``computer.hint_with_stuck_cards``), by their brief names; empty for
    any other hint."""
    from braille_words.games.scrabble_cards.rules import Exchange

    if not isinstance(move, Exchange) or points_of(move) is None or view is None:
        return []
    hand = view["hand"]
    names = [_t(lang, "card_brief", card=str(hand[k]["premium"])) for k in move.cards
             if 0 <= k < len(hand) and hand[k]["premium"] not in (None, "x2", "x3")]
    return [_t(lang, "hint_card_named", card=n) for n in names] if quoted else names


def nudge(move: Any, lang: str, view: ScrabbleView, verbosity: str) -> str | None:
    """What to look for, not the move: the word's length and a square it runs through."""
    from braille_words.games.scrabble_cards.rules import Lay

    if not isinstance(move, Lay):
        return None
    length = len(move.word.replace("?", ""))
    dr, dc = (0, 1) if move.across else (1, 0)
    board = {(s["row"], s["col"]) for s in view["board"]}
    through = [(move.row + dr * i, move.col + dc * i) for i in range(length)]
    old = [sq for sq in through if sq in board]
    square = old[0] if old else (move.row, move.col)
    return _t(lang, "nudge", verbosity, length=length, square=square_name(*square),
              across="yes" if move.across else "no", old="yes" if old else "no")


# ---- Braille


def card_cell(card: CardView, word_lang: str = WORD_LANG) -> int:
    if card["premium"] == "x2":
        return symbol_cell(Symbol.DOUBLE_WORD, word_lang)
    if card["premium"] == "x3":
        return symbol_cell(Symbol.TRIPLE_WORD, word_lang)
    if card["premium"] is not None:
        return symbol_cell(Symbol.CONDITIONAL, word_lang)
    if card["letter"] is None:
        return symbol_cell(Symbol.JOKER, word_lang)
    return letter_cell(card["letter"], word_lang)


def hand_line(
    view: ScrabbleView, lang: str, selection: Any = None, word_lang: str = WORD_LANG
) -> Line:
    """The hand, a card a cell; a card laid this turn shows as an empty square (routing on it
    takes it back); then the actions the moment needs, each routing to its command."""
    laid = {p["card"]: (p["row"], p["col"]) for p in view["pending"]}
    cells = bytearray()
    targets: list[Any] = []
    for k, card in enumerate(view["hand"]):
        if k in laid:
            cells.append(symbol_cell(Symbol.EMPTY_SQUARE, word_lang))
            targets.append(("laid", k, *laid[k]))
            continue
        cell = card_cell(card, word_lang)
        if k in view["pending_premiums"]:
            cell |= DOT7
        target = ("rack", k, _role(view, card))
        if selection == target:
            cell |= SELECTED_DOTS
        cells.append(cell)
        targets.append(target)
    segments = [Segment.per_cell(bytes(cells), targets)] if cells else []
    for action in _actions(view):
        word = _t(lang, f"action_{action}")
        segments.append(Segment.gap(b"\x00\x00"))
        segments.append(Segment(text_to_cells(word, lang, Mode.LITERARY), ("action", action)))
    return Line(segments)


def _role(view: ScrabbleView, card: CardView) -> str:
    """What a second routing key on a picked card does: lay it (a letter), play it with the
    move (a premium card in one's own turn), play it against a rival's move (a conditional
    card while that move waits for answers), or nothing but reading it."""
    if card["premium"] is None:
        return "letter" if card["letter"] is not None else "blank"
    mine = view["seat"] in view["awaiting"]
    if view["phase"] == "verdict" and mine and card["premium"] not in ("x2", "x3"):
        return "against"
    if view["phase"] == "turn" and mine:
        return "premium"
    return "read"


def _actions(view: ScrabbleView) -> list[str]:
    seat = view["seat"]
    if view["over"] or seat not in view["awaiting"]:
        return []
    if view["phase"] == "verdict":
        return ["accept", "check"]
    if view["pending"]:
        return ["done", "clear"]
    return []


def braille_view(view: ScrabbleView, lang: str, selection: Any = None,
                 word_lang: str = WORD_LANG) -> list[Any]:
    return [
        NamedLine("cards", hand_line(view, lang, selection, word_lang)),
        NamedGrid("board", board_grid(view, word_lang=word_lang)),
        NamedLine("scores", text_line(read_scores(view, lang, "expert"), lang, Mode.LITERARY,
                                      name="scores")),
    ]


_ACTION_LINES = {"done": ("gotowe", "done"), "clear": ("od nowa", "clear"),
                 "accept": ("akceptuj", "accept"), "check": ("sprawdź", "check")}


def route(target: Any, selection: Any, lang: str = "en") -> tuple[Any, str | None]:
    """Routing keys: on a card, pick it and hear it; on a premium card picked already, play it
    with the move being built (or, while a rival's move waits for answers, against it); on a
    square with a letter picked, lay it there, else hear the square; on a card laid this
    turn, take it back; on an action ("gotowe", "akceptuj"…), do it."""
    pl = lang == "pl"
    if not isinstance(target, tuple) or not target:
        return selection, None
    kind = target[0]
    if kind == "rack":
        _, k, role = target
        if selection == target and role == "premium":
            return None, f"{'premia' if pl else 'bonus'} {k + 1}"
        if selection == target and role == "against":
            return None, f"{'przeciw' if pl else 'against'} {k + 1}"
        if selection == target:
            return None, None
        return target, f"{'karta' if pl else 'card'} {k + 1}"
    if kind == "laid":
        _, _k, row, col = target
        return None, f"{'zabierz' if pl else 'take'} {square_name(row, col)}"
    if kind == "square":
        _, row, col = target
        if isinstance(selection, tuple) and selection[:1] == ("rack",) and (
                selection[2:] == ("letter",)):
            # The pick stays until the card is laid (the game moving drops it): a square
            # the game refuses (taken) leaves the card in hand to press another square.
            name = square_name(row, col)
            return selection, f"{'połóż' if pl else 'put'} {selection[1] + 1} {name}"
        if isinstance(selection, tuple) and selection[:1] == ("rack",) and (
                selection[2:] == ("blank",)):
            # The blank waits on the square for its letter: one chord, or a letter typed.
            name = square_name(row, col)
            return ("blank", selection[1], row, col), f"blank {selection[1] + 1} {name}"
        return selection, f"{'pole' if pl else 'square'} {square_name(row, col)}"
    if kind == "blank_letter" and isinstance(selection, tuple) and selection[:1] == ("blank",):
        _, k, row, col = selection
        return None, f"{'połóż' if pl else 'put'} {k + 1} {square_name(row, col)} {target[1]}"
    if kind == "action":
        words = _ACTION_LINES.get(target[1])
        if words is not None:
            return None, words[0] if pl else words[1]
    if kind in ("message", "text", "scores"):
        return selection, "repeat"
    return selection, None


_CUES = {"word_laid": "accepted", "move_taken_back": "rejected", "all_cards": "accepted",
         "against_played": "rejected", "checked": "warning"}


def _squares_of(last: Mapping[str, Any]) -> set[tuple[int, int]]:
    """The squares of a move's main word."""
    dr, dc = (0, 1) if last["across"] else (1, 0)
    length = len(str(last["word"]).replace("?", ""))
    return {(last["row"] + dr * i, last["col"] + dc * i) for i in range(length)}


class Presenter(GamePresenter[ScrabbleView]):
    """Scrabble karty's sentences and Braille lines as the table calls them."""

    skip_events = frozenset({"passed"})

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return _CUES.get(kind)

    def without_clock(self, view: ScrabbleView) -> ScrabbleView:
        """No chess clock runs at a table without a clock: ``zegar`` says the game has none."""
        quiet = view.copy()
        quiet["clock_minutes"] = 0
        return quiet

    def __init__(self, word_lang: str = WORD_LANG) -> None:
        super().__init__(word_lang)
        self._view: ScrabbleView | None = None

    def read(self, low: str, view: ScrabbleView, lang: str, verbosity: str) -> str | None:
        # "zasady", "zasady 2", "wartości": the rules told by the game (issue 33 §2).
        told = rules_told(GAME, low, lang, rules_values(self.word_lang), self.word_lang)
        return told if told is not None else read(low, view, lang, verbosity, self.word_lang)

    def prompt(self, view: ScrabbleView, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity, self.word_lang)

    def where(self, view: ScrabbleView, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names, self.word_lang)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(result, lang, names, seat)

    def braille_view(self, view: ScrabbleView, lang: str, selection: Any = None) -> list[Any]:
        return braille_view(view, lang, selection, self.word_lang)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        return route(target, selection)

    def target_name(self, target: Any, view: ScrabbleView, lang: str) -> str | None:
        """A card of the hand as the hand is read: a letter with its value ("Y (2)"), a
        premium card by what it is ("premia: dwie z Ż Ś Ó"); a card laid this turn by the
        square it is on and what pressing it does. The letter printed, marked as the
        game's word language when the page speaks another."""
        if not isinstance(target, tuple) or len(target) < 3:
            return None
        kind, k = target[0], target[1]
        if kind not in ("rack", "laid") or not 0 <= k < len(view["hand"]):
            return None
        card = view["hand"][k]
        if card["premium"] is not None:
            name = premium_said(str(card["premium"]), lang)
        elif card["letter"] is None:
            name = _t(lang, "blank")
        else:
            name = _t(lang, "card_value", card=mark_word(card["letter"].upper(), self.word_lang,
                                             lang),
                      value=card["value"])
        if kind == "laid" and len(target) == 4:
            return _t(lang, "laid_button", card=name, coord=square_name(target[2], target[3]))
        return name

    def target_look(self, target: Any, view: ScrabbleView) -> Mapping[str, Any]:
        """A hand card's value in a corner (its name says it), a premium card as one; a
        board square laid this turn or waiting for the rivals' answer outlined ("pending"),
        the last accepted move marked ("last")."""
        if not isinstance(target, tuple) or not target:
            return {}
        if target[0] == "rack" and len(target) == 3 and 0 <= target[1] < len(view["hand"]):
            card = view["hand"][target[1]]
            if card["premium"] is not None:
                return {"kind": "premium"}
            return {"value": card["value"]} if card["letter"] is not None else {"kind": "wild"}
        if target[0] == "square" and len(target) == 3:
            square = (target[1], target[2])
            if any((p["row"], p["col"]) == square for p in view["pending"]):
                return {"state": "pending"}
            last = view["last"]
            if last is not None and square in _squares_of(last):
                return {"state": "pending" if view["phase"] == "verdict" else "last"}
        return {}

    def target_face(self, target: Any, view: ScrabbleView, lang: str) -> str | None:
        """A premium card's face, short and its own ("×2 słowo", "1 samogł."): on the cells
        every conditional card is the same symbol, and on the page both were "premia"."""
        if not (isinstance(target, tuple) and len(target) == 3 and target[0] == "rack"
                and 0 <= target[1] < len(view["hand"])):
            return None
        premium = view["hand"][target[1]]["premium"]
        return None if premium is None else _t(lang, "card_face", card=str(premium))

    def target_pressed(self, target: Any, view: ScrabbleView) -> bool:
        """A premium card marked to go with the move (pressed twice, or ``premia N``)."""
        return (isinstance(target, tuple) and len(target) == 3 and target[0] == "rack"
                and target[1] in view["pending_premiums"])

    def typed_target(self, line: str, selection: Any) -> Any:
        """With a blank routed to a square, the letter typed (or one chord) is its letter."""
        if isinstance(selection, tuple) and selection[:1] == ("blank",) and (
                line in alphabet(self.word_lang)):
            return ("blank_letter", line)
        return None

    def wants_letter(self, selection: Any) -> bool:
        return isinstance(selection, tuple) and selection[:1] == ("blank",)

    def rack_letters(self, view: ScrabbleView) -> str:
        return "".join(c["letter"] or "?" for c in view["hand"] if c["premium"] is None)

    def rack_shown(self, view: ScrabbleView, lang: str) -> str:
        """The letters, then the bonus cards by name ("ytąai + te same końce, palindrom")."""
        bonus = [card_name(c, lang, "expert", self.word_lang) for c in view["hand"]
                 if c["premium"] is not None]
        letters = self.rack_letters(view)
        return f"{letters} + {', '.join(bonus)}" if bonus else letters

    def event_params(
        self, kind: str, params: Mapping[str, Any], seat: int, names: Sequence[str],
        lang: str = "en",
    ) -> dict[str, Any]:
        return event_params(kind, params, seat, names, lang, self.word_lang)

    def seat_clock(self, view: ScrabbleView) -> SeatClockRequest | None:
        """``clock_minutes``: a chess clock per player, running on their turn only (not
        while rivals accept or check a move, which is not the mover's time)."""
        minutes = view.get("clock_minutes")
        if not minutes or view["over"]:
            return None
        out = frozenset(s for s, flag in enumerate(view["clock_out"]) if flag)
        running = view["current"] if view["phase"] == "turn" else None
        return SeatClockRequest(float(minutes) * 60, running, out)

    def prompt_key(self, view: ScrabbleView) -> Any:
        return (view["phase"], view["current"], view["turns"], len(view["board"]))

    def resumed(self, view: ScrabbleView, lang: str, verbosity: str, *,
                private: bool = False) -> str:
        return _t(lang, "resumed", verbosity, scores=read_scores(view, lang, verbosity))

    def describe_move(self, move: Any, lang: str, view: ScrabbleView | None = None) -> str:
        """A hint says what the line means, then the line: "K10 ii 5" was heard as three
        words and a count ("5" is the hand's card 5, played with the word)."""
        from braille_words.games.scrabble_cards.rules import Exchange, Lay, Pass

        line = to_command(move, view, lang)
        stuck = stuck_names(move, view, lang, quoted=True)
        if stuck:
            return render(lang, GAME, "hint_exchange_stuck", {
                "cards": [str(k + 1) for k in move.cards], "line": line,
                "many": "yes" if len(move.cards) > 1 else "no", "names": stuck,
                "one": "yes" if len(stuck) == 1 else "no", "points": points_of(move)})
        if isinstance(move, Exchange):
            # No word to lay: which cards to exchange, and why (issue 33).
            return render(lang, GAME, "hint_exchange", {
                "cards": [str(k + 1) for k in move.cards], "line": line,
                "many": "yes" if len(move.cards) > 1 else "no"})
        if isinstance(move, Pass):
            used = view is not None and view.get("exchanges_left") == 0
            return render(lang, GAME, "hint_pass", {"line": line,
                                                    "why": "used" if used else "bag"})
        if not isinstance(move, Lay):
            # "accept", "check", a card against a move: quoted in English, as every line to
            # type, so the cells spell it
            return render(lang, GAME, "hint_line", {"line": line})
        points = points_of(move)
        worth = "" if points is None else render(lang, GAME, "hint_worth", {"points": points})
        cards = [str(k + 1) for k in move.extras]
        # Its own sentence, so two cards are "premium cards 1, 5", not "premium card 1, 5".
        with_cards = render(lang, GAME, "hint_cards", {"cards": cards}) if cards else ""
        # "połóż ?OŚ" was read as a question mark: the word as it is said, and which of its
        # letters the joker stands for ("OŚ (dżoker jako O)").
        jokers = [move.word[k + 1].upper() for k, x in enumerate(move.word[:-1]) if x == "?"]
        word = move.word.replace("?", "").upper()
        if jokers:
            word += render(lang, GAME, "hint_joker", {"letters": ", ".join(jokers)})
        return render(lang, GAME, "hint_lay", {
            "word": word, "square": square_name(move.row, move.col),
            "across": "yes" if move.across else "no",
            "with_cards": with_cards, "worth": worth, "line": line})

    def terse_move(self, move: Any, lang: str, view: ScrabbleView | None = None) -> str | None:
        """A hint as a short display shows it: the line to type and its points ("K6 ray:
        11"); the sentence took seven windows of 14 cells."""
        from braille_words.games.scrabble_cards.rules import Exchange, Lay, Pass

        stuck = stuck_names(move, view, lang)
        if stuck:  # "wymień 3 6 (słowo 9+)": the card the exchange is for
            return render(lang, GAME, "hint_stuck_brief",
                          {"line": to_command(move, view, lang), "names": stuck})
        if isinstance(move, (Exchange, Pass)):
            # No word to lay: the line, and that no word fits ("wymień 1 2: brak słowa").
            return render(lang, GAME, "hint_no_word_brief",
                          {"line": to_command(move, view, lang)})
        if not isinstance(move, Lay):
            return None
        points = points_of(move)
        line = to_command(move, view, lang)
        return line if points is None else render(lang, GAME, "hint_brief",
                                                  {"line": line, "points": points})

    def nudge(self, move: Any, lang: str, view: ScrabbleView, verbosity: str) -> str | None:
        return nudge(move, lang, view, verbosity)

    def cancel_line(self, lang: str) -> str | None:
        return "od nowa" if lang == "pl" else "clear"
