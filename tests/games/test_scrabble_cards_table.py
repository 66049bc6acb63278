"""Scrabble karty at a real table, as a person types: the board's jumps (next word, next
free square beside the cards) typed as well as pressed, and a blank routed to a square given
its letter by one chord or a typed letter."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.braille import letter_cell
from braille_words.displays.console import ConsoleDisplay
from braille_words.displays.events import DisplayCommand
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


def _lines(session: Session) -> None:
    """What the seats' displays sent, handled as the table's loop handles it."""
    while not session.inputs.empty():
        item = session.inputs.get()
        if item.line is not None:
            session.handle(item.seat, item.line)


def _route(out: SeatOutput, line: str, target: Any) -> None:
    out.jump_to(line)
    key = out.key_for(target)
    assert key is not None, f"{target} is not in the window"
    out.on_display_command(DisplayCommand("route", key))


def blank_to_j8(tmp_path: Path, polish: Any) -> tuple[Session, list[io.StringIO]]:
    """Ola, at a 40-cell display, routes her blank (card 3), then square J8."""
    session, streams = table(tmp_path, polish, {"hands": ["k o ? e k a a", "d o m"]})
    out = session.outputs[0]
    out.attach_display(ConsoleDisplay(40, stream=io.StringIO()))
    session._prompt()
    _route(out, "cards", ("rack", 2, "blank"))
    _route(out, "board", ("square", 7, 9))
    _lines(session)
    return session, streams


def test_a_blank_routed_to_a_square_takes_its_letter_from_one_chord(
    tmp_path: Path, polish: Any
) -> None:
    session, streams = blank_to_j8(tmp_path, polish)
    out = session.outputs[0]
    said = streams[0].getvalue()
    assert "Dżoker, karta 3, na J8: jaką literę zastępuje? Napisz ją jednym akordem" in said
    out.on_display_command(DisplayCommand("braille_chord", letter_cell("t")))
    _lines(session)
    assert [(p.row, p.col, p.letter) for p in session.state.pending] == [(7, 9, "t")]
    assert "te na J8 (dżoker)." in streams[0].getvalue()
    assert not len(out.typing) and out.selection is None


def test_a_blank_routed_to_a_square_takes_a_typed_letter_too(
    tmp_path: Path, polish: Any
) -> None:
    session, _streams = blank_to_j8(tmp_path, polish)
    session.handle(0, "ż")  # the terminal keyboard
    assert [(p.row, p.col, p.letter) for p in session.state.pending] == [(7, 9, "ż")]
