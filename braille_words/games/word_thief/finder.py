"""Word Thief's steal finder: every word that holds a stolen word's letters in order and takes
at least one card from a hand, found by one walk of the word graph.

An anagram search of the stolen letters with the hand finds every word of those letters and
then throws most away (those that break the order); this walk carries the order as it goes:
at each letter it either matches the next stolen letter or spends a hand card (a wild for any
letter), so only words that can be steals are ever reached. A two-way cut is two such walks,
one per piece, paired when the hand can pay for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Found = tuple[str, tuple[int, ...], int]
"""A word, how many of each hand letter it takes (by the graph's letter index), wilds taken."""


def holds_in_order(word: str, stolen: str) -> bool:
    """Whether ``word`` has ``stolen``'s letters in order: the plain check a scan of the word
    list makes, which the graph walk below must agree with."""
    it = iter(word)
    return all(ch in it for ch in stolen)


def holding(graph: Any, piece: Sequence[str | None], hand: str, wilds: int) -> list[Found]:
    """Every word holding ``piece`` in order (None: a stolen wild, any letter) and at least one
    hand card, the hand paying for the rest."""
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


Cache = dict[tuple[tuple[str | None, ...], str, int], list[Found]]
"""Words holding a piece, kept while one hand looks at a table: the same short pieces (a T,
an E) come from several of its words."""


def _holding_once(
    graph: Any, piece: Sequence[str | None], hand: str, wilds: int, cache: Cache | None
) -> list[Found]:
    if cache is None:
        return holding(graph, piece, hand, wilds)
    key = (tuple(piece), hand, wilds)
    if key not in cache:
        cache[key] = holding(graph, piece, hand, wilds)
    return cache[key]


def steals(
    graph: Any,
    stolen: Sequence[str | None],
    hand: str,
    wilds: int,
    *,
    pairs: bool = True,
    cache: Cache | None = None,
) -> list[tuple[str, ...]]:
    """Every steal of ``stolen``: longer words, and (with ``pairs``) two words from a two-way
    cut that the hand pays for together. A word reached by two paths is listed once. Give a
    ``cache`` to look at several words of one table with one hand."""
    out: list[tuple[str, ...]] = [(w,) for w in sorted({w for w, _, _ in
                                                        holding(graph, stolen, hand, wilds)})]
    if not pairs:
        return out
    have = [hand.count(c) for c in graph.letters]
    seen: set[tuple[str, str]] = set()
    for cut in range(1, len(stolen)):
        lefts = _by_cost(_holding_once(graph, stolen[:cut], hand, wilds, cache))
        rights = _by_cost(_holding_once(graph, stolen[cut:], hand, wilds, cache))
        for (spent_a, wild_a), words_a in lefts.items():
            rest = [h - s for h, s in zip(have, spent_a, strict=True)]
            free = wilds - wild_a
            for (spent_b, wild_b), words_b in rights.items():
                short = sum(max(0, s - r) for s, r in zip(spent_b, rest, strict=True))
                if short + wild_b <= free:
                    seen.update((a, b) for a in words_a for b in words_b)
    return out + sorted(seen)


def _by_cost(found: list[Found]) -> dict[tuple[tuple[int, ...], int], set[str]]:
    """Words grouped by what they cost the hand: a pair is checked once per two costs."""
    groups: dict[tuple[tuple[int, ...], int], set[str]] = {}
    for word, spent, wild in found:
        groups.setdefault((spent, wild), set()).add(word)
    return groups
