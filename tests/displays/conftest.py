"""Fixtures: a started emulator and a driver connected to it over a real pseudo-terminal."""

from __future__ import annotations

import queue
from collections.abc import Iterator

import pytest

from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.events import DisplayCommand
from braille_words.displays.serial_display import SerialDisplay
from braille_words.displays.spec import open_display

PROTOCOLS = ["baum", "handytech", "focus"]


@pytest.fixture(params=PROTOCOLS)
def protocol(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def emulator(protocol: str) -> Iterator[Emulator]:
    emu = make_emulator(protocol, 40)
    emu.start()
    yield emu
    emu.stop()


@pytest.fixture
def display(emulator: Emulator, protocol: str) -> Iterator[SerialDisplay]:
    shown = open_display(f"{protocol}:{emulator.path}")
    assert isinstance(shown, SerialDisplay)
    yield shown
    shown.close()


def next_command(display: SerialDisplay, timeout: float = 3.0) -> DisplayCommand:
    """The next command the display delivered (fails the test when none comes)."""
    try:
        return display.commands.get(timeout=timeout)
    except queue.Empty:
        raise AssertionError("the display delivered no command") from None
