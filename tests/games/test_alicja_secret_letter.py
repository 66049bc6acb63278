"""The secret letter is laid as the prompt says it: ``bilet +e`` (issue 33 §5).

The prompt said to type "klaun +litera" literally, which nobody guesses; a child's
``bilet +e`` became the word "BILET +E"."""

from __future__ import annotations

import pytest

from braille_words.errors import InputError
from braille_words.games.alicja.commands import parse
from braille_words.games.alicja.moves import Say
from braille_words.games.alicja.presenter import abilities_sentence
from braille_words.present.messages import error_text as render_error


def _view(secret: str | None) -> dict[str, object]:
    return {"seat": 0, "seats": ["Gracz", "Ada", "Bolek"], "phase": "talk", "current": 0,
            "awaiting": [0], "secret": secret, "round": 1, "teapot": 2}


def test_the_secret_letter_typed_after_a_plus_lays_it() -> None:
    move = parse("bilet +e", _view("e"))
    assert isinstance(move, Say) and move.text == "bilet" and move.lay
    assert parse("bilet +litera", _view("e")) == move  # the old mark still works


def test_another_letter_after_a_plus_says_which_is_the_secret_one() -> None:
    """"bilet +e" with K the secret letter was said as the word BILET +E and voted out."""
    with pytest.raises(InputError) as exc:
        parse("bilet +e", _view("k"))
    assert render_error(exc.value, "pl") == "Twoja tajna litera to K: napisz na przykład bilet +K."
    assert render_error(exc.value, "en") == (
        'Your secret letter is K: write, for example, "bilet +K".')
    with pytest.raises(InputError) as exc:
        parse("bilet+e", _view(None))
    assert render_error(exc.value, "pl") == "Nie masz tajnej litery do położenia."


def test_a_word_with_a_plus_inside_is_still_a_word() -> None:
    move = parse("c++", _view(None))
    assert isinstance(move, Say) and not move.lay


def test_the_prompt_says_the_letter_and_how_to_lay_it() -> None:
    view = {**_view("e"), "characters": ["rabbit", "cat", "queen"], "active": [0, 1, 2],
            "sideways": [], "tokens": [0, 0, 0], "just": None}
    said = abilities_sentence(view, "pl", "beginner")
    assert "słowo i +E" in said
    # Said at every turn: short, and no example word off the theme ("klaun +E" on
    # vegetables, a dozen times in a round at 40 cells).
    assert len(said) < 70 and "klaun" not in said
