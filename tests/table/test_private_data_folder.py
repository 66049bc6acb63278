"""Another account on the teacher's computer (issue 31): a game played in a data folder under
an open home leaves nothing another account can list or read, neither in the data folder (the
saved game's journal, the activity log, the kept caches) nor in /tmp or /dev/shm while the game
runs. Played as a person plays it, by the program with the usual umask; read as the account
``nobody``. Without root the modes alone are checked."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.test_private_state import open_home as open_home
from tests.net.test_private_state import umask_022 as umask_022

__all__ = ["open_home", "umask_022"]

SHARED = (Path("/tmp"), Path("/dev/shm"))
"""Where every account may look for what a running program left."""

OURS = ("braille-words-", "bw-display-")
"""How the program's own temporary files and folders are named (speech-dispatcher's folder, a
crash's log, an emulated display's; a test's own open home, ``bw-open-home-``, is open)."""


def _others_may(path: Path) -> bool:
    """Whether the group or anyone else has any right to ``path`` (a link's own is none; one
    gone meanwhile, another test's, none)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return False
    return not stat.S_ISLNK(info.st_mode) and bool(stat.S_IMODE(info.st_mode) & 0o077)


def _as_nobody(*args: str) -> subprocess.CompletedProcess[str] | None:
    """``args`` run as the account ``nobody``; None where this test cannot act as it."""
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        return None
    return subprocess.run(["runuser", "-u", "nobody", "--", *args], capture_output=True,
                          text=True, timeout=60)


def _ours_in_shared() -> set[Path]:
    return {entry for folder in SHARED if folder.is_dir() for entry in folder.iterdir()
            if entry.name.startswith(OURS)}


def test_a_game_in_an_open_home_leaves_nothing_another_account_can_read(
    open_home: Path, polish: Any, umask_022: None
) -> None:
    from braille_words.lexicon.store import lexicon_dir

    data = open_home / "data"
    data.mkdir()
    (data / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    env = dict(os.environ, BRAILLE_WORDS_DATA=str(data), PYTHONUNBUFFERED="1")
    before = _ours_in_shared()
    game = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "play", "--players", "human,computer",
         "--seed", "3", "--speech", "text", "--display", "console:14"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env=env)
    try:
        assert game.stdin is not None
        game.stdin.write("stojak\n")
        game.stdin.flush()
        deadline = time.monotonic() + 120
        while not list(data.glob("sessions/*.jsonl")) and game.poll() is None:
            assert time.monotonic() < deadline, "the game wrote no journal"
            time.sleep(0.1)
        # While it runs: what it keeps in the shared folders is its account's alone.
        made = _ours_in_shared() - before
        open_to_others = [p for p in made if _others_may(p)]
        assert open_to_others == [], f"open to other accounts: {open_to_others}"
        game.stdin.write("wyjdź\n")  # saved, to go on with later
        game.stdin.close()
        assert game.wait(timeout=120) == 0, game.stderr.read() if game.stderr else ""
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()

    kept = [p for p in data.rglob("*") if p.name != "lexicon"]
    journals = [p for p in kept if p.suffix == ".jsonl"]
    assert journals and any(p.parent.name == "cache" for p in kept), kept
    open_to_others = [p for p in kept if _others_may(p)]
    assert open_to_others == [], f"open to other accounts: {open_to_others}"

    listed = _as_nobody("find", str(data))
    if listed is None:
        pytest.skip("the modes are private; reading as another account needs root and runuser")
    seen = set(listed.stdout.split())
    assert str(data / "sessions") in seen, listed.stderr  # the account could look at all
    inside = [p for p in kept if p.parent != data and str(p) in seen]
    assert inside == [], f"another account lists {inside}"
    assert "Permission denied" in listed.stderr
    for path in journals:
        read = _as_nobody("cat", str(path))
        assert read is not None and read.returncode != 0 and not read.stdout, path
        assert "Permission denied" in read.stderr
