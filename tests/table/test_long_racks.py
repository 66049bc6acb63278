"""Issue 30: a rack and a table word of more than 40 letters ended Rummikub with "too many
letters", and every resume ended the same way. The game goes on and resumes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.table.conftest import RunBW


def test_a_computer_with_forty_one_letters_to_search_plays_on_and_the_game_resumes(
    run_bw: RunBW, tmp_path: Path
) -> None:
    position = tmp_path / "c.json"
    position.write_text(json.dumps({"racks": ["lasek", "abcdefghijklmnoprs"],
                                    "table": ["niezdecentralizowaniami"], "current": 1}))
    journal = tmp_path / "c.jsonl"
    played = run_bw("play", "rummikub", "--players", "human,computer", "--position",
                    str(position), "--no-timer", "--display", "none", "--speech", "text",
                    "--journal", str(journal), stdin="wyjdź\n")
    assert "too many letters" not in played.stderr
    # The computer moved, and the turn came back ("Twój ruch", no longer named "Ruch: Gracz."
    # to the player it is for).
    assert "Twój ruch" in played.stdout and "Gra zapisana." in played.stdout
    resumed = run_bw("resume", str(journal), stdin="stojak\nwyjdź\n")
    assert "Stojak, 5 płytek" in resumed.stdout


def test_a_hint_for_a_rack_of_twenty_five_tiles_is_given(run_bw: RunBW, tmp_path: Path) -> None:
    position = tmp_path / "h.json"
    position.write_text(json.dumps({"racks": ["abcdefghijklmnoprstuwyzęą", "lasek"],
                                    "table": ["niezdecentralizowaniami"],
                                    "laid_down": [True, True]}))
    done = run_bw("play", "rummikub", "--players", "human,computer", "--position",
                  str(position), "--no-timer", "--display", "none", "--speech", "text",
                  "--journal", str(tmp_path / "h.jsonl"),
                  stdin="podpowiedź\npodpowiedź\nwyjdź\n")
    assert done.stdout.count("Podpowiedź:") == 2 and "Nie widzę" not in done.stdout
