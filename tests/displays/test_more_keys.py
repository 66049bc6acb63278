"""Joysticks, keypads, rockers, bumpers and whiz wheels, and the first-generation Focus dot
order: each through the real driver against its emulator on a pseudo-terminal."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from braille_words.displays.codecs import focus
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.emulators.focus import FocusEmulator
from braille_words.displays.events import DisplayCommand
from braille_words.displays.keymap import Key
from braille_words.displays.serial_display import SerialDisplay
from braille_words.displays.spec import open_display

from .conftest import next_command

JOYSTICK = [
    (("joystick", 1), "line_up"),
    (("joystick", 2), "pan_left"),
    (("joystick", 3), "line_down"),
    (("joystick", 4), "pan_right"),
    (("joystick", 5), "confirm"),
]


@contextmanager
def connected(emulator: Emulator, spec: str) -> Iterator[tuple[Emulator, SerialDisplay]]:
    emulator.start()
    try:
        with open_display(f"{spec}:{emulator.path}") as shown:
            assert isinstance(shown, SerialDisplay)
            yield emulator, shown
    finally:
        emulator.stop()


def check_keys(emulator: Emulator, shown: SerialDisplay, keys: list[tuple[Key, str]]) -> None:
    for key, command in keys:
        emulator.press_keys(key)
        assert next_command(shown) == DisplayCommand(command), key


def host_packet_types(emulator: Emulator) -> list[int]:
    return [p.type for p in focus.device_parser().feed(bytes(emulator.received))]


@pytest.fixture
def handytech() -> Iterator[tuple[Emulator, SerialDisplay]]:
    with connected(make_emulator("handytech", 40), "handytech") as pair:
        yield pair


@pytest.fixture
def modular() -> Iterator[tuple[Emulator, SerialDisplay]]:
    with connected(make_emulator("handytech", profile="modular-40"), "modular-40") as pair:
        yield pair


@pytest.fixture
def focus40() -> Iterator[tuple[Emulator, SerialDisplay]]:
    with connected(FocusEmulator(40), "focus") as pair:
        # The driver asks for the rockers right after its probe; on a busy machine a key
        # pressed before that request lands is kept by the display, as a real one would.
        emulator = pair[0]
        deadline = time.monotonic() + 10
        while not getattr(emulator, "extended_keys", False) and time.monotonic() < deadline:
            time.sleep(0.01)
        yield pair


@pytest.fixture
def focus44() -> Iterator[tuple[Emulator, SerialDisplay]]:
    with connected(FocusEmulator(44), "focus") as pair:
        yield pair


def test_the_baum_joystick_pans_moves_by_lines_and_confirms() -> None:
    with connected(make_emulator("baum", 40), "baum") as (emulator, shown):
        check_keys(emulator, shown, JOYSTICK)


def test_the_handytech_joystick_means_what_the_baum_one_does(
    handytech: tuple[Emulator, SerialDisplay],
) -> None:
    check_keys(*handytech, JOYSTICK)


def test_an_actilino_is_recognised_with_its_16_cells_and_its_joystick() -> None:
    emulator = make_emulator("handytech", profile="actilino")
    with connected(emulator, "actilino") as (emulator, shown):
        assert (shown.name, shown.cells) == ("HandyTech Actilino", 16)
        check_keys(emulator, shown, JOYSTICK)


def test_the_modular_keypad_gives_its_commands_in_the_old_protocol(
    modular: tuple[Emulator, SerialDisplay],
) -> None:
    check_keys(
        *modular,
        [
            (("b", 9), "help"),
            (("b", 10), "repeat"),
            (("b", 12), "stop_speech"),
            (("b", 13), "line_up"),
            (("b", 14), "line_down"),
            (("keypad", 4), "pan_left"),
            (("keypad", 6), "pan_right"),
            (("keypad", 5), "confirm"),
            (("keypad", 0), "cancel"),
        ],
    )


def test_focus_rockers_arrive_once_the_driver_asked_for_them(
    focus40: tuple[Emulator, SerialDisplay],
) -> None:
    emulator, shown = focus40
    check_keys(
        emulator,
        shown,
        [
            (("rocker", 1), "line_up"),
            (("rocker", 2), "line_down"),
            (("rocker", 3), "line_up"),
            (("rocker", 4), "line_down"),
        ],
    )
    emulator.press_keys(("rocker", 2), ("rocker", 4))
    assert next_command(shown) == DisplayCommand("bottom")


def test_focus_bumpers_pan(focus40: tuple[Emulator, SerialDisplay]) -> None:
    check_keys(
        *focus40,
        [
            (("bumper", 1), "pan_left"),
            (("bumper", 2), "pan_right"),
            (("bumper", 3), "pan_left"),
            (("bumper", 4), "pan_right"),
        ],
    )


def test_each_whiz_wheel_click_is_one_command(focus40: tuple[Emulator, SerialDisplay]) -> None:
    emulator, shown = focus40
    check_keys(
        emulator,
        shown,
        [
            (("wheel_up", 1), "line_up"),
            (("wheel_down", 1), "line_down"),
            (("wheel_up", 2), "pan_left"),
            (("wheel_down", 2), "pan_right"),
        ],
    )
    emulator.send(focus.encode_wheel("wheel_down", 1, clicks=3))
    assert [next_command(shown) for _ in range(3)] == [DisplayCommand("line_down")] * 3


def test_focus_selector_shift_and_wheel_presses_still_work(
    focus40: tuple[Emulator, SerialDisplay],
) -> None:
    check_keys(
        *focus40,
        [
            (("selector", 1), "cancel"),
            (("selector", 2), "where"),
            (("shift", 1), "line_up"),
            (("wheel", 2), "confirm"),
            (("pan", 1), "pan_left"),
        ],
    )


def test_the_focus_setup_acknowledgements_do_not_release_a_frame_early(
    focus40: tuple[Emulator, SerialDisplay],
) -> None:
    emulator, shown = focus40
    shown._ack_timeout = 30.0  # only a real ACK may release the next frame
    for n in range(1, 5):
        shown.write(bytes([n]) * 40)
        assert emulator.wait_for_cells(bytes([n]) * 40)
    assert focus.CONFIG in host_packet_types(emulator)


def test_old_focus_firmware_is_not_asked_for_rockers() -> None:
    with connected(FocusEmulator(40, firmware="2.0"), "focus") as (emulator, shown):
        shown.write(b"\x01" * 40)
        assert emulator.wait_for_cells(b"\x01" * 40)
        assert focus.CONFIG not in host_packet_types(emulator)


def test_a_focus_44_is_sent_its_own_dot_order(focus44: tuple[Emulator, SerialDisplay]) -> None:
    emulator, shown = focus44
    assert isinstance(emulator, FocusEmulator)
    assert shown.cells == 44
    # ISO dots 4 (0x08) and 7 (0x40) travel as 0x10 and 0x08 on a first-generation Focus.
    line = bytes([0x08, 0x40, 0x48, 0xFF, 0x3F]) + bytes(39)
    shown.write(line)
    assert emulator.wait_for_cells(line)
    assert emulator.raw_cells[:5] == bytes([0x10, 0x08, 0x18, 0xFF, 0x77])
    every = bytes(range(256))
    for start in range(0, 256, 44):
        frame = every[start : start + 44]
        shown.write(frame)
        assert emulator.wait_for_cells(frame), (frame, emulator.cells_shown)


def test_only_changed_cells_of_a_focus_44_go_out_translated(
    focus44: tuple[Emulator, SerialDisplay],
) -> None:
    emulator, shown = focus44
    shown.write(b"\x01" * 44)
    assert emulator.wait_for_cells(b"\x01" * 44)
    before = len(emulator.received)
    shown.write(b"\x01" * 10 + b"\x08" + b"\x01" * 33)
    assert emulator.wait_for_cells(b"\x01" * 10 + b"\x08" + b"\x01" * 33)
    assert bytes(emulator.received[before:]) == focus.encode_write(b"\x10", 10)


def test_braille_typed_on_a_focus_44_gives_the_dots_pressed(
    focus44: tuple[Emulator, SerialDisplay],
) -> None:
    """Each Braille key has its own bit whatever the model, so typing needs no reordering."""
    emulator, shown = focus44
    emulator.chord([4, 7])
    assert next_command(shown) == DisplayCommand("braille_chord", 0b0100_1000)
    emulator.chord([1, 2, 4, 5])
    assert next_command(shown) == DisplayCommand("braille_chord", 0b0001_1011)


def test_a_focus_40_keeps_the_iso_dot_order(focus40: tuple[Emulator, SerialDisplay]) -> None:
    emulator, shown = focus40
    shown.write(bytes([0x08, 0x40]))
    assert emulator.wait_for_cells(bytes([0x08, 0x40]))
    assert emulator.raw_cells[:2] == bytes([0x08, 0x40])  # type: ignore[attr-defined]
