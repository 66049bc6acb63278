"""What a blind child met playing Word Thief alone to its end (issue 33): every rule here is
named after what was heard or read, by speech and on 40 and 14 cells."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("word", ["ya", "ja", "john", "ted"])
@pytest.mark.parametrize("level", ["beginner", "medium"])
def test_word_thief_hints_and_child_levels_know_no_word_a_child_does_not(
    word: str, level: str, english: Any
) -> None:
    """A hint said "ukradnij 2 violin ya clue": Word Thief's own set of common words skipped
    the test the other games' ``knows`` makes (slang, other languages' words, names)."""
    from braille_words.games.word_thief import computer
    from braille_words.games.word_thief.rules import Options, Rules

    rules = Rules(english, Options())
    assert english.contains(word)
    assert not computer._common(rules, level, word)
    assert computer._common(rules, "strong", word)
    assert computer._common(rules, level, "clue")
