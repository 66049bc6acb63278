"""Faults with nothing lost (issue 14): a student's connection drops — the table waits, or a
computer plays for the seat after the teacher's delay — and the student's computer comes back
by itself and hears what it missed; every move stays played exactly once."""

from __future__ import annotations

import asyncio

import aiohttp

from braille_words.net.students import Student
from braille_words.table import journal
from tests.net.conftest import HostMaker, Peer, join, run


def test_a_computer_plays_for_a_dropped_seat_after_the_teachers_delay_and_gives_it_back(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5, computer_after=0.3)  # seat 0 moves first

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        ola = await join(table.url, http, table.code(0))
        jan = await join(table.url, http, table.code(1))
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        token = next(m["token"] for m in jan.got if m["t"] == "welcome")
        await jan.ws.close()  # Jan's network breaks
        await ola.until(lambda m: "Komputer gra teraz za: Gracz 2" in str(m.get("text", "")))
        await ola.send({"t": "line", "text": "dobierz"})
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))  # the computer played
        back = await join(table.url, http, token=token)
        await back.until(lambda m: "znów gra" in str(m.get("text", "")), 5)
        await back.read(0.5)
        return ola, back

    ola, back = run(scenario)
    assert "Gracz 2: połączenie z komputerem ucznia zerwane" in ola.said()
    said = back.said()
    assert "Połączenie z nauczycielem wróciło" in said
    assert "Gdy nie było połączenia:" in said and "Gracz pasuje" in said
    assert "Gracz 2 znów gra" in said
    assert table.table.session.moves_played == 2


def test_students_whose_connections_drop_come_back_and_the_game_ends_with_no_move_lost(
    hosted: HostMaker,
) -> None:
    """Without the teacher's delay the table waits for each dropped student."""
    table = hosted("remote,remote,remote", seed=7)
    students = [Student(table.url, table.code(s), drop_after=3 + 4 * s) for s in range(3)]

    async def scenario(http: aiohttp.ClientSession) -> None:
        await asyncio.gather(*(s.play(http, most_seconds=120) for s in students))

    run(scenario)
    session = table.table.session
    assert session.state.is_over and all(s.over for s in students)
    assert [s.drops for s in students] == [1, 1, 1]
    for student in students:
        heard = [str(m.get("text", "")) for m in student.got if m.get("t") == "say"]
        assert sum("Połączenie z nauczycielem wróciło" in h for h in heard) == 1
    assert session.journal is not None
    entries = journal.read(session.journal.path).entries
    played = sum(s.lines_sent - s.lines_refused for s in students)
    assert len(entries) == played == session.moves_played
    # The table waited: every move is a student's own draw, none a computer's.
    assert all(e.move["type"] == "draw" for e in entries)
