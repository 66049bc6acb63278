"""Word Thief's anagram index is built once per word list and kept in the cache folder: a
later game maps the kept file (nothing is built, the same words are found), and a file of
another build, or damaged, is never used — the index is built again and the file replaced."""

from __future__ import annotations

import stat
import weakref
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from braille_words.games.word_thief import finder as finder_module
from braille_words.games.word_thief import kept_index
from braille_words.games.word_thief.computer import finder_for
from braille_words.games.word_thief.finder import AnagramIndex, Finder
from braille_words.lexicon import Lexicon

WORDS = ["cat", "act", "tac", "team", "meat", "mate", "tame", "steam", "teams", "reworked",
         "frown", "front", "box", "boxes", "oxen", "quiz", "jazz", "tea", "eat", "ate"]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(tmp_path))
    return tmp_path / "cache"


def steals(index: AnagramIndex, graph: Any) -> set[tuple[str, ...]]:
    finder_module._INDEXES[graph] = index
    finder = Finder(graph, "seamtrx", 1)
    del finder_module._INDEXES[graph]
    return {tuple(sorted(s)) for s in finder.steals(list("tea"))}


def words_of(index: AnagramIndex, letters: str) -> list[str]:
    key = index.key(letters)
    _which, words, _big = index.lookup(np.array([key], dtype=np.uint64))
    return sorted(words)


def test_a_kept_index_is_mapped_by_the_next_game_and_finds_the_same_words(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = Lexicon.from_words(WORDS, "en").graph
    built = kept_index.kept(graph, ("en", "stamp1"), AnagramIndex)
    assert stat.S_IMODE(kept_index.path_of("en").stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700

    def no_build(_graph: Any) -> AnagramIndex:
        raise AssertionError("built again although a kept index was there")

    monkeypatch.setattr(AnagramIndex, "build", staticmethod(no_build))
    again = kept_index.kept(graph, ("en", "stamp1"), AnagramIndex)
    assert again._keep is not None  # a mapping, not arrays built in memory
    for letters in ("tac", "aemt", "box", "qiuz", "xyz"):
        assert words_of(again, letters) == words_of(built, letters)
    assert words_of(again, "aemt") == ["mate", "meat", "tame", "team"]
    assert steals(again, graph) == steals(built, graph)


def test_an_index_kept_for_another_build_of_the_list_is_built_again(cache: Path) -> None:
    old = Lexicon.from_words(WORDS, "en").graph
    kept_index.kept(old, ("en", "old"), AnagramIndex)
    new = Lexicon.from_words([*WORDS, "mates"], "en").graph
    index = kept_index.kept(new, ("en", "new"), AnagramIndex)
    assert words_of(index, "aemst") == ["mates", "steam", "teams"]
    assert kept_index.kept(new, ("en", "new"), AnagramIndex)._keep is not None


@pytest.mark.parametrize("damage", ["truncate", "garbage", "empty"])
def test_a_damaged_kept_index_is_never_used_and_is_replaced(cache: Path, damage: str) -> None:
    graph = Lexicon.from_words(WORDS, "en").graph
    kept_index.kept(graph, ("en", "s"), AnagramIndex)
    path = kept_index.path_of("en")
    data = path.read_bytes()
    path.write_bytes({"truncate": data[: len(data) // 2], "garbage": data[:200] + b"\xff" * 4096,
                      "empty": b""}[damage])
    index = kept_index.kept(graph, ("en", "s"), AnagramIndex)
    assert words_of(index, "aemt") == ["mate", "meat", "tame", "team"]
    assert path.read_bytes() == data  # written again whole


def test_a_cache_folder_that_cannot_be_written_still_gives_the_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(blocked))
    graph = Lexicon.from_words(WORDS, "en").graph
    index = kept_index.kept(graph, ("en", "s"), AnagramIndex)
    assert words_of(index, "act") == ["act", "cat", "tac"]


def test_a_word_list_made_in_memory_builds_its_index_and_keeps_nothing(cache: Path) -> None:
    graph = Lexicon.from_words(WORDS, "en").graph
    index = finder_module.anagram_index(graph)
    assert index._keep is None
    assert not cache.exists()


def test_the_computers_finder_on_the_compiled_list_maps_the_kept_index(
    english: Any, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = english.graph
    monkeypatch.setattr(finder_module, "_INDEXES", weakref.WeakKeyDictionary())
    first = finder_for(english, "cat", 0)
    assert first is not None and kept_index.path_of("en").is_file()
    monkeypatch.setattr(finder_module, "_INDEXES", weakref.WeakKeyDictionary())
    again = finder_for(english, "cat", 0)
    assert again is not None and again.index._keep is not None
    assert again.index is not first.index and finder_module._INDEXES[graph] is again.index
    assert words_of(again.index, "acrt") == words_of(first.index, "acrt")
    assert {"cart"} <= set(words_of(again.index, "acrt"))
