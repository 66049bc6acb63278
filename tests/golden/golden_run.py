"""Play one golden case as a user's pipe would: a fresh data folder that sees the built lexicon."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from golden_cases import Case


def play(case: Case) -> str:
    from braille_words.lexicon.store import lexicon_dir

    with tempfile.TemporaryDirectory() as data:
        (Path(data) / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
        env = dict(os.environ, BRAILLE_WORDS_DATA=data, LANG="C.UTF-8")
        env.pop("BRAILLE_WORDS_LANG", None)
        run = subprocess.run(
            [sys.executable, "-m", "braille_words.cli", *case.args],
            input="".join(f"{line}\n" for line in case.typed),
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=240,
            check=False,
        )
        # The journal's path holds the temporary folder and the start time: not the game's.
        out = run.stdout.replace(data, "$DATA")
        return out + f"--- exit {run.returncode}\n"
