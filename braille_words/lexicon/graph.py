"""A minimal acyclic word automaton (DAWG) kept as flat arrays.

Word games need more than membership: "every word I can make from these tiles and two
jokers" and "every word fitting ?a?zcz?t" are walks over a letter graph, pruned as soon as a
prefix can lead nowhere. Libraries that answer membership fast (dawg2, marisa-trie) do not let
us walk node by node, so the graph is our own.

Layout (all little-endian, native C types, so a file maps straight into ``memoryview.cast``
with nothing parsed at load time):

* per node ``i``: ``first[i]`` (uint32, index of its first edge), ``count[i]`` (uint8,
  number of out-edges), ``final[i]`` (uint8, 1 when a word ends here), ``height[i]`` (uint8,
  length of the longest word suffix below it — lets a search skip branches too short for a
  minimum length);
* per node ``i`` also ``below[i]`` (uint32, how many words the node's suffixes complete): it
  numbers the words, so a word's id is its place in dictionary order (``word_id``) and an id
  gives its word back (``word_at``) — other files (frequencies, the 7 słów index) keep
  per-word data in arrays indexed by these ids;
* per edge ``e``: ``label[e]`` (uint8, the letter's index in the alphabet) and ``target[e]``
  (uint32, the node reached). A node's edges are contiguous and sorted by letter.

The root is node 0. Letters are alphabet indices, so edge order is the language's
dictionary order and a walk yields words sorted as a Polish dictionary sorts them.

The builder is the incremental algorithm for sorted input (Daciuk, Mihov, Watson and
Watson 2000): words arrive in sorted order, the path of the previous word that can no longer
change is minimised bottom-up against a register of nodes already seen, so memory holds the
minimal graph plus one word's path, never a trie of the whole list.
"""

from __future__ import annotations

import contextlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, overload

# Sections of a graph in file order, with their array type codes.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("first", "I"),
    ("target", "I"),
    ("count", "B"),
    ("final", "B"),
    ("height", "B"),
    ("label", "B"),
    ("below", "I"),
)

MAX_LETTERS = 64  # heights and labels are bytes; words are far shorter than this anyway


def _build(sorted_words: Iterable[bytes]) -> tuple[list[int], list[tuple[int, ...]]]:
    """Incremental minimisation over sorted words given as bytes of letter indices.

    The path of the previous word is kept unfrozen as two parallel lists (final flags, and
    flat edge lists l0, t0, l1, t1 … whose last target is -1 until the child is frozen).
    When a word arrives, the part of the path below its common prefix can no longer change:
    it is frozen bottom-up, each node replaced by an equal registered node when one exists.
    Returns the registered nodes in freezing order (children before parents; root last).
    One function with local names, because this loop runs for every letter of four
    million words.
    """
    register: dict[tuple[int, tuple[int, ...]], int] = {}
    n_final: list[int] = []
    n_edges: list[tuple[int, ...]] = []
    path_final: list[int] = [0]
    path_edges: list[list[int]] = [[]]

    def freeze_below(depth: int) -> None:
        for i in range(len(path_final) - 1, depth, -1):
            key = (path_final[i], tuple(path_edges[i]))
            found = register.get(key)
            if found is None:
                found = len(n_final)
                register[key] = found
                n_final.append(key[0])
                n_edges.append(key[1])
            path_edges[i - 1][-1] = found
        del path_final[depth + 1 :]
        del path_edges[depth + 1 :]

    prev = b""
    for word in sorted_words:
        if word <= prev:
            if word == prev:
                continue
            raise ValueError("words must be added in sorted order")
        limit = min(len(word), len(prev))
        cp = 0
        while cp < limit and word[cp] == prev[cp]:
            cp += 1
        if len(path_final) > cp + 1:
            freeze_below(cp)
        edges = path_edges[-1]
        for c in word[cp:]:
            edges.append(c)
            edges.append(-1)
            edges = []
            path_edges.append(edges)
            path_final.append(0)
        path_final[-1] = 1
        prev = word
    freeze_below(0)
    key = (path_final[0], tuple(path_edges[0]))
    n_final.append(key[0])
    n_edges.append(key[1])
    return n_final, n_edges


def _flatten(
    n_final: list[int], n_edges: list[tuple[int, ...]], root: int
) -> dict[str, array[int]]:
    """Renumber so the root is node 0 and lay the nodes out as flat arrays."""
    n = len(n_final)
    # Frozen ids run children-first; reversing them puts the root (frozen last) at 0.
    assert root == n - 1
    first = array("I", bytes(4 * n))
    count = array("B", bytes(n))
    final = array("B", bytes(n))
    height = array("B", bytes(n))
    label = array("B")
    target = array("I")
    # Heights and word counts need children first: compute in frozen order.
    h = [0] * n
    words_below = [0] * n
    for old in range(n):
        edges = n_edges[old]
        best = 0
        total = n_final[old]
        for k in range(1, len(edges), 2):
            child = edges[k]
            hh = h[child] + 1
            if hh > best:
                best = hh
            total += words_below[child]
        h[old] = min(best, 255)
        words_below[old] = total
    below = array("I", reversed(words_below))
    for new in range(n):
        old = n - 1 - new
        edges = n_edges[old]
        first[new] = len(label)
        count[new] = len(edges) // 2
        final[new] = n_final[old]
        height[new] = h[old]
        for k in range(0, len(edges), 2):
            label.append(edges[k])
            target.append(n - 1 - edges[k + 1])
    return {
        "first": first,
        "target": target,
        "count": count,
        "final": final,
        "height": height,
        "label": label,
        "below": below,
    }


def build_arrays(sorted_words: Iterable[bytes]) -> dict[str, array[int]]:
    """The flat arrays of the minimal graph of ``sorted_words`` (bytes of letter indices)."""
    n_final, n_edges = _build(sorted_words)
    return _flatten(n_final, n_edges, len(n_final) - 1)


class Anagram(NamedTuple):
    """A word found from a rack, and which of its positions are jokers.

    ``jokers`` holds the positions (0-based) of the word filled by jokers; the letter a joker
    became is the word's letter there. Real tiles are used before jokers, so a word is found
    once, with the fewest jokers, the jokers taking the later occurrences of a letter. (A
    named tuple, not a dataclass: a big rack yields a hundred thousand of these, and tuples
    are made fastest.)
    """

    word: str
    jokers: tuple[int, ...] = ()

    @property
    def joker_letters(self) -> str:
        """The letters the jokers became, in word order."""
        return "".join(self.word[p] for p in self.jokers)

    def shown(self, joker: str = "?") -> str:
        """The word as played: joker positions shown as ``joker``."""
        chars = list(self.word)
        for pos in self.jokers:
            chars[pos] = joker
        return "".join(chars)


class Anagrams(Sequence[Anagram]):
    """The words a search found, with their joker positions: longest first, and in
    dictionary order within one length (the order a player wants to hear them).

    Kept as two plain lists and turned into ``Anagram`` tuples only when read: fourteen
    tiles and two jokers find some 60 000 words, and making that many objects would take
    longer than the search itself. ``words`` gives the bare words at no cost.

    ``work`` is what the search cost in partial words it looked at (the numpy search's
    rows; for the walk, whose cost is the words it finds, their number): a caller that must
    bound its thinking without reading a clock (a game's computer player) counts it.
    """

    __slots__ = ("jokers", "words", "work")

    def __init__(
        self, words: list[str], jokers: list[tuple[int, ...]], work: int | None = None
    ) -> None:
        self.words = words
        self.jokers = jokers
        self.work = len(words) if work is None else work

    def __len__(self) -> int:
        return len(self.words)

    @overload
    def __getitem__(self, index: int) -> Anagram: ...

    @overload
    def __getitem__(self, index: slice) -> Anagrams: ...

    def __getitem__(self, index: int | slice) -> Anagram | Anagrams:
        if isinstance(index, slice):
            return Anagrams(self.words[index], self.jokers[index])
        return Anagram(self.words[index], self.jokers[index])

    def __iter__(self) -> Iterator[Anagram]:
        return map(Anagram, self.words, self.jokers)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Anagrams):
            return self.words == other.words and self.jokers == other.jokers
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def reordered(self, order: Iterable[int]) -> Anagrams:
        """The same results in the order of ``order`` (indices)."""
        order = list(order)
        return Anagrams([self.words[i] for i in order], [self.jokers[i] for i in order])

    def __repr__(self) -> str:
        shown = ", ".join(a.shown() for a in self[:5])
        more = ", …" if len(self) > 5 else ""
        return f"Anagrams({len(self)}: {shown}{more})"


class _Enough(Exception):
    """Stops a pattern walk that has found as many words as were asked for."""


class WordGraph:
    """Walks over the flat arrays, whether they live in a mapped file or in memory."""

    def __init__(self, arrays: dict[str, Sequence[int]], letters: Sequence[str]) -> None:
        self.first = arrays["first"]
        self.target = arrays["target"]
        self.count = arrays["count"]
        self.final = arrays["final"]
        self.height = arrays["height"]
        self.label = arrays["label"]
        self.below = arrays["below"]
        self.arrays = arrays
        self.letters = tuple(letters)
        self._index = {c: i for i, c in enumerate(self.letters)}

    @property
    def node_count(self) -> int:
        return len(self.count)

    @property
    def edge_count(self) -> int:
        return len(self.label)

    def _child(self, node: int, letter: int) -> int:
        """The node reached from ``node`` by ``letter``, or -1."""
        lo = self.first[node]
        hi = lo + self.count[node]
        label = self.label
        while lo < hi:
            mid = (lo + hi) >> 1
            x = label[mid]
            if x < letter:
                lo = mid + 1
            elif x > letter:
                hi = mid
            else:
                return self.target[mid]
        return -1

    def walk(self, word: str) -> int:
        """The node after reading ``word`` from the root, or -1 when no word starts so."""
        node = 0
        index = self._index
        for ch in word:
            i = index.get(ch)
            if i is None:
                return -1
            node = self._child(node, i)
            if node < 0:
                return -1
        return node

    def contains(self, word: str) -> bool:
        node = self.walk(word)
        return node >= 0 and bool(self.final[node])

    def word_id(self, word: str) -> int | None:
        """The word's place in dictionary order (0-based), or None when it is no word.

        Each step adds the words that come before the path: one ending at the node itself
        and every word below the node's earlier edges.
        """
        first, count, final, label, target, below = (
            self.first, self.count, self.final, self.label, self.target, self.below
        )
        index = self._index
        node = 0
        rank = 0
        for ch in word:
            i = index.get(ch)
            if i is None:
                return None
            rank += final[node]
            start = first[node]
            for e in range(start, start + count[node]):
                x = label[e]
                if x == i:
                    node = target[e]
                    break
                if x > i:
                    return None
                rank += below[target[e]]
            else:
                return None
        return rank if final[node] else None

    def word_at(self, word_id: int) -> str:
        """The word whose ``word_id`` is ``word_id`` (IndexError outside 0 … words − 1)."""
        first, count, final, label, target, below = (
            self.first, self.count, self.final, self.label, self.target, self.below
        )
        if not 0 <= word_id < below[0]:
            raise IndexError(f"word id {word_id} out of range")
        letters = self.letters
        rest = word_id
        node = 0
        out: list[str] = []
        while True:
            if final[node]:
                if rest == 0:
                    return "".join(out)
                rest -= 1
            start = first[node]
            for e in range(start, start + count[node]):
                child = target[e]
                n = below[child]
                if rest < n:
                    out.append(letters[label[e]])
                    node = child
                    break
                rest -= n
            else:  # pragma: no cover - counts always add up in a well-formed graph
                raise IndexError(f"word id {word_id} out of range")

    def has_prefix(self, prefix: str) -> bool:
        return self.walk(prefix) >= 0

    def words(self, prefix: str = "") -> Iterator[str]:
        """Every word starting with ``prefix``, in dictionary order."""
        node = self.walk(prefix)
        if node < 0:
            return
        first, count, final, label, target = (
            self.first, self.count, self.final, self.label, self.target
        )
        letters = self.letters
        stack: list[tuple[int, str]] = [(node, prefix)]
        while stack:
            node, text = stack.pop()
            if final[node]:
                yield text
            start = first[node]
            for e in range(start + count[node] - 1, start - 1, -1):
                stack.append((target[e], text + letters[label[e]]))

    def anagrams(
        self,
        rack: Sequence[int],
        jokers: int = 0,
        min_len: int = 1,
        max_len: int | None = None,
    ) -> Anagrams:
        """Every word using a sub-multiset of ``rack`` (letter counts by index) plus jokers.

        A depth-first walk carrying the remaining counts: an edge is taken with a real tile
        when one is left, otherwise with a joker; a branch is dropped when it cannot reach
        ``min_len`` (the node's height says how deep it goes).
        """
        counts = list(rack) + [0] * (len(self.letters) - len(rack))
        total = sum(counts) + jokers
        if max_len is None or max_len > total:
            max_len = total
        min_len = max(min_len, 1)
        if min_len > max_len:
            return Anagrams([], [])
        first, count, final, label, target, height = (
            self.first, self.count, self.final, self.label, self.target, self.height
        )
        letters = self.letters
        found: list[str] = []
        spots: list[tuple[int, ...]] = []
        emit, mark = found.append, spots.append

        # The word so far travels as a string and the joker positions as a tuple: both are
        # cheap to extend for one call and need no undoing, unlike shared lists.
        def visit(
            node: int, depth: int, text: str, left: int, wild: tuple[int, ...]
        ) -> None:
            deeper = depth + 1
            start = first[node]
            for e in range(start, start + count[node]):
                child = target[e]
                if deeper + height[child] < min_len:
                    continue
                c = label[e]
                if counts[c]:
                    word = text + letters[c]
                    if final[child] and deeper >= min_len:
                        emit(word)
                        mark(wild)
                    if deeper < max_len and count[child]:
                        counts[c] -= 1
                        visit(child, deeper, word, left, wild)
                        counts[c] += 1
                elif left:
                    word = text + letters[c]
                    here = (*wild, depth)
                    if final[child] and deeper >= min_len:
                        emit(word)
                        mark(here)
                    if deeper < max_len and count[child]:
                        visit(child, deeper, word, left - 1, here)

        visit(0, 0, "", jokers, ())
        # The walk meets words in dictionary order; a stable sort by length puts the
        # longest first and keeps that order within each length.
        result = Anagrams(found, spots)
        return result.reordered(sorted(range(len(found)), key=lambda i: -len(found[i])))

    def matching(
        self, pattern: Sequence[int | str | None], limit: int | None = None
    ) -> list[str]:
        """Every word fitting ``pattern``: a letter index, ``None`` for any one letter, or
        a string (``"*"``) for any run of letters, possibly empty.

        With ``limit`` the walk stops once it has found that many words ("*" alone would
        otherwise list four million); they are returned in dictionary order, but need not
        be the first ones of the whole answer."""
        first, count, final, label, target, height = (
            self.first, self.count, self.final, self.label, self.target, self.height
        )
        letters = self.letters
        pat = list(pattern)
        n = len(pat)
        # Letters the rest of the pattern needs at least; a branch shorter than that is dropped.
        need = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            need[i] = need[i + 1] + (0 if isinstance(pat[i], str) else 1)
        # viable(node, i): can some path from ``node`` spell pattern[i:] and end a word?
        # It depends on the node and position only, never on the letters before, so each
        # pair is decided once; the enumeration then walks only into viable pairs and its
        # cost follows the words found. (A leading "*" would otherwise re-walk the whole
        # graph under every prefix.)
        memo: dict[tuple[int, int], bool] = {}

        def viable(node: int, i: int) -> bool:
            key = (node, i)
            known = memo.get(key)
            if known is not None:
                return known
            if height[node] < need[i]:
                result = False
            elif i == n:
                result = bool(final[node])
            else:
                p = pat[i]
                start = first[node]
                edges = range(start, start + count[node])
                if isinstance(p, str):
                    result = viable(node, i + 1) or any(viable(target[e], i) for e in edges)
                elif p is None:
                    result = any(viable(target[e], i + 1) for e in edges)
                else:
                    child = self._child(node, p)
                    result = child >= 0 and viable(child, i + 1)
            memo[key] = result
            return result

        out: set[str] = set()

        def emit(node: int, i: int, text: str) -> None:
            if i == n:
                out.add(text)
                if limit is not None and len(out) >= limit:
                    raise _Enough
                return
            p = pat[i]
            start = first[node]
            if isinstance(p, str):
                if viable(node, i + 1):
                    emit(node, i + 1, text)
                for e in range(start, start + count[node]):
                    if viable(target[e], i):
                        emit(target[e], i, text + letters[label[e]])
            elif p is None:
                for e in range(start, start + count[node]):
                    if viable(target[e], i + 1):
                        emit(target[e], i + 1, text + letters[label[e]])
            else:
                emit(self._child(node, p), i + 1, text + letters[p])

        if (limit is None or limit > 0) and viable(0, 0):
            with contextlib.suppress(_Enough):
                emit(0, 0, "")
        order = self._index
        return sorted(out, key=lambda w: [order[c] for c in w])
