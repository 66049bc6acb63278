"""A hostile player's table: the real program in a subprocess, fed by pipes and killed at will.

Each worker gets its own data folder whose ``lexicon`` is a link to the compiled lexicon the
suite already uses, so journals and crash reports of these runs stay out of the player's own
folder and out of each other's way under xdist.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CRASH = "something went wrong inside the program"



@pytest.fixture(scope="session")
def bw_data(tmp_path_factory: pytest.TempPathFactory, polish: Any) -> Path:
    """A data folder of our own that sees the already-built lexicon."""
    from braille_words.lexicon.store import lexicon_dir

    data = tmp_path_factory.mktemp("bw-data")
    (data / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    return data


@dataclass
class Run:
    """One finished run of ``braille-words``: its exit status and both streams, decoded."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    @property
    def lines(self) -> list[str]:
        return self.stdout.splitlines()


RunBW = Callable[..., Run]


def env_for(data: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["BRAILLE_WORDS_DATA"] = str(data)
    env.pop("PYTHONIOENCODING", None)
    env.update(extra or {})
    return env


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "braille_words.cli", *args]


def assert_no_crash(run: Run) -> None:
    """What a player may never meet: a traceback, or the program giving up on itself."""
    assert "Traceback" not in run.stderr, run.stderr
    assert "Traceback" not in run.stdout
    assert CRASH not in run.stderr, (run.args, run.stderr)
    assert run.returncode in (0, 1), (run.args, run.returncode, run.stderr)
    if run.returncode == 1:
        # A refusal is one sentence a person can act on, not silence.
        assert run.stderr.strip().startswith("braille-words:"), run.stderr


@pytest.fixture(scope="session")
def bw(bw_data: Path) -> RunBW:
    """Run ``braille-words ARGS`` with ``stdin`` (text or raw bytes) as its script."""

    def run(
        *args: str,
        stdin: str | bytes = b"",
        env: dict[str, str] | None = None,
        check: bool = True,
        timeout: float = 120,
    ) -> Run:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        done = subprocess.run(
            command(*args),
            input=data,
            capture_output=True,
            env=env_for(bw_data, env),
            timeout=timeout,
        )
        result = Run(
            tuple(args),
            done.returncode,
            done.stdout.decode("utf-8", errors="replace"),
            done.stderr.decode("utf-8", errors="replace"),
        )
        if check:
            assert_no_crash(result)
        return result

    return run


def script(lines: Sequence[str]) -> str:
    return "".join(line + "\n" for line in lines)
