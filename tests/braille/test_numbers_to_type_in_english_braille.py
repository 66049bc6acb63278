"""Numbers a player types read as separate numbers on an English reader's cells (issue 38's
follow-up). UEB writes a space between digits as the numeric space, dot 5, which keeps the
numeric mode: liblouis wrote "put 3 2 1" as ⠼⠉⠐⠃⠐⠁, one number to a reader, where the player
types three. In what a player types (quoted text in the catalogues: commands, hints, every
"for example") and in every other English sentence each number stands alone, ⠼⠉⠀⠼⠃⠀⠼⠁,
in grade 2 as in grade 1; the real liblouis draws every line here."""

from __future__ import annotations

import re

import pytest

from braille_words.braille import Mode, text_line, text_to_cells, to_unicode
from braille_words.braille.translator import cells_to_text
from braille_words.present.messages import render

_NUMERIC_SPACE = "⠐"
_SEPARATE_3_2_1 = "⠼⠉⠀⠼⠃⠀⠼⠁"
_GRADES = [Mode.LITERARY, Mode.UNCONTRACTED]
_JOINED_NUMBERS = re.compile("⠼[⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚]+⠐[⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚]")
"""Digits, the numeric space and digits again: numbers a reader reads as one."""


@pytest.mark.parametrize("mode", _GRADES)
@pytest.mark.parametrize("quoted", ["'put 3 2 1'", '"put 3 2 1"', "“put 3 2 1”"])
def test_numbers_in_a_command_to_type_are_separate_numbers(mode: Mode, quoted: str) -> None:
    shown = to_unicode(text_to_cells(f"Type {quoted}.", "en", mode))
    assert _SEPARATE_3_2_1 in shown
    assert "⠼⠉⠐⠃" not in shown


@pytest.mark.parametrize("mode", _GRADES)
def test_a_number_closing_typed_text_is_followed_by_a_quotation_mark_not_a_ditto(
    mode: Mode,
) -> None:
    """In grade 1 a straight " after a digit was the ditto mark (⠠⠶), and a straight ' an
    apostrophe: typed text in grade 1 has UEB's quotation marks as in grade 2."""
    assert to_unicode(text_to_cells('say "swap 1 4" now', "en", mode)).startswith(
        "⠎⠁⠽⠀⠦⠎⠺⠁⠏⠀⠼⠁⠀⠼⠙⠴⠀")
    assert "⠠⠦⠏⠥⠞⠀⠼⠉⠀⠼⠃⠀⠼⠁⠠⠴" in to_unicode(text_to_cells("type 'put 3 2 1'", "en", mode))


def test_numbers_in_a_help_line_are_separate_numbers_unquoted_too() -> None:
    """Card Scrabble's help lists its commands unquoted ("…; pass; exchange 1 3 5; …"): no
    English sentence of ours groups a number's digits with spaces, so every space between
    numbers parts two."""
    for mode in _GRADES:
        shown = to_unicode(text_to_cells("Game commands: pass; exchange 1 3 5; accept.", "en",
                                         mode))
        assert "⠼⠁⠀⠼⠉⠀⠼⠑" in shown
        assert not _JOINED_NUMBERS.search(shown)


def test_a_routing_key_on_each_typed_number_points_at_that_number() -> None:
    text = 'Type "put 3 2 1".'
    line = text_line(text, "en", name="message")
    shown = to_unicode(line.cells())
    start = shown.index(_SEPARATE_3_2_1)
    # each numeric indicator and its digit point at the digit; a blank, as every gap between
    # Braille words, at nothing
    targets = [line.target_at(start + i) for i in range(len(_SEPARATE_3_2_1))]
    digit = text.index("3")
    assert targets == [None if i is None else ("message", digit + i)
                       for i in (0, 0, None, 2, 2, None, 4, 4)]


def test_the_cells_of_a_typed_command_read_back_as_the_command() -> None:
    """What a grade 1 keyboard user copies from the cells is the command to type."""
    cells = text_to_cells('"put 3 2 1"', "en", Mode.UNCONTRACTED)
    assert cells_to_text(cells[1:-1], "en", Mode.UNCONTRACTED) == "put 3 2 1"


@pytest.mark.parametrize(("game", "key", "params", "numbers"), [
    ("word_rummikub", "unknown_verb", {"word": "x"}, "⠼⠉⠀⠼⠑⠀⠼⠛"),
    ("word_rummikub", "joker_letter_needed", {}, "⠼⠙⠀⠼⠃⠀⠼⠁"),
    ("word_rummikub", "new_needs_tiles", {"word_lang": "en"}, "⠼⠉⠀⠼⠑⠀⠼⠛"),
    ("word_rummikub", "joker_letter_or_tile", {}, "⠼⠃⠀⠼⠉⠀⠼⠑"),
    ("word_rummikub", "one_equals", {"word_lang": "en"}, "⠼⠃⠀⠼⠉"),
    ("word_rummikub", "hint_rebuild", {"words": "-", "taken": "", "count": 0, "worth": "",
                                       "command": "put 2 1 4"}, "⠼⠃⠀⠼⠁⠀⠼⠙"),
    ("scrabble_cards", "nothing_exchanged", {}, "⠼⠁⠀⠼⠉⠀⠼⠑"),
    ("scrabble_cards", "card_numbers", {}, "⠼⠁⠀⠼⠉⠀⠼⠑"),
    ("scrabble_cards", "hint_exchange", {"many": "yes", "cards": "Q, V",
                                         "line": "exchange 2 6"}, "⠼⠃⠀⠼⠋"),
])
@pytest.mark.parametrize("mode", _GRADES)
def test_every_english_example_and_hint_of_numbers_shows_separate_numbers(
    mode: Mode, game: str, key: str, params: dict[str, object], numbers: str
) -> None:
    said = render("en", game, key, params)
    shown = to_unicode(text_to_cells(said, "en", mode))
    assert numbers in shown, said
    assert not _JOINED_NUMBERS.search(shown), said
