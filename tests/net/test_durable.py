"""A move is journaled before any seat hears of it, also when the host syncs its journals in
groups off the network's loop (``net.durable``): what the loop hands to a connection after a
journal line waits until that line is on the disk, and news of a line the disk refused to
keep is never sent."""

from __future__ import annotations

import asyncio
import errno
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.net.durable import GroupCommit
from braille_words.net.link import Outbox, outbox
from braille_words.table import journal as journal_mod
from braille_words.table.journal import Header, Journal, JournalUnwritable
from tests.net.conftest import HostMaker, Peer, join, run


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    running = asyncio.new_event_loop()
    thread = threading.Thread(target=running.run_forever, daemon=True)
    thread.start()
    yield running
    running.call_soon_threadsafe(running.stop)
    thread.join(5)
    running.close()


def _until(check: Callable[[], bool], seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.01)
    return False


def _journal(folder: Path) -> Journal:
    return Journal.create(folder / "table-1.jsonl",
                          Header("rummikub", 1, [{"name": "Ala", "kind": "human"}]))


def _gated(loop: asyncio.AbstractEventLoop, journal: Journal,
           refused: list[JournalUnwritable]) -> tuple[Outbox, GroupCommit]:
    box = outbox(loop)

    def failed(_journal: Journal, exc: JournalUnwritable) -> None:
        refused.append(exc)
        box.discard(lambda call: True)  # the table's connections: here, every hand-over

    commit = GroupCommit(loop, failed, box.release)
    box.gate = commit
    commit.attach(journal)
    return box, commit


def test_news_handed_over_after_a_move_is_sent_only_once_the_move_is_on_the_disk(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch,
) -> None:
    journal = _journal(tmp_path)
    box, commit = _gated(loop, journal, [])
    said: list[str] = []
    disk = threading.Event()
    real = os.fsync

    def slow_fsync(fd: int) -> None:
        said.append("sync started")
        disk.wait(5)
        real(fd)
        said.append("synced")

    monkeypatch.setattr(os, "fsync", slow_fsync)

    def step() -> None:  # a table's step on the loop: the move journaled, then announced
        journal.record(0, {"kind": "draw"})
        box.post(said.append, "news sent")

    loop.call_soon_threadsafe(step)
    assert _until(lambda: "sync started" in said)
    time.sleep(0.1)
    assert "news sent" not in said  # the disk has not answered: nobody hears of the move
    disk.set()
    assert _until(lambda: "news sent" in said)
    assert said == ["sync started", "synced", "news sent"]
    commit.close()
    journal.close()


def test_news_of_a_move_the_disk_refused_to_keep_is_never_sent_and_the_journal_holds_none_of_it(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch,
) -> None:
    journal = _journal(tmp_path)
    journal.record(0, {"kind": "draw"})  # synced as it was written (no group yet)
    refused: list[JournalUnwritable] = []
    box, commit = _gated(loop, journal, refused)
    said: list[str] = []

    def broken_fsync(fd: int) -> None:
        raise OSError(errno.EIO, "input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)

    def step() -> None:
        journal.record(0, {"kind": "pass"})
        box.post(said.append, "news of the pass")

    loop.call_soon_threadsafe(step)
    assert _until(lambda: bool(refused))
    time.sleep(0.1)
    assert said == [] and refused[0].why == "EIO"
    moves = [e.move["kind"] for e in journal_mod.read(journal.path).entries]
    assert moves == ["draw"]  # cut back to what the disk kept; the pass was never told
    with pytest.raises(JournalUnwritable):
        journal.record(0, {"kind": "draw"})  # nothing may follow a line the disk lost
    commit.close()
    journal.close()


def test_one_tables_news_never_waits_for_another_tables_disk_and_a_join_waits_for_both(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch,
) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    slow, quick = _journal(tmp_path / "a"), _journal(tmp_path / "b")
    box, commit = _gated(loop, slow, [])
    commit.attach(quick)
    said: list[str] = []
    disk = threading.Event()
    real = os.fsync
    slow_fd = slow._stream.fileno()

    def fsync(fd: int) -> None:
        if fd == slow_fd:
            disk.wait(5)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)

    def step(journal: Journal, news: str) -> None:  # a table's step, as net.stepped makes it
        commit.current = journal
        try:
            journal.record(0, {"kind": "draw"})
            box.post(said.append, news)
        finally:
            commit.current = None

    def turn() -> None:  # one turn of the loop: both tables move, then the host's own news
        step(slow, "table A's move")
        step(quick, "table B's move")
        box.post(said.append, "a join")

    loop.call_soon_threadsafe(turn)
    assert _until(lambda: "table B's move" in said)
    time.sleep(0.1)
    assert said == ["table B's move"]  # A's disk has not answered: A's students wait alone
    disk.set()
    assert _until(lambda: len(said) == 3)
    assert said == ["table B's move", "table A's move", "a join"]
    commit.close()
    slow.close()
    quick.close()


def test_what_is_handed_over_with_no_journal_line_before_it_is_sent_at_once(
    tmp_path: Path, loop: asyncio.AbstractEventLoop,
) -> None:
    journal = _journal(tmp_path)
    box, commit = _gated(loop, journal, [])
    said: list[Any] = []
    box.post(said.append, "an answer to a key")
    assert _until(lambda: said == ["an answer to a key"])
    commit.close()
    journal.close()


def test_a_hosted_table_whose_disk_refuses_a_move_stops_and_its_students_never_hear_the_move(
    hosted: HostMaker, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = hosted("remote,remote", seed=5)
    session = table.table.session
    assert session.journal is not None
    journal_fd = session.journal._stream.fileno()
    real = os.fsync

    def disk_gone(fd: int) -> None:
        if fd == journal_fd:
            raise OSError(errno.EIO, "input/output error")
        real(fd)

    async def scenario(http: aiohttp.ClientSession) -> tuple[list[Peer], list[int]]:
        students = [await join(table.url, http, table.code(seat)) for seat in (0, 1)]
        for student in students:
            await student.read(0.3)
        mover = 0 if 0 in session.state.awaiting else 1
        monkeypatch.setattr(os, "fsync", disk_gone)
        before = [len(s.got) for s in students]
        await students[mover].type("dobierz")
        for student in students:
            await student.until(lambda m: "zapisać" in str(m.get("text", "")), 10)
        return students, before

    students, before = run(scenario)
    table.thread.join(10)
    assert session.unsaved and not table.thread.is_alive()
    for student, seen in zip(students, before, strict=True):
        after = student.got[seen:]
        told = " ".join(str(m.get("text", "")) for m in after)
        assert "Nie mogę zapisać ruchu" in told
        assert "dobiera" not in told.lower() and not any(m.get("t") == "view" for m in after)
    assert journal_mod.read(session.journal.path).entries == []
