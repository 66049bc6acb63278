"""One checker for game options, seat settings, rosters and position files: a teacher's
mistake is refused before the game with a sentence naming the setting and what it takes."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.options import OptionError, check_options
from braille_words.games.seven_words.rules import Options as SevenOptions
from braille_words.games.word_rummikub.position import from_position
from braille_words.games.word_rummikub.rules import Options, Rules
from braille_words.table.seats import SeatConfig, apply_seat_option


def test_settings_typed_on_a_command_line_become_values() -> None:
    opts = check_options(Options, "Rummikub", {"move_limit_seconds": "60", "theme": "zwierzęta"})
    assert opts.move_limit_seconds == 60 and opts.theme == "zwierzęta"
    seven = check_options(SevenOptions, "7 słów", {"hourglass": "nie", "veterans": "0, 2"})
    assert seven.hourglass is False and seven.veterans == (0, 2)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"move_limit_seconds": "sixty"}, "move_limit_seconds must be a whole number"),
        ({"move_limit_seconds": -5}, "of 0 or more"),
        ({"move_limit_seconds": True}, "True is not"),
        ({"moev_limit_seconds": 60}, "did you mean move_limit_seconds?"),
        ({"lang": "de"}, "one of: pl, en"),
    ],
)
def test_a_rummikub_option_mistake_is_named(data: dict[str, Any], said: str) -> None:
    with pytest.raises(OptionError, match="Rummikub") as caught:
        Options.from_json(data)
    assert said in str(caught.value)


def test_a_seven_words_level_lists_the_levels() -> None:
    with pytest.raises(OptionError, match="solo_level must be one of: easy, medium, hard"):
        SevenOptions.from_json({"solo_level": "impossible"})


def test_seat_settings_use_the_same_checker() -> None:
    with pytest.raises(OptionError, match="level must be one of: beginner, medium, strong"):
        SeatConfig("Ola", level="grandmaster")
    seats = [SeatConfig("Ola"), SeatConfig("Jan")]
    with pytest.raises(OptionError, match="did you mean display"):
        apply_seat_option(seats, "1:dispaly=baum:/dev/ttyUSB0")
    with pytest.raises(OptionError, match="need name"):
        SeatConfig.from_json({"kind": "human"})


class _Words:
    def contains(self, word: str) -> bool:
        return word in {"kot", "dom", "szczyt"}


@pytest.mark.parametrize(
    ("position", "said"),
    [
        ({"racks": ["kot", "dom"], "current": True}, "current must be a whole number"),
        ({"racks": ["", ""]}, "Rack 1 of the exercise is empty"),
        ({"racks": ["kot", "dom"], "table": ["abab"]}, "ABAB, is not in the dictionary"),
        ({"racks": ["qvx", "dom"]}, "'Q', which is not a Polish letter tile"),
        ({"racks": "kot"}, "racks must be a list of texts"),
        ({"racks": ["kot"]}, "one rack for each of the 2 players"),
    ],
)
def test_a_position_that_cannot_be_played_is_refused(position: dict[str, Any], said: str) -> None:
    with pytest.raises(OptionError if "must be" in said else Exception) as caught:
        from_position(Rules(_Words()), ["Ola", "Jan"], 1, position)
    assert said in str(caught.value)


def test_a_playable_position_with_a_joker_on_the_table_is_set_up() -> None:
    state, _events = from_position(
        Rules(_Words()), ["Ola", "Jan"], 1, {"racks": ["ab?", "dom"], "table": ["?kot"]}
    )
    assert [c.letter for c in state.table[0]] == ["k", "o", "t"]
