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


def _letters(text: str, what: tuple[str, int], jokers: bool = True) -> str:
    """Tile letters of a position, or a sentence naming the first that is no Polish tile."""
    letters = normalize(text).replace(" ", "")
    for ch in letters:
        if ch not in POLISH and not (jokers and ch == "?"):
            raise InputError.coded("position_not_a_tile", "word_rummikub", place=what[0],
                                   number=what[1], letter=ch.upper(), jokers=jokers)
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
        raise InputError.coded("position_racks_count", "word_rummikub", players=players)
    racks = [_letters(r, ("rack", n)) for n, r in enumerate(pos.racks, start=1)]
    for number, rack in enumerate(racks, start=1):
        if not rack:
            raise InputError.coded("position_rack_empty", "word_rummikub", number=number)
    table = [_letters(w, ("table", n)) for n, w in enumerate(pos.table, start=1)]
    for number, word in enumerate(table, start=1):
        shown = word.replace("?", "")
        if shown and not rules.lexicon.contains(shown):
            raise InputError.coded("position_not_a_word", "word_rummikub", number=number,
                                   word=shown.upper())
    if pos.laid_down is not None and len(pos.laid_down) != players:
        raise InputError.coded("position_laid_down_count", "word_rummikub", players=players)
    if not 0 <= pos.current < players:
        raise InputError.coded("position_current", "common", highest=players - 1)
    bank = _letters(pos.bank, ("bank", 0)) if pos.bank is not None else None
    if bank == "":
        # An empty text is a slip more often than an exercise with nothing to draw.
        raise InputError.coded("position_bank_empty", "word_rummikub")
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
