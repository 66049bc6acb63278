"""The host's tables are stepped on its network loop (``net.stepped``): no table has a thread
of its own, a computer finds its move off the loop, and the table still plays."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import aiohttp

from tests.net.conftest import HostMaker, join, run


def test_a_hosted_table_plays_its_moves_on_the_network_loop_with_no_thread_of_its_own(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,computer:beginner")
    session = table.table.session
    played_on: list[int] = []
    thought_on: list[int] = []
    play, think = session.play, session.think_elsewhere
    assert think is not None

    def counted_play(seat: int, move: Any, **how: Any) -> bool:
        played_on.append(threading.get_ident())
        return play(seat, move, **how)

    def counted_think(job: Any) -> None:
        def job_here() -> None:
            thought_on.append(threading.get_ident())
            job()

        think(job_here)

    session.play = counted_play  # type: ignore[method-assign]
    session.think_elsewhere = counted_think

    async def until(done: Any) -> None:
        for _ in range(200):
            if done():
                return
            await asyncio.sleep(0.05)

    async def scenario(http: aiohttp.ClientSession) -> None:
        student = await join(table.url, http, table.code(0))
        # The computer opens; then the student draws, and the computer answers.
        await until(lambda: session.moves_played >= 1 and 0 in session.state.awaiting)
        await student.type("dobierz")
        await until(lambda: session.moves_played >= 3)
        await student.read(0.2)

    run(scenario)
    loop_thread = table.host._thread
    assert loop_thread is not None
    assert played_on and set(played_on) == {loop_thread.ident}
    assert thought_on and loop_thread.ident not in thought_on
    assert session.moves_played >= 3
    assert not [t for t in threading.enumerate() if t.name.startswith("table-")]


def test_a_stepped_tables_notes_reach_the_disk_together_and_before_any_report(
    hosted: HostMaker, monkeypatch: Any
) -> None:
    from braille_words.table import activity

    monkeypatch.setattr(activity, "FLUSH_AFTER", 3600.0)  # only a report or the end flushes
    table = hosted("remote,computer:beginner")
    session = table.table.session
    journal = session.journal
    assert journal is not None
    loop = table.host.loop

    def noted() -> list[str]:
        return [a.kind for a in activity.read_activity(journal.path) if a.seat == 0]

    async def scenario(http: aiohttp.ClientSession) -> list[str]:
        student = await join(table.url, http, table.code(0))
        for _ in range(200):
            if session.moves_played >= 1 and 0 in session.state.awaiting:
                break
            await asyncio.sleep(0.05)
        await student.type("stojak")
        assert await student.until(lambda m: m.get("do") == "read")
        before = noted()
        flushed = threading.Event()
        loop.call_soon_threadsafe(lambda: (activity.flush_waiting(), flushed.set()))
        await asyncio.to_thread(flushed.wait, 5)
        return before

    before = run(scenario)
    assert "command" not in before  # not written at the command: it waited for the others'
    assert "command" in noted()  # a report asked for it: on the disk first
