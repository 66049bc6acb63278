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
def _loaded(game_id: str, words: str) -> GameKit[Any, Any, Any]:
    # Every table asks a guarded computer: no search or hint can end a game.
    entry = GAMES[game_id]
    kit = entry.load() if words == entry.word_lang else entry.load(words=words)
    return replace(kit, computer=GuardedComputer(kit.computer))


def find_game(name: str, words: str | None = None) -> GameKit[Any, Any, Any]:
    """The game called ``name`` with its parts loaded: what a table is built from.
    ``words``: the language its words are played in (``--words``); None, the game's own."""
    entry = find_entry(name)
    words = words or entry.word_lang
    if words not in entry.langs():
        # Said with the languages' names ("in English words, not Polish ones"), not codes.
        raise InputError.coded("words_not_played", game=entry.aliases[0], words=words,
                               played="|".join(entry.langs()), langs="|".join(entry.langs()))
    return _loaded(entry.id, words)


def all_games(words: str | None = None) -> list[GameKit[Any, Any, Any]]:
    """Every game, in its own word language, or in ``words`` where it is played in them."""
    return [_loaded(game_id, words if words in entry.langs() else entry.word_lang)
            for game_id, entry in GAMES.items()]


def every_word_language() -> list[GameKit[Any, Any, Any]]:
    """Every game in every word language it is played in: what the contract test runs."""
    return [_loaded(game_id, words) for game_id, entry in GAMES.items()
            for words in entry.langs()]
