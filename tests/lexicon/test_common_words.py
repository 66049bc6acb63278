"""A level's known words (``lexicon.common``): the words of the vocabulary a rack makes, and
the index kept between runs so a game's first move spells nothing and imports no numpy."""

from __future__ import annotations

import os
import random
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from braille_words.lexicon import Lexicon, Settings, store
from braille_words.lexicon.common import CommonWords, common_words

from .conftest import POLISH_WORDS

LETTERS = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"


def _reference(words: list[str], rack: str, jokers: int, min_len: int,
               max_len: int | None) -> list[str]:
    """Every word whose letters the rack holds but for at most ``jokers`` of them, longest
    first and in the given order within a length: the rule, one word at a time."""
    have = Counter(ch for ch in rack if ch != "?")
    jokers += rack.count("?")
    hi = sum(have.values()) + jokers if max_len is None else max_len
    fit = [w for w in words if max(min_len, 1) <= len(w) <= min(hi, sum(have.values()) + jokers)
           and sum((Counter(w) - have).values()) <= jokers]
    return sorted(fit, key=lambda w: -len(w))


def test_known_words_are_those_the_rack_makes_with_jokers_for_the_missing_letters() -> None:
    rng = random.Random(36)
    words = sorted({"".join(rng.choice("aaeiokotmrsz") for _ in range(rng.randint(1, 9)))
                    for _ in range(600)} | set(POLISH_WORDS))
    known = CommonWords.of_words(words, LETTERS)
    assert len(known) == len(words)
    for _ in range(200):
        rack = "".join(rng.choice("aaeiokotmrszź?") for _ in range(rng.randint(0, 14)))
        jokers, min_len = rng.choice([0, 0, 1, 2, 3]), rng.choice([1, 2, 4])
        max_len = rng.choice([None, 3, 6])
        found = known.anagrams(rack, jokers, min_len=min_len, max_len=max_len)
        assert [k.word for k in found] == _reference(words, rack, jokers, min_len, max_len)
        for k in found:  # the jokers stand for the letters beyond the rack's
            beyond = Counter(k.word) - Counter(rack.replace("?", ""))
            assert sorted(k.joker_letters) == sorted(beyond.elements())


def test_a_word_with_a_letter_many_times_needs_that_many() -> None:
    known = CommonWords.of_words(["aaaaaaa", "aa", "kajak"], LETTERS)
    assert [k.word for k in known.anagrams("aaaaaa")] == ["aa"]
    assert [k.word for k in known.anagrams("aaaaaa", 1)] == ["aaaaaaa", "aa"]
    assert [k.word for k in known.anagrams("kjk", 2)] == ["kajak", "aa"]
    assert [k.word for k in known.anagrams("kjk", 1)] == []


def _built(folder: Path) -> Lexicon:
    folder.mkdir()
    source = folder / "words.txt"
    source.write_text("\n".join(POLISH_WORDS) + "\n", encoding="utf-8")
    store.build(Settings("pl", (str(source),)), folder)
    return Lexicon.load("pl", folder)


def _probe(folder: Path, data: Path) -> list[str]:
    code = (
        "import sys\n"
        "from braille_words.lexicon import Lexicon\n"
        "from braille_words.lexicon.common import common_words\n"
        f"known = common_words(Lexicon.load('pl', {str(folder)!r}), 10)\n"
        "print(' '.join(k.word for k in known.anagrams('domkotyśmiech', 1)))\n"
        "print('numpy' in sys.modules)\n"
    )
    env = dict(os.environ, BRAILLE_WORDS_DATA=str(data))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env)
    return done.stdout.splitlines()


def test_a_compiled_lexicons_known_words_are_kept_privately_and_reread_without_numpy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = _built(tmp_path / "lexicon")
    data = tmp_path / "data"
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(data))
    expected = [k.word for k in common_words(lexicon, 10).anagrams("domkotyśmiech", 1)]
    first = _probe(tmp_path / "lexicon", data)
    kept = list((data / "cache").glob("common-pl-10.marshal"))
    assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    assert stat.S_IMODE((data / "cache").stat().st_mode) == 0o700
    again = _probe(tmp_path / "lexicon", data)
    assert first[0].split() == again[0].split() == expected
    assert again[1] == "False"  # read back: nothing spelled, numpy not imported
    kept[0].write_bytes(b"\x00damaged")  # a damaged file is built again, silently
    assert _probe(tmp_path / "lexicon", data)[0].split() == expected
