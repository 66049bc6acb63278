"""7 słów invariants under random play: no card is created or lost, the "2 na 2" rule holds
after every draw, a rejected move changes nothing, and a saved game replays exactly."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from template_check import filled
from test_seven_words_support import WORDS, WordList, card_ids

from braille_words.games.base import Event, RuleViolation
from braille_words.games.seven_words.rules import (
    EVENT_KINDS,
    Challenge,
    Correct,
    Done,
    Keep,
    Move,
    Options,
    Rules,
    Ruling,
    State,
    Submit,
    TimeUp,
    move_from_json,
)

LEX = WordList()
TEXTS = [*WORDS, "grzdyl", "kot-pies", "", "x1", "ŻÓŁW", "dom dom"]

move_st = st.one_of(
    st.builds(Submit, st.sampled_from(TEXTS)),
    st.builds(Submit, st.text(max_size=8)),
    st.builds(Keep, st.lists(st.sampled_from("lswbncdkzx"), max_size=5).map(tuple)),
    st.just(TimeUp()),
    st.builds(Challenge, st.integers(-1, 6)),
    st.just(Done()),
    st.builds(Ruling, st.booleans()),
    st.builds(Correct, st.one_of(st.none(), st.sampled_from(TEXTS))),
)



class DrawWatcher:
    """Rebuilds the play area from the public events alone, checking "2 na 2" at every draw
    (not only between moves) and that what players hear matches the state."""

    def __init__(self) -> None:
        self.area: list[tuple[str, int] | None] = [None] * 8

    def see(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "cards_slide":
                self.area = [None] * 4 + self.area[:4]
            elif e.kind == "card_dealt":
                assert self.area[e.params["slot"]] is None
                self.area[e.params["slot"]] = (e.params["letter"], e.params["bonus"])
                shown = [c for c in self.area if c is not None]
                assert sum(1 for _, b in shown if b > 0) <= 2
                assert max(Counter(lt for lt, _ in shown).values()) <= 2

    def matches(self, state: State) -> bool:
        return self.area == [(state.cards[c].letter, state.cards[c].value) for c in state.area]


def check_table(state: State) -> None:
    assert card_ids(state) == list(range(60))
    in_play = [state.cards[c] for c in state.area]
    assert len(in_play) == 8
    assert sum(1 for c in in_play if c.value > 0) <= 2
    assert max(Counter(c.letter for c in in_play).values()) <= 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    lenient=st.booleans(),
    hourglass=st.booleans(),
    moves=st.lists(st.tuples(st.integers(-1, 6), move_st), max_size=80),
)
def test_random_play_keeps_every_invariant(
    players: int, seed: int, lenient: bool, hourglass: bool, moves: list[tuple[int, Move]]
) -> None:
    options = Options(lenient=lenient, hourglass=hourglass or players == 1, veterans=(0,))
    rules = Rules(LEX, options)
    state, events = rules.new([f"p{i}" for i in range(players)], seed)
    watcher = DrawWatcher()
    watcher.see(events)
    assert watcher.matches(state)
    start = state.to_json()
    journal: list[tuple[int, dict[str, object]]] = []
    check_table(state)
    for seat, move in moves:
        before = state.to_json()
        try:
            state, events = rules.apply(state, seat, move)
        except RuleViolation as exc:
            assert exc.reasons
            assert state.to_json() == before
            continue
        journal.append((seat, move.to_json()))
        watcher.see(events)
        assert watcher.matches(state)
        for event in events:
            # Every event has an English template its params fill, and is JSON for the journal.
            filled(EVENT_KINDS[event.kind], event.params)
            json.dumps(event.to_json())
        check_table(state)
        assert State.from_json(state.to_json()) == state
    # A journal replays to the same game.
    replay = State.from_json(start)
    for seat, data in journal:
        replay, _ = rules.apply(replay, seat, move_from_json(data))
    assert replay.to_json() == state.to_json()


@settings(max_examples=25, deadline=None)
@given(players=st.integers(1, 6), seed=st.integers(0, 2**32), picks=st.randoms())
def test_whole_games_end_after_seven_rounds_with_a_winner(
    players: int, seed: int, picks: object
) -> None:
    import random

    assert isinstance(picks, random.Random)
    rules = Rules(LEX)
    state, events = rules.new([f"p{i}" for i in range(players)], seed)
    watcher = DrawWatcher()
    watcher.see(events)
    used: list[str] = []
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 500
        check_table(state)
        if state.table_decision == "ruling":
            state, events = rules.apply(state, 0, Ruling(picks.random() < 0.5))
            watcher.see(events)
            continue
        seat = min(state.awaiting)
        if state.phase == "writing":
            fresh = [w for w in WORDS if not any(LEX.same_family(w, u) for u in used)]
            word = picks.choice(fresh)
            used.append(word)
            state, events = rules.apply(state, seat, Submit(word))
            watcher.see(events)
            if state.table_decision == "time_up" and picks.random() < 0.3:
                state, events = rules.apply(state, seat, TimeUp())
                watcher.see(events)
        else:
            state, events = rules.apply(state, seat, Done())
            watcher.see(events)
        assert watcher.matches(state)
    res = state.result()
    assert len(state.history) == 7
    assert len(res["scores"]) == players
    if players > 1:
        assert res["winners"] and max(res["scores"]) == res["scores"][res["winners"][0]]
