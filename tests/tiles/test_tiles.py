"""Tiles keep their identity: a set numbers every tile once, and text is compared as NFC."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.errors import InputError
from braille_words.tiles import (
    POLISH,
    PREMIUM,
    Card,
    Tile,
    clean_word,
    make_cards,
    make_tiles,
    normalize,
)


@given(st.dictionaries(st.sampled_from(POLISH.letters), st.integers(0, 9)), st.integers(0, 4))
def test_every_tile_of_a_set_has_its_own_number(dist: dict[str, int], jokers: int) -> None:
    tiles = make_tiles(dist, jokers)
    assert [t.id for t in tiles] == list(range(sum(dist.values()) + jokers))
    assert sum(t.is_joker for t in tiles) == jokers


def test_the_rummikub_set_numbers_112_tiles_once() -> None:
    from braille_words.games.word_rummikub.settings import load_settings

    settings = load_settings()
    tiles = make_tiles(settings.letters, settings.jokers)
    assert len({t.id for t in tiles}) == len(tiles) == 112


@given(
    st.integers(0, 500),
    st.one_of(st.none(), st.sampled_from("aąbcźż")),
    st.integers(0, 10),
    st.one_of(st.none(), st.sampled_from(["red", "blue"])),
)
def test_a_card_survives_json(
    card_id: int, letter: str | None, value: int, suit: str | None
) -> None:
    card = Card(card_id, letter, value, suit)
    assert Card.from_json(json.loads(json.dumps(card.to_json()))) == card
    assert card.is_joker == (letter is None)


def test_a_plain_tile_keeps_the_two_item_json_of_old_saves() -> None:
    assert Tile(3, "ż").to_json() == [3, "ż"]
    assert Tile(4, None).to_json() == [4, None]
    assert Card.from_json([4, None]).is_joker


def test_premium_cards_name_their_premium_and_carry_no_letter() -> None:
    card = Card(7, None, kind=PREMIUM, premium="double_word")
    assert card.is_premium and not card.is_joker
    assert Card.from_json(card.to_json()) == card
    with pytest.raises(InputError):
        Card(8, "a", kind=PREMIUM, premium="double_word")
    with pytest.raises(InputError):
        Card(9, None, kind=PREMIUM)


def test_a_suited_set_numbers_every_card_once() -> None:
    cards = make_cards({"a": 2, "b": 1}, 1, values={"a": 1, "b": 3}, suits=["red", "blue"])
    assert [c.id for c in cards] == list(range(7))
    assert [c.value for c in cards if c.letter == "b"] == [3, 3]
    assert sum(c.is_joker for c in cards) == 1


def test_nfd_polish_is_the_same_word_as_nfc() -> None:
    nfd = unicodedata.normalize("NFD", "ŹDŹBŁO")
    assert normalize(nfd) == "źdźbło"
    assert clean_word(nfd) == "źdźbło"


@pytest.mark.parametrize("bad", ["", "k0t", "kоt", "kot pies", "x" * 65, "qwerty"])
def test_what_is_not_a_polish_word_is_a_sentence(bad: str) -> None:
    with pytest.raises(InputError):
        clean_word(bad)
