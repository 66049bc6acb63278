"""Alicja's invariants under any sequence of moves, legal or not (Hypothesis): a refused move
changes nothing, and whatever is played, the round's bookkeeping holds and a secret letter
reaches no other seat."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.games.alicja import characters as ch
from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Encore,
    LayLetter,
    Options,
    PlaceCaterpillar,
    Rules,
    Say,
    SpendToken,
    State,
    Talk,
    TimeUp,
    TurnCat,
    TurnHat,
    Vote,
    load_data,
)
from braille_words.games.base import RuleViolation

DATA = load_data()
WORDS = ["klaun", "lew", "lwów", "namiot", "herbata", "dom", "domek", "ąę", "żaba", "kot"]


class Lemmas:
    def contains(self, word: str) -> bool:
        return True

    def lemmas(self, word: str) -> tuple[str, ...]:
        return ("lew",) if word in ("lew", "lwów") else (word,)


moves = st.one_of(
    st.builds(ChooseTheme, st.integers(0, 2)),
    st.builds(Say, st.sampled_from(WORDS), st.booleans()),
    st.builds(Talk, st.sampled_from(WORDS)),
    st.just(Challenge()), st.builds(Vote, st.booleans()), st.just(TimeUp()),
    st.just(SpendToken()), st.just(TurnCat()), st.just(TurnHat()), st.just(LayLetter()),
    st.just(Encore()), st.builds(PlaceCaterpillar, st.integers(0, 7)),
)


def check(state: State) -> None:
    n = len(state.seats)
    if state.phase in ("talk", "vote"):
        assert sorted((*state.active, *state.out)) == list(range(n))
        assert state.current in state.active
    assert len(state.laid) <= 1 and all(t >= 0 for t in state.tokens)
    for seat in range(n):
        view = state.view_for(seat)
        mine = dict(state.secrets).get(seat)
        assert view["secret"] == mine
        assert view["caterpillar"] == state.caterpillar
    if state.characters:
        assert state.characters[state.queen] == ch.QUEEN


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 50), madness=st.booleans(),
       plays=st.lists(st.tuples(st.integers(0, 7), moves), max_size=80))
def test_any_moves_keep_the_round_whole_and_secrets_private(
        players: int, seed: int, madness: bool, plays: list[tuple[int, Any]]) -> None:
    rules = Rules(Lemmas(), Options(advanced=True, madness=madness), DATA)
    state, _ = rules.new([f"P{i}" for i in range(players)], seed)
    for seat, move in plays:
        seat %= players
        if state.is_over:
            break
        before = state.to_json()
        try:
            state, _ = rules.apply(state, seat, move)
        except RuleViolation:
            assert state.to_json() == before
        check(state)
