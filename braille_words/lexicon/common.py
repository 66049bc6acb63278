"""The words a level knows, searched by letter counts: anagrams among the most frequent forms.

A beginner or medium computer (and a hint) plays only the most frequent forms of the lexicon,
a few tens of thousands. Finding them by asking the whole word graph for anagrams and then
dropping the rare ones costs what the whole lexicon costs: with a rack of twenty-five tiles
every exact-length search lists hundreds of thousands of words to keep a few. Here the known
words are a matrix of letter counts, one block per word length, and a question is one numpy
comparison over the block of each length asked: its cost is the vocabulary's, whatever the
rack holds, so a rack of every tile in the set is answered as fast as a rack of seven.

Answers are the graph's: the same words, longest first and in dictionary order within a
length, each naming the letters its jokers stand for (the letters beyond the rack's count).
The index is built once per lexicon and vocabulary size: the word ids of the most frequent
forms are spelled all at once, one graph level per numpy step (a word's id says which edge
to take at every node: ``spelling.spell``).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from braille_words.lexicon.spelling import spell
from braille_words.lexicon.unsuitable import unsuitable
from braille_words.tiles import normalize

JOKER_MARKS = "?*_"

Array = Any  # numpy arrays, as in ``wide.py``


class Known:
    """A word found, and (worked out only when asked) the letters its jokers stand for."""

    __slots__ = ("_rack", "word")

    def __init__(self, word: str, rack: Counter[str]) -> None:
        self.word = word
        self._rack = rack

    @property
    def joker_letters(self) -> str:
        return "".join(sorted((Counter(self.word) - self._rack).elements()))


class CommonWords:
    """Words grouped by length: each group's words (in the order given) and letter counts."""

    def __init__(self, groups: dict[int, tuple[list[str], Array]], letters: Sequence[str]) -> None:
        self._index = {c: i for i, c in enumerate(letters)}
        self._groups = groups
        self._lengths = sorted(groups, reverse=True)

    @classmethod
    def of_words(cls, words: Iterable[str], letters: Sequence[str]) -> CommonWords:
        """From words as text (a teacher's school words), kept in the order given."""
        index = {c: i for i, c in enumerate(letters)}
        by_length: dict[int, list[str]] = {}
        for word in dict.fromkeys(words):
            if word and all(c in index for c in word):
                by_length.setdefault(len(word), []).append(word)
        groups = {}
        for length, group in by_length.items():
            counts = np.zeros((len(group), len(letters)), dtype=np.int16)
            for row, word in enumerate(group):
                for ch in word:
                    counts[row, index[ch]] += 1
            groups[length] = (group, counts)
        return cls(groups, letters)

    @classmethod
    def of_ids(cls, graph: Any, ids: Iterable[int]) -> CommonWords:
        """From word ids of ``graph`` (a ``WordGraph``), in dictionary order."""
        letters = graph.letters
        mat, _ids = spell(graph, ids)  # rows: words, dictionary order; columns: levels
        if not mat.shape[0]:
            return cls({}, letters)
        lengths = (mat > 0).sum(axis=1)
        codepoints = np.array([0] + [ord(c) for c in letters], dtype=np.uint32)
        groups = {}
        for length in np.flatnonzero(np.bincount(lengths)).tolist():
            rows = np.flatnonzero(lengths == length)
            part = mat[rows, :length]
            words = codepoints[part].view(f"<U{length}").ravel().tolist()
            n = len(letters)
            flat = (np.arange(len(rows))[:, None] * n + part.astype(np.int64) - 1).ravel()
            counts = np.bincount(flat, minlength=len(rows) * n).reshape(len(rows), n)
            groups[int(length)] = (words, counts.astype(np.int16))
        return cls(groups, letters)

    def without(self, lang: str | None) -> CommonWords:
        """These words less the swear words and insults of ``lang`` (``unsuitable``): a
        level's vocabulary is what a child may hear from a computer or a hint."""
        groups = {}
        for length, (words, counts) in self._groups.items():
            keep = [row for row, word in enumerate(words) if not unsuitable(word, lang)]
            if keep:
                groups[length] = ([words[row] for row in keep], counts[keep])
        letters = sorted(self._index, key=self._index.__getitem__)
        return CommonWords(groups, letters)

    def __len__(self) -> int:
        return sum(len(words) for words, _counts in self._groups.values())

    def anagrams(
        self, letters: str, jokers: int = 0, *, min_len: int = 1, max_len: int | None = None
    ) -> list[Known]:
        """The known words made of some of ``letters`` ('?' a joker) plus ``jokers``."""
        rack: Counter[str] = Counter()
        for ch in normalize(letters):
            if ch in JOKER_MARKS:
                jokers += 1
            elif ch in self._index:
                rack[ch] += 1
        have = np.zeros(len(self._index), dtype=np.int16)
        for ch, n in rack.items():
            have[self._index[ch]] = min(n, 10_000)
        total = sum(rack.values()) + jokers
        hi = total if max_len is None else min(max_len, total)
        found: list[Known] = []
        for length in self._lengths:
            if not max(min_len, 1) <= length <= hi:
                continue
            words, counts = self._groups[length]
            short = np.maximum(counts - have, 0).sum(axis=1)
            found += [Known(words[row], rack) for row in np.flatnonzero(short <= jokers).tolist()]
        return found


ENGLISH_VOCABULARY: dict[str, int] = {"beginner": 8000, "medium": 12000}
"""How many of the most frequent English forms a level plays, in every game played in English
words (Word Thief's measure: at 30 000 a medium computer played QI, MORT and LOOS). English
has a few forms a word where Polish has dozens, so the Polish games' 20 000 and 50 000 Polish
forms would reach words no child learning English knows."""


def vocabulary_size(level: str, lang: str, polish: dict[str, int]) -> int | None:
    """The forms ``level`` knows in a game of ``lang`` words: the game's own ``polish``
    counts, or the English ones; None: every word (the strong level)."""
    sizes = ENGLISH_VOCABULARY if lang == "en" else polish
    return sizes.get(level)


def knows(lexicon: object, most: int | None, word: str) -> bool:
    """Whether ``word`` is among the ``most`` most frequent forms of ``lexicon``: the one
    test of a level's vocabulary for a computer that judges words one at a time (Scrabble
    karty's placements, Word Thief's steals) rather than asking ``common_words`` for
    anagrams. ``most`` None (a strong level) knows every word, and so does a lexicon without
    frequencies (a test's small list). A level that knows only common words knows no swear
    word or insult (``unsuitable``), however often people write it."""
    if most is None:
        return True
    if unsuitable(word, getattr(lexicon, "lang", None)):
        return False
    rank = getattr(lexicon, "frequency_rank", None)
    if not callable(rank):
        return True
    found = rank(word)
    return found is not None and found <= most


def common_words(lexicon: object, most: int) -> CommonWords | None:
    """The ``most`` most frequent forms of ``lexicon`` (a teacher's school words when it is
    one), less swear words and insults; None when the lexicon knows no frequencies (a test's
    small list, whose every word then counts as common). Built once per lexicon and size."""
    known = _common_words(lexicon, most)
    return None if known is None else _suitable(known, getattr(lexicon, "lang", None))


@functools.lru_cache(maxsize=16)
def _suitable(known: CommonWords, lang: str | None) -> CommonWords:
    return known.without(lang)


@functools.lru_cache(maxsize=16)
def _common_words(lexicon: Any, most: int) -> CommonWords | None:
    alphabet = getattr(lexicon, "alphabet", None)
    if alphabet is None:
        return None
    school = getattr(lexicon, "school_words", None)
    if school is not None:  # the teacher's list, in the teacher's order of preference
        words = list(lexicon.most_frequent(most))
        last = len(words)

        def order(word: str) -> int:  # dictionary order, as the graph answers
            found = lexicon.word_id(word)
            return last if found is None else int(found)

        words.sort(key=order)
        return CommonWords.of_words(words, alphabet.letters) if words else None
    graph = getattr(lexicon, "graph", None)
    try:
        ids = list(lexicon.frequencies.top(most))
    except Exception:  # no frequency file beside the word list: every word is known
        return None
    if graph is None or not ids:
        return None
    return CommonWords.of_ids(graph, ids)
