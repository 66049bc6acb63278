"""Abbreviations out of the Polish lexicon, by the SGJP dictionary's own marks.

Both rulebooks forbid "skrótów i skrótowców", but wpolish lists itp, itd, prof, inż, godz…
morfeusz2 (its SGJP dictionary) tags abbreviations ``brev``: ``brev:npun`` for one written
without a full stop (hab → Księga Habakuka, kg, mln) and ``brev:pun`` for one that takes a
full stop — those are known only with their stop ("prof" alone is unknown, ``ign``; "prof."
is ``brev:pun``). So a form is an abbreviation when

* every reading morfeusz2 gives the whole form is ``brev``, or
* it has no reading at all, and followed by a full stop it reads as a ``brev``.

A form with any other reading stays: "ok" is a form of "oko". But "dr" and "nr" are nouns in
SGJP only as abbreviations with endings (nry, nrem, drowie): every form whose readings all come
from a vowel-less lemma goes too (``inflected_abbreviations``).
Measured on all of wpolish (4.0 M forms, a full scan takes a minute): the forms dropped are
147, none longer than five letters, so only forms up to ``MAX_LENGTH`` letters are asked
about, which keeps the build quick. The old rule — a Polish entry with no vowel is an
abbreviation (``sources.py``) — stays: it also drops vowel-less entries SGJP does not know
(dptr, ctrl).

morfeusz2 is needed here at build time; play time still uses it for word families.

A few Polish abbreviations SGJP does not know at all (hiszp, niem: issue 39) are listed in
``pl-abbreviations.txt`` beside this module, and dropped like English's.

English has no such dictionary here. SCOWL keeps its abbreviations in lists of their own,
which the build does not read, but a few reached its word lists: ``en-abbreviations.txt``
beside this module lists them (ET, CSC, HHD…), with how they were found. The build drops the
words listed there (``LISTED``); editing the file makes the next build rebuild English, as its
fingerprint holds the file (``store.signature``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

MAX_LENGTH = 6  # the longest abbreviation found in wpolish has five letters
LANGS = ("pl",)
LISTED: dict[str, Path] = {
    lang: Path(__file__).resolve().parent / f"{lang}-abbreviations.txt" for lang in ("en", "pl")
}
"""Languages whose abbreviations are (also) a list we keep (one word a line, ``#`` comments):
English's whole rule, and the Polish ones SGJP does not know (hiszp, niem…)."""


def abbreviation_files(lang: str) -> tuple[str, ...]:
    """The files of abbreviations a build of ``lang`` reads (part of its fingerprint)."""
    path = LISTED.get(lang)
    return () if path is None else (str(path),)


def listed(lang: str) -> set[str]:
    """The abbreviations our list for ``lang`` names (none for a language without one)."""
    path = LISTED.get(lang)
    if path is None:
        return set()
    from braille_words.lexicon.sources import read_teacher_list
    from braille_words.tiles import alphabet

    return set(read_teacher_list(path, alphabet(lang)))


def _analyser() -> Any:
    try:
        import morfeusz2
    except ImportError:
        from braille_words.errors import BrailleWordsError

        raise BrailleWordsError(
            "abbreviations are found by morfeusz2 when the Polish lexicon is built: "
            "install it (pip install morfeusz2; setup.sh does)."
        ) from None
    return morfeusz2.Morfeusz()


def _whole_readings(analyses: list[Any], length: int) -> list[str]:
    """Tags of the readings whose first segment is the whole form (not "śmiali" + "śmy")."""
    return [
        str(tag)
        for start, _end, (orth, _lemma, tag, *_rest) in analyses
        if start == 0 and len(str(orth)) == length
    ]


def is_abbreviation(word: str, morf: Any, analyses: list[Any] | None = None) -> bool:
    """Whether SGJP knows ``word`` only as an abbreviation (see the module's rule)."""
    if analyses is None:
        analyses = morf.analyse(word)
    tags = _whole_readings(analyses, len(word))
    if tags and any(t != "ign" for t in tags):
        return all(t.startswith("brev") for t in tags if t != "ign")
    dotted = _whole_readings(morf.analyse(word + "."), len(word))
    return any(t.startswith("brev") for t in dotted)


VOWELS = frozenset("aąeęioóuy")


def _vowelless(lemma: str) -> str | None:
    """The lemma without SGJP's homonym mark ("dr:s1" → "dr") if it has no vowel."""
    base = lemma.split(":", 1)[0].lower()
    return base if len(base) >= 2 and not VOWELS & set(base) else None


def _lemmas(analyses: list[Any], length: int) -> list[str]:
    return [
        str(lemma)
        for start, _end, (orth, lemma, *_rest) in analyses
        if start == 0 and len(str(orth)) == length
    ]


def inflected_abbreviations(words: set[str], lemmas: Iterable[str], morf: Any) -> set[str]:
    """Forms of ``words`` inflected from an abbreviation: SGJP keeps "nr", "dr", "mgr" as
    nouns with endings (nry, nrem, drowie, mgrami), all of which are "skrótowce" to both
    rulebooks. A form goes only when every reading of it comes from a vowel-less lemma:
    "drze" stays, a form of "drzeć" as well as of "dr"."""
    found: set[str] = set()
    for lemma in lemmas:
        for generated in morf.generate(lemma):
            form = str(generated[0])
            if form in found or form not in words:
                continue
            readings = _lemmas(morf.analyse(form), len(form))
            if readings and all(_vowelless(r) for r in readings):
                found.add(form)
    return found


def abbreviations(words: Iterable[str], lang: str, morf: Any = None) -> set[str]:
    """The forms of ``words`` that are abbreviations, or inflected from one: by the dictionary
    for Polish (and our list of those it does not know), by our list for English."""
    pool: set[str] = words if isinstance(words, set) else set(words)
    found: set[str] = listed(lang) & pool
    if lang not in LANGS:
        return found
    morf = morf if morf is not None else _analyser()
    lemmas: set[str] = set()
    for word in pool:
        if len(word) > MAX_LENGTH:
            continue
        analyses = morf.analyse(word)
        if is_abbreviation(word, morf, analyses):
            found.add(word)
            continue
        for lemma in _lemmas(analyses, len(word)):
            base = _vowelless(lemma)
            if base is not None:
                lemmas.add(base)
    if lemmas:
        found |= inflected_abbreviations(pool, sorted(lemmas), morf)
    return found
