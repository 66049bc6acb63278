"""A seat that plays on a Braille display: a real Baum driver on a pseudo-terminal, the device
side played by our emulator. The rack is read on the cells, a routing key picks a tile, and a
word typed on the display's Braille keyboard is a command like a typed one."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from braille_words.braille import word_cells
from braille_words.braille.lines import rack_line
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.spec import open_display
from braille_words.table.outputs import SeatOutput
from braille_words.table.session import KEYBOARD, Input

MakeTable = Any


def _until(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


@pytest.fixture
def baum() -> Iterator[Emulator]:
    emu = make_emulator("baum", 40)
    emu.start()
    yield emu
    emu.stop()


def test_a_display_seat_reads_its_rack_routes_a_tile_and_types_a_command(
    make_table: MakeTable, baum: Emulator
) -> None:
    out = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner")
    display = open_display(f"baum:{baum.path}", on_command=out.on_display_command)
    out.attach_display(display)
    other = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
    # Seed 3 lets the second seat start, so the display seat is the one to move.
    session, _ = make_table(outputs=[other, out], seed=3)
    assert session.state.awaiting == frozenset({1})
    runner = threading.Thread(target=session.run, daemon=True)
    runner.start()
    try:
        rack = [t[1] for t in session.state.view_for(1)["rack"]]
        baum.press_command("line_down")
        expected = rack_line(rack, "pl").cells()
        assert _until(lambda: baum.cells_shown.startswith(expected)), "the rack is not shown"
        assert _until(lambda: out.current_line == "rack")

        baum.press_route(2)
        assert _until(lambda: out.selection == ("rack", 2))
        assert _until(lambda: any(s.startswith("Płytka 3:") for s in out.said))

        for cell in word_cells("dobierz", "pl"):
            baum.chord(cell)
        baum.press_command("enter")
        assert _until(lambda: session.moves_played == 1), out.said[-3:]
        assert session.state.awaiting == frozenset({0})
        assert any("dobiera" in s for s in out.said)
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        runner.join(timeout=5)
        session.close()


def test_status_cells_show_whose_turn_it_is_on_a_modular(make_table: MakeTable) -> None:
    from braille_words.braille.translator import Mode, text_to_cells

    emu = make_emulator("handytech", 40, profile="modular-40")
    emu.start()
    try:
        out = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner")
        out.attach_display(
            open_display(f"modular-40:{emu.path}", on_command=out.on_display_command)
        )
        other = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
        session, _ = make_table(outputs=[other, out], seed=3)
        star = text_to_cells("*", "pl", Mode.COMPUTER)
        assert _until(lambda: getattr(emu, "status_shown", b"").startswith(star))
        session.handle(1, "dobierz")
        assert _until(lambda: getattr(emu, "status_shown", b"") == bytes(4))
        session.close()
    finally:
        emu.stop()
