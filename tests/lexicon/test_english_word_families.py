"""Wordsy's family rule on English words (issue 38): "no word of the same family" as a word of
an earlier round, which the rulebook spells out as another number, another tense, a noun made
a verb or an adverb.

Played as a new user would, the English check cut endings blindly: HOPES was of HOP's family
and CARES of CAR's (a plural's -es cut off), while RAN and RUN, WENT and GO, MICE and MOUSE,
CHILDREN and CHILD, HAPPY and HAPPINESS were strangers.
"""

from __future__ import annotations

import pytest

from braille_words.lexicon import Lexicon

WORDS = [
    "run", "ran", "go", "went", "teach", "taught", "mouse", "mice", "child", "children",
    "fly", "flies", "stop", "stopped", "hope", "hopes", "hop", "care", "cares", "car",
    "happy", "happier", "happiness", "unhappy", "kind", "kindness", "agree", "disagreement",
    "big", "bigger", "use", "useful", "cat", "cater", "ear", "early", "new", "news",
    "work", "word", "plan", "planet", "star", "start",
]


@pytest.fixture(scope="module")
def english() -> Lexicon:
    return Lexicon.from_words(WORDS, "en")


@pytest.mark.parametrize(
    ("word", "other", "lemma"),
    [
        ("ran", "run", "run"),  # another tense, irregular
        ("went", "go", "go"),
        ("taught", "teach", "teach"),
        ("mice", "mouse", "mouse"),  # another number, irregular
        ("children", "child", "child"),
        ("flies", "fly", "fly"),
        ("stopped", "stop", "stop"),
        ("hopes", "hope", "hope"),
    ],
)
def test_another_form_of_an_english_word_is_of_its_family_for_certain(
    english: Lexicon, word: str, other: str, lemma: str
) -> None:
    link = english.kinship(word, other)
    assert link is not None and link.kind == "inflection" and link.root == lemma
    assert english.same_family(other, word)


@pytest.mark.parametrize(
    ("word", "other", "root"),
    [
        ("happiness", "happy", "happy"),
        ("happier", "happy", "happy"),
        ("unhappy", "happiness", "happy"),
        ("kindness", "kind", "kind"),
        ("disagreement", "agree", "agree"),
        ("bigger", "big", "big"),  # a short root shows itself by the doubled consonant
        ("useful", "use", "use"),
    ],
)
def test_a_word_made_from_another_english_word_is_probably_of_its_family(
    english: Lexicon, word: str, other: str, root: str
) -> None:
    link = english.kinship(word, other)
    assert link is not None and link.probable and link.root == root


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("hopes", "hop"),  # HOPE's plural, not HOP's
        ("cares", "car"),
        ("cater", "cat"),  # a short word it only starts with
        ("early", "ear"),
        ("news", "new"),
        ("work", "word"),
        ("planet", "plan"),
        ("start", "star"),
    ],
)
def test_an_english_word_is_not_of_the_family_of_a_word_it_merely_starts_with(
    english: Lexicon, word: str, other: str
) -> None:
    assert english.kinship(word, other) is None
