"""A seat the computer held while its student was away is the student's again the moment it is
given back: a move the computer was still finding for it (on a worker's thread, as the host's
tables find theirs) is forgotten, never played over the student who was just told it is
their turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from braille_words.audio.timers import ManualScheduler
from braille_words.games.kit import Plan
from braille_words.table.clock import TableClock
from braille_words.table.inputs import Input
from braille_words.table.session import Session
from tests.table.conftest import MakeTable


class Stepper:
    """The table's turn loop driven as the host drives it (``net.stepped``): each step takes
    what waits on the queue; a computer's move is found only when the test runs its job."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.jobs: list[Callable[[], None]] = []
        session.think_elsewhere = self.jobs.append
        self._steps = session.steps()
        self._wait: Any = next(self._steps)

    def settle(self) -> None:
        """Everything queued carried out, as far as the table goes without more input."""
        while True:
            ready, item = self.session.inputs.take_for_step(timed=self._wait is not None)
            if not ready:
                return
            self._wait = self._steps.send(item)

    def line(self, seat: int, text: str) -> None:
        self.session.inputs.put(Input(seat, text))
        self.settle()


def test_a_move_the_computer_found_for_an_away_student_is_dropped_when_the_student_is_back(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(("human", "human"), seed=5)
    table = Stepper(session)
    session.control.computer_plays(1, away=True)  # Gracz2's computer dropped off
    table.settle()
    table.line(0, "dobierz")
    assert session.moves_played == 1 and session.state.awaiting == {1}
    assert len(table.jobs) == 1  # the computer is finding Gracz2's move

    session.control.person_plays(1)  # Gracz2's computer is back: the seat is hers
    table.settle()
    told = streams[1].getvalue()
    assert "Twój ruch" in told.rsplit("znów gra", 1)[-1]
    table.jobs.pop()()  # the move found meanwhile reaches the table
    table.settle()

    assert session.moves_played == 1 and session.state.awaiting == {1}
    assert session.seats[1].is_human
    assert streams[1].getvalue() == told  # nothing played for her, nothing said
    table.line(1, "dobierz")  # her own move
    assert session.moves_played == 2 and session.state.awaiting == {0}


def test_a_computer_holding_the_seat_still_plays_the_move_it_found(
    make_table: MakeTable,
) -> None:
    """The other side: while the computer holds the seat, the move it found is played."""
    session, _ = make_table(("human", "human"), seed=5)
    table = Stepper(session)
    session.control.computer_plays(1, away=True)
    table.settle()
    table.line(0, "dobierz")
    table.jobs.pop()()
    table.settle()
    assert session.moves_played == 2 and session.state.awaiting == {0}


def test_a_computer_still_pretending_to_think_when_the_student_is_back_plays_nothing(
    make_table: MakeTable, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """People play in real time: the computer thinks on the table's clock before it plays
    (Rummikub's plays at once; here it takes five seconds, as 7 słów's and Alicja's do)."""
    session, streams = make_table(("human", "human"), seed=5)
    computer = session.kit.computer
    found = computer.plan

    def slow(*args: Any) -> Plan[Any]:
        return Plan(found(*args).move, 5.0)

    monkeypatch.setattr(computer, "plan", slow)
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session.think = True
    table = Stepper(session)
    session.control.computer_plays(1, away=True)
    table.settle()
    table.line(0, "dobierz")
    table.jobs.pop()()  # found: now it pretends to think
    table.settle()
    assert session.moves_played == 1  # still thinking

    session.control.person_plays(1)
    table.settle()
    told = streams[1].getvalue()
    scheduler.advance(120)  # longer than any level's think time
    table.settle()
    assert session.moves_played == 1 and session.state.awaiting == {1}
    assert streams[1].getvalue() == told
