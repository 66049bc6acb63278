"""Wordsy (7 słów with English words) hints a child can know: the words every other game's
English hints and child-level computers know (``lexicon.common.ENGLISH_VOCABULARY``), not
the English index's whole beginner cut, which offered DIMINISHING and SYMBOLIZE."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.games.seven_words.computer import best_words
from braille_words.lexicon.common import ENGLISH_VOCABULARY


@pytest.mark.parametrize("seed", [2, 7])
def test_a_wordsy_hint_is_a_word_among_the_common_english_forms(english: Any,
                                                                seed: int) -> None:
    kit = find_game("siedem-slow")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(["Ada", "Ben"], seed)
    hint = kit.computer.hint(rules, state, 0)
    assert hint is not None
    rank = english.frequency_rank(hint.word)
    assert rank is not None and rank <= ENGLISH_VOCABULARY["beginner"], (hint.word, rank)
    # the strong computer still knows every word: its best is a rarer one on these deals
    strong = best_words(rules, state, 0, "strong")[0][1]
    strong_rank = english.frequency_rank(strong)
    assert strong_rank is None or strong_rank > ENGLISH_VOCABULARY["beginner"], strong
