"""Beginner and medium computers, and every hint, use words a child knows (issue 33 §3).

A 12-year-old was hinted "K10 ii", "G1 sroż", "C9 abbuś" in Scrabble karty and QI, LOOS,
MORT in Word Thief, and heard the computers lay them. Rummikub Słowny and 7 słów already
chose by the compiled word frequencies; these two games now do too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.games.scrabble_cards.computer import COMMON_WORDS
from braille_words.games.scrabble_cards.rules import Lay
from braille_words.games.word_thief.computer import COMMON
from braille_words.games.word_thief.rules import Lay as ThiefLay
from braille_words.games.word_thief.rules import StealMove

LEVELS = ("beginner", "medium")


def _words(move: Any) -> list[str]:
    if isinstance(move, Lay | ThiefLay):
        return [move.word.replace("?", "")] if "?" not in move.word else []
    if isinstance(move, StealMove):
        return list(move.words)
    return []


def _play(game: str, lexicon: Any, most: dict[str, int], seed: int, moves: int) -> list[str]:
    """Words laid by a beginner and a medium computer, and hinted to them, that are not among
    their level's common words (the hints: the medium's)."""
    kit = find_game(game)
    rules = kit.make_rules(lexicon, {})
    state, _ = rules.new(["Ada", "Bolek"], seed)
    rng = random.Random(seed)
    rare: list[str] = []
    for _ in range(moves):
        if state.is_over:
            break
        seat = min(state.awaiting)
        level = LEVELS[seat]
        hint = kit.computer.hint(rules, state, seat)
        for word in _words(hint):
            rank = lexicon.frequency_rank(word.lower())
            if rank is None or rank > most["medium"]:
                rare.append(f"hint {word}")
        move = kit.computer.choose_move(rules, state, seat, level, rng)
        for word in _words(move):
            rank = lexicon.frequency_rank(word.lower())
            if rank is None or rank > most[level]:
                rare.append(f"{level} {word}")
        state, _ = rules.apply(state, seat, move)
    return rare


@pytest.mark.parametrize("seed", [3, 8])
def test_scrabble_cards_computers_and_hints_lay_only_common_words(polish: Any, seed: int) -> None:
    assert _play("scrabble-karty", polish, COMMON_WORDS, seed, 24) == []


def test_word_thief_computers_and_hints_play_only_common_words(english: Any) -> None:
    assert _play("word-thief", english, COMMON, 3, 16) == []


def test_a_scrabble_hint_says_what_its_line_means() -> None:
    """"K10 ii 5" read as three words and a number; the hint now says it in words first."""
    said = find_game("scrabble-karty").presenter.describe_move(
        Lay(9, 10, False, "ii", (4,)), "pl", None)
    assert said.startswith("połóż II w pionie od pola K10, z kartą premii z ręki numer 5")
    assert said.endswith("wpisz: K10 ii 5")
