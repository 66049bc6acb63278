"""How fast Word Thief's steal finder is, next to a brute-force search in the same run.

Positions come from seeded games of four beginner computers (the table and the hand of the
player to move, every few turns), on the full compiled English lexicon: a beginner plays
common words quickly, so fifty positions take some 20 seconds. The quick mode's two come from
no game at all: they are dealt (a seeded deal's hand, three lexicon words on the table), so
the suite's run takes seconds (games of strong computers, each turn a full search, took
minutes). For each position the
finder (``finder.Finder``, as the computer player uses it: one per hand, shared by the table's
words) finds every steal of every word of another player, in any number of words, wilds
included, as its lattice (``Finder.lattice``: with a wild in hand a table has millions of
steals, too many to list, so the figure is the lattice built and its steals counted). The
brute force (``tests/games/thief_reference.py``: a scan of the whole word list for each piece
of each split, then the new words tried one by one against the hand) runs on a subset, said
in its line: the table words of at most ``--brute-letters`` letters of the first ``--brute``
positions without a wild (it splits a word every way: minutes for a long one), and there the
finder's steals of the same words, listed, must be exactly the brute force's (the rules'
refusals of the stolen word itself and of a plural alone taken out of both), or the run fails.

Times are CPU time of this process (the machine may be shared), the wall time beside them;
the load average is printed at the start and the end. The anagram index the finder reads is
built once per word list (its time is printed apart). Goals: all steals of a position in at
most 50 ms median and 500 ms at worst. The full run takes about a minute.

    .venv/bin/python benchmarks/bench_thief.py [--positions 50] [--brute 3] [--brute-letters 5]
        [--quick]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from braille_words.games.word_thief.computer import choose_move
from braille_words.games.word_thief.finder import Finder, anagram_index
from braille_words.games.word_thief.plurals import only_plural
from braille_words.games.word_thief.rules import Rules, State
from braille_words.lexicon import get_lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "games"))
from thief_reference import Reference

GOAL_MEDIAN_MS = 50.0
GOAL_WORST_MS = 500.0
EVERY = 3
LEVEL = "beginner"
"""The computers whose games give the positions."""
"""A position every this many turns of a game."""

Position = tuple[list[str], str, int]
"""The other players' table words (a stolen wild as "?"), the hand's letters, its wilds."""


def positions(rules: Rules, count: int) -> list[Position]:
    """``count`` positions from seeded games of four beginner computers."""
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state, _ = rules.new(["A", "B", "C", "D"], seed)
        rng = random.Random(seed)
        while not state.over and len(out) < count:
            seat = state.current
            if state.turns % EVERY == EVERY - 1 and state.table:
                out.append(_position(state, seat))
            state, _ = rules.apply(state, seat, choose_move(rules, state, seat, LEVEL, rng))
    return out


def dealt(rules: Rules, count: int) -> list[Position]:
    """``count`` positions dealt without playing (the quick mode's): a seeded deal's first
    hand, and three words of the lexicon of three or four letters on the table (short, so
    that the brute force's check takes seconds)."""
    words = [w for w in rules.lexicon.words() if 3 <= len(w) <= 4]
    out: list[Position] = []
    for seed in range(1, count + 1):
        state, _ = rules.new(["A", "B"], seed)
        table = random.Random(seed).sample(words, 3)
        hand = state.hands[state.current]
        letters = "".join(c.letter for c in hand if c.letter is not None)
        out.append((table, letters, sum(1 for c in hand if c.letter is None)))
    return out


def _position(state: State, seat: int) -> Position:
    table = ["".join("?" if p.wild else p.letter for p in w.cards)
             for w in state.table if w.owner != seat]
    hand = state.hands[seat]
    letters = "".join(c.letter for c in hand if c.letter is not None)
    return table, letters, sum(1 for c in hand if c.letter is None)


def legal(steals: set[tuple[str, ...]], stolen: str) -> set[tuple[str, ...]]:
    return {s for s in steals
            if stolen not in s and not (len(s) == 1 and only_plural(s[0], stolen))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--brute", type=int, default=3,
                        help="positions also searched by the brute force (slow: seconds each)")
    parser.add_argument("--brute-letters", type=int, default=5,
                        help="the brute force takes only table words of at most this many "
                             "letters (it splits a word every way: minutes for long ones)")
    parser.add_argument("--quick", action="store_true",
                        help="two dealt positions (no games), one brute-force check: that it "
                             "runs (the suite)")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.brute = 2, 1  # a smoke run
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    lexicon = get_lexicon("en")
    graph = lexicon.graph
    start = time.perf_counter()
    anagram_index(graph)
    index_ms = (time.perf_counter() - start) * 1000
    rules = Rules(lexicon)
    start = time.perf_counter()
    chosen = dealt(rules, args.positions) if args.quick else positions(rules, args.positions)
    games_s = time.perf_counter() - start
    source = ("seeded deals, three lexicon words on the table" if args.quick
              else f"seeded games of four {LEVEL} computers")
    print(f"positions: {len(chosen)} from {source} ({games_s:.0f} s to make them); "
          f"anagram index built once in {index_ms:.0f} ms", flush=True)
    reference = Reference(list(lexicon.words())) if args.brute else None
    fast: list[tuple[float, float]] = []  # (CPU s, wall s) of each position
    brute: list[tuple[float, float]] = []
    brute_fast: list[tuple[float, float]] = []
    brute_words = 0
    found = 0
    most = (0.0, "")
    for table, hand, wilds in chosen:
        wall, cpu = time.perf_counter(), time.process_time()
        finder = Finder(graph, hand, wilds)
        counts = {w: finder.count([None if c == "?" else c for c in w]) for w in table}
        took = (time.process_time() - cpu, time.perf_counter() - wall)
        fast.append(took)
        if took[0] > most[0]:
            most = (took[0], f"{', '.join(table)}; {hand}{'?' * wilds}")
        found += sum(counts.values())
        short = [w for w in table if len(w) <= args.brute_letters and "?" not in w]
        if reference is not None and len(brute) < args.brute and not wilds and short:
            wall, cpu = time.perf_counter(), time.process_time()
            mine = Finder(graph, hand, wilds)
            steals = {w: mine.steals(list(w)) for w in short}
            brute_fast.append((time.process_time() - cpu, time.perf_counter() - wall))
            wall, cpu = time.perf_counter(), time.process_time()
            slow = {w: reference.steals(w, hand, wilds) for w in short}
            brute.append((time.process_time() - cpu, time.perf_counter() - wall))
            brute_words += len(short)
            for w in short:
                listed = legal({tuple(sorted(s)) for s in steals[w]}, w)
                if listed != slow[w]:
                    extra = sorted(listed ^ slow[w])[:5]
                    print(f"the brute force disagrees on {w} with {hand}{'?' * wilds}: {extra}")
                    return 1

    def ms(values: list[tuple[float, float]], which: int, how: Any) -> float:
        return float(how([v[which] for v in values])) * 1000

    median, worst = ms(fast, 0, statistics.median), ms(fast, 0, max)
    print(f"steal finder   CPU median {median:7.1f} ms  worst {worst:7.1f} ms  (wall median "
          f"{ms(fast, 1, statistics.median):.1f}, worst {ms(fast, 1, max):.1f}) over "
          f"{len(fast)} positions ({found} ways to steal in all, as lattices; the worst: "
          f"{most[1]})")
    if brute:
        print(f"brute force    CPU median {ms(brute, 0, statistics.median):7.1f} ms  worst "
              f"{ms(brute, 0, max):7.1f} ms  on a subset: the {brute_words} table words of at "
              f"most {args.brute_letters} letters of the first {len(brute)} positions without a "
              f"wild (the finder listing every steal of the same words: CPU median "
              f"{ms(brute_fast, 0, statistics.median):.1f} ms, worst "
              f"{ms(brute_fast, 0, max):.1f} ms); the same steals")
    ok = median <= GOAL_MEDIAN_MS and worst <= GOAL_WORST_MS
    print(f"goal (CPU time: the machine may be shared): median <= {GOAL_MEDIAN_MS:g} ms, worst "
          f"<= {GOAL_WORST_MS:g} ms: {'met' if ok else 'MISSED'}; load average at the end: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if ok or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
