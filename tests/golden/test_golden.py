"""Whole seeded games play exactly as recorded (see cases.py): the table's refactors keep them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from golden_cases import CASES, Case
from golden_run import play

HERE = Path(__file__).resolve().parent
STAMP = re.compile(r"\d{8}-\d{6}(-\d+)?")


def _steady(text: str) -> str:
    return STAMP.sub("<time>", text)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_seeded_game_plays_as_recorded(case: Case, polish: Any) -> None:
    expected = (HERE / f"{case.name}.txt").read_text(encoding="utf-8")
    assert _steady(play(case)) == _steady(expected)
