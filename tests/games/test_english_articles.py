"""English hints say "an 8-letter word" and "an 11-letter word" (a word-Rummikub hint said
"a 11-letter word"): the article follows the number as it is spoken."""

from __future__ import annotations

import pytest

from braille_words.present.messages import render

CASES = [(5, "a 5-letter"), (7, "a 7-letter"), (8, "an 8-letter"), (11, "an 11-letter"),
         (18, "an 18-letter"), (12, "a 12-letter")]


@pytest.mark.parametrize(("section", "key"), [("word_rummikub", "nudge"),
                                              ("word_rummikub", "nudge_table"),
                                              ("seven_words", "nudge")])
@pytest.mark.parametrize(("length", "said"), CASES)
def test_a_hint_puts_an_before_a_number_spoken_with_a_vowel(
    section: str, key: str, length: int, said: str
) -> None:
    text = render("en", section, key, {"length": length, "letters": "a, b", "first": "C",
                                       "count": 1, "words": "1"})
    assert f"make {said} word" in text
