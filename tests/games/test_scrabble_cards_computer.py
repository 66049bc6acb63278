"""Scrabble karty's computer player and hint, over the move generator."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from scrabble_reference import board_words, mid_game

from braille_words.games.scrabble_cards.commands import parse, to_command
from braille_words.games.scrabble_cards.computer import (
    JUDGED,
    Computer,
    QuickScore,
    choose_move,
    lay_of,
    placements,
    scored_moves,
    shortlist,
)
from braille_words.games.scrabble_cards.rules import (
    Accept,
    Against,
    Check,
    Exchange,
    Lay,
    Options,
    Pass,
    Rules,
    State,
)

SEATS = ["Ola", "Jan"]


def game(polish: Any, hands: list[str], board: tuple[str, ...] = (), bag: str | None = None,
         **options: Any) -> tuple[Rules, State]:
    rules = Rules(polish, Options(**options))
    position: dict[str, Any] = {"hands": hands, "board": list(board)}
    if bag is not None:
        position["bag"] = bag
    state, _ = rules.from_position(SEATS, 3, position)
    return rules, state


def test_the_strong_computer_plays_the_move_worth_most(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    moves = scored_moves(rules, state, 0, "strong")
    move = choose_move(rules, state, 0, "strong", random.Random(1))
    assert isinstance(move, Lay) and moves[0][1] == move
    assert all(points <= moves[0][0] for points, _ in moves)


def test_the_first_word_goes_through_the_centre_and_every_move_is_legal(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    for _points, lay in scored_moves(rules, state, 0, "medium")[:40]:
        rules.judge(state, 0, lay)


def test_a_conditional_card_goes_with_a_move_that_meets_it(polish: Any) -> None:
    rules, state = game(polish, ["k a j a k palindrome", "d o m"])
    move = choose_move(rules, state, 0, "strong", random.Random(1))
    assert isinstance(move, Lay) and move.extras == (5,)


def test_a_computer_rival_checks_a_word_its_lexicon_lacks(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k k a", "d o m"])
    wrong, _ = rules.apply(state, 0, Lay(7, 7, True, "kotekk"))
    assert choose_move(rules, wrong, 1, "beginner", random.Random(1)) == Check()
    right, _ = rules.apply(state, 0, Lay(7, 7, True, "kotek"))
    assert choose_move(rules, right, 1, "strong", random.Random(1)) == Accept()


def test_a_computer_rival_plays_a_conditional_card_against_a_move(polish: Any) -> None:
    rules, state = game(polish, ["k a j a k", "d o m palindrome"])
    state, _ = rules.apply(state, 0, Lay(7, 7, True, "kajak"))
    assert choose_move(rules, state, 1, "medium", random.Random(1)) == Against(3)
    assert choose_move(rules, state, 1, "beginner", random.Random(1)) == Accept()


def test_with_no_move_it_exchanges_while_it_may_else_passes(polish: Any) -> None:
    rules, state = game(polish, ["ń ź", "d o m"], board=("8H ij",))
    assert not scored_moves(rules, state, 0, "strong")
    assert choose_move(rules, state, 0, "strong", random.Random(1)) == Exchange((0, 1))
    rules, state = game(polish, ["ń ź", "d o m"], board=("8H ij",), bag="abc")
    assert choose_move(rules, state, 0, "strong", random.Random(1)) == Pass()


def test_the_hint_is_a_line_to_type(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    hint = Computer().hint(rules, state, 0)
    assert hint is not None
    view = state.view_for(0)
    for lang in ("pl", "en"):
        assert parse(to_command(hint, view, lang), view) == hint


def test_a_game_between_computers_finishes(polish: Any) -> None:
    rules = Rules(polish, Options())
    state, _ = rules.new(SEATS, 11)
    rng = random.Random(11)
    for _ in range(600):
        if state.over:
            break
        seat = min(state.awaiting)
        state, _ = rules.apply(state, seat, choose_move(rules, state, seat, "medium", rng))
    assert state.over


def test_the_hint_to_a_rival_is_its_answer(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k k a", "d o m"])
    wrong, _ = rules.apply(state, 0, Lay(7, 7, True, "kotekk"))
    assert Computer().hint(rules, wrong, 1) == Check()
    assert Computer().hint(rules, wrong, 0) is None


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_cheap_score_is_the_rules_score_of_a_move_without_premium_cards(
    polish: Any, seed: int
) -> None:
    """Every word formed at its letter values, blanks (laid now or already on the table)
    worth 0: the computer ranks the placements by it and lets the rules judge the best."""
    rows, hand = mid_game(seed, polish, blanks=2)
    rules, state = game(polish, [" ".join(hand), "d o m"], tuple(board_words(rows)))
    blank_move = next(p for p in shortlist(rules, state, 0, "strong") if p.blanks)
    state, _ = rules.apply(state, 0, lay_of(blank_move))  # a blank now on the table
    state, _ = rules.apply(state, 1, Accept())
    state, _ = rules.apply(state, 1, Pass())
    quick = QuickScore(rules, state, 0, "beginner")
    for placement in shortlist(rules, state, 0, "strong")[::7]:
        assert quick(placement) == rules.judge(state, 0, lay_of(placement)).points


def test_the_first_word_is_scored_double_by_the_cheap_score_too(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k ? a", "d o m"])
    quick = QuickScore(rules, state, 0, "strong")
    for placement in shortlist(rules, state, 0, "strong")[::50]:
        assert quick(placement) == rules.judge(state, 0, lay_of(placement)).points


def test_a_word_premium_the_computer_adds_is_in_the_cheap_score(polish: Any) -> None:
    rules, state = game(polish, ["w ó d k a ż x2", "k o t"], ("8H kot",))
    move = choose_move(rules, state, 0, "medium", random.Random(1))
    assert isinstance(move, Lay) and move.extras == (6,)
    quick = QuickScore(rules, state, 0, "medium")
    best = max(placements(rules, state, 0), key=quick)
    assert quick(best) == rules.judge(state, 0, replace(lay_of(best), extras=(6,))).points


@pytest.mark.parametrize("seed", [3, 4])
def test_judging_only_the_cheap_scores_best_finds_the_best_move(polish: Any, seed: int) -> None:
    """With no conditional card in hand (which the cheap score leaves out), the few
    placements judged in full hold the move worth most of all."""
    rows, hand = mid_game(seed, polish, blanks=1)
    rules, state = game(polish, [" ".join(hand), "d o m"], tuple(board_words(rows)))
    every = scored_moves(rules, state, 0, "strong")
    best = scored_moves(rules, state, 0, "strong", JUDGED["strong"])
    assert best[0][0] == every[0][0] and len(best) == min(len(every), JUDGED["strong"])


def test_a_hint_forms_no_rare_word_across_when_a_move_without_one_exists(polish: Any) -> None:
    """Played by hints: "połóż GRAŁA…", then "Także AJE: 5 punktów. Także ŁAJ: 7 punktów.",
    and a medium computer's WY made YH: every word a hint or a medium move forms is one the
    level knows, when the hand has such a move (else the best with a rarer word across)."""
    from braille_words.games.scrabble_cards.computer import Computer, common
    from braille_words.games.scrabble_cards.rules import Lay, Options, Rules

    rules = Rules(polish, Options())
    state, _ = rules.from_position(["Ola", "Jan"], 3, {
        "hands": ["c a h r ł g a", "k"], "board": ["H4 jasną", "8D sceną", "I4 ej"]})
    move = Computer().hint(rules, state, 0)
    assert isinstance(move, Lay)
    words = [w.word.lower() for w in rules.judge(state, 0, move).words]
    assert len(words) > 1 and all(common(rules, "medium", w) for w in words), words
