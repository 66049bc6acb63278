"""How long a Rummikub computer move and a hint take at every rack size the rules allow.

Issue 30: the computer and the hints must work with racks up to all 112 tiles within the move
time they have for an ordinary rack (about 14 tiles). For each rack size (14, 25, 40, 80, 112)
this deals seeded positions from the real set (the rack first, then table words made from
the tiles left, both players laid down) on the full compiled Polish lexicon, and prints the
strong computer's move time and the hint's, median and worst, in CPU seconds of this process,
each beside the 14-tile figure of the same run as a ratio: the machine may be loaded, the
ratio is what to read. A 112-tile rack leaves no tile for the table, so it plays from the
rack alone.

    .venv/bin/python benchmarks/bench_rummikub_racks.py [--positions 8] [--level strong]
    .venv/bin/python benchmarks/bench_rummikub_racks.py --quick   # 2 positions per size
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

SIZES = (14, 25, 40, 80, 112)
TABLE_WORDS = 8


def position(rules: Any, lex: Any, size: int, seed: int) -> Any:
    """A rack of ``size`` tiles dealt from the shuffled set, and up to eight table words of
    four to seven letters made from the tiles left (the second rack gets up to 14 of the
    rest); both players have laid down, so every kind of plan is open."""
    from braille_words.games.word_rummikub.rules import arranged_state
    from braille_words.games.word_rummikub.settings import make_set

    rng = random.Random(seed)
    letters = ["?" if t.letter is None else t.letter for t in make_set()]
    rng.shuffle(letters)
    rack, rest = "".join(letters[:size]), letters[size:]
    table: list[str] = []
    misses = 0
    while len(rest) >= 8 and len(table) < TABLE_WORDS and misses < 12:
        chunk = "".join(c for c in rest[:9] if c != "?")
        found = [a.word for a in lex.anagrams(chunk, min_len=4, max_len=7)]
        if not found:
            rest = rest[9:] + rest[:9]
            misses += 1
            continue
        word = rng.choice(found[:20])
        for ch in word:
            rest.remove(ch)
        table.append(word)
    return arranged_state(
        [rack, "".join(rest[:14])], table, laid_down=[True, True], current=0,
        options=rules.options,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8, help="seeded positions per rack size")
    ap.add_argument("--level", default="strong", choices=["beginner", "medium", "strong"])
    ap.add_argument("--quick", action="store_true", help="2 positions per size")
    args = ap.parse_args(argv)
    if args.quick:
        args.positions = 2

    from bench_rummikub import polish_lexicon

    from braille_words.games.word_rummikub.computer import choose_move, hint
    from braille_words.games.word_rummikub.rules import Draw, Options, Rules

    lex = polish_lexicon()
    if lex is None:
        return 1
    rules = Rules(lex, Options())
    print(f"lexicon: {lex!r}")
    print(f"{args.positions} seeded positions per rack size, {args.level} computer; "
          "CPU seconds of this process, ratios to the 14-tile rack of this run")
    figures: dict[int, tuple[list[float], list[float]]] = {}
    drew = 0
    for size in SIZES:
        moves: list[float] = []
        hints: list[float] = []
        for seed in range(args.positions):
            state = position(rules, lex, size, seed)
            start = time.process_time()
            chosen = choose_move(rules, state, 0, args.level, random.Random(seed))
            middle = time.process_time()
            hint(rules, state, 0)
            moves.append(middle - start)
            hints.append(time.process_time() - middle)
            drew += isinstance(chosen, Draw)
        figures[size] = (moves, hints)
    base_move = statistics.median(figures[SIZES[0]][0])
    base_hint = statistics.median(figures[SIZES[0]][1])
    print(f"{'tiles':>5}  {'move median':>11} {'worst':>6} {'x14':>5}   "
          f"{'hint median':>11} {'worst':>6} {'x14':>5}")
    for size, (moves, hints) in figures.items():
        m, h = statistics.median(moves), statistics.median(hints)
        print(f"{size:>5}  {m:>10.2f}s {max(moves):>5.2f}s {m / base_move:>5.2f}   "
              f"{h:>10.2f}s {max(hints):>5.2f}s {h / base_hint:>5.2f}")
    print(f"moves that drew a tile instead of laying: {drew} of {len(SIZES) * args.positions}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
