"""Text ↔ cells through liblouis, with our tables.

Two kinds of Braille serve two jobs. Tiles, cards and words on the table use 8-dot computer
braille, where every character is exactly one cell, so a routing key over a cell means exactly
one tile. Sentences (messages, help) use literary braille, which a player reads faster: for
English that is Unified English Braille grade 2 (contracted: "the" is one cell), as English
readers read; a learner may choose grade 1 and anyone computer braille (``Mode``, chosen per
seat by ``braille_setting``). Polish has no contracted braille: its literary braille is both.

A seat's choice reaches every sentence drawn for it, the games' own lines included, through
``sentences_in``: the games write ``Mode.LITERARY`` ("this seat's sentences") and need not
know who reads them.

Our tables are passed to liblouis by absolute path (``resources.data_dir("tables")``): their
``include`` lines then find the standard tables on liblouis' default search path, whatever
``LOUIS_TABLEPATH`` holds, as long as it still contains ``/usr/share/liblouis/tables``.
liblouis is not thread-safe, so every call goes through one lock.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path

from braille_words.braille.cells import ASSIGNED_JOKER_DOTS, CURSOR_DOTS, SELECTED_DOTS
from braille_words.braille.symbols import MARK_NAMES, NAMES, Symbol
from braille_words.errors import BrailleWordsError, InputError
from braille_words.resources import data_dir
from braille_words.tiles import Tile, alphabet, normalize

_LOCK = threading.Lock()
_DOTS_IO_BASE = 0x8000
# liblouis spells a cell it cannot back-translate as its dot numbers between \ and /.
_UNDEFINED = re.compile(r"\\([0-8]+)/")


class Mode(Enum):
    """Which Braille a sentence is shown in; tiles are always in computer braille."""

    COMPUTER = "computer"
    LITERARY = "literary"
    """The language's literary braille as its adult readers read it: contracted where the
    language has contractions (English: UEB grade 2)."""
    UNCONTRACTED = "uncontracted"
    """Literary braille letter for letter (English: UEB grade 1): a learner's, and what
    typed Braille is read back in."""


TABLE_FILES: dict[tuple[str, Mode], str] = {
    ("pl", Mode.COMPUTER): "braille-words-pl-comp8.ctb",
    ("pl", Mode.LITERARY): "braille-words-pl.tbl",
    ("pl", Mode.UNCONTRACTED): "braille-words-pl.tbl",
    ("en", Mode.COMPUTER): "braille-words-en-comp8.ctb",
    ("en", Mode.LITERARY): "braille-words-en-ueb-g2.ctb",
    ("en", Mode.UNCONTRACTED): "braille-words-en-ueb-g1.ctb",
}

BRAILLE_SETTINGS: dict[str, Mode] = {
    "auto": Mode.LITERARY,
    "ueb-g2": Mode.LITERARY,
    "ueb-g1": Mode.UNCONTRACTED,
    "computer": Mode.COMPUTER,
}
"""A seat's ``braille`` setting → the Braille its sentences are in. ``auto``: the literary
braille of the seat's language (UEB grade 2 for English, Polish literary braille); ``ueb-g1``
grade 1 for a learner; ``computer``: 8-dot computer braille (American computer braille for
English). Polish literary braille is uncontracted, so both UEB settings leave it as it is."""

_SENTENCES: ContextVar[Mode] = ContextVar("braille_words_sentences", default=Mode.LITERARY)


def braille_setting(setting: str) -> Mode:
    """The ``Mode`` of a seat's ``braille`` setting (``BRAILLE_SETTINGS``)."""
    try:
        return BRAILLE_SETTINGS[setting]
    except KeyError:
        known = ", ".join(BRAILLE_SETTINGS)
        raise InputError(f"braille is one of {known}, not '{setting}'") from None


@contextmanager
def sentences_in(mode: Mode) -> Iterator[None]:
    """While drawing one seat's lines: ``Mode.LITERARY`` means ``mode``, the seat's choice.

    A context variable, so a seat drawing on one thread never changes another's."""
    token = _SENTENCES.set(mode)
    try:
        yield
    finally:
        _SENTENCES.reset(token)


def table_path(lang: str, mode: Mode = Mode.COMPUTER) -> str:
    """Absolute path of our table for ``lang`` ("pl" or "en") in ``mode``."""
    try:
        name = TABLE_FILES[(lang, mode)]
    except KeyError:
        raise InputError(f"no Braille table for language '{lang}'; use pl or en") from None
    return str(data_dir("tables") / name)


def _tables(lang: str, mode: Mode) -> list[str]:
    return [table_path(lang, _chosen(mode))]


def _chosen(mode: Mode) -> Mode:
    """``mode`` as the seat being drawn for reads it: "literary" is its choice, and a reader
    of computer braille reads uncontracted lines in computer braille too."""
    seat = _SENTENCES.get()
    if mode is Mode.LITERARY or (mode is Mode.UNCONTRACTED and seat is Mode.COMPUTER):
        return seat
    return mode


_CAPITALISED = re.compile(r"[^\W\d_]{2,}")
_CONTRACTED_TABLES = frozenset({TABLE_FILES[("en", Mode.LITERARY)]})
_UEB_TABLES = frozenset(TABLE_FILES[("en", mode)] for mode in (Mode.LITERARY, Mode.UNCONTRACTED))
_QUOTED = re.compile(
    r"""(?<![^\s(\[/—–-])(?:'([^'\s](?:[^']*[^'\s])?)'|"([^"\s](?:[^"]*[^"\s])?)"|"""
    r"""“([^”\s](?:[^”]*[^”\s])?)”|‘([^’\s](?:[^’]*[^’\s])?)’)(?!\w)"""
)
"""Text between quotes that open at a word's start and close at its end ('done', "rules",
“kot”): in the catalogues, what a player types ("type 'done'", "say \"hint\"", a hint's
"type: \"h4 basic\""). An apostrophe inside or after a word (Ada's, players') opens none."""

_BETWEEN_NUMBERS = re.compile(r"(?<=\d) (?=\d)")
_APART = "\u2002"
"""A space between two numbers, as an en space: UEB's tables write a plain space between
digits as the numeric space (dot 5: ⠼⠉⠐⠃⠐⠁), which joins the digits into one number, where
a player types three ("put 3 2 1", a quoted hint, a help line's unquoted "exchange 1 3 5");
an en space is a blank cell, and each number after it takes its own numeric indicator
(⠼⠉⠀⠼⠃⠀⠼⠁). No English sentence of ours groups a number's digits with spaces (a count is
6100 or 6,100), so every such space parts two numbers."""


def _spelled_spans(text: str) -> Iterator[tuple[int, int, int]]:
    """Where ``text`` is to be written letter for letter: words wholly in capitals (the
    game's words) and quoted text (what a player types), each as (start, end, quotes): the
    quoted text between ``start`` and ``end``, its quote marks just outside (``quotes`` 1),
    or none (0)."""
    for found in _CAPITALISED.finditer(text):
        if found.group().isupper():
            yield (*found.span(), 0)
    for found in _QUOTED.finditer(text):
        group = next(g for g in range(1, 5) if found.group(g) is not None)
        yield (*found.span(group), 1)


_DIRECTED = {"'": "‘’", '"': "“”"}
"""A straight quote around text to type, as the directed quotes it stands for: liblouis reads
a straight ' as an apostrophe (⠄done⠄), and a straight " closing uncontracted text or a
number as the ditto mark (⠦done⠠⠶); directed quotes are UEB's quotation marks (⠠⠦…⠠⠴,
⠦…⠴)."""


def _prepared(tables: list[str], text: str) -> tuple[str, list[int] | None]:
    """``text`` as liblouis is given it, with its per-character typeform, for a UEB table
    (grade 2 or grade 1): what a player must type (quoted text) is written as it is typed.
    Its straight quotes become directed (``_DIRECTED``), and in grade 2 it, like the game's
    words in capitals, is not contracted (``_spelled_spans``); a space between numbers is no
    numeric space (``_APART``). Every change is one character for one, so positions stay the
    text's.

    The game's words are written in capitals (TREASURE, ŻABA), and a reader must feel each of
    their letters: the words said in Alice hide no forbidden letter in a contraction, a
    played word reads as its cards ("TREASURE" was ⠞⠗⠂⠎⠥⠗⠑, its EA one cell). UEB spells
    strings of capitals letter for letter too (Guidelines for Technical Material, Part 1); a
    capitalised sentence word stays contracted. What a player must type is quoted in the
    catalogues, and is written as it is typed: a hint's "type: \"acknowledging\"" was
    ⠁⠉⠐⠅⠇⠫⠛⠬ (with its "now", "ed" and "ing" signs), a word a Braille keyboard user types
    letter by letter in grade 1, and "put 3 2 1" read as one number, 3 2 1. The typeform is
    None when nothing needs it (the call stays as it was)."""
    name = Path(tables[0]).name if tables else ""
    if name not in _UEB_TABLES:
        return text, None
    import louis

    contracted = name in _CONTRACTED_TABLES
    marks: list[int] | None = None
    chars: list[str] | None = None
    for start, end, quotes in _spelled_spans(text):
        if contracted:
            marks = marks or [0] * len(text)
            marks[start:end] = [louis.no_contract] * (end - start)
        if not quotes:
            continue
        if text[start - 1] in _DIRECTED:
            chars = chars or list(text)
            directed = _DIRECTED[text[start - 1]]
            chars[start - 1], chars[end] = directed[0], directed[1]
    for space in _BETWEEN_NUMBERS.finditer(text):
        chars = chars or list(text)
        chars[space.start()] = _APART
    return ("".join(chars) if chars else text), marks


def _call_louis(func_name: str, tables: list[str], text: str) -> str:
    import louis

    func = getattr(louis, func_name)
    extra = {}
    if func_name == "translateString":
        text, typeform = _prepared(tables, text)
        if typeform is not None:
            extra["typeform"] = typeform
    try:
        with _LOCK:
            result: str = func(tables, text, mode=louis.dotsIO, **extra)
    except RuntimeError as exc:
        raise BrailleWordsError(
            f"liblouis could not use the Braille table {tables[0]}; check that the liblouis "
            "tables are installed and that LOUIS_TABLEPATH, if set, includes "
            "/usr/share/liblouis/tables"
        ) from exc
    return result


def _from_dots_io(text: str) -> bytes:
    return bytes(ord(ch) & 0xFF for ch in text)


def _to_dots_io(cells: bytes) -> str:
    return "".join(chr(_DOTS_IO_BASE | c) for c in cells)


def text_to_cells(text: str, lang: str = "pl", mode: Mode = Mode.LITERARY) -> bytes:
    """A sentence as cells, in literary or computer braille."""
    if not text:
        return b""
    return _from_dots_io(_call_louis("translateString", _tables(lang, mode), text))


def text_with_positions(
    text: str, lang: str = "pl", mode: Mode = Mode.LITERARY
) -> tuple[bytes, list[int]]:
    """Cells of ``text`` and, for each cell, the index of the character it came from.

    A routing key pressed on a message can then point at a character (to move an edit cursor
    or to name the word under the finger).
    """
    if not text:
        return b"", []
    import louis

    try:
        with _LOCK:
            tables = _tables(lang, mode)
            given, typeform = _prepared(tables, text)
            out, in_pos, _out_pos, _cursor = louis.translate(
                tables, given, typeform=typeform, mode=louis.dotsIO
            )
    except RuntimeError as exc:
        raise BrailleWordsError(
            f"liblouis could not use the Braille table {_tables(lang, mode)[0]}"
        ) from exc
    return _from_dots_io(out), list(in_pos)


def cells_to_text(cells: bytes, lang: str = "pl", mode: Mode = Mode.COMPUTER) -> str:
    """Back-translation: what a player typed on a Braille keyboard, as text.

    A cell the table does not define comes back as its dots between a backslash and a slash
    (``\\1237/``), as liblouis writes it; ``undefined_cells`` finds those.
    """
    if not cells:
        return ""
    return _call_louis("backTranslateString", _tables(lang, mode), _to_dots_io(cells))


def undefined_cells(text: str) -> list[str]:
    """The dot numbers of every cell back-translation could not read, in order."""
    return _UNDEFINED.findall(text)


@lru_cache(maxsize=512)
def _char_cell(char: str, lang: str) -> int | None:
    cells = _from_dots_io(_call_louis("translateString", _tables(lang, Mode.COMPUTER), char))
    return cells[0] if len(cells) == 1 else None


def letter_cell(letter: str, lang: str = "pl") -> int:
    """The one computer-braille cell of a letter of ``lang``, always in lower case.

    Lower case keeps dots 7 and 8 free on tile lines for the cursor and selection marks.
    """
    low = normalize(letter)
    if low not in alphabet(lang):
        raise InputError(f"'{letter}' is not a letter of the {lang} alphabet")
    cell = _char_cell(low, lang)
    if cell is None:  # our tables give every letter one cell; a broken install would not
        raise BrailleWordsError(f"the Braille table for {lang} has no single cell for '{low}'")
    return cell


def symbol_cell(symbol: Symbol, lang: str = "pl") -> int:
    """The cell of a game symbol, read from our table for ``lang``."""
    cell = _char_cell(symbol.char, lang)
    if cell is None:
        raise BrailleWordsError(
            f"the Braille table for {lang} does not define the symbol {symbol.name}"
        )
    return cell


def word_cells(word: str, lang: str = "pl") -> bytes:
    """A word, one cell per letter, in lower case."""
    return bytes(letter_cell(ch, lang) for ch in normalize(word))


@dataclass(frozen=True)
class PlayedJoker:
    """A joker on the table standing for ``letter``: shown as that letter with dot 7."""

    letter: str


TileLike = Tile | Symbol | PlayedJoker | str | None


def tile_cell(tile: TileLike, lang: str = "pl", *, stands_for: str | None = None) -> int:
    """The cell of one tile or card: its letter, the joker symbol (a joker Tile or None), or a
    game symbol such as a premium card (a ``Symbol``).

    ``stands_for`` is the letter a joker was played as; it shows as that letter with dot 7
    (its capital), so a reader feels both the letter and that it is a joker.
    """
    if isinstance(tile, Symbol):
        return symbol_cell(tile, lang)
    if isinstance(tile, PlayedJoker):
        return letter_cell(tile.letter, lang) | ASSIGNED_JOKER_DOTS
    letter = tile.letter if isinstance(tile, Tile) else tile
    if letter is None:
        if stands_for is None:
            return symbol_cell(Symbol.JOKER, lang)
        return letter_cell(stands_for, lang) | ASSIGNED_JOKER_DOTS
    return letter_cell(letter, lang)


def tile_cells(tiles: Iterable[TileLike], lang: str = "pl") -> bytes:
    """A rack or a word of tiles and cards, exactly one cell each; jokers as the joker symbol."""
    return bytes(tile_cell(t, lang) for t in tiles)


def legend(lang: str = "pl") -> dict[str, bytes]:
    """Name → cells of every game symbol and mark, in ``lang``, for help to read aloud.

    The cells come from the real table, so the legend cannot drift from what is displayed.
    """
    try:
        names = NAMES[lang]
        marks = MARK_NAMES[lang]
    except KeyError:
        raise InputError(f"no Braille legend for language '{lang}'; use pl or en") from None
    out = {names[sym]: bytes([symbol_cell(sym, lang)]) for sym in Symbol}
    out[marks["cursor"]] = bytes([CURSOR_DOTS])
    out[marks["selected"]] = bytes([SELECTED_DOTS])
    out[marks["assigned_joker"]] = bytes([tile_cell(None, lang, stands_for="a")])
    return out


def letter_cells(lang: str = "pl") -> dict[str, int]:
    """Every letter of ``lang``'s alphabet and its cell, in alphabet order."""
    return {ch: letter_cell(ch, lang) for ch in alphabet(lang)}


def languages() -> Sequence[str]:
    return ("pl", "en")
