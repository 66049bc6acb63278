"""How fast Word Thief's steal finder is, next to a brute-force search in the same run.

Random positions on the full compiled English lexicon: 8 words on the table, a hand of 7 cards
with one wild. For each position the finder (``finder.Finder``, as the computer player uses
it: one per hand, shared by the table's words) lists every steal of every table word — the
longer words and the two words of every two-way cut. Two other searches must give exactly the
same lists, or the run fails:

* the graph walk (``finder.steals_by_walk``, the previous finder), on every position;
* a brute force, on the first ``--brute`` positions: for each piece (the word and both sides of
  every cut) a scan of the whole word list for words holding it in order that the hand can pay
  for, then every left word tried with every right word.

The anagram index the finder reads is built once per word list (its time is printed apart).
Goal: all steals of a position in at most 50 ms, median.

    .venv/bin/python benchmarks/bench_thief.py [--positions 30] [--brute 4]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections import Counter

from braille_words.games.word_thief.finder import Finder, anagram_index, steals_by_walk
from braille_words.lexicon import get_lexicon

GOAL_MS = 50.0
LETTERS = "eeeeeeeeeeeeeaaaaaaaaaiiiiiiiiioooooooonnnnnnrrrrrrrssssssstttttttllllddddggg"
LETTERS += "uuuubbccffhhmmppvvwwyykjxqz"
WILDS = 1


def brute_pieces(listing: str, piece: str, hand: Counter[str]) -> dict[str, Counter[str]]:
    """Every word of the list holding ``piece`` in order with at least one more letter, that
    the hand (and one wild) pays for; with what it takes. A scan of the whole list."""
    pattern = re.compile("^[^\n]*" + "[^\n]*".join(piece) + "[^\n]*$", re.M)
    found: dict[str, Counter[str]] = {}
    for match in pattern.finditer(listing):
        word = match.group()
        if len(word) <= len(piece):
            continue
        takes = Counter(word) - Counter(piece)
        if sum((takes - hand).values()) <= WILDS:
            found[word] = takes
    return found


def brute_steals(listing: str, stolen: str, hand: str) -> list[tuple[str, ...]]:
    have = Counter(hand)
    out: list[tuple[str, ...]] = [(w,) for w in sorted(brute_pieces(listing, stolen, have))]
    pairs: set[tuple[str, ...]] = set()
    for cut in range(1, len(stolen)):
        lefts = brute_pieces(listing, stolen[:cut], have)
        rights = brute_pieces(listing, stolen[cut:], have)
        for left, takes_a in lefts.items():
            for right, takes_b in rights.items():
                if sum((takes_a + takes_b - have).values()) <= WILDS:
                    pairs.add((left, right))
    return out + sorted(pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--brute", type=int, default=4,
                        help="positions also checked by the brute force (slow: seconds each)")
    parser.add_argument("--quick", action="store_true",
                        help="one position, checked by brute force too; no verdict on time")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.brute = 1, 1
    lexicon = get_lexicon("en")
    graph = lexicon.graph
    words = list(lexicon.words())
    listing = "\n".join(words)
    start = time.perf_counter()
    anagram_index(graph)
    index_ms = (time.perf_counter() - start) * 1000
    rng = random.Random(1)
    table_words = [w for w in words if 3 <= len(w) <= 6]
    fast: list[float] = []
    singles: list[float] = []
    walk: list[float] = []
    brute: list[float] = []
    found = 0
    for number in range(args.positions):
        table = rng.sample(table_words, 8)
        hand = "".join(rng.choice(LETTERS) for _ in range(7 - WILDS))
        start = time.perf_counter()
        finder = Finder(graph, hand, WILDS)
        steals = {w: finder.steals(w) for w in table}
        fast.append(time.perf_counter() - start)
        start = time.perf_counter()
        alone = Finder(graph, hand, WILDS)
        for w in table:
            alone.steals(w, pairs=False)
        singles.append(time.perf_counter() - start)
        start = time.perf_counter()
        walked = {w: steals_by_walk(graph, w, hand, WILDS) for w in table}
        walk.append(time.perf_counter() - start)
        checks = [("graph walk", walked)]
        if number < args.brute:
            start = time.perf_counter()
            checks.append(("brute force", {w: brute_steals(listing, w, hand) for w in table}))
            brute.append(time.perf_counter() - start)
        for name, other in checks:
            for w in table:
                if steals[w] != other[w]:
                    extra = sorted(set(steals[w]) ^ set(other[w]))[:5]
                    print(f"the {name} disagrees on {w} with {hand}+?: {extra}")
                    return 1
        found += sum(len(s) for s in steals.values())
    median = statistics.median(fast) * 1000
    print(f"positions: {args.positions} (8 table words, {7 - WILDS} letters and "
          f"{WILDS} wild in hand); anagram index built once in {index_ms:.0f} ms")
    print(f"steal finder   median {median:7.1f} ms  worst {max(fast) * 1000:7.1f} ms  "
          f"({found} steals in all, two-word cuts included)")
    print(f"  of which the longer words alone  median "
          f"{statistics.median(singles) * 1000:7.1f} ms")
    print(f"graph walk     median {statistics.median(walk) * 1000:7.1f} ms  "
          f"(the previous finder; same steals on all {args.positions} positions)")
    if brute:
        print(f"brute force    median {statistics.median(brute) * 1000:7.1f} ms  "
              f"(a scan of the word list per piece; same steals on the first {len(brute)})")
    print(f"goal: median <= {GOAL_MS:g} ms: {'met' if median <= GOAL_MS else 'MISSED'}")
    return 0 if args.quick or median <= GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
