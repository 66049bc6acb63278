"""A full disk, through the real program on a real full filesystem (a small tmpfs): a move that
is not saved is not made, the players are told in their language, "saved" is said only when it
is true, and the exit code matches what was said."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from braille_words.games.registry import find_game
from braille_words.present.messages import text
from braille_words.table.journal import Header, Journal, JournalUnwritable, read
from braille_words.table.seats import parse_players

PAGE = 4096
"""A tmpfs gives a file its room a page at a time."""


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A small filesystem of its own, to be filled up."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"no tmpfs can be mounted here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def _fill(disk: Path) -> None:
    """Not one byte more fits on ``disk``."""
    with (disk / "filler").open("wb", buffering=0) as f:
        for chunk in (PAGE, 1):
            with contextlib.suppress(OSError):
                while True:
                    f.write(b"\0" * chunk)


def _game_on_a_full_page(game: str, players: str, lang: str, path: Path) -> list[str]:
    """A new game's journal whose first page is full to the last byte (blank lines are
    nothing), so its very first move needs room the disk does not have; the seats' names."""
    seats = parse_players(players, lang)
    for seat in seats:
        seat.speech = seat.display = "none"
    Journal.create(path, Header(find_game(game).id, 3, [s.to_json() for s in seats], {})).close()
    with path.open("a", encoding="utf-8") as f:
        f.write("\n" * (PAGE - path.stat().st_size - 1))
    return [s.name for s in seats]


def _bw(data: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "braille_words.cli", *args], input=stdin, capture_output=True,
        text=True, timeout=300, env=dict(os.environ, BRAILLE_WORDS_DATA=str(data)),
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


GAMES = [
    ("rummikub", "computer,computer", "pl"),
    ("siedem-slow", "computer,computer", "pl"),
    ("alicja", "computer,computer,computer", "pl"),
    ("word-thief", "computer,computer", "en"),
    ("scrabble-karty", "computer,computer", "pl"),
]


@pytest.mark.parametrize(("game", "players", "lang"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_computers_move_the_disk_refuses_stops_the_game_and_everyone_is_told(
    disk: Path, data: Path, tmp_path: Path, game: str, players: str, lang: str
) -> None:
    """Issue 30: the program exited 1 with a sentence only on stderr; the players heard
    nothing. Now the move is not made, nothing after it is announced, every seat is told why
    in its language, and the exit code is 1: the game did not go on."""
    path = disk / "gra.jsonl"
    names = _game_on_a_full_page(game, players, lang, path)
    before = path.read_bytes()
    roomy = tmp_path / "roomy.jsonl"
    shutil.copy(path, roomy)
    _fill(disk)

    stopped = _bw(data, "resume", str(path))
    assert stopped.returncode == 1
    said = stopped.stdout.splitlines()
    sentences = {text(lang, "journal_failed_stopped", name=name, why="ENOSPC") for name in names}
    assert any(s in said[-1] for s in sentences), said[-3:]
    assert path.read_bytes() == before  # the refused line was cut off again: nothing saved
    assert read(path).entries == []
    assert text(lang, "closing_unsaved", path=path) in stopped.stderr

    # Nothing was announced that was not saved: up to the refusal the players heard exactly
    # what they hear of the same game with room on the disk, and not its first move.
    played = _bw(data, "resume", str(roomy))
    assert played.returncode == 0, played.stderr
    heard = [line.replace(str(roomy), str(path)) for line in played.stdout.splitlines()]
    assert said[:-1] == heard[: len(said) - 1]
    assert heard[len(said) - 1] not in stopped.stdout


def test_a_persons_move_the_disk_refuses_is_not_made_and_quitting_says_saved_truly(
    disk: Path, data: Path
) -> None:
    """The refusal was right, but "wyjdź" then said "Gra zapisana." while stderr said moves
    were not saved. The move was not made, so the game is saved as it stands: both say so."""
    path = disk / "gra.jsonl"
    _game_on_a_full_page("rummikub", "human,human", "pl", path)
    before = path.read_bytes()
    _fill(disk)
    done = _bw(data, "resume", str(path), stdin="dobierz\nwyjdź\n")
    said = done.stdout
    refusal = text("pl", "journal_failed", why="ENOSPC")
    assert refusal in said and "brak miejsca na dysku" in refusal
    answer = said[said.index("> dobierz"):said.index("> wyjdź")]
    assert answer.count("\n") == 2  # the refusal and nothing else: no draw was announced
    saved = text("pl", "saved_and_quit", resume="braille-words resume")
    assert saved in said[said.index("> wyjdź"):]
    assert done.returncode == 0 and done.stderr == ""
    assert path.read_bytes() == before


def test_a_start_the_disk_refuses_is_said_in_the_players_language_and_leaves_no_file(
    disk: Path, data: Path
) -> None:
    """A start refused on a full disk left an empty journal, which then hid the student's
    earlier game from resume; the refusal came in English to a Polish game."""
    _fill(disk)
    path = disk / "nowa.jsonl"
    done = _bw(data, "play", "rummikub", "--display", "none", "--speech", "text",
               "--journal", str(path), stdin="wyjdź\n")
    assert done.returncode == 1 and done.stdout == ""
    assert "nie mogę zapisać gry" in done.stderr and "brak miejsca na dysku" in done.stderr
    assert not path.exists()
    # The default place on a full disk: no empty journal left behind either.
    on_disk = disk / "data"
    (disk / "filler").unlink()
    (on_disk / "sessions").mkdir(parents=True)
    (on_disk / "lexicon").symlink_to((data / "lexicon").resolve(), target_is_directory=True)
    _fill(disk)
    done = _bw(on_disk, "play", "rummikub", "--display", "none", "--speech", "text",
               stdin="wyjdź\n")
    assert done.returncode == 1 and "brak miejsca na dysku" in done.stderr
    assert list((on_disk / "sessions").glob("*.jsonl")) == []


def test_a_line_the_disk_refuses_is_cut_off_and_never_completed_later(disk: Path) -> None:
    """A write cut short by a full disk left half a line, and the next write (once there was
    room) completed it: a move nobody had heard of was in the game."""
    path = disk / "gra.jsonl"
    journal = Journal.create(path, Header("rummikub", 1, [], {}))
    _fill(disk)
    saved = 0
    with pytest.raises(JournalUnwritable) as refused:
        for number in range(PAGE):
            journal.record(0, {"type": "draw", "n": number})
            saved += 1
    assert refused.value.why == "ENOSPC"
    assert path.read_bytes().endswith(b"\n")  # no half line left
    (disk / "filler").unlink()
    journal.record(0, {"type": "pass"})
    journal.close()
    moves = [e.move for e in read(path).entries]
    assert moves == [*({"type": "draw", "n": n} for n in range(saved)), {"type": "pass"}]
