"""What one seat may know of a Scrabble karty game: the typed shape of ``State.view_for``.

A seat sees the table, its own hand (letters, blanks and premium cards, with values), the
cards it has laid so far this turn (only the mover sees those), the last move with its words
and points, the scores, the number of cards in the bag and in each hand, the exchanges left;
never another seat's hand.
"""

from __future__ import annotations

from typing import TypedDict

from braille_words.games.interface import BaseView


class CardView(TypedDict):
    letter: str | None
    """None for a blank or a premium card."""
    premium: str | None
    """"x2", "x3" or a conditional card's code."""
    value: int
    """A letter's points; a conditional card's light value; a word premium's factor."""
    dark: int
    """A conditional card's dark value (0 for the others)."""


class SquareView(TypedDict):
    row: int
    col: int
    letter: str
    blank: bool


class PendingView(TypedDict):
    card: int
    """The card's place in the hand (0-based)."""
    row: int
    col: int
    letter: str


class WordView(TypedDict):
    word: str
    row: int
    col: int
    across: bool
    points: int


class LastView(TypedDict):
    seat: int
    word: str
    row: int
    col: int
    across: bool
    words: list[WordView]
    points: int
    premiums: list[str]
    stands: bool
    answered: list[int]
    against: list[list[int | str]]
    """[seat, card code] of each conditional card played against the move."""
    meets: list[str]
    """The conditional cards' codes whose condition the move meets (public: any player can
    tell from the words), so a rival hears only the cards they may play against it."""


class ScrabbleView(BaseView):
    size: int
    board: list[SquareView]
    hand: list[CardView]
    hand_counts: list[int]
    pending: list[PendingView]
    pending_premiums: list[int]
    phase: str
    """"turn" (the current player moves) or "verdict" (the rivals accept or check)."""
    current: int
    last: LastView | None
    scores: list[int]
    bag: int
    exchanges_left: int | None
    """None: unlimited."""
    clock_out: list[bool]
    clock_minutes: int | None
    check: str
    turns: int
    over: bool
