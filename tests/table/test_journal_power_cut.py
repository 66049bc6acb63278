"""A power cut right after a game starts must not lose the new journal: the file's contents are
fsync'ed, and so is its folder (the new name in it), once, when the journal is made."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def test_the_journals_folder_is_synced_when_the_journal_is_made(
    tmp_path: Path, polish: Any
) -> None:
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip("strace is not installed: the system calls cannot be watched")
    from braille_words.lexicon.store import lexicon_dir

    data = tmp_path / "data"
    data.mkdir()
    (data / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    folder = tmp_path / "gry"
    log = tmp_path / "calls.txt"
    done = subprocess.run(
        [strace, "-f", "-e", "trace=openat,fsync", "-o", str(log), sys.executable, "-m",
         "braille_words.cli", "play", "rummikub", "--display", "none", "--speech", "text",
         "--journal", str(folder / "ola.jsonl")],
        input="wyjdź\n", capture_output=True, text=True, timeout=300,
        env=dict(os.environ, BRAILLE_WORDS_DATA=str(data)),
    )
    if done.returncode != 0 and "ptrace" in done.stderr:
        pytest.skip(f"strace cannot watch processes here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    calls = log.read_text()
    opened = re.findall(
        rf'openat\(AT_FDCWD, "{re.escape(str(folder))}", O_RDONLY[^)]*O_DIRECTORY[^)]*\) = (\d+)',
        calls,
    )
    assert opened, "the folder was never opened to be synced"
    assert any(re.search(rf"fsync\({fd}\) += 0", calls) for fd in opened)
