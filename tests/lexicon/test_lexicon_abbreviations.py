"""No abbreviations: a Polish list entry without a vowel (dptr, ctrl, bhp) is not a word."""

from __future__ import annotations

from pathlib import Path

from braille_words.lexicon.sources import read_source
from braille_words.tiles import ENGLISH, POLISH


def test_polish_entries_without_a_vowel_are_abbreviations(tmp_path: Path) -> None:
    source = tmp_path / "polish"
    source.write_text("bhp\nctrl\ndptr\nkot\nźdźbło\nkrtań\npstrąg\nMarek\n", encoding="utf-8")
    assert read_source(source, POLISH) == ["kot", "źdźbło", "krtań", "pstrąg"]


def test_english_keeps_its_vowelless_words(tmp_path: Path) -> None:
    source = tmp_path / "english"
    source.write_text("cwm\nnth\nrhythm\n", encoding="utf-8")
    assert read_source(source, ENGLISH) == ["cwm", "nth", "rhythm"]
