"""English Braille as English readers read it, with the real liblouis: sentences in UEB grade 2
(contracted), grade 1 for a learner, American computer braille for whoever chooses it; tiles
and cards one letter a cell whatever the seat reads; grade 1 typed on the keyboard."""

from __future__ import annotations

import pytest

from braille_words.braille import (
    BrailleInput,
    Mode,
    Pager,
    braille_setting,
    from_unicode,
    letter_cell,
    sentences_in,
    text_line,
    text_to_cells,
    tile_cells,
    to_unicode,
    typing_mode,
    word_cells,
)
from braille_words.errors import InputError

SENTENCE = "Ada laid the word creator for 12 points and the cat sat on the mat."


def test_a_sentence_in_grade_2_is_contracted_the_is_one_cell() -> None:
    assert text_to_cells("the", "en") == from_unicode("⠮")
    assert to_unicode(text_to_cells("the cat and the mat", "en")) == "⠮⠀⠉⠁⠞⠀⠯⠀⠮⠀⠍⠁⠞"
    assert len(text_to_cells(SENTENCE, "en")) < len(SENTENCE)


def test_grade_1_spells_every_letter() -> None:
    assert to_unicode(text_to_cells("the", "en", Mode.UNCONTRACTED)) == "⠞⠓⠑"
    with sentences_in(braille_setting("ueb-g1")):  # a learner's seat: "literary" is grade 1
        assert to_unicode(text_to_cells("the cat and the mat", "en")) == (
            "⠞⠓⠑⠀⠉⠁⠞⠀⠁⠝⠙⠀⠞⠓⠑⠀⠍⠁⠞")


def test_american_computer_braille_is_one_cell_a_character_capitals_with_dot_7() -> None:
    with sentences_in(braille_setting("computer")):
        cells = text_to_cells("The cat", "en")
    assert to_unicode(cells) == "⡞⠓⠑⠀⠉⠁⠞"
    # an uncontracted line (the words said in Alice) is computer braille for its reader too
    with sentences_in(Mode.COMPUTER):
        assert text_to_cells("Cat", "en", Mode.UNCONTRACTED) == text_to_cells("Cat", "en",
                                                                              Mode.COMPUTER)


@pytest.mark.parametrize("setting", ["auto", "ueb-g2", "ueb-g1", "computer"])
def test_tiles_and_cards_are_one_letter_a_cell_whatever_the_seat_reads(setting: str) -> None:
    with sentences_in(braille_setting(setting)):
        assert tile_cells(list("the")) == tile_cells(list("the"), "en")
        assert to_unicode(tile_cells(list("the"), "en")) == "⠞⠓⠑"
        assert to_unicode(word_cells("andthe", "en")) == "⠁⠝⠙⠞⠓⠑"


def test_polish_literary_braille_is_the_same_under_both_ueb_settings() -> None:
    plain = text_to_cells("Ala ma kota", "pl")
    with sentences_in(braille_setting("ueb-g1")):
        assert text_to_cells("Ala ma kota", "pl") == plain


def test_an_unknown_braille_setting_is_refused_with_the_choices() -> None:
    with pytest.raises(InputError, match="auto, ueb-g2, ueb-g1, computer"):
        braille_setting("ueb-g3")


def _word_of(text: str, index: int) -> str:
    start = text.rfind(" ", 0, index) + 1
    end = text.find(" ", index)
    return text[start : end if end >= 0 else len(text)]


def test_a_routing_key_over_a_contracted_message_names_the_word_under_it() -> None:
    line = text_line(SENTENCE, "en", name="message")
    cells = line.cells()
    # Each Braille word (cells between blanks) is one printed word, in order.
    braille_words = [w for w in cells.split(b"\x00") if w]
    printed = SENTENCE.split(" ")
    assert len(braille_words) == len(printed)
    pager = Pager(line, len(cells))
    key = 0
    for word_index, word in enumerate(braille_words):
        for _ in word:
            hit = pager.route(key)
            assert hit is not None and hit.target[0] == "message"
            assert _word_of(SENTENCE, hit.target[1]) == printed[word_index], (key, word_index)
            key += 1
        key += 1  # the blank between words
    # "the" is one cell: its routing key points at its t, the first of its three letters.
    the = cells.index(from_unicode("⠮"))
    hit = pager.route(the)
    assert hit is not None and SENTENCE[hit.target[1] : hit.target[1] + 3] == "the"


def test_a_contracted_message_panned_on_a_short_display_still_routes_right() -> None:
    line = text_line(SENTENCE, "en", name="message")
    pager = Pager(line, 12)
    seen: list[str] = []
    while True:
        start, end = pager.window
        for key in range(end - start):
            hit = pager.route(key)
            if hit is not None:
                seen.append(_word_of(SENTENCE, hit.target[1]))
        if pager.at_end:
            break
        pager.pan_right()
    assert list(dict.fromkeys(seen)) == list(dict.fromkeys(SENTENCE.split(" ")))


def _typed(cells: str, mode: Mode) -> str:
    buf = BrailleInput("en", typing_mode("en", mode))
    for cell in from_unicode(cells):
        buf.add_chord(cell)
    return buf.submit()


def test_an_english_reader_types_grade_1_with_number_and_capital_signs() -> None:
    assert typing_mode("en", Mode.LITERARY) is Mode.UNCONTRACTED
    assert _typed("⠉⠵⠁⠎⠀⠼⠋⠚", Mode.LITERARY) == "czas 60"
    assert _typed("⠠⠏⠁⠎⠎", Mode.LITERARY) == "pass"
    # A letter typed alone is that letter, never the grade 2 word it stands for ("but").
    assert _typed("⠃", Mode.LITERARY) == "b"
    assert _typed("⠞⠓⠑", Mode.UNCONTRACTED) == "the"


def test_a_computer_braille_reader_types_computer_braille() -> None:
    assert typing_mode("en", Mode.COMPUTER) is Mode.COMPUTER
    assert _typed("⡃⠕⠕⠅", Mode.COMPUTER) == "book"
    assert _typed(to_unicode(bytes([letter_cell("b", "en")])), Mode.COMPUTER) == "b"


def test_polish_seats_type_polish_computer_braille_as_before() -> None:
    assert typing_mode("pl", Mode.LITERARY) is Mode.COMPUTER


def test_a_word_in_capitals_a_played_word_is_spelled_in_a_contracted_message() -> None:
    """The game's words are written in capitals; in grade 2 "Player: TREASURE." wrote its EA
    as one cell and "ISLAND" its AND: a reader must feel every letter of a played word (a
    forbidden letter in Alice, a card in Scrabble), as UEB spells strings of capitals. The
    same words in a sentence's own lower case stay contracted."""
    assert to_unicode(text_to_cells("Player: TREASURE.", "en")) == "⠠⠏⠇⠁⠽⠻⠒⠀⠠⠠⠞⠗⠑⠁⠎⠥⠗⠑⠲"
    assert to_unicode(text_to_cells("ISLAND", "en")) == "⠠⠠⠊⠎⠇⠁⠝⠙"
    assert to_unicode(text_to_cells("the treasure island", "en")) == "⠮⠀⠞⠗⠂⠎⠥⠗⠑⠀⠊⠎⠇⠯"
    line = text_line("Ben: ISLAND. The island.", "en", name="message")
    assert to_unicode(line.cells()) == "⠠⠃⠢⠒⠀⠠⠠⠊⠎⠇⠁⠝⠙⠲⠀⠠⠮⠀⠊⠎⠇⠯⠲"
    # a routing key on each spelled letter points at that letter (I at 5, D at 10)
    assert [line.target_at(cell) for cell in (7, 12)] == [("message", 5), ("message", 10)]
