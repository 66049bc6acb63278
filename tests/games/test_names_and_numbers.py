"""Players' names never run together with numbers (issue 33 §1).

"Filiżanki: Komputer 4 13, Komputer 11" could not be read, and the Gąsienica prompt's "3
Komputer 2, 4 Komputer 3" sent a child's token to the wrong player. Default names hold no
digit, every sentence that sets names beside numbers parts them, and a command that takes a
player takes the name as it was heard.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from braille_words.games.alicja.commands import parse as alicja_parse
from braille_words.games.kit import GameKit
from braille_words.games.registry import GAMES, find_game
from braille_words.games.seat_names import find_seat
from braille_words.games.seven_words.commands import parse as seven_parse
from braille_words.present.messages import render
from braille_words.table.seats import parse_players

pytestmark = pytest.mark.xdist_group("names_and_numbers")
"""One worker runs the whole module (``--dist loadgroup``, as setup.sh runs the suite): its
seeded games (``games``, 15-30 s) are played once, not once on each worker."""

KITS = [find_game(game_id) for game_id in GAMES]
READINGS = ("wyniki", "scores", "stojaki", "racks", "filiżanki", "cups", "stół", "table",
            "słowa", "words", "karty", "cards", "runda", "round", "arkusz", "sheet")
"""Reading commands whose answers may list players with numbers; a game ignores the others."""


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_default_name_holds_a_digit(lang: str) -> None:
    people = [seat.name for seat in parse_players(",".join(["human"] * 8), lang)]
    computers = [seat.name for seat in parse_players(",".join(["computer"] * 8), lang)]
    for name in people + computers:
        assert not re.search(r"\d", name), name
    assert len(set(people)) == len(people) and len(set(computers)) == len(computers)
    # A person's default is never a computer's, so a child hears which is which.
    assert not set(people) & set(computers)


def _run_together(sentence: str, names: list[str]) -> list[str]:
    """Where a name and a number meet with only a space (or comma) between them."""
    found = []
    for name in names:
        escaped = re.escape(name)
        found += re.findall(rf"\b{escaped},? \+?-?\d+", sentence)
        found += re.findall(rf"\d+,? {escaped}\b", sentence)
    return found


def _played(kit: GameKit[Any, Any, Any], lexicon: Any, count: int,
            seed: int) -> tuple[list[Any], list[Any]]:
    """A seeded game between computers: its events, and every eighth state with the last."""
    options = {"advanced": True} if kit.id == "alicja" else {}
    rules = kit.make_rules(lexicon, options)
    state, events = rules.new([f"S{i}" for i in range(count)], seed)
    told, states = list(events), [state]
    rng = random.Random(seed)
    for step in range(1, 240):
        if state.is_over:
            break
        if state.awaiting:
            seat = min(state.awaiting)
            move = kit.computer.choose_move(rules, state, seat, "strong", rng)
        else:
            timed = rules.time_up(state)
            assert timed is not None
            seat, move = timed
        state, events = rules.apply(state, seat, move)
        told += events
        if step % 8 == 0:
            states.append(state)
    states.append(state)
    return told, states


def _sentences(kit: GameKit[Any, Any, Any], played: tuple[list[Any], list[Any]],
               names: list[str], lang: str) -> list[str]:
    """Everything the game said: its events at every seat, each seat's prompt and reading
    commands now and then, and the final sentence."""
    events, states = played
    presenter = kit.presenter
    said: list[str] = []
    for event in events:
        for seat in range(len(names)):
            if event.to is not None and seat != event.to:
                continue
            params = dict(event.params)
            params.update(presenter.event_params(event.kind, params, seat, names, lang))
            for verbosity in ("beginner", "expert"):
                said.append(render(lang, kit.id, event.kind, params, verbosity=verbosity,
                                   fallback=kit.event_template(event.kind)))
    for state in states:
        for seat in range(len(names)):
            view = dict(state.view_for(seat), seats=names)
            said.append(presenter.prompt(view, lang, "beginner"))  # type: ignore[arg-type]
            said.extend(filter(None, (presenter.read(low, view, lang, "beginner")  # type: ignore[arg-type]
                                      for low in READINGS)))
            said.append(presenter.final(states[-1].result(), lang, names, seat))
    return said


@pytest.fixture(scope="module")
def games(polish: Any, english: Any) -> dict[str, tuple[list[Any], list[Any]]]:
    return {kit.id: _played(kit, english if kit.word_lang == "en" else polish,
                            max(kit.players[0], 2), seed=4)
            for kit in KITS}


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("kit", KITS, ids=[kit.id for kit in KITS])
def test_every_sentence_parts_names_from_numbers(
    kit: GameKit[Any, Any, Any], lang: str, games: dict[str, Any]
) -> None:
    _events, states = games[kit.id]
    names = [seat.name for seat in parse_players(
        ",".join(["computer"] * len(states[0].view_for(0)["seats"])), lang)]
    said = _sentences(kit, games[kit.id], names, lang)
    assert said
    wrong = [(s, _run_together(s, names)) for s in said if _run_together(s, names)]
    assert not wrong, wrong[:3]


def test_a_player_is_found_by_name_start_or_number() -> None:
    seats = ["Gracz", "Drugi gracz", "Bolek", "Celina"]
    assert find_seat("Bolek", seats) == 2
    assert find_seat("bol", seats) == 2
    assert find_seat("drugi gracz", seats) == 1
    assert find_seat("celina", seats) == 3
    assert find_seat("gracz", seats) == 0  # the whole name, though another ends with it
    assert find_seat("4", seats) == 3
    assert find_seat("5", seats) is None
    assert find_seat("x", seats) is None


def test_caterpillar_takes_the_name_it_was_offered() -> None:
    view = {"seat": 0, "seats": ["Gracz", "Ada", "Bolek", "Celina"], "phase": "theme",
            "current": 1, "themes": [0, 1]}
    assert alicja_parse("gąsienica Bolek", view).target == 2  # type: ignore[union-attr]
    assert alicja_parse("gasienica celina", view).target == 3  # type: ignore[union-attr]


def test_a_seven_words_challenge_takes_a_name() -> None:
    view: Any = {"seat": 0, "seats": ["Gracz", "Drugi gracz", "Ada"], "phase": "challenges"}
    assert seven_parse("wyzwanie Ada", view).target == 2  # type: ignore[union-attr]
    assert seven_parse("wyzwanie drugi gracz", view).target == 1  # type: ignore[union-attr]
