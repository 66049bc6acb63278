"""The table's clock: the optional move limit of Rummikub Słowny, on time that moves by hand."""

from __future__ import annotations

from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.table.clock import TableClock
from braille_words.table.session import Session

MakeTable = Any


def _drain(session: Session) -> None:
    while not session.inputs.empty():
        item = session.inputs.get()
        if item.move is not None:
            session._table_move(item)


def _with_manual_clock(session: Session) -> ManualScheduler:
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session._sync_clock()
    return scheduler


def test_the_move_limit_warns_then_passes_the_turn(make_table: MakeTable) -> None:
    session, streams = make_table(options={"move_limit_seconds": 60})
    scheduler = _with_manual_clock(session)
    seat = min(session.state.awaiting)
    scheduler.advance(50.5)
    assert "Zostało 10 sekund." in streams[seat].getvalue()
    assert session.state.awaiting == frozenset({seat})
    scheduler.advance(10)
    _drain(session)
    assert session.state.awaiting == frozenset({1 - seat})
    assert "koniec czasu" in streams[seat].getvalue()


def test_a_move_in_time_starts_a_fresh_countdown(make_table: MakeTable) -> None:
    session, _ = make_table(options={"move_limit_seconds": 60})
    scheduler = _with_manual_clock(session)
    first = min(session.state.awaiting)
    scheduler.advance(59)
    session.handle(first, "dobierz")
    scheduler.advance(59)
    _drain(session)
    assert session.state.awaiting == frozenset({first}) ^ frozenset({0, 1})


def test_no_clock_runs_without_a_move_limit(make_table: MakeTable) -> None:
    session, _ = make_table()
    assert session.clock is not None and session.clock.running is None
