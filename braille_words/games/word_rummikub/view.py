"""What one seat may know of a Rummikub game: the typed shape of ``State.view_for``.

The presenter, the command language and the computer read a game only through this, so
mypy checks every key they read; it is JSON-shaped so a seat far away can be sent it as is.
"""

from __future__ import annotations

from typing import TypedDict

from braille_words.games.interface import BaseView
from braille_words.games.votes import VoteView

RackTile = tuple[int, "str | None"]
"""(tile id, its letter; None for a joker still in the rack)."""

TableTile = tuple[int, str, bool]
"""(tile id, the letter it shows — a joker's chosen letter —, whether it is a joker)."""


class TableWord(TypedDict):
    text: str
    tiles: list[TableTile]


class OptionsView(TypedDict):
    """The game's settings as the table chose them (``Options.to_json``)."""

    lang: str
    previous_starter: int | None
    theme: str | None
    move_limit_seconds: int
    joker_penalty: int
    first_word_min: int
    word_min: int
    rack_size: int
    deal: int
    first_lay_down_many_words: bool
    pass_round_needs_empty_bank: bool
    vote_seconds: int


class ResultView(TypedDict):
    scores: list[int]
    penalties: list[int]
    words_scored: list[int]
    doubled: list[int]
    longest: list[str]
    winners: list[int]
    reason: str | None


class RummikubView(BaseView):
    """The working table and rack of the turn in progress, everyone's sizes and scores."""

    current: int
    starter: int
    table: list[TableWord]
    rack: list[RackTile]
    loose: list[RackTile]
    rack_sizes: list[int]
    bank: int
    tile_points: int
    """What every tile is worth (the rulebook: all, jokers too, one point)."""
    scores: list[int]
    laid_down: list[bool]
    turn_changed: bool
    can_undo: bool
    turns_played: int
    vote: VoteView | None
    over: bool
    result: ResultView | None
    options: OptionsView
