"""A seat hears its own language: a parser's 'Polish / English' message is cut to one half."""

from __future__ import annotations

from typing import Any

from braille_words.errors import in_language


def test_the_seat_hears_only_its_half_even_when_each_quotes_an_example_with_a_slash() -> None:
    both = "Głosuj. Na przykład: tak / nie / Vote. For example: yes / no"
    assert in_language(both, "pl") == "Głosuj. Na przykład: tak / nie"
    assert in_language(both, "en") == "Vote. For example: yes / no"
    assert in_language("Nie znam „x”. / Unknown 'x'.", "en") == "Unknown 'x'."


def test_a_message_that_is_not_two_halves_is_said_whole() -> None:
    assert in_language("one / two / three", "pl") == "one / two / three"
    assert in_language("no slash here", "en") == "no slash here"
    assert in_language(" / trailing", "pl") == " / trailing"


def test_an_unknown_command_is_answered_in_polish_only(make_table: Any) -> None:
    session, streams = make_table()
    seat = min(session.state.awaiting)
    session.handle(seat, "karty")
    said = streams[seat].getvalue()
    assert "Nie znam polecenia „karty”" in said and "Unknown command" not in said
