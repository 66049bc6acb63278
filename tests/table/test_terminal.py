"""The terminal keyboard: any key stops speech at once, lines are edited and sent as before.

Real pseudo-terminals: the reader runs on the slave side, the test types on the master side
and reads the master to see what the player sees.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import select
import subprocess
import sys
import termios
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.table.terminal import (
    ESCAPE_WAIT,
    AboveTyping,
    LineEditor,
    NotATerminalError,
    TerminalReader,
)

WAIT = 10.0  # a guard against hanging, never a claim about speed
CHILD_WAIT = 120.0
"""The same guard for a step of a whole Python program started for the test: its start-up
alone (0.07 s of CPU) took 0.9-1.7 s of wall time at load 9 on the shared 2-core machine,
and a CI run of the whole suite once gave up at the 10 s guard. Each wait still ends as soon
as what it waits for is seen."""
UP, DOWN = b"\x1b[A", b"\x1b[B"

pytestmark = pytest.mark.timeout(60)


def _until(done: Callable[[], bool], what: str, wait: float = WAIT) -> None:
    deadline = time.monotonic() + wait
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.002)


class Screen:
    """What the player sees: the master side of a pseudo-terminal, read as it comes."""

    def __init__(self, master: int, wait: float = WAIT) -> None:
        self.master = master
        self.screen = b""
        self.wait = wait

    def see(self, text: str) -> str:
        """Read the screen until ``text`` shows; the whole screen so far."""
        deadline = time.monotonic() + self.wait
        while text not in self.screen.decode("utf-8", "replace"):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} never showed; screen: {self.screen!r}")
            if select.select([self.master], [], [], left)[0]:
                self.screen += os.read(self.master, 4096)
        return self.screen.decode("utf-8", "replace")


class Keyboard(Screen):
    """A reader on the slave side of a fresh pseudo-terminal, typed into from the master."""

    def __init__(self, secret: Callable[[], bool] = lambda: False) -> None:
        master, self.slave = os.openpty()
        super().__init__(master)
        self.before = termios.tcgetattr(self.slave)
        self._keys = 0
        self._count = threading.Lock()
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = TerminalReader(
            self.slave, on_key=self._key, on_line=self.lines.put, secret=secret
        )
        self.thread = threading.Thread(target=self.reader.run, daemon=True)
        self.thread.start()
        _until(lambda: not termios.tcgetattr(self.slave)[3] & termios.ICANON, "raw mode")

    def _key(self) -> None:
        with self._count:
            self._keys += 1

    @property
    def keys(self) -> int:
        with self._count:
            return self._keys

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def line(self) -> str | None:
        return self.lines.get(timeout=WAIT)

    def ended(self) -> bool:
        self.thread.join(WAIT)
        return not self.thread.is_alive()

    def close(self) -> None:
        self.reader.restore()
        self.thread.join(WAIT)
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):  # a hang-up test closed it already
                os.close(fd)


@pytest.fixture
def keyboard() -> Iterator[Callable[..., Keyboard]]:
    made: list[Keyboard] = []

    def make(secret: Callable[[], bool] = lambda: False) -> Keyboard:
        made.append(Keyboard(secret))
        return made[-1]

    yield make
    for kb in made:
        kb.close()


# -- key presses ------------------------------------------------------------------------


def test_every_key_is_reported_before_its_line(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.type(b"pas")
    _until(lambda: kb.keys == 3, "three key presses before Enter")
    kb.type(b"\r")
    assert kb.line() == "pas"
    assert kb.keys == 4
    assert "pas" in kb.see("pas")


def test_an_arrow_or_a_function_key_is_one_key_press(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    # Up, Down in application mode, Ctrl-Right, F5: four keys, nothing typed.
    for key in (UP, b"\x1bOB", b"\x1b[1;5C", b"\x1b[15~"):
        kb.type(key)
    kb.type(b"x\r")
    assert kb.line() == "x"
    assert kb.keys == 6


def test_escape_alone_stops_speech_and_does_not_eat_the_next_key(
    keyboard: Callable[..., Keyboard],
) -> None:
    kb = keyboard()
    kb.type(b"\x1b")
    _until(lambda: kb.keys == 1, "Escape as a key press")
    time.sleep(ESCAPE_WAIT * 6)  # a person types the next key long after
    kb.type(b"ok\r")
    assert kb.line() == "ok"
    assert kb.keys == 4


def test_control_keys_stop_speech_but_never_enter_the_line(
    keyboard: Callable[..., Keyboard],
) -> None:
    kb = keyboard()
    # Tab, Ctrl-S (no flow control: the screen must not freeze), Ctrl-\ and Ctrl-Z (no signal).
    kb.type(b"a\tb\x13\x11\x1c\x1ac\r")
    assert kb.line() == "abc"
    assert kb.keys == 9
    assert kb.thread.is_alive()


# -- line editing ------------------------------------------------------------------------


def test_backspace_removes_a_whole_polish_letter(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.type("zażółć".encode())
    kb.type(b"\x7f\x08")
    kb.type("ę\r".encode())
    assert kb.line() == "zażóę"
    assert kb.keys == 10
    screen = kb.see("ę")
    assert screen.startswith("zażółć\b \b\b \bę")


def test_bytes_that_are_not_utf8_are_dropped(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.type(b"\xff\xc5a\xc5")
    kb.type(b"\x82b\r")  # the second half of "ł" arrives in a later read
    assert kb.line() == "ałb"


def test_ctrl_u_erases_the_line_and_ctrl_w_a_word(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.type(b"zle slowo\x15dobre\r")
    assert kb.line() == "dobre"
    kb.type(b"ukladam kot\x17pies\r")
    assert kb.line() == "ukladam pies"


def test_an_empty_enter_is_sent_too(keyboard: Callable[..., Keyboard]) -> None:
    """Enter alone still stops speech in the session, as it did with input()."""
    kb = keyboard()
    kb.type(b"\r")
    assert kb.line() == ""


def test_a_crlf_pair_is_one_enter(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    termios_attrs = termios.tcgetattr(kb.slave)
    termios_attrs[0] &= ~termios.ICRNL  # the CR reaches the reader as CR
    termios.tcsetattr(kb.slave, termios.TCSANOW, termios_attrs)
    kb.type(b"a\r\nb\r\n")
    assert [kb.line(), kb.line()] == ["a", "b"]
    assert kb.lines.empty()


def test_up_and_down_walk_the_earlier_lines(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.type(b"pomoc\rgdzie\r")
    assert [kb.line(), kb.line()] == ["pomoc", "gdzie"]
    kb.type(UP + UP + b"\r")
    assert kb.line() == "pomoc"
    kb.type(b"do")
    kb.type(UP + DOWN + b"m\r")  # back down to the line being typed
    assert kb.line() == "dom"
    kb.type(UP + DOWN + DOWN + b"\r")
    assert kb.line() == ""
    assert "dom" in kb.see("dom")


def test_the_next_player_cannot_recall_the_lines_before_the_hand_over(
    keyboard: Callable[..., Keyboard],
) -> None:
    kb = keyboard()
    kb.type(b"ukladam kot\r")
    assert kb.line() == "ukladam kot"
    kb.reader.forget_history()
    kb.type(UP + b"\r")
    assert kb.line() == ""


# -- secret lines ------------------------------------------------------------------------


def test_a_secret_word_shows_only_stars(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard(secret=lambda: True)
    kb.type("żółw\r".encode())
    assert kb.line() == "żółw"
    screen = kb.see("****")
    assert set(screen) <= {"*", "\r", "\n"}
    assert "ż" not in screen and "w" not in screen


def test_secret_lines_stay_out_of_the_history(keyboard: Callable[..., Keyboard]) -> None:
    secret = [False]
    kb = keyboard(secret=lambda: secret[0])
    kb.type(b"pomoc\r")
    assert kb.line() == "pomoc"
    secret[0] = True
    kb.type(b"tajne\r")
    assert kb.line() == "tajne"
    kb.type(UP + b"\r")  # no history while a secret is typed
    assert kb.line() == ""
    secret[0] = False
    kb.type(UP + b"\r")
    assert kb.line() == "pomoc"
    assert "tajne" not in kb.see("*****\r\r\n\r\r\npomoc")


def test_secrecy_is_asked_at_the_start_of_each_line(keyboard: Callable[..., Keyboard]) -> None:
    """The game decides between lines (a word is due): the line typed next follows it."""
    secret = [False]
    kb = keyboard(secret=lambda: secret[0])
    kb.type(b"jawne\r")
    assert kb.line() == "jawne"
    secret[0] = True
    kb.type(b"ukryte\r")
    assert kb.line() == "ukryte"
    screen = kb.see("******")
    assert "jawne" in screen and "ukryte" not in screen


# -- other output --------------------------------------------------------------------------


def test_news_is_printed_above_the_half_typed_line(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.type(b"ab")
    kb.see("ab")
    kb.reader.write_above("Twoja kolej.")
    screen = kb.see("Twoja kolej.\r\r\nab")
    assert screen.endswith("ab\r\x1b[KTwoja kolej.\r\r\nab")
    kb.type(b"c\r")
    assert kb.line() == "abc"


def test_the_games_output_goes_above_the_half_typed_line_a_whole_line_at_a_time(
    keyboard: Callable[..., Keyboard],
) -> None:
    kb = keyboard()
    kb.type(b"sto")
    kb.see("sto")
    raw = io.StringIO()
    out = AboveTyping(kb.reader, raw)
    out.write("Komputer ")  # not a whole line yet: nothing moves
    out.write("układa: KOT.\nTwój ")
    screen = kb.see("Komputer układa: KOT.\r\r\nsto")
    assert "Twój" not in screen
    out.write("ruch.\n")
    kb.see("Twój ruch.\r\r\nsto")
    kb.type(b"jak\r")
    assert kb.line() == "stojak"
    assert raw.getvalue() == ""  # everything went through the reader, above the input


def test_redraw_shows_the_pending_line_again(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard(secret=lambda: True)
    kb.type(b"ab")
    kb.see("**")
    kb.reader.redraw()
    kb.see("****")


# -- the end and the terminal settings ------------------------------------------------------


def test_ctrl_d_on_an_empty_line_ends_and_restores_the_terminal(
    keyboard: Callable[..., Keyboard],
) -> None:
    kb = keyboard()
    kb.type(b"ab\x04\x7f\x7f\x04")  # Ctrl-D with text in the line does nothing
    assert kb.line() is None
    assert kb.ended()
    assert termios.tcgetattr(kb.slave) == kb.before
    assert kb.keys == 6


def test_restore_from_another_thread_ends_the_reader(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    kb.reader.restore()
    kb.reader.restore()  # twice is harmless
    assert kb.ended()
    assert termios.tcgetattr(kb.slave) == kb.before
    assert kb.lines.empty()  # stopping is not the end of input


def test_restore_before_run_keeps_the_terminal_untouched() -> None:
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        reader = TerminalReader(slave, on_key=lambda: None, on_line=print, secret=lambda: False)
        reader.restore()
        reader.run()  # returns at once
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


def test_a_hang_up_ends_input(keyboard: Callable[..., Keyboard]) -> None:
    kb = keyboard()
    os.close(kb.master)
    assert kb.line() is None
    assert kb.ended()


def test_a_pipe_is_not_a_terminal() -> None:
    read, write = os.pipe()
    try:
        with pytest.raises(NotATerminalError, match="not a terminal"):
            TerminalReader(read, on_key=lambda: None, on_line=print, secret=lambda: False)
    finally:
        os.close(read)
        os.close(write)


CHILD = """
import queue, sys, threading, fcntl, termios, os, signal
# A background job of a non-interactive shell (a CI run started with "&") ignores SIGINT, and
# so does every program it starts: Python then leaves Ctrl-C ignored in this one too.
signal.signal(signal.SIGINT, signal.default_int_handler)
from braille_words.table.terminal import TerminalReader
fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # the pty is this program's terminal: Ctrl-C reaches it
lines = queue.Queue()
reader = TerminalReader(0, on_key=lambda: None, on_line=lines.put, secret=lambda: False)
threading.Thread(target=reader.run, daemon=True).start()
try:
    while (line := lines.get()) is not None:
        reader.write_above(f"got {line}")
except KeyboardInterrupt:
    reader.restore()
    reader.write_above("interrupted")
    sys.exit(130)
"""


@pytest.mark.timeout(600)  # four waits of a program on a loaded machine (CHILD_WAIT)
def test_ctrl_c_interrupts_a_real_program_which_restores_the_terminal(tmp_path: Path) -> None:
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdin=slave,
        stdout=slave,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=tmp_path,
    )
    kb = Screen(master, CHILD_WAIT)
    try:
        _until(lambda: not termios.tcgetattr(slave)[3] & termios.ICANON, "raw mode", CHILD_WAIT)
        os.write(master, "słowo\r".encode())
        kb.see("got słowo")
        os.write(master, b"\x03")
        kb.see("interrupted")
        assert child.wait(CHILD_WAIT) == 130
        assert termios.tcgetattr(slave) == before
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(WAIT)
        assert child.stderr is not None
        child.stderr.close()
        os.close(master)
        os.close(slave)


def test_an_arrow_split_by_a_slow_link_is_still_one_key() -> None:
    editor = LineEditor(lambda: False)
    editor.feed(b"ok\r")
    first = editor.feed(b"\x1b")
    assert first.keys == 1 and editor.lone_escape
    assert not editor.feed(b"[1;").keys
    assert not editor.lone_escape  # a sequence has begun: no hurry to end it
    later = editor.feed(b"2A\r")
    assert later.lines == ["ok"] and later.keys == 1


# -- the editor fed with anything ---------------------------------------------------------


def _fed_lines(editor: LineEditor, chunks: list[bytes]) -> tuple[list[str | None], str, int]:
    lines: list[str | None] = []
    echo, keys = "", 0
    for chunk in chunks:
        fed = editor.feed(chunk)
        lines += fed.lines
        echo += fed.echo
        keys += fed.keys
        if editor.lone_escape and len(chunk) % 3 == 0:
            editor.end_escape()  # now and then the reader's wait runs out
    return lines, echo, keys


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=24), max_size=12), st.booleans())
def test_no_bytes_put_a_control_character_in_a_line_or_a_secret_on_screen(
    chunks: list[bytes], secret: bool
) -> None:
    editor = LineEditor(lambda: secret)
    lines, echo, keys = _fed_lines(editor, chunks)
    assert keys <= sum(len(c) for c in chunks)
    for line in lines:
        assert line is None or all(ch.isprintable() for ch in line)
    assert lines.count(None) <= 1 and None not in lines[:-1]
    if secret:
        assert set(echo) <= {"*", "\b", " ", "\r", "\n"}
        assert set(editor.shown) <= {"*"}


KEYS = st.sampled_from(
    [*"abcxyz ", *"ąćęłńóśźżĄŻ", "\r", "\x7f", "\x08", "\x15", "\x17", "\x1b[A", "\x1b[B", "\t"]
)


def _screen_row(echo: str) -> tuple[str, str]:
    """A terminal's last row after ``echo``: the text before the cursor and after it."""
    row: list[str] = []
    col = 0
    for ch in echo:
        if ch == "\n":
            row, col = [], 0
        elif ch == "\r":
            col = 0
        elif ch == "\b":
            col = max(0, col - 1)
        else:
            assert unicodedata.combining(ch) == 0
            row[col : col + 1] = [ch]
            col += 1
    return "".join(row[:col]), "".join(row[col:])


@settings(max_examples=200, deadline=None)
@given(st.lists(KEYS, max_size=40), st.booleans())
def test_what_is_on_screen_is_what_will_be_sent(keys: list[str], secret: bool) -> None:
    editor = LineEditor(lambda: secret)
    _, echo, count = _fed_lines(editor, [k.encode() for k in keys])
    before, after = _screen_row(echo)
    assert before == editor.shown
    assert after.strip() == ""
    assert count == len(keys)
    assert editor.shown == ("*" * len(editor.line) if secret else editor.line)
