"""The seat's old names forwarded to the parts that own them (``table.seat.names``)."""

from __future__ import annotations

import io

from braille_words.table.outputs import SeatOutput


def test_each_name_reads_and_writes_its_parts_attribute() -> None:
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", transcript=io.StringIO())
    out.announce("Twój ruch.")
    assert out.said is out.news.said and out.said == ["Twój ruch."] and out.last == "Twój ruch."
    out.selection = ("rack", 1)
    assert out.keys.selection == ("rack", 1)
    out.hold_news = True
    assert out.news.hold
    assert out.transcript is out.voice.transcript
    assert out.frame() == out.surface.frame() == b""  # no display: nothing shown
    assert out.typed_left_over() == ""


def test_a_new_language_reaches_every_part() -> None:
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner")
    out.lang = "en"
    assert (out.voice.lang, out.surface.lang, out.keys.lang, out.typing.lang) == ("en",) * 4
