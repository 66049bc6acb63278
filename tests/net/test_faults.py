"""Faults with nothing lost (issue 14): a student's connection drops — the table waits, or a
computer plays for the seat after the teacher's delay — and the student's computer comes back
by itself and hears what it missed; every move stays played exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import aiohttp

from braille_words.net.students import Student
from braille_words.table import journal
from tests.net.conftest import HostMaker, Peer, join, run
from tests.net.test_join import Terminal


def test_a_computer_plays_for_a_dropped_seat_after_the_teachers_delay_and_gives_it_back(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5, computer_after=0.3)  # seat 0 moves first

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        ola = await join(table.url, http, table.code(0))
        jan = await join(table.url, http, table.code(1))
        assert await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        token = next(m["token"] for m in jan.got if m["t"] == "welcome")
        await jan.ws.close()  # Jan's network breaks
        assert await ola.until(
            lambda m: "Komputer gra teraz za: Drugi gracz" in str(m.get("text", "")))
        await ola.send({"t": "line", "text": "dobierz"})
        # The computer's move for Jan (seed 5: a word), not Ola's turn told again as the
        # table goes on (that "Twój ruch" may come before her draw is even carried out).
        assert await ola.until(lambda m: "Drugi gracz układa" in str(m.get("text", "")))
        back = await join(table.url, http, token=token)
        assert await back.until(lambda m: "znów gra" in str(m.get("text", "")), 5)
        await back.read(0.5)
        return ola, back

    ola, back = run(scenario)
    assert "Drugi gracz: połączenie z komputerem ucznia zerwane" in ola.said()
    said = back.said()
    assert "Połączenie z nauczycielem wróciło" in said
    assert "Gdy nie było połączenia:" in said and "Gracz dobiera" in said
    assert "Drugi gracz znów gra" in said
    assert table.table.session.moves_played == 2
    # What was missed came as data, and was worded on Jan's computer.
    assert any(m.get("do") == "missed" and m["args"]["calls"] for m in back.wire)
    assert not any(m["t"] == "say" for m in back.wire)


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


class Cable:
    """A TCP forwarder between a student's computer and the host that the test can cut, as
    a network that breaks (both ends see the connection reset, nothing is said)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._writers: list[asyncio.StreamWriter] = []
        self._down_until = 0.0
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(5)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        self._loop.run_forever()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._loop.time() < self._down_until:
            writer.transport.abort()  # still broken: the student's computer tries again later
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._writers += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, RuntimeError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self, down: float) -> None:
        """Break every connection, and refuse new ones for ``down`` seconds."""

        def cut_all() -> None:
            self._down_until = self._loop.time() + down
            for writer in self._writers:
                writer.transport.abort()
            self._writers.clear()

        self._loop.call_soon_threadsafe(cut_all)

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)


def test_the_students_computer_reconnects_by_itself_after_each_break(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5)  # the table waits for a dropped student
    cable = Cable(table.host.port)
    student = Terminal(f"127.0.0.1:{cable.port}", "--code", table.code(1), "--speech", "text",
                       "--display", "none")
    other = Student(table.url, table.code(0))

    helper = other.on_a_thread(most_seconds=60)
    try:
        student.until("Dołączono do stołu")
        helper.start()
        for _ in range(2):
            student.until("Twój ruch")
            cable.cut(down=1.0)  # the network breaks on the student's turn, for a second
            student.until("Połączenie ze stołem zerwane")
            student.until("Połączenie z nauczycielem wróciło")
            student.until("Twój ruch")  # the table waited: the turn is still theirs
            student.type("dobierz")
            student.until("Drugi gracz dobiera")
        assert student.end() == 0
    finally:
        cable.close()
        if student.proc.poll() is None:
            student.proc.kill()
            student.proc.wait()
    assert sum("zerwane" in line for line in student.seen) == 2
    assert table.table.session.moves_played >= 4


def test_a_student_coming_back_after_the_game_ended_is_told_so(hosted: HostMaker) -> None:
    table = hosted("remote,remote", seed=5)
    students = [Student(table.url, table.code(0)), Student(table.url, table.code(1))]

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        await asyncio.gather(*(s.play(http, most_seconds=60) for s in students))
        table.thread.join(10)
        late = await join(table.url, http, token=students[1].token)
        await late.read(0.5)
        return late

    late = run(scenario)
    assert table.table.session.state.is_over
    assert "Gra skończona" in late.said() and late.closed
    assert not any(m["t"] in ("welcome", "say", "view") for m in late.got)
