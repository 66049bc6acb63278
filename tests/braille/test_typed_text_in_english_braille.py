"""What a player must type is written letter for letter on an English reader's cells, in UEB
grade 2 as in grade 1 (issue 38): a hint's "type: acknowledging" came out with its "now",
"ed" and "ing" signs, and a Braille keyboard user types grade 1. The catalogues quote what a
player types ("type 'done'", a hint's 'type: "h4 basic"'); quoted text is spelled as played
words in capitals are, and everything else in the sentence stays contracted."""

from __future__ import annotations

import pytest

from braille_words.braille import Mode, text_line, text_to_cells, to_unicode
from braille_words.present.messages import render


def _spelled(text: str) -> bytes:
    """``text`` as a grade 1 reader reads it: every letter its own cell."""
    return text_to_cells(text, "en", Mode.UNCONTRACTED)


def test_a_quoted_word_to_type_is_spelled_in_a_contracted_sentence() -> None:
    cells = text_to_cells('Hint: type: "acknowledging"', "en")
    assert _spelled("acknowledging") in cells
    # the same word unquoted is contracted, as a sentence's words are
    assert _spelled("acknowledging") not in text_to_cells("acknowledging", "en")


def test_single_and_double_quotes_both_mark_what_to_type() -> None:
    cells = text_to_cells("Type e.g. 'put 3 2 1', 'done' or \"knowledge\".", "en")
    assert _spelled("done") in cells
    assert _spelled("knowledge") in cells
    assert to_unicode(text_to_cells("done", "en")) == "⠙⠐⠕"  # unquoted: d + "one"


def test_an_apostrophe_opens_no_quote_and_the_sentence_stays_contracted() -> None:
    """Ada's, players' and don't hold apostrophes, not quotes: nothing after them is spelled."""
    sentence = "Ada's turn: the players' knowledge; don't"
    assert _spelled("knowledge") not in text_to_cells(sentence, "en")
    assert to_unicode(text_to_cells("the players' knowledge", "en")).endswith("⠄⠀⠅")


def test_a_routing_key_on_a_spelled_letter_of_typed_text_points_at_that_letter() -> None:
    text = 'type: "knowledge"'
    line = text_line(text, "en", name="message")
    cells = line.cells()
    start = cells.index(_spelled("knowledge"))
    assert [line.target_at(start + i) for i in range(3)] == [
        ("message", text.index("k") + i) for i in range(3)]


@pytest.mark.parametrize(("game", "key", "params", "typed"), [
    # (the word played, in capitals and spelled anyway, left out: the typed part is checked)
    ("seven_words", "hint_word", {"word": "-", "points": 24,
                                  "typed": "acknowledging"}, "acknowledging"),
    ("word_rummikub", "hint_rebuild", {"words": "-", "taken": "", "count": 0,
                                       "worth": "", "command": "= therefore"}, "therefore"),
    ("scrabble_cards", "hint_lay", {"word": "-", "across": "yes", "square": "H4",
                                    "with_cards": "", "worth": "", "line": "H4 stand"},
     "H4 stand"),
    ("word_thief", "hint_worth", {"line": "lay outstanding", "points": 9, "kind": ""},
     "lay outstanding"),
    ("alicja", "hint_line", {"line": "say ship"}, "say ship"),
    ("scrabble_cards", "your_verdict", {"player": "Ada", "word": "-", "immediate": "no"},
     "check"),
    ("common", "for_example", {"example": "challenge 2"}, "challenge 2"),
    ("seven_words", "command_as_word", {"word": "done"}, "word done"),
    ("seven_words", "challenges_now", {}, "challenge"),
    ("seven_words", "ruling_now", {}, "different family"),
])
def test_every_english_hint_and_what_to_type_reach_the_cells_letter_for_letter(
    game: str, key: str, params: dict[str, object], typed: str
) -> None:
    said = render("en", game, key, params)
    assert typed in said
    assert _spelled(typed) in text_to_cells(said, "en"), said


def test_the_quotes_around_what_to_type_are_ueb_quotation_marks() -> None:
    """liblouis reads a straight ' as an apostrophe (⠄done⠄) and a straight " closing
    uncontracted text as the ditto mark (⠦done⠠⠶): the cells show UEB's quotation marks."""
    assert to_unicode(text_to_cells('say "done" now', "en")) == "⠎⠁⠽⠀⠦⠙⠕⠝⠑⠴⠀⠝⠪"
    assert to_unicode(text_to_cells("say 'done' now", "en")) == "⠎⠁⠽⠀⠠⠦⠙⠕⠝⠑⠠⠴⠀⠝⠪"
    line = text_line("say 'done' now", "en", name="message")
    assert line.target_at(4) == ("message", 4)  # the quote is still the text's character 4
