"""Word Thief's cards are read as English letter names, and typed either way (issue 33 §5)."""

from __future__ import annotations

from typing import Any

from braille_words.games.word_thief.commands import parse
from braille_words.games.word_thief.rules import Pass

VIEW: Any = {"seat": 0, "seats": ["Gracz", "Ada"]}


def test_a_pass_takes_the_cards_by_the_names_the_hand_is_read_with() -> None:
    assert parse("pas ex zed cue", VIEW) == Pass(("x", "z", "q"))
    assert parse("pass bee, double u, zee", VIEW) == Pass(("b", "w", "z"))
    assert parse("pas x z q", VIEW) == Pass(("x", "z", "q"))
    assert parse("pas xzq", VIEW) == Pass(("x", "z", "q"))
