"""Braille rendering: liblouis text ↔ cells, our game symbols, routable lines, panning, boards
read by rows and columns, and typing on a Braille keyboard. Cells are bytes in ISO 11548-1
order (dot 1 = bit 0)."""

from braille_words.braille.cells import (
    ASSIGNED_JOKER_DOTS,
    CURSOR_DOTS,
    SELECTED_DOTS,
    add_dots,
    cell_from_dots,
    dots,
    from_unicode,
    spoken_dots,
    to_unicode,
)
from braille_words.braille.grid import Grid, Square, coordinate, make_square
from braille_words.braille.keyboard import BrailleInput
from braille_words.braille.lines import (
    concat,
    grid_row_line,
    menu_line,
    rack_line,
    text_line,
    words_line,
)
from braille_words.braille.symbols import Symbol, column_symbol
from braille_words.braille.translator import (
    Mode,
    TileLike,
    cells_to_text,
    legend,
    letter_cell,
    letter_cells,
    symbol_cell,
    table_path,
    text_to_cells,
    text_with_positions,
    tile_cell,
    tile_cells,
    undefined_cells,
    word_cells,
)
from braille_words.braille.view import Frame, Hit, Line, Pager, Segment, Target, windows

__all__ = [
    "ASSIGNED_JOKER_DOTS",
    "CURSOR_DOTS",
    "SELECTED_DOTS",
    "BrailleInput",
    "Frame",
    "Grid",
    "Hit",
    "Line",
    "Mode",
    "Pager",
    "Segment",
    "Square",
    "Symbol",
    "Target",
    "TileLike",
    "add_dots",
    "cell_from_dots",
    "cells_to_text",
    "column_symbol",
    "concat",
    "coordinate",
    "dots",
    "from_unicode",
    "grid_row_line",
    "legend",
    "letter_cell",
    "letter_cells",
    "make_square",
    "menu_line",
    "rack_line",
    "spoken_dots",
    "symbol_cell",
    "table_path",
    "text_line",
    "text_to_cells",
    "text_with_positions",
    "tile_cell",
    "tile_cells",
    "to_unicode",
    "undefined_cells",
    "windows",
    "word_cells",
    "words_line",
]
