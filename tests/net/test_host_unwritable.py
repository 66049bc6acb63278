"""``host`` where its tables cannot be saved (a read-only or full disk, a file where the
folder goes) says so in a sentence with the host's own remedy (``--dir``): it crashed ("something
went wrong inside the program") when the sessions folder was read-only, and a full disk sent
the teacher to ``--journal``, an option ``host`` does not have."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from braille_words.cli import main
from braille_words.table import journal


def _host(folder: Path, *more: str) -> list[str]:
    return ["host", "rummikub", "--players", "remote,computer", "--port", "0", "--no-mdns",
            "--dir", str(folder), *more]


def test_a_host_whose_folder_cannot_be_made_says_so_and_names_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "not-a-folder"
    taken.write_text("", encoding="utf-8")
    assert main(_host(taken / "klasa", "--lang", "en")) == 1
    err = capsys.readouterr().err
    assert "the tables cannot be saved in" in err and "--dir" in err
    assert "went wrong" not in err and "Traceback" not in err


def test_a_host_on_a_full_disk_says_so_in_polish_and_names_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: journal.Journal, *objs: Any) -> None:
        raise journal.JournalUnwritable.at(self.path, OSError(errno.ENOSPC, "full"))

    monkeypatch.setattr(journal.Journal, "_write", full)
    assert main(_host(tmp_path / "klasa")) == 1
    err = capsys.readouterr().err
    assert "brak miejsca na dysku; podaj inny folder opcją --dir" in err
    assert "--journal" not in err and "Traceback" not in err
    assert not list((tmp_path / "klasa").glob("*.jsonl"))
