"""A display that sent line noise reads the very next keys (issue 17: Baum and Focus ignored
every key for 5-10 s after noise, because garbage left keys 'held' that the device, which
sends whole key states, never released)."""

from __future__ import annotations

import random

from braille_words.displays.emulators.base import Emulator
from braille_words.displays.events import DisplayCommand
from braille_words.displays.serial_display import SerialDisplay

from .conftest import next_command


def test_routing_keys_work_right_after_ten_thousand_bytes_of_noise(
    emulator: Emulator, display: SerialDisplay
) -> None:
    emulator.press_route(2)
    assert next_command(display) == DisplayCommand("route", 2)
    emulator.send(random.Random(17).randbytes(10_000))
    for cell in (5, 6, 7):
        emulator.press_route(cell)
    # The first press may be torn by the noise's last packet; the others must come at once
    # (well before the 5 s after which a held key used to be let go).
    # Garbage may itself read as key presses (a chord of dots): those are skipped.
    got = [next_command(display, timeout=2.0)]
    while got[-1] != DisplayCommand("route", 7) and len(got) < 500:
        got.append(next_command(display, timeout=2.0))
    routes = [c for c in got if c.name == "route"]
    assert routes[-2:] == [DisplayCommand("route", 6), DisplayCommand("route", 7)]
