"""No traceback at the program's edges. Ctrl+C while the program is still starting ends it
quietly (exit 130): nothing has started (a traceback was printed for Ctrl+C in the first half
second of ``play``, while the game's modules loaded, before ``main`` could catch it). A fault
inside the program is one sentence, wherever its details could or could not be written."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
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


def test_a_crash_where_no_folder_takes_its_report_is_still_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fault inside the program is said in one sentence, its details in a file; when neither
    the data folder (read-only, full) nor the temporary folder takes that file, the sentence
    says so: the second failure is no traceback either."""
    import tempfile

    from braille_words.reports import cli as reports_cli

    def broken(args: Any) -> int:
        raise RuntimeError("Stojak Oli: o, en, eś")

    taken = tmp_path / "a-file"
    taken.write_text("", encoding="utf-8")
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(taken / "data"))
    monkeypatch.setattr(tempfile, "tempdir", str(taken / "tmp"))
    monkeypatch.setattr(reports_cli, "cmd_report", broken)
    assert cli.main(["report"]) == 70
    captured = capsys.readouterr()
    assert "something went wrong inside the program" in captured.err
    assert "Traceback" not in captured.err + captured.out
