"""Spelling tiles so a listener can tell every letter apart."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.speech.spelling import (
    ENGLISH_LETTER_NAMES,
    JOKER_NAMES,
    joker_name,
    letter_name,
    spell,
)
from braille_words.tiles import ENGLISH, POLISH, Tile


@pytest.mark.parametrize("abc", [POLISH, ENGLISH], ids=["pl", "en"])
def test_every_letter_has_a_name_no_other_letter_shares(abc: object) -> None:
    names = {letter: letter_name(letter, abc.lang) for letter in abc}  # type: ignore[attr-defined]
    assert len(set(names.values())) == len(names)
    for letter, name in names.items():
        assert name, letter


@pytest.mark.parametrize(
    ("a", "b"), [("a", "ą"), ("e", "ę"), ("ż", "ź"), ("z", "ż"), ("c", "ć"), ("o", "ó"), ("u", "ó")]
)
def test_polish_letters_that_sound_alike_are_named_apart(a: str, b: str) -> None:
    assert letter_name(a, "pl") != letter_name(b, "pl")


def test_the_standard_polish_names() -> None:
    assert spell("żółw") == "żet, o kreskowane, eł, wu"
    assert spell("źdźbło") == "ziet, de, ziet, be, eł, o"
    assert spell("chrząszcz") == "ce, ha, er, zet, ą, es, zet, ce, zet"
    assert letter_name("y") == "igrek" and letter_name("j") == "jot"


def test_english_words_are_spelled_with_english_names() -> None:
    assert spell("work", "en") == "double-u, o, ar, kay"
    assert set(ENGLISH_LETTER_NAMES) == set(ENGLISH.letters)


def test_jokers_are_named_by_their_game() -> None:
    rack = [Tile(0, "k"), Tile(1, None), Tile(2, "t")]
    assert spell(rack) == "ka, joker, te"
    assert spell(rack, joker="blank") == "ka, blank, te"
    assert spell("c?t", "en", joker="wild") == "cee, wild, tee"
    assert joker_name("wild", "pl") == JOKER_NAMES["wild"]["pl"]
    with pytest.raises(ValueError):
        joker_name("mydło")


def test_capitals_and_decomposed_letters_are_the_same_letter() -> None:
    assert spell("ŻÓŁW") == spell("z\u0307o\u0301łw") == spell("żółw")


@given(st.text(alphabet=[*list(POLISH.letters), "?"], min_size=1, max_size=20))
def test_one_name_per_tile_in_order(word: str) -> None:
    parts = spell(word).split(", ")
    assert len(parts) == len(word)
    for letter, part in zip(word, parts, strict=True):
        assert part == ("joker" if letter == "?" else letter_name(letter))


@given(st.text(max_size=30))
def test_any_text_spells_without_error(text: str) -> None:
    assert isinstance(spell(text), str)
