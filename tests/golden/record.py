"""Write the golden transcripts again: ``python tests/golden/record.py`` (review the diff)."""

from __future__ import annotations

from pathlib import Path

from golden_cases import CASES
from golden_run import play

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    for case in CASES:
        (HERE / f"{case.name}.txt").write_text(play(case), encoding="utf-8")
        print("recorded", case.name)
