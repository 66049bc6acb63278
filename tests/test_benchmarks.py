"""Every benchmark runs, once, in its quick mode: a benchmark that cannot run protects nothing.

No time is judged here (a loaded CI machine would make that a coin toss); a quick run fails
only where the benchmark itself checks an answer (the generator against its reference, no
move lost, a game that ends) or cannot run at all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("bench_*.py"))


def test_every_benchmark_is_listed_here() -> None:
    assert len(SCRIPTS) >= 11


MARKS = {
    "bench_web.py": [pytest.mark.xdist_group("browser")],
}


@pytest.mark.parametrize(
    "script", [pytest.param(s, marks=MARKS.get(s, [])) for s in SCRIPTS],
)
def test_benchmark_runs_in_quick_mode(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--quick"],
        capture_output=True, text=True, timeout=280, cwd=BENCHMARKS.parent,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip(), "a benchmark prints its figures"
