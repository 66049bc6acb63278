"""How the student's page draws the Scrabble karty board (issue 34 §5): a move laid and
waiting for the rivals' answer is outlined ("pending"), the last accepted move is marked
("last"); the page also says both in the square's name."""

from __future__ import annotations

from braille_words.speech.speaker import strip_marks
from tests.table.conftest import MakeTable


def test_a_move_waiting_for_its_answer_is_pending_and_once_accepted_the_last(
    make_table: MakeTable,
) -> None:
    session, _ = make_table(("human", "human"), game="scrabble_cards", seed=5)
    presenter = session.kit.presenter
    move = session.kit.computer.hint(session.rules, session.state, 0)
    assert move is not None
    line = session.kit.commands.to_command(move, session.state.view_for(0), "pl")
    session.handle(0, strip_marks(line))
    first = ("square", move.row, move.col)
    beyond = ("square", (move.row + 7) % 15, (move.col + 7) % 15)  # in neither row nor column
    view = session.state.view_for(1)
    assert view["phase"] == "verdict"
    assert presenter.target_look(first, view) == {"state": "pending"}
    session.handle(1, "akceptuj")
    view = session.state.view_for(0)
    assert view["phase"] == "turn"
    assert presenter.target_look(first, view) == {"state": "last"}
    assert presenter.target_look(beyond, view) == {}
    assert presenter.target_look(("rack", 0, "letter"), view).keys() <= {"value", "kind"}
