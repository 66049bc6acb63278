"""The conditional cards' conditions as the rules README words them (its examples)."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.scrabble_cards.board import Letter, words_crossed, words_formed
from braille_words.games.scrabble_cards.conditions import CONDITIONS, MoveFacts, met
from braille_words.games.scrabble_cards.deck import load_deck


def facts(word: str, **kw: Any) -> MoveFacts:
    base: dict[str, Any] = {"words": 1, "all_cards": False, "crossed": 0, "blank_letters": (),
                            "vowels": "aąeęioóuy"}
    return MoveFacts(word=word, **{**base, **kw})


def test_every_conditional_card_of_the_data_files_has_a_condition() -> None:
    """Each card of the Polish and the English data file is judged, and every condition
    judged belongs to a card of one of them (issue 38: three English letter cards)."""
    polish, english = set(load_deck().conditional), set(load_deck(words="en").conditional)
    assert polish | english == set(CONDITIONS)
    assert len(polish) == len(english) == 13


@pytest.mark.parametrize(("card", "word", "holds"), [
    ("one_vowel", "most", True),    # the README: MOST yes
    ("one_vowel", "pies", False),   # PIES no (every occurrence counts: I and E)
    ("two_of_zso", "żółw", True),   # Ż and Ó: two different letters of the three
    ("two_of_zso", "żyż", False),   # one letter twice is not two of them
    ("nasal", "mąka", True),
    ("rare", "koń", True),
    ("palindrome", "kajak", True),
    ("same_ends", "kotek", True),
    ("long7", "kotkami", True),
    ("long9", "kotkami", False),
    ("two_letters", "on", True),
])
def test_word_conditions_are_judged_on_the_main_word(card: str, word: str, holds: bool) -> None:
    assert met(card, facts(word)) is holds


def test_a_blank_used_as_a_vowel() -> None:
    assert met("blank_vowel", facts("kotek", blank_letters=("o",)))
    assert not met("blank_vowel", facts("kotek", blank_letters=("k",)))


def test_an_unknown_card_is_never_met() -> None:
    assert not met("typo", facts("kajak"))


def test_crossing_two_words_on_the_table() -> None:
    # KOT down column B and DOM down column D; a word across row 2 runs through both Os.
    board = {(0, 1): Letter("k"), (1, 1): Letter("o"), (2, 1): Letter("t"),
             (0, 3): Letter("d"), (1, 3): Letter("o"), (2, 3): Letter("m")}
    main = words_formed(board, {(1, 2): Letter("z"), (1, 4): Letter("a")}, True)[0]
    assert main.text == "ozoa"
    assert words_crossed(board, main) == 2
