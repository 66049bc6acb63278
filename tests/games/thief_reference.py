"""Every legal Word Thief steal, found the slow way straight from the rules README, to hold
the game's finder to: the stolen word is split into pieces, one per new word (contiguous,
its letters kept in order; under ``rearrange`` any cards, in any order); each new word is a
word of the list holding its piece and at least one card more; the hand pays for every new
word together, a wild for a letter it lacks; no new word is the stolen word, and one word
that is only its plural is no steal. A stolen wild ("?") stands for any letter.

No index, no grouping: each piece is a scan of the whole word list, and the new words are
tried one by one, piece after piece, against what is left of the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, pairwise

from braille_words.games.word_thief.rules import only_plural


def _cuts(n: int) -> Iterator[list[tuple[int, ...]]]:
    """Every split of positions 0..n-1 into contiguous runs."""
    for k in range(1, n + 1):
        for stops in combinations(range(1, n), k - 1):
            bounds = (0, *stops, n)
            yield [tuple(range(a, b)) for a, b in pairwise(bounds)]


def _partitions(items: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every split of ``items`` into non-empty sets."""
    if not items:
        yield []
        return
    head, rest = items[0], items[1:]
    for k in range(len(rest) + 1):
        for more in combinations(rest, k):
            left = tuple(i for i in rest if i not in more)
            for tail in _partitions(left):
                yield [(head, *more), *tail]


def _takes_in_order(word: str, piece: str) -> list[Counter[str]]:
    """What ``word`` takes beyond ``piece`` for each way the piece sits in it in order ("?"
    any letter); none when it does not."""
    out: list[Counter[str]] = []

    def place(k: int, start: int, used: list[int]) -> None:
        if k == len(piece):
            rest = Counter(word[i] for i in range(len(word)) if i not in used)
            if rest not in out:
                out.append(rest)
            return
        for i in range(start, len(word)):
            if piece[k] == "?" or piece[k] == word[i]:
                place(k + 1, i + 1, [*used, i])

    place(0, 0, [])
    return out


def _takes_any_order(word: str, piece: str) -> list[Counter[str]]:
    rest = Counter(word) - Counter(c for c in piece if c != "?")
    if sum(Counter(c for c in piece if c != "?").values()) + sum(rest.values()) != len(word):
        return []  # a letter of the piece is missing
    outs: list[Counter[str]] = [rest]
    for _ in range(piece.count("?")):
        outs = [o - Counter(c) for o in outs for c in o]
    unique: list[Counter[str]] = []
    for o in outs:
        if o not in unique:
            unique.append(o)
    return unique


class Reference:
    """The word list, kept once; ``steals`` for any table word and hand."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = list(words)
        self.listing = "\n".join(self.words)
        self._scans: dict[tuple[str, bool, str, int], list[tuple[str, list[Counter[str]]]]] = {}

    def holding(
        self, piece: str, ordered: bool, hand: str, wilds: int
    ) -> list[tuple[str, list[Counter[str]]]]:
        """Words longer than ``piece`` that hold it and that the hand alone pays for, with
        what each takes (a word the hand cannot pay for alone it cannot pay for beside
        others either)."""
        key = (piece, ordered, hand, wilds)
        if key not in self._scans:
            have = Counter(hand)
            known = Counter(c for c in piece if c != "?")
            spare = wilds + piece.count("?")
            longest = len(piece) + len(hand) + wilds
            found: list[tuple[str, list[Counter[str]]]] = []
            for word in self.words:
                if not len(piece) < len(word) <= longest:
                    continue
                if sum((Counter(word) - known - have).values()) > spare:
                    continue  # the hand cannot pay for it, however the piece sits
                takes = (_takes_in_order if ordered else _takes_any_order)(word, piece)
                takes = [t for t in takes if sum((t - have).values()) <= wilds]
                if takes:
                    found.append((word, takes))
            self._scans[key] = found
        return self._scans[key]

    def steals(
        self, stolen: str, hand: str, wilds: int, *, ordered: bool = True
    ) -> set[tuple[str, ...]]:
        """Every legal steal of ``stolen`` ("?" a stolen wild), each as its sorted words."""
        out: set[tuple[str, ...]] = set()
        n = len(stolen)
        # Only words made of the stolen and the hand's letters can take part (the wilds
        # making up the rest): the list is cut to those once, so each piece scans a few.
        pool = Counter(c for c in stolen + hand if c != "?")
        spare = wilds + stolen.count("?")
        narrow = Reference([w for w in self.words
                            if len(w) <= n + len(hand) + wilds
                            and sum((Counter(w) - pool).values()) <= spare])
        splits = _cuts(n) if ordered else _partitions(tuple(range(n)))
        for pieces in splits:
            options = [narrow.holding("".join(stolen[i] for i in p), ordered, hand, wilds)
                       for p in pieces]

            def fill(k: int, left: Counter[str], free: int, chosen: list[str],
                     options: list[list[tuple[str, list[Counter[str]]]]] = options) -> None:
                if k == len(options):
                    out.add(tuple(sorted(chosen)))
                    return
                for word, takes in options[k]:
                    for take in takes:
                        short = sum((take - left).values())
                        if short <= free:
                            fill(k + 1, left - take, free - short, [*chosen, word], options)

            fill(0, Counter(hand), wilds, [])
        return {s for s in out
                if stolen not in s and not (len(s) == 1 and only_plural(s[0], stolen))}
