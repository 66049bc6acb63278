"""How fast Word Thief's steal finder is, next to a brute-force search in the same run.

Random positions on the full compiled English lexicon: 8 words on the table, a hand of 7 cards
with one wild. For each position the finder (``computer.steals_of``: anagram searches of each
word with the hand, and of each piece of a two-way cut) lists every steal of every table word;
the brute force scans the whole word list for the single-word steals (a longer word holding
the stolen letters in order, made up with the hand). The single-word steals of both must agree.
Goal: all steals of a position in at most 50 ms, median.

    .venv/bin/python benchmarks/bench_thief.py [--positions 30]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from braille_words.games.word_thief.computer import steals_of
from braille_words.games.word_thief.finder import holds_in_order
from braille_words.lexicon import get_lexicon

GOAL_MS = 50.0
LETTERS = "eeeeeeeeeeeeeaaaaaaaaaiiiiiiiiioooooooonnnnnnrrrrrrrssssssstttttttllllddddggg"
LETTERS += "uuuubbccffhhmmppvvwwyykjxqz"


def brute_singles(words: list[str], stolen: str, hand: str, wilds: int) -> set[str]:
    """Every longer word holding ``stolen`` in order, the rest from the hand: a scan."""
    have = Counter(hand)
    found: set[str] = set()
    for word in words:
        if len(word) <= len(stolen) or not holds_in_order(word, stolen):
            continue
        need = Counter(word) - Counter(stolen)
        if sum((need - have).values()) <= wilds:
            found.add(word)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args()
    lexicon = get_lexicon("en")
    words = list(lexicon.words())
    rng = random.Random(1)
    table_words = [w for w in words if 3 <= len(w) <= 6]
    fast: list[float] = []
    singles_time: list[float] = []
    slow: list[float] = []
    found = 0
    for _ in range(args.positions):
        table = rng.sample(table_words, 8)
        hand = "".join(rng.choice(LETTERS) for _ in range(6))
        start = time.perf_counter()
        cache: dict = {}  # type: ignore[type-arg]
        steals = {w: steals_of(lexicon, w, hand, 1, cache=cache) for w in table}
        fast.append(time.perf_counter() - start)
        start = time.perf_counter()
        for w in table:
            steals_of(lexicon, w, hand, 1, pairs=False)
        singles_time.append(time.perf_counter() - start)
        start = time.perf_counter()
        brute = {w: brute_singles(words, w, hand, 1) for w in table}
        slow.append(time.perf_counter() - start)
        for w in table:
            singles = {s[0] for s in steals[w] if len(s) == 1}
            if singles != brute[w]:
                print(f"disagree on {w} with {hand}+?: {sorted(singles ^ brute[w])[:5]}")
                return 1
            found += len(steals[w])
    median = statistics.median(fast) * 1000
    print(f"positions: {args.positions} (8 table words, 6 letters and a wild in hand)")
    print(f"steal finder   median {median:7.1f} ms  worst {max(fast) * 1000:7.1f} ms  "
          f"({found} steals in all, two-word cuts included)")
    print(f"  of which the longer words alone  median "
          f"{statistics.median(singles_time) * 1000:7.1f} ms")
    print(f"brute force    median {statistics.median(slow) * 1000:7.1f} ms  "
          f"(single-word steals only, same answers)")
    print(f"goal: median <= {GOAL_MS:g} ms: {'met' if median <= GOAL_MS else 'MISSED'}")
    return 0 if median <= GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
