"""Which games a report reads: every game the teacher's classes played, network lessons too.
A host keeps each lesson's tables in a folder of its own under braille-words' folder
(``hosts/DATE/table-N.jsonl``); a report of the term must find them there."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from braille_words.cli import main
from tests.web.test_report import _play


def test_a_class_report_reads_the_games_of_network_lessons_kept_in_the_hosts_folders(
    tmp_path: Path, english: Any, capsys: Any
) -> None:
    played = tmp_path / "played"
    played.mkdir()
    _play(played, english)
    lesson = tmp_path / "class" / "hosts" / "20261128-101500"
    lesson.mkdir(parents=True)
    for made in played.iterdir():  # the journal and its activity log, as a host keeps them
        shutil.copy(made, lesson / made.name.replace("thief", "table-1"))
    assert main(["report", "--class", str(tmp_path / "class"), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Games in this report: 1." in out and "Janek:" in out and "lay zzzzq" in out


def test_the_hosts_term_report_reads_braille_words_folder_not_only_this_lesson(
    tmp_path: Path, monkeypatch: Any
) -> None:
    from braille_words.net import cli as net_cli

    kept = tmp_path / "sessions"
    lesson = kept / "hosts" / "20261128-101500"
    lesson.mkdir(parents=True)
    monkeypatch.setattr("braille_words.table.launch.sessions_dir", lambda: kept)
    chosen: list[Path | None] = []
    monkeypatch.setattr("braille_words.web.hosted.host_page",
                        lambda host, journals=None, console=None: chosen.append(journals))
    net_cli._teacher_page(object(), lesson)
    net_cli._teacher_page(object(), tmp_path / "class-4b")  # the teacher's own --dir
    assert chosen == [kept, tmp_path / "class-4b"]
