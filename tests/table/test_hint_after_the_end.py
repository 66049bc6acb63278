"""A hint asked for after the end (issue 33 §5)."""

from __future__ import annotations

import dataclasses
from typing import Any


def test_a_hint_after_the_end_says_the_game_is_over(make_table: Any) -> None:
    """Word Thief's "Nie widzę dobrego ruchu: możesz spasować" after the end sent a child
    looking for a move; every game now says the game is over."""
    session, streams = make_table()
    session.state = dataclasses.replace(session.state, over=True)
    session.handle(0, "podpowiedź")
    assert streams[0].getvalue().strip().splitlines()[-1] == (
        "Gra skończona: nie ma już ruchów. Możesz przeczytać wyniki.")
