"""Scrabble karty's bag, as the rulebook counts it and the rules README values it."""

from __future__ import annotations

from collections import Counter

from braille_words.games.scrabble_cards.deck import load_deck
from braille_words.tiles import JOKER, PREMIUM


def test_the_bag_holds_92_letter_cards_with_2_blanks_and_20_premium_cards() -> None:
    cards = load_deck().cards()
    kinds = Counter(c.kind for c in cards)
    assert kinds[PREMIUM] == 20 and kinds[JOKER] == 2
    assert kinds[JOKER] + sum(1 for c in cards if c.letter is not None) == 92
    premiums = Counter(c.premium for c in cards if c.kind == PREMIUM)
    assert premiums["x2"] == 5 and premiums["x3"] == 2
    assert sum(1 for p in premiums if p not in ("x2", "x3")) == 13
    assert sorted(c.id for c in cards) == list(range(112))


def test_letter_values_are_the_rulebooks_table() -> None:
    deck = load_deck()
    values = {letter: deck.value(letter) for letter in "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"}
    assert values["a"] == 1 and values["ą"] == 5 and values["ń"] == 7 and values["ź"] == 9
    assert values["b"] == 3 and values["c"] == 2 and values["ż"] == 5
    assert deck.value("?") == 0


def test_the_conditional_cards_have_our_light_and_dark_values() -> None:
    conditional = load_deck().conditional
    assert conditional["long7"] == (10, 5) and conditional["long9"] == (20, 10)
    assert conditional["two_letters"] == (2, 1) and len(conditional) == 13
