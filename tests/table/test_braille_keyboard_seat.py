"""7 słów with one seat on a Baum display: the word is typed on its Braille keyboard."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from braille_words.braille import word_cells
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.spec import open_display
from braille_words.table.outputs import SeatOutput
from braille_words.table.session import KEYBOARD, Input

MakeTable = Any
Until = Callable[..., bool]


def test_a_word_typed_on_the_braille_keyboard_is_the_seats_secret_word(
    make_table: MakeTable, baum: Emulator, until: Until
) -> None:
    keyboard_seat = SeatOutput(name="Ola", lang="pl", verbosity="beginner")
    keyboard_seat.attach_display(
        open_display(f"baum:{baum.path}", on_command=keyboard_seat.on_display_command)
    )
    other = SeatOutput(name="Jan", lang="pl", verbosity="beginner")
    session, _ = make_table(game="siedem-slow", outputs=[other, keyboard_seat])
    runner = threading.Thread(target=session.run, daemon=True)
    runner.start()
    try:
        for cell in word_cells("źdźbło", "pl"):
            baum.chord(cell)
        # What is typed so far is shown on the display before it is sent.
        assert until(lambda: baum.cells_shown.startswith(word_cells("źdźbło", "pl")))
        baum.press_command("enter")
        assert until(lambda: session.state.view_for(1)["words"][1]["written"])
        assert session.state.view_for(1)["words"][1]["word"] == "źdźbło"
        assert not any("ŹDŹBŁO" in s for s in other.said)
        assert any("Gracz2 ma pierwsze słowo" in s for s in other.said)
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        runner.join(timeout=5)
        session.close()
