"""``host`` and ``join`` refuse what cannot work with one sentence each, before anything is
made: no traceback, no journal left behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from braille_words.cli import main


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "human,computer"], "no seat plays over the network"),
        (["--players", "remote,remote", "--cert", "{junk}"], "not a PEM certificate"),
        (["--players", "remote,remote", "--cert", "{missing}"], "No such file"),
        (["--players", "remote,remote", "--key", "{junk}"], "--key goes with --cert"),
        (["--players", "remote,sofa"], "not 'sofa'"),
    ],
)
def test_host_refuses_a_setup_that_cannot_work_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n", encoding="utf-8")
    folder = tmp_path / "host"
    filled = [a.format(junk=junk, missing=tmp_path / "missing.pem") for a in args]
    code = main(["host", *filled, "--port", "0", "--no-mdns", "--dir", str(folder)])
    err = capsys.readouterr().err
    assert code == 1 and said in err and "Traceback" not in err
    assert not list(folder.glob("*.jsonl"))


def test_host_resume_with_nothing_to_resume_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["host", "--resume", str(tmp_path), "--no-mdns"])
    err = capsys.readouterr().err
    assert code == 1 and "cannot be read" in err
