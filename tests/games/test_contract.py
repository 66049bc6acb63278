"""The game contract, checked over every registered game the same way.

Every game runs in every word language it is played in (``--words``: Polish and English for
all but Word Thief). Whatever a game is, the table relies on this: every event and reason it
can produce has a Polish and an English sentence; states and moves survive JSON (the
journal); a seat's view and its computer player's choice do not depend on anything that seat
may not know; what a hint says can be typed back; and a seeded game between computers
finishes.
"""

from __future__ import annotations

import json
import random
import unicodedata
from typing import Any

import pytest

from braille_words.games.kit import GameKit
from braille_words.games.registry import GAMES, every_word_language
from braille_words.present.messages import lookup

pytestmark = pytest.mark.xdist_group("contract")
"""One worker runs the whole module (``--dist loadgroup``, as setup.sh runs the suite): its
seeded games (``games``, a minute of CPU) are played once, not once on each worker."""

KITS = every_word_language()
IDS = [kit.id if kit.word_lang == GAMES[kit.id].word_lang else f"{kit.id}-words={kit.word_lang}"
       for kit in KITS]
_ID = {id(kit): name for kit, name in zip(KITS, IDS, strict=True)}
MAX_STEPS = 3000
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "alicja": [{"advanced": True}],
    "scrabble_cards": [{"check": "immediate"}],
}
"""Option sets played beside each game's defaults: the ones that change what the rules do."""
PLAYS = [(kit, {}) for kit in KITS] + [
    (kit, options) for kit in KITS for options in VARIANTS.get(kit.id, [])]
PLAY_IDS = [_ID[id(kit)] + "".join(f"-{k}={v}" for k, v in options.items())
            for kit, options in PLAYS]
PLAY_PARAMS = [pytest.param(kit, play_id, id=play_id)
               for (kit, _options), play_id in zip(PLAYS, PLAY_IDS, strict=True)]


def _play(kit: GameKit[Any, Any, Any], lexicon: Any, seed: int, players: int,
          options: dict[str, Any]) -> list[Any]:
    """Every (state, seat, move) of a seeded game between strong computers, and the last state."""
    rules = kit.make_rules(lexicon, options)
    state, _ = rules.new([f"C{i + 1}" for i in range(players)], seed)
    steps: list[Any] = []
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        if state.awaiting:
            seat = min(state.awaiting)
        elif rules.table_must_decide(state):
            seat = 0
        else:
            timed = rules.time_up(state)
            assert timed is not None, "the game waits for nobody and has no time-up move"
            seat, move = timed
            steps.append((state, seat, move))
            state, _ = rules.apply(state, seat, move)
            continue
        move = kit.computer.choose_move(rules, state, seat, "strong", rng)
        steps.append((state, seat, move))
        state, _ = rules.apply(state, seat, move)
    steps.append((state, None, None))
    return steps


@pytest.fixture(scope="module")
def games(polish: Any, english: Any) -> dict[str, tuple[Any, list[Any]]]:
    played: dict[str, tuple[Any, list[Any]]] = {}
    for (kit, options), play_id in zip(PLAYS, PLAY_IDS, strict=True):
        low, high = kit.players
        players = max(2, low) if high >= 2 else low
        lexicon = english if kit.word_lang == "en" else polish  # the game's word language
        played[play_id] = (kit.make_rules(lexicon, options),
                           _play(kit, lexicon, 5, players, options))
    return played



@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_every_event_and_reason_has_a_sentence_in_both_languages(
    kit: GameKit[Any, Any, Any], lang: str
) -> None:
    keys = [*kit.event_kinds, *kit.reason_codes]
    assert keys, "a game declares its event kinds and reason codes"
    missing = [k for k in keys if lookup(lang, kit.id, k) is None]
    assert not missing, f"{kit.id} has no {lang} sentence for: {', '.join(missing)}"


@pytest.mark.slow
@pytest.mark.parametrize(("kit", "play"), PLAY_PARAMS)
def test_a_seeded_game_between_computers_finishes(
    kit: GameKit[Any, Any, Any], play: str, games: dict[str, tuple[Any, list[Any]]]
) -> None:
    _rules, steps = games[play]
    last = steps[-1][0]
    assert last.is_over, f"not over after {MAX_STEPS} moves"
    assert json.dumps(last.result())


@pytest.mark.slow
@pytest.mark.parametrize(("kit", "play"), PLAY_PARAMS)
def test_states_and_moves_survive_json(
    kit: GameKit[Any, Any, Any], play: str, games: dict[str, tuple[Any, list[Any]]]
) -> None:
    rules, steps = games[play]
    for state, _seat, move in steps:
        assert rules.state_from_json(json.loads(json.dumps(state.to_json()))) == state
        if move is not None:
            assert rules.move_from_json(json.loads(json.dumps(move.to_json()))) == move


@pytest.mark.slow
@pytest.mark.parametrize(("kit", "play"), PLAY_PARAMS)
def test_a_seat_learns_nothing_it_may_not_know(
    kit: GameKit[Any, Any, Any], play: str, games: dict[str, tuple[Any, list[Any]]]
) -> None:
    """Change only what a seat may not know: its view and its computer's move stay the same."""
    rules, steps = games[play]
    rng = random.Random(1)
    for number, (state, mover, _move) in enumerate(steps):
        for seat in range(len(state.view_for(0)["seats"])):
            other = rules.hidden_variant(state, seat, rng)
            assert other.view_for(seat) == state.view_for(seat), f"step {number}, seat {seat}"
        if mover is not None and mover in state.awaiting and number % 5 == 0:
            other = rules.hidden_variant(state, mover, rng)
            here = kit.computer.choose_move(rules, state, mover, "medium", random.Random(number))
            there = kit.computer.choose_move(rules, other, mover, "medium", random.Random(number))
            assert here == there, f"step {number}: the computer's move depends on hidden tiles"


@pytest.mark.slow
@pytest.mark.parametrize(("kit", "play"), PLAY_PARAMS)
def test_every_move_can_be_typed_back(
    kit: GameKit[Any, Any, Any], play: str, games: dict[str, tuple[Any, list[Any]]]
) -> None:
    _rules, steps = games[play]
    for state, seat, move in steps:
        if move is None:
            continue
        view = state.view_for(seat)
        for lang in ("pl", "en"):
            line = kit.commands.to_command(move, view, lang)
            assert kit.commands.parse(line, view) == move, f"{lang}: {line!r}"
            # Typed in capitals and decomposed (as some keyboards and Braille input send it),
            # the same move: parsing is where words are normalised, once, since the lexicon's
            # hot path (``contains``) takes them in its own form.
            typed = unicodedata.normalize("NFD", line.upper())
            assert kit.commands.parse(typed, view) == move, f"{lang}: {typed!r}"


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_every_game_has_help_in_both_languages(kit: GameKit[Any, Any, Any]) -> None:
    for lang in ("pl", "en"):
        assert kit.commands.help(lang)


READING_TRIES = ("stojak", "rack", "stół", "table", "wyniki", "scores", "bank", "kto", "stojaki",
                 "ręka", "hand", "karty", "słowo 1", "płytka 1", "litera 1 1", "pole a 1",
                 "zasady", "zasady 2", "wartości", "dobierz", "pas", "xyzzy", "")


@pytest.mark.slow
@pytest.mark.parametrize(("kit", "play"), PLAY_PARAMS)
def test_a_game_says_a_line_is_a_reading_command_exactly_when_it_answers_it(
    kit: GameKit[Any, Any, Any], play: str, games: dict[str, tuple[Any, list[Any]]]
) -> None:
    # The table asks ``reads`` of every line, and words the answer only for a seat at this
    # computer: a quicker ``reads`` must agree with ``read`` on every line.
    _rules, steps = games[play]
    presenter = kit.presenter
    for state, _seat, _move in steps[:: max(1, len(steps) // 5)]:
        view = state.view_for(0)
        for low in READING_TRIES:
            for lang in ("pl", "en"):
                answered = presenter.read(low, view, lang, "expert") is not None
                assert presenter.reads(low, view, lang) == answered, (low, lang)
