"""Beginner and medium computers, and every hint, use words a child knows (issue 33 §3).

A 12-year-old was hinted "K10 ii", "G1 sroż", "C9 abbuś" in Scrabble karty and QI, LOOS,
MORT in Word Thief, and heard the computers lay them. Every game now chooses by the compiled
word frequencies (Alicja by its themes' lists of words a child knows); a computer named
without a level plays medium, so rare words come only from a ``computer:strong`` asked for.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from braille_words.games.alicja.moves import Say
from braille_words.games.registry import find_game
from braille_words.games.scrabble_cards.computer import COMMON_WORDS
from braille_words.games.scrabble_cards.rules import Lay
from braille_words.games.seven_words.rules import Submit
from braille_words.games.word_rummikub.computer import COMMON_WORDS as RUMMIKUB_WORDS
from braille_words.games.word_rummikub.rules import Rebuild
from braille_words.games.word_thief.computer import COMMON
from braille_words.games.word_thief.rules import Lay as ThiefLay
from braille_words.games.word_thief.rules import StealMove
from braille_words.lexicon.signatures import LEVEL_MIN_ZIPF
from braille_words.table.seats import parse_players
from braille_words.tiles import normalize

LEVELS = ("beginner", "medium")


def _words(move: Any) -> list[str]:
    if isinstance(move, Lay | ThiefLay):
        return [move.word.replace("?", "")] if "?" not in move.word else []
    if isinstance(move, StealMove):
        return list(move.words)
    return []


def test_a_scrabble_hint_says_what_its_line_means() -> None:
    """"K10 ii 5" read as three words and a number; the hint now says it in words first."""
    said = find_game("scrabble-karty").presenter.describe_move(
        Lay(9, 10, False, "ii", (4,)), "pl", None)
    assert said.startswith("połóż II w pionie od pola K10, z kartą premii z ręki numer 5")
    assert said.endswith("wpisz: K10 ii 5")


def _said(move: Any) -> list[str]:
    """The words a move of any game puts before the players."""
    if isinstance(move, Rebuild):
        return [w for w in move.make if "?" not in w]
    if isinstance(move, Submit):
        return [move.word]
    if isinstance(move, Say):
        return [move.text]
    return _words(move)


def _ranked(most: dict[str, int]) -> Any:
    def common(lexicon: Any, rules: Any, state: Any, level: str, word: str) -> bool:
        rank = lexicon.frequency_rank(word.lower())
        return rank is not None and rank <= most[level]
    return common


def _frequent(lexicon: Any, rules: Any, state: Any, level: str, word: str) -> bool:
    """7 słów's medium computer wrote SKONFEDEROWANYCH (Zipf 1): both levels keep to Zipf 3."""
    return float(lexicon.zipf(word.lower())) >= LEVEL_MIN_ZIPF["beginner"]


def _on_theme(lexicon: Any, rules: Any, state: Any, level: str, word: str) -> bool:
    """The themes' lists hold only words a child knows (a test of the data checks it)."""
    return normalize(word) in {normalize(w) for w in rules.data.themes[state.themes[0]].words}


# game, its lexicon fixture, what its levels know, the level its hints use, moves to play
EVERY_GAME = [
    ("rummikub", "polish", _ranked(RUMMIKUB_WORDS), "medium", 16),
    ("siedem-slow", "polish", _frequent, "beginner", 30),
    ("alicja", "polish", _on_theme, "medium", 40),
    ("scrabble-karty", "polish", _ranked(COMMON_WORDS), "medium", 16),
    ("word-thief", "english", _ranked(COMMON), "medium", 16),
]


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize(("game", "fixture", "common", "hinted", "moves"), EVERY_GAME,
                         ids=[g[0] for g in EVERY_GAME])
def test_beginner_and_medium_computers_and_hints_use_only_common_words_in_every_game(
    request: pytest.FixtureRequest, game: str, fixture: str, common: Any, hinted: str,
    moves: int, seed: int,
) -> None:
    lexicon = request.getfixturevalue(fixture)
    kit = find_game(game)
    rules = kit.make_rules(lexicon, {})
    rare: list[str] = []
    said = 0
    for who, state, words in _child_levels_play(kit, rules, seed, moves):
        said += 0 if who == "hint" else len(words)
        level = hinted if who == "hint" else who
        rare += [f"{who} {w}" for w in words if not common(lexicon, rules, state, level, w)]
    assert said, "no computer said a word: the test checked nothing"
    assert rare == []


def _child_levels_play(
    kit: Any, rules: Any, seed: int, moves: int
) -> Iterator[tuple[str, Any, list[str]]]:
    """A seeded game of a beginner and medium computers (three at Alicja's table): at each
    turn the hint's words, then the move's, as ("hint" or the level, the state before the
    move, the words)."""
    seats = 3 if kit.id == "alicja" else 2
    levels = ["beginner", "medium", "medium"][:seats]
    state, _ = rules.new(["Ada", "Bolek", "Celina"][:seats], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over or not state.awaiting:
            break
        seat = min(state.awaiting)
        yield "hint", state, _said(kit.computer.hint(rules, state, seat))
        move = kit.computer.choose_move(rules, state, seat, levels[seat], rng)
        yield levels[seat], state, _said(move)
        state, _ = rules.apply(state, seat, move)


def test_a_computer_named_without_a_level_plays_the_medium_level() -> None:
    """``--players human,computer`` gave a child the strong computer's SPURYTANIAŁBYM."""
    assert [s.level for s in parse_players("human,computer") if not s.is_human] == ["medium"]
    assert parse_players("computer:strong")[0].level == "strong"


# game, the words it plays, its lexicon fixture, moves to play: every game in Polish words,
# and the three whose computers choose by frequency in English words too.
EVERY_WORDS = [(g[0], "pl" if g[1] == "polish" else "en", g[1], g[4]) for g in EVERY_GAME] + [
    ("rummikub", "en", "english", 16),
    ("siedem-slow", "en", "english", 30),
    ("scrabble-karty", "en", "english", 16),
]


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize(("game", "words", "fixture", "moves"), EVERY_WORDS,
                         ids=[f"{g[0]}-{g[1]}" for g in EVERY_WORDS])
def test_no_computer_below_strong_and_no_hint_says_a_name_a_foreign_word_or_an_insult(
    request: pytest.FixtureRequest, game: str, words: str, fixture: str, moves: int, seed: int,
) -> None:
    """Frequent is not enough: the counts rank names (HAI, JORKU), English in Polish text
    (THE), interjections and names in English (AH, KAT, HOLT) and insults (GNIDY) among the
    common forms. None of what ``unsuitable`` refuses comes from a child's level or a hint."""
    from braille_words.lexicon.unsuitable import unsuitable

    lexicon = request.getfixturevalue(fixture)
    kit = find_game(game, words)
    rules = kit.make_rules(lexicon, {})
    refused: list[str] = []
    said = 0
    for who, _state, said_words in _child_levels_play(kit, rules, seed, moves):
        said += len(said_words)
        refused += [f"{who} {w}" for w in said_words if unsuitable(w, lexicon.lang)]
    assert said, "no computer said a word: the test checked nothing"
    assert refused == []
