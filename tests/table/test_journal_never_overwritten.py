"""A saved game is never overwritten: not by a game started in the same second, nor by a
new game given its file; and a crash only calls a game saved when a journal holds it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from braille_words.table.journal import Header, Journal, JournalExists, read


def _header(seed: int = 7) -> Header:
    return Header("rummikub", seed, [{"name": "Ola"}, {"name": "Komputer"}], {})


# -- the journal itself ---------------------------------------------------------------------


def test_a_new_game_given_a_file_holding_a_game_is_refused_and_the_file_kept(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.jsonl"
    first = Journal.create(path, _header(1))
    first.record(0, {"type": "draw"})
    first.close()
    before = path.read_bytes()
    with pytest.raises(JournalExists, match="already holds a saved game; 'braille-words resume"):
        Journal.create(path, _header(2))
    assert path.read_bytes() == before


def test_a_file_that_is_no_game_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    with pytest.raises(JournalExists, match="not a saved game"):
        Journal.create(path, _header())
    assert path.read_text() == "my notes\n"


def test_an_empty_file_is_taken_for_the_new_game(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.touch()
    Journal.create(path, _header(5)).close()
    assert read(path).header.seed == 5


def test_games_with_the_same_default_name_get_a_file_each(tmp_path: Path) -> None:
    journals = [
        Journal.create_unique(tmp_path, "20250101-120000-rummikub", _header(s)) for s in (1, 2, 3)
    ]
    for j in journals:
        j.close()
    names = [j.path.name for j in journals]
    assert names == [
        "20250101-120000-rummikub.jsonl",
        "20250101-120000-rummikub-2.jsonl",
        "20250101-120000-rummikub-3.jsonl",
    ]
    assert [read(j.path).header.seed for j in journals] == [1, 2, 3]


# -- two games started in the same second, through the real program ----------------------


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder of our own that sees the already-built lexicon."""
    from braille_words.lexicon.store import lexicon_dir

    try:
        from braille_words.lexicon import get_lexicon

        get_lexicon("pl")
    except Exception as exc:
        pytest.skip(f"the Polish lexicon is not built ({exc})")
    folder = tmp_path_factory.mktemp("bw-journals")
    (folder / "lexicon").symlink_to(lexicon_dir().resolve(), target_is_directory=True)
    return folder


def _start(data: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, BRAILLE_WORDS_DATA=str(data))
    return subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _finish(process: subprocess.Popen[str], stdin: str) -> tuple[int, str, str]:
    out, err = process.communicate(stdin, timeout=120)
    assert "Traceback" not in err, err
    return process.returncode, out, err


PLAY = ("play", "rummikub", "--players", "human,computer", "--display", "none", "--speech", "text")


def test_two_games_started_in_one_second_both_survive_and_both_resume(data: Path) -> None:
    sessions = data / "sessions"
    sessions.mkdir()
    # Every name the next seconds can have is taken by a saved game already, so both new
    # games meet a same-second name, however the clock falls; none of those may be touched.
    from braille_words.games.registry import find_game

    game = find_game("rummikub").id
    now = time.time()
    taken = {}
    for second in range(-1, 30):
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now + second))
        path = sessions / f"{stamp}-{game}.jsonl"
        Journal.create(path, _header(100 + second)).close()
        taken[path] = path.read_bytes()

    first = _start(data, *PLAY, "--seed", "1")
    second = _start(data, *PLAY, "--seed", "2")
    assert _finish(first, "dobierz\ndobierz\nwyjdź\n")[0] == 0
    assert _finish(second, "wyjdź\n")[0] == 0

    for path, content in taken.items():
        assert path.read_bytes() == content, f"{path.name} was written over"
    new = sorted(set(sessions.glob("*.jsonl")) - set(taken))
    assert len(new) == 2, new
    by_seed = {read(p).header.seed: p for p in new}
    assert set(by_seed) == {1, 2}
    mine = {seed: [e for e in read(p).entries if e.seat == 0] for seed, p in by_seed.items()}
    assert len(mine[1]) == 2 and mine[2] == []  # two draws, and none

    for path in by_seed.values():
        code, out, err = _finish(_start(data, "resume", str(path)), "wyjdź\n")
        assert code == 0, err
        assert "Wznowiono zapisaną grę; rozegrane tury:" in out


def test_a_game_given_the_file_of_another_game_is_refused_in_a_sentence(
    data: Path, tmp_path: Path
) -> None:
    path = tmp_path / "mine.jsonl"
    assert (
        _finish(_start(data, *PLAY, "--seed", "1", "--journal", str(path)), "dobierz\nwyjdź\n")[0]
        == 0
    )
    before = path.read_bytes()
    code, _, err = _finish(_start(data, *PLAY, "--seed", "2", "--journal", str(path)), "wyjdź\n")
    assert code == 1
    # In the language of the game's people (Polish), not in English.
    assert err.startswith("braille-words:") and "jest już zapisana gra" in err
    assert path.read_bytes() == before


# -- errors that must not claim a save --------------------------------------------------------


def test_a_position_nested_200000_deep_is_a_sentence_not_a_crash(
    data: Path, tmp_path: Path
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    code, _, err = _finish(_start(data, *PLAY, "--position", str(deep)), "wyjdź\n")
    assert code == 1
    assert "nested too deeply" in err and "saved" not in err


def test_no_players_is_refused_not_taken_for_the_default_line_up(data: Path) -> None:
    code, out, err = _finish(
        _start(data, *PLAY[:2], "--players", "", "--display", "none"), "wyjdź\n"
    )
    assert code == 1
    assert "--players names nobody" in err
    assert out == ""


def test_a_crash_calls_a_game_saved_only_when_a_journal_holds_it(tmp_path: Path) -> None:
    script = f"""
import pathlib
from braille_words.cli import _what_is_saved
from braille_words.table.journal import Header, Journal
print(_what_is_saved())
j = Journal.create(pathlib.Path({str(tmp_path / "g.jsonl")!r}), Header("rummikub", 1, [], {{}}))
print(_what_is_saved())
j.finish({{}})
print(_what_is_saved())
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    before, during, after = done.stdout.splitlines()
    assert before == after == "No game had been saved."
    assert during.startswith("Your game is saved: 'braille-words resume ") and "g.jsonl" in during



def test_a_game_played_without_a_clock_names_the_resume_that_keeps_it_so(data: Path) -> None:
    """Found playing in English: a game started with ``--no-timer`` came back with its clock
    after a plain ``braille-words resume``, and the quit message named that plain command."""
    game = ("play", "rummikub", "--players", "human,computer", "--seed", "3",
            "--display", "none", "--speech", "text")
    code, said, _ = _finish(_start(data, *game, "--no-timer"), "wyjdź\n")
    assert code == 0 and "Wrócisz do niej poleceniem: braille-words resume --no-timer." in said
    code, said, _ = _finish(_start(data, *game), "wyjdź\n")
    assert code == 0 and "Wrócisz do niej poleceniem: braille-words resume." in said
