"""Two students at their own computers play a seeded Rummikub Słowny game against the host
on 127.0.0.1 to its end (issue 14's first "done when", with simulated students)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from braille_words.net.students import Student
from braille_words.table import journal
from tests.net.conftest import HostMaker, run


def test_two_students_play_a_seeded_game_to_the_end_over_the_network(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5)
    students = [Student(table.url, table.code(0)), Student(table.url, table.code(1))]

    async def scenario(http: aiohttp.ClientSession) -> None:
        await asyncio.gather(*(s.play(http, most_seconds=120) for s in students))

    run(scenario)
    table.thread.join(10)
    session = table.table.session
    assert session.state.is_over and all(s.over for s in students)
    assert session.state.result()["reason"] == "all_passed" or session.state.end_reason
    # Every line a student typed was a move the table played, and journalled.
    assert session.moves_played == sum(s.lines_sent - s.lines_refused for s in students)
    assert session.journal is not None
    record = journal.read(session.journal.path)
    assert len(record.entries) == session.moves_played and record.finished
    # Each student was sent its own seat's view only, and every final score is the table's.
    for seat, student in enumerate(students):
        views = [m["view"] for m in student.got if m.get("t") == "view"]
        assert views and {v["seat"] for v in views} == {seat}
        final = json.loads(json.dumps(session.state.view_for(seat)))
        assert views[-1]["scores"] == final["scores"]
        # Each of its moves came back to it announced as its own, once.
        assert student.moves_announced == sum(1 for e in record.entries if e.seat == seat)
        # A game with no clock: "no clock now" changes nothing on a computer already told so,
        # and is not sent again at every move (a message to every seat, every move).
        assert student.presented is not None
        no_clock = [m for m in student.presented.wire if m.get("do") == "clock"]
        assert [m["args"] for m in no_clock] == [{"left": None, "view": None, "owner": ""}]


def test_a_network_table_records_refusals_as_one_computer_does(hosted: HostMaker,
                                                               polish: Any) -> None:
    """A line the table refuses a student at their own computer (worded there) is in the
    teacher's report with the sentence the student was told, as at one computer."""
    from braille_words.reports.summary import build_report
    from tests.net.conftest import join

    table = hosted("remote,computer:beginner", seed=3)

    async def scenario(http: aiohttp.ClientSession) -> None:
        peer = await join(table.url, http, table.code(0))
        await peer.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        await peer.send({"t": "line", "text": "połóż 9 9 9"})
        await peer.until(lambda m: "Na stole nie ma" in str(m.get("text", "")))
        await peer.send({"t": "line", "text": "xyzzy"})
        await peer.read(0.5)

    run(scenario)
    session = table.table.session
    assert session.journal is not None
    report = build_report([session.journal.path], {"pl": polish})
    student = next(s for s in report.students if s.name == session.seats[0].name)
    tried = [line for line, _ in student.refused]
    assert tried == ["połóż 9 9 9", "xyzzy"]
    assert all(why for _, why in student.refused)
    assert "Na stole nie ma" in student.refused[0][1]

