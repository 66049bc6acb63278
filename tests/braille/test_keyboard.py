"""Typing words on a Braille display's Perkins keys."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.braille import (
    BrailleInput,
    Mode,
    Pager,
    cell_from_dots,
    letter_cell,
    text_to_cells,
)
from braille_words.errors import InputError
from braille_words.tiles import POLISH

# Chords for ź d ź b ł o, written as the dots a Braille teacher would say.
ZDZBLO = ["2346", "145", "2346", "12", "126", "135"]


def test_chords_of_zdzblo_make_the_polish_word() -> None:
    buf = BrailleInput("pl")
    for chord in ZDZBLO:
        buf.add_chord(cell_from_dots(chord))
    assert buf.text() == "źdźbło"
    assert buf.submit() == "źdźbło"
    assert len(buf) == 0


def test_every_polish_letter_can_be_typed() -> None:
    buf = BrailleInput("pl")
    for letter in POLISH:
        buf.add_chord(letter_cell(letter))
    assert buf.submit() == "".join(POLISH)


def test_a_capital_chord_is_read_as_the_lower_case_letter_on_submit() -> None:
    buf = BrailleInput("pl")
    for cell in text_to_cells("ŻÓŁW", "pl", Mode.COMPUTER):
        buf.add_chord(cell)
    assert buf.text() == "ŻÓŁW"
    assert buf.submit() == "żółw"


def test_space_backspace_and_cursor_editing() -> None:
    buf = BrailleInput("pl")
    for ch in "kto":
        buf.add_chord(letter_cell(ch))
    assert buf.backspace() and buf.text() == "kt"
    buf.move_cursor(1)
    buf.add_chord(letter_cell("o"))
    assert buf.text() == "kot"
    buf.move_cursor(99)
    buf.space()
    buf.add_chord(0)
    for ch in "ma":
        buf.add_chord(letter_cell(ch))
    assert buf.text() == "kot  ma"
    buf.move_cursor(0)
    assert not buf.backspace()
    assert buf.delete() and buf.text() == "ot  ma"


def test_literary_braille_input_reads_a_capital_sign() -> None:
    buf = BrailleInput("pl", Mode.LITERARY)
    for cell in text_to_cells("Źdźbło", "pl", Mode.LITERARY):
        buf.add_chord(cell)
    assert buf.text() == "Źdźbło"
    assert buf.submit() == "źdźbło"


def test_english_words_are_typed_with_the_english_table() -> None:
    buf = BrailleInput("en")
    for ch in "thief":
        buf.add_chord(letter_cell(ch, "en"))
    assert buf.submit() == "thief"


def test_a_chord_that_is_no_character_is_named_by_its_dots() -> None:
    buf = BrailleInput("pl", Mode.LITERARY)
    buf.add_chord(letter_cell("k"))
    buf.add_chord(cell_from_dots("23467"))
    with pytest.raises(InputError, match="2-3-4-6-7"):
        buf.submit()
    assert len(buf) == 2  # kept so the player can fix it


def test_empty_or_full_buffers_and_bad_chords_are_refused() -> None:
    buf = BrailleInput("pl", max_cells=2)
    with pytest.raises(InputError, match="nothing"):
        buf.submit()
    buf.space()
    with pytest.raises(InputError, match="nothing"):
        buf.submit()
    buf.add_chord(1)
    with pytest.raises(InputError, match="full"):
        buf.add_chord(1)
    with pytest.raises(InputError):
        buf.add_chord(256)


def test_the_input_line_shows_the_cursor_after_the_last_cell_and_routes_to_positions() -> None:
    buf = BrailleInput("pl")
    for ch in "kot":
        buf.add_chord(letter_cell(ch))
    pager = Pager(buf.line(), 12)
    frame = pager.frame()
    assert frame.cells[3] == 0xC0  # the cursor on the blank after "kot"
    hit = pager.route(1)
    assert hit is not None and hit.target == ("input", 1)
    buf.move_cursor(hit.target[1])
    assert buf.cursor == 1


@given(
    st.lists(st.integers(0, 255), max_size=30),
    st.sampled_from(["pl", "en"]),
    st.sampled_from(list(Mode)),
)
def test_any_chords_give_text_or_a_sentence_never_a_crash(
    chords: list[int], lang: str, mode: Mode
) -> None:
    buf = BrailleInput(lang, mode)
    for chord in chords:
        buf.add_chord(chord)
    try:
        word = buf.submit()
    except InputError:
        return
    assert word == word.strip().lower()
