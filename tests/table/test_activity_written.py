"""The activity log beside a journal (``table.activity``) is written when the table waits for
the next line, not note by note (issue 36: two or three notes a move cost a write each): a
report made while the game goes on reads everything done before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from braille_words.games.registry import find_game
from braille_words.table.activity import activity_path, read_activity
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players
from braille_words.table.session import Input


def test_what_a_seat_did_is_on_the_disk_once_the_table_waits(tmp_path: Path,
                                                             polish: Any) -> None:
    journal = tmp_path / "t.jsonl"
    session = new_session(find_game("rummikub"), parse_players("human,human", "pl"), seed=4,
                          lexicon=polish, journal_path=journal)
    seat = min(session.state.awaiting)
    session.inputs.put(Input(seat, "stojak"))
    session.inputs.put(Input(seat, "dobierz"))
    session.pump()  # the queue is empty: the table waits now
    done = [(a.seat, a.kind) for a in read_activity(journal)]
    assert (seat, "command") in done and (seat, "move") in done
    lines = activity_path(journal).read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(done)  # every line whole
    session.close()
