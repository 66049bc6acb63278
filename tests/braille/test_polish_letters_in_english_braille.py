"""Polish letters on an English seat reach the cells as UEB writes accented letters (issue 38).

A Polish player's name or a Polish word told in English went through liblouis's UEB tables,
which leave ż, ą and ę undefined: "Żaneta" came out as '\\12567/xjagb'aneta, nine cells of an
escape. Our tables give them UEB's transcriber-defined modifiers (named in the README, as UEB's
rule 4.2.1 asks: the first for the ogonek, the second for the dot above); the other Polish
letters keep UEB's own modifiers.
"""

from __future__ import annotations

import pytest

from braille_words.braille import text_line
from braille_words.braille.cells import from_unicode, to_unicode
from braille_words.braille.translator import (
    Mode,
    braille_setting,
    cells_to_text,
    sentences_in,
    text_to_cells,
)

POLISH = "ąćęłńóśźż"
UEB = [Mode.LITERARY, Mode.UNCONTRACTED]


@pytest.mark.parametrize("mode", UEB, ids=["ueb-g2", "ueb-g1"])
@pytest.mark.parametrize("letter", list(POLISH + POLISH.upper()))
def test_every_polish_letter_is_a_modifier_and_its_letter_and_reads_back(
    letter: str, mode: Mode
) -> None:
    cells = text_to_cells(letter, "en", mode)
    assert "\\" not in cells_to_text(cells, "en", mode)
    assert cells_to_text(cells, "en", mode) == letter
    assert 2 <= len(cells) <= 5  # a capital sign, a modifier of two or three cells, the letter


@pytest.mark.parametrize("mode", UEB, ids=["ueb-g2", "ueb-g1"])
def test_a_polish_name_in_an_english_sentence_reads_back_whole(mode: Mode) -> None:
    sentence = "Żaneta and Łucja lay ŻÓŁW and GĘŚ."
    assert cells_to_text(text_to_cells(sentence, "en", mode), "en", mode) == sentence


@pytest.mark.parametrize("mode", UEB, ids=["ueb-g2", "ueb-g1"])
def test_the_ogonek_and_the_dot_above_are_the_first_and_second_transcriber_modifiers(
    mode: Mode,
) -> None:
    """ą ę take the first transcriber-defined modifier (ogonek), ż the second (dot above); ó
    and ł keep UEB's own acute and solidus; the capital sign goes before the modifier (UEB
    4.2.2)."""
    assert to_unicode(text_to_cells("ż ą ę ó ł", "en", mode)) == "⠘⠸⠆⠵⠀⠘⠸⠂⠁⠀⠘⠸⠂⠑⠀⠘⠌⠕⠀⠈⠡⠇"
    assert to_unicode(text_to_cells("Ż", "en", mode)) == "⠠⠘⠸⠆⠵"
    assert to_unicode(text_to_cells("Żaba", "en", mode)) == "⠠⠘⠸⠆⠵⠁⠃⠁"


def test_a_modified_letter_is_never_part_of_a_contraction() -> None:
    """UEB 4.2.4: "pięć" keeps its i and e apart (no "ie"/"en" sign through the ogonek)."""
    assert to_unicode(text_to_cells("pięć", "en")) == "⠏⠊⠘⠸⠂⠑⠘⠌⠉"


def test_polish_letters_in_american_computer_braille_are_their_plain_letters() -> None:
    """American computer braille has no Polish letters: one cell each, the plain letter (as
    BRLTTY shows a letter its table lacks), capitals with dot 7; a typed a stays a."""
    with sentences_in(braille_setting("computer")):
        assert to_unicode(text_to_cells("Łucja", "en")) == "⡇⠥⠉⠚⠁"
        assert to_unicode(text_to_cells("zażółć gęślą jaźń", "en")) == "⠵⠁⠵⠕⠇⠉⠀⠛⠑⠎⠇⠁⠀⠚⠁⠵⠝"
    assert cells_to_text(from_unicode("⠁⠑⠵"), "en", Mode.COMPUTER) == "aez"


def test_a_polish_name_on_an_english_message_line_is_read_letter_for_letter() -> None:
    line = text_line("Łucja: ŻABA, 8H across.", "en")
    assert to_unicode(line.cells()).startswith("⠠⠈⠡⠇⠥⠉⠚⠁⠒⠀⠠⠠⠘⠸⠆⠵⠁⠃⠁")
