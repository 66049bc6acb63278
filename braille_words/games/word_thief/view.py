"""What one seat may know of a Word Thief game: the typed shape of ``State.view_for``.

A seat sees its own hand, every word on the table (with each card's suit: whether a word is
one suit decides its score and whether it may be stolen), the scores and how many cards the
others hold and the draw pile has; never another seat's hand.
"""

from __future__ import annotations

from typing import TypedDict

from braille_words.games.interface import BaseView


class CardView(TypedDict):
    letter: str | None
    """None for a wild card in a hand."""
    suit: str | None
    value: int


class PlacedView(TypedDict):
    letter: str
    suit: str | None
    wild: bool
    value: int


class TableWordView(TypedDict):
    number: int
    owner: int
    cards: list[PlacedView]
    turn: int
    """The game turn the word was made in (``WordThiefView.turns`` counts them)."""


class WordThiefView(BaseView):
    hand: list[CardView]
    hand_counts: list[int]
    table: list[TableWordView]
    scores: list[int]
    draw: int
    current: int
    dealer: int
    over: bool
    turns: int
