"""How long the Rummikub computer player thinks, and whether seeded games all finish.

Plays N seeded computer-vs-computer games (strong vs strong by default) on the full compiled
Polish lexicon and prints the median and worst time per computer move, next to a baseline
measured in the same run: one bare anagram search of the same rack (``lexicon.anagrams(rack,
min_len=3)``), the least any move search must do. Also prints one full game's length and
score, and how many games finished with no error (``--games 1000`` for the 1 000-game check).

    .venv/bin/python benchmarks/bench_rummikub.py [--games 100] [--level strong] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameRun:
    seed: int
    ok: bool = True
    error: str = ""
    move_times: list[float] = field(default_factory=list)
    base_times: list[float] = field(default_factory=list)
    turns: int = 0
    moves: int = 0
    scores: list[int] = field(default_factory=list)
    reason: str | None = None
    words: list[str] = field(default_factory=list)
    worst: tuple[float, int, str, int] = (0.0, 0, "", 0)
    """The slowest move: seconds, turn, rack, words on the table."""


def play(seed: int, level: str) -> GameRun:
    from braille_words.games.word_rummikub.computer import choose_move
    from braille_words.games.word_rummikub.rules import Options, Rules, word_text
    from braille_words.lexicon import get_lexicon

    lex = get_lexicon("pl")
    rules = Rules(lex, Options())
    run = GameRun(seed)
    try:
        state, _ = rules.new(["cpu1", "cpu2"], seed)
        rng = random.Random(seed)
        while not state.is_over:
            if run.moves > 3000:
                raise RuntimeError("the game did not end in 3000 moves")
            seat = min(state.awaiting)
            rack = "".join(t.letter or "?" for t in state.racks[seat])
            t0 = time.perf_counter()
            lex.anagrams(rack, min_len=3)
            t1 = time.perf_counter()
            move = choose_move(rules, state, seat, level, rng)
            t2 = time.perf_counter()
            state, _ = rules.apply(state, seat, move)
            run.base_times.append(t1 - t0)
            run.move_times.append(t2 - t1)
            if t2 - t1 > run.worst[0]:
                run.worst = (t2 - t1, state.turns_played, rack, len(state.table))
            run.moves += 1
        run.turns = state.turns_played
        run.scores = list(state.scores)
        run.reason = state.end_reason
        run.words = [word_text(w) for w in state.table]
    except Exception as exc:  # the benchmark counts every failure instead of stopping
        run.ok = False
        run.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}"
    return run


def polish_lexicon() -> Any | None:
    """The full Polish lexicon, or None after saying how to build it (nothing to measure)."""
    from braille_words.errors import BrailleWordsError
    from braille_words.lexicon import get_lexicon

    try:
        return get_lexicon("pl")
    except BrailleWordsError as exc:
        print(f"The full Polish lexicon is not built, so there is nothing to measure: {exc}")
        print("Build it with: braille-words lexicon build")
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", default="strong", choices=["beginner", "medium", "strong"])
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="one game: proves the benchmark runs")
    args = ap.parse_args(argv)
    if args.quick:
        args.games = 1

    lex = polish_lexicon()
    if lex is None:
        return 1
    print(f"lexicon: {lex!r}")
    print(f"{args.games} seeded games, {args.level} vs {args.level}, {args.workers} worker(s)")
    seeds = range(args.first_seed, args.first_seed + args.games)
    started = time.perf_counter()
    runs: list[GameRun] = []

    def note(run: GameRun) -> None:
        runs.append(run)
        if len(runs) % 100 == 0 and len(runs) < args.games:
            errors = sum(1 for r in runs if not r.ok)
            print(f"  … {len(runs)} games played, {errors} with an error", flush=True)

    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for run in pool.map(play, seeds, [args.level] * args.games):
                note(run)
    else:
        for seed in seeds:
            note(play(seed, args.level))
    wall = time.perf_counter() - started

    ok = [r for r in runs if r.ok]
    bad = [r for r in runs if not r.ok]
    moves = [t for r in ok for t in r.move_times]
    base = [t for r in ok for t in r.base_times]
    print(f"finished with no error: {len(ok)} of {len(runs)} games ({wall:.0f} s in all)")
    for r in bad[:3]:
        print(f"  seed {r.seed} failed: {r.error}")
    if moves:
        print(f"computer moves timed: {len(moves)}")
        print(
            f"time per computer move: median {statistics.median(moves) * 1000:.0f} ms, "
            f"worst {max(moves) * 1000:.0f} ms"
        )
        print(
            f"baseline (one anagram search of the same rack): median "
            f"{statistics.median(base) * 1000:.1f} ms, worst {max(base) * 1000:.0f} ms"
        )
        slow = max(ok, key=lambda r: r.worst[0])
        print(
            f"slowest move: seed {slow.seed}, turn {slow.worst[1]}, rack {slow.worst[2]!r}, "
            f"{slow.worst[3]} words on the table"
        )
        turns = [r.turns for r in ok]
        print(
            f"game length: median {statistics.median(turns):.0f} turns "
            f"(min {min(turns)}, max {max(turns)})"
        )
        tops = [max(r.scores) for r in ok]
        print(f"winning score: median {statistics.median(tops):.0f} (max {max(tops)})")
        ends = {reason: sum(1 for r in ok if r.reason == reason) for r in ok
                for reason in [r.reason]}
        print(f"how games ended: {ends}")
        g = ok[0]
        print(
            f"one full game (seed {g.seed}): {g.turns} turns, {g.moves} moves, scores "
            f"{g.scores}, ended by {g.reason}; table: {', '.join(g.words)}"
        )
    return 0 if not bad else 2


if __name__ == "__main__":
    sys.exit(main())
