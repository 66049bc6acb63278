"""The 7 słów command language: typed lines in Polish or English become moves, and anything
else becomes a sentence saying what to type instead."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.errors import InputError
from braille_words.games.seven_words.commands import HELP, parse
from braille_words.games.seven_words.rules import (
    Challenge,
    Correct,
    Done,
    Keep,
    Options,
    Rules,
    Ruling,
    Submit,
    TimeUp,
)
from braille_words.lexicon import Lexicon
from braille_words.present.messages import error_text
from braille_words.speech.speaker import plain_game_words


def view(phase: str = "writing") -> dict[str, Any]:
    return {"phase": phase, "seats": ["Ala", "Bartek", "Celina"]}


@pytest.mark.parametrize(
    ("line", "phase", "move"),
    [
        ("Konstantynopolitańczykowianeczka", "writing", Submit("konstantynopolitańczykowianeczka")),
        ("słowo gotowe", "writing", Submit("gotowe")),
        ("word wyzwanie", "writing", Submit("wyzwanie")),
        ("wyzwanie 2", "challenges", Challenge(1)),
        ("challenge 3", "challenges", Challenge(2)),
        ("challenge bartek", "challenges", Challenge(1)),
        ("gotowe", "challenges", Done()),
        ("done", "challenges", Done()),
        ("bez wyzwań", "challenges", Done()),
        ("zostaw l s w n", "writing", Keep(("l", "s", "w", "n"))),
        ("keep lswn", "writing", Keep(("l", "s", "w", "n"))),
        ("popraw snopowiązałka", "correction", Correct("snopowiązałka")),
        ("snopowiązałka", "correction", Correct("snopowiązałka")),
        ("wycofaj", "correction", Correct(None)),
        ("withdraw", "correction", Correct(None)),
        ("ta sama rodzina", "ruling", Ruling(True)),
        ("different family", "ruling", Ruling(False)),
        ("tak", "ruling", Ruling(True)),
        ("nie", "ruling", Ruling(False)),
        ("koniec czasu", "writing", TimeUp()),
        ("słowo czas", "writing", Submit("czas")),
        ("time up", "writing", TimeUp()),
    ],
)
def test_lines_become_moves(line: str, phase: str, move: object) -> None:
    assert parse(line, view(phase)) == move


@pytest.mark.parametrize(
    ("line", "phase", "needle"),
    [
        ("wyzwanie 7", "challenges", "1 do 3"),
        ("challenge", "challenges", "e.g. \"challenge 2\""),
        ("kot", "challenges", "gotowe"),
        ("", "writing", "Type a word"),
        ("słowo", "writing", "słowo"),
        ("kot", "over", "over"),
        ("zostaw", "challenges", "zostaw l s w n"),
        ("zostaw", "writing", "słowo zostaw"),
        ("czas", "writing", "słowo czas"),
        ("gotowe", "writing", "słowo gotowe"),
        ("done", "writing", "word done"),
    ],
)
def test_unusable_lines_say_what_to_type(line: str, phase: str, needle: str) -> None:
    with pytest.raises(InputError) as exc:
        parse(line, view(phase))
    # The error is a code; each seat hears it in its own language, str() is the English.
    said = {lang: error_text(exc.value, lang) for lang in ("pl", "en")}
    assert needle in said["pl"] or needle in said["en"]
    assert said["pl"] != said["en"] and str(exc.value) == said["en"]


def test_every_help_example_parses_in_some_phase() -> None:
    for lang in ("pl", "en"):
        for syntax, text in HELP[lang]:
            assert text
            if syntax in ("o talii", "about the deck"):
                continue  # read by the presenter (tests/games/test_rules_told.py)
            parsed = []
            for phase in ("writing", "challenges", "correction", "ruling"):
                with contextlib.suppress(InputError):
                    parsed.append(parse(plain_game_words(syntax).replace("Ola", "Bartek"),
                                        view(phase)))
            assert parsed, syntax


@settings(max_examples=200, deadline=None)
@given(line=st.text(max_size=40), phase=st.sampled_from(["writing", "challenges", "ruling", "x"]))
def test_garbage_is_a_move_or_an_input_error(line: str, phase: str) -> None:
    try:
        parse(line, view(phase))
    except InputError as exc:
        assert str(exc)


def test_a_typed_game_round_with_the_real_lexicon() -> None:
    # The project's lexicon, in memory: its family heuristic warns, the table decides.
    lex = Lexicon.from_words(["śmiech", "śmiesznie", "oko", "ucho", "echo"])
    rules = Rules(lex, Options())
    state, _ = rules.new(["Ala", "Bartek"], 11)
    for seat, line in ((0, "śmiech"), (1, "oko")):
        state, _ = rules.apply(state, seat, parse(line, state.view_for(seat)))
    for seat in (0, 1):
        state, _ = rules.apply(state, seat, parse("gotowe", state.view_for(seat)))
    state, _ = rules.apply(state, 0, parse("Śmiesznie", state.view_for(0)))
    state, events = rules.apply(state, 1, parse("słowo ucho", state.view_for(1)))
    assert any(e.kind == "family_warning" for e in events)
    state, _ = rules.apply(state, 1, parse("wyzwanie 1", state.view_for(1)))
    assert state.table_decision == "ruling"
    state, _ = rules.apply(state, 1, parse("ta sama rodzina", state.view_for(1)))
    assert state.invalid[0]
