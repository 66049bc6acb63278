"""Word Thief's steal finder: every steal of a table word a hand can make, in any number of
new words, wilds included, with the stolen letters in order or (the variant) rearranged.

A steal, as the rules README has it: the stolen word's cards are split into pieces, one per
new word (contiguous pieces whose letters stay in order; under ``rearrange`` any pieces, in
any order), every new word is a word holding its piece and at least one hand card, and the
hand (its wilds standing in for letters it lacks) pays for all the new words together.

How it stays fast. A word holding a piece is made of the piece's letters and some of the
hand's, so its letter multiset is the piece's times one of the hand's sub-multisets (at most
2^7 of them, times 26 for each wild standing in). With each multiset kept as a product of
primes (one prime a letter), the words of a piece are its product times each of the hand's,
looked up in an anagram index built once per word list (a bitmap of the products' hashes,
checked for all of them at once with numpy, lets only the few that may be words through to
one vectorized binary search of them all), then an in-order check of the words found. The
words of a piece are kept grouped by what they take from the hand ("a take": which
sub-multiset, and how many wilds), and each piece is looked up once per turn, whatever table
word it comes from.

A steal is then a walk along the stolen word choosing the next piece and one group of its
words, as long as the hand can still pay: what is left of the hand is itself one of its
sub-multisets, so "what remains after this take, and how many wilds it costs" is a table
worked out once per hand. Every word of every chosen group goes with every word of the
others, so words are never paired one by one while searching, only when the steals are
listed. A stolen wild (None) is tried as each letter.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement, product
from math import prod
from typing import Any

import numpy as np

from braille_words.lexicon.spelling import spell

Group = tuple[int, int]
"""What a word takes from the hand: which sub-multiset of its letters (a number, see
``Finder``), and how many wilds stand in for letters the hand lacks."""

Piece = tuple[int, ...]
"""The positions of the stolen word's cards that go into one new word."""

Way = tuple[tuple[str, ...], tuple[Piece, ...]]
"""One way to steal: the new words, and the piece of the stolen word each one holds."""

Node = tuple[Piece, int, int]
"""Where a steal stands in ``Finder.lattice``: the stolen cards not yet split off, what is
left of the hand's letters (a take's number) and of its wilds."""

Edge = tuple[Piece, list[str], Node, Group]
"""The next piece, the words it may become, the node after, and what they take from the hand
(all the same cards)."""


def holds_in_order(word: str, stolen: str) -> bool:
    """Whether ``word`` has ``stolen``'s letters in order: the plain check a scan of the word
    list makes, which the search must agree with."""
    it = iter(word)
    return all(ch in it for ch in stolen)


class AnagramIndex:
    """The words of a graph by letter multiset, each multiset a product of primes (the most
    frequent letters get the smallest), kept lean: the products' low 64 bits (numpy's wrapping
    multiply) sorted, the word ids in that order, every word's letters in one run of bytes,
    which products may overflow 64 bits, and a bitmap with the slot of each product set.

    Built once per word list (``build``, a few tenths of a second, about 4 MB for the English
    one — a dictionary of Python products and word tuples held 37 MB) and then kept in the
    cache folder (``kept_index``): later games map that file, so only the pages a game reads
    are in its memory and nothing is built. The build's working arrays were most of the few
    megabytes that put a whole Word Thief game over 50 MB."""

    def __init__(self, parts: dict[str, Any], prime: dict[str, int], width: int,
                 keep: object = None) -> None:
        self.prime = prime
        self._start: np.ndarray[Any, Any] = parts["start"]
        self._order: np.ndarray[Any, Any] = parts["order"]
        self._low: np.ndarray[Any, Any] = parts["low"]
        self._big: np.ndarray[Any, Any] = parts["big"]
        self.seen: np.ndarray[Any, Any] = parts["seen"]
        self._text = memoryview(parts["text"]).cast("B")
        self._width = width
        """Bytes a letter in ``_text``: 1 (Latin-1) or 4 (UTF-32, letters past Latin-1)."""
        self._keep = keep
        """What must outlive the arrays (the mapping of a kept file)."""

    @classmethod
    def build(cls, graph: Any) -> AnagramIndex:
        """The index of ``graph``'s words, worked out from the graph itself."""
        letters: Sequence[str] = graph.letters
        total = int(graph.below[0])
        # Spelled a few thousand words at a time (``spelling.spell``), so that no matrix of
        # every word's letters is ever held: only their codes (1 + letter index) run together.
        codes: list[np.ndarray[Any, Any]] = []
        lengths: list[np.ndarray[Any, Any]] = []
        seen = np.zeros(len(letters) + 1, dtype=np.int64)
        for first in range(0, total, CHUNK):
            mat, _ids = spell(graph, range(first, min(total, first + CHUNK)))
            lengths.append((mat > 0).sum(axis=1).astype(np.uint32))
            codes.append(mat[mat > 0])
            seen += np.bincount(codes[-1], minlength=len(letters) + 1)
            del mat
        code = np.concatenate(codes) if codes else np.zeros(0, dtype=np.uint8)
        del codes
        start = np.concatenate(([0], np.cumsum(np.concatenate(lengths)))).astype(np.uint32)
        del lengths
        by_use = sorted(range(len(letters)), key=lambda i: (-int(seen[i + 1]), i))
        primes = _primes(len(letters))
        prime = {letters[i]: primes[k] for k, i in enumerate(by_use)}
        of_code = np.ones(len(letters) + 1, dtype=np.uint64)
        for i, c in enumerate(letters):
            of_code[i + 1] = prime[c]
        log_of_code = np.log2(of_code.astype(np.float64))
        low = np.ones(total, dtype=np.uint64)
        size = np.zeros(total, dtype=np.float64)
        for first in range(0, total, CHUNK):  # each word's product, wrapping at 64 bits
            last = min(total, first + CHUNK)
            a, b = int(start[first]), int(start[last])
            at = start[first:last].astype(np.int64) - a
            low[first:last] = np.multiply.reduceat(of_code[code[a:b]], at)
            size[first:last] = np.add.reduceat(log_of_code[code[a:b]], at)
        order = np.argsort(low, kind="stable").astype(np.uint32)
        low = low[order]
        # Which products may not fit in 64 bits (their logarithm, with a margin for its
        # rounding): only those can share their low bits with a smaller product, so only
        # those are multiplied out exactly when found (one word in a few hundred).
        big = (size > 63.5)[order].astype(np.uint8)
        del size
        chars = np.array([0, *(ord(c) for c in letters)], dtype=np.uint32)
        width = 1 if int(chars.max()) <= 0xFF else 4  # one byte a letter where Latin-1 holds it
        text = (chars.astype(np.uint8) if width == 1 else chars)[code].tobytes()
        del code
        bitmap = np.zeros(1 << (SLOT_BITS - 3), dtype=np.uint8)  # one bit a slot
        taken = slots(low)
        np.bitwise_or.at(bitmap, taken >> np.uint64(3),
                         np.left_shift(1, taken & np.uint64(7)).astype(np.uint8))
        parts = {"start": start, "order": order, "low": low, "big": big, "seen": bitmap,
                 "text": np.frombuffer(text, dtype=np.uint8)}
        return cls(parts, prime, width)

    def parts(self) -> dict[str, np.ndarray[Any, Any]]:
        """The index's arrays, by name (what ``kept_index`` writes)."""
        return {"start": self._start, "order": self._order, "low": self._low,
                "big": self._big, "seen": self.seen,
                "text": np.frombuffer(self._text, dtype=np.uint8)}

    @property
    def width(self) -> int:
        return self._width

    def key(self, letters: str) -> int:
        prime = self.prime
        return prod([prime[c] for c in letters])

    def may_hold(self, lows: np.ndarray[Any, np.dtype[np.uint64]]) -> np.ndarray[Any, Any]:
        """Which of the products' low bits may be a word's (the bitmap: 1 in 40 false)."""
        taken = slots(lows)
        bits: np.ndarray[Any, Any] = self.seen[taken >> np.uint64(3)]
        return ((bits >> (taken & np.uint64(7)).astype(np.uint8)) & 1).astype(np.bool_)

    def lookup(
        self, lows: np.ndarray[Any, np.dtype[np.uint64]]
    ) -> tuple[list[int], list[str], list[bool]]:
        """The words whose products' low 64 bits are among ``lows``: for each, which of
        ``lows`` (its position), the word, and whether its product may overflow 64 bits (then
        only ``exact`` tells it from a smaller product sharing its low bits). All the binary
        searches and gathers are one numpy step each, so only words reach Python."""
        table = self._low
        first = table.searchsorted(lows, side="left")
        count = table.searchsorted(lows, side="right") - first
        hit = np.flatnonzero(count)
        if not len(hit):
            return [], [], []
        many = count[hit]
        which = np.repeat(hit, many)
        # Each hit's run of equal products: its first place, then one more for each after.
        step = np.ones(len(which), dtype=np.int64)
        ends = np.cumsum(many)
        step[0] = first[hit[0]]
        step[ends[:-1]] = first[hit[1:]] - (first[hit[:-1]] + many[:-1] - 1)
        places = np.cumsum(step)
        ids = self._order[places].astype(np.int64)
        text, w = self._text, self._width
        code = "latin-1" if w == 1 else "utf-32-le"
        words = [text[a * w:b * w].tobytes().decode(code)
                 for a, b in zip(self._start[ids].tolist(),
                                 self._start[ids + 1].tolist(), strict=True)]
        return which.tolist(), words, [bool(b) for b in self._big[places].tolist()]

    def exact(self, word: str, key: int, doubt: bool) -> bool:
        """Whether ``word``'s product is ``key``, found by its low bits (``lookup``): sure
        when neither overflows 64 bits, else multiplied out."""
        if not doubt and key <= LOW_64:
            return True
        prime = self.prime
        return prod([prime[c] for c in word]) == key


CHUNK = 8192
"""Words spelled at a time while the index is built."""
PRODUCTS = 1 << 17
"""Products of a piece (times the hand's multisets, times each fill of its stolen wilds)
looked up at a time: a few megabytes of numpy arrays, however many wilds."""
SLOT_BITS = 22
"""A bitmap of 4 M slots (512 KB), one set for each key's slot: 1 in 40 set for the English
list."""
LOW_64 = (1 << 64) - 1
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def slots(keys: np.ndarray[Any, np.dtype[np.uint64]]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """Each key's slot in the bitmap, from its low 64 bits (Fibonacci hashing: products of
    primes share their low bits, the golden-ratio multiply spreads them to the high ones)."""
    return (keys * GOLDEN) >> np.uint64(64 - SLOT_BITS)


_INDEXES: weakref.WeakKeyDictionary[Any, AnagramIndex] = weakref.WeakKeyDictionary()


def anagram_index(
    graph: Any, make: Callable[[Any], AnagramIndex] | None = None
) -> AnagramIndex:
    """The anagram index of ``graph``, made on first use (``make``, else built from the
    graph: the computer passes one that maps a kept file, ``kept_index``, which the pure
    rules may not reach) and kept as long as the graph is."""
    index = _INDEXES.get(graph)
    if index is None:
        index = _INDEXES[graph] = (make or AnagramIndex.build)(graph)
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
    them over its distinct letters (so a take's number is its counts read as a mixed-radix
    number); with wilds, a word may also hold up to that many letters the hand lacks. Each
    multiset is kept once, under its product of primes, with the take and the fewest wilds
    that make it up. ``ordered`` False is the variant in which stolen letters are rearranged.
    """

    def __init__(self, graph: Any, hand: str, wilds: int, *, ordered: bool = True,
                 index: AnagramIndex | None = None) -> None:
        self.graph = graph
        self.index = anagram_index(graph) if index is None else index
        self.wilds = wilds
        self.hand = hand
        self.ordered = ordered
        prime = self.index.prime
        known = [c for c in hand if c in prime]
        distinct = sorted(set(known))
        self.letters = tuple(distinct)
        """The hand's distinct letters, in the order of a take's counts."""
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
        # What is left of the hand after each take from each remainder (both takes), and how
        # many letters the remainder lacked (wilds make them up), worked out for all pairs.
        # A remainder at a time: the [remainder, take, letter] array of every pair at once,
        # with its temporaries, was the biggest thing a game ever held (12 MB for a hand of
        # eight different letters, the peak of a whole game).
        takes = np.array(self.takes, dtype=np.int64).reshape(len(self.takes), len(self.have))
        radix = np.array([prod(n + 1 for n in self.have[d + 1:])
                          for d in range(len(self.have))], dtype=np.int64)
        self._left: list[list[int]] = []
        self._short: list[list[int]] = []
        for remainder in takes:
            gap = remainder - takes  # [take, letter]
            self._left.append((np.maximum(gap, 0) @ radix).tolist())
            self._short.append(np.maximum(-gap, 0).sum(axis=1).tolist())
        self._size: list[int] = takes.sum(axis=1).tolist()
        self._full = len(self.takes) - 1  # the whole hand
        self._fitting: dict[tuple[int, int], list[int]] = {}
        """The takes each remainder and number of wilds pay for (``lattice``'s ``fits``),
        kept for all the table's words."""

    # ---- the words of one piece

    def words(self, piece: Sequence[str | None]) -> dict[Group, list[str]]:
        """Words holding ``piece`` (in order unless the letters may be rearranged) and at
        least one hand card, by what they take from the hand. A stolen wild (None) is tried
        as every letter: a word may then come in more than one group (any that the hand pays
        for will do)."""
        text = "".join("?" if c is None else c for c in piece)
        key = text if self.ordered else "".join(sorted(text))
        found = self._pieces.get(key)
        if found is not None:
            return found
        found = self._pieces[key] = {}
        index = self.index
        prime = index.prime
        known = [c for c in piece if c is not None]
        if not all(c in prime for c in known):
            return found
        holes = len(piece) - len(known)
        fills = list(product(prime, repeat=holes))
        fill_keys = [prod([prime[c] for c in fill]) for fill in fills]
        base = index.key("".join(known))
        keys, groups = self._keys, self._groups
        check = self.ordered and len(piece) > 1
        # The letters in order, the stolen wilds filled: one regular expression when there
        # are none (compiled once, searched in C), a plain scan for each fill otherwise (a
        # compile a fill was most of the time of a word with two stolen wilds).
        plain = re.compile(".*".join(map(re.escape, known))).search if not holes else None
        filled: dict[int, str] = {}

        def in_order(word: str, f: int) -> bool:
            if plain is not None:
                return plain(word) is not None
            letters = filled.get(f)
            if letters is None:
                fill = iter(fills[f])
                letters = filled[f] = "".join(next(fill) if c is None else c for c in piece)
            return holds_in_order(word, letters)

        # The products' low 64 bits (numpy's wrapping multiply), a few fills of the stolen
        # wilds at a time, pick slots of the index's bitmap all at once; only the few
        # products whose slot is set are looked up, in one vectorized binary search.
        n = len(keys)
        step = max(1, PRODUCTS // max(n, 1))
        merged: dict[Group, dict[str, None]] = {}  # each word once, in the order found
        exact = index.exact
        for first in range(0, len(fills), step):
            many = np.array([(base * k) & LOW_64 for k in fill_keys[first:first + step]],
                            dtype=np.uint64)
            low = (many[:, None] * self._low[None, :]).ravel()
            maybe = np.flatnonzero(index.may_hold(low))
            numbers = maybe.tolist()
            for k, word, doubt in zip(*index.lookup(low[maybe]), strict=True):
                f, i = divmod(numbers[k], n)
                f += first
                if ((not check or in_order(word, f))
                        and exact(word, base * fill_keys[f] * keys[i], doubt)):
                    merged.setdefault(groups[i], {})[word] = None
        found.update((group, list(words)) for group, words in merged.items())
        return found

    # ---- steals

    def ways(self, stolen: Sequence[str | None]) -> Iterator[Way]:
        """Every way to steal ``stolen``: new words with the piece each holds. The same words
        may come more than once (from different pieces); ``steals`` lists each once."""
        for pieces, groups in self.chains(stolen):
            for words in product(*groups):
                yield words, pieces

    def chains(
        self, stolen: Sequence[str | None]
    ) -> Iterator[tuple[tuple[Piece, ...], tuple[list[str], ...]]]:
        """The steals of ``stolen`` a group at a time: the pieces, and for each the words
        (all taking the same cards) it may become; every choice of one word a piece is a
        steal. The paths through ``lattice``."""
        start, edges = self.lattice(stolen)
        if start is None:
            return

        def walk(node: Node) -> Iterator[tuple[tuple[Piece, ...], tuple[list[str], ...]]]:
            for piece, words, after, _ in edges[node]:
                if not after[0]:
                    yield (piece,), (words,)
                    continue
                for pieces, groups in walk(after):  # noqa: F821 (deleted after use)
                    yield (piece, *pieces), (words, *groups)

        try:
            yield from walk(start)
        finally:
            del walk  # it calls itself through its closure: a cycle, kept until collected

    def count(self, stolen: Sequence[str | None]) -> int:
        """How many ways there are to steal ``stolen`` (``ways``, without listing them)."""
        start, edges = self.lattice(stolen)
        if start is None:
            return 0
        paths: dict[Node, int] = {}

        def ways_from(node: Node) -> int:
            if node not in paths:
                paths[node] = sum(len(words) * (ways_from(after) if after[0] else 1)  # noqa: F821 (deleted after use)
                                  for _, words, after, _ in edges[node])
            return paths[node]

        total = ways_from(start)
        del ways_from  # it calls itself through its closure: a cycle, kept until collected
        return total

    def lattice(self, stolen: Sequence[str | None]) -> tuple[Node | None, dict[Node, list[Edge]]]:
        """Every steal of ``stolen`` as a graph, small however many steals there are: a node
        is the cards not yet split off and what is left of the hand (its letters as a take,
        its wilds), an edge the next piece with one group of words for it, leading to the
        node after (its cards empty: the steal is complete there). What can follow depends
        only on the node, so each is searched once; nodes that lead to no steal are left
        out. Returns the first node (None: no steal) and each node's edges."""
        n = len(stolen)
        edges: dict[Node, list[Edge]] = {}
        if not n:
            return None, edges
        left_of, short_of, size = self._left, self._short, self._size
        ordered = self.ordered
        Flat = list[tuple[int, int, list[str], Group]]
        pieces: dict[Piece, tuple[Flat, dict[int, Flat]]] = {}

        def words_of(piece: Piece) -> tuple[Flat, dict[int, Flat]]:
            """A piece's groups (take, wilds, words, and the first two as its group), as a
            list and by take."""
            found = pieces.get(piece)
            if found is None:
                flat = [(group[0], group[1], words, group) for group, words
                        in self.words([stolen[i] for i in piece]).items()]
                by_take: dict[int, Flat] = {}
                for item in flat:
                    by_take.setdefault(item[0], []).append(item)
                found = pieces[piece] = (flat, by_take)
            return found

        fitting = self._fitting

        def fits(remains: int, free: int) -> list[int]:
            """The takes a hand's remainder pays for with ``free`` wilds."""
            found = fitting.get((remains, free))
            if found is None:
                row = short_of[remains]
                found = fitting[remains, free] = [t for t, k in enumerate(row) if k <= free]
            return found

        def choices(rest: Piece) -> Iterator[tuple[Piece, Piece]]:
            """The next piece and the cards after it: ordered, the next run of letters;
            rearranged, any cards of those left that hold the first of them."""
            if ordered:
                for end in range(1, len(rest) + 1):
                    yield rest[:end], rest[end:]
            else:
                head, others = rest[0], rest[1:]
                for k in range(len(others) + 1):
                    for more in combinations(others, k):
                        yield (head, *more), tuple(i for i in others if i not in more)

        def search(node: Node) -> list[Edge]:
            """The edges of ``node`` (none: it leads to no steal), searched once."""
            rest, remains, free = node
            out: list[Edge] = []
            edges[node] = out
            shorts = short_of[remains]
            lefts = left_of[remains]
            for piece, later in choices(rest):
                if later and not size[remains] and not free:
                    continue  # no card left for the next word
                flat, by_take = words_of(piece)
                takes = fits(remains, free)
                # Whichever is shorter: the piece's groups, or the takes the hand still pays
                # for (few, once most of the hand is spoken for).
                if len(takes) < len(flat):
                    todo: Flat = [item for t in takes for item in by_take.get(t, ())]
                else:
                    todo = flat
                for take, lacking, words, group in todo:
                    short = shorts[take] + lacking
                    if short > free:
                        continue
                    after = (later, lefts[take], free - short)
                    if later:
                        # Looked up here, not in a call: most nodes are reached many times.
                        ahead = edges.get(after)
                        if ahead is None:
                            ahead = search(after)  # noqa: F821 (deleted after use)
                        if not ahead:
                            continue
                    out.append((piece, words, after, group))
            return out

        start = (tuple(range(n)), self._full, self.wilds)
        found = bool(search(start))
        # ``search`` calls itself through its closure: a cycle that would keep this turn's
        # pieces and words alive until the cyclic collector runs (megabytes a turn).
        del search
        return (start if found else None), edges

    def steals(self, stolen: Sequence[str | None]) -> list[tuple[str, ...]]:
        """Every steal of ``stolen``, each listed once, its words in the order of their
        pieces."""
        seen: dict[tuple[str, ...], tuple[str, ...]] = {}
        for _, groups in self.chains(stolen):
            if len(groups) == 1:
                for word in groups[0]:
                    seen[(word,)] = (word,)
                continue
            for words in product(*groups):
                seen.setdefault(tuple(sorted(words)), words)
        return list(seen.values())
