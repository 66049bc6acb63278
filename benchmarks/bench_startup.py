"""Start-up weight, measured from outside as a user's machine sees it.

Each command runs in a fresh interpreter several times; the median is compared with a bare
``python -c pass`` measured in the same run, so the ratios hold on a slow or a busy machine.

- ``braille-words --help`` (goal: at most 8× bare Python);
- the first prompt of ``play rummikub --speech text --display none`` (goal: at most 15×):
  the time until the game says "Twój ruch" (after the computer's opening move with seed 1),
  with the line "wyjdź" waiting on stdin.

    python benchmarks/bench_startup.py [--runs 7]

Exit status 1 when a goal is missed. The game's data folder is ``BRAILLE_WORDS_DATA`` or the
user's own (the Polish lexicon must be built); journals go to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HELP_GOAL = 8.0
PROMPT_GOAL = 15.0
FIRST_PROMPT = ("Twój ruch", "Your move")
"""The first line a person can answer. The opening ("… Ruch: Komputer.") comes earlier, but
with seed 1 the computer starts: the person waits for its move too, so that is timed."""


def _time_run(args: list[str], env: dict[str, str], stdin: bytes = b"") -> float:
    start = time.perf_counter()
    subprocess.run(args, input=stdin, env=env, capture_output=True, check=True)
    return time.perf_counter() - start


def _time_to_prompt(args: list[str], env: dict[str, str]) -> float:
    """Seconds until the game's first prompt is on its standard output."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("wyjdź\n".encode())
    proc.stdin.flush()
    elapsed = None
    for raw in proc.stdout:
        if any(word in raw.decode("utf-8", "replace") for word in FIRST_PROMPT):
            elapsed = time.perf_counter() - start
            break
    proc.stdin.close()
    proc.stdout.close()
    proc.wait(timeout=60)
    if elapsed is None:
        raise SystemExit("the game never prompted; is the Polish lexicon built?")
    return elapsed


def median(measure: object, runs: int) -> float:
    assert callable(measure)
    measure()  # warm the disk cache and .pyc files
    return statistics.median(measure() for _ in range(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true",
                        help="one run, no verdict on the times: proves this runs")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    env = dict(os.environ)
    # A player's installed copy has its bytecode (pip compiles it at install; a source
    # checkout writes it on the first run). A shell that forbids .pyc files would time the
    # compiler on every start instead of the game: 153 ms instead of 85 ms on this machine.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    py = sys.executable
    bw = [py, "-m", "braille_words.cli"]
    with tempfile.TemporaryDirectory() as folder:
        game = [
            *bw,
            "play",
            "rummikub",
            "--speech",
            "text",
            "--display",
            "none",
            "--seed",
            "1",
            "--journal",
        ]
        counter = iter(range(1_000_000))

        def prompt() -> float:
            return _time_to_prompt([*game, f"{folder}/game-{next(counter)}.jsonl"], env)

        bare = median(lambda: _time_run([py, "-c", "pass"], env), args.runs)
        helps = median(lambda: _time_run([*bw, "--help"], env), args.runs)
        first = median(prompt, args.runs)
    help_ratio, prompt_ratio = helps / bare, first / bare
    print(f"bare python -c pass        {bare * 1000:7.1f} ms")
    print(
        f"braille-words --help       {helps * 1000:7.1f} ms  {help_ratio:5.1f}x  "
        f"(goal <= {HELP_GOAL:g}x)"
    )
    print(
        f"first prompt of rummikub   {first * 1000:7.1f} ms  {prompt_ratio:5.1f}x  "
        f"(goal <= {PROMPT_GOAL:g}x)"
    )
    return 0 if args.quick or (help_ratio <= HELP_GOAL and prompt_ratio <= PROMPT_GOAL) else 1


if __name__ == "__main__":
    sys.exit(main())
