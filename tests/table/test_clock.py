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


THEMED = {
    "theme": "zwierzęta",
    "position": {
        "racks": ["teeeeee", "iiiiiii"],
        "table": ["koszyk"],
        "laid_down": [True, True],
        "current": 0,
    },
}


def test_a_vote_nobody_answers_is_closed_by_the_clock_and_the_turn_stands(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(options=dict(THEMED))
    scheduler = _with_manual_clock(session)
    for line in ("podziel 1 3", "połóż 1 1 3", "gotowe"):
        session.handle(0, line)
    assert session.state.vote is not None and session.state.awaiting == frozenset({1})
    assert "Czy KOT, SZYK pasuje do tematu „zwierzęta”?" in streams[1].getvalue()
    scheduler.advance(50.5)
    assert "Zostało 10 sekund." in streams[1].getvalue()
    scheduler.advance(10)
    _drain(session)
    said = streams[0].getvalue()
    assert "Głosowanie zamknięte; nie zagłosowali: Gracz2." in said
    assert "Stół przyjmuje ruch gracza Gracz1." in said
    assert session.state.vote is None and session.state.scores[0] == 3


def test_without_a_clock_another_player_closes_the_vote_but_not_the_one_voted_on(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(options=dict(THEMED, vote_seconds=0))
    for line in ("podziel 1 3", "połóż 1 1 3", "gotowe"):
        session.handle(0, line)
    assert session.clock is not None and session.clock.running is None
    session.handle(0, "zamknij głosowanie")
    assert "głosowanie zamykają inni" in streams[0].getvalue()
    assert session.state.vote is not None
    session.handle(1, "zamknij głosowanie")
    assert "Stół przyjmuje ruch gracza Gracz1." in streams[1].getvalue()
    assert session.state.vote is None and session.state.scores == (3, 0)


def test_a_seat_clock_runs_only_for_the_seat_named_and_warns_at_its_marks() -> None:
    from braille_words.games.interface import SeatClockRequest
    from braille_words.table.clock import SeatClocks

    scheduler = ManualScheduler()
    heard: list[tuple[str, int, float]] = []
    clocks = SeatClocks(lambda: scheduler, lambda what, seat, left: heard.append(
        (what, seat, left)) if what != "tick" else None)
    clocks.sync(SeatClockRequest(120.0, 0, warnings=(60.0,)))
    scheduler.advance(70)
    assert clocks.sync(SeatClockRequest(120.0, 1, warnings=(60.0,))) == 0
    scheduler.advance(30)
    assert (clocks.left(0), clocks.left(1)) == (50.0, 90.0)
    clocks.pause()
    scheduler.advance(1000)
    clocks.go_on()
    clocks.sync(SeatClockRequest(120.0, 0, warnings=(60.0,)))
    scheduler.advance(50)
    assert heard == [("started", 0, 120.0), ("warning", 0, 60.0), ("started", 1, 120.0),
                     ("started", 1, 90.0), ("started", 0, 50.0), ("out", 0, 0.0)]
    assert clocks.left(0) == 0.0 and clocks.running is None


def test_a_long_clock_shows_minutes_and_seconds() -> None:
    from braille_words.table.clock import clock_text

    assert [clock_text(s) for s in (7.4, 99, 100, 1200, 1205)] == ["7", "99", "2m", "20m", "21m"]
