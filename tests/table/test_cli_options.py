"""Options of 'play' that cannot go together are refused with a sentence, never ignored."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.table.conftest import RunBW


def test_solo_is_one_players_game_and_only_seven_words_has_it(
    run_bw: RunBW, tmp_path: Path
) -> None:
    many = run_bw("play", "siedem-slow", "--solo", "--players", "human,computer",
                  "--journal", str(tmp_path / "a.jsonl"), stdin="wyjdź\n", ok=False)
    assert many.returncode == 1 and "--solo is a game for one player" in many.stderr
    rummikub = run_bw("play", "rummikub", "--solo", "--journal", str(tmp_path / "b.jsonl"),
                      stdin="wyjdź\n", ok=False)
    assert rummikub.returncode == 1 and "rummikub has no solo game" in rummikub.stderr


def test_a_position_with_an_empty_table_word_is_refused(run_bw: RunBW, tmp_path: Path) -> None:
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"racks": ["aa", "bb"], "table": ["kot", ""]}))
    done = run_bw("play", "rummikub", "--players", "human,human", "--position", str(position),
                  "--journal", str(tmp_path / "c.jsonl"), stdin="wyjdź\n", ok=False)
    assert done.returncode == 1 and "needs at least one letter" in done.stderr


def test_two_seats_under_one_name_are_refused(run_bw: RunBW, tmp_path: Path) -> None:
    done = run_bw("play", "rummikub", "--seat", "1:name=Ada",
                  "--journal", str(tmp_path / "d.jsonl"), stdin="wyjdź\n", ok=False)
    assert done.returncode == 1 and "both called Ada" in done.stderr


def test_a_deeply_nested_position_is_named_and_no_save_is_claimed(
    run_bw: RunBW, tmp_path: Path
) -> None:
    """Issue 17: 200 000 nested arrays crashed json.loads and claimed a save that never was."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    run = run_bw("play", "rummikub", "--position", str(deep), "--display", "none",
                 "--speech", "text", ok=False)
    assert run.returncode == 1
    assert "nested too deeply" in run.stderr
    assert "saved" not in run.stderr


def test_an_empty_player_list_is_refused(run_bw: RunBW) -> None:
    run = run_bw("play", "rummikub", "--players", "", "--display", "none", "--speech", "text",
                 ok=False)
    assert run.returncode == 1
    assert "--players names nobody" in run.stderr


def test_the_closing_line_after_quitting_a_polish_game_is_polish(make_table: Any) -> None:
    from braille_words.table.cli import _saved_sentence

    session, _streams = make_table()
    said = _saved_sentence(session)
    first, path = said.splitlines()
    assert first == "braille-words: Gra zapisana; polecenie braille-words resume ją wznowi."
    assert path.startswith("Plik gry: ") and path.endswith(".jsonl")
    assert "the game is saved" not in said.lower()
    session.unsaved = True
    assert "nie udało się zapisać" in _saved_sentence(session)


def test_a_finished_game_can_be_read_again_from_its_journal(run_bw: RunBW, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    run_bw("play", "rummikub", "--players", "computer,computer", "--seed", "3", "--display",
           "none", "--speech", "text", "--journal", str(path))
    said = run_bw("results", str(path)).stdout.splitlines()
    assert said[-1].startswith("Koniec gry. Wyniki:")
    assert any("układa" in line for line in said)
    assert not any("Twoje płytki" in line for line in said)  # nothing private is repeated
    again = run_bw("resume", str(path), ok=False)
    assert "braille-words results" in again.stderr


def test_a_seat_given_a_display_on_the_command_line_gets_a_rosters_keyboard() -> None:
    """``--seat 1:name=Ola,display=baum:…`` is the roster's seat: Ola types on her display's
    keys, and the terminal's keyboard is no longer hers (its "dobierz" drew for her)."""
    from braille_words.table.roster import roster_from_data
    from braille_words.table.seats import apply_seat_option, parse_players

    seats = parse_players("human,human,human", "pl")
    apply_seat_option(seats, "1:name=Ola,display=baum:/dev/pts/9")
    apply_seat_option(seats, "2:name=Jan,display=none,speech=text")  # hot-seat, as before
    apply_seat_option(seats, "3:name=Ewa,display=focus:/dev/pts/8,keyboard=terminal")
    roster = roster_from_data({"seat": [{"name": "Ola", "display": "baum:/dev/pts/9"}]})
    assert seats[0].keyboard == roster.seats[0].keyboard == "none"
    assert seats[1].keyboard == "terminal"
    assert seats[2].keyboard == "terminal"  # said so: kept


def _refused(run_bw: RunBW, tmp_path: Path, *args: str) -> str:
    done = run_bw("play", *args, "--display", "none", "--speech", "text",
                  "--journal", str(tmp_path / "refused.jsonl"), stdin="wyjdź\n", ok=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    return done.stderr


def test_a_position_that_is_no_json_object_is_refused_not_replaced_by_a_deal(
    run_bw: RunBW, tmp_path: Path
) -> None:
    for text, named in (("null", "holds null"), ("[1, 2]", "holds a list")):
        position = tmp_path / "p.json"
        position.write_text(text)
        said = _refused(run_bw, tmp_path, "rummikub", "--position", str(position))
        assert named in said and "no game was started" in said


def test_a_position_that_is_no_regular_file_is_refused_at_once(
    run_bw: RunBW, tmp_path: Path
) -> None:
    # /dev/zero never ends and a named pipe waits for a writer: both hung the start.
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        said = _refused(run_bw, tmp_path, "rummikub", "--position", path)
        assert "is not a regular file" in said


def test_a_position_value_of_the_wrong_json_type_is_refused(
    run_bw: RunBW, tmp_path: Path
) -> None:
    position = tmp_path / "p.json"
    for bad, named in (({"current": "0"}, "current"), ({"bank": ""}, "bank")):
        position.write_text(json.dumps({"racks": ["kot", "dom"], **bad}))
        said = _refused(run_bw, tmp_path, "rummikub", "--players", "human,human",
                        "--position", str(position))
        assert named in said


def test_a_scrabble_board_in_two_pieces_is_refused(run_bw: RunBW, tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"board": ["1A kot", "15L pies"], "hands": ["ala", "dom"]}))
    said = _refused(run_bw, tmp_path, "scrabble-karty", "--players", "human,human",
                    "--position", str(position))
    assert "nie łączą się" in said  # a Polish game's exercise is refused in Polish


def test_a_seat_setting_given_twice_is_refused_not_overwritten(
    run_bw: RunBW, tmp_path: Path
) -> None:
    said = _refused(run_bw, tmp_path, "rummikub", "--seat", "1:name=Ola", "--seat", "1:name=Jan")
    assert "--seat 1 gives name twice (Ola, then Jan)" in said
    said = _refused(run_bw, tmp_path, "rummikub", "--seat", "1:name=Ola,name=Jan")
    assert "gives name twice" in said


def test_a_game_refused_its_words_language_is_said_in_the_language_asked_for(
    run_bw: RunBW, tmp_path: Path
) -> None:
    polish = run_bw("play", "word-thief", "--words", "pl", "--lang", "pl",
                    "--journal", str(tmp_path / "w.jsonl"), stdin="wyjdź\n", ok=False)
    assert polish.returncode == 1 and "słowami angielskimi, nie polskimi" in polish.stderr


def test_cells_sets_the_console_displays_width_and_no_other_displays(
    run_bw: RunBW, tmp_path: Path
) -> None:
    """``--display console --cells 14`` (as a teacher tries a 14-cell line) was "unrecognized
    arguments"; it now reads as ``console:14``, and on a display with its own width it is
    refused, not ignored."""
    done = run_bw("play", "rummikub", "--players", "human,computer", "--seed", "4",
                  "--display", "console", "--cells", "14", "--speech", "none",
                  "--journal", str(tmp_path / "cells.jsonl"), stdin="wyjdź\n")
    frames = [line for line in done.stdout.splitlines() if line and line[0] >= "\u2800"]
    assert frames and {len(line) for line in frames} == {14}
    assert "--cells" in _refused(run_bw, tmp_path, "rummikub", "--cells", "14")
