"""Scrabble karty's game clock (``clock_minutes``) at a real table: a chess clock per player,
run by the table on time that moves by hand (no test sleeps)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.games.registry import find_game
from braille_words.table.clock import TableClock
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Session


def _table(tmp_path: Path, polish: Any, minutes: int = 2) -> tuple[Session, list[io.StringIO],
                                                                   ManualScheduler]:
    seats = [SeatConfig(name=name, kind="human", display="none", speech="none")
             for name in ("Ola", "Jan")]
    streams = [io.StringIO() for _ in seats]
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
               for i, s in enumerate(seats)]
    session = new_session(find_game("scrabble-karty"), seats, seed=3,
                          options={"clock_minutes": minutes}, journal_path=tmp_path / "g.jsonl",
                          lexicon=polish, outputs=outputs)
    return session, streams, _manual(session)


def _manual(session: Session) -> ManualScheduler:
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session._sync_clock()
    return scheduler


def _drain(session: Session) -> None:
    while not session.inputs.empty():
        item = session.inputs.get()
        if item.move is not None:
            session._table_move(item)


def test_only_the_player_to_move_loses_time(tmp_path: Path, polish: Any) -> None:
    session, streams, scheduler = _table(tmp_path, polish)
    first = session.state.current
    other = 1 - first
    assert "Każdy ma na zegarze 2 min na całą grę" in streams[other].getvalue()
    scheduler.advance(30)
    assert session.seat_left(first) == 90 and session.seat_left(other) == 120
    session.handle(first, "pas")
    scheduler.advance(15)
    assert session.seat_left(first) == 90 and session.seat_left(other) == 105
    session.handle(first, "zegar")
    said = streams[first].getvalue()
    names = session.seats
    assert f"{names[first].name} 1 min 30 s" in said
    assert f"{names[other].name} 1 min 45 s, biegnie" in said
    assert session._status(session.state.view_for(first)) == "90"
    assert session._status(session.state.view_for(other)) == "*2m"
    session.handle(other, "pas")
    scheduler.advance(30)
    session.handle(other, "zegar")
    assert f"{names[other].name} 1 min 45 s." in streams[other].getvalue()
    assert f"{names[first].name} 1 min, biegnie" in streams[other].getvalue()


def test_a_warning_at_a_minute_left_and_the_time_out_leaves_only_passing(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, scheduler = _table(tmp_path, polish)
    first = session.state.current
    scheduler.advance(60.5)
    assert "Na twoim zegarze została 1 minuta." in streams[first].getvalue()
    assert "Na twoim zegarze" not in streams[1 - first].getvalue()
    scheduler.advance(60)
    _drain(session)
    assert session.state.clock_out[first] and session.state.current == 1 - first
    assert "czas się skończył, może już tylko pasować" in streams[1 - first].getvalue()
    session.handle(1 - first, "pas")
    # Its clock out, the player is passed over at once: the other is to move again.
    assert session.state.current == 1 - first


def test_when_every_clock_is_out_each_loses_their_letters(tmp_path: Path, polish: Any) -> None:
    session, streams, scheduler = _table(tmp_path, polish, minutes=1)
    scheduler.advance(61)
    _drain(session)
    scheduler.advance(61)
    _drain(session)
    state = session.state
    assert state.over
    left = [session.rules.letters_left(hand) for hand in state.hands]
    assert list(state.scores) == [-x for x in left]
    assert "Wszystkim skończył się czas." in streams[0].getvalue()
    assert session.seat_left(0) is None and session.outputs[0]._clock == ""  # none shown


def test_a_paused_table_stops_the_clock(tmp_path: Path, polish: Any) -> None:
    session, _streams, scheduler = _table(tmp_path, polish)
    first = session.state.current
    scheduler.advance(10)
    session._pause("teacher")
    scheduler.advance(500)
    _drain(session)
    assert session.seat_left(first) == 110 and not session.state.clock_out[first]
    session._go_on()
    scheduler.advance(10)
    assert session.seat_left(first) == 100


def test_a_resumed_game_gives_each_player_the_time_they_had(tmp_path: Path, polish: Any) -> None:
    session, _streams, scheduler = _table(tmp_path, polish)
    first = session.state.current
    scheduler.advance(40)
    session.handle(first, "pas")
    scheduler.advance(5)
    session.close()
    outputs = [SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
               for n in ("Ola", "Jan")]
    again = resume_session(tmp_path / "g.jsonl", lexicon=polish, outputs=outputs)
    _manual(again)
    assert again.seat_left(first) == 80
    assert again.seat_left(1 - first) == 115
    again.close()


def test_without_clock_minutes_there_is_no_game_clock(tmp_path: Path, polish: Any) -> None:
    seats = [SeatConfig(name=n, kind="human", display="none", speech="none")
             for n in ("Ola", "Jan")]
    stream = io.StringIO()
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=stream)
               for s in seats]
    session = new_session(find_game("scrabble-karty"), seats, seed=3,
                          journal_path=tmp_path / "n.jsonl", lexicon=polish, outputs=outputs)
    _manual(session)
    assert session.seat_left(0) is None
    session.handle(session.state.current, "zegar")
    assert stream.getvalue().rstrip().endswith("Ta gra nie ma zegara: nikomu nie kończy się czas.")


def test_a_game_killed_mid_turn_gives_the_seat_back_at_most_a_few_seconds(
    tmp_path: Path, polish: Any
) -> None:
    """A kill (a crash, a power cut, a window closed to win time) in the middle of a long
    turn: the resumed seat has the time it had a few seconds before, not the whole turn back."""
    from braille_words.table.seat_clock import SAVE_EVERY

    session, _streams, scheduler = _table(tmp_path, polish)
    first = session.state.current
    scheduler.advance(45)
    _drain(session)
    assert session.journal is not None
    session.journal.close()  # killed: nothing closes the table, nothing more is written
    outputs = [SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
               for n in ("Ola", "Jan")]
    again = resume_session(tmp_path / "g.jsonl", lexicon=polish, outputs=outputs)
    _manual(again)
    left = again.seat_left(first)
    assert left is not None and 75 <= left <= 75 + SAVE_EVERY
    assert again.seat_left(1 - first) == 120
    again.close()
