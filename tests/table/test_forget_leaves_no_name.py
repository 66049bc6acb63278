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
