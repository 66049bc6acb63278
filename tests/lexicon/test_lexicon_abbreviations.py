"""No abbreviations: a Polish list entry without a vowel (dptr, ctrl, bhp) is not a word."""

from __future__ import annotations

from pathlib import Path

from braille_words.lexicon import Lexicon
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


def test_sgjp_abbreviations_are_found_and_words_sharing_a_form_are_kept() -> None:
    from braille_words.lexicon.abbreviations import abbreviations

    issue = ["itp", "itd", "prof", "inż", "godz", "zob", "hab"]
    words = ["dom", "rok", "pan", "ok", "dr", "nr", "kot", "a", "i", "w", "śmialiśmy"]
    assert abbreviations(issue + words, "pl") == set(issue)
    assert abbreviations(issue, "en") == set()


def test_forms_inflected_from_an_abbreviation_are_abbreviations_too() -> None:
    """Issue 16: the computer laid NRY (numery). SGJP keeps nr, dr, mgr as nouns with endings;
    "drze" stays, being a form of "drzeć" too, and "ule" (hives) is a word of its own."""
    from braille_words.lexicon.abbreviations import abbreviations

    inflected = ["nry", "nrem", "nrami", "dra", "drowie", "mgrowie", "mgrami", "płka"]
    words = ["drze", "ule", "ul", "dom", "nora", "mgła"]
    assert abbreviations(inflected + words, "pl") == set(inflected)


def test_the_built_polish_lexicon_has_no_abbreviations(tmp_path: Path) -> None:
    from braille_words.lexicon import Lexicon, Settings, store

    source = tmp_path / "polish"
    source.write_text("itp\nprof\ngodz\nhab\ndom\nrok\npan\n", encoding="utf-8")
    extra = tmp_path / "teacher.txt"
    extra.write_text("itd\n", encoding="utf-8")  # a teacher's own list is taken as it is
    store.build(Settings("pl", (str(source),), (str(extra),)), tmp_path)
    assert Lexicon.load("pl", tmp_path).words() == ["dom", "itd", "pan", "rok"]


def test_the_full_lexicon_refuses_the_issues_abbreviations(full_pl: Lexicon) -> None:
    for word in ("itp", "itd", "prof", "inż", "godz", "zob", "hab"):
        assert not full_pl.contains(word), word
    for word in ("dom", "rok", "pan", "oko", "ok"):
        assert full_pl.contains(word), word


def test_english_two_letter_entries_without_a_vowel_are_abbreviations(tmp_path: Path) -> None:
    """SCOWL lists cs, kb, mb, ps: abbreviations no game allows. Longer vowel-less words
    (cwm, nth, tsk) stay."""
    source = tmp_path / "english"
    source.write_text("kb\nps\nox\nmy\ncwm\nnth\nat\n", encoding="utf-8")
    assert read_source(source, ENGLISH) == ["ox", "my", "cwm", "nth", "at"]
