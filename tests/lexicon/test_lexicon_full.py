"""The real compiled lexicons (setup.sh builds them; skipped with a reason when absent)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from braille_words.lexicon import Lexicon

pytestmark = pytest.mark.slow


def test_done_when_the_three_long_polish_words_are_valid_and_xyzzy_is_not(
    full_pl: Lexicon,
) -> None:
    for word in ["źdźbła", "podpajęczynówkowy", "dziesięciogroszówka"]:
        assert full_pl.contains(word)
    assert not full_pl.contains("xyzzy")


def test_the_command_line_check_exits_by_validity(full_pl: Lexicon) -> None:
    cmd = [sys.executable, "-m", "braille_words.cli", "lexicon", "check"]
    ok = subprocess.run([*cmd, "źdźbła", "podpajęczynówkowy", "dziesięciogroszówka"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.count("tak") == 3
    bad = subprocess.run([*cmd, "xyzzy"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "nie" in bad.stdout and "Traceback" not in bad.stderr


def test_polish_has_only_polish_letters_and_no_proper_names(full_pl: Lexicon) -> None:
    assert full_pl.word_count is not None and 3_900_000 < full_pl.word_count < 4_100_000
    assert full_pl.contains("żółw") and full_pl.contains("szyszka")
    for absent in ["warszawa", "Warszawa", "quiz", "video", "ex-mąż"]:
        assert not full_pl.contains(absent)


def test_rulebook_words_rummikub_scoring_example(full_pl: Lexicon) -> None:
    # "SZYSZKA, OCZY, KAT → 7": all three are words.
    assert all(full_pl.contains(w) for w in ["szyszka", "oczy", "kat"])
    assert "zaszczyt" in full_pl.matching("?a?zcz?t")


def test_seven_words_examples_are_words(full_pl: Lexicon) -> None:
    assert full_pl.contains("wyselekcjonowany") and full_pl.contains("lumpenproletariat")


def test_anagrams_on_the_full_list_agree_with_membership(full_pl: Lexicon) -> None:
    rng = random.Random(7)
    letters = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
    for _ in range(5):
        rack = "".join(rng.choice(letters) for _ in range(7))
        found = full_pl.anagrams(rack, 1, min_len=2)
        assert all(full_pl.contains(a.word) for a in found)
        assert len({a.word for a in found}) == len(found)


def test_english_is_a_standard_dictionary(full_en: Lexicon) -> None:
    # Word Thief's examples.
    for word in ["work", "reworked", "front", "frown", "works"]:
        assert full_en.contains(word)
    assert not full_en.contains("xyzzy")
    assert "reworked" in {a.word for a in full_en.anagrams("reworkde")}
