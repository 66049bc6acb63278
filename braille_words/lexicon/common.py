"""The words a level knows, searched by letter counts: anagrams among the most frequent forms.

A beginner or medium computer (and a hint) plays only the most frequent forms of the lexicon,
a few tens of thousands. Finding them by asking the whole word graph for anagrams and then
dropping the rare ones costs what the whole lexicon costs: with a rack of twenty-five tiles
every exact-length search lists hundreds of thousands of words to keep a few. Here the known
words are grouped by length, and each group holds, per letter and count, the set of its words
with at least that many of the letter, as the bits of one Python integer. A question is a few
dozen ORs of those integers (the words short of some letter), whatever the rack holds: a rack
of every tile in the set is answered as fast as a rack of seven, in well under a millisecond,
and without numpy, which Rummikub's first move would otherwise import before a person's first
prompt (a tenth of a second). Jokers are counted by bit-sliced counters: the words short by at
least 1, 2, … letters, so a word fits when it is short by no more than the jokers.

Answers are the graph's: the same words, longest first and in dictionary order within a
length, each naming the letters its jokers stand for (the letters beyond the rack's count).
The index is built once per lexicon and vocabulary size: the word ids of the most frequent
forms are spelled all at once, one graph level per numpy step (``spelling.spell``). A
compiled lexicon's index is kept between runs (``parsed_cache``, keyed by the lexicon's build
stamp and files), so a game's start spells nothing and imports no numpy.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from braille_words.lexicon.unsuitable import unsuitable, unsuitable_source
from braille_words.tiles import normalize

JOKER_MARKS = "?*_"

Array = Any  # numpy arrays, as in ``wide.py``

Group = tuple[list[str], dict[int, list[int]]]
"""One length's words (in the order given) and, per letter index, ``at_least``: bit ``k`` of
``at_least[n - 1]`` is set when word ``k`` holds the letter at least ``n`` times."""


class Known:
    """A word found, and (worked out only when asked) the letters its jokers stand for."""

    __slots__ = ("_rack", "word")

    def __init__(self, word: str, rack: Counter[str]) -> None:
        self.word = word
        self._rack = rack

    @property
    def joker_letters(self) -> str:
        return "".join(sorted((Counter(self.word) - self._rack).elements()))


def _bits(rows: Iterable[int], size: int) -> int:
    """An integer whose bit ``k`` is set for each ``k`` in ``rows`` (all below ``size``)."""
    mask = bytearray((size + 7) // 8)
    for k in rows:
        mask[k >> 3] |= 1 << (k & 7)
    return int.from_bytes(mask, "little")


def _rows(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    text = f"{mask:b}"
    top = len(text) - 1
    found = []
    at = text.find("1")
    while at >= 0:
        found.append(top - at)
        at = text.find("1", at + 1)
    found.reverse()
    return found


def group_of(words: list[str], index: dict[str, int]) -> Group:
    """The index of one length's ``words`` (every letter of them in ``index``)."""
    rows: dict[int, list[list[int]]] = {}
    for k, word in enumerate(words):
        for ch in set(word):
            levels = rows.setdefault(index[ch], [])
            for n in range(word.count(ch)):
                if n == len(levels):
                    levels.append([])
                levels[n].append(k)
    size = len(words)
    return words, {x: [_bits(r, size) for r in levels] for x, levels in sorted(rows.items())}


class CommonWords:
    """Words grouped by length: each group's words (in the order given) and letter counts."""

    def __init__(self, groups: dict[int, Group], letters: Sequence[str]) -> None:
        self._index = {c: i for i, c in enumerate(letters)}
        self._groups = groups
        self._lengths = sorted(groups, reverse=True)

    @property
    def groups(self) -> dict[int, Group]:
        """The index itself (plain data: what ``parsed_cache`` keeps)."""
        return self._groups

    @classmethod
    def of_words(cls, words: Iterable[str], letters: Sequence[str],
                 lang: str | None = None) -> CommonWords:
        """From words as text (a teacher's school words), kept in the order given, less the
        swear words and insults of ``lang`` (``unsuitable``)."""
        index = {c: i for i, c in enumerate(letters)}
        by_length: dict[int, list[str]] = {}
        for word in dict.fromkeys(words):
            if word and all(c in index for c in word) and not unsuitable(word, lang):
                by_length.setdefault(len(word), []).append(word)
        return cls({n: group_of(group, index) for n, group in by_length.items()}, letters)

    @classmethod
    def of_ids(cls, graph: Any, ids: Iterable[int], lang: str | None = None) -> CommonWords:
        """From word ids of ``graph`` (a ``WordGraph``), in dictionary order, less the swear
        words and insults of ``lang`` (``unsuitable``): a level's vocabulary is what a child
        may hear from a computer or a hint."""
        import numpy as np

        from braille_words.lexicon.spelling import spell

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
            keep = [row for row, word in enumerate(words) if not unsuitable(word, lang)]
            if not keep:
                continue
            if len(keep) < len(words):
                words = [words[row] for row in keep]
                rows, part = rows[keep], part[keep]
            n = len(letters)
            flat = (np.arange(len(rows))[:, None] * n + part.astype(np.int64) - 1).ravel()
            counts = np.bincount(flat, minlength=len(rows) * n).reshape(len(rows), n)
            at_least: dict[int, list[int]] = {}
            for x in range(n):
                column = counts[:, x]
                at_least[x] = [
                    int.from_bytes(np.packbits(column >= times, bitorder="little").tobytes(),
                                   "little")
                    for times in range(1, int(column.max()) + 1)
                ]
            groups[int(length)] = (words, {x: m for x, m in at_least.items() if m})
        return cls(groups, letters)

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
        have = [0] * len(self._index)
        for ch, n in rack.items():
            have[self._index[ch]] = n
        total = sum(rack.values()) + jokers
        hi = total if max_len is None else min(max_len, total)
        found: list[Known] = []
        for length in self._lengths:
            if not max(min_len, 1) <= length <= hi:
                continue
            words, at_least = self._groups[length]
            everyone = (1 << len(words)) - 1
            spare = min(jokers, length)
            # short[i]: the words short of the rack by at least i + 1 letters in all.
            short = [0] * (spare + 1)
            for x, levels in at_least.items():
                for beyond in levels[have[x]:]:  # one letter more than the rack holds
                    for i in range(spare, 0, -1):
                        short[i] |= short[i - 1] & beyond
                    short[0] |= beyond
            fit = everyone & ~short[spare]
            found += [Known(words[row], rack) for row in _rows(fit)]
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
    one), less swear words and insults; None when the lexicon knows no frequencies (a
    test's small list, whose every word then counts as common). Built once per lexicon and size."""
    return _common_words(lexicon, most)


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
        lang = getattr(lexicon, "lang", None)
        return CommonWords.of_words(words, alphabet.letters, lang) if words else None
    graph = getattr(lexicon, "graph", None)
    if graph is None:
        return None
    key = _compiled_key(lexicon, most)
    if key is None:
        return _of_frequencies(lexicon, graph, most)
    from braille_words.parsed_cache import cached

    def build() -> tuple[bool, dict[int, Group]]:
        known = _of_frequencies(lexicon, graph, most)
        return known is not None, {} if known is None else known.groups

    present, groups = cached(f"common-{lexicon.lang}-{most}", key, build, _is_kept_index)
    return CommonWords(groups, alphabet.letters) if present else None


def _of_frequencies(lexicon: Any, graph: Any, most: int) -> CommonWords | None:
    try:
        ids = list(lexicon.frequencies.top(most))
    except Exception:  # no frequency file beside the word list: every word is known
        return None
    if not ids:
        return None
    return CommonWords.of_ids(graph, ids, getattr(lexicon, "lang", None))


def _compiled_key(lexicon: Any, most: int) -> tuple[object, ...] | None:
    """What a compiled lexicon's kept index depends on; None for a lexicon in memory."""
    source, stamp = getattr(lexicon, "source", "memory"), getattr(lexicon, "stamp", None)
    if source == "memory" or not isinstance(stamp, str):
        return None
    from braille_words.parsed_cache import source_key

    graph_file = Path(source)
    try:
        files = source_key([graph_file, graph_file.with_suffix(".freq"),
                            *unsuitable_source(getattr(lexicon, "lang", None))])
    except OSError:
        return None
    return (stamp, most, "".join(lexicon.alphabet.letters), files)


def _is_kept_index(value: Any) -> bool:
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict)):
        return False
    for length, group in value[1].items():
        if not (isinstance(length, int) and isinstance(group, tuple) and len(group) == 2):
            return False
        words, at_least = group
        if not (isinstance(words, list) and isinstance(at_least, dict)):
            return False
    return True
