"""Rummikub's end says where the points came from (issue 33 §5): "Wyniki: Gracz 91,
Komputer 114" left a child whose running total was 87 wondering. By the rulebook's scoring:
each turn scores its longest word, a turn that empties the rack is doubled, a joker left on
the rack costs points."""

from __future__ import annotations

from braille_words.games.registry import find_game
from braille_words.games.word_rummikub.rules import (
    EndTurn,
    Options,
    Rebuild,
    Rules,
    State,
    arranged_state,
)
from braille_words.lexicon import Lexicon


def test_the_final_scores_say_a_joker_penalty_beside_the_score_it_lowered() -> None:
    said = find_game("rummikub").presenter.final(
        {"scores": [91, 84], "penalties": [0, 30], "winners": [0], "words_scored": [12, 15],
         "doubled": [4, 0], "longest": ["KOMPUTER", "SZYSZKA"]}, "pl", ["Gracz", "Ada"], 0)
    assert ("Wyniki: Gracz: 91 (12 słów za 87 punktów, najdłuższe KOMPUTER, podwójne punkty "
            "za wyłożenie wszystkich płytek: plus 4); Ada: 84 (15 słów za 114 punktów, "
            "najdłuższe SZYSZKA, kara za jokery na stojaku: minus 30).") in said


def test_a_save_from_before_the_turns_were_counted_still_says_the_penalty() -> None:
    said = find_game("rummikub").presenter.final(
        {"scores": [91, 84], "penalties": [0, 30], "winners": [0]}, "en", ["Gracz", "Ada"], 0)
    assert "Gracz: 91 (91 for words); Ada: 84 (114 for words, minus 30 for jokers left on " \
        "the rack)" in said


def _ended_by_emptying_the_rack() -> State:
    rules = Rules(Lexicon.from_words(["zaszczyt", "szczyt", "kot"], "pl"), Options())
    state = arranged_state(["za", "iiiiiii"], ["szczyt"], bank="")
    state, _ = rules.apply(state, 0, Rebuild((0,), None, ("zaszczyt",), end=False))
    state, _ = rules.apply(state, 0, EndTurn())
    return state


def test_the_last_turn_doubled_for_an_empty_rack_is_said_at_the_end() -> None:
    state = _ended_by_emptying_the_rack()
    assert state.over and state.scores[0] == 16
    presenter = find_game("rummikub").presenter
    pl = presenter.final(state.result(), "pl", ["Ola", "Komputer"], 0)
    assert "Ola: 16 (1 słowo za 8 punktów, najdłuższe ZASZCZYT, podwójne punkty za " \
        "wyłożenie wszystkich płytek: plus 8)" in pl
    assert "Komputer: 0 (bez słów)" in pl
    en = presenter.final(state.result(), "en", ["Ola", "Computer"], 0)
    assert "Ola: 16 (1 word for 8 points, the longest ZASZCZYT, doubled for laying every " \
        "tile: plus 8)" in en


def test_the_tallies_survive_a_save() -> None:
    state = _ended_by_emptying_the_rack()
    again = State.from_json(state.to_json())
    assert again == state and again.tally(0) == (1, 8, "zaszczyt")
