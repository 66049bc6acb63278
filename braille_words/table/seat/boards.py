"""Boards on a seat's surface: each board's cursor kept across redraws, and the board keys.

Plain functions over the game's lines and ``braille.grid.Grid`` values: the surface
(``seat.surface``) keeps the grids and puts what these return on the cells.
"""

from __future__ import annotations

from collections.abc import Sequence

from braille_words.braille.grid import COLUMN, ROW, Grid, coordinate
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.table.seat.words import seat_words

ViewLine = NamedLine | NamedGrid
"""One line a reader moves to: a plain line or a board."""

# Board moves: (rows, columns, what the keys do on a plain line).
GRID_MOVES: dict[str, tuple[int, int, str]] = {
    "row_up": (-1, 0, "line_up"),
    "row_down": (1, 0, "line_down"),
    "column_left": (0, -1, "pan_left"),
    "column_right": (0, 1, "pan_right"),
}


def keep_cursors(view: Sequence[ViewLine],
                 before: dict[str, Grid]) -> tuple[list[ViewLine], dict[str, Grid]]:
    """The game's new lines with each board at the cursor (and reading) the seat had on the
    board of the same name; the boards by name."""
    out: list[ViewLine] = []
    grids: dict[str, Grid] = {}
    for item in view:
        if isinstance(item, NamedGrid):
            grid = item.grid
            kept = before.get(item.name)
            if kept is not None:
                grid = grid.clamped(kept.row, kept.column).read_by(kept.reading)
            grids[item.name] = grid
            item = NamedGrid(item.name, grid)
        out.append(item)
    return out, grids


def with_grid(view: Sequence[ViewLine], name: str, grid: Grid) -> list[ViewLine]:
    """The lines with the board ``name`` replaced by ``grid``."""
    return [NamedGrid(name, grid) if isinstance(v, NamedGrid) and v.name == name else v
            for v in view]


def read_along(grid: Grid, name: str, lang: str) -> tuple[Grid, str]:
    """``read_row``, ``read_column``, ``read_square``: the board read that way, and the
    row's, column's or square's words."""
    if name == "read_row":
        grid = grid.read_by(ROW)
    elif name == "read_column":
        grid = grid.read_by(COLUMN)
    if name == "read_square":
        return grid, grid.describe_square(lang)
    return grid, grid.describe_line(lang)


def next_place(grid: Grid, name: str, lang: str) -> tuple[Grid | None, str]:
    """``next_word``: the cursor on the next word's first square, read along it;
    ``next_anchor``: on the next free square beside the cards. The moved board (None when
    there is nowhere to go) and the sentence that says where (or why not)."""
    if name == "next_word":
        word = grid.next_word()
        if word is None:
            return None, seat_words(lang, "no_words")
        moved, text, across = word
        way = seat_words(lang, "across" if across else "down")
        return moved, f"{coordinate(moved.row, moved.column)}: {text}, {way}."
    anchor = grid.next_anchor()
    if anchor is None:
        return None, seat_words(lang, "no_anchors")
    where = coordinate(anchor.row, anchor.column)
    return anchor, f"{where}: {seat_words(lang, 'anchor')}."
