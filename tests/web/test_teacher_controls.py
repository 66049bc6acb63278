"""Two of the teacher's controls as a teacher means them (issue 15), at a real table on a
manual clock: "more time for Ola" gives it now if Ola is moving, or keeps it for her next turn
(once); "take back" after a computer replied takes back the student's own move with the reply,
so she tries again instead of the computer replaying the same answer."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.table import journal as journal_mod
from braille_words.table.clock import TableClock
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import KEYBOARD, AnySession

NAMES = ("Ola", "Janek", "Ewa")


def _table(tmp_path: Path, polish: Any, kinds: tuple[str, ...] = ("human",) * 3,
           options: dict[str, Any] | None = None,
           ) -> tuple[AnySession, list[io.StringIO], io.StringIO]:
    seats = [SeatConfig(name=n, kind=k, display="none", speech="none", keyboard="none")
             for n, k in zip(NAMES, kinds, strict=False)]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("rummikub"), seats, seed=3, options=options or {},
        journal_path=tmp_path / "lesson.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
                 for i, s in enumerate(seats)])
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    return session, streams, console


@dataclass
class Clocked:
    """A table 20 s into the mover's 60-second turn, on a manual clock."""

    session: AnySession
    streams: list[io.StringIO]
    console: io.StringIO
    clock: TableClock
    mover: int


def _clocked(tmp_path: Path, polish: Any) -> Clocked:
    from braille_words.audio.timers import ManualScheduler

    session, streams, console = _table(tmp_path, polish, options={"move_limit_seconds": 60})
    scheduler = ManualScheduler()
    clock = session.clock = TableClock(session._on_timer, scheduler)
    session._sync_clock()
    scheduler.advance(20)
    return Clocked(session, streams, console, clock, _mover(session))


def _computers_move(session: AnySession) -> None:
    """What the game loop does between inputs: every computer the game waits for moves."""
    while (seat := session._computer_to_move()) is not None:
        session._computer_move(seat)


def _mover(session: AnySession) -> int:
    (seat,) = session.state.awaiting
    return int(seat)


def test_more_time_for_the_seat_that_is_moving_goes_on_its_clock_now(
    tmp_path: Path, polish: Any
) -> None:
    table = _clocked(tmp_path, polish)
    session, streams, console, clock, mover = (table.session, table.streams, table.console,
                                               table.clock, table.mover)
    session.control.more_time(30, seat=mover)
    session.pump()
    assert clock.remaining() == pytest.approx(70)
    name = NAMES[mover]
    assert f"{name}: nauczyciel daje więcej czasu, 30 s." in streams[(mover + 1) % 3].getvalue()
    assert f"{name}: dodano 30 s." in console.getvalue()


def test_more_time_for_a_seat_waiting_its_turn_is_kept_for_that_turn_and_given_once(
    tmp_path: Path, polish: Any
) -> None:
    table = _clocked(tmp_path, polish)
    session, streams, console, clock, mover = (table.session, table.streams, table.console,
                                               table.clock, table.mover)
    waiting = (mover + 1) % 3
    session.control.more_time(30, seat=waiting)
    session.pump()
    assert clock.remaining() == pytest.approx(40)  # the mover's clock is not theirs
    assert "Nauczyciel daje ci 30 s więcej na następny ruch." in streams[waiting].getvalue()
    assert "daje ci" not in streams[mover].getvalue()
    assert f"{NAMES[waiting]}: 30 s więcej na następny ruch" in console.getvalue()

    turns = []
    for _ in range(3):  # three turns: only the waiting seat's first has the kept time
        session.handle(_mover(session), "dobierz")
        turns.append((_mover(session), clock.remaining()))
    assert (waiting, pytest.approx(90)) in turns
    assert [left for seat, left in turns if seat != waiting] == [pytest.approx(60)] * 2
    assert f"{NAMES[waiting]}: nauczyciel daje więcej czasu, 30 s." in streams[mover].getvalue()
    session.close()


def test_more_time_at_a_table_without_a_clock_is_refused_with_a_sentence(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, console = _table(tmp_path, polish)
    session.timers = False
    session.handle(KEYBOARD, "czas Janek 30")  # the teacher's console
    assert "Teraz nie biegnie żaden zegar." in console.getvalue()
    assert "daje" not in streams[1].getvalue()


def test_the_console_gives_more_time_to_a_seat_by_name(tmp_path: Path, polish: Any) -> None:
    table = _clocked(tmp_path, polish)
    session, console, mover = table.session, table.console, table.mover
    session.handle(KEYBOARD, f"czas {NAMES[mover].lower()} 45")
    assert f"{NAMES[mover]}: dodano 45 s." in console.getvalue()
    session.handle(KEYBOARD, "czas Zosia")
    assert "Nie ma przy stole „Zosia”" in console.getvalue()


def test_take_back_after_the_computer_replied_takes_back_the_students_move_with_the_reply(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, console = _table(tmp_path, polish, ("human", "computer"))
    session.timers = False
    _computers_move(session)
    assert _mover(session) == 0  # Ola's turn (the computer has moved if it began)
    before, played = session.state.to_json(), session.moves_played
    session.handle(0, "dobierz")
    _computers_move(session)
    assert session.moves_played == played + 2 and _mover(session) == 0  # the computer replied

    session.handle(KEYBOARD, "cofnij ruch")
    assert session.state.to_json() == before and session.moves_played == played
    assert _mover(session) == 0
    told = "Nauczyciel cofa ostatni ruch (Ola) i odpowiedzi komputera po nim"
    assert told in streams[0].getvalue() and told in console.getvalue()
    path = tmp_path / "lesson.jsonl"
    assert len(journal_mod.read(path).entries) == played
    session.close()
    resumed = resume_session(path, lexicon=polish, outputs=[
        SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
        for n in NAMES[:2]])
    assert resumed.state.to_json() == before
    resumed.close()


def test_the_page_gives_more_time_to_one_seat_through_the_tables_control(
    tmp_path: Path, polish: Any
) -> None:
    from braille_words.web.app import teacher_app
    from braille_words.web.server import WebServer
    from braille_words.web.tables import TeacherTable, TeacherTables
    from tests.web.conftest import PASSWORD, Client

    table = _clocked(tmp_path, polish)
    server = WebServer(teacher_app(TeacherTables([TeacherTable(1, table.session)]), PASSWORD))
    server.start()
    try:
        teacher = Client(server.url)
        teacher.login(PASSWORD)
        token = teacher.page_token()
        waiting = (table.mover + 1) % 3
        status, answer = teacher.control(1, {"action": "more_time", "seat": waiting}, token)
        assert status == 200 and answer["said"] == f"Zrobione: Więcej czasu (minuta): " \
            f"{NAMES[waiting]}."
        status, _ = teacher.control(1, {"action": "more_time", "seat": table.mover}, token)
        assert status == 200
        status, answer = teacher.control(1, {"action": "more_time", "seat": 7}, token)
        assert status == 404 and answer["said"] == "Nie ma takiego miejsca."
    finally:
        server.stop()
    table.session.pump()  # the game loop carries the controls out between moves
    assert table.clock.remaining() == pytest.approx(100)  # 40 s left, and the minute
    assert "Nauczyciel daje ci 60 s więcej" in table.streams[waiting].getvalue()
    assert table.session._banked == {waiting: 60}


def test_a_page_control_that_would_do_nothing_says_why_not_done(
    tmp_path: Path, polish: Any
) -> None:
    """"Więcej czasu" at a table with no clock, "Słowo zostaje" with no word disputed,
    "Cofnij" before any move: the page says why nothing happened, never "Zrobione"."""
    from braille_words.web.app import teacher_app
    from braille_words.web.server import WebServer
    from braille_words.web.tables import TeacherTable, TeacherTables
    from tests.web.conftest import PASSWORD, Client

    session, _streams, _console = _table(tmp_path, polish)  # no clock at this table
    server = WebServer(teacher_app(TeacherTables([TeacherTable(1, session)]), PASSWORD))
    server.start()
    try:
        teacher = Client(server.url)
        teacher.login(PASSWORD)
        token = teacher.page_token()
        for body, why in (
            ({"action": "more_time"}, "Teraz nie biegnie żaden zegar."),
            # One student's minute, too: the page said "Zrobione" while the table said no
            # clock runs (found in a lesson at a host's table without a clock).
            ({"action": "more_time", "seat": 1},
             "Więcej czasu (minuta): Janek — Teraz nie biegnie żaden zegar."),
            ({"action": "rule", "stands": True}, "Teraz nie ma czego rozstrzygać."),
            ({"action": "undo"}, "Nie ma ruchu do cofnięcia."),
        ):
            status, answer = teacher.control(1, body, token)
            assert status == 409 and answer["said"] == why and not answer["ok"], body
        status, answer = teacher.control(1, {"action": "pause"}, token)
        assert status == 200 and answer["said"].startswith("Zrobione")
    finally:
        server.stop()


def test_a_seat_whose_keyboard_cannot_be_used_is_shown_on_the_teachers_page(
    tmp_path: Path, polish: Any
) -> None:
    """The student was told, but a blind student cannot mend a device path: the page shows
    it at that seat (the sentence ``stan`` says) until the keyboard works again."""
    import json

    from braille_words.web.app import teacher_app
    from braille_words.web.server import WebServer
    from braille_words.web.tables import TeacherTable, TeacherTables
    from tests.web.conftest import PASSWORD, Client

    session, _, console = _table(tmp_path, polish)
    server = WebServer(teacher_app(TeacherTables([TeacherTable(1, session)]), PASSWORD))
    server.start()
    try:
        teacher = Client(server.url)
        teacher.login(PASSWORD)

        def alerts() -> list[Any]:
            _, body = teacher.request("api/tables")
            return [s["alert"] for s in json.loads(body)["tables"][0]["seats"]]

        assert alerts() == [None, None, None]
        session.outputs[1].on_device("keyboard_lost")
        session.pump()
        said = ("Janek: klawiatura nie działa (odłączona albo bez uprawnień). Podłącz ją, "
                "albo „komputer Janek” da to miejsce komputerowi.")
        assert alerts() == [None, said, None] and said in console.getvalue()
        session.outputs[1].on_device("keyboard_back")
        session.pump()
        assert alerts() == [None, None, None]
    finally:
        server.stop()
