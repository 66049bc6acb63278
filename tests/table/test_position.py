"""A teacher's exercise: the rulebook's examples set up from a position file and played."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BW = [sys.executable, "-m", "braille_words.cli"]


def _play(tmp_path: Path, position: dict[str, object], script: str) -> str:
    pos = tmp_path / "position.json"
    pos.write_text(json.dumps(position), encoding="utf-8")
    done = subprocess.run(
        [
            *BW,
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
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("rack", "table", "command", "made"),
    [
        ("za" + "kot", ["szczyt"], "1 +za = zaszczyt", "ZASZCZYT"),
        ("t" + "aaa", ["koszyk"], "1 +t = kot szyk", "KOT, SZYK"),
        ("aa" + "e", ["koszyk", "szczyt"], "1 2 +aa = szyszka oczy kat", "SZYSZKA, OCZY, KAT"),
    ],
)
def test_the_rulebooks_rebuilds_play_from_a_position(
    tmp_path: Path, rack: str, table: list[str], command: str, made: str
) -> None:
    said = _play(
        tmp_path, {"racks": [rack, "lasek"], "table": table}, f"{command}\ngotowe\nwyniki\nwyjdź\n"
    )
    assert f"układa: {made}." in said
    points = len(made.split(",")[0])
    assert f"Gracz: {points} pkt za słowo" in said


def test_an_exercise_resumes_from_its_position(tmp_path: Path) -> None:
    _play(tmp_path, {"racks": ["za", "lasek"], "table": ["szczyt"]}, "1 +za = zaszczyt\nwyjdź\n")
    done = subprocess.run(
        [*BW, "resume", str(tmp_path / "g.jsonl")],
        input="stół\nwyjdź\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "1 ZASZCZYT" in done.stdout


def test_a_bad_position_file_is_a_sentence(tmp_path: Path) -> None:
    pos = tmp_path / "position.json"
    pos.write_text('{"racks": ["zzzzzzzzzz", "a"]}', encoding="utf-8")
    done = subprocess.run(
        [
            *BW,
            "play",
            "rummikub",
            "--players",
            "human,human",
            "--position",
            str(pos),
            "--journal",
            str(tmp_path / "g.jsonl"),
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "no more Z tiles" in done.stderr
