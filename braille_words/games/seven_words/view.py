"""What one seat may know of a 7 słów game: the typed shape of ``State.view_for``.

The presenter and the command language read the game only through this, so mypy checks every
key they read. While words are being written, another seat's entry says only that it is
written; its word, score and validity appear once the words are revealed.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from braille_words.games.interface import BaseView


class AreaCardView(TypedDict):
    """A card in the play area: its slot, its letter, its column's value and its own bonus."""

    slot: int
    letter: str
    column: int
    bonus: int


class WordEntry(TypedDict):
    seat: int
    written: bool
    word: NotRequired[str | None]
    score: NotRequired[int]
    invalid: NotRequired[bool]


class PendingChallenge(TypedDict):
    """A challenge the table (or the writer, correcting) must settle."""

    challenger: int
    target: int
    word: str
    earlier: NotRequired[str]
    """The word said earlier in the game that the challenged one is said to repeat."""


class RoundResult(TypedDict):
    seat: int
    word: str | None
    score: int
    bonus: int
    valid: bool
    corrected: bool


class RoundRecord(TypedDict):
    round: int
    area: list[AreaCardView]
    fastest: int | None
    main: int | None
    results: list[RoundResult]


class SevenWordsView(BaseView):
    round: int
    rounds: int
    phase: str
    area: list[AreaCardView]
    deck_size: int
    discard_size: int
    words: list[WordEntry]
    fastest: int | None
    hourglass: bool
    hourglass_running: bool
    hourglass_seconds: int
    time_up: bool
    no_flip: int | None
    main: int | None
    veteran: bool
    keep: list[str]
    challenged: list[bool]
    done: list[bool]
    pending: PendingChallenge | None
    table_decision: str | None
    solo_field: str | None
    solo_target: int | None
    penalties: list[int]
    """How many penalties each seat has (wrong challenges)."""
    penalty_points: int
    """What one penalty costs: a sheet says the points lost, not how many penalties."""
    history: list[RoundRecord]
    totals: list[int]
