"""Ready-made lines for the things every game shows: a rack, words of tiles, a sentence, a menu.

They fix the routing targets the table and command layers agree on:
``("rack", k)`` for the k-th tile of a rack, ``("word", w, i)`` for letter i of word w,
``("text", i)`` for character i of a sentence, ``("menu", i)`` for item i of a menu,
``("square", r, c)`` for a square of a table grid.
The first name of each target can be changed (two racks on one line, say) with ``name``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from braille_words.braille.cells import SELECTED_DOTS
from braille_words.braille.grid import Grid
from braille_words.braille.symbols import Symbol
from braille_words.braille.translator import (
    Mode,
    TileLike,
    symbol_cell,
    text_to_cells,
    text_with_positions,
    tile_cells,
)
from braille_words.braille.view import Line, Segment


@dataclass(frozen=True)
class NamedLine:
    """A line of a seat's display with the name readers move by ("rack", "table"…)."""

    name: str
    line: Line


@dataclass(frozen=True)
class NamedGrid:
    """A board on a seat's display, by name ("board"): read a row or a column at a time.

    The seat keeps its own cursor on the board: when the game shows a new board under the
    same name, the cursor stays where the reader left it.
    """

    name: str
    grid: Grid

    @property
    def line(self) -> Line:
        """The row or column being read (what the display shows)."""
        return self.grid.line()


def rack_line(
    tiles: Sequence[TileLike],
    lang: str = "pl",
    *,
    name: str = "rack",
    selected: Iterable[int] = (),
    cursor: int | None = None,
    status: bytes = b"",
) -> Line:
    """A rack, one cell per tile, routing cell k to ``(name, k)``.

    The rack is one segment, so panning keeps it whole whenever the display can hold it.
    Tiles whose index is in ``selected`` get dot 8.
    """
    cells = bytearray(tile_cells(tiles, lang))
    for k in selected:
        cells[k] |= SELECTED_DOTS
    segment = Segment.per_cell(bytes(cells), [(name, k) for k in range(len(cells))])
    return Line([segment] if cells else [], status=status, cursor=cursor)


def words_line(
    words: Sequence[Sequence[TileLike]],
    lang: str = "pl",
    *,
    name: str = "word",
    separator: bytes = b"\x00",
    cursor: int | None = None,
    status: bytes = b"",
) -> Line:
    """Words of tiles (the table of Rummikub Słowny, Word Thief's stolen words), one segment
    per word so that panning never cuts a word, routing letter i of word w to
    ``(name, w, i)``. The blank cell after a word routes to ``(name, w, len(word))``: a tile
    put there goes at the word's end, so a word can be extended by routing too."""
    if not separator:
        segments = [
            Segment.per_cell(tile_cells(word, lang), [(name, w, i) for i in range(len(word))])
            for w, word in enumerate(words)
        ]
        return Line.joined(segments, separator, status=status, cursor=cursor)
    segments = [
        Segment.per_cell(
            tile_cells(word, lang) + separator,
            [(name, w, i) for i in range(len(word))] + [(name, w, len(word))] * len(separator),
        )
        for w, word in enumerate(words)
    ]
    return Line(segments, status=status, cursor=cursor)


def text_line(
    text: str,
    lang: str = "pl",
    mode: Mode = Mode.LITERARY,
    *,
    name: str = "text",
    status: bytes = b"",
) -> Line:
    """A sentence, one segment per Braille word (cut at blank cells, after translation, so
    number and capital signs stay with their word); cell routes to ``(name, i)`` where i is
    the index of the character in ``text`` that the cell came from."""
    cells, positions = text_with_positions(text, lang, mode)
    segments: list[Segment] = []
    start = 0
    for i in range(len(cells) + 1):
        if i == len(cells) or cells[i] == 0:
            if i > start:
                targets = [(name, positions[j]) for j in range(start, i)]
                segments.append(Segment.per_cell(cells[start:i], targets))
            if i < len(cells):
                segments.append(Segment.gap(b"\x00"))
            start = i + 1
    return Line(segments, status=status)


def menu_line(
    items: Sequence[str],
    lang: str = "pl",
    mode: Mode = Mode.LITERARY,
    *,
    name: str = "menu",
    separator: bytes = b"\x00\x00",
    cursor_item: int | None = None,
    status: bytes = b"",
) -> Line:
    """Menu items, each one segment routing to ``(name, i)``, the cursor on the first cell of
    ``cursor_item``."""
    segments = [Segment(text_to_cells(item, lang, mode), (name, i)) for i, item in enumerate(items)]
    line = Line.joined(segments, separator, status=status)
    if cursor_item is not None:
        line = line.with_cursor(line.find((name, cursor_item)))
    return line


def grid_row_line(
    squares: Sequence[int | None],
    row: int,
    lang: str = "pl",
    *,
    name: str = "square",
    cursor_column: int | None = None,
    status: bytes = b"",
) -> Line:
    """Row ``row`` of a table grid (card Scrabble): ``squares`` holds each square's cell (from
    ``tile_cell``) or None for an empty square, shown as the empty-square dot so squares can
    be counted; cell c routes to ``(name, row, c)``. The row is one segment."""
    empty = symbol_cell(Symbol.EMPTY_SQUARE, lang)
    cells = bytes(empty if sq is None else sq for sq in squares)
    segment = Segment.per_cell(cells, [(name, row, c) for c in range(len(cells))])
    return Line([segment] if cells else [], status=status, cursor=cursor_column)


def concat(lines: Sequence[Line], separator: bytes = b"\x00", *, status: bytes = b"") -> Line:
    """Several lines as one (a rack, then the words on the table), with a gap of
    ``separator`` between them (``symbol_cell(Symbol.SECTION_SEPARATOR)`` for a visible dash).
    The cursor is the first part's cursor that is set, moved to its place in the whole."""
    segments: list[Segment] = []
    cursor: int | None = None
    offset = 0
    for line in lines:
        if segments and separator:
            segments.append(Segment.gap(separator))
            offset += len(separator)
        if cursor is None and line.cursor is not None:
            cursor = offset + line.cursor
        segments.extend(line.segments)
        offset += len(line)
    return Line(segments, status=status, cursor=cursor)
