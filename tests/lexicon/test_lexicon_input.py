"""Whatever a player types reaches the lexicon normalised, or comes back as a clear error."""

from __future__ import annotations

import contextlib
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.errors import BrailleWordsError, InputError
from braille_words.lexicon import Lexicon
from braille_words.tiles import normalize


def test_upper_case_and_nfd_polish_are_the_same_word(small_pl: Lexicon) -> None:
    assert "ŹDŹBŁO" in small_pl
    assert unicodedata.normalize("NFD", "źdźbło") in small_pl
    assert "  Żółw " in small_pl
    assert [a.word for a in small_pl.anagrams(unicodedata.normalize("NFD", "WŁÓŻ"))] == ["żółw"]


@pytest.mark.parametrize("text", ["", "k0t", "кот", "kot!", "k o t", "x" * 10_000, "\x00"])
def test_a_string_that_is_not_a_word_is_simply_not_in_the_lexicon(
    small_pl: Lexicon, text: str
) -> None:
    assert not small_pl.contains(text)
    assert text not in small_pl


def test_contains_takes_the_lexicons_own_form_and_in_takes_typed_text(small_pl: Lexicon) -> None:
    """``contains`` is the bare lookup (the computers' hot path): it expects ``normalize``'s
    form, which is exactly what makes a typed word a member."""
    typed = unicodedata.normalize("NFD", " ŹdŹbŁo")
    assert not small_pl.contains(typed)
    assert small_pl.contains(normalize(typed)) and typed in small_pl
    assert 7 not in small_pl and None not in small_pl


@pytest.mark.parametrize(
    ("letters", "message"),
    [
        ("kot1", "digit one"),
        ("kоt", "cyrillic"),  # a Cyrillic o among Latin letters
        ("kot" + "?" * 9, "too many jokers"),
    ],
)
def test_a_bad_rack_gets_a_sentence_naming_the_problem(
    small_pl: Lexicon, letters: str, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        small_pl.anagrams(letters)


def test_an_empty_rack_makes_no_words(small_pl: Lexicon) -> None:
    assert small_pl.anagrams("") == []
    assert small_pl.longest("") == []


@pytest.mark.parametrize("pattern", ["", "k0t", "k[o]t", "?" * 200])
def test_a_bad_pattern_gets_a_sentence(small_pl: Lexicon, pattern: str) -> None:
    with pytest.raises(InputError):
        small_pl.matching(pattern)


def test_a_word_list_with_garbage_is_refused_when_built_in_memory() -> None:
    with pytest.raises(BrailleWordsError, match="k0t"):
        Lexicon.from_words(["kot", "k0t"], "pl")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_no_input_makes_a_traceback(small_pl: Lexicon, text: str) -> None:
    assert (text in small_pl) in (True, False)
    assert small_pl.contains(normalize(text)) in (True, False)
    for query in (small_pl.anagrams, small_pl.longest, small_pl.matching, small_pl.family):
        with contextlib.suppress(BrailleWordsError):
            query(text)


def test_english_words_use_english_letters_only() -> None:
    en = Lexicon.from_words(["work", "works", "reworked", "front", "frown"], "en")
    assert "WORK" in en and "wórk" not in en
    with pytest.raises(InputError, match="not a letter of the en alphabet"):
        en.anagrams("żółw")
    assert {a.word for a in en.anagrams("nworf")} == {"frown"}


def test_a_rack_making_too_many_words_is_refused_not_left_to_eat_memory(
    small_pl: Lexicon,
) -> None:
    counts, jokers = small_pl._rack("kota", 2)
    search = small_pl._wide()
    assert search.anagrams(counts, jokers, 1, 6, max_rows=1_000)  # enough room: fine
    with pytest.raises(InputError, match="too many words"):
        search.anagrams(counts, jokers, 1, 6, max_rows=10)
