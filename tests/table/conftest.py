"""A real table: the compiled Polish lexicon, real rules, seats whose outputs are transcripts."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.games.registry import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Session

MakeTable = Callable[..., tuple[Session, list[io.StringIO]]]


@pytest.fixture
def data(tmp_path: Path, polish: Any) -> Path:
    """A data folder of the test's own (``BRAILLE_WORDS_DATA`` for the programs it starts)
    that sees the already-built lexicon, whatever ``BRAILLE_WORDS_DATA`` the tests run with:
    the games it writes are the test's, the lexicon is shared and never written."""
    from braille_words.lexicon.store import lexicon_dir

    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    return folder


@pytest.fixture
def make_table(tmp_path: Path, polish: Any) -> MakeTable:
    """A session whose seats each write to their own transcript (and nothing else)."""

    def make(
        kinds: Sequence[str] = ("human", "human"),
        *,
        seed: int = 3,
        game: str = "rummikub",
        options: dict[str, Any] | None = None,
        outputs: list[SeatOutput] | None = None,
    ) -> tuple[Session, list[io.StringIO]]:
        seats = [
            SeatConfig(name=f"Gracz{i + 1}", kind=k, display="none", speech="none")
            for i, k in enumerate(kinds)
        ]
        streams = [io.StringIO() for _ in seats]
        if outputs is None:
            outputs = [
                SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
                for i, s in enumerate(seats)
            ]
        session = new_session(
            find_game(game),
            seats,
            seed=seed,
            options=options,
            journal_path=tmp_path / "game.jsonl",
            lexicon=polish,
            outputs=outputs,
        )
        return session, streams

    return make


def until(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Wait for something another thread does (a display's reader, the game loop)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


class KeysCarriedOut:
    """The keys of a seat's display that the seat has carried out, counted on the display's
    reader thread: a test that presses a key waits for it to be carried out, never for "some
    frame", which under load can be an older one still in the pty (a race it may lose)."""

    def __init__(self, out: SeatOutput) -> None:
        self.out = out
        self._done = threading.Condition()
        self._pressed = self._carried_out = 0

    def on_command(self, command: Any) -> None:
        """The seat's own handler (give this to ``open_display``), then the count."""
        try:
            self.out.on_display_command(command)
        finally:
            with self._done:
                self._carried_out += 1
                self._done.notify_all()

    def press(self, emu: Emulator, command: str, timeout: float) -> None:
        """Press ``command`` on ``emu`` and wait until the seat has carried it out."""
        self._pressed += 1
        emu.press_command(command)
        with self._done:
            assert self._done.wait_for(lambda: self._carried_out >= self._pressed, timeout), \
                f"the {command} key was never carried out"


@pytest.fixture(name="until")
def until_fixture() -> Callable[..., bool]:
    return until


def _emulated(cells: int) -> Iterator[Emulator]:
    emu = make_emulator("baum", cells)
    emu.start()
    yield emu
    emu.stop()


@pytest.fixture
def baum() -> Iterator[Emulator]:
    """A 40-cell Baum display emulated on a pseudo-terminal."""
    yield from _emulated(40)


@pytest.fixture
def baum14() -> Iterator[Emulator]:
    """A 14-cell Baum display without status cells: messages need panning."""
    yield from _emulated(14)


RunBW = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def run_bw() -> RunBW:
    """Run ``braille-words ARGS`` with ``stdin`` as its script; it must not show a traceback."""

    def run(*args: str, stdin: str = "", ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "braille_words.cli", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert "Traceback" not in done.stderr
        if ok:
            assert done.returncode == 0, done.stderr
        return done

    return run


RummikubOnDisplay = Callable[..., tuple[Session, SeatOutput]]


@pytest.fixture
def rummikub_on_display(polish: Any) -> Iterator[RummikubOnDisplay]:
    """A two-person Rummikub table (Ola and Jan, no journal) whose first seat, Ola, reads on
    the emulated display it is given (``baum14``: what a short display shows), at ``seed``;
    ``hold_news``: she reads her news rather than hearing it. Closed after the test."""
    from braille_words.displays.spec import open_display

    made: list[Session] = []

    def make(emu: Emulator, *, seed: int, hold_news: bool = False) -> tuple[Session, SeatOutput]:
        out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=hold_news)
        out.attach_display(open_display(f"baum:{emu.path}", on_command=out.on_display_command))
        seats = [SeatConfig(name="Ola", display="none", speech="none"),
                 SeatConfig(name="Jan", display="none", speech="none")]
        other = SeatOutput(name="Jan", lang="pl", verbosity="beginner")
        session = new_session(find_game("rummikub"), seats, seed=seed, journal_path=None,
                              lexicon=polish, outputs=[out, other])
        made.append(session)
        return session, out

    yield make
    for session in made:
        session.close()
