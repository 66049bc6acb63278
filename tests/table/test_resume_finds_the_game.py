"""``braille-words resume`` finds the game the player was told to resume: one started with
``--journal`` elsewhere, one behind a newer file that holds no game, one whose journal has a
blank line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from braille_words.table import saved_games
from braille_words.table.journal import Header, Journal, read, unstarted

PLAY = ("play", "rummikub", "--players", "human,computer", "--display", "none", "--speech",
        "text", "--no-timer")


@pytest.fixture
def data(tmp_path: Path, polish: Any) -> Path:
    """A data folder of our own that sees the already-built lexicon."""
    from braille_words.lexicon.store import lexicon_dir

    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    return folder


def _bw(data: Path, *args: str, stdin: str = "wyjdź\n") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "braille_words.cli", *args], input=stdin, capture_output=True,
        text=True, timeout=180, env=dict(os.environ, BRAILLE_WORDS_DATA=str(data)),
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_plain_resume_finds_a_game_started_with_journal_elsewhere(
    data: Path, tmp_path: Path
) -> None:
    """The game said "Gra zapisana. Wrócisz do niej poleceniem: braille-words resume." and that
    very command answered that there was no unfinished game."""
    path = tmp_path / "x" / "ola.jsonl"
    started = _bw(data, *PLAY, "--seed", "5", "--journal", str(path), stdin="dobierz\nwyjdź\n")
    assert "braille-words resume --no-timer." in started.stdout  # PLAY has no clock
    resumed = _bw(data, "resume", stdin="stojak\nwyjdź\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Wznowiono zapisaną grę" in resumed.stdout
    assert len(read(path).entries) >= 2  # the draw, and the computer's move, replayed


def test_a_remembered_journal_that_is_gone_is_forgotten(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    gone, kept = tmp_path / "a" / "gone.jsonl", tmp_path / "b" / "kept.jsonl"
    for path in (gone, kept):
        Journal.create(path, Header("rummikub", 1, [], {})).close()
        saved_games.remember(path, sessions)
    gone.unlink()
    assert saved_games.elsewhere(sessions) == [kept]
    saved_games.remember(kept, sessions)  # written again: pruned
    assert (sessions / saved_games.INDEX).read_text().splitlines() == [str(kept)]


def test_a_journal_in_the_sessions_folder_is_not_listed_twice(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    saved_games.remember(sessions / "g.jsonl", sessions)
    assert not (sessions / saved_games.INDEX).exists()


@pytest.mark.parametrize("newest", [b"", b"\n", b'{"format": "braille-words-journal", "ver'],
                         ids=["empty", "blank", "header-torn"])
def test_a_newest_file_with_no_game_does_not_hide_the_earlier_game(
    data: Path, newest: bytes
) -> None:
    """A start refused on a full disk left an empty journal, and ``resume`` stopped at it
    ("is empty"): the student's earlier unfinished game seemed lost."""
    assert _bw(data, *PLAY, "--seed", "5").returncode == 0
    sessions = data / "sessions"
    (earlier,) = sessions.glob("*.jsonl")
    empty = sessions / "20991231-235959-word_rummikub.jsonl"  # newer by name and by time
    empty.write_bytes(newest)
    assert unstarted(empty)
    resumed = _bw(data, "resume")
    assert resumed.returncode == 0, resumed.stderr
    lines = resumed.stdout.splitlines()
    assert any("Pomijam plik 20991231-235959-word_rummikub.jsonl" in line for line in lines)
    assert any("Wznowiono zapisaną grę" in line for line in lines)
    assert empty.read_bytes() == newest  # passed over, not touched
    assert saved_games.latest_unfinished(sessions) == (earlier, [empty])


def test_a_blank_line_in_a_journal_is_nothing(data: Path, tmp_path: Path) -> None:
    """A trailing blank line made a whole game "damaged at line 20"."""
    path = tmp_path / "g.jsonl"
    assert _bw(data, *PLAY, "--seed", "5", "--journal", str(path),
               stdin="dobierz\nwyjdź\n").returncode == 0
    moves = len(read(path).entries)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n" + lines[0] + "\n\n  \n" + "\n".join(lines[1:]) + "\n\n\r\n",
                    encoding="utf-8")
    assert len(read(path).entries) == moves
    resumed = _bw(data, "resume", str(path), stdin="dobierz\nwyjdź\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Wznowiono zapisaną grę" in resumed.stdout
    assert len(read(path).entries) > moves  # played on after the blank lines


def test_a_finished_game_started_with_journal_elsewhere_is_found_by_results(
    data: Path, tmp_path: Path
) -> None:
    path = tmp_path / "x" / "koniec.jsonl"
    assert _bw(data, "play", "rummikub", "--players", "computer,computer", "--seed", "3",
               "--display", "none", "--speech", "text", "--journal", str(path)).returncode == 0
    assert read(path).finished
    said = _bw(data, "results").stdout.splitlines()
    assert said and said[-1].startswith("Koniec gry. Wyniki:")
