"""Every game the table can seat: one line per game folder.

Adding a game is adding its folder under ``games/`` and its line here; the contract test
(``tests/games/test_contract.py``) then runs over it with the others.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from braille_words.errors import InputError
from braille_words.games import alicja, scrabble_cards, seven_words, word_rummikub, word_thief
from braille_words.games.guarded import GuardedComputer
from braille_words.games.kit import GameEntry, GameKit

GAMES: dict[str, GameEntry] = {
    word_rummikub.ENTRY.id: word_rummikub.ENTRY,
    seven_words.ENTRY.id: seven_words.ENTRY,
    word_thief.ENTRY.id: word_thief.ENTRY,
    alicja.ENTRY.id: alicja.ENTRY,
    scrabble_cards.ENTRY.id: scrabble_cards.ENTRY,
}


def find_entry(name: str) -> GameEntry:
    """The game called ``name`` (any alias, any case), not yet loaded."""
    key = name.strip().lower()
    for entry in GAMES.values():
        if key in entry.aliases or key == entry.id:
            return entry
    names = ", ".join(entry.aliases[0] for entry in GAMES.values())
    raise InputError(f"there is no game called '{name}'; the games are: {names}")


@cache
def _loaded(game_id: str) -> GameKit[Any, Any, Any]:
    # Every table asks a guarded computer: no search or hint can end a game.
    kit = GAMES[game_id].load()
    return replace(kit, computer=GuardedComputer(kit.computer))


def find_game(name: str) -> GameKit[Any, Any, Any]:
    """The game called ``name`` with its parts loaded: what a table is built from."""
    return _loaded(find_entry(name).id)


def all_games() -> list[GameKit[Any, Any, Any]]:
    return [_loaded(game_id) for game_id in GAMES]
