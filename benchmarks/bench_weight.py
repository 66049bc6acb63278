"""How heavy each game's whole computer-vs-computer game is, against Rummikub's in the same
run.

Runs each game as a user would (``braille-words play … --display none --speech text`` in a
subprocess, on the compiled lexicons of the data folder) and prints, per game, the peak
resident memory of the process (``os.wait4``'s rusage) and the start-up time (from launch to
its first line of output), with 7 słów / Rummikub ratios. Issue 17's goal: 7 słów ≤ 80 MB
peak and ≤ 2× Rummikub's start-up; issue 36's: every game ≤ 50 MB peak, whatever the deal
(three seeds: one deal can stay under the goal while another's search goes over it). The
first run of each is also the one with the coldest page cache for its files.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_weight.py [--runs 3] [--seeds 3,1,5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMON = ("--display", "none", "--speech", "text")
GAMES: dict[str, tuple[str, ...]] = {
    "rummikub": ("play", "rummikub", "--players", "computer,computer", "--seed", "3", *COMMON),
    "7 słów": ("play", "siedem-slow", "--players", "computer,computer", "--seed", "3", *COMMON),
    "word thief": ("play", "word-thief", "--players", "computer,computer", "--seed", "3", *COMMON),
    "alicja": ("play", "alicja", "--players", "computer,computer,computer", "--seed", "3",
               "--no-timer", *COMMON),
    "scrabble": ("play", "scrabble-karty", "--players", "computer,computer", "--seed", "3",
                 *COMMON),
}
PEAK_GOAL_MB = 50.0
"""Issue 36: every game's whole computer-only game at most this peak (Word Thief's was
82–87 MB, held by an anagram index of Python dictionaries)."""


def run(args: tuple[str, ...]) -> tuple[float, float, float, int]:
    """(start-up s, whole game s, peak RSS MB, exit status) of one game."""
    env = dict(os.environ, LANG="C.UTF-8")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a player's copy has its bytecode
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdout is not None
    proc.stdout.readline()
    first = time.perf_counter() - started
    proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    whole = time.perf_counter() - started
    return first, whole, usage.ru_maxrss / 1024, proc.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seeds", default="3,1,5",
                        help="the deals each game is played with (its peak is the heaviest)")
    parser.add_argument("--quick", action="store_true", help="one run: proves this runs")
    args = parser.parse_args()
    seeds = [s for s in args.seeds.split(",") if s]
    if args.quick:
        args.runs, seeds = 1, seeds[:1]
    results: dict[str, list[tuple[float, float, float, int]]] = {g: [] for g in GAMES}
    heaviest_seed: dict[str, tuple[float, str]] = {}
    for _ in range(max(1, args.runs)):
        for seed in seeds:
            for name, game in GAMES.items():
                at = game.index("--seed") + 1
                measured = run((*game[:at], seed, *game[at + 1:]))
                results[name].append(measured)
                if measured[2] > heaviest_seed.get(name, (0.0, ""))[0]:
                    heaviest_seed[name] = (measured[2], seed)
    summary: dict[str, tuple[float, float, float]] = {}
    failed = False
    for name, runs in results.items():
        bad = [r[3] for r in runs if r[3] != 0]
        failed = failed or bool(bad)
        first = runs[0]
        med = (
            statistics.median(r[0] for r in runs),
            statistics.median(r[1] for r in runs),
            max(r[2] for r in runs),
        )
        summary[name] = med
        print(
            f"{name:9} start-up {med[0] * 1000:6.0f} ms (first run {first[0] * 1000:.0f} ms), "
            f"whole game {med[1]:5.2f} s, peak RSS {med[2]:5.1f} MB"
            + (f" (seed {heaviest_seed[name][1]} of {', '.join(seeds)})" if len(seeds) > 1 else "")
            + (f"  EXIT STATUS {bad}" if bad else "")
        )
    heaviest = max(summary, key=lambda name: summary[name][2])
    peak = summary[heaviest][2]
    print(f"heaviest: {heaviest} {peak:.1f} MB, {peak / summary['rummikub'][2]:.2f}x Rummikub's; "
          f"goal every game ≤ {PEAK_GOAL_MB:g} MB: {'met' if peak <= PEAK_GOAL_MB else 'MISSED'}")
    seven, rummi = summary["7 słów"], summary["rummikub"]
    print(
        f"7 słów / rummikub: start-up {seven[0] / rummi[0]:.2f}x (goal ≤ 2), "
        f"peak RSS {seven[2] / rummi[2]:.2f}x ({seven[2]:.0f} MB; goal ≤ 80 MB)"
    )
    return 1 if failed else 0  # a game that did not end well measures nothing


if __name__ == "__main__":
    raise SystemExit(main())
