"""Tiles keep their identity: a set numbers every tile once, and text is compared as NFC."""

from __future__ import annotations

import random
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.errors import InputError
from braille_words.tiles import POLISH, Bag, clean_word, make_tiles, normalize


@given(st.dictionaries(st.sampled_from(POLISH.letters), st.integers(0, 9)), st.integers(0, 4))
def test_every_tile_of_a_set_has_its_own_number(dist: dict[str, int], jokers: int) -> None:
    tiles = make_tiles(dist, jokers)
    assert [t.id for t in tiles] == list(range(sum(dist.values()) + jokers))
    assert sum(t.is_joker for t in tiles) == jokers


def test_the_rummikub_set_numbers_112_tiles_once() -> None:
    from braille_words.games.word_rummikub.rules import load_settings

    settings = load_settings()
    tiles = make_tiles(settings.letters, settings.jokers)
    assert len({t.id for t in tiles}) == len(tiles) == 112


@given(st.integers(0, 2**32), st.integers(0, 120))
def test_a_bag_draws_every_tile_once(seed: int, n: int) -> None:
    tiles = make_tiles({"a": 50, "b": 30}, 2)
    bag = Bag.shuffled(tiles, random.Random(seed))
    drawn = bag.draw(n)
    assert sorted(drawn + bag.tiles) == sorted(tiles)
    assert Bag.from_json(bag.to_json()) == bag


def test_nfd_polish_is_the_same_word_as_nfc() -> None:
    nfd = unicodedata.normalize("NFD", "ŹDŹBŁO")
    assert normalize(nfd) == "źdźbło"
    assert clean_word(nfd) == "źdźbło"


@pytest.mark.parametrize("bad", ["", "k0t", "kоt", "kot pies", "x" * 65, "qwerty"])
def test_what_is_not_a_polish_word_is_a_sentence(bad: str) -> None:
    with pytest.raises(InputError):
        clean_word(bad)
