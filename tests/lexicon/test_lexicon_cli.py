"""`braille-words lexicon …`: plain-text answers and exit codes a script can trust."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from braille_words.errors import BrailleWordsError
from braille_words.lexicon import cli, store


def run(*argv: str) -> int:
    """The lexicon command as the top-level CLI runs it (errors become one sentence)."""
    parser = argparse.ArgumentParser(prog="braille-words")
    cli.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(list(argv))
    try:
        code: int = args.func(args)
    except BrailleWordsError as exc:
        print(f"braille-words: {exc}")
        return 1
    return code


@pytest.fixture
def data(tmp_path: Path) -> str:
    words = tmp_path / "polish"
    words.write_text("kot\nkoty\nkota\ntok\nźdźbła\nżółw\ndom\ndomowy\n", encoding="utf-8")
    english = tmp_path / "english"
    english.write_text("work\nworks\nfront\n", encoding="utf-8")
    root = str(tmp_path / "data")
    assert run("lexicon", "--data", root, "build", "--lang", "pl", "--quiet",
               "--source", str(words)) == 0
    assert run("lexicon", "--data", root, "build", "--lang", "en", "--quiet",
               "--source", str(english)) == 0
    return root


def test_check_says_yes_for_every_word_and_exits_0(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("lexicon", "--data", data, "check", "ŹDŹBŁA", "żółw") == 0
    assert capsys.readouterr().out == "źdźbła: tak (yes)\nżółw: tak (yes)\n"


def test_check_says_no_and_exits_1_when_one_word_is_not_valid(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("lexicon", "--data", data, "check", "kot", "xyzzy", "k0t") == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "kot: tak (yes)"
    assert lines[1].startswith("xyzzy: nie (no)") and "'x'" in lines[1]
    assert lines[2].startswith("k0t: nie (no)") and "digit zero" in lines[2]


def test_a_ten_thousand_letter_word_is_refused_in_one_short_line(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("lexicon", "--data", data, "check", "a" * 10_000) == 1
    out = capsys.readouterr().out
    assert len(out) < 200 and "too long" in out


def test_bad_racks_and_patterns_get_one_sentence(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["anagrams", "ko1"], ["anagrams", ""],
                 ["anagrams", "kot", "--jokers", "-1"], ["match", "k[o]t"]):
        assert run("lexicon", "--data", data, *argv) == 1
        out = capsys.readouterr().out
        assert out.startswith("braille-words: ") and out.count("\n") == 1


def test_a_rack_of_any_length_is_answered(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # No word holds more letters than a word can: ten thousand A's are a question too.
    assert run("lexicon", "--data", data, "anagrams", "a" * 10_000 + "kot") == 0
    assert "braille-words:" not in capsys.readouterr().out


def test_check_in_english(data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("lexicon", "--data", data, "check", "--lang", "en", "work", "kot") == 1
    assert capsys.readouterr().out == "work: yes\nkot: no\n"


def test_anagrams_lists_longest_first_and_names_the_jokers(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("lexicon", "--data", data, "anagrams", "otk", "--jokers", "1") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] in ("kota — joker: a (position 4)", "koty — joker: y (position 4)")
    assert set(out) >= {"kot", "tok"}


def test_a_plain_build_keeps_the_remembered_lists_and_is_quick(
    data: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = store.graph_path("pl", data).stat().st_mtime_ns
    assert run("lexicon", "--data", data, "build") == 0
    assert "up to date" in capsys.readouterr().out
    assert store.graph_path("pl", data).stat().st_mtime_ns == before
    assert run("lexicon", "--data", data, "check", "koty") == 0  # still our list
    ban = tmp_path / "ban.txt"
    ban.write_text("koty\n", encoding="utf-8")
    assert run("lexicon", "--data", data, "build", "--lang", "pl", "--quiet",
               "--ban", str(ban)) == 0
    assert run("lexicon", "--data", data, "check", "koty") == 1


def test_checking_before_building_says_how_to_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("lexicon", "--data", str(tmp_path), "check", "kot") == 1
    assert "braille-words lexicon build" in capsys.readouterr().out


def test_family_explains_the_shared_root(data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("lexicon", "--data", data, "family", "domowy", "dom") == 0
    assert "'domowy' shares the root 'dom' with 'dom'" in capsys.readouterr().out
    assert run("lexicon", "--data", data, "family", "kot", "kotwica") == 1


def test_match_lists_words_fitting_a_pattern(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("lexicon", "--data", data, "match", "?o?") == 0
    assert capsys.readouterr().out.split() == ["dom", "kot", "tok"]


def test_a_lost_teacher_list_stops_the_build_with_a_way_out(
    data: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = tmp_path / "extra.txt"
    extra.write_text("kotełek\n", encoding="utf-8")
    assert run("lexicon", "--data", data, "build", "--lang", "pl", "--quiet",
               "--extra", str(extra)) == 0
    assert run("lexicon", "--data", data, "check", "kotełek") == 0
    extra.unlink()
    capsys.readouterr()
    assert run("lexicon", "--data", data, "build", "--quiet") == 1
    assert "--defaults" in capsys.readouterr().out
    words = tmp_path / "polish"
    assert run("lexicon", "--data", data, "build", "--lang", "pl", "--quiet", "--defaults",
               "--source", str(words)) == 0
    assert run("lexicon", "--data", data, "check", "kotełek") == 1


def test_teacher_lists_need_one_language(data: str, tmp_path: Path) -> None:
    assert run("lexicon", "--data", data, "build", "--extra", str(tmp_path / "x")) == 1
