"""A second USB keyboard that belongs to one seat.

At a classroom table one computer has several keyboards: the terminal's (the teacher's) and a
student's own. Linux gives each keyboard an event device with a stable name under
``/dev/input/by-id/``; it is opened with python-evdev (Debian ``python3-evdev``) and *grabbed*,
so its keys reach only this seat and never also type into the terminal.

The kernel's ``input_event`` records are decoded here, not by the library, so that the same
code reads a real keyboard and a pipe in a test: ``KeyLines`` turns key presses into lines
(US layout with Polish letters on AltGr, the "Polish programmer's" layout every Polish
keyboard uses), and ``UsbKeyboard`` reads the device in a thread, finds it again after it is
unplugged, and says so.
"""

from __future__ import annotations

import contextlib
import os
import struct
import threading
from collections.abc import Callable, Iterator
from typing import Any

from braille_words.errors import BrailleWordsError

EVENT = struct.Struct("@llHHi")
"""struct input_event: the time (two longs), type, code and value."""
EV_KEY = 1
PRESS, RELEASE, REPEAT = 1, 0, 2

# Key codes from linux/input-event-codes.h (a stable kernel ABI).
KEY_ESC, KEY_BACKSPACE, KEY_ENTER, KEY_KPENTER = 1, 14, 28, 96
KEY_LEFTSHIFT, KEY_RIGHTSHIFT, KEY_CAPSLOCK, KEY_RIGHTALT = 42, 54, 58, 100

_ROWS = {
    2: "1!", 3: "2@", 4: "3#", 5: "4$", 6: "5%", 7: "6^", 8: "7&", 9: "8*", 10: "9(", 11: "0)",
    12: "-_", 13: "=+", 26: "[{", 27: "]}", 39: ";:", 40: "'\"", 41: "`~", 43: "\\|",
    51: ",<", 52: ".>", 53: "/?", 57: "  ",
    55: "**", 74: "--", 78: "++", 98: "//", 83: "..",
    71: "77", 72: "88", 73: "99", 75: "44", 76: "55", 77: "66", 79: "11", 80: "22", 81: "33",
    82: "00",
}
_LETTERS = dict(zip(
    (16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35, 36, 37, 38,
     44, 45, 46, 47, 48, 49, 50),
    "qwertyuiopasdfghjklzxcvbnm",
    strict=True,
))
POLISH_ALTGR = {"a": "ą", "c": "ć", "e": "ę", "l": "ł", "n": "ń", "o": "ó", "s": "ś",
                "x": "ź", "z": "ż"}


def decode(data: bytes) -> Iterator[tuple[int, int, int]]:
    """(type, code, value) of each whole record in ``data``; a torn tail is left out."""
    for offset in range(0, len(data) - EVENT.size + 1, EVENT.size):
        _sec, _usec, kind, code, value = EVENT.unpack_from(data, offset)
        yield kind, code, value


def encode(kind: int, code: int, value: int) -> bytes:
    """One record as the kernel writes it (for tests and a virtual keyboard)."""
    return EVENT.pack(0, 0, kind, code, value)


class KeyLines:
    """Key presses in, typed lines out: Shift, Caps Lock and AltGr for Polish letters,
    Backspace takes a letter back, Escape clears the line, Enter sends it."""

    def __init__(self) -> None:
        self.line = ""
        self._shift: set[int] = set()
        self._altgr = False
        self._caps = False

    def feed(self, kind: int, code: int, value: int) -> tuple[bool, str | None]:
        """(was it a key press, the line Enter sent or None)."""
        if kind != EV_KEY:
            return False, None
        if code in (KEY_LEFTSHIFT, KEY_RIGHTSHIFT):
            if value == RELEASE:
                self._shift.discard(code)
            else:
                self._shift.add(code)
            return value == PRESS, None
        if code == KEY_RIGHTALT:
            self._altgr = value != RELEASE
            return value == PRESS, None
        if value == RELEASE:
            return False, None
        if code == KEY_CAPSLOCK:
            if value == PRESS:
                self._caps = not self._caps
            return True, None
        if code in (KEY_ENTER, KEY_KPENTER):
            line, self.line = self.line, ""
            return True, line
        if code == KEY_BACKSPACE:
            self.line = self.line[:-1]
        elif code == KEY_ESC:
            self.line = ""
        else:
            self.line += self._char(code)
        return True, None

    def _char(self, code: int) -> str:
        shifted = bool(self._shift)
        letter = _LETTERS.get(code)
        if letter is not None:
            if self._altgr:
                letter = POLISH_ALTGR.get(letter, letter)
            return letter.upper() if shifted != self._caps else letter
        pair = _ROWS.get(code)
        if pair is None:
            return ""  # a function key, an arrow: nothing to type
        return pair[1] if shifted else pair[0]


Status = Callable[[str], None]


class UsbKeyboard:
    """One seat's own keyboard, read in a thread: each press calls ``on_key`` (the seat's
    speech stops), each Enter sends the line with ``on_line``. When the keyboard is unplugged
    it is looked for again every second, and ``on_status`` hears "keyboard_lost" and
    "keyboard_back"."""

    RETRY_SECONDS = 1.0

    def __init__(
        self,
        path: str,
        *,
        on_line: Callable[[str], None],
        on_key: Callable[[], None],
        on_status: Status,
    ) -> None:
        self.path = path
        self._on_line = on_line
        self._on_key = on_key
        self._on_status = on_status
        self._keys = KeyLines()
        self._closed = threading.Event()
        self._device: object | None = None

    def open(self) -> int:
        """The grabbed device's file descriptor; ``BrailleWordsError`` when it cannot be."""
        try:
            import evdev  # Debian python3-evdev, linked into the virtualenv by setup.sh
        except ImportError:
            raise BrailleWordsError.coded("keyboard_no_evdev") from None
        try:
            device = evdev.InputDevice(self.path)
            device.grab()  # its keys no longer type into the terminal
        except OSError as exc:
            raise BrailleWordsError.coded(
                "keyboard_unusable", path=self.path, reason=exc.strerror or str(exc)
            ) from None
        self._device = device
        return int(device.fd)

    def check(self) -> None:
        """Open the keyboard as the game will (grabbed), see that it has letter keys, and
        let it go: ``roster check`` finds a keyboard that exists but cannot be read (no
        permission, a mouse, /dev/null) before the lesson, not when the student types."""
        self.open()
        try:
            import evdev

            device: Any = self._device
            keys = device.capabilities().get(evdev.ecodes.EV_KEY, [])
            if evdev.ecodes.KEY_A not in keys or KEY_ENTER not in keys:
                raise BrailleWordsError.coded("keyboard_no_letters", path=self.path)
        finally:
            self._release()

    def start(self) -> None:
        """Open now and read in the background. A keyboard that is not there yet is looked for
        in the background too, and the mistake is raised to be said at once; without
        python-evdev there is nothing to look with."""
        try:
            fd: int | None = self.open()
        except BrailleWordsError as exc:
            if exc.code != "keyboard_no_evdev":
                self._thread(None)
            raise
        self._thread(fd)

    def _thread(self, fd: int | None) -> None:
        threading.Thread(target=self._run, args=(fd,), name=f"keyboard {self.path}",
                         daemon=True).start()

    def _run(self, fd: int | None) -> None:
        while not self._closed.is_set():
            if fd is not None:
                self.pump(fd)
                if self._closed.is_set():
                    return
                self._on_status("keyboard_lost")
                self._release()
                fd = None
            while fd is None and not self._closed.wait(self.RETRY_SECONDS):
                try:
                    fd = self.open()
                except BrailleWordsError:
                    continue
                self._on_status("keyboard_back")

    def pump(self, fd: int) -> None:
        """Read records from ``fd`` until it ends or fails (the keyboard was unplugged)."""
        pending = b""
        while not self._closed.is_set():
            try:
                chunk = os.read(fd, EVENT.size * 64)
            except OSError:
                return
            if not chunk:
                return
            pending += chunk
            whole = len(pending) - len(pending) % EVENT.size
            for kind, code, value in decode(pending[:whole]):
                pressed, line = self._keys.feed(kind, code, value)
                if pressed:
                    self._on_key()
                if line is not None:
                    self._on_line(line)
            pending = pending[whole:]

    def _release(self) -> None:
        device, self._device = self._device, None
        if device is not None:
            with contextlib.suppress(OSError):
                device.ungrab()  # type: ignore[attr-defined]
            with contextlib.suppress(OSError):
                device.close()  # type: ignore[attr-defined]

    def close(self) -> None:
        self._closed.set()
        self._release()
