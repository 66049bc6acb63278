"""A board on a seat's Braille display: the cursor moved by rows and columns, rows and columns
read on 40 and 14 cells (on the console and through the real Baum driver against the Baum
emulator on a pty), routing keys over squares, jumps between lines, the cancel key, and the
pan-left regressions of issue 21."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from braille_words.braille import CURSOR_DOTS, letter_cell, rack_line, text_line, word_cells
from braille_words.braille.cells import DOT7
from braille_words.braille.grid import COLUMN, Grid, coordinate_cells, make_square
from braille_words.braille.symbols import Symbol
from braille_words.displays.console import ConsoleDisplay
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.events import DisplayCommand
from braille_words.displays.spec import open_display
from braille_words.table.outputs import NamedGrid, NamedLine, SeatOutput
from braille_words.table.seat.surface import BLINK_SECONDS

Until = Callable[..., bool]
SIZE = 15
# KOT across row 8 from G8 and down column H from H7; a joker stands for the O at H9.
WORDS = {(7, 6): "k", (7, 7): "o", (7, 8): "t", (6, 7): "k", (8, 7): "o", (9, 7): "t"}
RACK = "kotalesz"


def board() -> Grid:
    return Grid.of(
        (
            make_square(
                WORDS.get((r, c)),
                "pl",
                joker=(r, c) == (8, 7),
                premium=Symbol.TRIPLE_WORD if (r, c) == (0, 0) else None,
            )
            for c in range(SIZE)
        )
        for r in range(SIZE)
    ).at(7, 7)


def expected(grid: Grid, width: int, window: tuple[int, int] | None = None) -> bytes:
    """The cells a board line should show: coordinate, blank, squares (cursor dots on the
    cursor's square), computed apart from the Pager."""
    cells = bytearray(grid.line().cells())
    cursor = grid.column if grid.reading == "row" else grid.row
    cells[cursor] |= CURSOR_DOTS
    start, end = window if window is not None else (0, len(cells))
    frame = coordinate_cells(grid.row, grid.column).ljust(4, b"\x00") + b"\x00"
    return (frame + bytes(cells[start:end])).ljust(width, b"\x00")


def seat(width: int, lang: str = "en") -> SeatOutput:
    out = SeatOutput(name="Ola", lang=lang, verbosity="beginner")
    out.attach_display(ConsoleDisplay(width, stream=io.StringIO()))
    return out


def press(out: SeatOutput, *names: str, arg: int | None = None) -> None:
    for name in names:
        out.on_display_command(DisplayCommand(name, arg))


def show_board(out: SeatOutput) -> None:
    out.show([NamedLine("rack", rack_line(list(RACK), "pl")), NamedGrid("board", board())])


def test_the_board_is_read_by_rows_and_columns_on_40_cells() -> None:
    out = seat(40)
    show_board(out)
    press(out, "jump_board")
    assert out.current_line == "board"
    assert out.frame() == expected(board(), 40)
    press(out, "row_down")
    moved = board().down()
    assert out.frame() == expected(moved, 40)
    assert out.said[-1] == "H9: joker as O."
    press(out, "column_right", "read_column")
    column = moved.right().read_by(COLUMN)
    assert out.current_line == "board"  # the sentence went to the message line, not the cells
    assert out.frame() == expected(column, 40)
    assert out.said[-1] == "Column I: 7 empty, T, 7 empty."
    assert out.lines[0].name == "message"
    press(out, "read_square")
    assert out.said[-1] == "I9: empty."
    press(out, "read_row")
    assert out.said[-1] == "Row 9: 7 empty, joker as O, 7 empty."
    assert out.frame() == expected(moved.right(), 40)


def test_a_board_pans_in_windows_that_keep_the_cursor_in_view_on_14_cells() -> None:
    out = seat(14, lang="pl")
    show_board(out)
    press(out, "jump_board")
    grid = board()
    assert out.frame() == expected(grid, 14, (0, 9))
    press(out, "column_right", "column_right")  # to J8: the second window
    grid = grid.right().right()
    assert out.frame() == expected(grid, 14, (9, SIZE))
    assert out.said[-1] == "J8: puste."
    press(out, "pan_left")
    assert out.frame() == expected(grid, 14, (0, 9))
    press(out, "pan_right")
    assert out.frame() == expected(grid, 14, (9, SIZE))


def test_moves_stop_at_the_edge_of_the_board() -> None:
    out = seat(40)
    show_board(out)
    press(out, "jump_board", "row_up")
    for _ in range(20):
        press(out, "row_up", "column_left")
    assert out.grid("board") is not None
    assert out.grid("board").cursor == (0, 0)  # type: ignore[union-attr]
    assert out.said[-1] == "A1: empty, premium card: triple word."


def test_a_routing_key_over_a_square_moves_the_cursor_and_calls_the_router() -> None:
    out = seat(14)
    routed: list[Any] = []
    sent: list[str] = []

    def router(target: Any, selection: Any) -> tuple[Any, str | None]:
        routed.append(target)
        return None, "połóż"

    out.router = router
    out.submit = sent.append
    show_board(out)
    press(out, "jump_board")
    press(out, "route", arg=2)  # the coordinate and its blank: no square
    assert routed == []
    press(out, "route", arg=5 + 2)  # the third square of the window: C8
    assert routed == [("square", 7, 2)]
    assert sent == ["połóż"]
    assert out.grid("board").cursor == (7, 2)  # type: ignore[union-attr]


def test_the_seat_keeps_its_cursor_when_the_game_shows_a_new_board() -> None:
    out = seat(40)
    show_board(out)
    press(out, "jump_board", "row_down", "read_column")
    show_board(out)  # the game moved
    kept = out.grid("board")
    assert kept is not None and kept.cursor == (8, 7) and kept.reading == COLUMN


def test_on_a_plain_line_row_keys_move_by_lines_and_column_keys_pan() -> None:
    out = seat(14)
    rack = list("abcdefghijklmnop")
    out.show([NamedLine("rack", rack_line(rack, "pl")), NamedLine("scores", text_line("Ola 3"))])
    press(out, "row_down")
    assert out.current_line == "scores"
    press(out, "row_up", "column_right")
    assert word_cells("op", "pl") in out.frame()  # the second window: the rack's end
    press(out, "column_left")
    assert word_cells("abc", "pl") in out.frame()  # back to the first, after "rack:"


def test_jumps_go_to_the_named_lines_and_say_when_there_is_none() -> None:
    out = seat(40)
    show_board(out)
    out.announce("Your turn.")
    assert out.current_line == "message"
    press(out, "jump_rack")
    assert out.current_line == "rack"
    press(out, "jump_table")  # no table: the board stands for it
    assert out.current_line == "board"
    press(out, "jump_messages")
    assert out.current_line == "message"
    assert out.jump_line(2) and out.current_line == "board"
    out.show([NamedLine("rack", rack_line(list(RACK), "pl"))])
    press(out, "jump_board")
    assert out.said[-1] == "There is no such line."


# -- the cancel key (issue 19) --------------------------------------------------------------


def test_cancel_takes_back_typed_letters_then_a_pick_then_sends_the_games_cancel() -> None:
    out = seat(40)
    sent: list[str] = []
    out.submit = sent.append
    out.router = lambda target, selection: (target, None)
    out.cancel_line = {"pl": "od nowa", "en": "reset"}.get
    out.show(lambda selection: [NamedLine("rack", rack_line(list(RACK), "pl"))])
    press(out, "jump_rack")
    press(out, "route", arg=out.key_for(("rack", 1)))
    assert out.selection == ("rack", 1)
    press(out, "braille_chord", arg=letter_cell("k"))
    press(out, "cancel")
    assert out.said[-1] == "Typed letters cleared."
    assert out.selection == ("rack", 1) and sent == []
    press(out, "jump_rack", "cancel")
    assert out.said[-1] == "Pick dropped."
    assert out.selection is None and sent == []
    assert out.current_line == "rack"
    assert word_cells(RACK, "pl") in out.frame()  # no dot 8 left
    press(out, "cancel")
    assert sent == ["reset"]


def test_without_a_games_cancel_the_key_only_says_there_is_nothing_to_cancel() -> None:
    out = seat(40, lang="pl")
    sent: list[str] = []
    out.submit = sent.append
    out.show([NamedLine("rack", rack_line(list(RACK), "pl"))])
    press(out, "cancel")
    assert sent == []
    assert out.said[-1] == "Nie ma czego anulować."


# -- panning and line moves (issues 21 and 16) ----------------------------------------------


def test_pan_left_from_the_second_window_goes_to_the_start_of_the_line() -> None:
    out = seat(14)
    rack = list("abcdefghijklmnop")  # 16 tiles on 14 cells: two windows
    out.show([NamedLine("rack", rack_line(rack, "pl"))])
    start = out.frame()
    assert word_cells("abc", "pl") in start  # after the line's name, "rack:"
    press(out, "pan_right")
    assert word_cells("op", "pl") in out.frame()
    press(out, "pan_left")
    assert out.frame() == start


def test_pan_left_on_a_long_message_returns_window_by_window() -> None:
    out = seat(20)
    out.announce("one two three four five six seven eight nine ten eleven twelve")
    frames = [out.frame()]
    while True:
        before = out.frame()
        press(out, "pan_right")
        if out.frame() == before or out.current_line != "message":
            break
        frames.append(out.frame())
    assert len(frames) >= 3
    out2 = seat(20)
    out2.announce("one two three four five six seven eight nine ten eleven twelve")
    press(out2, *["pan_right"] * (len(frames) - 1))
    for frame in reversed(frames[:-1]):
        press(out2, "pan_left")
        assert out2.frame() == frame


def test_pan_left_from_the_start_of_a_line_reads_the_previous_line_from_its_end() -> None:
    out = seat(14)
    rack = list("abcdefghijklmnop")
    out.show([NamedLine("rack", rack_line(rack, "pl")), NamedLine("scores", text_line("Ola 3"))])
    press(out, "line_down", "pan_left")
    assert out.current_line == "rack"
    assert word_cells("op", "pl") in out.frame()  # the last window of the rack


def test_line_up_on_the_first_line_says_so() -> None:
    out = seat(40)
    out.show([NamedLine("rack", rack_line(list(RACK), "pl"))])
    out.announce("Your turn.")
    shown = out.frame()
    press(out, "line_up")
    assert out.said[-1] == "First line."
    assert out.frame() == shown and out.current_line == "message"
    press(out, "bottom", "line_down")
    assert out.said[-1] == "Last line."


# -- through the real Baum driver and emulator on a pty -------------------------------------


@pytest.fixture(params=[40, 14])
def baum_seat(request: pytest.FixtureRequest) -> Iterator[tuple[Emulator, SeatOutput, int]]:
    cells = int(request.param)
    emu = make_emulator("baum", cells)
    emu.start()
    out = SeatOutput(name="Ola", lang="en", verbosity="beginner")
    display = open_display(f"baum:{emu.path}", on_command=out.on_display_command)
    out.attach_display(display)
    try:
        yield emu, out, cells
    finally:
        out.close()
        emu.stop()


def test_a_board_is_read_and_moved_through_the_baum_driver(
    baum_seat: tuple[Emulator, SeatOutput, int], until: Until
) -> None:
    emu, out, cells = baum_seat
    routed: list[Any] = []
    out.router = lambda target, selection: (routed.append(target), (None, None))[1]
    show_board(out)
    narrow = cells == 14
    grid = board()
    emu.press_command("jump_board")
    assert until(lambda: emu.cells_shown == expected(grid, cells, (0, 9) if narrow else None))
    for _ in range(3):
        emu.press_command("column_right")  # display keys d2+d6
    grid = grid.right().right().right()
    assert until(lambda: emu.cells_shown == expected(grid, cells, (9, SIZE) if narrow else None))
    emu.press_command("row_down")  # d3+d5
    grid = grid.down()
    assert until(lambda: emu.cells_shown == expected(grid, cells, (9, SIZE) if narrow else None))
    emu.press_command("read_column")
    grid = grid.read_by(COLUMN)
    assert until(lambda: emu.cells_shown == expected(grid, cells, (0, 9) if narrow else None))
    assert until(lambda: out.said and out.said[-1] == "Column K: 15 empty.")
    # The braille keyboard's chord does the same: space with dot 1 moves up a row.
    emu.press_keys(("space", 1), ("dots", 1))
    grid = grid.up()
    assert until(lambda: emu.cells_shown == expected(grid, cells, (0, 9) if narrow else None))
    assert until(lambda: out.said[-1] == "K8: empty.")
    emu.press_route(5 + 6)  # the seventh square of the column's first window: K7
    assert until(lambda: routed == [("square", 6, 10)])
    assert until(lambda: out.grid("board").cursor == (6, 10))  # type: ignore[union-attr]


def test_board_coordinates_use_the_status_cells_of_a_modular(until: Until) -> None:
    from braille_words.braille.translator import Mode, text_to_cells

    emu = make_emulator("handytech", 40, profile="modular-40")
    emu.start()
    try:
        out = SeatOutput(name="Ola", lang="en", verbosity="beginner")
        out.attach_display(
            open_display(f"modular-40:{emu.path}", on_command=out.on_display_command)
        )
        show_board(out)
        out.show_status("*")
        star = text_to_cells("*", "en", Mode.COMPUTER).ljust(4, b"\x00")
        assert until(lambda: getattr(emu, "status_shown", b"") == star)
        out.jump_to("board")
        label = coordinate_cells(7, 7).ljust(4, b"\x00")
        assert until(lambda: getattr(emu, "status_shown", b"") == label)
        row = bytearray(board().line().cells())
        row[7] |= CURSOR_DOTS
        assert until(lambda: emu.cells_shown == bytes(row).ljust(40, b"\x00"))
        out.show_status("5")  # the turn status waits while the board holds the cells
        assert getattr(emu, "status_shown", b"") == label
        out.jump_to("rack")
        five = text_to_cells("5", "en", Mode.COMPUTER).ljust(4, b"\x00")
        assert until(lambda: getattr(emu, "status_shown", b"") == five)
    finally:
        emu.stop()


def test_a_line_starts_with_its_name_and_routing_keeps_its_targets() -> None:
    """Issue 16 §5: moving by line keys, a reader could not tell the rack from the table."""
    from braille_words.braille.translator import Mode

    out = seat(40)
    out.show([NamedLine("rack", rack_line(list("kot"), "pl"))])
    press(out, "jump_rack")
    name = text_line("rack:", "en", Mode.UNCONTRACTED).cells()  # the reader's own braille
    assert out.frame().startswith(name + b"\x00" + word_cells("kot", "pl"))
    assert out.key_for(("rack", 0)) == len(name) + 1


def test_the_next_word_key_goes_round_the_words_and_reads_along_each() -> None:
    out = seat(40)
    show_board(out)
    press(out, "jump_board", "next_word")
    down = board().at(6, 7).read_by(COLUMN)
    assert out.frame() == expected(down, 40)
    assert out.last == "H7: KOOT, down."
    press(out, "next_word")
    assert out.frame() == expected(board().at(7, 6), 40)
    assert out.last == "G8: KOT, across."
    press(out, "next_word")
    assert out.last == "H7: KOOT, down."


def test_the_next_anchor_key_steps_over_the_free_squares_beside_the_cards() -> None:
    out = seat(14, "pl")
    show_board(out)
    press(out, "next_anchor")  # from the message line: the board is shown first
    assert out.current_line == "board"
    assert out.last == "J8: wolne pole przy kartach."  # after the cursor on H8
    press(out, "next_anchor", "next_anchor")
    assert out.last == "I9: wolne pole przy kartach."
    assert out.grid("board") == board().at(8, 8)


def test_on_an_empty_board_the_jumps_say_there_is_nothing_yet() -> None:
    out = seat(40)
    empty = Grid.of([[make_square(None)] * SIZE] * SIZE)
    out.show([NamedGrid("board", empty)])
    press(out, "next_word")
    assert out.last == "There are no words on the board yet."
    press(out, "next_anchor")
    assert out.last == "There are no cards on the board yet."


def test_the_cursor_blinks_on_a_board_and_never_hides_a_jokers_dot_7() -> None:
    """H9 holds a joker standing for O (the letter with dot 7). Under a steady dots 7-8
    cursor it felt like any letter under the cursor; the board's cursor blinks instead, so
    the joker is felt unaltered between its phases, and dot 7 never goes."""
    out = seat(40)
    show_board(out)
    press(out, "jump_board", "row_down")  # H9: the joker
    at = 5 + 7  # the coordinate, a blank cell, then the row's squares
    joker = board().down().line().cells()[7]
    assert joker & DOT7
    seen: set[int] = set()
    deadline = time.monotonic() + 5 * BLINK_SECONDS
    while time.monotonic() < deadline and len(seen) < 2:
        seen.add(out.frame()[at])
        time.sleep(BLINK_SECONDS / 5)
    assert seen == {joker, joker | CURSOR_DOTS}, [bin(c) for c in seen]
    press(out, "row_up")  # a move shows the cursor at once, on a plain letter
    assert out.frame()[at] == letter_cell("o", "pl") | CURSOR_DOTS
    out.close()
