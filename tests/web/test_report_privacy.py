"""A report on the teacher's page carries no other class's data: ``play --teacher-page`` keeps
its games in the account's sessions folder, beside every other game played on this computer
(another class's lesson, a child's game at home), and "Raport z semestru" there is the term of
this lesson's people alone. A class's own folder (``host --dir``, ``--journal klasa/…``) is
the teacher's choice: every game in it is the class's."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from braille_words.lexicon.store import lexicon_dir
from braille_words.table.seats import SeatConfig
from braille_words.table.session import AnySession, Input
from braille_words.web.app import teacher_app
from braille_words.web.server import WebServer
from braille_words.web.tables import TeacherTable, TeacherTables
from tests.web.conftest import PASSWORD, Client, seats_of, table_session


def _data_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """braille-words' data folder of the test's own, its word lists the shared compiled ones
    (never written)."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(folder))
    return folder


def _moves(session: AnySession, count: int = 4) -> None:
    """A few moves typed at the table, as its people would (the computer chooses them)."""
    session._prompt()  # as ``run`` begins: the first turn starts
    kit = session.kit
    for turn in range(count):
        seat = min(session.state.awaiting)
        move = kit.computer.choose_move(session.rules, session.state, seat, "strong",
                                        random.Random(turn))
        session.inputs.put(Input(seat, kit.commands.to_command(
            move, session.state.view_for(seat), "en")))
        session.pump()


def _in_class(seats: list[SeatConfig], group: str) -> list[SeatConfig]:
    for seat in seats:
        seat.group = group  # as their class's roster gives it
    return seats


def _term_report(folder: Path, english: Any, others: tuple[str, str] = ("Kuba", "Zosia"),
                 group: str = "", ours: str | None = None) -> str:
    """Another class's game (Kuba's) in ``folder``, then this lesson's (Ola's) with the
    teacher's page over it: the term's report as the teacher opens it, page and CSV.
    ``group``: the other class's, from its roster (this lesson's class is 3a then, or
    ``ours``)."""
    other, _ = table_session(folder, english, "word_thief",
                             _in_class(seats_of(others, lang="en"), group), 4,
                             "other-class.jsonl")
    _moves(other)
    other.close()
    lesson, _ = table_session(folder, english, "word_thief",
                              _in_class(seats_of(["Ola", "Ewa"], lang="en"),
                                        group and "3a" if ours is None else ours),
                              5, "lesson.jsonl")
    _moves(lesson)
    tables = TeacherTables([TeacherTable(1, lesson)], journals=folder)
    server = WebServer(teacher_app(tables, PASSWORD))
    server.start()
    try:
        client = Client(server.url)
        assert client.login(PASSWORD)[0] == 200
        status, page = client.request("reports?scope=term")
        csv_status, csv = client.request("reports.csv?scope=term")
        assert status == csv_status == 200
        return page + csv
    finally:
        server.stop()
        lesson.close()


def test_the_terms_report_of_the_sessions_folder_carries_no_other_class(
    tmp_path: Path, english: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _data_here(tmp_path, monkeypatch)
    report = _term_report(data / "sessions", english)
    assert "Ola" in report and "Ewa" in report
    assert "Kuba" not in report and "Zosia" not in report


def test_the_terms_report_of_a_class_folder_holds_every_game_in_it(
    tmp_path: Path, english: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _data_here(tmp_path, monkeypatch)
    report = _term_report(tmp_path / "klasa-5b", english)
    assert "Ola" in report and "Kuba" in report


def test_the_terms_report_leaves_out_another_classs_students_of_the_same_names(
    tmp_path: Path, english: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _data_here(tmp_path, monkeypatch)
    report = _term_report(data / "sessions", english, others=("Ola", "Ewa"), group="3b")
    assert "Ola (class 3a)" in report and "Ewa (class 3a)" in report
    assert "3b" not in report


def test_the_terms_report_keeps_this_classs_games_from_before_rosters_gave_a_class(
    tmp_path: Path, english: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _data_here(tmp_path, monkeypatch)
    report = _term_report(data / "sessions", english, others=("Ola", "Ewa"), ours="3a")
    assert "Ola (class 3a)" in report and "Games in this report: 2." in report
    assert "<h2 id=\"student-2\">" not in report  # two rows, Ola's and Ewa's
