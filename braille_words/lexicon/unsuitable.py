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
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

LANGS = ("pl", "en")


def _path(lang: str) -> Path:
    return Path(__file__).resolve().parent / f"{lang}-unsuitable.txt"


def unsuitable_source(lang: str | None) -> list[Path]:
    """The lists ``unsuitable`` reads for ``lang``: what an index of common words kept
    between runs depends on (a teacher's added line renews it)."""
    return [_path(one) for one in ((lang,) if lang in LANGS else LANGS)]


@functools.lru_cache(maxsize=4)
def _pattern(lang: str) -> re.Pattern[str] | None:
    parts: list[str] = []
    for path in unsuitable_source(lang):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = line.split("#", 1)[0].strip()
            if text:
                parts.append(f"(?:{text})")
    return re.compile("|".join(parts)) if parts else None


def unsuitable(word: str, lang: str | None = None) -> bool:
    """Whether ``word`` is a swear word or an insult in ``lang`` (both languages' lists when
    the language is not known)."""
    pattern = _pattern(lang or "")
    return pattern is not None and pattern.match(word.lower()) is not None
