"""A board read on one Braille line: cursor moves, row and column lines, panning at 14 and 40
cells, routing, coordinates and the sentences speech says."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.braille import CURSOR_DOTS, Pager, Symbol, letter_cell, symbol_cell, to_unicode
from braille_words.braille.grid import (
    COLUMN,
    EMPTY_CELL,
    ROW,
    Grid,
    Square,
    coordinate,
    coordinate_cells,
    make_square,
)
from braille_words.braille.translator import Mode, text_to_cells
from braille_words.errors import InputError

SIZE = 15
# Row 8 (index 7) holds KOT from G8, column H holds KOT down from H7; a joker stands for the
# second O; H8 is shared. A1 is a triple-word premium square, B2 a double word.
WORDS = {(7, 6): "k", (7, 7): "o", (7, 8): "t", (6, 7): "k", (8, 7): "o", (9, 7): "t"}


def board(lang: str = "pl", *, targets: bool = False) -> Grid:
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            premium = {(0, 0): Symbol.TRIPLE_WORD, (1, 1): Symbol.DOUBLE_WORD}.get((r, c))
            target = ("cell", r * SIZE + c) if targets else None
            row.append(
                make_square(
                    WORDS.get((r, c)), lang, target=target, joker=(r, c) == (8, 7), premium=premium
                )
            )
        rows.append(row)
    return Grid.of(rows, row=7, column=7)


def test_coordinates_read_as_letter_then_number_in_braille_as_liblouis_writes_them() -> None:
    assert coordinate(7, 7) == "H8"
    assert coordinate(14, 14) == "O15"
    for lang in ("pl", "en"):
        for r, c in [(7, 7), (14, 14), (0, 0), (9, 25)]:
            text = coordinate(r, c).lower()
            assert coordinate_cells(r, c) == text_to_cells(text, lang, Mode.LITERARY), text
    assert to_unicode(coordinate_cells(7, 7)) == "⠓⠼⠓"
    assert board().label_width == 4


def test_a_row_is_one_cell_per_square_with_the_cursor_and_the_coordinate_as_status() -> None:
    grid = board()
    line = grid.line()
    assert len(line) == SIZE
    assert line.cursor == 7
    cells = line.cells()
    assert cells[6:9] == bytes(letter_cell(ch) for ch in "kot")
    assert cells[0] == EMPTY_CELL == symbol_cell(Symbol.EMPTY_SQUARE)
    assert line.status == coordinate_cells(7, 7) + b"\x00"
    assert [line.target_at(i) for i in (0, 7)] == [("square", 7, 0), ("square", 7, 7)]


def test_a_column_reads_top_to_bottom_and_marks_the_joker_with_dot_7() -> None:
    grid = board().read_by(COLUMN)
    line = grid.line()
    assert line.cursor == 7
    cells = line.cells()
    assert cells[6:10] == bytes(
        [letter_cell("k"), letter_cell("o"), letter_cell("o") | 0x40, letter_cell("t")]
    )
    assert line.target_at(9) == ("square", 9, 7)


def test_premium_squares_show_their_symbol_while_empty() -> None:
    grid = board().at(0, 0)
    assert grid.line().cells()[:2] == bytes([symbol_cell(Symbol.TRIPLE_WORD), EMPTY_CELL])
    assert grid.down().right().line().cells()[1] == symbol_cell(Symbol.DOUBLE_WORD)


def test_moves_stop_at_the_edges_and_jumps_check_the_board() -> None:
    grid = board().at(0, 0)
    assert grid.up() is grid and grid.left() is grid
    assert grid.down().right().cursor == (1, 1)
    corner = grid.at(14, 14)
    assert corner.down() is corner and corner.right() is corner
    assert grid.moved(100, -100).cursor == (14, 0)
    assert grid.to_row(4).cursor == (4, 0)
    assert grid.to_column(9).cursor == (0, 9)
    assert grid.to_square("h8").cursor == (7, 7)
    assert grid.to_square("O15").cursor == (14, 14)
    for bad in ("P1", "A16", "H", "8H", ""):
        with pytest.raises(InputError):
            grid.to_square(bad)
    with pytest.raises(InputError):
        grid.at(15, 0)


def test_a_board_must_be_rectangular() -> None:
    with pytest.raises(InputError):
        Grid.of([[Square()], [Square(), Square()]])
    with pytest.raises(InputError):
        Grid.of([])
    with pytest.raises(InputError):
        Grid.of([[Square()]], row=1)


@pytest.mark.parametrize("width", [14, 40])
@pytest.mark.parametrize("reading", [ROW, COLUMN])
def test_every_square_is_shown_whole_with_the_cursor_in_view(width: int, reading: str) -> None:
    for r in range(SIZE):
        for c in range(SIZE):
            grid = board().at(r, c).read_by(reading)
            pager = Pager(grid.line(), width, status_in_window=grid.label_width)
            frame = pager.frame()
            # The coordinate, a blank, then squares; the cursor's square carries dots 7 and 8.
            assert frame.cells[:5] == grid.label() + b"\x00"
            index = c if reading == ROW else r
            start, end = pager.window
            assert start <= index < end
            assert frame.cells[5 + index - start] & CURSOR_DOTS == CURSOR_DOTS
            if width == 40:
                assert pager.windows == ((0, SIZE),)  # the whole row fits beside its coordinate
            else:
                assert pager.windows == ((0, 9), (9, SIZE))


def test_a_routing_key_over_a_square_gives_its_target_at_14_cells() -> None:
    grid = board(targets=True).at(7, 12)
    pager = Pager(grid.line(), 14, status_in_window=grid.label_width)
    assert pager.window == (9, SIZE)
    for key in range(5):
        assert pager.route(key) is None  # the coordinate and the blank after it
    hit = pager.route(5 + 3)  # the fourth square of the window: column 13 (M)
    assert hit is not None and hit.target == ("cell", 7 * SIZE + 12)
    assert grid.position_at(hit.segment) == (7, 12)
    assert grid.to_target(("cell", 3)) is not None
    assert grid.to_target(("cell", 3)).cursor == (0, 3)  # type: ignore[union-attr]
    assert grid.to_target("nowhere") is None


def test_speech_names_the_square_and_reads_rows_and_columns() -> None:
    grid = board()
    assert grid.describe_square("pl") == "H8: O."
    assert grid.describe_square("en") == "H8: O."
    assert grid.down().describe_square("pl") == "H9: dżoker jako O."
    assert grid.down().describe_square("en") == "H9: joker as O."
    assert grid.at(0, 0).describe_square("en") == "A1: empty, premium card: triple word."
    assert grid.at(0, 1).describe_square("pl") == "B1: puste."
    assert grid.describe_row("pl") == "Wiersz 8: 6 pustych, K, O, T, 6 pustych."
    assert grid.describe_row("en") == "Row 8: 6 empty, K, O, T, 6 empty."
    assert grid.describe_column("en") == "Column H: 6 empty, K, O, joker as O, T, 5 empty."
    assert grid.describe_row("pl", 0) == "Wiersz 1: 15 pustych."
    small = Grid.of([[Square(), Square(), Square("A", 1), Square()]])
    assert small.describe_row("pl") == "Wiersz 1: 2 puste, A, puste."
    assert small.read_by(COLUMN).describe_line("en") == "Column A: empty."


def test_new_squares_keep_the_cursor() -> None:
    grid = board().at(14, 14).read_by(COLUMN)
    smaller = grid.with_squares([[Square()] * 5] * 5)
    assert smaller.cursor == (4, 4) and smaller.reading == COLUMN


MOVES = st.sampled_from(["up", "down", "left", "right", "row", "column", "read"])


@given(
    rows=st.integers(1, 16),
    columns=st.integers(1, 26),
    moves=st.lists(st.tuples(MOVES, st.integers(0, 30)), max_size=40),
    width=st.sampled_from([12, 14, 20, 40, 80]),
)
def test_any_moves_keep_the_cursor_on_the_board_and_panning_returns_exactly(
    rows: int, columns: int, moves: list[tuple[str, int]], width: int
) -> None:
    grid = Grid.of([[Square()] * columns] * rows)
    for move, n in moves:
        if move in ("up", "down", "left", "right"):
            grid = getattr(grid, move)()
        elif move == "row":
            grid = grid.to_row(n % rows)
        elif move == "column":
            grid = grid.to_column(n % columns)
        else:
            grid = grid.read_by(COLUMN if n % 2 else ROW)
        assert 0 <= grid.row < rows and 0 <= grid.column < columns
        pager = Pager(grid.line(), width, status_in_window=grid.label_width)
        start, end = pager.window
        assert start <= (grid.line().cursor or 0) < end  # the cursor is in view
        assert all(e - s <= pager.text_width for s, e in pager.windows)  # no square cut
        first = pager.index
        steps = 0
        while pager.pan_right():
            steps += 1
        for _ in range(steps):
            assert pager.pan_left()
        assert pager.index == first
