"""Another student takes over a seat mid-game (``zamiana Ola Kasia`` at the teacher's
console): the game goes on, the table hears who plays now, and every report credits each
turn, time, hint and refusal to whoever made it — after a restart too; forgetting one of
the two students leaves the other's record whole."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.reports.render import as_lines
from braille_words.reports.summary import build_report
from braille_words.table.activity import activity_path
from braille_words.table.launch import resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.records import forget_student
from braille_words.table.session import KEYBOARD, AnySession, Input
from tests.web.conftest import seats_of, table_session


def _lesson(tmp_path: Path, polish: Any) -> tuple[AnySession, list[io.StringIO], io.StringIO]:
    """Ola and Janek draw two turns each; the teacher seats Kasia at Ola's place; Kasia
    types a line the game refuses, asks for a hint, and she and Janek draw two turns each."""
    session, streams = table_session(tmp_path, polish, "rummikub", seats_of(["Ola", "Janek"]),
                                     3, "game.jsonl")
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)

    def typed(seat: int, line: str) -> None:
        session.inputs.put(Input(seat, line))
        session.pump()

    def rounds(count: int) -> None:
        for _ in range(count * 2):
            (seat,) = session.state.awaiting
            before = session.moves_played
            typed(seat, "dobierz")
            assert session.moves_played == before + 1

    session._prompt()
    rounds(2)
    typed(KEYBOARD, "zamiana Ola Kasia")
    assert session.seats[0].name == "Kasia"
    if 0 not in session.state.awaiting:
        typed(1, "dobierz")
    typed(0, "ułóż QQQ")  # refused: Kasia's, not Ola's
    typed(0, "podpowiedź")
    rounds(2)
    return session, streams, console


def test_a_student_seated_mid_game_is_credited_with_her_own_turns_and_ola_with_hers(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, console = _lesson(tmp_path, polish)
    path = session.journal.path  # type: ignore[union-attr]
    session.close()
    assert "Zmiana gracza: na miejscu, na którym grał(a) Ola, gra teraz Kasia." in (
        streams[1].getvalue())
    assert "Kasia gra teraz na miejscu, na którym grał(a) Ola" in console.getvalue()
    report = build_report([path], {"pl": polish})
    by_name = {s.name: s for s in report.students}
    assert sorted(by_name) == ["Janek", "Kasia", "Ola"]
    ola, kasia, janek = by_name["Ola"], by_name["Kasia"], by_name["Janek"]
    assert (ola.moves, kasia.moves) == (2, 2) and janek.moves in (4, 5)
    assert ola.games == kasia.games == janek.games == 1
    assert not ola.refused and [t for t, _ in kasia.refused] == ["ułóż QQQ"]
    assert (ola.hints, kasia.hints) == (0, 1)
    assert len(ola.seconds) == 2 and len(kasia.seconds) == 2
    assert kasia.scores[0].shared == ("Ola",) and ola.scores[0].shared == ("Kasia",)
    assert kasia.scores[0].score == ola.scores[0].score
    assert "na zmianę z: Ola" in "\n".join(as_lines(report, "pl"))
    assert "taking turns with Kasia" in "\n".join(as_lines(report, "en"))


def test_a_game_resumed_after_a_crash_goes_on_with_the_student_seated_last(
    tmp_path: Path, polish: Any
) -> None:
    session, _, _ = _lesson(tmp_path, polish)
    path = session.journal.path  # type: ignore[union-attr]
    session.close()  # the program died here; the next lesson resumes the game
    again = resume_session(path, lexicon=polish, outputs=[
        SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
        for n in ("Ola", "Janek")])
    assert [s.name for s in again.seats] == ["Kasia", "Janek"]
    assert again.outputs[0].name == "Kasia"
    again.close()


def test_forgetting_the_student_seated_mid_game_keeps_olas_record_and_removes_hers(
    tmp_path: Path, polish: Any
) -> None:
    session, _, _ = _lesson(tmp_path, polish)
    path = session.journal.path  # type: ignore[union-attr]
    session.close()
    done = forget_student("Kasia", [tmp_path])
    assert done.redacted == [path]
    assert "Kasia" not in path.read_text(encoding="utf-8")
    assert "Kasia" not in activity_path(path).read_text(encoding="utf-8")
    report = build_report([path], {"pl": polish})
    by_name = {s.name: s for s in report.students}
    assert sorted(by_name) == ["Janek", "Ola"]
    assert by_name["Ola"].moves == 2 and len(by_name["Ola"].seconds) == 2
    # Forgetting Ola, too, leaves Janek alone in the report.
    forget_student("Ola", [tmp_path])
    assert [s.name for s in build_report([path], {"pl": polish}).students] == ["Janek"]
    from braille_words.table import journal as journal_mod

    text = path.read_text(encoding="utf-8")
    record = journal_mod.read(path)
    assert "Ola" not in text and record.seated[0] == ["Gracz 1"]
    assert record.header.seats[0]["name"] not in ("Gracz 1", "Janek")  # a name of its own


def test_two_students_who_change_places_swap_seats_and_each_keeps_their_own_record(
    tmp_path: Path, polish: Any
) -> None:
    """"zamiana Ola Janek": both at the table, so they swap places (in one journal write);
    each is credited with the moves made at whichever seat they sat at then."""
    session, streams = table_session(tmp_path, polish, "rummikub", seats_of(["Ola", "Janek"]),
                                     3, "game.jsonl")
    session._prompt()

    def draw() -> None:
        (seat,) = session.state.awaiting
        session.inputs.put(Input(seat, "dobierz"))
        session.pump()

    for _ in range(2):
        draw()  # one turn each
    session.inputs.put(Input(KEYBOARD, "zamiana Ola Janek"))
    session.pump()
    assert [s.name for s in session.seats] == ["Janek", "Ola"]
    assert "Zamiana miejsc: Ola i Janek zamieniają się miejscami." in streams[0].getvalue()
    for _ in range(4):
        draw()  # two turns each, at each other's seats
    path = session.journal.path  # type: ignore[union-attr]
    session.close()
    report = build_report([path], {"pl": polish})
    assert {s.name: s.moves for s in report.students} == {"Ola": 3, "Janek": 3}
    assert {s.name: s.games for s in report.students} == {"Ola": 1, "Janek": 1}


def test_the_computers_own_seat_takes_no_student_and_no_student_is_swapped_onto_it(
    tmp_path: Path, polish: Any
) -> None:
    """``zamiana Komputer Kasia`` once named the computer's seat Kasia while the computer
    played on, and the report gave Kasia the computer's score; ``zamiana Ola Komputer`` then
    made Ola's seat "Komputer". Both are refused, said to the teacher in their language, and
    the seats and the report are as before."""
    seats = seats_of(["Ola", "Janek", "Komputer"], kinds=["human", "human", "computer"])
    session, streams = table_session(tmp_path, polish, "rummikub", seats, 3, "game.jsonl")
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    session._prompt()
    for line in ("zamiana Komputer Kasia", "zamiana Ola Komputer"):
        session.inputs.put(Input(KEYBOARD, line))
        session.pump()
    assert [s.name for s in session.seats] == ["Ola", "Janek", "Komputer"]
    assert [s.kind for s in session.seats] == ["human", "human", "computer"]
    said = console.getvalue()
    assert "Na miejscu „Komputer” gra komputer z listy, nie uczeń: nikogo tam nie posadzę" in said
    assert "„Komputer” to komputer, nie uczeń: zamiana przesadza tylko uczniów." in said
    assert "Zmiana gracza" not in streams[0].getvalue() + streams[1].getvalue()
    session.teacher = SeatOutput(name="Teacher", lang="en", verbosity="beginner",
                                 transcript=console)
    session.inputs.put(Input(KEYBOARD, "replace Komputer Kasia"))
    session.pump()
    assert ("The computer of the roster plays the seat \"Komputer\", not a student"
            in console.getvalue())
    path = session.journal.path  # type: ignore[union-attr]
    session.close()
    report = build_report([path], {"pl": polish})
    assert sorted(s.name for s in report.students) == ["Janek", "Ola"]


def test_a_student_seat_the_computer_holds_for_a_while_still_takes_a_new_student(
    tmp_path: Path, polish: Any
) -> None:
    """Ola went home and the computer plays for her (``komputer Ola``); Kasia comes late and
    sits at Ola's place: that is a student's seat, and ``gracz Kasia`` gives it to her."""
    session, _ = table_session(tmp_path, polish, "rummikub", seats_of(["Ola", "Janek"]),
                               3, "game.jsonl")
    session._prompt()
    for line in ("komputer Ola", "zamiana Ola Kasia", "gracz Kasia"):
        session.inputs.put(Input(KEYBOARD, line))
        session.pump()
    assert (session.seats[0].name, session.seats[0].kind) == ("Kasia", "human")
    session.close()
