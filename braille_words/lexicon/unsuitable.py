"""Words no computer plays and no hint suggests at a child's table: swear words and insults.

The frequency lists rank what people write, and people swear: KURWA is the 258th most
frequent Polish form, FUCK the 370th English one, so a beginner computer (20 000 forms, 8 000
English) would lay them, and Word Thief's computer stole SPERM. Every level that plays only
common words (beginner, medium, and every hint) leaves out the forms these patterns match.
The strong computer and the players keep the whole dictionary: a rulebook game accepts any
word the dictionary has, and refusing a player's word would be a rule of our own.

The patterns are in ``<lang>-unsuitable.txt`` beside this module (a teacher may add to it), one
regular expression a line, matched at the start of a lower-case form (``re.match``): a stem
that swears in every form (``kurw``) is the stem; one that is also the start of an innocent
word (DUPA, DUPLIKAT) spells out its forms.

``<lang>-uncommon.txt`` (English only) lists, in the same form, what the English counts rank
high for another reason than being a word a child knows: two-letter forms counted as other
languages' words, abbreviations or letters' names (JA, DE, KI, XI, LO, OM), and dictionary
words counted as first names (JOHN, TED, KEN). A medium computer laid LO, KI and JA and a hint
suggested JOHN in an English Card Scrabble: they leave the child's levels as swear words do.

``<lang>-uncommon-forms.txt`` lists whole forms, one a line, that a rule found among the most
frequent (``uncommon_forms``): Polish forms morfeusz2's dictionary knows only as a proper name
or an abbreviation, or not at all (HAI, JORKU, THE, WORLD), and English forms SCOWL keeps only
among its rare words or below a name (KAT, HOLT, ENGLISH). A form there is out as a pattern's.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

LANGS = ("pl", "en")


KINDS = ("unsuitable", "uncommon")
FORMS = "uncommon-forms"
"""The kind of list that names whole forms, one a line (no patterns: a thousand forms as one
regular expression would cost every word a thousand tries)."""


def _paths(lang: str, kinds: tuple[str, ...] = (*KINDS, FORMS)) -> list[Path]:
    here = Path(__file__).resolve().parent
    return [path for kind in kinds if (path := here / f"{lang}-{kind}.txt").is_file()]


def _lines(path: Path) -> list[str]:
    """The entries of a list: each line less its ``#`` comment, empty lines skipped."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            found.append(text)
    return found


def unsuitable_source(lang: str | None) -> list[Path]:
    """The lists ``unsuitable`` reads for ``lang``: what an index of common words kept
    between runs depends on (a teacher's added line renews it). A word of no known language
    meets every language's swear words, but only its own language's uncommon forms: JA is
    no English word a child knows, and the Polish for "I"."""
    if lang in LANGS:
        return _paths(lang)
    return [path for one in LANGS for path in _paths(one, ("unsuitable",))]


@functools.lru_cache(maxsize=4)
def _pattern(lang: str) -> re.Pattern[str] | None:
    parts = [f"(?:{text})" for path in unsuitable_source(lang)
             if not path.stem.endswith(FORMS) for text in _lines(path)]
    return re.compile("|".join(parts)) if parts else None


@functools.lru_cache(maxsize=4)
def uncommon_forms(lang: str) -> frozenset[str]:
    """The whole forms ``<lang>-uncommon-forms.txt`` lists (none for another language)."""
    if lang not in LANGS:
        return frozenset()
    return frozenset(text.lower() for path in _paths(lang, (FORMS,)) for text in _lines(path))


def unsuitable(word: str, lang: str | None = None) -> bool:
    """Whether ``word`` is a swear word or an insult in ``lang``, or a form counted often for
    being something else than a word a child knows (``<lang>-uncommon.txt`` and
    ``<lang>-uncommon-forms.txt``); both languages' swear words when the language is not
    known."""
    lower = word.lower()
    if lower in uncommon_forms(lang or ""):
        return True
    pattern = _pattern(lang or "")
    return pattern is not None and pattern.match(lower) is not None
