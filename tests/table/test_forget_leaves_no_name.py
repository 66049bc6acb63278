"""``forget --student Ola`` leaves her name nowhere in a game she shared: not in the journal,
and not in her classmates' activity lines, where what Janek was told when he typed out of
turn ("To nie twój ruch. Teraz gra: Ola.") kept it for the teacher's report to show."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from braille_words.cli import main
from braille_words.games.registry import find_game
from braille_words.lexicon.store import lexicon_dir
from braille_words.reports.summary import build_report
from braille_words.table.activity import activity_path
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig


def test_a_forgotten_student_is_not_named_in_her_classmates_activity(
    tmp_path: Path, polish: Any, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(data))
    names = ("Ola", "Janek")
    seats = [SeatConfig(name=n, kind="human", display="none", speech="none") for n in names]
    outputs = [SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=io.StringIO())
               for n in names]
    game = data / "sessions" / "lekcja.jsonl"
    session = new_session(find_game("scrabble-karty"), seats, seed=3, journal_path=game,
                          lexicon=polish, outputs=outputs)
    session.timers = False
    session._prompt()
    ola, janek = 0, 1
    if session.state.current != ola:
        session.handle(janek, "pas")
    session.handle(janek, "8H kot")  # out of turn: "Teraz gra: Ola."
    session.close()
    log = activity_path(game)
    assert "Teraz gra: Ola" in log.read_text(encoding="utf-8")
    refused = next(s.refused for s in build_report([game]).students if s.name == "Janek")

    assert main(["forget", "--student", "Ola"]) == 0
    capsys.readouterr()
    assert "Ola" not in game.read_text(encoding="utf-8")
    assert "Ola" not in log.read_text(encoding="utf-8")
    assert "Teraz gra: Gracz 1" in log.read_text(encoding="utf-8")
    report = build_report([game])
    assert [s.name for s in report.students] == ["Janek"]
    assert report.students[0].refused == [(typed, why.replace("Ola", "Gracz 1"))
                                          for typed, why in refused]


def test_the_crash_log_forgets_the_student_and_goes_with_the_games_of_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fault's report may hold a student's name and rack ("Stojak Oli" is the fault's own
    message); it was kept for ever, whatever ``keep_days`` and ``forget`` said."""
    import os
    import time

    from braille_words.cli import _write_crash_report
    from braille_words.table.records import housekeeping

    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(data))
    for message in ("Stojak Ola: o, en, eś", "Stojak Janek: a, be"):
        try:
            raise RuntimeError(message)
        except RuntimeError:
            log = Path(_write_crash_report())
    assert main(["forget", "--student", "ola"]) == 0
    capsys.readouterr()
    kept = log.read_text(encoding="utf-8")
    assert "Ola" not in kept and "Stojak Janek" in kept
    assert kept.startswith("Traceback") and kept.count("Traceback") == 1

    year_ago = time.time() - 400 * 24 * 3600
    os.utime(log, (year_ago, year_ago))
    housekeeping("pl", 365)
    assert not log.exists()
