"""A hint explains itself with what it scores (issue 33 §3: "połóż KOT na H8: 5 pkt").

A child told "K10 ii 5" or "ukradnij 1 BLAZE ROUTED" could not tell a good move from a poor
one. Every game that scores single moves says the points its hint would bring, and they are
the points the rules then give; Alicja scores cups only at a round's end, so its hint is a
word alone.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from braille_words.games.kit import kind_of, points_of
from braille_words.games.registry import find_game
from braille_words.games.word_rummikub.computer import hint as rummikub_hint
from braille_words.games.word_rummikub.rules import EndTurn, Options, Rules, arranged_state
from braille_words.lexicon import Lexicon
from braille_words.present.messages import render

LANGS = ("pl", "en")


def _hint_said(game: str, lexicon: Any, seed: int) -> tuple[Any, Any, Any, int, dict[str, str]]:
    """The first hint a person gets in a new game (after computers' turns until one comes),
    the rules and state it was given in, the seat, and the hint said in each language."""
    kit = find_game(game)
    rules = kit.make_rules(lexicon, {})
    state, _ = rules.new(["Ada", "Bolek"], seed)
    rng = random.Random(seed)
    for _ in range(12):
        seat = min(state.awaiting)
        move = kit.computer.hint(rules, state, seat)
        if move is not None:
            view = state.view_for(seat)
            said = {lang: kit.presenter.describe_move(move, lang, view) for lang in LANGS}
            return rules, state, move, seat, said
        state, _ = rules.apply(state, seat, kit.computer.choose_move(
            rules, state, seat, "medium", rng))
    raise AssertionError(f"no hint in {game}")


def _worth(section: str, points: int) -> dict[str, str]:
    return {lang: render(lang, section, "hint_worth", {"points": points, "line": ""}).strip(
        " :;") for lang in LANGS}


def test_a_scrabble_hint_says_the_points_the_rules_give(polish: Any) -> None:
    rules, state, move, seat, said = _hint_said("scrabble-karty", polish, 3)
    points = points_of(move)
    assert points is not None and points == rules.judge(state, seat, move).points
    assert f"{move.word.upper()} " in said["pl"]
    for lang in LANGS:
        assert _worth("scrabble_cards", points)[lang] in said[lang], said[lang]


def test_a_seven_words_hint_says_the_words_points(polish: Any) -> None:
    _rules, state, move, seat, said = _hint_said("7-slow", polish, 2)
    points = points_of(move)
    assert points is not None and points == state.score_of(seat, move.word)
    assert said["pl"] == render("pl", "seven_words", "hint_word",
                                {"word": move.word.upper(), "points": points,
                                 "typed": move.word.lower()})
    assert said["en"].startswith(f"{move.word.upper()} for {points} point")
    # and the line to type, as Rummikub's hint gives it: the word itself
    assert said["pl"].endswith(f"; napisz: {move.word.lower()}")
    assert said["en"].endswith(f'; type: "{move.word.lower()}"')


def test_a_word_thief_hint_says_the_points_its_move_scores(english: Any) -> None:
    rules, state, move, seat, said = _hint_said("word-thief", english, 3)
    points = points_of(move)
    after, _ = rules.apply(state, seat, move)
    assert points is not None and points == after.scores[seat] - state.scores[seat]
    kind = {"pl": {"best": " — najlepszy ruch",
                   "simpler": " — trudniejsze ruchy są warte więcej"},
            "en": {"best": " — the best move", "simpler": " — harder moves score more"}}
    label = kind_of(move)
    assert label in ("best", "simpler")
    plural = "punkt" if points == 1 else ("punkty" if points % 10 in (2, 3, 4)
                                           and points % 100 not in (12, 13, 14) else "punktów")
    assert said["pl"].endswith(f" i dostajesz {points} {plural}{kind['pl'][label]}")
    assert said["en"].endswith(f" and score {points} point" + ("" if points == 1 else "s")
                               + kind["en"][label])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_word_thief_hint_says_best_only_when_no_steal_scores_more(english: Any,
                                                                   seed: int) -> None:
    """Issue 35: a hint may offer a simpler move than the best, and says which it is."""
    from braille_words.games.word_thief.computer import best_move

    rules, state, move, seat, _said = _hint_said("word-thief", english, seed)
    points, best = points_of(move), best_move(rules, state, seat)
    if points is None:
        return  # a pass: nothing scores, nothing to compare
    assert best is not None
    assert kind_of(move) == ("best" if points >= best[0] else "simpler")


def test_a_rummikub_hint_says_what_the_turn_scores() -> None:
    """ZASZCZYT from SZCZYT and the rack's Z, A: 8 points for the turn, said in the hint."""
    rules = Rules(Lexicon.from_words(["zaszczyt", "szczyt", "kot", "oko"], "pl"), Options())
    state = arranged_state(["zaeeeee", "iiiiiii"], ["szczyt"])
    move = rummikub_hint(rules, state, 0)
    assert move is not None and points_of(move) == 8
    after, _ = rules.apply(state, 0, move)
    ended, _ = rules.apply(after, 0, EndTurn())
    assert ended.scores[0] - state.scores[0] == 8
    presenter = find_game("rummikub").presenter
    view = state.view_for(0)
    assert ": 8 punktów za ruch; napisz:" in presenter.describe_move(move, "pl", view)
    assert ": 8 points for the turn; type:" in presenter.describe_move(move, "en", view)


def test_a_hint_without_points_is_said_as_before(polish: Any) -> None:
    """A move nobody priced (a hand-made one) reads as the line alone: no "?" points."""
    from braille_words.games.seven_words.rules import Submit

    said = find_game("7-slow").presenter.describe_move(Submit("kot"), "pl", None)
    assert said == "KOT"


@pytest.mark.parametrize("game", ["alicja"])
def test_alicja_scores_no_single_word_so_its_hint_names_none(polish: Any, game: str) -> None:
    kit = find_game(game)
    rules = kit.make_rules(polish, {})
    state, _ = rules.new(["Ada", "Bolek", "Celina"], 1)
    for _ in range(8):
        seat = min(state.awaiting)
        move = kit.computer.hint(rules, state, seat)
        if move is not None:
            assert points_of(move) is None
            return
        state, _ = rules.apply(state, seat, kit.computer.fallback_move(rules, state, seat))
