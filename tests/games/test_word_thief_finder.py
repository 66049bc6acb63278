"""Word Thief's steal finder: the anagram-index search the computer uses finds exactly what
the graph walk and a brute-force scan of the word list find — longer words and two-word cuts,
wilds included — on a small word list for any hand, and on seeded positions of the English
lexicon like the benchmark's."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.games.word_thief.finder import (
    Finder,
    holds_in_order,
    steals_by_walk,
)
from braille_words.lexicon import Lexicon

WORDS = ["work", "reworked", "works", "worked", "front", "frown", "cat", "tea", "team", "meat",
         "steam", "teams", "box", "boxes", "ox", "oxen", "at", "to", "cart", "trace", "crate",
         "react", "caret", "act", "art", "rat", "tar", "wed", "dew", "red", "tear", "fro",
         "on", "no", "won", "own", "tow", "row", "ore", "roe", "eat", "ate", "tee", "wet"]
SMALL = Lexicon.from_words(WORDS, "en")


def scan(words: list[str], piece: str, hand: str, wilds: int) -> dict[str, Counter[str]]:
    """Words of the list holding ``piece`` in order plus hand cards, with what they take."""
    have = Counter(hand)
    out: dict[str, Counter[str]] = {}
    for word in words:
        if len(word) > len(piece) and holds_in_order(word, piece):
            takes = Counter(word) - Counter(piece)
            if sum((takes - have).values()) <= wilds:
                out[word] = takes
    return out


def brute_force(words: list[str], stolen: str, hand: str, wilds: int) -> list[tuple[str, ...]]:
    """Every steal by trying every word, and every left word with every right word."""
    have = Counter(hand)
    out: list[tuple[str, ...]] = [(w,) for w in sorted(scan(words, stolen, hand, wilds))]
    pairs: set[tuple[str, ...]] = set()
    for cut in range(1, len(stolen)):
        lefts = scan(words, stolen[:cut], hand, wilds)
        rights = scan(words, stolen[cut:], hand, wilds)
        pairs.update((a, b) for a, ta in lefts.items() for b, tb in rights.items()
                     if sum((ta + tb - have).values()) <= wilds)
    return out + sorted(pairs)


def test_the_rulebooks_steals_are_found_reworked_and_frown_with_cat() -> None:
    assert ("reworked",) in Finder(SMALL.graph, "reedxqz", 0).steals("work")
    assert ("frown", "cat") in Finder(SMALL.graph, "wcaxyzq", 0).steals("front")
    assert ("team",) in Finder(SMALL.graph, "m", 0).steals("tea")
    assert ("meat",) not in Finder(SMALL.graph, "m", 0).steals("tea")  # order kept


def test_a_wild_stands_in_for_one_missing_letter_and_only_one() -> None:
    finder = Finder(SMALL.graph, "", 1)
    assert ("team",) in finder.steals("tea")
    assert ("steam",) not in finder.steals("tea")  # two letters missing, one wild


@settings(max_examples=150, deadline=None)
@given(stolen=st.sampled_from(WORDS), hand=st.text("aeortwcksmdnbx", max_size=7),
       wilds=st.integers(0, 2))
def test_the_finder_finds_what_the_walk_and_a_brute_force_find(
    stolen: str, hand: str, wilds: int
) -> None:
    found = Finder(SMALL.graph, hand, wilds).steals(stolen)
    assert found == brute_force(WORDS, stolen, hand, wilds)
    assert found == steals_by_walk(SMALL.graph, stolen, hand, wilds)


def test_one_finder_for_a_table_answers_as_a_fresh_one_for_each_word() -> None:
    shared = Finder(SMALL.graph, "eamsr", 1)
    for stolen in ("tea", "front", "work", "tea", "at"):
        assert shared.steals(stolen) == Finder(SMALL.graph, "eamsr", 1).steals(stolen)


def test_on_seeded_english_positions_the_finder_and_the_walk_agree(english: object) -> None:
    """As the benchmark: 8 table words and a hand of 6 letters and a wild, every steal; the
    longer words also against a scan of the whole list."""
    graph = english.graph  # type: ignore[attr-defined]
    words = list(english.words())  # type: ignore[attr-defined]
    rng = random.Random(13)
    table_words = [w for w in words if 3 <= len(w) <= 6]
    for _ in range(2):
        table = rng.sample(table_words, 8)
        hand = "".join(rng.choice("eeeaaiioonrrsttldgucmpbfhwy") for _ in range(6))
        finder = Finder(graph, hand, 1)
        for stolen in table:
            found = finder.steals(stolen)
            assert found == steals_by_walk(graph, stolen, hand, 1)
            assert [s[0] for s in found if len(s) == 1] == sorted(scan(words, stolen, hand, 1))
