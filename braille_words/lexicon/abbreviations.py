"""Abbreviations out of the Polish lexicon, by the SGJP dictionary's own marks.

Both rulebooks forbid "skrótów i skrótowców", but wpolish lists itp, itd, prof, inż, godz…
morfeusz2 (its SGJP dictionary) tags abbreviations ``brev``: ``brev:npun`` for one written
without a full stop (hab → Księga Habakuka, kg, mln) and ``brev:pun`` for one that takes a
full stop — those are known only with their stop ("prof" alone is unknown, ``ign``; "prof."
is ``brev:pun``). So a form is an abbreviation when

* every reading morfeusz2 gives the whole form is ``brev``, or
* it has no reading at all, and followed by a full stop it reads as a ``brev``.

A form with any other reading stays: "dr" and "nr" are also nouns, "ok" a form of "oko".
Measured on all of wpolish (4.0 M forms, a full scan takes a minute): the forms dropped are
147, none longer than five letters, so only forms up to ``MAX_LENGTH`` letters are asked
about, which keeps the build quick. The old rule — a Polish entry with no vowel is an
abbreviation (``sources.py``) — stays: it also drops vowel-less entries SGJP does not know
(dptr, ctrl).

morfeusz2 is needed here at build time; play time still uses it for word families.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

MAX_LENGTH = 6  # the longest abbreviation found in wpolish has five letters
LANGS = ("pl",)


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


def is_abbreviation(word: str, morf: Any) -> bool:
    """Whether SGJP knows ``word`` only as an abbreviation (see the module's rule)."""
    tags = _whole_readings(morf.analyse(word), len(word))
    if tags and any(t != "ign" for t in tags):
        return all(t.startswith("brev") for t in tags if t != "ign")
    dotted = _whole_readings(morf.analyse(word + "."), len(word))
    return any(t.startswith("brev") for t in dotted)


def abbreviations(words: Iterable[str], lang: str, morf: Any = None) -> set[str]:
    """The forms of ``words`` that are abbreviations (only Polish has the dictionary)."""
    if lang not in LANGS:
        return set()
    morf = morf if morf is not None else _analyser()
    return {w for w in words if len(w) <= MAX_LENGTH and is_abbreviation(w, morf)}
