"""Each driver against its emulator over a real pseudo-terminal (real pyserial, real pty)."""

from __future__ import annotations

import shutil

import pytest

from braille_words.displays.emulators.base import Emulator
from braille_words.displays.events import DISCONNECTED, RECONNECTED, DisplayCommand
from braille_words.displays.serial_display import SerialDisplay
from braille_words.errors import BrailleWordsError

from .conftest import next_command

ALL_DOTS = bytes(range(256))


def test_the_driver_identifies_the_display_and_its_cell_count(display: SerialDisplay) -> None:
    assert display.cells == 40
    assert display.identity.cells == 40
    assert display.identity.model


def test_written_cells_arrive_bit_exact(display: SerialDisplay, emulator: Emulator) -> None:
    for start in range(0, 256, 40):
        frame = ALL_DOTS[start : start + 40]
        display.write(frame)
        assert emulator.wait_for_cells(frame), (frame, emulator.cells_shown)


def test_a_short_frame_is_padded_with_blank_cells(
    display: SerialDisplay, emulator: Emulator
) -> None:
    display.write(b"\x01\x03")
    assert emulator.wait_for_cells(b"\x01\x03" + bytes(38))


def test_an_unchanged_frame_is_not_sent_again(display: SerialDisplay, emulator: Emulator) -> None:
    display.write(b"\x1b" * 40)
    assert emulator.wait_for_cells(b"\x1b" * 40)
    before = emulator.frames_received
    display.write(b"\x1b" * 40)
    display.write(b"\x2a" * 40)
    assert emulator.wait_for_cells(b"\x2a" * 40)
    assert emulator.frames_received == before + 1


def test_routing_keys_give_route_with_the_cell(display: SerialDisplay, emulator: Emulator) -> None:
    for cell in (0, 7, 8, 39):
        emulator.press_route(cell)
        assert next_command(display) == DisplayCommand("route", cell)


def test_navigation_keys_give_their_commands(display: SerialDisplay, emulator: Emulator) -> None:
    for name in ("pan_left", "pan_right", "line_up", "line_down", "confirm", "top"):
        emulator.press_command(name)
        assert next_command(display) == DisplayCommand(name)


def test_a_braille_chord_gives_its_dots(display: SerialDisplay, emulator: Emulator) -> None:
    emulator.chord(0b0001_1011)  # dots 1 2 4 5: "g"
    assert next_command(display) == DisplayCommand("braille_chord", 0b0001_1011)
    emulator.chord([7, 8])
    assert next_command(display) == DisplayCommand("braille_chord", 0b1100_0000)


def test_space_and_editing_keys_come_through(display: SerialDisplay, emulator: Emulator) -> None:
    for name in ("space", "backspace", "enter"):
        emulator.press_command(name)
        assert next_command(display) == DisplayCommand(name)


def test_unplug_and_replug_mid_session_keep_the_newest_frame(
    display: SerialDisplay, emulator: Emulator
) -> None:
    display.write(b"\x01" * 40)
    assert emulator.wait_for_cells(b"\x01" * 40)
    emulator.unplug()
    assert next_command(display) == DisplayCommand(DISCONNECTED)
    display.write(b"\x02" * 40)  # while unplugged: must neither fail nor block
    display.write(b"\x03" * 40)
    emulator.replug()
    assert next_command(display) == DisplayCommand(RECONNECTED)
    assert emulator.wait_for_cells(b"\x03" * 40)
    emulator.press_route(5)
    assert next_command(display) == DisplayCommand("route", 5)


def test_the_display_survives_two_unplugs(display: SerialDisplay, emulator: Emulator) -> None:
    for n in range(2):
        emulator.unplug()
        assert next_command(display) == DisplayCommand(DISCONNECTED)
        emulator.replug()
        assert next_command(display) == DisplayCommand(RECONNECTED)
        display.write(bytes([n + 5]) * 40)
        assert emulator.wait_for_cells(bytes([n + 5]) * 40)


def test_a_status_callback_hears_of_the_cable(emulator: Emulator, protocol: str) -> None:
    heard: list[str] = []
    from braille_words.displays.spec import open_display

    with open_display(f"{protocol}:{emulator.path}", on_status=heard.append) as shown:
        assert isinstance(shown, SerialDisplay)
        emulator.unplug()
        assert next_command(shown) == DisplayCommand(DISCONNECTED)
        emulator.replug()
        assert next_command(shown) == DisplayCommand(RECONNECTED)
    assert heard == [DISCONNECTED, RECONNECTED]


def test_handytech_waits_for_the_ack_and_sends_only_the_newest_frame() -> None:
    from braille_words.displays.emulators.handytech import HandyTechEmulator
    from braille_words.displays.spec import open_display

    emulator = HandyTechEmulator(40)
    emulator.start()
    try:
        with open_display(f"handytech:{emulator.path}") as shown:
            assert isinstance(shown, SerialDisplay)
            shown._ack_timeout = 30.0  # only the ACK may release the next frame
            emulator.hold_acks = True
            for n in range(1, 11):
                shown.write(bytes([n]) * 40)
            assert emulator.wait_for_cells(b"\x01" * 40)
            emulator.release_acks()
            assert emulator.wait_for_cells(b"\x0a" * 40)
            assert emulator.frames_received == 2
    finally:
        emulator.stop()


def test_status_cells_go_before_the_text_on_a_modular() -> None:
    from braille_words.displays.emulators import make_emulator
    from braille_words.displays.spec import open_display

    emulator = make_emulator("handytech", profile="modular-40")
    emulator.start()
    try:
        with open_display(f"modular-40:{emulator.path}") as shown:
            assert (shown.cells, shown.status_cells) == (40, 4)
            shown.write_status(b"\x0f\x0f")
            shown.write(b"\x01" * 40)
            assert emulator.wait_for_cells(b"\x01" * 40)
            assert emulator.status_shown == b"\x0f\x0f\x00\x00"  # type: ignore[attr-defined]
    finally:
        emulator.stop()


def test_focus_sends_only_the_changed_cells_on_the_wire() -> None:
    from braille_words.displays.codecs import focus
    from braille_words.displays.emulators.focus import FocusEmulator
    from braille_words.displays.spec import open_display

    emulator = FocusEmulator(40)
    emulator.start()
    try:
        with open_display(f"focus:{emulator.path}") as shown:
            shown.write(b"\x01" * 40)
            assert emulator.wait_for_cells(b"\x01" * 40)
            before = len(emulator.received)
            shown.write(b"\x01" * 20 + b"\x3f" + b"\x01" * 19)
            assert emulator.wait_for_cells(b"\x01" * 20 + b"\x3f" + b"\x01" * 19)
            assert bytes(emulator.received[before:]) == focus.encode_write(b"\x3f", 20)
    finally:
        emulator.stop()


def test_the_baum_emulator_answers_nvdas_protocol_on_probe() -> None:
    import os

    import serial

    from braille_words.displays.codecs import baum
    from braille_words.displays.emulators.baum import BaumEmulator

    emulator = BaumEmulator(24)
    emulator.start()
    try:
        port = serial.serial_for_url(emulator.path, baudrate=19200, timeout=1)
        port.write(
            baum.encode(baum.PROTOCOL_ONOFF, b"\x00") + baum.encode(baum.PROTOCOL_ONOFF, b"\x01")
        )
        host = baum.BaumHost()
        got = []
        while not got:
            chunk = port.read(1)
            assert chunk, "the emulator did not answer"
            got = host.feed(chunk)
        port.close()
        assert [(i.model, i.cells) for i in got] == [("Vario 24", 24)]  # type: ignore[union-attr]
        assert os.path.islink(emulator.path)
    finally:
        emulator.stop()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("socat") is None, reason="socat is not installed")
def test_a_display_behind_a_socket_url() -> None:
    """``focus:socket://host:port``: pyserial's URL transport, bridged to the pty by socat."""
    import socket
    import subprocess
    import time

    from braille_words.displays.emulators.focus import FocusEmulator
    from braille_words.displays.spec import open_display

    emulator = FocusEmulator(40)
    emulator.start()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bridge = subprocess.Popen(
        ["socat", f"TCP-LISTEN:{port},bind=127.0.0.1", f"FILE:{emulator.pty_path},raw,echo=0"],
        stderr=subprocess.DEVNULL,
    )
    try:
        shown = None
        deadline = time.monotonic() + 5
        while shown is None:
            try:
                shown = open_display(f"focus:socket://127.0.0.1:{port}")
            except BrailleWordsError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        with shown:
            assert shown.cells == 40
            shown.write(b"\x07" * 40)
            assert emulator.wait_for_cells(b"\x07" * 40)
            emulator.press_route(12)
            assert next_command(shown) == DisplayCommand("route", 12)
    finally:
        bridge.terminate()
        bridge.wait(timeout=5)
        emulator.stop()
