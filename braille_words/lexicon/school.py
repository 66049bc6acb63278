"""A class's own vocabulary: the teacher's "school dictionary".

Levels already mean vocabulary (a beginner computer plays among the most frequent forms), but a
teacher knows better which words a class has met. A school word list replaces the frequencies
for the beginner and medium computers and for hints: they play and suggest only words from the
list, in the list's order of preference. Players' words are still judged by the whole lexicon,
and a strong computer still knows every word.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from braille_words.tiles import normalize

SCHOOL_ZIPF = 7.0
"""The frequency every school word is given: above any level's threshold."""


class SchoolWords:
    """``lexicon`` as the computers see it when a teacher gives the class's words.

    Everything but frequency is the lexicon's own (``contains``, anagrams, families); its
    frequencies know only the school words, ranked in the list's order."""

    def __init__(self, lexicon: Any, words: Iterable[str]) -> None:
        self._lexicon = lexicon
        ranks: dict[str, int] = {}
        for word in words:
            low = normalize(word)  # a teacher's list may be in capitals or decomposed
            if low not in ranks and lexicon.contains(low):
                ranks[low] = len(ranks) + 1
        self._ranks = ranks
        self.school_words: Sequence[str] = tuple(ranks)
        """The list's words the lexicon knows, in the teacher's order."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._lexicon, name)

    def frequency_rank(self, word: str) -> int | None:
        return self._ranks.get(word.lower())

    def zipf(self, word: str) -> float:
        return SCHOOL_ZIPF if word.lower() in self._ranks else 0.0

    def most_frequent(self, n: int | None = None, *, min_zipf: float = 0.0) -> Iterator[str]:
        words = self.school_words if min_zipf <= SCHOOL_ZIPF else ()
        return iter(words[:n] if n is not None else words)
