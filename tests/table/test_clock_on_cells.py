"""Typing never hides the clock or the news (issue 21 §3): a 14-cell Baum display without
status cells shows the seconds left in its last cells, the time warning and the time-up come
over a half-typed line, and letters left on the typing line when the turn passes are named."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.braille import text_to_cells, word_cells
from braille_words.braille.translator import Mode
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.spec import open_display
from braille_words.table.clock import TableClock
from braille_words.table.outputs import SeatOutput

MakeTable = Any
Until = Callable[..., bool]


def _table(make_table: MakeTable, emu: Emulator) -> tuple[Any, SeatOutput, ManualScheduler]:
    out = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner")
    out.attach_display(open_display(f"baum:{emu.path}", on_command=out.on_display_command))
    other = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
    # Seed 3: the second seat (the display's) moves first.
    session, _ = make_table(outputs=[other, out], seed=3, options={"move_limit_seconds": 60})
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session._sync_clock()
    return session, out, scheduler


def _type(emu: Emulator, out: SeatOutput, letters: str, until: Until) -> None:
    """Letters typed as chords on the display's Braille keyboard, left unsent."""
    for cell in word_cells(letters, "pl"):
        emu.chord(cell)
    # Every chord read, not just the first: a late one would bring the typing line back over
    # whatever the test shows next.
    assert until(lambda: out.current_line == "input" and out.typing.text() == letters)


def _seconds(n: int) -> bytes:
    return text_to_cells(str(n), "pl", Mode.COMPUTER)


def test_the_seconds_left_are_on_the_last_cells(
    make_table: MakeTable, baum14: Emulator, until: Until
) -> None:
    session, _, scheduler = _table(make_table, baum14)
    assert until(lambda: baum14.cells_shown.rstrip(b"\0").endswith(_seconds(60)))
    scheduler.advance(5.01)
    assert until(lambda: baum14.cells_shown.endswith(_seconds(55)))
    scheduler.advance(47)  # 8 seconds left: every second now
    assert until(lambda: baum14.cells_shown.endswith(_seconds(8)))
    scheduler.advance(1)
    assert until(lambda: baum14.cells_shown.endswith(_seconds(7)))
    session.close()


def test_the_time_warning_comes_over_the_typing_line_and_typing_brings_it_back(
    make_table: MakeTable, baum14: Emulator, until: Until
) -> None:
    session, out, scheduler = _table(make_table, baum14)
    _type(baum14, out, "dob", until)
    scheduler.advance(50.5)
    assert until(lambda: out.current_line == "message"), "the warning stayed behind the typing"
    assert "Zostało 10 sekund." in out.last
    baum14.chord(word_cells("i", "pl")[0])
    assert until(lambda: out.current_line == "input")
    assert out.typing.text() == "dobi"
    session.close()


def test_news_said_while_typing_is_marked_as_waiting(
    make_table: MakeTable, baum14: Emulator, until: Until
) -> None:
    session, out, _ = _table(make_table, baum14)
    _type(baum14, out, "st", until)
    out.announce("Gracz1 dobiera.")
    # The mark sits on the blank cell before the clock's three digit cells.
    assert until(lambda: bool(baum14.cells_shown[-4] & 0xC0 == 0xC0))
    assert out.current_line == "input"
    session.close()


def test_letters_left_when_time_runs_out_are_named_not_sent(
    make_table: MakeTable, baum14: Emulator, until: Until
) -> None:
    session, out, scheduler = _table(make_table, baum14)
    _type(baum14, out, "dob", until)
    scheduler.advance(61)
    while not session.inputs.empty():
        item = session.inputs.get()
        if item.move is not None:
            session._table_move(item)
    assert session.state.awaiting == frozenset({0})
    assert any("Nie zostało wysłane" in s and "dob" in s for s in out.said), out.said[-3:]
    assert session.moves_played == 1  # only the time-up: the letters were not sent
    session.close()
