"""The table's queued work done as its run loop does it, in a test that drives time by hand."""

from __future__ import annotations

from typing import Any


def table_moves(session: Any) -> None:
    """Every item the clock put on the table's queue (a time-up move, a countdown's time left
    to journal), handled in order: a test no longer assumes the time-up move comes alone."""
    while not session.inputs.empty():
        item = session.inputs.get_nowait()
        if item.move is not None:
            session._table_move(item)
