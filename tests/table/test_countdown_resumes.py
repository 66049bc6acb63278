"""A countdown the table runs (a move limit, 7 słów's hourglass, Alicja's teapot, a vote's
time) resumes with the time it had left: killed in the middle of a turn, the game gave the
whole time back (a student could close the window to win time)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.games.registry import find_game
from braille_words.table.clock import TableClock
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seat_clock import SAVE_EVERY
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Session
from tests.table.queued import table_moves

LIMIT = 60


def _outputs() -> list[SeatOutput]:
    return [SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
            for n in ("Ola", "Jan")]


def _on_manual_time(session: Session) -> ManualScheduler:
    """The session's own clock (with what a resume gave it) on time moved by hand."""
    scheduler = ManualScheduler()
    assert isinstance(session.clock, TableClock)
    session.clock._scheduler = scheduler
    session._sync_clock()
    return scheduler


def _started(tmp_path: Path, polish: Any) -> tuple[Session, ManualScheduler]:
    seats = [SeatConfig(name=n, kind="human", display="none", speech="none")
             for n in ("Ola", "Jan")]
    session = new_session(find_game("rummikub"), seats, seed=3,
                          options={"move_limit_seconds": LIMIT},
                          journal_path=tmp_path / "g.jsonl", lexicon=polish, outputs=_outputs())
    return session, _on_manual_time(session)


def test_a_turn_killed_half_way_resumes_with_the_time_it_had_not_the_whole_limit(
    tmp_path: Path, polish: Any
) -> None:
    session, scheduler = _started(tmp_path, polish)
    scheduler.advance(45)
    table_moves(session)  # the table journals the time left as it goes
    assert session.journal is not None
    session.journal.close()  # kill -9: nothing closes the table, nothing more is written
    again = resume_session(tmp_path / "g.jsonl", lexicon=polish, outputs=_outputs())
    _on_manual_time(again)
    assert again.clock is not None
    left = again.clock.remaining()
    assert left is not None and LIMIT - 45 <= left <= LIMIT - 45 + SAVE_EVERY
    again.close()


def test_a_game_closed_mid_turn_resumes_with_exactly_the_time_left(
    tmp_path: Path, polish: Any
) -> None:
    session, scheduler = _started(tmp_path, polish)
    scheduler.advance(17)
    table_moves(session)
    session.close()  # 'wyjdź': the table saves the running countdown as it closes
    again = resume_session(tmp_path / "g.jsonl", lexicon=polish, outputs=_outputs())
    _on_manual_time(again)
    assert again.clock is not None
    left = again.clock.remaining()
    assert left is not None and abs(left - (LIMIT - 17)) < 1.1
    again.close()


def test_the_next_turn_after_a_resume_has_its_whole_time(tmp_path: Path, polish: Any) -> None:
    """What a resume gives back is that countdown's only: a new turn starts full."""
    session, scheduler = _started(tmp_path, polish)
    scheduler.advance(45)
    table_moves(session)
    assert session.journal is not None
    session.journal.close()
    again = resume_session(tmp_path / "g.jsonl", lexicon=polish, outputs=_outputs())
    scheduler = _on_manual_time(again)
    scheduler.advance(LIMIT)  # the resumed turn's time runs out: the next seat's turn
    table_moves(again)
    assert again.clock is not None
    assert again.clock.remaining() == LIMIT
    again.close()
