"""Ctrl+C while the program is still starting gives no traceback: nothing has started, so
the program ends quietly (exit 130). A traceback was printed for Ctrl+C pressed in the first
half second of ``play`` (the game's modules loading, before ``main`` could catch it)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from typing import Any

import pytest

from braille_words import cli


def test_ctrl_c_while_the_commands_modules_load_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(name: str, *args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib, "import_module", interrupted)
    assert cli.main(["play", "rummikub"]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out


def test_the_command_line_loads_almost_nothing_before_main_can_catch_ctrl_c() -> None:
    """Importing ``braille_words.cli`` (what the ``braille-words`` script does before it calls
    ``main``) loads none of the program's other modules, nor ``typing`` and ``argparse`` (a
    tenth of a second between them under load): a Ctrl+C meanwhile would be a traceback."""
    probe = ("import sys, json\nbefore = set(sys.modules)\nimport braille_words.cli\n"
             "print(json.dumps(sorted(set(sys.modules) - before)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert not loaded & {"typing", "argparse", "braille_words.errors"}
    assert {m for m in loaded if m.startswith("braille_words")} == {
        "braille_words", "braille_words.cli"}
