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


def restorations(word: str, contains: Callable[[str], bool],
                 zipf: Callable[[str], float] | None = None) -> list[str]:
    """Words ``contains`` knows that differ from ``word`` only by Polish diacritics, the most
    common first when ``zipf`` tells how common a word is (``mroz`` is MRÓZ, not the rare
    MROŹ), then fewest changes first; empty when ``word`` is already spelled with them or
    nothing fits."""
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
    def changes(w: str) -> int:
        return sum(a != b for a, b in zip(w, word, strict=True))

    if zipf is None:
        return sorted(found, key=lambda w: (changes(w), w))
    return sorted(found, key=lambda w: (-round(zipf(w), 1), changes(w), w))


def restore_line(line: str, contains: Callable[[str], bool],
                 zipf: Callable[[str], float] | None = None) -> str | None:
    """``line`` with each word the lexicon lacks replaced by its first restoration (shown in
    capitals), or None when no word of it can be restored."""
    changed = False
    words: list[str] = []
    for token in line.split():
        low = token.lower()
        if low.isalpha() and low.isascii() and not contains(low):
            found = restorations(low, contains, zipf)
            if found:
                words.append(found[0].upper())
                changed = True
                continue
        words.append(token)
    return " ".join(words) if changed else None


def respellings(line: str, contains: Callable[[str], bool],
                zipf: Callable[[str], float] | None = None, most: int = 24) -> list[str]:
    """Other spellings of ``line`` with Polish letters, for a line the game refused though
    its words are words: ``nowe lany`` with Ł on the rack is ``nowe ŁANY``, ``9E teza`` with Ą
    on the board ``9E TĄZA``. First the line with its unknown words restored, then each known
    word respelled in turn (the most common spelling first); at most ``most`` lines."""
    found: list[str] = []
    whole = restore_line(line, contains, zipf)
    if whole is not None:
        found.append(whole)
    tokens = line.split()
    for index, token in enumerate(tokens):
        low = token.lower()
        if not (low.isalpha() and low.isascii()):
            continue
        for spelling in restorations(low, contains, zipf):
            found.append(" ".join([*tokens[:index], spelling.upper(), *tokens[index + 1:]]))
            if len(found) >= most:
                return found
    return found
