"""No abbreviations: a Polish list entry without a vowel (dptr, ctrl, bhp) is not a word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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


def test_english_abbreviations_come_from_our_list_and_words_sharing_letters_stay() -> None:
    """Word Thief's computer laid ET: SCOWL's largest American list carries "et" (as in
    "et al."), and CSC, HHD, DKL are units and functions; ETA, EAT, CWM, PE are words."""
    from braille_words.lexicon.abbreviations import abbreviations, listed

    words = ["et", "csc", "csch", "dkl", "ert", "hhd", "eta", "eat", "cwm", "pe", "ad", "cat"]
    assert abbreviations(words, "en") == {"et", "csc", "csch", "dkl", "ert", "hhd"}
    assert listed("en") == {"et", "csc", "csch", "dkl", "ert", "hhd"}


def test_the_built_english_lexicon_drops_the_listed_abbreviations_not_a_teachers_words(
    tmp_path: Path,
) -> None:
    from braille_words.lexicon import Settings, store

    source = tmp_path / "english"
    source.write_text("et\nhhd\neta\neat\ncwm\ntea\n", encoding="utf-8")
    extra = tmp_path / "teacher.txt"
    extra.write_text("csc\n", encoding="utf-8")  # a teacher's own list is taken as it is
    store.build(Settings("en", (str(source),), (str(extra),)), tmp_path)
    assert Lexicon.load("en", tmp_path).words() == ["csc", "cwm", "eat", "eta", "tea"]


def test_editing_the_english_abbreviation_list_makes_the_lexicon_out_of_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from braille_words.lexicon import Settings, abbreviations, store

    mine = tmp_path / "abbreviations.txt"
    mine.write_text("et\n", encoding="utf-8")
    monkeypatch.setitem(abbreviations.LISTED, "en", mine)
    source = tmp_path / "english"
    source.write_text("et\nado\neat\n", encoding="utf-8")
    settings = Settings("en", (str(source),))
    store.build(settings, tmp_path)
    assert store.is_up_to_date(settings, tmp_path)
    mine.write_text("et\nado\n", encoding="utf-8")
    assert not store.is_up_to_date(settings, tmp_path)
    store.build(settings, tmp_path)
    assert Lexicon.load("en", tmp_path).words() == ["eat"]


def test_the_english_sources_lose_only_the_listed_abbreviations_and_keep_common_words() -> None:
    """Measured on the Debian SCOWL lists we read: 6 of 111,577 entries go; every entry of
    SCOWL's common sizes (10 to 35) stays, and every listed abbreviation is in the sources
    (the list names nothing that is not there to drop)."""
    from braille_words.lexicon.abbreviations import listed
    from braille_words.lexicon.sources import SCOWL_DIR, Settings, collect_words, read_source

    settings = Settings.default("en")
    if not all(Path(p).is_file() for p in settings.sources):
        pytest.skip("the Debian scowl package is not installed")
    kept = set(collect_words(settings))
    read = {w for p in settings.sources for w in read_source(p, ENGLISH)}
    assert read - kept == listed("en")
    for size in (10, 20, 35):
        common = set(read_source(SCOWL_DIR / f"english-words.{size}", ENGLISH))
        assert common <= kept, sorted(common - kept)


def test_polish_abbreviations_sgjp_does_not_know_are_listed_and_dropped_at_build(
    tmp_path: Path,
) -> None:
    """Issue 39: `lexicon check hiszp` said yes. SGJP knows "hiszp" not even as an
    abbreviation, so our Polish list names it; the build drops it, a teacher's list keeps
    what it adds, and words that share a listed form's letters stay."""
    from braille_words.lexicon import Settings, store
    from braille_words.lexicon.abbreviations import abbreviations, listed

    assert {"hiszp", "niem"} <= listed("pl")
    assert abbreviations(["hiszp", "niem", "hiszpański", "ros", "kot"], "pl") == {
        "hiszp", "niem"}
    source = tmp_path / "polish"
    source.write_text("hiszp\nniem\nkot\nros\n", encoding="utf-8")
    extra = tmp_path / "teacher.txt"
    extra.write_text("węg\n", encoding="utf-8")
    store.build(Settings("pl", (str(source),), (str(extra),)), tmp_path)
    built = Lexicon.load("pl", tmp_path)
    assert built.words() == ["kot", "ros", "węg"]
    assert "węg" in built  # built after the list: the teacher's word is a word


def test_a_lexicon_built_before_the_list_refuses_the_listed_abbreviations_at_look_up(
    tmp_path: Path,
) -> None:
    """The shared lexicon is not rebuilt for a few words: one whose build did not drop our
    lists (no mark in its header) refuses them when it is looked up."""
    from braille_words.lexicon import Settings, abbreviations, store

    source = tmp_path / "polish"
    source.write_text("hiszp\nkot\n", encoding="utf-8")
    unlisted = tmp_path / "none.txt"
    unlisted.write_text("", encoding="utf-8")
    write = store.write_graph

    def as_before(target: Path, arrays: Any, header: dict[str, Any]) -> None:
        # As the builds before issue 39 wrote it: no mark that our lists were dropped.
        write(target, arrays, {k: v for k, v in header.items() if k != "abbreviations_listed"})

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(abbreviations.LISTED, "pl", unlisted)
        patch.setattr(store, "write_graph", as_before)
        store.build(Settings("pl", (str(source),)), tmp_path)
    old = Lexicon.load("pl", tmp_path)
    assert old.words() == ["hiszp", "kot"]  # still in the graph, as in the shared lexicon
    assert "kot" in old and "hiszp" not in old and not old.contains("hiszp")
