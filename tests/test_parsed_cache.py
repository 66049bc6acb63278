"""Work kept between runs (``parsed_cache``): private, renewed when a source changes, and
never a reason to fail."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from braille_words import parsed_cache
from braille_words.present import messages


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(tmp_path))
    return tmp_path


def _count(calls: list[int], value: object) -> object:
    calls.append(1)
    return value


def test_kept_work_is_reused_until_a_source_changes(data: Path) -> None:
    source = data / "a.toml"
    source.write_text("x = 1\n", encoding="utf-8")
    calls: list[int] = []
    for _ in range(2):
        key = parsed_cache.source_key([source])
        assert parsed_cache.cached("t", key, lambda: _count(calls, {"x": 1})) == {"x": 1}
    assert len(calls) == 1
    source.write_text("x = 22\n", encoding="utf-8")
    key = parsed_cache.source_key([source])
    assert parsed_cache.cached("t", key, lambda: _count(calls, {"x": 22})) == {"x": 22}
    assert len(calls) == 2


def test_kept_work_is_the_accounts_alone(data: Path) -> None:
    old = os.umask(0o022)
    try:
        parsed_cache.cached("t", 1, lambda: [1, 2])
    finally:
        os.umask(old)
    folder = data / "cache"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "t.marshal").stat().st_mode) == 0o600


@pytest.mark.parametrize("damage", [b"", b"\xff\x00garbage", b"\xe9"])
def test_a_damaged_or_foreign_file_is_built_again_silently(data: Path, damage: bytes) -> None:
    parsed_cache.cached("t", 1, lambda: "old")
    (data / "cache" / "t.marshal").write_bytes(damage)
    assert parsed_cache.cached("t", 1, lambda: "new") == "new"
    assert parsed_cache.cached("t", 1, lambda: "newer") == "new"


def test_a_value_of_the_wrong_shape_is_built_again(data: Path) -> None:
    parsed_cache.cached("t", 1, lambda: ["not", "a", "dict"])
    assert parsed_cache.cached("t", 1, lambda: {"a": 1},
                               lambda value: isinstance(value, dict)) == {"a": 1}


def test_a_folder_that_cannot_be_written_only_costs_the_work(data: Path) -> None:
    (data / "cache").write_text("a file where the folder would be", encoding="utf-8")
    assert parsed_cache.cached("t", 1, lambda: (1, "x")) == (1, "x")


def test_kept_catalogues_say_what_the_toml_files_say(data: Path) -> None:
    messages.catalogue.cache_clear()
    try:
        parsed = messages.catalogue("pl")
        messages.catalogue.cache_clear()
        kept = messages.catalogue("pl")
    finally:
        messages.catalogue.cache_clear()
    assert kept == parsed and "word_rummikub" in kept and (data / "cache").is_dir()
    assert kept == messages._parse_catalogue(
        messages._DIR / "pl.toml", sorted(messages._GAMES.glob("*/catalogue.pl.toml")))
