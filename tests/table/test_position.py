"""A teacher's exercise: the rulebook's examples set up from a position file and played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

RunBW = Any


def _play(
    run_bw: RunBW, tmp_path: Path, position: dict[str, object], script: str, *, ok: bool = True
) -> Any:
    pos = tmp_path / "position.json"
    pos.write_text(json.dumps(position), encoding="utf-8")
    return run_bw(
        "play",
        "rummikub",
        "--players",
        "human,human",
        "--position",
        str(pos),
        "--seed",
        "1",
        "--journal",
        str(tmp_path / "g.jsonl"),
        stdin=script,
        ok=ok,
    )


@pytest.mark.parametrize(
    ("rack", "table", "command", "made"),
    [
        ("za" + "kot", ["szczyt"], "1 +za = zaszczyt", "1 ZASZCZYT"),
        ("t" + "aaa", ["koszyk"], "1 +t = kot szyk", "1 KOT, 2 SZYK"),
        ("aa" + "e", ["koszyk", "szczyt"], "1 2 +aa = szyszka oczy kat",
         "1 SZYSZKA, 2 OCZY, 3 KAT"),
    ],
)
def test_the_rulebooks_rebuilds_play_from_a_position(
    run_bw: RunBW, tmp_path: Path, rack: str, table: list[str], command: str, made: str
) -> None:
    said = _play(
        run_bw,
        tmp_path,
        {"racks": [rack, "lasek"], "table": table},
        f"{command}\ngotowe\nwyniki\nwyjdź\n",
    ).stdout
    assert f"układa: {made}." in said  # each word made with the number it now has
    # Only the longest word that holds one of the player's own tiles scores.
    points = len(made.split(",")[0].split()[1])
    assert f"Gracz: {points} pkt za słowo" in said


def test_an_exercise_resumes_from_its_position(run_bw: RunBW, tmp_path: Path) -> None:
    _play(
        run_bw,
        tmp_path,
        {"racks": ["za", "lasek"], "table": ["szczyt"]},
        "1 +za = zaszczyt\nwyjdź\n",
    )
    done = run_bw("resume", str(tmp_path / "g.jsonl"), stdin="stół\nwyjdź\n")
    assert "1 ZASZCZYT" in done.stdout


def test_a_bad_position_file_is_a_sentence(run_bw: RunBW, tmp_path: Path) -> None:
    done = _play(run_bw, tmp_path, {"racks": ["zzzzzzzzzz", "a"]}, "", ok=False)
    assert done.returncode == 1
    # Said in the language of the game's people, blaming the file, not the player.
    assert "W komplecie nie ma już płytki Z: ćwiczenie prosi o więcej" in done.stderr
