"""Cells as bytes in ISO 11548-1 order and their Unicode Braille spelling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.braille import add_dots, cell_from_dots, dots, from_unicode, to_unicode
from braille_words.braille.cells import cursor_cell, spoken_dots
from braille_words.errors import InputError


def test_dot_1_is_bit_0_and_dot_8_is_bit_7() -> None:
    assert to_unicode(bytes([0x01, 0x80, 0xFF, 0x00])) == "⠁⢀⣿⠀"
    assert cell_from_dots("1256") == 0b110011
    assert dots(0b110011) == "1256"
    assert dots(0) == "0"
    assert spoken_dots(0x2E) == "2-3-4-6"
    assert cell_from_dots("2-3-4-6") == 0x2E


@given(st.binary(max_size=100))
def test_unicode_round_trip(cells: bytes) -> None:
    assert from_unicode(to_unicode(cells)) == cells


@given(st.integers(0, 255))
def test_dot_numbers_round_trip(cell: int) -> None:
    assert cell_from_dots(dots(cell)) == cell


@given(st.text(max_size=20))
def test_from_unicode_refuses_garbage_with_input_error(text: str) -> None:
    try:
        cells = from_unicode(text)
    except InputError:
        return
    assert len(cells) == len(text)


def test_a_space_reads_as_a_blank_cell_and_overlays_add_dots() -> None:
    assert from_unicode("⠁ ⠃") == b"\x01\x00\x03"
    assert add_dots(b"\x01\x00", 0xC0) == b"\xc1\xc0"
    with pytest.raises(InputError):
        to_unicode([256])
    with pytest.raises(InputError):
        cell_from_dots("129")


@given(st.integers(0, 255))
def test_the_cursor_only_adds_dots_so_a_jokers_dot_7_stays_up(cell: int) -> None:
    """Dots 7 and 8 of a square already mean something (a joker's dot 7, a card laid this
    turn's dot 8): the cursor never takes a dot away, and is felt on every cell but a full
    one."""
    shown = cursor_cell(cell)
    assert shown & cell == cell
    assert shown != cell or cell == 0xFF
