"""One seat's view (``table.snapshot.seat_view``), the teacher's page's and a student's page's
building block: it holds that seat's own rack, sentences and display, and nothing of another
seat's — the house rule that one seat's hidden information never reaches another."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from braille_words.displays.console import ConsoleDisplay
from braille_words.table.snapshot import seat_view, table_view
from tests.web.conftest import seats_of, table_session


def test_a_seat_view_holds_its_own_rack_and_nothing_of_another_seat(
    tmp_path: Path, polish: Any
) -> None:
    session, streams = table_session(tmp_path, polish, "rummikub",
                                     seats_of(["Ola", "Janek"]), 3, "g.jsonl",
                                     {0: ConsoleDisplay(40, stream=io.StringIO())})
    presenter = session.kit.presenter
    racks = [presenter.rack_letters(session.state.view_for(s)) for s in (0, 1)]
    session.handle(1, "stojak")  # Janek hears his rack
    ola = seat_view(session, 0)
    assert ola["rack"] == racks[0] and ola["name"] == "Ola"
    shown = json.dumps(ola, ensure_ascii=False)
    assert racks[1] not in shown
    janek_private = [line for line in streams[1].getvalue().splitlines() if "Stojak" in line]
    assert janek_private and janek_private[-1] in seat_view(session, 1)["heard"]
    assert not any(line in shown for line in janek_private)
    # Her display: the cells and their print, as she reads them.
    assert ola["display"]["attached"] and ola["display"]["braille"]
    assert ola["display"]["print"]
    assert seat_view(session, 1)["display"]["attached"] is False


def test_the_teachers_table_view_has_every_seat_and_whose_turn(
    tmp_path: Path, polish: Any
) -> None:
    session, _ = table_session(tmp_path, polish, "rummikub",
                               seats_of(["Ola", "Janek", "Ewa"]), 3, "g.jsonl")
    view = table_view(session)
    assert [s["name"] for s in view["seats"]] == ["Ola", "Janek", "Ewa"]
    assert [s["seat"] for s in view["seats"] if s["turn"]] == view["awaiting"]
    assert view["takes_position"] is True and view["paused"] is False
    assert view["scores"] == [0, 0, 0]


def test_the_page_reads_the_moves_even_with_no_teachers_console(
    tmp_path: Path, polish: Any
) -> None:
    """Seats that share the terminal keyboard leave the teacher no console: the page's
    news still says each move ("Ola dobiera…"), not only whose turn it is."""
    session, _ = table_session(tmp_path, polish, "rummikub", seats_of(["Ola", "Janek"]), 3,
                               "g.jsonl")
    session.teacher = None
    mover = min(session.state.awaiting)
    session.handle(mover, "dobierz")
    news = table_view(session)["news"]
    assert f"{['Ola', 'Janek'][mover]} dobiera 1 płytkę" in news, news


def test_word_thiefs_lines_on_the_page_are_braille_and_print_never_escapes(
    tmp_path: Path, english: Any
) -> None:
    """A card's suit is dots 7 and 8: read back as text they were liblouis' escapes
    (``\\1368/``); the page says each card as the game names it."""
    session, _ = table_session(tmp_path, english, "word_thief", seats_of(["Ola", "Janek"]),
                               3, "g.jsonl")
    lines = seat_view(session, 0)["lines"]
    cards = next(line for line in lines if line["name"] == "cards")
    assert cards["braille"] and all("\\" not in line["print"] for line in lines)
    hand = session.state.view_for(0)["hand"]
    assert len(cards["print"].split(", ")) >= len(hand)  # each card named, with its suit


def test_scrabble_kartys_board_and_bonus_cards_are_on_the_page(
    tmp_path: Path, polish: Any
) -> None:
    """The display shows the board a row at a time; the teacher's page shows every row
    that holds a card, and the hand with its bonus cards by name."""
    import io as _io

    from braille_words.games.registry import find_game
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput

    seats = seats_of(["Ola", "Janek"])
    position = {"board": ["8H kotek"], "hands": ["abc same_ends", "de"]}
    session = new_session(
        find_game("scrabble-karty"), seats, seed=3, options={"position": position},
        journal_path=tmp_path / "s.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                            transcript=_io.StringIO()) for s in seats])
    ola = seat_view(session, 0)
    rows = [line for line in ola["lines"] if line["name"] == "board"]
    assert [row["row"] for row in rows] == [8]
    assert "K O T E K" in rows[0]["print"] and rows[0]["braille"]
    assert ola["rack"] == "abc + te same końce" and ola["word_lang"] == "pl"
    session.close()


def test_english_words_on_the_page_carry_their_language(tmp_path: Path, english: Any) -> None:
    session, _ = table_session(tmp_path, english, "word_thief", seats_of(["Ola", "Janek"]),
                               3, "g.jsonl")
    ola = seat_view(session, 0)
    assert ola["word_lang"] == "en" and ola["lang"] == "pl"  # the rack: lang="en"


def test_the_computers_own_seat_offers_no_form_to_seat_a_student(
    tmp_path: Path, polish: Any
) -> None:
    """The page showed "Inny uczeń zamiast: Komputer — Posadź" at the computer's own seat,
    and refused what it offered. A student's seat the computer holds for a while still
    takes a new student (``gracz`` then gives it to them)."""
    from braille_words.table.session import KEYBOARD

    seats = seats_of(["Ola", "Janek", "Komputer"], kinds=["human", "human", "computer"])
    session, _ = table_session(tmp_path, polish, "rummikub", seats, 3, "g.jsonl")
    session.handle(KEYBOARD, "komputer Janek")
    assert not session.seats[1].is_human
    assert [s["seatable"] for s in table_view(session)["seats"]] == [True, True, False]
