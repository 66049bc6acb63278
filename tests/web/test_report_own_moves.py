"""A report counts only the student's own moves and times (the teacher's side of issue 15).

Found in a lesson: the teacher skipped Ewa's first turn ("pomiń"), she laid a word on the
next, and the report said "ruchy 2" with the skipped turn's wait in her average time. A move
the table makes in a seat's name (the time ran out, the teacher's skip) is marked as such in
the journal, its wait is no time of the student's, and the report says such turns apart:
"1 tura minęła bez ruchu: nauczyciel pominął (1)"."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from braille_words.audio.timers import ManualScheduler
from braille_words.games.registry import find_game
from braille_words.games.scrabble_cards.rules import Lay, Pass
from braille_words.games.word_rummikub.rules import Draw, TimeUp
from braille_words.reports.render import as_csv, as_html, as_lines
from braille_words.reports.summary import StudentReport, build_report
from braille_words.table.activity import ActivityLog
from braille_words.table.clock import TableClock
from braille_words.table.journal import Header, Journal, read
from braille_words.table.launch import _deal, new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.session import AnySession, Input
from tests.web.conftest import seats_of, table_session


class _Clock:
    """The activity log's time, moved on by the test (a wait of 100 s takes no time)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def _timed(session: AnySession, path: Path) -> _Clock:
    clock = _Clock()
    assert session.activity is not None
    session.activity.close()
    session.activity = ActivityLog.beside(path, now=clock)
    return clock


def _type(session: AnySession, seat: int, line: str) -> None:
    before = session.moves_played
    session.inputs.put(Input(seat, line))
    session.pump()
    assert session.moves_played > before, line


def _skipped_lesson(tmp_path: Path, polish: Any) -> tuple[Path, int]:
    """Scrabble karty, Ewa and Ola: Ewa's first turn waits 100 s and the teacher skips it;
    Ola passes after 3 s, Ewa lays a word after 5 s, Ola accepts it. Ewa's seat."""
    session, _ = table_session(tmp_path, polish, "scrabble_cards", seats_of(["Ewa", "Ola"]),
                               3, "skip.jsonl")
    clock = _timed(session, tmp_path / "skip.jsonl")
    kit, ewa = session.kit, session.state.current
    ola = 1 - ewa
    session.seats[ewa].name = "Ewa"
    session._prompt()  # the first turn begins, as ``run`` begins it
    clock.now += 100
    session.control.skip()
    session.pump()
    assert session.state.current == ola
    clock.now += 3
    _type(session, ola, kit.commands.to_command(Pass(), session.view_of(ola), "pl"))
    clock.now += 5
    move = kit.computer.choose_move(session.rules, session.state, ewa, "strong",
                                    random.Random(1))
    assert isinstance(move, Lay)
    _type(session, ewa, kit.commands.to_command(move, session.view_of(ewa), "pl"))
    clock.now += 2
    _type(session, ola, "akceptuj")
    session.close()
    return tmp_path / "skip.jsonl", ewa


def test_a_turn_the_teacher_skipped_is_no_move_of_the_students_and_its_wait_no_time_of_hers(
    tmp_path: Path, polish: Any
) -> None:
    path, ewa = _skipped_lesson(tmp_path, polish)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines[1] == {"seat": ewa, "move": {"kind": "pass"}, "by": "skip"}
    assert all("by" not in line for line in lines[2:])  # the players' own moves: as ever
    report = build_report([path], {"pl": polish})
    by_name = {s.name: s for s in report.students}
    assert by_name["Ewa"].moves == 1 and by_name["Ewa"].seconds == [5.0]
    assert (by_name["Ewa"].skipped, by_name["Ewa"].timed_out) == (1, 0)
    assert by_name["Ola"].moves == 1 and by_name["Ola"].skipped == 0
    # Her pass is her move's time; her "akceptuj" of Ewa's word is no move, nor its time.
    assert by_name["Ola"].seconds == [3.0]
    assert "Ewa: gry 1, ruchy 1, podpowiedzi 0, średni czas ruchu (s) 5.0" in as_lines(
        report, "pl")
    assert "  1 tura minęła bez ruchu: nauczyciel pominął (1)" in as_lines(report, "pl")
    assert "  1 turn passed without a move: the teacher skipped (1)" in as_lines(report, "en")
    assert not any("bez ruchu" in line for line in as_lines(report, "pl")[-7:])  # Ola's
    page = as_html(report, "pl")
    assert "<dt>tury bez ruchu</dt><dd>1 tura minęła bez ruchu: nauczyciel pominął (1)</dd>" \
        in page
    rows = list(csv.reader(io.StringIO(as_csv(report, "en"))))
    ewa_row = dict(zip(rows[0], next(r for r in rows if r[0] == "Ewa"), strict=True))
    assert ewa_row["moves"] == "1" and ewa_row["average time per move (s)"] == "5.0"
    assert ewa_row["turns without a move: skipped by the teacher"] == "1"
    assert ewa_row["turns without a move: time ran out"] == "0"


def test_a_skipped_turn_reads_back_as_the_teachers_skip_and_an_old_one_as_it_was_saved(
    tmp_path: Path, polish: Any
) -> None:
    """``results`` replayed the skip's move and said "Ewa pasuje." as if Ewa had passed. A
    journal from before the mark has the skip as a plain pass: it reads as a pass, nothing
    more is known (no "by", nor any activity line, tells it apart)."""
    from braille_words.table.results import game_results

    path, _ewa = _skipped_lesson(tmp_path, polish)
    said = game_results(path, "pl")
    assert "Nauczyciel pomija ruch: Ewa." in said
    assert not any("Ewa pasuje" in line for line in said)
    assert any("Ola pasuje" in line for line in said)  # her own pass is still hers
    old = tmp_path / "old.jsonl"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    old.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "by"}) + "\n"
                           for line in lines), encoding="utf-8")
    said = game_results(old, "pl")
    assert "Nauczyciel pomija" not in " ".join(said)
    assert any("Ewa pasuje" in line for line in said)


def test_an_answer_to_anothers_move_is_no_move_and_its_wait_no_moves_time(
    tmp_path: Path, polish: Any
) -> None:
    """7 słów: Ewa writes after 4 s and Ola after 6 s; the words are read, and each says
    "gotowe" (no challenges) 50 s later. The average move time said 27 s: the "gotowe" was
    timed from the words' reading as if it were a move."""
    session, _ = table_session(tmp_path, polish, "siedem-slow", seats_of(["Ewa", "Ola"]),
                               3, "seven.jsonl")
    session.timers = False
    clock = _timed(session, tmp_path / "seven.jsonl")
    session._prompt()
    for seat, (word, wait) in enumerate((("okno", 4), ("las", 2))):
        clock.now += wait
        _type(session, seat, word)
    for seat in (0, 1):
        clock.now += 50
        _type(session, seat, "gotowe")
    session.close()
    report = build_report([tmp_path / "seven.jsonl"], {"pl": polish})
    by_name = {s.name: s for s in report.students}
    assert (by_name["Ewa"].moves, by_name["Ewa"].seconds) == (1, [4.0])
    assert (by_name["Ola"].moves, by_name["Ola"].seconds) == (1, [6.0])


def test_turns_whose_time_ran_out_are_counted_apart_and_their_wait_is_no_ones_time(
    tmp_path: Path, polish: Any
) -> None:
    """Rummikub's move limit runs out twice for Ola and once for Jan; Jan then plays."""
    seats = seats_of(["Ola", "Jan"])
    session = new_session(find_game("rummikub"), seats, seed=4,
                          options={"move_limit_seconds": 30},
                          journal_path=tmp_path / "time.jsonl", lexicon=polish,
                          outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                                              transcript=io.StringIO()) for s in seats])
    clock = _timed(session, tmp_path / "time.jsonl")
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session._prompt()
    session._sync_clock()
    for _ in range(3):
        clock.now += 30
        scheduler.advance(31)
        session.pump()
    jan = session.state.current
    assert session.seats[jan].name == "Jan"
    clock.now += 7
    move = session.kit.computer.choose_move(session.rules, session.state, jan, "strong",
                                            random.Random(2))
    session.play(jan, move)
    session.close()
    entries = read(tmp_path / "time.jsonl").entries
    assert [e.by for e in entries] == ["time", "time", "time", ""]
    report = build_report([tmp_path / "time.jsonl"], {"pl": polish})
    by_name = {s.name: s for s in report.students}
    assert (by_name["Ola"].moves, by_name["Ola"].timed_out, by_name["Ola"].seconds) == (0, 2, [])
    assert (by_name["Jan"].moves, by_name["Jan"].timed_out, by_name["Jan"].seconds) == (
        1, 1, [7.0])
    assert "  2 tury minęły bez ruchu: czas minął (2)" in as_lines(report, "pl")
    assert "  2 turns passed without a move: the time ran out (2)" in as_lines(report, "en")


def test_a_journal_from_before_the_mark_reads_as_it_did_and_its_time_ups_are_the_tables(
    tmp_path: Path, polish: Any
) -> None:
    """Old journals have no ``by``: a line without it is the seat's own move (a Scrabble karty
    skip saved as a pass cannot be told apart), a time-up move is the table's."""
    kit = find_game("rummikub")
    seats = seats_of(["Ola", "Jan"])
    _, state, _ = _deal(kit, polish, {}, ["Ola", "Jan"], 4)
    first = int(state.current)
    journal = Journal.create(tmp_path / "old.jsonl", Header(kit.id, 4, [s.to_json()
                                                                         for s in seats]))
    journal.record(first, TimeUp().to_json())  # as the table wrote it before the mark
    journal.record(1 - first, Draw().to_json())
    journal.close()
    assert [e.by for e in read(tmp_path / "old.jsonl").entries] == ["", ""]
    (tmp_path / "old.activity.ndjson").write_text(
        f'{{"at": 10.0, "seat": {first}, "kind": "turn"}}\n'
        f'{{"at": 40.0, "seat": {first}, "kind": "move", "what": "time_up"}}\n'
        f'{{"at": 40.0, "seat": {1 - first}, "kind": "turn"}}\n'
        f'{{"at": 44.0, "seat": {1 - first}, "kind": "move", "what": "draw"}}\n',
        encoding="utf-8")
    report = build_report([tmp_path / "old.jsonl"], {"pl": polish})
    assert not report.skipped
    by_seat = {s.name: s for s in report.students}
    late, drew = by_seat[seats[first].name], by_seat[seats[1 - first].name]
    assert (late.moves, late.timed_out, late.seconds) == (0, 1, [])
    assert (drew.moves, drew.timed_out, drew.seconds) == (1, 0, [4.0])


@pytest.mark.parametrize(("count", "said"), [
    (2, "2 tury minęły bez ruchu: czas minął (1), nauczyciel pominął (1)"),
    (5, "5 tur minęło bez ruchu: czas minął (4), nauczyciel pominął (1)"),
    (22, "22 tury minęły bez ruchu: czas minął (21), nauczyciel pominął (1)"),
])
def test_turns_without_a_move_agree_with_their_number_in_polish(count: int, said: str) -> None:
    from braille_words.reports.summary import ClassReport

    ewa = StudentReport("Ewa", games=1, timed_out=count - 1, skipped=1)
    assert f"  {said}" in as_lines(ClassReport([ewa], 1), "pl")


def test_a_computers_move_for_a_student_whose_computer_is_away_is_marked_and_not_hers(
    tmp_path: Path, polish: Any
) -> None:
    """The host gives the seat of a student whose computer dropped off to a computer: its
    move's line says so ("away"), and the report counts it as the computer's at her seat."""
    session, _ = table_session(tmp_path, polish, "scrabble_cards", seats_of(["Ewa", "Ola"]),
                               3, "away.jsonl")
    ewa = session.state.current
    session._prompt()
    session.control.computer_plays(ewa, away=True)
    session.pump()
    session._computer_move(ewa)
    assert session.moves_played == 1
    session.close()
    lines = (tmp_path / "away.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["by"] == "away"
    student = next(s for s in build_report([tmp_path / "away.jsonl"], {"pl": polish}).students
                   if s.name == session.seats[ewa].name)
    assert (student.moves, student.computer_moves, student.skipped) == (0, 1, 0)
