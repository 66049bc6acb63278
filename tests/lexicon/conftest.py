"""Lexicons for the lexicon tests: small in-memory ones, and the real compiled ones."""

from __future__ import annotations

import pytest

from braille_words.errors import BrailleWordsError
from braille_words.lexicon import Lexicon, get_lexicon

# Words from the rulebooks' examples and their neighbours, as a small real Polish list.
POLISH_WORDS = [
    "dom", "domy", "domek", "domowy", "domownik", "przydomowy", "domofon", "kot", "koty",
    "kotek", "kotwica", "kota", "ok", "tok", "tak", "kat", "akt", "oko", "szyszka",
    "oczy", "źdźbło", "źdźbła", "żółw", "żółwie", "śmiech", "śmiechy", "rak", "ar",
]


@pytest.fixture(scope="session")
def small_pl() -> Lexicon:
    return Lexicon.from_words(POLISH_WORDS, "pl")


def compiled(lang: str) -> Lexicon:
    """The real compiled lexicon, or a skip saying how to make it."""
    try:
        return get_lexicon(lang)
    except BrailleWordsError as exc:
        pytest.skip(f"compiled {lang} lexicon absent ({exc}); setup.sh builds it")


@pytest.fixture(scope="session")
def full_pl() -> Lexicon:
    return compiled("pl")


@pytest.fixture(scope="session")
def full_en() -> Lexicon:
    return compiled("en")
