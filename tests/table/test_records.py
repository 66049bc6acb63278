"""How long records of minors are kept, and forgetting a student (issue 31).

The games are real: a seeded 7 słów game played to its end by the table, its seats then named
as students (the moves do not depend on who made them), with an activity log per student.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from braille_words.cli import main
from braille_words.lexicon.store import lexicon_dir
from braille_words.reports.summary import build_report
from braille_words.table import journal as journal_mod
from braille_words.table.activity import ActivityLog, activity_path, read_activity
from braille_words.table.records import housekeeping
from braille_words.table.results import game_results
from braille_words.user_config import DEFAULT_KEEP_DAYS

DAY = 24 * 60 * 60


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One finished three-seat game, played once for the module."""
    folder = tmp_path_factory.mktemp("played")
    path = folder / "gra.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        _own_data(folder / "data", patch)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(["play", "siedem-slow", "--seed", "5", "--journal", str(path),
                         "--players", "computer:beginner,computer:beginner,computer:beginner"])
    assert code == 0 and journal_mod.read(path).finished
    return path


def _own_data(folder: Path, patch: pytest.MonkeyPatch) -> Path:
    """braille-words' data folder for one test, with the shared word lists linked in."""
    lexicon = lexicon_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if lexicon.exists() and not (folder / "lexicon").exists():
        (folder / "lexicon").symlink_to(lexicon.resolve())
    patch.setenv("BRAILLE_WORDS_DATA", str(folder))
    patch.delenv("BRAILLE_WORDS_CONFIG", raising=False)
    return folder


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return _own_data(tmp_path / "data", monkeypatch)


def _students(played: Path, dest: Path, names: list[str | None], group: str = "") -> Path:
    """The played game as a game of these students (None: the computer kept the seat) of
    the class ``group``, with each student's hint, command and refused word in the activity
    log."""
    lines = played.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    for seat, name in enumerate(names):
        if name is not None:
            header["seats"][seat].update(name=name, kind="human", group=group)
    lines[0] = json.dumps(header, ensure_ascii=False) + "\n"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("".join(lines), encoding="utf-8")
    log = ActivityLog.beside(dest, now=lambda: 1_000.0)
    for seat, name in enumerate(names):
        if name is not None:
            log.note(seat, "hint")
            log.note(seat, "command", "karty")
            log.note(seat, "refused", f"sekret{name.lower()}", "Nie ma takiego słowa.")
    log.close()
    return dest


def _age(journal: Path, days: float) -> None:
    then = time.time() - days * DAY
    for path in (journal, activity_path(journal)):
        if path.exists():
            os.utime(path, (then, then))


def test_records_older_than_a_school_year_are_removed_when_a_command_starts_and_said_once(
    played: Path, data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = data / "sessions"
    old = _students(played, sessions / "wrzesien-zeszly.jsonl", ["Ola", None, None])
    recent = _students(played, sessions / "marzec.jsonl", ["Ola", None, None])
    _age(old, DEFAULT_KEEP_DAYS + 20)
    _age(recent, DEFAULT_KEEP_DAYS - 20)  # September's game, read for June's report
    assert main(["report"]) == 0
    said = capsys.readouterr().err
    assert not old.exists() and not activity_path(old).exists()
    assert recent.exists() and activity_path(recent).exists()
    assert said.count("Usunięto 1 zapis gry starszy niż 365 dni") == 1
    assert main(["report"]) == 0
    assert "Usunięto" not in capsys.readouterr().err  # nothing more to remove, nothing said


def test_keep_days_in_the_config_or_on_the_command_line_sets_how_long(
    played: Path, data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = data / "sessions"
    games = [_students(played, sessions / f"g{n}.jsonl", ["Ola", None, None]) for n in range(3)]
    _age(games[0], 40)
    _age(games[1], 10)
    (data / "config.toml").write_text("[data]\nkeep_days = 30\n", encoding="utf-8")
    housekeeping("en")
    assert [g.exists() for g in games] == [False, True, True]
    assert "Removed 1 saved game older than 30 days" in capsys.readouterr().err
    housekeeping("pl", keep=0)  # --keep-days 0 keeps everything, whatever the file says
    assert games[1].exists()
    housekeeping("pl", keep=5)  # --keep-days wins over the file
    assert [g.exists() for g in games] == [False, False, True]


def test_a_wrong_keep_days_is_a_sentence_not_a_traceback(
    data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (data / "config.toml").write_text("[data]\nkeep_days = \"rok\"\n", encoding="utf-8")
    assert main(["report"]) == 1
    err = capsys.readouterr().err
    assert "keep_days w sekcji [data]" in err and "to liczba dni" in err and "rok" in err
    assert "Traceback" not in err


def test_a_game_in_play_is_never_removed_for_its_age(played: Path, data: Path) -> None:
    game = _students(played, data / "sessions" / "trwa.jsonl", ["Ola", None, None])
    _age(game, 400)
    with game.open("a") as playing:
        fcntl.flock(playing.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        housekeeping("pl")
        assert game.exists()


def test_forgetting_a_student_removes_a_game_only_they_played(
    played: Path, data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    alone = _students(played, data / "sessions" / "sam.jsonl", ["Ola", None, None])
    assert main(["forget", "--student", "ola"]) == 0  # as the teacher types it
    assert not alone.exists() and not activity_path(alone).exists()
    assert "Usunięto 1 zapis gry" in capsys.readouterr().out


def test_forgetting_a_student_of_a_shared_game_keeps_the_others_game_and_their_report(
    played: Path, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    klasa = tmp_path / "klasa-5b"
    shared = _students(played, klasa / "lekcja.jsonl", ["Ola", "Janek", "Ewa"])
    before_results = game_results(shared, "pl")
    before = {s.name: s for s in build_report([shared]).students}
    assert main(["forget", "--student", "Ola", "--class", str(klasa)]) == 0
    assert "W 1 grze z innymi graczami" in capsys.readouterr().out

    assert "Ola" not in shared.read_text(encoding="utf-8")
    log = activity_path(shared).read_text(encoding="utf-8")
    assert "sekretola" not in log and "sekretjanek" in log
    assert all(a.seat != 0 for a in read_activity(shared))
    after = {s.name: s for s in build_report([shared]).students}
    assert set(after) == {"Janek", "Ewa"}  # no row for Ola, nor for a nameless seat
    for name in after:
        assert (after[name].words, after[name].refused, after[name].hints) == (
            before[name].words, before[name].refused, before[name].hints)
    # The others' game reads as it did, the forgotten seat under a seat's number.
    after_results = game_results(shared, "pl")
    assert len(after_results) == len(before_results)
    assert [line.replace("Ola", "Gracz 1") for line in before_results] == after_results
    assert main(["forget", "--student", "Ola", "--class", str(klasa)]) == 0
    assert "Nie znaleziono zapisów ucznia Ola" in capsys.readouterr().out


def test_an_unfinished_shared_game_still_replays_after_a_student_is_forgotten(
    played: Path, data: Path,
) -> None:
    game = _students(played, data / "sessions" / "przerwana.jsonl", ["Ola", "Janek", None])
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    game.write_text("".join(lines[:6]), encoding="utf-8")  # the lesson ended mid-game
    assert main(["forget", "--student", "Ola"]) == 0
    record = journal_mod.read(game)
    assert not record.finished and len(record.entries) == 5
    assert [s["name"] for s in record.header.seats][:2] == ["Gracz 1", "Janek"]
    said = game_results(game, "pl")  # replays every move, as resume does
    assert "resume" in said[-1]


def test_a_game_in_play_is_left_alone_and_named(
    played: Path, data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    game = _students(played, data / "sessions" / "teraz.jsonl", ["Ola", "Janek", None])
    text = game.read_text(encoding="utf-8")
    with game.open("a") as playing:
        fcntl.flock(playing.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert main(["forget", "--student", "Ola"]) == 1
    assert game.read_text(encoding="utf-8") == text
    assert str(game) in capsys.readouterr().out


def test_forget_older_than_removes_every_record_past_that_age(
    played: Path, data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = data / "sessions"
    old = _students(played, sessions / "stara.jsonl", ["Ola", None, None])
    new = _students(played, sessions / "nowa.jsonl", ["Ola", None, None])
    host = sessions / "hosts" / "20250101-080000"
    host.mkdir(parents=True)
    (host / "host.json").write_text("{}", encoding="utf-8")
    _age(old, 100)
    os.utime(host / "host.json", (time.time() - 100 * DAY,) * 2)
    assert main(["forget", "--older-than", "30", "--lang", "en"]) == 0
    assert not old.exists() and new.exists() and not host.exists()
    assert "Removed 1 saved game older than 30 days" in capsys.readouterr().out


@pytest.fixture(autouse=True)
def _no_leftovers() -> Iterator[None]:
    from braille_words.private_files import take_tightened

    take_tightened()
    yield


def test_forgetting_ola_of_3b_keeps_ola_of_3a_and_a_bare_name_asks_which(
    played: Path, data: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Two students of one name in two classes are two students: "forget --student Ola"
    took both Olas' games; now it asks which class, and forgets only that one."""
    a = _students(played, data / "sessions" / "3a.jsonl", ["Ola", "Janek", None], "3a")
    b = _students(played, data / "sessions" / "3b.jsonl", ["Ola", None, None], "3b")
    assert main(["forget", "--student", "Ola"]) != 0
    assert "Uczniowie o imieniu Ola grali w kilku klasach: 3a, 3b." in capsys.readouterr().err
    assert a.exists() and b.exists() and "Ola" in a.read_text(encoding="utf-8")
    assert main(["forget", "--student", "Ola", "--student-class", "3b"]) == 0
    assert not b.exists() and "Ola" in a.read_text(encoding="utf-8")
    assert {(s.name, s.group) for s in build_report([a]).students} == {
        ("Ola", "3a"), ("Janek", "3a")}


def test_alicjas_turns_are_counted_one_speaker_at_a_time_not_as_7_slow_rounds(
    run_bw: Callable[..., Any], data: Path,
) -> None:
    """Alicja has rounds too, but one speaker at a time: counting its turns as 7 słów's
    (a seat's first move in a round, every seat at once) moved them, 28/29/29 where the
    seeded game's seats had 28 turns each, a Queen's theme counting only when she spoke
    last. 86 moves: three themes and 83 sayings; the Queen who chooses speaks first."""
    from braille_words.reports.summary import _replay

    run_bw("play", "alicja", "--players", "computer,computer,computer", "--seed", "3",
           "--no-timer", "--display", "none", "--speech", "none")
    [path] = sorted(data.rglob("*.jsonl"))
    record = journal_mod.read(path)
    replayed, names = _replay(record, {})
    assert len(record.entries) == 86
    assert {name: replayed.turns[(seat, name, True)] for seat, name in enumerate(names)} == {
        name: 28 for name in names}
