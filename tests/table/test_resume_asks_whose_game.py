"""``braille-words resume`` at a computer several students share under one account: nobody's
game is opened (nor its rack read out) before the person has said which game is theirs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from braille_words.table import saved_games
from braille_words.table.journal import Header, Journal, read
from braille_words.table.which_game import choose


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


def _game(folder: Path, stem: str, game: str, *names: str) -> Path:
    path = folder / f"{stem}.jsonl"
    seats = [{"name": n, "kind": "human", "lang": "pl"} for n in names]
    Journal.create(path, Header(game, 1, seats, {})).close()
    return path


def _ask(*answers: str) -> tuple[list[str], Any]:
    said: list[str] = []
    left = list(answers)

    def ask(prompt: str) -> str:
        said.append(prompt)
        if not left:
            raise EOFError
        return left.pop(0)

    return said, ask


def test_resume_with_two_students_games_opens_neither_before_being_told_which(
    data: Path,
) -> None:
    """Kuba typed 'resume' and heard Ola's rack: the newest game was opened, whoever's it was."""
    base = ("--display", "none", "--speech", "text", "--no-timer")
    assert _bw(data, "play", "rummikub", "--players", "human,computer", "--seat", "1:name=Ola",
               "--seed", "5", *base).returncode == 0
    assert _bw(data, "play", "siedem-slow", "--players", "human", "--seat", "1:name=Kuba",
               "--seed", "4", *base).returncode == 0
    resumed = _bw(data, "resume", stdin="stojak\nwyjdź\n")
    assert resumed.returncode != 0
    assert "Wznowiono" not in resumed.stdout + resumed.stderr
    assert "Stojak" not in resumed.stdout  # nobody's rack was read out
    assert "Ola" in resumed.stderr and "Kuba" in resumed.stderr  # but each game is named
    assert "braille-words resume" in resumed.stderr


def test_the_list_of_games_names_game_players_and_time_and_the_number_chooses(
    tmp_path: Path,
) -> None:
    ola = _game(tmp_path, "a", "word_rummikub", "Ola", "Komputer")
    kuba = _game(tmp_path, "b", "seven_words", "Kuba")
    os.utime(ola, (1, 1))  # Ola's is the older
    games, _ = saved_games.unfinished(tmp_path)
    assert games == [kuba, ola]
    lines: list[str] = []
    prompts, ask = _ask("3", "2")
    assert choose(games, "pl", interactive=True, ask=ask, say=lines.append) == ola
    assert lines[1] == "1. 7 słów: Kuba; dziś " + lines[1][-5:]
    assert lines[2].startswith("2. Rummikub Słowny: Ola, Komputer; 1970-01-01 ")
    assert any("Nie ma takiej gry" in line for line in lines)  # '3' asked again
    assert len(prompts) == 2
    assert all(len(line) < 80 for line in lines[1:3])  # one short line a game


def test_enter_alone_opens_no_game(tmp_path: Path) -> None:
    games = [_game(tmp_path, "a", "word_rummikub", "Ola"), _game(tmp_path, "b", "alicja", "Jan")]
    lines: list[str] = []
    assert choose(games, "en", interactive=True, ask=_ask("")[1], say=lines.append) is None
    assert lines[-1].startswith("No game was resumed.")


@pytest.mark.parametrize(("lang", "answer", "mine"),
                         [("pl", "t", True), ("pl", "", False), ("en", "yes", True),
                          ("en", "n", False)])
def test_the_only_game_is_named_and_opened_only_when_the_person_says_it_is_theirs(
    tmp_path: Path, lang: str, answer: str, mine: bool
) -> None:
    game = _game(tmp_path, "a", "word_rummikub", "Ola", "Komputer")
    lines: list[str] = []
    prompts, ask = _ask(answer)
    chosen = choose([game], lang, interactive=True, ask=ask, say=lines.append)
    assert chosen == (game if mine else None)
    assert "Ola, Komputer" in lines[1]
    assert ("twoja gra" if lang == "pl" else "your game") in prompts[0]


def test_a_script_resumes_the_only_game_without_being_asked(tmp_path: Path) -> None:
    game = _game(tmp_path, "a", "word_rummikub", "Ola")
    assert choose([game], "pl", interactive=False, ask=_ask()[1], say=print) == game
    assert not read(game).finished
