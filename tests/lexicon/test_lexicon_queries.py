"""Queries as the games ask them, on a small real list of words from the rulebooks."""

from __future__ import annotations

import pytest

from braille_words.lexicon import Anagram, Anagrams, Lexicon
from braille_words.tiles import Tile


def test_a_joker_tells_which_letter_it_became(small_pl: Lexicon) -> None:
    # Rummikub Słowny's SZYSZKA made with a joker for the final A.
    found = small_pl.anagrams("szyszk", jokers=1)
    szyszka = next(a for a in found if a.word == "szyszka")
    assert szyszka == Anagram("szyszka", (6,))
    assert szyszka.joker_letters == "a"
    assert szyszka.shown() == "szyszk?"


def test_a_question_mark_in_the_rack_is_a_joker(small_pl: Lexicon) -> None:
    assert small_pl.anagrams("szyszk?") == small_pl.anagrams("szyszk", jokers=1)


def test_a_rack_of_tiles_has_jokers_as_none(small_pl: Lexicon) -> None:
    rack = [Tile(0, "s"), Tile(1, "z"), Tile(2, "y"), Tile(3, "s"), Tile(4, "z"), Tile(5, "k"),
            Tile(6, None)]
    assert small_pl.anagrams([t.letter for t in rack]) == small_pl.anagrams("szyszk?")


def test_real_tiles_are_used_before_jokers(small_pl: Lexicon) -> None:
    # "oko" from o, k and a joker: the joker is the second O, never the first.
    oko = next(a for a in small_pl.anagrams("ok?") if a.word == "oko")
    assert oko.jokers == (2,)


def test_results_come_longest_first_then_in_polish_dictionary_order(
    small_pl: Lexicon,
) -> None:
    # ź sorts after t (and after z) in Polish, ą right after a.
    expected = ["źdźbła", "źdźbło", "kota", "akt", "kat", "kot", "tak", "tok", "ok"]
    assert small_pl.anagrams("źdźbłaoktk", engine="walk").words == expected
    assert small_pl.anagrams("źdźbłaoktk", engine="wide").words == expected


def test_limit_and_length_bounds(small_pl: Lexicon) -> None:
    every = small_pl.anagrams("kotak")
    assert small_pl.anagrams("kotak", limit=2) == every[:2]
    assert all(len(a.word) == 3 for a in small_pl.anagrams("kotak", min_len=3, max_len=3))


def test_seven_words_free_vowels(small_pl: Lexicon) -> None:
    # 7 słów: cards are consonants; players add vowels freely.
    found = small_pl.anagrams("kt", free="aąeęioóuy").words
    assert {"kot", "kota", "koty", "tak", "kat", "akt", "tok", "oko"} <= set(found)
    assert "kotek" not in found  # the vowels are free, the second K is not


def test_longest_prefers_fewest_jokers(small_pl: Lexicon) -> None:
    # No five-letter word fits k, o, t, a and a joker; of the four-letter ones, KOTA needs
    # no joker and comes before KOTY.
    assert list(small_pl.longest("kota?")) == [Anagram("kota"), Anagram("koty", (3,))]


def test_patterns_with_any_letter_and_any_run(small_pl: Lexicon) -> None:
    assert small_pl.matching("k?t") == ["kat", "kot"]
    assert small_pl.matching("k.t") == small_pl.matching("k_t") == ["kat", "kot"]
    assert small_pl.matching("dom*") == [
        "dom", "domek", "domofon", "domownik", "domowy", "domy"
    ]
    assert small_pl.matching("*ek") == ["domek", "kotek"]
    assert small_pl.matching("**") == small_pl.words()


def test_results_behave_as_a_sequence(small_pl: Lexicon) -> None:
    found = small_pl.anagrams("kota")
    assert isinstance(found, Anagrams)
    assert len(found) == len(found.words) == len(list(found))
    assert found[0] == Anagram(found.words[0])
    assert found == list(found)
    assert "Anagrams(" in repr(found)


def test_a_rack_walks_while_numpy_is_not_imported_and_the_answer_is_the_same(
    small_pl: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's first search (a 14-tile Rummikub rack) must not pay numpy's import before a
    person's first prompt: the walk gives the same words."""
    import sys

    rack = "kotekdomżółwab"
    wide = small_pl.anagrams(rack, engine="wide")
    assert small_pl._wide_pays([1] * 14, 0, "auto")
    monkeypatch.delitem(sys.modules, "numpy")
    assert not small_pl._wide_pays([1] * 14, 0, "auto")
    assert small_pl._wide_pays([1] * 14, 1, "auto")  # jokers: numpy pays for itself
    assert small_pl.anagrams(rack) == wide
