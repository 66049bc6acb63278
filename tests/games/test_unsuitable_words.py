"""No computer that plays only common words, and no hint, says a swear word or an insult.

KURWA is the 258th most frequent Polish form and FUCK the 370th English one: ranked by
frequency alone, a beginner computer would lay them at a child's table, and Word Thief's
stole SPERM. The strong computer and the players keep the whole dictionary."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_seven_words_support import set_area

from braille_words.games.seven_words.computer import choose_move, hint
from braille_words.games.seven_words.rules import Rules, Submit
from braille_words.lexicon import Lexicon
from braille_words.lexicon.common import common_words, knows
from braille_words.lexicon.unsuitable import unsuitable


@pytest.mark.parametrize("word", ["kurwa", "zajebisty", "spierdalaj", "chuja", "dupa", "debil",
                                  "fuck", "shit", "sperm", "ass", "pissed",
                                  "homo", "erotic", "sexy",  # hints and computers at 40 cells
                                  # found among the most frequent forms by their stems
                                  "gnidy", "gnojek", "skurwysyn", "wkurwia", "zasrane",
                                  "przedmałżeński", "seksu", "pochwy", "cycki", "pedofil",
                                  "pussy", "sexual", "rapist", "moron", "blowjob",
                                  "striptizie",  # a Rummikub hint to a child, played
                                  "anal", "anus"])  # an English Rummikub hint, played
def test_swear_words_and_insults_are_unsuitable(word: str) -> None:
    assert unsuitable(word)


@pytest.mark.parametrize("word", ["kot", "duplikat", "ciotka", "sukienka", "szmatka", "srebro",
                                  "kura", "class", "assemble", "cocktail", "titan", "dickens",
                                  "homogeneous", "homophone", "sextet", "sexton",
                                  "pałac", "pałka", "pieprz", "champion", "gwałtownie",
                                  "zbocze", "pochwała", "sekstet", "cyklon", "sukces",
                                  "grape", "rapeseed", "prickly", "nudge", "puss",
                                  "analysis", "banal", "anneal"])
def test_innocent_words_sharing_their_letters_are_not(word: str) -> None:
    assert not unsuitable(word)


def test_a_level_that_knows_common_words_knows_no_swear_word(polish: Any) -> None:
    assert polish.frequency_rank("kurwa") < 50_000  # frequent: only the list keeps it out
    assert not knows(polish, 50_000, "kurwa") and knows(polish, 50_000, "kura")
    assert knows(polish, None, "kurwa")  # the strong level knows the whole dictionary
    known = common_words(polish, 50_000)
    assert known is not None
    found = {k.word for k in known.anagrams("kurwa")}
    assert "kura" in found and "kurwa" not in found


def test_seven_words_computers_below_strong_and_hints_write_no_swear_word() -> None:
    rules = Rules(Lexicon.from_words(["kurwa", "kura"]))
    state, _ = rules.new(["Ada", "Bolek"], 1)
    set_area(state, ["k", "r", "w", "t", "d", "m", "g", "j"])
    assert choose_move(rules, state, 0, "strong", random.Random(0)) == Submit("kurwa")
    for level in ("beginner", "medium"):
        assert choose_move(rules, state, 0, level, random.Random(0)) == Submit("kura")
    shown = hint(rules, state, 0)
    assert isinstance(shown, Submit) and shown.word == "kura"


def test_no_hint_nor_computer_below_strong_offers_gnidy() -> None:
    """A Polish hint offered GNIDY: nits, and an insult a child hears as one."""
    rules = Rules(Lexicon.from_words(["gnidy", "dni"]))
    state, _ = rules.new(["Ada", "Bolek"], 1)
    set_area(state, ["g", "n", "d", "m", "k", "j", "t", "s"])
    assert choose_move(rules, state, 0, "strong", random.Random(0)) == Submit("gnidy")
    for level in ("beginner", "medium"):
        assert choose_move(rules, state, 0, level, random.Random(0)) == Submit("dni")
    shown = hint(rules, state, 0)
    assert isinstance(shown, Submit) and shown.word == "dni"
