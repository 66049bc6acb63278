"""No internal limit ends a game: every computer player and hint answers at every rack size
the rules allow (a Rummikub rack may hold every tile of the set), and the table's guarded
computer turns any error of a search into the game's always-legal move."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from braille_words.games.guarded import GuardedComputer
from braille_words.games.kit import ComputerPlayer
from braille_words.games.registry import find_game
from braille_words.games.word_rummikub.rules import Draw, arranged_state, make_set

SLOW = settings(max_examples=5, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def game_computer(game: str) -> ComputerPlayer[Any, Any, Any]:
    """The game's own computer, not the guard around it: an error must show here."""
    computer = find_game(game).computer
    return computer.inner if isinstance(computer, GuardedComputer) else computer


def every_answer(game: str, rules: Any, state: Any, seat: int) -> None:
    computer = game_computer(game)
    for level in computer.levels:
        computer.choose_move(rules, state, seat, level, random.Random(1))
    computer.hint(rules, state, seat)


RUMMIKUB_TABLES = (("kot", "szczyt"), ("niezdecentralizowaniami", "las", "kwiatek"), ())


@SLOW
@given(size=st.integers(1, 112 - 5), table=st.sampled_from(RUMMIKUB_TABLES),
       seed=st.integers(0, 1000))
@example(size=18, table=RUMMIKUB_TABLES[1], seed=0)  # the 41 letters at once
@example(size=107, table=(), seed=1)  # every tile but the other rack's
def test_rummikub_computers_and_hints_answer_every_rack_size(
    polish: Any, size: int, table: tuple[str, ...], seed: int
) -> None:
    kit = find_game("rummikub")
    rules = kit.make_rules(polish, {})
    pool = [t.letter or "?" for t in make_set()]
    for ch in "".join(table) + "lasek":
        pool.remove(ch)
    random.Random(seed).shuffle(pool)
    state = arranged_state(["".join(pool[:size]), "lasek"], list(table),
                           laid_down=[bool(table), True], options=rules.options)
    every_answer("rummikub", rules, state, 0)


@SLOW
@pytest.mark.parametrize(("game", "words", "pile"), [
    ("word-thief", "english", "draw"),
    ("scrabble", "polish", "bag"),
])
@given(size=st.integers(0, 7), seed=st.integers(0, 1000))
def test_card_game_computers_and_hints_answer_every_hand_size(
    request: pytest.FixtureRequest, game: str, words: str, pile: str, size: int, seed: int
) -> None:
    # A hand is filled up to seven cards and never holds more (Scrabble karty refuses a
    # position with more); the rest of the cards stay in the game's pile to draw from.
    rules = find_game(game).make_rules(request.getfixturevalue(words), {})
    state, _ = rules.new(["A", "B"], seed)
    cards = state.hands[state.current] + getattr(state, pile)
    hands = list(state.hands)
    hands[state.current] = cards[:size]
    state = replace(state, hands=tuple(hands), **{pile: cards[size:]})
    every_answer(game, rules, state, state.current)


@pytest.mark.parametrize("game", ["7-slow", "alicja"])
def test_games_with_fixed_cards_answer_at_the_start(polish: Any, game: str) -> None:
    kit = find_game(game)
    rules = kit.make_rules(polish, {})
    state, _ = rules.new(["A", "B", "C"], 3)
    for seat in sorted(state.awaiting):
        every_answer(game, rules, state, seat)


class Broken(ComputerPlayer[Any, Any, Any]):
    """A computer whose search always fails, as a bug in one would."""

    def choose_move(self, rules: Any, state: Any, seat: int, level: str,
                    rng: random.Random) -> Any:
        raise IndexError("a bug deep in a search")

    def hint(self, rules: Any, state: Any, seat: int) -> Any:
        raise MemoryError

    def fallback_move(self, rules: Any, state: Any, seat: int) -> Any:
        return Draw()


def test_a_failing_search_plays_the_safe_move_and_a_failing_hint_is_no_hint() -> None:
    guarded = GuardedComputer(Broken())
    assert guarded.choose_move(None, None, 0, "strong", random.Random(0)) == Draw()
    assert guarded.plan(None, None, 0, "strong", random.Random(0)).move == Draw()
    assert guarded.hint(None, None, 0) is None


def test_every_table_asks_a_guarded_computer() -> None:
    for game in ("rummikub", "7-slow", "alicja", "scrabble", "word-thief"):
        assert isinstance(find_game(game).computer, GuardedComputer)
