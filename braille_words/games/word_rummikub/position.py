"""Rummikub Słowny from a teacher's position file: an exercise such as the rulebook's."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from braille_words.errors import InputError
from braille_words.games.base import Event
from braille_words.games.options import check_options
from braille_words.games.word_rummikub.rules import Rules, State, arranged_state
from braille_words.tiles import POLISH, normalize


@dataclass(frozen=True)
class Position:
    """A teacher's position file, as ``check_options`` reads it."""

    racks: tuple[str, ...]
    table: tuple[str, ...] = ()
    laid_down: tuple[bool, ...] | None = None
    current: int = 0
    bank: str | None = None


def _letters(text: str, what: str, jokers: bool = True) -> str:
    """Tile letters of a position, or a sentence naming the first that is no Polish tile."""
    letters = normalize(text).replace(" ", "")
    for ch in letters:
        if ch not in POLISH and not (jokers and ch == "?"):
            raise InputError(
                f"{what} has {ch.upper()!r}, which is not a Polish letter tile"
                + (" ('?' is a joker)" if jokers else "")
            )
    return letters


def from_position(
    rules: Rules, names: Sequence[str], seed: int, position: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    """A game set up from a teacher's position file (an exercise such as the rulebook's).

    ``{"racks": ["za", "…"], "table": ["szczyt"], "laid_down": [true, true], "current": 0,
    "bank": "…"}``: letters spelled out, ``?`` a joker on a rack, ``?x`` a joker showing x on
    the table. Without ``bank`` every other tile is in the bank, shuffled by the seed. A
    position that could not be played (an empty rack, a table word not in the dictionary) is
    refused with a sentence before the game starts.
    """
    pos = check_options(Position, "position", position, strict=True)
    players = len(names)
    if len(pos.racks) != players:
        raise InputError(f"the position needs one rack for each of the {players} players")
    racks = [_letters(r, f"rack {n}") for n, r in enumerate(pos.racks, start=1)]
    for number, rack in enumerate(racks, start=1):
        if not rack:
            raise InputError(f"rack {number} of the position is empty; give each player a tile")
    table = [_letters(w, f"table word {n}") for n, w in enumerate(pos.table, start=1)]
    for number, word in enumerate(table, start=1):
        shown = word.replace("?", "")
        if shown and not rules.lexicon.contains(shown):
            raise InputError(
                f"table word {number}, {shown.upper()}, is not in the dictionary; "
                "a position's table holds only words"
            )
    if pos.laid_down is not None and len(pos.laid_down) != players:
        raise InputError("laid_down must say true or false for each player")
    if not 0 <= pos.current < players:
        raise InputError(f"current must be a player number from 0 to {players - 1}")
    bank = _letters(pos.bank, "the bank") if pos.bank is not None else None
    if bank == "":
        # An empty text is a slip more often than an exercise with nothing to draw.
        raise InputError(
            "the bank is empty; list the tiles left to draw, or leave bank out to put "
            "every other tile in the bank"
        )
    state = arranged_state(
        racks,
        table,
        laid_down=list(pos.laid_down) if pos.laid_down is not None else None,
        current=pos.current,
        bank=bank,
        options=rules.options,
    )
    shuffled = list(state.bank)
    if bank is None:
        random.Random(seed).shuffle(shuffled)
    state = replace(state, seats=tuple(names), bank=tuple(shuffled), starter=pos.current)
    events = [Event("game_started", {"players": players, "seats": list(names)})]
    events += [
        Event("rack_dealt", {"seat": s, "letters": [t.letter for t in rack]}, to=s)
        for s, rack in enumerate(state.racks)
    ]
    events.append(Event("turn_started", {"seat": pos.current, "name": names[pos.current]}))
    return state, events
