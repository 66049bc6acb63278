"""Word frequencies, worked out when the lexicon is built and mapped at play time.

wordfreq (a build-time extra) ranks a language's words by how often they are written. At
``lexicon build`` its list is walked once, in its own order (most frequent first, the order
of ``wordfreq.top_n_list``), keeping the forms that are in the lexicon; each kept form gets a
rank (1 = the most frequent form of the lexicon) and its Zipf value exactly as
``wordfreq.zipf_frequency`` gives it (wordfreq stores frequencies in centibels, so a Zipf
value is a whole number of hundredths and is stored as one).

``<lang>.freq`` holds four arrays over the ranked forms only (Polish: about 300 000 of four
million), so it stays small:

* ``by_rank`` — word ids (``WordGraph.word_id``) in rank order;
* ``zipf`` — Zipf × 100 in rank order (never rising);
* ``ids`` / ``ranks`` — the same word ids sorted, with each one's rank, for a bisection from a
  word to its rank.

Nothing here imports wordfreq at play time: only ``ranked_from_wordfreq`` does, at build.
"""

from __future__ import annotations

import bisect
import math
from array import array
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from braille_words.errors import BrailleWordsError
from braille_words.lexicon import arrays

KIND = "word frequencies 1"


def ranked_from_wordfreq(
    lang: str, word_id: Callable[[str], int | None]
) -> tuple[array[int], array[int]]:
    """Word ids of the lexicon's forms in wordfreq's order, and their Zipf values × 100."""
    try:
        from wordfreq import cB_to_freq, freq_to_zipf, get_frequency_list
    except ImportError:
        raise BrailleWordsError(
            "word frequencies are computed by wordfreq when the lexicon is built: install "
            "the build extras (pip install 'braille-words[build]'; setup.sh does)."
        ) from None
    by_rank = array("I")
    zipf = array("H")
    for index, bucket in enumerate(get_frequency_list(lang)):
        # What zipf_frequency returns for a word of this bucket (the same float arithmetic).
        value = round(freq_to_zipf(1.0 / (1.0 / cB_to_freq(-index))), 2)
        hundredths = max(0, round(value * 100))
        for word in bucket:
            found = word_id(word)
            if found is not None:
                by_rank.append(found)
                zipf.append(hundredths)
    return by_rank, zipf


def wordfreq_version() -> str:
    try:
        from importlib.metadata import version

        return version("wordfreq")
    except Exception:  # not installed, or no metadata
        return "?"


class Frequencies:
    """Ranks and Zipf values of a lexicon's forms, by word id."""

    def __init__(
        self,
        by_rank: Sequence[int],
        zipf: Sequence[int],
        ids: Sequence[int] | None = None,
        ranks: Sequence[int] | None = None,
    ) -> None:
        if ids is None or ranks is None:
            order = sorted(range(len(by_rank)), key=by_rank.__getitem__)
            ids = array("I", (by_rank[i] for i in order))
            ranks = array("I", (i + 1 for i in order))
        self.by_rank = by_rank
        self.hundredths = zipf
        self.ids = ids
        self.ranks = ranks

    @classmethod
    def empty(cls) -> Frequencies:
        return cls(array("I"), array("H"))

    def __len__(self) -> int:
        return len(self.by_rank)

    def rank(self, word_id: int) -> int | None:
        """1 for the most frequent form; None for a form wordfreq has not seen."""
        ids = self.ids
        i = bisect.bisect_left(ids, word_id)
        return int(self.ranks[i]) if i < len(ids) and ids[i] == word_id else None

    def zipf(self, word_id: int) -> float:
        """The form's Zipf value (0.0 when unseen), equal to wordfreq's ``zipf_frequency``."""
        rank = self.rank(word_id)
        return 0.0 if rank is None else self.hundredths[rank - 1] / 100

    def count_at_least(self, min_zipf: float) -> int:
        """How many forms have a Zipf value of at least ``min_zipf`` (they are the first)."""
        threshold = math.ceil(min_zipf * 100 - 1e-9)  # values are whole hundredths
        return bisect.bisect_right(self.hundredths, -threshold, key=lambda v: -v)

    def top(self, n: int | None = None, *, min_zipf: float = 0.0) -> Iterator[int]:
        """Word ids of the ``n`` most frequent forms (all of them with None), at ``min_zipf``."""
        stop = self.count_at_least(min_zipf) if min_zipf > 0 else len(self.by_rank)
        if n is not None:
            stop = min(stop, max(0, n))
        for i in range(stop):
            yield int(self.by_rank[i])


def sections(freq: Frequencies) -> dict[str, array[int]]:
    return {
        "by_rank": array("I", freq.by_rank),
        "zipf": array("H", freq.hundredths),
        "ids": array("I", freq.ids),
        "ranks": array("I", freq.ranks),
    }


def write(target: Path, freq: Frequencies, header: dict[str, object]) -> None:
    arrays.write(target, KIND, dict(header), sections(freq))


def load(source: Path, stamp: str) -> Frequencies | None:
    """The frequencies mapped from ``source``, or None when missing or of another build."""
    mapped = arrays.map_file(source, KIND)
    if mapped is None or mapped.header.get("stamp") != stamp:
        return None
    s = mapped.sections
    try:
        freq = Frequencies(s["by_rank"], s["zipf"], s["ids"], s["ranks"])
    except KeyError:
        return None
    if not len(freq.by_rank) == len(freq.hundredths) == len(freq.ids) == len(freq.ranks):
        return None
    freq._mapping = mapped.mapping  # type: ignore[attr-defined]  # keep the map alive
    return freq
