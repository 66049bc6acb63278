"""Scrabble karty at a real table, as a person types: the board's jumps (next word, next
free square beside the cards) typed as well as pressed."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.games.registry import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Session


def table(tmp_path: Path, polish: Any, position: dict[str, Any], lang: str = "pl"
          ) -> tuple[Session, list[io.StringIO]]:
    seats = [SeatConfig(name=n, kind="human", display="none", speech="none")
             for n in ("Ola", "Jan")]
    streams = [io.StringIO() for _ in seats]
    outputs = [SeatOutput(name=s.name, lang=lang, verbosity="beginner", transcript=streams[i])
               for i, s in enumerate(seats)]
    session = new_session(find_game("scrabble-karty"), seats, seed=3,
                          options={"position": position}, journal_path=tmp_path / "g.jsonl",
                          lexicon=polish, outputs=outputs)
    return session, streams


def test_typed_jumps_step_through_the_words_and_the_free_squares(
    tmp_path: Path, polish: Any
) -> None:
    session, streams = table(tmp_path, polish, {
        "hands": ["l o t e s ? a", "d o m"], "board": ["8H kot", "J8 tak"]})
    for line in ("następne słowo", "następne słowo", "następne zaczepienie"):
        session.handle(0, line)
    said = streams[0].getvalue()
    assert "H8: KOT, w poziomie." in said
    assert "J8: TAK, w pionie." in said
    assert "K8: wolne pole przy kartach." in said
    assert session.outputs[0].grid("board") is not None
    assert said.index("J8: TAK") < said.index("H8: KOT")  # from the cursor on H8, round
    session.handle(1, "next word")  # each seat has its own cursor
    assert "J8: TAK, w pionie." in streams[1].getvalue()
