"""Alicja played by a blind child following only prompts and hints (issue 33, replayed).

At a table without a clock the hints ran out in a long round ("Nie mam pomysłu na słowo.",
again and again): no teapot would end the turn, and nothing said how to give up the turn.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.alicja.computer import theme_words
from braille_words.games.registry import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig


def _table(tmp_path: Path, polish: Any, lang: str) -> tuple[Any, list[io.StringIO]]:
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
             for n in ("Ola", "Jan", "Ewa")]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, options={}, journal_path=tmp_path / "a.jsonl",
        lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang=lang, verbosity="beginner",
                            transcript=streams[i]) for i, s in enumerate(seats)])
    return session, streams


@pytest.mark.parametrize(("lang", "ask", "told", "give_up"), [
    ("pl", "podpowiedź", "Bez słowa powiedz „koniec czasu”", "koniec czasu"),
    ("en", "hint", 'With no word, say "time up"', "time up"),
])
def test_a_hint_with_no_word_left_says_how_to_end_the_turn_at_a_table_without_a_clock(
        tmp_path: Path, polish: Any, lang: str, ask: str, told: str, give_up: str) -> None:
    session, streams = _table(tmp_path, polish, lang)
    session.timers = False  # --no-timer, or a piped stdin
    session.handle(0, "1")
    state = session.state
    assert state.phase == "talk" and state.current == 0
    every = theme_words(session.rules, state.view_for(0))
    session.state = replace(state, said=tuple((1, w) for w in every))
    session.handle(0, ask)
    assert told in streams[0].getvalue()
    session.handle(0, give_up)
    assert 0 in session.state.out
