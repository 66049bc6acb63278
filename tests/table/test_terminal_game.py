"""A real game in a real (pseudo-)terminal: one key silences the speech before Enter, and the
terminal is given back as it was, however the game ends."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from braille_words.speech.recorder import read_records

WAIT = 60.0


def _eventually(check: object, what: str) -> None:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if callable(check) and check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Game:
    """``braille-words play`` with a pseudo-terminal as its controlling terminal."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.before = termios.tcgetattr(slave)
        self.record = tmp_path / "speech.jsonl"
        env = dict(os.environ, BRAILLE_WORDS_DATA=os.environ.get("BRAILLE_WORDS_DATA", ""))
        if not env["BRAILLE_WORDS_DATA"]:
            del env["BRAILLE_WORDS_DATA"]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "braille_words.cli", "play", "rummikub", "--seed", "3",
             "--display", "none", "--speech", f"record:{self.record}", "--no-timer",
             "--journal", str(tmp_path / "game.jsonl"), *args],
            stdin=slave, stdout=slave, stderr=slave, start_new_session=True, env=env,
        )
        self.slave = slave
        self.screen = b""

    def read(self) -> str:
        while True:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.screen += chunk
        return self.screen.decode("utf-8", "replace")

    def records(self) -> list[dict[str, object]]:
        if not self.record.exists():
            return []
        return list(read_records(self.record, stops=True))

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def finish(self) -> int:
        try:
            code = self.proc.wait(WAIT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        self.read()
        return code

    def close(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


@pytest.fixture
def game(tmp_path: Path) -> object:
    made: list[Game] = []

    def start(*args: str) -> Game:
        made.append(Game(tmp_path, *args))
        return made[-1]

    yield start
    for g in made:
        if g.proc.poll() is None:
            g.proc.kill()
        g.close()


def test_one_key_stops_the_speech_before_the_line_is_finished(game: object) -> None:
    g = game()  # type: ignore[operator]
    _eventually(lambda: any("Twój ruch" in str(r["text"]) or "Ruch:" in str(r["text"])
                            for r in g.records()), "the first announcement")
    stops = sum(1 for r in g.records() if r.get("event") == "stop")
    g.type(b"x")  # one key, no Enter
    _eventually(lambda: sum(1 for r in g.records() if r.get("event") == "stop") > stops,
                "the key to stop the speech")
    g.type(b"\x15wyjd\xc5\xba\r")  # Ctrl-U erases the x; then quit
    assert g.finish() == 0
    assert termios.tcgetattr(g.slave) == g.before
    assert "Gra zapisana." in " ".join(str(r["text"]) for r in g.records())


def test_a_polite_kill_gives_the_terminal_back_and_keeps_the_game(
    game: object, tmp_path: Path
) -> None:
    g = game()  # type: ignore[operator]
    _eventually(lambda: bool(g.records()), "the first announcement")
    _eventually(lambda: termios.tcgetattr(g.slave) != g.before, "the key-by-key mode")
    g.proc.send_signal(signal.SIGTERM)
    assert g.finish() == 130
    assert termios.tcgetattr(g.slave) == g.before
    assert "braille-words resume" in g.read()
    assert (tmp_path / "game.jsonl").read_text(encoding="utf-8").startswith("{")


def test_the_closing_lines_of_a_polish_game_are_polish(game: object) -> None:
    """After 'wyjdź' the player has heard "Gra zapisana…": no English line follows it."""
    g = game()  # type: ignore[operator]
    _eventually(lambda: bool(g.records()), "the first announcement")
    _eventually(lambda: termios.tcgetattr(g.slave) != g.before, "the key-by-key mode")
    g.type("wyjdź\r".encode())
    assert g.finish() == 0
    screen = g.read()
    assert "Gra zapisana." in " ".join(str(r["text"]) for r in g.records())
    assert "the game is saved" not in screen and "goes on with it" not in screen


def test_a_polish_game_stopped_by_a_kill_says_so_in_polish(game: object) -> None:
    g = game()  # type: ignore[operator]
    _eventually(lambda: bool(g.records()), "the first announcement")
    _eventually(lambda: termios.tcgetattr(g.slave) != g.before, "the key-by-key mode")
    g.proc.send_signal(signal.SIGTERM)
    assert g.finish() == 130
    screen = g.read()
    assert "braille-words: Gra zapisana;" in screen.replace("\r", "")
    assert "Plik gry: " in screen
    assert "the game is saved" not in screen
