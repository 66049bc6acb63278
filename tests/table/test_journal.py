"""The journal: every accepted move survives a kill; a damaged save is reported, not raised."""

from __future__ import annotations

from pathlib import Path

import pytest

from braille_words.table.journal import CorruptJournal, Header, Journal, read


def _header() -> Header:
    return Header("rummikub", 7, [{"name": "Ola"}, {"name": "Komputer"}], {"theme": None})


def test_moves_read_back_in_order(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    j = Journal.create(path, _header())
    j.record(0, {"type": "draw"})
    j.record(1, {"type": "put", "tile": 3})
    j.close()
    record = read(path)
    assert record.header.seed == 7
    assert [(e.seat, e.move["type"]) for e in record.entries] == [(0, "draw"), (1, "put")]
    assert not record.finished


def test_a_kill_mid_write_loses_only_the_torn_move(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    j = Journal.create(path, _header())
    j.record(0, {"type": "draw"})
    j.close()
    with path.open("a", encoding="utf-8") as f:
        f.write('{"seat": 1, "move": {"ty')  # the process died here
    record = read(path)
    assert len(record.entries) == 1
    again = Journal.append_to(path)
    again.record(1, {"type": "draw"})
    again.close()
    assert [e.seat for e in read(path).entries] == [0, 1]


def test_finished_game_is_marked(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    j = Journal.create(path, _header())
    j.finish({"scores": [3, 4]})
    j.close()
    assert read(path).finished


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe garbage",
        b"[1, 2]\n",
        b'{"format": "something else"}\n',
        b'{"format": "braille-words-journal", "version": 1, "game": 3}\n',
    ],
)
def test_a_corrupt_save_is_a_clear_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(content)
    with pytest.raises(CorruptJournal) as info:
        read(path)
    assert str(path) in str(info.value)


def test_damage_in_the_middle_is_not_taken_for_a_torn_end(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    j = Journal.create(path, _header())
    j.record(0, {"type": "draw"})
    j.close()
    with path.open("a", encoding="utf-8") as f:
        f.write("not json\n")
        f.write('{"seat": 0, "move": {"type": "draw"}}\n')
    with pytest.raises(CorruptJournal, match="line 3"):
        read(path)


def test_two_games_started_in_the_same_second_keep_both_journals(tmp_path: Path) -> None:
    """Issue 17: the second game's journal used to empty the first one's."""
    import os
    import subprocess
    import sys

    from braille_words.lexicon.store import lexicon_dir

    data = tmp_path / "data"
    data.mkdir()
    (data / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    env = dict(os.environ, BRAILLE_WORDS_DATA=str(data))
    args = [sys.executable, "-m", "braille_words.cli", "play", "rummikub",
            "--players", "human,computer", "--display", "none", "--speech", "text"]
    # Both at once: the same second, and the same moment.
    first = subprocess.Popen([*args, "--seed", "1"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, env=env, text=True)
    second = subprocess.Popen([*args, "--seed", "2"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, env=env, text=True)
    out1, _ = first.communicate("dobierz\ndobierz\nwyjdź\n", timeout=120)
    out2, _ = second.communicate("wyjdź\n", timeout=120)
    assert first.returncode == second.returncode == 0, (out1, out2)
    journals = sorted((data / "sessions").glob("*.jsonl"))
    assert len(journals) == 2
    assert sorted(read(p).header.seed for p in journals) == [1, 2]


def test_a_named_file_holding_a_game_is_refused_not_emptied(tmp_path: Path) -> None:
    from braille_words.table.journal import Header, Journal, JournalExists

    path = tmp_path / "g.jsonl"
    Journal.create(path, Header("word_rummikub", 1, [])).close()
    before = path.read_bytes()
    with pytest.raises(JournalExists, match="resume"):
        Journal.create(path, Header("word_rummikub", 2, []))
    assert path.read_bytes() == before
