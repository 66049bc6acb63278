"""Rummikub Słowny from a teacher's position file: an exercise such as the rulebook's."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from braille_words.errors import InputError
from braille_words.games.base import Event
from braille_words.games.word_rummikub.rules import Rules, State, arranged_state
from braille_words.tiles import normalize


def from_position(
    rules: Rules, names: Sequence[str], seed: int, position: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    """A game set up from a teacher's position file (an exercise such as the rulebook's).

    ``{"racks": ["za", "…"], "table": ["szczyt"], "laid_down": [true, true], "current": 0,
    "bank": "…"}``: letters spelled out, ``?`` a joker on a rack, ``?x`` a joker showing x on
    the table. Without ``bank`` every other tile is in the bank, shuffled by the seed.
    """

    from braille_words.games.base import Event

    def letters(value: Any, what: str) -> str:
        if not isinstance(value, str):
            raise InputError(f"the position's {what} must be letters, not {value!r}")
        return normalize(value).replace(" ", "")

    racks = position.get("racks")
    if not isinstance(racks, list) or len(racks) != len(names):
        raise InputError(f"the position needs one rack for each of the {len(names)} players")
    table = position.get("table", [])
    if not isinstance(table, list):
        raise InputError("the position's table must be a list of words")
    laid = position.get("laid_down")
    if laid is not None and (not isinstance(laid, list) or len(laid) != len(names)):
        raise InputError("laid_down must say true or false for each player")
    current = position.get("current", 0)
    if not isinstance(current, int) or not 0 <= current < len(names):
        raise InputError(f"current must be a player number from 0 to {len(names) - 1}")
    bank = position.get("bank")
    state = arranged_state(
        [letters(r, "rack") for r in racks],
        [letters(w, "table") for w in table],
        laid_down=[bool(x) for x in laid] if laid is not None else None,
        current=current,
        bank=letters(bank, "bank") if bank is not None else None,
        options=rules.options,
    )
    shuffled = list(state.bank)
    if bank is None:
        random.Random(seed).shuffle(shuffled)
    state = replace(state, seats=tuple(names), bank=tuple(shuffled), starter=current)
    events = [Event("game_started", {"players": len(names), "seats": list(names)})]
    events += [
        Event("rack_dealt", {"seat": s, "letters": [t.letter for t in rack]}, to=s)
        for s, rack in enumerate(state.racks)
    ]
    events.append(Event("turn_started", {"seat": current, "name": names[current]}))
    return state, events
