"""Text ↔ cells with the real liblouis and our tables."""

from __future__ import annotations

import pytest

from braille_words.braille import (
    CURSOR_DOTS,
    Mode,
    Symbol,
    cells_to_text,
    column_symbol,
    from_unicode,
    legend,
    letter_cell,
    letter_cells,
    symbol_cell,
    text_to_cells,
    tile_cell,
    tile_cells,
    to_unicode,
    word_cells,
)
from braille_words.braille.symbols import NAMES
from braille_words.errors import BrailleWordsError, InputError
from braille_words.tiles import ENGLISH, POLISH, Tile, make_tiles

LOW_DOTS = 0x3F  # dots 1-6


@pytest.mark.parametrize("alphabet", [POLISH, ENGLISH], ids=lambda a: a.lang)
def test_every_letter_is_one_cell_and_reads_back(alphabet: object) -> None:
    from braille_words.tiles import Alphabet

    assert isinstance(alphabet, Alphabet)
    cells = letter_cells(alphabet.lang)
    assert len(set(cells.values())) == len(alphabet), "two letters share a cell"
    for letter, cell in cells.items():
        assert cell & CURSOR_DOTS == 0, f"{letter} uses dot 7 or 8 in lower case"
        assert cells_to_text(bytes([cell]), alphabet.lang) == letter
        upper = text_to_cells(letter.upper(), alphabet.lang, Mode.COMPUTER)
        assert len(upper) == 1 and upper[0] == cell | 0x40, letter  # capital adds dot 7
        assert cells_to_text(upper, alphabet.lang) == letter.upper()


def test_polish_letters_with_diacritics_have_their_computer_braille_cells() -> None:
    assert to_unicode(word_cells("ąćęłńóśźż")) == "⠡⠩⠱⠣⠹⠬⠪⠮⠯"
    assert to_unicode(word_cells("ŹDŹBŁO")) == "⠮⠙⠮⠃⠣⠕"  # tiles are shown in lower case


def test_a_rack_with_a_joker_is_one_cell_per_tile_with_the_joker_symbol() -> None:
    rack = [Tile(0, "s"), Tile(1, "z"), Tile(2, "y"), Tile(3, None), Tile(4, "k"), Tile(5, "a")]
    cells = tile_cells(rack)
    assert len(cells) == len(rack)
    assert to_unicode(cells) == "⠎⠵⠽⠿⠅⠁"
    assert cells[3] == symbol_cell(Symbol.JOKER)


def test_a_joker_standing_for_a_letter_shows_the_letter_with_dot_7() -> None:
    cell = tile_cell(None, "pl", stands_for="ż")
    assert cell == letter_cell("ż") | 0x40
    assert cells_to_text(bytes([cell]), "pl") == "Ż"


def test_every_symbol_differs_from_every_letter_in_both_cases_and_languages() -> None:
    letters: set[int] = set()
    for lang in ("pl", "en"):
        for cell in letter_cells(lang).values():
            letters |= {cell, cell | 0x40}
    for lang in ("pl", "en"):
        cells = [symbol_cell(sym, lang) for sym in Symbol]
        assert len(set(cells)) == len(cells), "two symbols share a cell"
        for sym, cell in zip(Symbol, cells, strict=True):
            assert cell not in letters, sym
            assert cell & ~LOW_DOTS == 0, f"{sym} uses dot 7 or 8"


def test_symbols_are_the_same_cells_in_every_table() -> None:
    for sym in Symbol:
        pl = symbol_cell(sym, "pl")
        assert symbol_cell(sym, "en") == pl
        for lang in ("pl", "en"):
            assert text_to_cells(sym.char, lang, Mode.LITERARY) == bytes([pl])


def test_column_values_of_seven_words_are_lower_cell_digits() -> None:
    cells = bytes(symbol_cell(column_symbol(v)) for v in (5, 4, 3, 2))
    assert to_unicode(cells) == "⠢⠲⠒⠆"
    assert text_to_cells("5432", "en", Mode.COMPUTER) == cells
    with pytest.raises(InputError):
        column_symbol(6)


def test_cursor_dots_7_and_8_never_appear_together_in_letters_or_digits() -> None:
    """Dot 7 marks capitals and (Polish) dot 8 digits, so only both together mark the cursor."""
    for lang in ("pl", "en"):
        text = "".join(letter_cells(lang)).upper() + "0123456789"
        for cell in text_to_cells(text, lang, Mode.COMPUTER):
            assert cell & CURSOR_DOTS != CURSOR_DOTS


def test_legend_names_every_symbol_and_mark_in_the_players_language() -> None:
    for lang in ("pl", "en"):
        table = legend(lang)
        for sym in Symbol:
            assert table[NAMES[lang][sym]] == bytes([symbol_cell(sym, lang)])
        assert bytes([CURSOR_DOTS]) in table.values()
    assert legend("pl")["dżoker, blank lub karta dzika"] == from_unicode("⠿")
    with pytest.raises(InputError):
        legend("de")


def test_literary_braille_uses_a_capital_sign_computer_braille_dot_7() -> None:
    assert to_unicode(text_to_cells("Ala ma kota.", "pl")) == "⠨⠁⠇⠁⠀⠍⠁⠀⠅⠕⠞⠁⠄"
    assert to_unicode(text_to_cells("Ala", "pl", Mode.COMPUTER)) == "⡁⠇⠁"
    # English literary braille is UEB grade 2 ("word" ⠘⠺, "th" ⠹); grade 1 spells it out.
    assert to_unicode(text_to_cells("Word Thief", "en")) == "⠠⠘⠺⠀⠠⠹⠊⠑⠋"
    assert to_unicode(text_to_cells("Word Thief", "en", Mode.UNCONTRACTED)) == "⠠⠺⠕⠗⠙⠀⠠⠞⠓⠊⠑⠋"
    assert cells_to_text(text_to_cells("Ala ma 12 kotów.", "pl"), "pl", Mode.LITERARY) == (
        "Ala ma 12 kotów."
    )
    assert text_to_cells("", "pl") == b""
    assert cells_to_text(b"", "pl") == ""


def test_a_full_rummikub_set_renders_one_cell_per_tile() -> None:
    tiles = make_tiles({ch: 3 for ch in POLISH}, jokers=2)
    assert len(tile_cells(tiles)) == len(tiles)


def test_letters_outside_the_alphabet_are_refused_with_a_sentence() -> None:
    with pytest.raises(InputError, match="not a letter of the en alphabet"):
        letter_cell("ą", "en")
    with pytest.raises(InputError, match="not a letter"):
        word_cells("kot1")
    with pytest.raises(InputError, match="no Braille table"):
        text_to_cells("x", "de")


def test_an_unusable_table_path_becomes_a_player_facing_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    import braille_words.braille.translator as translator

    monkeypatch.setitem(
        translator.TABLE_FILES, ("pl", Mode.LITERARY), "no-such-table-braille-words.tbl"
    )
    with pytest.raises(BrailleWordsError, match="LOUIS_TABLEPATH"):
        text_to_cells("kot", "pl", Mode.LITERARY)


def test_a_joker_on_the_table_shows_its_letter_with_dot_7() -> None:
    """Issue 21: '?ota' used to show as ⠿ta; the reader feels the O and that it is a joker."""
    from braille_words.braille.cells import DOT7
    from braille_words.braille.translator import PlayedJoker, letter_cell, tile_cells

    cells = tile_cells([PlayedJoker("o"), "t", "a"], "pl")
    assert cells[0] == letter_cell("o", "pl") | DOT7
    assert cells[1:] == tile_cells(["t", "a"], "pl")
