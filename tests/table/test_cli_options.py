"""Options of 'play' that cannot go together are refused with a sentence, never ignored."""

from __future__ import annotations

import json
from pathlib import Path

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
    done = run_bw("play", "rummikub", "--seat", "1:name=Komputer",
                  "--journal", str(tmp_path / "d.jsonl"), stdin="wyjdź\n", ok=False)
    assert done.returncode == 1 and "both called Komputer" in done.stderr
