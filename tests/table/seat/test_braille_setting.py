"""A seat's ``braille`` setting: what its sentences are in (UEB grade 2 for English by default,
grade 1 for a learner, computer braille), the game's own lines drawn for it included, and what
it types in; tiles stay one letter a cell whatever it reads."""

from __future__ import annotations

import pytest

from braille_words.braille import Mode, from_unicode, rack_line, text_line, to_unicode
from braille_words.braille.lines import NamedLine
from braille_words.displays.base import Display
from braille_words.errors import InputError
from braille_words.table.outputs import SeatOutput
from braille_words.table.roster import roster_from_data
from braille_words.table.seats import SeatConfig


def _seat(braille: str = "auto", lang: str = "en") -> tuple[SeatOutput, Display]:
    out = SeatOutput(name="Ann", lang=lang, verbosity="beginner", braille=braille)
    display = Display(40)
    out.attach_display(display)
    return out, display


def _game_lines(selection: object) -> list[NamedLine]:
    """A game's lines as a presenter writes them: a sentence "literary", a rack of tiles."""
    return [NamedLine("task", text_line("Lay the word", "en", Mode.LITERARY, name="task")),
            NamedLine("rack", rack_line(list("theand"), "en"))]


@pytest.mark.parametrize(("braille", "cells"), [
    ("auto", "⠠⠇⠁⠽⠀⠮⠀⠘⠺"),
    ("ueb-g2", "⠠⠇⠁⠽⠀⠮⠀⠘⠺"),
    ("ueb-g1", "⠠⠇⠁⠽⠀⠞⠓⠑⠀⠺⠕⠗⠙"),
    ("computer", "⡇⠁⠽⠀⠞⠓⠑⠀⠺⠕⠗⠙"),
])
def test_an_english_seat_reads_messages_and_game_sentences_in_its_braille(
    braille: str, cells: str
) -> None:
    out, display = _seat(braille)
    out.announce("Lay the word")
    assert to_unicode(display.shown).startswith(cells + "⠀")
    out.show(_game_lines)
    assert out.jump_to("task")
    assert to_unicode(display.shown).startswith(cells + "⠀")


@pytest.mark.parametrize("braille", ["auto", "ueb-g1", "computer"])
def test_tiles_on_the_rack_are_one_letter_a_cell_whatever_the_seat_reads(braille: str) -> None:
    out, display = _seat(braille)
    out.show(_game_lines)
    assert out.jump_to("rack")
    assert from_unicode("⠞⠓⠑⠁⠝⠙") in display.shown  # "the" and "and" never one cell


def test_a_polish_seat_reads_polish_braille_under_any_setting() -> None:
    shown = set()
    for braille in ("auto", "ueb-g1"):
        out, display = _seat(braille, lang="pl")
        out.announce("Ala ma kota")
        shown.add(display.shown)
    assert len(shown) == 1


def _type(out: SeatOutput, cells: str) -> str:
    for cell in from_unicode(cells):
        out.keys.press("braille_chord", cell)
    return out.keys.typing.submit()


def test_an_english_seat_types_grade_1_and_a_computer_braille_seat_computer_braille() -> None:
    reader, _ = _seat("auto")
    assert _type(reader, "⠉⠵⠁⠎⠀⠼⠋⠚") == "czas 60"
    assert _type(reader, "⠃") == "b"  # not grade 2's "but"
    learner, _ = _seat("ueb-g1")
    assert _type(learner, "⠠⠏⠁⠎⠎") == "pass"
    computer, _ = _seat("computer")
    assert _type(computer, "⡃⠕⠕⠅") == "book"


def test_the_braille_setting_is_a_seat_setting_of_the_roster() -> None:
    roster = roster_from_data({"lang": "en", "seat": [
        {"name": "Ann", "braille": "ueb-g1", "display": "none"},
        {"name": "Bob", "display": "none"}]})
    assert [seat.braille for seat in roster.seats] == ["ueb-g1", "auto"]
    with pytest.raises(InputError, match="braille"):
        roster_from_data({"seat": [{"name": "Ann", "braille": "grade2"}]})
    assert SeatConfig.from_json({"name": "Ann"}).braille == "auto"  # journals from before it


def test_a_joining_students_own_computer_reads_in_the_seats_braille() -> None:
    """The setting reaches a network seat too: the student's own computer writes the cells."""
    from braille_words.net.client import Client

    seat = SeatConfig(name="Ann", lang="en", braille="ueb-g1", display="none", speech="none")
    client = Client(seat, address="127.0.0.1:1", open_seat_devices=False)
    assert client.local.surface.braille_mode == _seat("ueb-g1")[0].surface.braille_mode
