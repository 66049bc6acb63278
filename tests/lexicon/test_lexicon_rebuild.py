"""`lexicon build` rebuilds only when what it reads changed, and a game never loads files of
two builds.

CI builds from a fresh clone, where our own lists (the abbreviations) have another path and
new times: a build keyed by those rebuilt the shared lexicon on every run, and games loading
it meanwhile met frequencies of another build.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from braille_words.lexicon import Lexicon, Settings, abbreviations, store


def _files(home: Path) -> dict[str, tuple[int, int]]:
    """Each file of the lexicon folder with its inode and time: a rewrite changes both."""
    return {
        p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(home.iterdir())
    }


@pytest.fixture
def english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """A small English build whose list of abbreviations lives in a checkout of its own."""
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    mine = checkout / "en-abbreviations.txt"
    mine.write_text("et\n", encoding="utf-8")
    monkeypatch.setitem(abbreviations.LISTED, "en", mine)
    source = tmp_path / "english"
    source.write_text("et\nado\neat\ntea\n", encoding="utf-8")
    return Settings("en", (str(source),))


def test_a_second_build_with_the_same_inputs_writes_nothing(
    tmp_path: Path, english: Settings
) -> None:
    data = tmp_path / "data"
    assert not store.build(english, data).skipped
    before = _files(store.lexicon_dir(data))
    assert store.build(english, data).skipped
    assert _files(store.lexicon_dir(data)) == before
    # Nothing of a build is left beside the lexicon either.
    assert sorted(p.name for p in data.iterdir()) == ["lexicon"]


def test_a_build_removes_what_a_killed_build_left_beside_the_lexicon(
    tmp_path: Path, english: Settings
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    killed = data / f"{store.STAGING_PREFIX}en-old"
    killed.mkdir()
    (killed / "en.graph").write_bytes(b"half")
    os.utime(killed, (0, 0))
    running = data / f"{store.STAGING_PREFIX}pl-now"  # another build, still going
    running.mkdir()
    store.build(english, data)
    assert sorted(p.name for p in data.iterdir()) == sorted(["lexicon", running.name])


def test_a_fresh_clone_of_the_same_lists_is_up_to_date(
    tmp_path: Path, english: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another path and new times for our list, the same words in it: no rebuild."""
    data = tmp_path / "data"
    store.build(english, data)
    before = _files(store.lexicon_dir(data))
    clone = tmp_path / "clone"
    clone.mkdir()
    copy = clone / "en-abbreviations.txt"
    shutil.copyfile(abbreviations.LISTED["en"], copy)
    os.utime(copy, ns=(10**18, 10**18))
    monkeypatch.setitem(abbreviations.LISTED, "en", copy)
    os.utime(english.sources[0], ns=(10**18, 10**18))  # a word list touched, not changed
    assert store.is_up_to_date(english, data)
    assert store.build(english, data).skipped
    assert _files(store.lexicon_dir(data)) == before


@pytest.mark.parametrize("change", ["word list", "our list", "library"])
def test_a_changed_input_rebuilds(
    tmp_path: Path, english: Settings, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    data = tmp_path / "data"
    store.build(english, data)
    if change == "word list":
        Path(english.sources[0]).write_text("et\nado\neat\ntee\n", encoding="utf-8")
    elif change == "our list":
        abbreviations.LISTED["en"].write_text("et\nado\n", encoding="utf-8")
    else:  # a new wordfreq ranks the words anew
        real = store._tool_versions
        monkeypatch.setattr(store, "_tool_versions", lambda lang: {**real(lang), "wordfreq": "0"})
    assert not store.is_up_to_date(english, data)
    assert not store.build(english, data).skipped
    expected = {
        "word list": ["ado", "eat", "tee"],
        "our list": ["eat", "tea"],
        "library": ["ado", "eat", "tea"],
    }[change]
    assert Lexicon.load("en", data).words() == expected


def test_a_game_loading_during_a_rebuild_sees_one_build(
    tmp_path: Path, english: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the new files are written the old ones stay whole; while they are moved in a
    game's load waits; after that it loads the new build, every file of one stamp."""
    data = tmp_path / "data"
    store.build(english, data)
    old = Lexicon.load("en", data)
    Path(english.sources[0]).write_text("et\nado\neat\ntee\n", encoding="utf-8")

    moved_one = threading.Event()
    go_on = threading.Event()
    real_replace = os.replace

    def slow_replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        real_replace(src, dst)
        if Path(dst).parent == store.lexicon_dir(data) and not moved_one.is_set():
            moved_one.set()  # one file of the new build is in, the others are not
            assert go_on.wait(10)

    real_build_into = store._build_into
    staged = threading.Event()

    def build_into(*args: object, **kwargs: object) -> store.BuildReport:
        report = real_build_into(*args, **kwargs)  # type: ignore[arg-type]
        # Written, not yet moved in: a game loads the old build, frequencies and all.
        during = Lexicon.load("en", data)
        assert during.stamp == old.stamp and during.words() == old.words()
        assert during.frequencies is not None
        staged.set()
        return report

    monkeypatch.setattr(store, "_build_into", build_into)
    monkeypatch.setattr(store.os, "replace", slow_replace)
    builder = threading.Thread(target=store.build, args=(english, data))
    builder.start()
    assert moved_one.wait(30) and staged.is_set()
    loaded: list[Lexicon] = []
    reader = threading.Thread(target=lambda: loaded.append(Lexicon.load("en", data)))
    reader.start()
    reader.join(0.3)
    assert reader.is_alive()  # it waits for the build to finish moving its files in
    go_on.set()
    builder.join(30)
    reader.join(30)
    (new,) = loaded
    assert new.stamp != old.stamp and new.words() == ["ado", "eat", "tee"]
    assert new.contains("tee") and not new.contains("tea")  # the lookup is of the same build
    assert new.frequencies is not None  # stamped like the graph, so it loads
    # The game loaded before still answers from the files it mapped, frequencies too (its
    # first question about them comes after the rebuild).
    assert old.words() == ["ado", "eat", "tea"] and old.contains("tea")
    assert old.zipf("tea") > 0
