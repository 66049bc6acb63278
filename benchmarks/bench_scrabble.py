"""How fast Scrabble karty's move generator lists every legal move, next to the slow
reference in the same run.

Seeded mid-game positions on a 15×15 table with the full compiled Polish lexicon (the board
after nine random legal moves, as the tests build them), each searched with a hand of 7 cards
holding no blank, one blank and two blanks. The fast generator (``movegen.all_moves``) and the
reference (``tests/games/scrabble_reference.py``: every stretch of every line, each word
checked with ``__contains__``) must list the same moves.
Goals: median ≤ 100 ms with 0–1 blanks, worst ≤ 1 s with 2 blanks.

Then the strong computer's whole move (finding the best few placements by the cheap score,
the rules judging them) on the same boards with two blanks in the hand, and its first move on
an empty table with two blanks. Goals: worst ≤ 500 ms, and ≤ 1.2× the generator's worst of the
same run (it searches the same graph, skipping what cannot score enough, and the rules judge
24). Times are CPU seconds (time.process_time): eight jobs share this machine's two cores.

    .venv/bin/python benchmarks/bench_scrabble.py [--positions 20] [--size 15]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from braille_words.games.scrabble_cards.computer import choose_move
from braille_words.games.scrabble_cards.movegen import all_moves
from braille_words.games.scrabble_cards.rules import Options, Rules
from braille_words.lexicon import Lexicon, get_lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "games"))
from scrabble_reference import board_words, dawg_fits, mid_game, reference_moves

clock = time.process_time
GOAL_MEDIAN_MS = 100.0
GOAL_WORST_MS = 1000.0
GOAL_COMPUTER_MS = 500.0
GOAL_COMPUTER_RATIO = 1.2
"""The strong computer's worst two-blank move against the generator's worst, same run."""


def computer_times(lexicon: Lexicon, positions: int, size: int) -> tuple[list[float], float]:
    """The strong computer's move with two blanks: on each mid-game board, and first."""
    rules = Rules(lexicon, Options(board_size=size))
    times: list[float] = []
    for seed in range(positions):
        rows, hand = mid_game(seed, lexicon, 2, n=size)
        state, _ = rules.from_position(["A", "B"], seed, {
            "hands": [" ".join(hand), ""], "board": board_words(rows)})
        start = clock()
        choose_move(rules, state, 0, "strong", random.Random(seed))
        times.append(clock() - start)
    state, _ = rules.from_position(["A", "B"], 1, {"hands": ["k o t e k ? ?", ""]})
    start = clock()
    choose_move(rules, state, 0, "strong", random.Random(1))
    return times, clock() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--quick", action="store_true",
                        help="one position; fails only when the generator and reference disagree")
    args = parser.parse_args()
    if args.quick:
        args.positions = 1
    lexicon = get_lexicon("pl")
    fits = dawg_fits(lexicon)
    fast: dict[int, list[float]] = {0: [], 1: [], 2: []}
    slow: dict[int, list[float]] = {0: [], 1: [], 2: []}
    found: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for seed in range(args.positions):
        for blanks in (0, 1, 2):
            board, hand = mid_game(seed, lexicon, blanks, n=args.size)
            start = clock()
            moves = all_moves(board, hand, lexicon)
            fast[blanks].append(clock() - start)
            start = clock()
            reference = reference_moves(board, hand, lexicon, fits)
            slow[blanks].append(clock() - start)
            if moves != reference:
                print(f"disagree on position {seed} with {hand}: "
                      f"{sorted(moves ^ reference)[:3]}")
                return 1
            found[blanks].append(len(moves))
            del moves, reference  # freed here, not inside the next timing
    low = fast[0] + fast[1]
    median = statistics.median(low) * 1000
    worst = max(fast[2]) * 1000
    print(f"positions: {args.positions} mid-game boards {args.size}×{args.size}, "
          "hands of 7 cards, full Polish lexicon")
    for blanks in (0, 1, 2):
        print(f"{blanks} blank(s): generator median {statistics.median(fast[blanks]) * 1000:7.1f}"
              f" ms  worst {max(fast[blanks]) * 1000:7.1f} ms   reference median "
              f"{statistics.median(slow[blanks]) * 1000:7.1f} ms  worst "
              f"{max(slow[blanks]) * 1000:7.1f} ms   moves median "
              f"{statistics.median(found[blanks]):.0f}, most {max(found[blanks])}")
    ok_median = median <= GOAL_MEDIAN_MS
    ok_worst = worst <= GOAL_WORST_MS
    times, first = computer_times(lexicon, args.positions, args.size)
    most = max([*times, first]) * 1000
    ok_computer = most <= GOAL_COMPUTER_MS
    print(f"strong computer's move, 2 blanks: median {statistics.median(times) * 1000:7.1f} ms"
          f"  worst {max(times) * 1000:7.1f} ms   first move on an empty table "
          f"{first * 1000:7.1f} ms")
    print(f"goal: median with 0–1 blanks <= {GOAL_MEDIAN_MS:g} ms: {median:.1f} ms "
          f"{'met' if ok_median else 'MISSED'}")
    print(f"goal: worst with 2 blanks <= {GOAL_WORST_MS:g} ms: {worst:.1f} ms "
          f"{'met' if ok_worst else 'MISSED'}")
    print(f"goal: the strong computer's move with 2 blanks <= {GOAL_COMPUTER_MS:g} ms: "
          f"{most:.1f} ms {'met' if ok_computer else 'MISSED'}")
    ratio = max(times) / max(fast[2])
    ok_ratio = ratio <= GOAL_COMPUTER_RATIO
    print(f"goal: the strong computer's worst <= {GOAL_COMPUTER_RATIO:g}x the generator's worst"
          f" (2 blanks): {ratio:.2f}x {'met' if ok_ratio else 'MISSED'}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0 if args.quick or (ok_median and ok_worst and ok_computer and ok_ratio) else 1


if __name__ == "__main__":
    sys.exit(main())
