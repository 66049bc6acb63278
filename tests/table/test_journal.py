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
