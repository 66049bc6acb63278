"""The lemmas of every Polish form, worked out when the lexicon is built and mapped at play.

Word families (``family.py``) start from a form's lemmas: "śmiechy" and "śmiech" are one word
because SGJP gives them one lemma. morfeusz2 knows them, but its dictionary costs 42 MB of
memory once loaded — half of a 7 słów game's weight (issue 17). So ``lexicon build`` asks
morfeusz2 once about each of the four million forms (on every core; about half a minute) and
writes ``<lang>.lemmas`` beside the lexicon; play maps it and never loads morfeusz2.

The file holds, by word id (``WordGraph.word_id``):

* ``starts`` / ``ids`` — form ``i``'s lemmas are ``ids[starts[i]:starts[i + 1]]``; a form
  whose only lemma is itself has none listed (most base forms), which keeps the file small;
* a lemma id below the number of forms is that form's word id (most lemmas are forms of the
  lexicon); above it, the lemma is spelled in ``extra`` (UTF-8, one per line) — a lemma
  wpolish lacks ("Habakuk" lower-cased), at ``extra_starts``.

A form's lemmas are those of its readings that start at its first letter (so the "-śmy" of
"śmialiśmy" does not add "być"), lower-cased, with SGJP's ``:S1``-style sense marks cut off;
the form itself when SGJP does not know it — exactly what morfeusz2 gives at play time.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError
from braille_words.lexicon import arrays

KIND = "word lemmas 1"
LANGS = ("pl",)
CHUNK = 50_000


_MORF: list[Any] = []  # one analyser per process (0.1 s to make), kept between chunks


def _morfeusz() -> Any:
    if _MORF:
        return _MORF[0]
    try:
        import morfeusz2
    except ImportError:
        raise BrailleWordsError(
            "lemmas are found by morfeusz2 when the Polish lexicon is built: install it "
            "(pip install morfeusz2; setup.sh does)."
        ) from None
    _MORF.append(morfeusz2.Morfeusz())
    return _MORF[0]


def lemmas_of(analyses: Iterable[Any], word: str) -> tuple[str, ...]:
    """The lemmas in morfeusz2's analyses of ``word`` (the form itself when there are none)."""
    found: list[str] = []
    for start, _end, (_orth, lemma, tag, *_rest) in analyses:
        if start != 0 or tag == "ign":
            continue
        base = str(lemma).split(":", 1)[0].lower()
        if base and base not in found:
            found.append(base)
    return tuple(found) or (word,)


def _analyse_chunk(words: Sequence[str]) -> list[tuple[str, ...] | None]:
    """Each form's lemmas; None for a form that is its own only lemma (most of them), which
    keeps what a worker sends back small."""
    morf = _morfeusz()
    out: list[tuple[str, ...] | None] = []
    for w in words:
        found = lemmas_of(morf.analyse(w), w)
        out.append(None if found == (w,) else found)
    return out


def analyse_all(words: Sequence[str]) -> Iterator[tuple[str, ...] | None]:
    """Every form's lemmas, in order (None: the form itself), a chunk at a time; a large list
    is shared out to a process per core, and only the chunks in flight are held."""
    if len(words) <= CHUNK:
        yield from _analyse_chunk(words)
        return
    from concurrent.futures import ProcessPoolExecutor  # only at build: 9 ms to import

    chunks = [words[i : i + CHUNK] for i in range(0, len(words), CHUNK)]
    workers = max(1, min(len(chunks), os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_analyse_chunk, chunks):
            yield from part


class Lemmas:
    """The lemmas of a lexicon's forms, by word id."""

    def __init__(
        self,
        starts: Sequence[int],
        ids: Sequence[int],
        extra: bytes,
        extra_starts: Sequence[int],
        word_at: Callable[[int], str],
    ) -> None:
        self.starts = starts
        self.ids = ids
        self.extra = extra
        self.extra_starts = extra_starts
        self.word_at = word_at
        self.forms = len(starts) - 1

    def of(self, word_id: int) -> tuple[str, ...]:
        """The lemmas of the form with this id (the form itself when it is its own)."""
        first, last = self.starts[word_id], self.starts[word_id + 1]
        if first == last:
            return (self.word_at(word_id),)
        return tuple(self._name(int(self.ids[i])) for i in range(first, last))

    def _name(self, lemma: int) -> str:
        if lemma < self.forms:
            return self.word_at(lemma)
        k = lemma - self.forms
        return self.extra[self.extra_starts[k] : self.extra_starts[k + 1]].decode()


def sections(
    ordered: Sequence[str],
    found: Iterable[tuple[str, ...] | None],
    word_id: Callable[[str], int | None],
) -> dict[str, array[int]]:
    """The arrays of a lemma file for the forms ``ordered`` (by word id) and their lemmas
    (None for a form that is its own lemma)."""
    starts = array("I", [0])
    ids = array("I")
    extra_index: dict[str, int] = {}
    extra = bytearray()
    extra_starts = array("I", [0])
    forms = len(ordered)
    for word, lemmas in zip(ordered, found, strict=True):
        if lemmas is not None and lemmas != (word,):
            for lemma in lemmas:
                known = word_id(lemma)
                if known is None:
                    known = extra_index.get(lemma)
                    if known is None:
                        known = extra_index[lemma] = forms + len(extra_index)
                        extra += lemma.encode()
                        extra_starts.append(len(extra))
                ids.append(known)
        starts.append(len(ids))
    return {
        "starts": starts,
        "ids": ids,
        "extra": array("B", bytes(extra)),
        "extra_starts": extra_starts,
    }


def write(target: Path, parts: dict[str, array[int]], header: dict[str, object]) -> None:
    arrays.write(target, KIND, dict(header), parts)


def load(source: Path, stamp: str, word_at: Callable[[int], str]) -> Lemmas | None:
    """The lemmas mapped from ``source``, or None when missing or of another build."""
    mapped = arrays.map_file(source, KIND)
    if mapped is None or mapped.header.get("stamp") != stamp:
        return None
    s = mapped.sections
    try:
        extra = bytes(memoryview(s["extra"]))  # type: ignore[arg-type]
        return Lemmas(s["starts"], s["ids"], extra, s["extra_starts"], word_at)
    except KeyError:
        return None
