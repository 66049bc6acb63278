"""Reading a terminal's keyboard key by key, so that any key stops the current speech.

A terminal in its usual (canonical) mode hands a line over only when Enter is pressed, so a
player who presses a key to silence a long sentence is not heard until the line ends. Here the
terminal is switched to non-canonical mode without echo and the reader edits the line itself:
each key press is reported the moment it arrives, and finished lines are reported as before.

Two parts, so that every byte sequence can be tested without a terminal:

- ``LineEditor`` turns bytes into key presses, echo and finished lines; it does no I/O.
- ``TerminalReader`` owns the terminal: it sets the mode, reads on its own thread, writes the
  echo, and always puts the settings back (at the end of input, from ``restore()``, at exit).

Ctrl-C still interrupts the program (ISIG stays on), but Ctrl-\\ and Ctrl-Z become ordinary
keys: they would otherwise kill or stop the program and leave the terminal without echo.
Ctrl-S and Ctrl-Q are ordinary keys too: flow control would freeze every message on screen,
and a player who cannot see the screen would not know why.
"""

from __future__ import annotations

import atexit
import codecs
import contextlib
import io
import os
import selectors
import termios
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from braille_words.errors import BrailleWordsError

ESCAPE_WAIT = 0.05
"""Seconds an Escape may wait for the rest of a sequence before it counts as the Escape key.

Terminals send an arrow's bytes in one write, so they arrive together; a person cannot type
the next key this fast. Without the wait, a key typed after Escape would be eaten as Alt-key.
"""

HISTORY_SIZE = 100

_ESC = "\x1b"
_BACKSPACES = frozenset({"\x7f", "\x08"})
_CTRL_D = "\x04"
_CTRL_U = "\x15"
_CTRL_W = "\x17"
_CSI_MAX = 32  # a longer "sequence" is garbage, not a key; give up on it


class NotATerminalError(BrailleWordsError):
    """The keyboard is not a terminal (a pipe, a file): read it line by line instead."""


@dataclass
class Fed:
    """What some bytes of input amounted to, in the order the reader acts on them.

    ``keys`` key presses (an escape sequence is one), ``echo`` to write to the screen, and the
    finished ``lines`` (``None``: input ended).
    """

    keys: int = 0
    echo: str = ""
    lines: list[str | None] = field(default_factory=list)
    pans: list[str] = field(default_factory=list)
    """Left and Right arrows, "pan_left" and "pan_right": the console display's thumb keys
    (the line editor moves no cursor); End, "bottom": its bottom key (on the message line,
    skip the news waiting to the newest)."""


def _cells(shown: str) -> int:
    """Screen columns a character takes, so Backspace erases exactly what was drawn."""
    if unicodedata.combining(shown):
        return 0
    return 2 if unicodedata.east_asian_width(shown) in ("W", "F") else 1


class LineEditor:
    """A one-line editor fed with raw terminal bytes; no I/O, so any input can be tested.

    Only printable characters enter a line, so a line never holds a control character or a
    piece of an escape sequence. Bytes that are not UTF-8 are dropped.
    """

    def __init__(self, secret: Callable[[], bool]) -> None:
        self._secret_now = secret
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self._chars: list[str] = []
        self._shown: list[str] = []  # what each character put on screen ("*" for a secret)
        self._secret = False
        self._escape = ""  # the escape sequence read so far ("" outside one)
        self._after_cr = False
        self._history: list[str] = []
        self._index = 0  # in the history; len(history) is the line being typed
        self._draft = ""
        self.ended = False

    @property
    def lone_escape(self) -> bool:
        """Whether Escape came last, alone: the reader then waits ``ESCAPE_WAIT`` at most.

        Once a sequence has begun (Escape and ``[``), it waits for its end however long it
        takes, so an arrow split by a slow link does not type its last byte as a letter.
        """
        return self._escape == _ESC

    @property
    def line(self) -> str:
        return "".join(self._chars)

    @property
    def shown(self) -> str:
        """The pending line as it stands on screen (stars for a secret)."""
        return "".join(self._shown)

    def feed(self, data: bytes) -> Fed:
        fed = Fed()
        if not self.ended:
            for char in self._decoder.decode(data):
                self._char(char, fed)
                if self.ended:
                    break
        return fed

    def end_escape(self) -> None:
        """Nothing followed Escape in time: it was the Escape key alone (already counted)."""
        self._escape = ""

    # -- one character -----------------------------------------------------------------

    def _char(self, char: str, fed: Fed) -> None:
        if self._escape and self._sequence(char, fed):
            return
        after_cr, self._after_cr = self._after_cr, char == "\r"
        if char == "\n" and after_cr:
            return  # the second half of a CR LF: one Enter
        fed.keys += 1
        if char == _ESC:
            self._escape = _ESC
        elif char in "\r\n":
            self._enter(fed)
        elif char in _BACKSPACES:
            self._erase(fed, self._last_char_span())
        elif char == _CTRL_U:
            self._erase(fed, len(self._chars))
        elif char == _CTRL_W:
            self._erase(fed, self._last_word_span())
        elif char == _CTRL_D:
            if not self._chars:
                self.ended = True
                fed.lines.append(None)
        elif char.isprintable():
            self._begin()
            shown = "*" if self._secret else char
            self._chars.append(char)
            self._shown.append(shown)
            fed.echo += shown

    def _sequence(self, char: str, fed: Fed) -> bool:
        """Go on with an open escape sequence; False if ``char`` is not part of it."""
        seq = self._escape
        code = ord(char)
        if seq == _ESC:
            if char in "[O":
                self._escape = seq + char
                return True
            self._escape = ""
            # Alt with a key is one key press; anything else starts afresh.
            return 0x20 <= code < 0x7F
        if seq[1] == "[" and 0x20 <= code <= 0x3F and len(seq) < _CSI_MAX:
            self._escape = seq + char
            return True
        self._escape = ""
        if 0x40 <= code <= 0x7E:
            if char == "A":
                self._recall(fed, -1)
            elif char == "B":
                self._recall(fed, +1)
            elif char in "CD" and seq == "\x1b[":
                fed.pans.append("pan_right" if char == "C" else "pan_left")
            elif (char == "F" and seq in ("\x1b[", "\x1bO")) or (
                    char == "~" and seq in ("\x1b[4", "\x1b[8")):
                fed.pans.append("bottom")  # End: the display's bottom key, skip to now
            return True
        return False

    # -- line editing --------------------------------------------------------------------

    def forget(self) -> None:
        """Drop the history: the next player at a shared keyboard must not recall these lines."""
        self._history, self._index, self._draft = [], 0, ""

    def _begin(self) -> None:
        """At the start of a line, ask whether it is a secret (the game may have moved on)."""
        if self._chars:
            return
        try:
            self._secret = bool(self._secret_now())
        except Exception:
            self._secret = True  # when in doubt, hide what is typed
        self._shown = []

    def _enter(self, fed: Fed) -> None:
        line = self.line
        fed.echo += "\r\n"
        fed.lines.append(line)
        if not self._secret and line.strip() and self._history[-1:] != [line]:
            self._history = [*self._history, line][-HISTORY_SIZE:]
        self._index = len(self._history)
        self._draft = ""
        self._chars, self._shown = [], []
        self._secret = False

    def _last_char_span(self) -> int:
        """How many code points the last character is (a letter with its combining marks)."""
        n = 0
        while n < len(self._chars) and unicodedata.combining(self._chars[-1 - n]):
            n += 1
        return min(n + 1, len(self._chars))

    def _last_word_span(self) -> int:
        n = len(self._chars)
        while n and self._chars[n - 1] == " ":
            n -= 1
        while n and self._chars[n - 1] != " ":
            n -= 1
        return len(self._chars) - n

    def _erase(self, fed: Fed, count: int) -> None:
        if count <= 0:
            return
        gone = self._shown[-count:]
        del self._chars[-count:]
        del self._shown[-count:]
        width = sum(_cells(c) for c in gone)
        fed.echo += "\b \b" * width

    def _recall(self, fed: Fed, step: int) -> None:
        """Up and Down walk the earlier lines; a secret line has no history."""
        self._begin()
        if self._secret:
            return
        index = self._index + step
        if not 0 <= index <= len(self._history):
            return
        if self._index == len(self._history):
            self._draft = self.line
        self._index = index
        text = self._history[index] if index < len(self._history) else self._draft
        self._erase(fed, len(self._chars))
        self._chars, self._shown = list(text), list(text)
        fed.echo += text


class TerminalReader:
    """The keyboard of a terminal, read key by key on a thread of its own.

    ``on_key()`` is called for every key press, before the line it belongs to is handed to
    ``on_line(line)``; ``on_line(None)`` says input ended (Ctrl-D on an empty line, or the
    terminal hung up). ``secret()`` is asked at the start of each line: a secret line echoes
    ``*`` and stays out of the history. The callbacks are called on the reading thread and
    never with the reader's lock held; ``secret()`` is the exception, so it must not print.
    """

    def __init__(
        self,
        fd: int,
        *,
        on_key: Callable[[], None],
        on_line: Callable[[str | None], None],
        secret: Callable[[], bool],
        out: int | None = None,
        on_pan: Callable[[str], None] | None = None,
    ) -> None:
        if not os.isatty(fd):
            raise NotATerminalError("the keyboard is not a terminal, so it is read line by line")
        self._fd = fd
        self._out = fd if out is None else out
        self._on_key = on_key
        self._on_line = on_line
        self._on_pan = on_pan
        self._editor = LineEditor(secret)
        self._lock = threading.RLock()
        self._saved: list[Any] | None = None
        self._closed = False
        self._wake: tuple[int, int] | None = None

    def run(self) -> None:
        """Read until input ends or ``restore()`` is called; the settings are always put back."""
        with self._lock:
            if self._closed:
                return
            saved = termios.tcgetattr(self._fd)
            self._wake = os.pipe()
            termios.tcsetattr(self._fd, termios.TCSANOW, self._mode(saved))
            self._saved = saved
            atexit.register(self.restore)
        try:
            self._loop(self._wake[0])
        finally:
            self.restore()
            atexit.unregister(self.restore)
            with self._lock:
                wake, self._wake = self._wake, None
            for end in wake or ():
                os.close(end)

    def restore(self) -> None:
        """Put the terminal back as it was and end ``run``; safe to call twice, from any thread."""
        with self._lock:
            self._closed = True
            if self._wake is not None:
                with contextlib.suppress(OSError):  # the pipe is full: run wakes anyway
                    os.write(self._wake[1], b"x")
            saved, self._saved = self._saved, None
            if saved is not None:
                # A terminal that is gone has nothing left to restore.
                with contextlib.suppress(termios.error, OSError):
                    termios.tcsetattr(self._fd, termios.TCSANOW, saved)

    def redraw(self) -> None:
        """Show the half-typed line again, after other output has left the cursor on a new line."""
        with self._lock:
            self._write(self._editor.shown)

    def draft(self) -> str:
        """The line typed so far and not yet sent (a secret line too: the table only asks
        whether something is being typed, and never says it aloud)."""
        with self._lock:
            return self._editor.line

    def forget_history(self) -> None:
        """Drop the lines Up would recall, when the keyboard passes to the next player."""
        with self._lock:
            self._editor.forget()

    def write_above(self, text: str) -> None:
        """Print whole lines above the half-typed line, which then stands intact below them.

        Flush any buffered stream that writes to the same terminal first.
        """
        if not text.endswith("\n"):
            text += "\n"
        with self._lock:
            shown = self._editor.shown
            self._write(("\r\x1b[K" if shown else "") + text.replace("\n", "\r\n") + shown)

    # -- inside --------------------------------------------------------------------------

    def _mode(self, saved: list[Any]) -> list[Any]:
        mode = [*saved]
        mode[0] = saved[0] & ~termios.IXON
        # No line editing and no echo by the terminal: this reader does both. ISIG stays, so
        # Ctrl-C interrupts the program as before.
        local = termios.ICANON | termios.ECHO | termios.ECHONL | termios.IEXTEN
        mode[3] = (saved[3] & ~local) | termios.ISIG
        cc = [*saved[6]]
        cc[termios.VMIN] = 1
        cc[termios.VTIME] = 0
        try:
            disabled = os.fpathconf(self._fd, "PC_VDISABLE")
        except (OSError, ValueError):
            disabled = 0
        for name in (termios.VQUIT, termios.VSUSP):
            cc[name] = bytes([disabled & 0xFF])
        mode[6] = cc
        return mode

    def _loop(self, wake: int) -> None:
        with selectors.DefaultSelector() as selector:
            selector.register(self._fd, selectors.EVENT_READ)
            selector.register(wake, selectors.EVENT_READ)
            while True:
                ready = selector.select(ESCAPE_WAIT if self._editor.lone_escape else None)
                if any(key.fd == wake for key, _ in ready):
                    return
                if not ready:
                    with self._lock:
                        self._editor.end_escape()
                    continue
                try:
                    data = os.read(self._fd, 4096)
                except OSError:
                    data = b""  # EIO: the terminal hung up
                if not data:
                    self._on_line(None)
                    return
                with self._lock:
                    fed = self._editor.feed(data)
                    self._write(fed.echo)
                for _ in range(fed.keys):
                    self._on_key()
                on_pan = self._on_pan
                if on_pan is not None:
                    for pan in fed.pans:
                        on_pan(pan)
                for line in fed.lines:
                    self._on_line(line)
                if self._editor.ended:
                    return

    def _write(self, text: str) -> None:
        data = text.encode("utf-8")
        while data:
            try:
                written = os.write(self._out, data)
            except OSError:
                return  # the screen is gone; the keyboard may still work
            data = data[written:]


class AboveTyping(io.TextIOBase):
    """Standard output for the game while a ``TerminalReader`` edits a line: each whole line
    printed goes above the half-typed one, which stays intact below it instead of being run
    over by a sentence. Text without its newline yet waits for it."""

    def __init__(self, reader: TerminalReader, raw: TextIO) -> None:
        super().__init__()
        self._reader = reader
        self.raw = raw
        self._pending = ""
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            self._pending += text
            done, sep, self._pending = self._pending.rpartition("\n")
        if sep:
            self.raw.flush()
            self._reader.write_above(done + "\n")
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"
