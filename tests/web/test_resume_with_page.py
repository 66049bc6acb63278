"""A lesson's game at one computer, played with the teacher's page, goes on next lesson with
its page: the teacher who ends it hears ``braille-words resume --teacher-page``, and that
command brings back the game and the page (its controls and reports) together."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.web.conftest import Client

ROSTER = """game = "rummikub"
[[seat]]
name = "Ola"
display = "none"
speech = "none"
keyboard = "none"
[[seat]]
name = "Komputer"
kind = "computer"
"""


def _program(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "braille_words.cli", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, encoding="utf-8")


def _page(program: subprocess.Popen[str]) -> tuple[str, str]:
    assert program.stdout is not None
    for line in program.stdout:
        if "Strona nauczyciela:" in line:
            url, password = line.split("Strona nauczyciela: ")[1].split(" — hasło: ")
            return url.strip(), password.strip()
    raise AssertionError("no teacher's page")


def test_a_game_ended_with_the_teachers_page_resumes_with_its_page(tmp_path: Path) -> None:
    roster = tmp_path / "klasa.toml"
    roster.write_text(ROSTER, encoding="utf-8")
    journal = tmp_path / "lekcja.jsonl"
    first = _program("play", "--roster", str(roster), "--seed", "3", "--no-timer",
                     "--teacher-page", "--teacher-port", "0", "--journal", str(journal))
    try:
        _page(first)
        out, _ = first.communicate("koniec\n", timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
    # Played without a clock, resumed without one by the command it names.
    assert "wznowi ją „braille-words resume --teacher-page --no-timer”" in out
    again = _program("resume", str(journal), "--no-timer", "--teacher-page",
                     "--teacher-port", "0")
    try:
        url, password = _page(again)
        teacher = Client(url)
        assert teacher.login(password)[0] == 200
        _, body = teacher.request("api/tables")
        table = json.loads(body)["tables"][0]
        assert [s["name"] for s in table["seats"]] == ["Ola", "Komputer"]
        assert not table["over"]
        out, _ = again.communicate("koniec\n", timeout=60)
    finally:
        if again.poll() is None:
            again.kill()
    assert "Gra zakończona dla wszystkich" in out
