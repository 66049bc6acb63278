"""The teacher takes back the last move (issue 15): the game is as it was before it, for every
seat and in the journal — a resume finds it so — and a move is taken back only when there is
one."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.games.registry import find_game
from braille_words.table import journal as journal_mod
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import KEYBOARD, AnySession


def _table(tmp_path: Path, polish: Any) -> tuple[AnySession, list[io.StringIO], io.StringIO]:
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
             for n in ("Ola", "Janek")]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("rummikub"), seats, seed=3, journal_path=tmp_path / "g.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
                 for i, s in enumerate(seats)])
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    return session, streams, console


def test_nothing_is_taken_back_before_the_first_move(tmp_path: Path, polish: Any) -> None:
    session, _, console = _table(tmp_path, polish)
    before = session.state.to_json()
    session.control.take_back()
    session.pump()
    assert "Nie ma ruchu do cofnięcia." in console.getvalue()
    assert session.state.to_json() == before


def test_a_drawn_tile_goes_back_and_the_same_seat_moves_again(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, _ = _table(tmp_path, polish)
    mover = min(session.state.awaiting)
    before, rack = session.state.to_json(), session.kit.presenter.rack_letters(
        session.state.view_for(mover))
    session.handle(mover, "dobierz")  # draws a tile, and the turn passes
    assert session.moves_played == 1 and mover not in session.state.awaiting
    session.handle(KEYBOARD, "cofnij ruch")  # the teacher's console
    session.pump()
    assert session.state.to_json() == before and session.moves_played == 0
    assert mover in session.state.awaiting
    assert session.kit.presenter.rack_letters(session.state.view_for(mover)) == rack
    for stream in streams:
        assert "Nauczyciel cofa ostatni ruch" in stream.getvalue()
    # The journal keeps the move as taken back: a resume finds the game as it is now.
    path = tmp_path / "g.jsonl"
    assert journal_mod.read(path).entries == []
    session.handle(mover, "dobierz")
    after = session.state.to_json()
    session.close()
    resumed = resume_session(path, lexicon=polish, outputs=[
        SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
        for n in ("Ola", "Janek")])
    assert resumed.state.to_json() == after and resumed.moves_played == 1
    resumed.close()
