"""Polish words typed without their diacritics ("zrodlo" for "źródło"), found again.

Children and players on a keyboard or Braille display without Polish letters often type plain
Latin letters. Each letter that has Polish variants may stand for any of them; the variants that
are words of the lexicon are offered back ("Czy chodziło o ŹRÓDŁO?"), never taken silently.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

VARIANTS: dict[str, str] = {
    "a": "aą",
    "c": "cć",
    "e": "eę",
    "l": "lł",
    "n": "nń",
    "o": "oó",
    "s": "sś",
    "z": "zżź",
}
MAX_TRIES = 20_000
"""Spellings tried at most for one word (a 15-letter word with every letter ambiguous has
millions; real words have a few hundred)."""


def restorations(word: str, contains: Callable[[str], bool]) -> list[str]:
    """Words ``contains`` knows that differ from ``word`` only by Polish diacritics, fewest
    changes first; empty when ``word`` is already spelled with them or nothing fits."""
    if not word or any(ch not in VARIANTS and not ch.isascii() for ch in word):
        return []
    choices = [VARIANTS.get(ch, ch) for ch in word]
    if math.prod(len(c) for c in choices) > MAX_TRIES:
        return []
    found = [
        "".join(spelling)
        for spelling in itertools.product(*choices)
        if "".join(spelling) != word and contains("".join(spelling))
    ]
    return sorted(found, key=lambda w: (sum(a != b for a, b in zip(w, word, strict=True)), w))


def restore_line(line: str, contains: Callable[[str], bool]) -> str | None:
    """``line`` with each word the lexicon lacks replaced by its first restoration (shown in
    capitals), or None when no word of it can be restored."""
    changed = False
    words: list[str] = []
    for token in line.split():
        low = token.lower()
        if low.isalpha() and low.isascii() and not contains(low):
            found = restorations(low, contains)
            if found:
                words.append(found[0].upper())
                changed = True
                continue
        words.append(token)
    return " ".join(words) if changed else None
