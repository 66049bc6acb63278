"""Word Thief's steal finder: every word that holds a stolen word's letters in order and takes
at least one card from a hand, and every two-way cut the hand pays for.

Two ways to find them, which must agree (a test and the benchmark hold them to it, and to a
scan of the word list):

* ``holding``, a walk of the word graph carrying the order as it goes: at each letter it
  either matches the next stolen letter or spends a hand card (a wild for any letter). It
  reaches only words that can be steals, but in Python it visits thousands of nodes a piece,
  and a table of eight words has some eighty pieces (the words and both sides of every cut).
* ``Finder``, what the computer uses: a word holding a piece is made of the piece's letters
  and some of the hand's, so its letter multiset is the piece's times one of the hand's
  sub-multisets (at most 2^7 of them, times 26 for a wild standing in once). With each
  multiset kept as a product of primes (one prime a letter), the words of a piece are its
  product times each of the hand's, looked up in an anagram index built once per word list
  (a bitmap of the products' hashes, checked for all of them at once with numpy, lets only
  the few that may be words reach the dictionary), then an in-order check of the few words
  found. The hand's multisets are worked out once per turn and shared by every word on the
  table, and so are the words of a piece (the same short pieces, a T or an E, come from
  several words).

A two-way cut pairs the words of its left piece with those of its right one. Words are
grouped by the hand cards they take; a pair of groups is checked once (do the two together
fit the hand, a wild making up one letter short), and every pair of words in two groups that
fit is a steal, so the pairs never have to be tried one by one.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from itertools import combinations_with_replacement, product
from math import prod
from typing import Any

import numpy as np

Found = tuple[str, tuple[int, ...], int]
"""A word, how many of each hand letter it takes (by the graph's letter index), wilds taken."""

Group = tuple[int, int]
"""What a word takes from the hand: which sub-multiset of its letters (a number, see
``Finder``), and how many wilds stand in for letters the hand lacks."""


def holds_in_order(word: str, stolen: str) -> bool:
    """Whether ``word`` has ``stolen``'s letters in order: the plain check a scan of the word
    list makes, which both searches must agree with."""
    it = iter(word)
    return all(ch in it for ch in stolen)


def holding(graph: Any, piece: Sequence[str | None], hand: str, wilds: int) -> list[Found]:
    """Every word holding ``piece`` in order (None: a stolen wild, any letter) and at least one
    hand card, the hand paying for the rest: the graph walk."""
    letters = graph.letters
    index = {c: i for i, c in enumerate(letters)}
    counts = [0] * len(letters)
    for ch in hand:
        if ch in index:
            counts[index[ch]] += 1
    want = [None if p is None else index.get(p, -1) for p in piece]
    need = len(want)
    first, count, final, label, target, height = (
        graph.first, graph.count, graph.final, graph.label, graph.target, graph.height
    )
    spent = [0] * len(letters)
    out: list[Found] = []

    def visit(node: int, text: str, k: int, used: int, wild_left: int) -> None:
        start = first[node]
        for e in range(start, start + count[node]):
            child = target[e]
            c = label[e]
            word = text + letters[c]
            if height[child] + 1 < need - k:
                continue
            w = want[k] if k < need else -2
            if w is None or w == c:  # the next stolen letter
                if k + 1 == need and used and final[child]:
                    out.append((word, tuple(spent), wilds - wild_left))
                if count[child]:
                    visit(child, word, k + 1, used, wild_left)
            if counts[c]:  # a hand card
                counts[c] -= 1
                spent[c] += 1
                if k == need and final[child]:
                    out.append((word, tuple(spent), wilds - wild_left))
                if count[child]:
                    visit(child, word, k, used + 1, wild_left)
                counts[c] += 1
                spent[c] -= 1
            elif wild_left:
                if k == need and final[child]:
                    out.append((word, tuple(spent), wilds - wild_left + 1))
                if count[child]:
                    visit(child, word, k, used + 1, wild_left - 1)

    visit(0, "", 0, 0, wilds)
    return out


def steals_by_walk(
    graph: Any, stolen: Sequence[str | None], hand: str, wilds: int, *, pairs: bool = True
) -> list[tuple[str, ...]]:
    """Every steal found by graph walks (``holding``): the finder's reference, and the one
    that takes a stolen wild (None) as any letter. Same answers, same order as ``Finder``."""
    out: list[tuple[str, ...]] = [
        (w,) for w in sorted({w for w, _, _ in holding(graph, stolen, hand, wilds)})
    ]
    if not pairs:
        return out
    have = [hand.count(c) for c in graph.letters]
    seen: set[tuple[str, ...]] = set()
    for cut in range(1, len(stolen)):
        lefts = _by_cost(holding(graph, stolen[:cut], hand, wilds))
        rights = _by_cost(holding(graph, stolen[cut:], hand, wilds))
        for (spent_a, wild_a), words_a in lefts.items():
            rest = [h - s for h, s in zip(have, spent_a, strict=True)]
            free = wilds - wild_a
            for (spent_b, wild_b), words_b in rights.items():
                short = sum(max(0, s - r) for s, r in zip(spent_b, rest, strict=True))
                if short + wild_b <= free:
                    seen.update(product(words_a, words_b))
    return out + sorted(seen)


def _by_cost(found: list[Found]) -> dict[tuple[tuple[int, ...], int], set[str]]:
    groups: dict[tuple[tuple[int, ...], int], set[str]] = {}
    for word, spent, wild in found:
        groups.setdefault((spent, wild), set()).add(word)
    return groups


class AnagramIndex:
    """The words of a graph by letter multiset, each multiset a product of primes (the most
    frequent letters get the smallest), and a bitmap with the slot of each product set.
    Built once per word list, in a few tenths of a second for the English one, and kept by
    ``anagram_index``."""

    def __init__(self, graph: Any) -> None:
        letters: Sequence[str] = graph.letters
        words = list(graph.words())
        seen = {c: 0 for c in letters}
        for word in words:
            for c in word:
                seen[c] += 1
        by_use = sorted(letters, key=lambda c: -seen[c])
        primes = _primes(len(letters))
        self.prime: dict[str, int] = {c: primes[i] for i, c in enumerate(by_use)}
        prime = self.prime
        words_of: dict[int, list[str]] = {}
        for word in words:
            words_of.setdefault(prod([prime[c] for c in word]), []).append(word)
        self.words_of: dict[int, tuple[str, ...]] = {k: tuple(v) for k, v in words_of.items()}
        self.seen = np.zeros(1 << SLOT_BITS, dtype=np.bool_)
        self.seen[slots(np.array([k & LOW_64 for k in words_of], dtype=np.uint64))] = True

    def key(self, letters: str) -> int:
        prime = self.prime
        return prod([prime[c] for c in letters])


SLOT_BITS = 22
"""A bitmap of 4 M slots, one set for each key's slot: 1 in 40 set for the English list."""
LOW_64 = (1 << 64) - 1
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def slots(keys: np.ndarray[Any, np.dtype[np.uint64]]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """Each key's slot in the bitmap, from its low 64 bits (Fibonacci hashing: products of
    primes share their low bits, the golden-ratio multiply spreads them to the high ones)."""
    return (keys * GOLDEN) >> np.uint64(64 - SLOT_BITS)


_INDEXES: weakref.WeakKeyDictionary[Any, AnagramIndex] = weakref.WeakKeyDictionary()


def anagram_index(graph: Any) -> AnagramIndex:
    """The anagram index of ``graph``, built on first use and kept as long as the graph is."""
    index = _INDEXES.get(graph)
    if index is None:
        index = _INDEXES[graph] = AnagramIndex(graph)
    return index


def _primes(n: int) -> list[int]:
    out: list[int] = []
    candidate = 2
    while len(out) < n:
        if all(candidate % p for p in out):
            out.append(candidate)
        candidate += 1
    return out


class Finder:
    """One hand looking at a table: every steal of any of its words.

    The hand's sub-multisets ("takes") are numbered in the order ``itertools.product`` gives
    them over its distinct letters; with wilds, a multiset may also hold up to that many
    letters the hand lacks. Each multiset is kept once, under its product of primes, with the
    take and the fewest wilds that make it up. Pieces holding a stolen wild (None) go to the
    graph walk.
    """

    def __init__(self, graph: Any, hand: str, wilds: int) -> None:
        self.graph = graph
        self.index = anagram_index(graph)
        self.wilds = wilds
        self.hand = hand
        prime = self.index.prime
        known = [c for c in hand if c in prime]
        distinct = sorted(set(known))
        self.have = tuple(known.count(c) for c in distinct)
        self.takes = list(product(*(range(n + 1) for n in self.have)))
        keys = [prod([prime[c] ** n for c, n in zip(distinct, take, strict=True)])
                for take in self.takes]
        best: dict[int, Group] = {}
        for extra in range(wilds + 1):  # fewest wilds first: each multiset's cheapest making
            for stand_in in combinations_with_replacement(prime.values(), extra):
                lacking = prod(stand_in)
                for number, key in enumerate(keys):
                    full = key * lacking
                    if full != 1 and full not in best:
                        best[full] = (number, extra)
        self._keys = list(best)
        self._groups = list(best.values())
        self._low = np.array([k & LOW_64 for k in self._keys], dtype=np.uint64)
        self._pieces: dict[str, dict[Group, list[str]]] = {}
        # How many letters two takes lack between them (wilds make them up), for every pair.
        takes = np.array(self.takes, dtype=np.int64).reshape(len(self.takes), len(self.have))
        both = takes[:, None, :] + takes[None, :, :] - np.array(self.have, dtype=np.int64)
        self.short: list[list[int]] = np.maximum(both, 0).sum(axis=2).tolist()

    def words(self, piece: str) -> dict[Group, list[str]]:
        """Words holding ``piece`` in order and at least one hand card, by what they take."""
        found = self._pieces.get(piece)
        if found is not None:
            return found
        found = {}
        if all(c in self.index.prime for c in piece):
            words_of = self.index.words_of
            base = self.index.key(piece)
            keys, groups = self._keys, self._groups
            in_order = re.compile(".*".join(map(re.escape, piece))).search
            # The products' low 64 bits (numpy's wrapping multiply) pick slots of the index's
            # bitmap all at once; only the few products whose slot is set are looked up
            # exactly, where a look-up of each would cost a cache miss.
            low = self._low * np.uint64(base & LOW_64)
            for i in np.flatnonzero(self.index.seen[slots(low)]).tolist():
                hits = words_of.get(base * keys[i])
                if hits is None:
                    continue
                good = list(hits) if len(piece) == 1 else [w for w in hits if in_order(w)]
                if good:
                    found.setdefault(groups[i], []).extend(good)
        self._pieces[piece] = found
        return found

    def steals(self, stolen: Sequence[str | None], *, pairs: bool = True) -> list[tuple[str, ...]]:
        """Every steal of ``stolen``: longer words, then (with ``pairs``) the two words of each
        two-way cut the hand pays for together; each listed once, in order."""
        if any(c is None for c in stolen):
            return steals_by_walk(self.graph, stolen, self.hand, self.wilds, pairs=pairs)
        text = "".join(c for c in stolen if c is not None)
        out: list[tuple[str, ...]] = [
            (w,) for w in sorted({w for ws in self.words(text).values() for w in ws})
        ]
        if not pairs:
            return out
        seen: set[tuple[str, ...]] = set()
        wilds, short = self.wilds, self.short
        for cut in range(1, len(text)):
            lefts = self.words(text[:cut])
            rights = self.words(text[cut:]) if lefts else {}
            for (take_a, wild_a), words_a in lefts.items():
                free = wilds - wild_a
                lacking = short[take_a]
                for (take_b, wild_b), words_b in rights.items():
                    if wild_b + lacking[take_b] <= free:
                        seen.update(product(words_a, words_b))
        return out + sorted(seen)
