"""What a player types reaches every game without what they cannot see or hear."""

from __future__ import annotations

from pathlib import Path

import pytest

from braille_words.table.vocabulary import clean_line
from tests.table.conftest import RunBW

INVISIBLE = ["\ufeff", "\u200d", "\u200b", "\u200c", "\u2060", "\u00ad", "\u200e"]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_invisible_format_characters_are_dropped_from_a_typed_line(mark: str) -> None:
    assert clean_line(mark + "stojak") == "stojak"
    assert clean_line("sto" + mark + "jak") == "stojak"


def test_control_characters_still_become_spaces() -> None:
    assert clean_line("stojak\tteraz\x00") == "stojak teraz "


def test_a_byte_order_mark_before_a_command_leaves_it_known(
    run_bw: RunBW, tmp_path: Path
) -> None:
    done = run_bw("play", "rummikub", "--players", "human,computer", "--display", "none",
                  "--speech", "text", "--journal", str(tmp_path / "g.jsonl"),
                  stdin="\ufeffstojak\ns\u200dtojak\nwyjdź\n")
    assert done.stdout.count("Stojak, 14 płytek") >= 3  # the prompt's, then both commands'
    assert "Nie znam polecenia" not in done.stdout
