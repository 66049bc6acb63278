"""A student's own USB keyboard: the kernel's input_event records, decoded into lines for
that seat alone. The records go through a pipe, as the kernel writes them to the device."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.table.usb_keyboard import (
    EV_KEY,
    KEY_BACKSPACE,
    KEY_ENTER,
    KEY_ESC,
    KEY_LEFTSHIFT,
    KEY_RIGHTALT,
    PRESS,
    RELEASE,
    KeyLines,
    UsbKeyboard,
    decode,
    encode,
)

EV_SYN = 0


def tap(code: int, *, shift: bool = False, altgr: bool = False) -> bytes:
    """One key pressed and let go, with the modifiers held around it, and the SYN reports
    a real keyboard sends after each change."""
    sync = encode(EV_SYN, 0, 0)
    out = b""
    if shift:
        out += encode(EV_KEY, KEY_LEFTSHIFT, PRESS) + sync
    if altgr:
        out += encode(EV_KEY, KEY_RIGHTALT, PRESS) + sync
    out += encode(EV_KEY, code, PRESS) + sync + encode(EV_KEY, code, RELEASE) + sync
    if altgr:
        out += encode(EV_KEY, KEY_RIGHTALT, RELEASE) + sync
    if shift:
        out += encode(EV_KEY, KEY_LEFTSHIFT, RELEASE) + sync
    return out


def codes() -> dict[str, int]:
    evdev = pytest.importorskip("evdev", reason="python3-evdev is linked in by setup.sh")
    return {name: int(getattr(evdev.ecodes, name)) for name in dir(evdev.ecodes)
            if name.startswith("KEY_") and isinstance(getattr(evdev.ecodes, name), int)}


def typed(text: str) -> bytes:
    """The key presses that type ``text`` on a Polish programmer's keyboard."""
    names = codes()
    polish = {"ą": "a", "ć": "c", "ę": "e", "ł": "l", "ń": "n", "ó": "o", "ś": "s",
              "ź": "x", "ż": "z"}
    out = b""
    for char in text:
        base = polish.get(char.lower(), char.lower())
        name = "KEY_SPACE" if base == " " else f"KEY_{base.upper()}"
        out += tap(names[name], shift=char.isupper(), altgr=char.lower() in polish)
    return out + tap(KEY_ENTER)


def through_a_pipe(data: bytes, chunk: int = 7) -> tuple[list[str], int]:
    """What a keyboard reading ``data`` from a pipe sends, written in torn pieces."""
    lines: list[str] = []
    presses = [0]

    def pressed() -> None:
        presses[0] += 1

    keyboard = UsbKeyboard("/dev/null", on_line=lines.append, on_key=pressed,
                           on_status=lambda _key: None)
    read_end, write_end = os.pipe()

    def write() -> None:
        for start in range(0, len(data), chunk):
            os.write(write_end, data[start:start + chunk])
        os.close(write_end)

    writer = threading.Thread(target=write)
    writer.start()
    keyboard.pump(read_end)
    writer.join()
    os.close(read_end)
    return lines, presses[0]


def test_our_key_codes_are_the_kernels() -> None:
    names = codes()
    assert (names["KEY_ENTER"], names["KEY_BACKSPACE"], names["KEY_ESC"]) == (
        KEY_ENTER, KEY_BACKSPACE, KEY_ESC)
    assert (names["KEY_LEFTSHIFT"], names["KEY_RIGHTALT"]) == (KEY_LEFTSHIFT, KEY_RIGHTALT)
    lines = KeyLines()
    for letter in "qwertyuiopasdfghjklzxcvbnm":
        lines.feed(EV_KEY, names[f"KEY_{letter.upper()}"], PRESS)
    assert lines.line == "qwertyuiopasdfghjklzxcvbnm"


def test_polish_letters_come_with_altgr_and_capitals_with_shift() -> None:
    lines, _presses = through_a_pipe(typed("Zażółć gęślą jaźń"))
    assert lines == ["Zażółć gęślą jaźń"]


def test_a_command_typed_in_torn_reads_arrives_whole_and_each_press_is_a_key() -> None:
    lines, presses = through_a_pipe(typed("stojak") + typed("dobierz"), chunk=5)
    assert lines == ["stojak", "dobierz"]
    assert presses == len("stojak") + len("dobierz") + 2  # every letter and each Enter


def test_backspace_takes_a_letter_back_and_escape_clears_the_line() -> None:
    names = codes()
    data = (tap(names["KEY_K"]) + tap(names["KEY_O"]) + tap(names["KEY_X"]) + tap(KEY_BACKSPACE)
            + tap(names["KEY_T"]) + tap(KEY_ENTER)
            + tap(names["KEY_A"]) + tap(KEY_ESC) + tap(KEY_ENTER))
    lines, _presses = through_a_pipe(data)
    assert lines == ["kot", ""]


@given(st.binary(max_size=600))
def test_any_bytes_from_the_device_are_read_without_an_error(data: bytes) -> None:
    lines = KeyLines()
    for kind, code, value in decode(data):
        lines.feed(kind, code, value)


def test_a_seats_own_keyboard_acts_for_that_seat_only(tmp_path: Path, polish: Any) -> None:
    import io

    from braille_words.games.registry import find_game
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seats import SeatConfig
    from braille_words.table.session import Input

    seats = [SeatConfig(name="Ola", display="none", speech="none", keyboard="none"),
             SeatConfig(name="Ewa", display="none", speech="none", keyboard="/dev/input/x")]
    streams = [io.StringIO(), io.StringIO()]
    session = new_session(
        find_game("rummikub"), seats, seed=3, journal_path=tmp_path / "g.jsonl",
        lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
                 for i, s in enumerate(seats)],
    )
    lines, _presses = through_a_pipe(typed("stojak"))
    heard_by_ola = streams[0].getvalue()
    for line in lines:
        session.inputs.put(Input(1, line))
    session.pump()
    assert streams[1].getvalue().splitlines()[-1].startswith("Stojak, 14 płytek")
    assert streams[0].getvalue() == heard_by_ola


def test_a_virtual_keyboard_on_uinput_types_a_line() -> None:
    if not os.path.exists("/dev/uinput"):
        pytest.skip("this machine has no /dev/uinput to make a virtual keyboard on")
    evdev = pytest.importorskip("evdev", reason="python3-evdev is linked in by setup.sh")
    try:
        device = evdev.UInput(name="braille-words test keyboard")
    except OSError as exc:
        pytest.skip(f"/dev/uinput cannot be opened here: {exc}")
    lines: list[str] = []
    try:
        keyboard = UsbKeyboard(device.device.path, on_line=lines.append, on_key=lambda: None,
                               on_status=lambda _key: None)
        keyboard.start()
        for code in (evdev.ecodes.KEY_K, evdev.ecodes.KEY_O, evdev.ecodes.KEY_T, KEY_ENTER):
            device.write(evdev.ecodes.EV_KEY, code, 1)
            device.write(evdev.ecodes.EV_KEY, code, 0)
            device.syn()
        deadline = 50
        while not lines and deadline:
            threading.Event().wait(0.1)
            deadline -= 1
        keyboard.close()
        assert lines == ["kot"]
    finally:
        device.close()


def test_a_keyboard_that_cannot_be_used_is_told_to_the_teacher_and_in_stan(
    tmp_path: Path, polish: Any
) -> None:
    """A blind student cannot fix a keyboard's path or permissions: the teacher hears it at
    once, and ``stan`` says it until the keyboard works."""
    import io

    from braille_words.games.registry import find_game
    from braille_words.table.cli import _close, _seat_keyboards
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seats import SeatConfig
    from braille_words.table.session import KEYBOARD

    pytest.importorskip("evdev")
    seats = [SeatConfig(name="Ola", display="none", speech="none", keyboard="none"),
             SeatConfig(name="Ewa", display="none", speech="none", keyboard="/dev/null")]
    streams = [io.StringIO(), io.StringIO()]
    session = new_session(
        find_game("rummikub"), seats, seed=3, journal_path=tmp_path / "g.jsonl",
        lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
                 for i, s in enumerate(seats)],
    )
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    keyboards = _seat_keyboards(session)
    try:
        session.pump()
        assert "Klawiatura /dev/null jest niedostępna" in streams[1].getvalue()
        assert "Ewa: klawiatura nie działa" in console.getvalue()
        before = len(console.getvalue())
        session.handle(KEYBOARD, "stan")
        assert "Ewa: klawiatura nie działa" in console.getvalue()[before:]
    finally:
        _close(session, keyboards)
