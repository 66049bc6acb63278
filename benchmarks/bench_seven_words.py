"""7 słów: the strong computer player's best-word search against a plain scan of the lexicon.

Both answer "what is the best score any word of the full Polish lexicon reaches on this
table?" for play areas dealt by the rules from seeds 0..N-1 (the "2 na 2" rule applied).

- search: ``SignatureIndex.best`` (branch and bound over the table's cards, bitsets of word
  signatures); the one-off index build is timed separately.
- graph walk: ``GraphSearch.best``, the same bound over the lexicon's own letter graph, as
  the alternative the index was measured against.
- scan: every word of the lexicon scored against the table, one ``str.count`` per distinct
  letter on the table — the plain way, with the per-table work hoisted out of the loop. It is
  slow, so it runs on the first ``--scan-areas`` tables only (said in the output).
- check: on every table the search's score is compared with the scan's where the scan ran,
  and elsewhere with a scan of one word per signature (exact, since all words of a signature
  score alike).

Run: ``.venv/bin/python benchmarks/bench_seven_words.py [--areas 200] [--scan-areas 10]``
(needs the compiled lexicon: ``braille-words lexicon build``).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Sequence

from braille_words.games.seven_words.computer import GraphSearch, SignatureIndex, card_letters
from braille_words.games.seven_words.deck import AreaCard
from braille_words.games.seven_words.rules import Rules
from braille_words.lexicon import get_lexicon


def scan(words: Sequence[str], area: Sequence[AreaCard]) -> int:
    """The plain baseline: score every word, keep the best."""
    groups: dict[str, list[int]] = {}
    for card in area:
        groups.setdefault(card.letter, []).append(card.value)
    table = [(letter, sorted(v, reverse=True)) for letter, v in groups.items()]
    best = 0
    for word in words:
        score = 0
        for letter, values in table:
            k = word.count(letter)
            if k:
                score += values[0] if k == 1 or len(values) == 1 else values[0] + values[1]
        if score > best:
            best = score
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--areas", type=int, default=200)
    parser.add_argument("--scan-areas", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="a few areas: proves this runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.areas, args.scan_areas = 2, 0  # the index is still checked against its scan

    lexicon = get_lexicon("pl")
    rules = Rules(lexicon)
    t0 = time.perf_counter()
    words = lexicon.words()
    t1 = time.perf_counter()
    index = SignatureIndex(words, card_letters(rules.deck))
    t2 = time.perf_counter()
    print(f"lexicon: {len(words)} words listed in {t1 - t0:.1f} s")
    print(f"index: {index.size} signatures built in {t2 - t1:.1f} s (once per process)")

    areas = [rules.new(["a", "b"], seed)[0].area_cards() for seed in range(args.areas)]
    gc.collect()  # settle the build's garbage before timing, as a long-running table would
    search_times: list[float] = []
    search_scores: list[int] = []
    for area in areas:
        t = time.perf_counter()
        found = index.best(area)
        search_times.append(time.perf_counter() - t)
        search_scores.append(found.score)

    t3 = time.perf_counter()
    walker = GraphSearch(lexicon.graph, card_letters(rules.deck))
    t4 = time.perf_counter()
    walk_times: list[float] = []
    walk_mismatches = 0
    for area, score in zip(areas, search_scores, strict=True):
        t = time.perf_counter()
        walked, _word = walker.best(area)
        walk_times.append(time.perf_counter() - t)
        if walked != score:
            walk_mismatches += 1

    reps = [group[0] for group in index.words]
    mismatches = 0
    for area, score in zip(areas, search_scores, strict=True):
        if scan(reps, area) != score:
            mismatches += 1

    n_scan = min(args.scan_areas, len(areas))
    scan_times: list[float] = []
    scan_mismatches = 0
    for area, score in zip(areas[:n_scan], search_scores[:n_scan], strict=True):
        t = time.perf_counter()
        best = scan(words, area)
        scan_times.append(time.perf_counter() - t)
        if best != score:
            scan_mismatches += 1

    ms = 1000.0
    s_med, s_max = statistics.median(search_times), max(search_times)
    print(
        f"search over {len(areas)} areas: median {s_med * ms:.3f} ms, "
        f"worst {s_max * ms:.3f} ms, best scores {min(search_scores)}..{max(search_scores)}"
    )
    w_med, w_max = statistics.median(walk_times), max(walk_times)
    print(
        f"graph walk (the lexicon's DAWG, {walker.node_count} nodes, masks marked in "
        f"{t4 - t3:.1f} s) over {len(areas)} areas: median {w_med * ms:.1f} ms, "
        f"worst {w_max * ms:.1f} ms, same score {len(areas) - walk_mismatches}/{len(areas)}"
    )
    if scan_times:
        c_med, c_max = statistics.median(scan_times), max(scan_times)
        print(
            f"plain scan over the first {n_scan} areas only (it is slow): "
            f"median {c_med:.2f} s, worst {c_max:.2f} s"
        )
        paired = search_times[:n_scan]
        print(
            f"speed-up (scan / search, same areas): median "
            f"{c_med / statistics.median(paired):,.0f}x, worst-vs-worst "
            f"{c_max / max(paired):,.0f}x (target >= 50x); graph walk: median "
            f"{c_med / statistics.median(walk_times[:n_scan]):,.0f}x, worst-vs-worst "
            f"{c_max / max(walk_times[:n_scan]):,.0f}x"
        )
    print(
        f"same best score: {n_scan - scan_mismatches}/{n_scan} against the full scan, "
        f"{len(areas) - mismatches}/{len(areas)} against a scan of one word per signature"
    )
    return 0 if mismatches == scan_mismatches == walk_mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
