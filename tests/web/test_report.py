"""Reports per student (issue 15): a seeded three-seat game of Word Thief, typed by its three
students — moves the computer would choose, and lines the table refuses — read back from its
journal and activity log: each student's words, longest word, refusals with their reasons,
hints and commands; as lines, CSV, the printable page and ``braille-words report``."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path
from typing import Any

from braille_words.cli import main
from braille_words.games.word_thief.rules import Lay, StealMove
from braille_words.reports.render import as_csv, as_html, as_lines
from braille_words.reports.summary import build_report
from braille_words.table.session import Input
from tests.web.conftest import seats_of, table_session

NAMES = ["Ola", "Janek", "Ewa"]


def _play(tmp_path: Path, english: Any) -> tuple[Path, dict[str, list[str]],
                                                 dict[str, list[tuple[str, str]]]]:
    """Twelve turns of a seeded game; what each student laid and what was refused them."""
    session, streams = table_session(tmp_path, english, "word_thief",
                                     seats_of(NAMES, lang="en"), 5, "thief.jsonl")
    kit, laid = session.kit, {n: [] for n in NAMES}
    refused: dict[str, list[tuple[str, str]]] = {n: [] for n in NAMES}

    def typed(seat: int, line: str) -> None:
        session.inputs.put(Input(seat, line))
        session.pump()

    def refuse(seat: int, line: str) -> None:
        before = session.moves_played
        typed(seat, line)
        assert session.moves_played == before
        said = streams[seat].getvalue().strip().splitlines()[-1]
        refused[NAMES[seat]].append((line, said))

    session._prompt()  # as ``run`` begins: the first turn starts
    refuse(1, "lay zzzzq")  # Janek: not a word
    for turn in range(12):
        seat = min(session.state.awaiting)
        if turn == 2:
            refuse(seat, "lay qqqq")  # not in the hand, not a word
            typed(seat, "hint")
        if turn == 4:
            refuse(seat, "steal 9 = cat")  # there is no ninth word
        move = kit.computer.choose_move(session.rules, session.state, seat, "strong",
                                        random.Random(turn))
        before = session.moves_played
        typed(seat, kit.commands.to_command(move, session.state.view_for(seat), "en"))
        assert session.moves_played == before + 1
        if isinstance(move, Lay):
            laid[NAMES[seat]].append(move.word.upper())
        elif isinstance(move, StealMove):
            laid[NAMES[seat]].extend(w.upper() for w in move.words)
    session.close()
    return tmp_path / "thief.jsonl", laid, refused


def test_a_report_lists_each_students_words_and_refusals(tmp_path: Path, english: Any) -> None:
    journal, laid, refused = _play(tmp_path, english)
    report = build_report([journal], {"en": english})
    assert report.games == 1 and not report.skipped
    by_name = {s.name: s for s in report.students}
    assert sorted(by_name) == sorted(NAMES)
    assert any(laid.values()) and sum(len(r) for r in refused.values()) == 3
    for name in NAMES:
        student = by_name[name]
        assert student.games == 1
        assert student.words == list(dict.fromkeys(laid[name]))  # each word once
        assert student.longest == max(laid[name], key=len, default="")
        assert student.refused == refused[name]
        assert student.moves == 4  # twelve turns round three seats
        assert len(student.seconds) == 4
    hinted = [s for s in report.students if s.hints]
    assert len(hinted) == 1 and hinted[0].commands["hint"] == 1


def test_the_report_as_csv_lines_and_a_printable_page(tmp_path: Path, english: Any) -> None:
    journal, laid, _ = _play(tmp_path, english)
    report = build_report([journal], {"en": english})
    rows = list(csv.reader(io.StringIO(as_csv(report, "en"))))
    assert rows[0][:5] == ["Student", "class", "games", "moves", "words"]
    janek = next(r for r in rows if r[0] == "Janek")
    assert janek[1] == ""  # no roster, no class
    assert janek[4] == " | ".join(dict.fromkeys(laid["Janek"]))
    assert "lay zzzzq: " in janek[8]
    lines = "\n".join(as_lines(report, "pl"))
    assert "Janek: gry 1" in lines and "lay zzzzq" in lines
    page = as_html(report, "en")
    assert page.startswith("<!DOCTYPE html>") and "<h2" in page and "lay zzzzq" in page


def test_braille_words_report_reads_a_class_folder(
    tmp_path: Path, english: Any, capsys: Any
) -> None:
    _play(tmp_path, english)
    assert main(["report", "--class", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Games in this report: 1." in out and "Ola:" in out and "lay zzzzq" in out
    assert main(["report", str(tmp_path / "nothing.jsonl")]) != 0


def test_a_terms_report_shows_each_students_progress_week_by_week(
    tmp_path: Path, english: Any
) -> None:
    """The same game played again a week later (its activity a week on): each student has
    two weeks, as a chart for the eye and a table for a screen reader, and in the CSV."""
    import json
    import shutil

    journal, laid, _ = _play(tmp_path, english)
    later = tmp_path / "thief-later.jsonl"
    shutil.copy(journal, later)
    week = 7 * 24 * 3600
    activity = tmp_path / "thief.activity.ndjson"
    shifted = [json.loads(line) for line in activity.read_text(encoding="utf-8").splitlines()]
    for line in shifted:
        line["at"] += week
    (tmp_path / "thief-later.activity.ndjson").write_text(
        "".join(json.dumps(line) + "\n" for line in shifted), encoding="utf-8")
    report = build_report([journal, later], {"en": english})
    for student in report.students:
        weeks = list(student.weeks.values())
        assert len(weeks) == 2 and all(w.games == 1 for w in weeks)
        assert weeks[0].week < weeks[1].week
        assert weeks[0].words == weeks[1].words == len(
            list(dict.fromkeys(laid[student.name])))
    rows = list(csv.reader(io.StringIO(as_csv(report, "pl"))))
    blank = rows.index([])
    assert rows[blank + 1][:4] == ["Uczeń", "klasa", "tydzień", "gry"]
    assert len(rows[blank + 2:]) == 2 * len(report.students)
    page = as_html(report, "pl")
    assert page.count("Postęp w semestrze") == len(report.students)
    assert '<svg class="progress" aria-hidden="true"' in page and '<th scope="row">' in page


def test_english_words_are_marked_english_in_a_polish_report_and_not_in_an_english_one(
    tmp_path: Path, english: Any
) -> None:
    journal, _, _ = _play(tmp_path, english)
    report = build_report([journal], {"en": english})
    janek = next(s for s in report.students if s.name == "Janek")
    assert janek.words and all(janek.word_langs[w] == "en" for w in janek.words)
    polish_page = as_html(report, "pl")
    for word in janek.words:
        assert f'<span lang="en">{word}</span>' in polish_page
    assert '<span lang="en">' not in as_html(report, "en")


def test_polish_words_are_marked_polish_in_an_english_report() -> None:
    from braille_words.reports.summary import ClassReport, StudentReport

    ola = StudentReport("Ola", games=2, words=["KOTEK", "CAT"],
                        word_langs={"KOTEK": "pl", "CAT": "en"})
    report = ClassReport([ola], 2)
    english_page, polish_page = as_html(report, "en"), as_html(report, "pl")
    assert '<span lang="pl">KOTEK</span>, CAT' in english_page
    assert 'KOTEK, <span lang="en">CAT</span>' in polish_page
    assert '<dd><span lang="pl">KOTEK</span></dd>' in english_page  # the longest word too
