"""A board on a one-line Braille display: a grid of squares with a cursor.

A board (card Scrabble's 15×15 table, a crossword) has two dimensions; a Braille display has
one line of 12 to 80 cells. So the reader moves a cursor over the squares by rows and columns
and reads either the cursor's row or its column as one ``Line``; each square is one cell and
one segment, so panning never cuts a square and a routing key over a square gives the target
the caller chose for it (``("square", row, column)`` when none was chosen).

Coordinates are spelled as in Scrabble: the column a letter (A for the first), the row a number
from 1, so the top-left square is A1 and the centre of a 15×15 board H8. In Braille the letter
is written in lower case (no capital sign) and the number with the number sign, as in both
Polish and English literary Braille: H8 is ⠓⠼⠓ (3 cells), O15 ⠕⠼⠁⠑ (4 cells). Displays with
status cells show the cursor's coordinate there; others give the first cells of each window to
it, followed by one blank cell. Every window of a row then carries its place, so a reader who
pans never wonders which row this is.

Values here are immutable and do no I/O: a move returns a new grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from braille_words.braille.cells import ASSIGNED_JOKER_DOTS, DOT3
from braille_words.braille.symbols import NAMES, Symbol
from braille_words.braille.view import Line, Segment, Target
from braille_words.errors import InputError

ROW = "row"
COLUMN = "column"

#: The cell of an empty square: Symbol.EMPTY_SQUARE (dot 3) in every one of our tables, so
#: squares can be counted by touch.
EMPTY_CELL = DOT3

# Braille letters a-z (the same cells in Polish and English literary Braille), the number sign
# (dots 3456) and the digits 1-9, 0 written as the letters a-j after it.
_LETTERS = bytes(
    [
        0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, 0x13, 0x0A, 0x1A,  # a-j
        0x05, 0x07, 0x0D, 0x1D, 0x15, 0x0F, 0x1F, 0x17, 0x0E, 0x1E,  # k-t
        0x25, 0x27, 0x3A, 0x2D, 0x3D, 0x35,  # u-z
    ]
)  # fmt: skip
_NUMBER_SIGN = 0x3C
MAX_COLUMNS = len(_LETTERS)


def column_name(column: int) -> str:
    """The letter naming column ``column`` (0 → "A")."""
    if not 0 <= column < MAX_COLUMNS:
        raise InputError(f"a board has columns A to Z, not column {column + 1}")
    return chr(ord("A") + column)


def coordinate(row: int, column: int) -> str:
    """The square's name as spoken and printed: column letter, row number ("H8")."""
    return f"{column_name(column)}{row + 1}"


def coordinate_cells(row: int, column: int) -> bytes:
    """The square's name in Braille: the column's letter, the number sign, the row's digits."""
    column_name(column)  # checks the range
    digits = bytes(_LETTERS[(int(d) - 1) % 10] for d in str(row + 1))
    return bytes([_LETTERS[column], _NUMBER_SIGN]) + digits


@dataclass(frozen=True)
class Square:
    """One square of a board.

    ``text`` is what stands there, as speech should say it (a letter, "dżoker"); "" for an
    empty square. ``cell`` is its Braille cell (from ``tile_cell``); for an empty square it is
    the premium's cell, or 0 to show the empty-square dot. ``joker`` marks a joker standing
    for ``text``: the cell gets dot 7, as everywhere else in the game. ``premium`` names the
    square's premium, spoken when the square is read. ``target`` is what a routing key over
    the square gives (None: ``("square", row, column)``).
    """

    text: str = ""
    cell: int = 0
    target: Target = None
    joker: bool = False
    premium: Symbol | None = None

    @property
    def empty(self) -> bool:
        return not self.text

    def shown(self, empty_cell: int = EMPTY_CELL) -> int:
        """The cell the display shows for this square."""
        if self.empty:
            return self.cell or empty_cell
        return self.cell | (ASSIGNED_JOKER_DOTS if self.joker else 0)


def make_square(
    letter: str | None,
    lang: str = "pl",
    *,
    target: Target = None,
    joker: bool = False,
    premium: Symbol | None = None,
) -> Square:
    """A square holding ``letter`` of ``lang`` (None: empty), its cell found by liblouis."""
    from braille_words.braille.translator import letter_cell, symbol_cell

    if letter:
        return Square(letter.upper(), letter_cell(letter, lang), target, joker, premium)
    cell = symbol_cell(premium, lang) if premium is not None else 0
    return Square("", cell, target, False, premium)


@dataclass(frozen=True)
class Grid:
    """Squares in rows and columns, a cursor on one of them, and which way it is read.

    ``reading`` is ``ROW`` (the display shows the cursor's row) or ``COLUMN`` (its column,
    top to bottom, laid along the line).
    """

    squares: tuple[tuple[Square, ...], ...]
    row: int = 0
    column: int = 0
    reading: str = ROW
    empty_cell: int = EMPTY_CELL
    _label_width: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rows = tuple(tuple(r) for r in self.squares)
        object.__setattr__(self, "squares", rows)
        if not rows or not rows[0]:
            raise InputError("a board needs at least one square")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise InputError("every row of a board needs the same number of squares")
        if width > MAX_COLUMNS:
            raise InputError(f"a board has at most {MAX_COLUMNS} columns, not {width}")
        if not (0 <= self.row < len(rows) and 0 <= self.column < width):
            raise InputError(
                f"the cursor {self.row + 1},{self.column + 1} is outside the board of "
                f"{len(rows)} rows and {width} columns"
            )
        if self.reading not in (ROW, COLUMN):
            raise InputError(f"a board is read by {ROW} or {COLUMN}, not {self.reading!r}")
        # The column is one letter: the widest coordinate is the one with the most row digits.
        object.__setattr__(self, "_label_width", len(coordinate_cells(len(rows) - 1, 0)))

    @classmethod
    def of(
        cls,
        rows: Iterable[Iterable[Square]],
        *,
        row: int = 0,
        column: int = 0,
        reading: str = ROW,
        empty_cell: int = EMPTY_CELL,
    ) -> Grid:
        """A grid from any iterables of squares."""
        squares = tuple(tuple(r) for r in rows)
        return cls(squares, row=row, column=column, reading=reading, empty_cell=empty_cell)

    # -- shape and squares ----------------------------------------------------------------

    @property
    def rows(self) -> int:
        return len(self.squares)

    @property
    def columns(self) -> int:
        return len(self.squares[0])

    @property
    def cursor(self) -> tuple[int, int]:
        return self.row, self.column

    @property
    def square(self) -> Square:
        """The square under the cursor."""
        return self.squares[self.row][self.column]

    def square_at(self, row: int, column: int) -> Square:
        self._check(row, column)
        return self.squares[row][column]

    def target_at(self, row: int, column: int) -> Target:
        """What a routing key over that square gives."""
        square = self.square_at(row, column)
        return ("square", row, column) if square.target is None else square.target

    def find(self, target: Target) -> tuple[int, int] | None:
        """The first square (row by row) whose target is ``target``."""
        for r in range(self.rows):
            for c in range(self.columns):
                if self.target_at(r, c) == target:
                    return r, c
        return None

    def with_squares(self, squares: Sequence[Sequence[Square]]) -> Grid:
        """New squares (the game moved), the cursor kept where it was, or as near as fits."""
        new = Grid.of(squares, empty_cell=self.empty_cell, reading=self.reading)
        return new.clamped(self.row, self.column)

    # -- moving the cursor ----------------------------------------------------------------

    def moved(self, rows: int = 0, columns: int = 0) -> Grid:
        """The cursor moved by ``rows`` and ``columns``, stopping at the board's edges (a
        caller sees an edge when the cursor did not change)."""
        return self.clamped(self.row + rows, self.column + columns)

    def up(self) -> Grid:
        return self.moved(rows=-1)

    def down(self) -> Grid:
        return self.moved(rows=1)

    def left(self) -> Grid:
        return self.moved(columns=-1)

    def right(self) -> Grid:
        return self.moved(columns=1)

    def at(self, row: int, column: int) -> Grid:
        """The cursor on that square (0-based); an error outside the board."""
        self._check(row, column)
        return replace(self, row=row, column=column)

    def clamped(self, row: int, column: int) -> Grid:
        """The cursor on that square, or the nearest square of the board."""
        row = max(0, min(row, self.rows - 1))
        column = max(0, min(column, self.columns - 1))
        if (row, column) == self.cursor:
            return self
        return replace(self, row=row, column=column)

    def to_row(self, row: int) -> Grid:
        """Jump to row ``row`` (0-based), same column."""
        return self.at(row, self.column)

    def to_column(self, column: int) -> Grid:
        """Jump to column ``column`` (0-based), same row."""
        return self.at(self.row, column)

    def to_square(self, name: str) -> Grid:
        """Jump to the square named ``name`` ("H8", "h8")."""
        text = name.strip().upper()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            raise InputError(f"a square is named like H8, not {name!r}")
        return self.at(int(text[1:]) - 1, ord(text[0]) - ord("A"))

    def to_target(self, target: Target) -> Grid | None:
        """Jump to the square routing to ``target``; None when no square does."""
        found = self.find(target)
        return None if found is None else self.at(*found)

    # -- jumping to what is on the board -------------------------------------------------

    def words(self) -> list[tuple[int, int, bool, str]]:
        """Every word on the board (two squares or more in a line, across or down): its first
        square, direction and text, in reading order (across before down on one square)."""
        found: list[tuple[int, int, bool, str]] = []
        for r in range(self.rows):
            for c in range(self.columns):
                for across, (dr, dc) in ((True, (0, 1)), (False, (1, 0))):
                    if self.squares[r][c].empty or (
                        r - dr >= 0 and c - dc >= 0 and not self.squares[r - dr][c - dc].empty
                    ):
                        continue
                    text = []
                    rr, cc = r, c
                    while rr < self.rows and cc < self.columns and not self.squares[rr][cc].empty:
                        text.append(self.squares[rr][cc].text)
                        rr, cc = rr + dr, cc + dc
                    if len(text) >= 2:
                        found.append((r, c, across, "".join(text)))
        return found

    def anchors(self) -> list[tuple[int, int]]:
        """The empty squares beside a filled one (where a word can join), in reading order."""
        return [
            (r, c) for r in range(self.rows) for c in range(self.columns)
            if self.squares[r][c].empty and any(
                0 <= r + dr < self.rows and 0 <= c + dc < self.columns
                and not self.squares[r + dr][c + dc].empty
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            )
        ]

    def next_word(self) -> tuple[Grid, str, bool] | None:
        """The cursor on the next word's first square after the cursor (round to the first),
        read along the word; with its text and direction. None: no word on the board."""
        words = self.words()
        if not words:
            return None
        here = (self.row, self.column, 0 if self.reading == ROW else 1)
        after = [w for w in words if (w[0], w[1], 0 if w[2] else 1) > here]
        r, c, across, text = (after or words)[0]
        return replace(self, row=r, column=c, reading=ROW if across else COLUMN), text, across

    def next_anchor(self) -> Grid | None:
        """The cursor on the next free square beside a filled one, after the cursor (round
        to the first). None: nothing on the board yet."""
        anchors = self.anchors()
        if not anchors:
            return None
        after = [a for a in anchors if a > self.cursor]
        return self.at(*(after or anchors)[0])

    def read_by(self, reading: str) -> Grid:
        """Read by ``ROW`` or ``COLUMN`` from now on."""
        return self if reading == self.reading else replace(self, reading=reading)

    # -- the Braille line -----------------------------------------------------------------

    @property
    def label_width(self) -> int:
        """Cells the widest coordinate takes (the status cells a window gives to it)."""
        return self._label_width

    def label(self) -> bytes:
        """The cursor's coordinate in Braille, padded to ``label_width`` cells."""
        return coordinate_cells(self.row, self.column).ljust(self._label_width, b"\x00")

    def positions(self) -> list[tuple[int, int]]:
        """The squares of the line being read, in line order."""
        if self.reading == ROW:
            return [(self.row, c) for c in range(self.columns)]
        return [(r, self.column) for r in range(self.rows)]

    def line(self) -> Line:
        """The cursor's row (or column) as a line: one cell and one segment per square, the
        cursor on the cursor's square, the coordinate as the line's status."""
        segments = [
            Segment(bytes([self.squares[r][c].shown(self.empty_cell)]), self.target_at(r, c))
            for r, c in self.positions()
        ]
        cursor = self.column if self.reading == ROW else self.row
        return Line(segments, status=self.label(), cursor=cursor)

    def position_at(self, cell: int) -> tuple[int, int] | None:
        """The square under cell ``cell`` of ``line()``; None past its end."""
        positions = self.positions()
        return positions[cell] if 0 <= cell < len(positions) else None

    # -- speech ---------------------------------------------------------------------------

    def describe_square(self, lang: str, row: int | None = None, column: int | None = None) -> str:
        """A short sentence for a square (the cursor's by default): "H8: A." in ``lang``."""
        r = self.row if row is None else row
        c = self.column if column is None else column
        square = self.square_at(r, c)
        words = _WORDS.get(lang, _WORDS["en"])
        parts = [_square_text(square, words)]
        if square.premium is not None:
            parts.append(NAMES.get(lang, NAMES["en"])[square.premium])
        return f"{coordinate(r, c)}: {', '.join(parts)}."

    def describe_row(self, lang: str, row: int | None = None) -> str:
        """The whole row, runs of empty squares counted: "Row 8: 7 empty, A, B, 6 empty."."""
        r = self.row if row is None else row
        self._check(r, 0)
        words = _WORDS.get(lang, _WORDS["en"])
        squares = self.squares[r]
        return f"{words['row']} {r + 1}: {_describe_run(squares, lang, words)}."

    def describe_column(self, lang: str, column: int | None = None) -> str:
        """The whole column, top to bottom: "Column H: 7 empty, A, 7 empty."."""
        c = self.column if column is None else column
        self._check(0, c)
        words = _WORDS.get(lang, _WORDS["en"])
        squares = [self.squares[r][c] for r in range(self.rows)]
        return f"{words['column']} {column_name(c)}: {_describe_run(squares, lang, words)}."

    def describe_line(self, lang: str) -> str:
        """The row or column being read."""
        return self.describe_row(lang) if self.reading == ROW else self.describe_column(lang)

    def _check(self, row: int, column: int) -> None:
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise InputError(
                f"there is no square {row + 1},{column + 1} on a board of {self.rows} rows "
                f"and {self.columns} columns"
            )


_WORDS: dict[str, dict[str, str]] = {
    "pl": {"row": "Wiersz", "column": "Kolumna", "empty": "puste", "joker": "dżoker jako"},
    "en": {"row": "Row", "column": "Column", "empty": "empty", "joker": "joker as"},
}


def _square_text(square: Square, words: dict[str, str]) -> str:
    if square.empty:
        return words["empty"]
    return f"{words['joker']} {square.text}" if square.joker else square.text


def _empties(count: int, lang: str, words: dict[str, str]) -> str:
    if count == 1:
        return words["empty"]
    if lang == "pl" and not (2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14):
        return f"{count} pustych"
    return f"{count} {words['empty']}"


def _describe_run(squares: Sequence[Square], lang: str, words: dict[str, str]) -> str:
    parts: list[str] = []
    empty = 0
    for square in squares:
        if square.empty:
            empty += 1
            continue
        if empty:
            parts.append(_empties(empty, lang, words))
            empty = 0
        parts.append(_square_text(square, words))
    if empty:
        parts.append(_empties(empty, lang, words))
    return ", ".join(parts)
