"""Words typed without Polish letters are found again, from the real lexicon."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.lexicon.diacritics import restorations, restore_line


@pytest.mark.slow
@pytest.mark.parametrize(
    ("typed", "meant"),
    [("zrodlo", "źródło"), ("porzezbionego", "porzeźbionego"), ("smieszny", "śmieszny")],
)
def test_a_word_typed_without_diacritics_is_found(polish: Any, typed: str, meant: str) -> None:
    assert meant in restorations(typed, polish.contains)


@pytest.mark.slow
def test_a_line_keeps_its_numbers_and_known_words(polish: Any) -> None:
    assert restore_line("nowe zrodlo", polish.contains) == "nowe ŹRÓDŁO"
    assert restore_line("1 = porzezbionego", polish.contains) == "1 = PORZEŹBIONEGO"
    assert restore_line("dobierz", polish.contains) is None


def test_a_word_already_spelled_with_diacritics_is_left_alone() -> None:
    assert restorations("źródło", lambda w: True) == []


def test_fewest_changes_come_first() -> None:
    known = {"laka", "łąka", "łaka"}
    assert restorations("laka", known.__contains__)[0] == "łaka"
