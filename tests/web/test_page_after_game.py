"""``play --teacher-page`` at one computer (issue 32): when the game ends, the teacher's page
and its reports stay until the teacher closes them (Enter at the console), as under ``host``;
then the page is told once that the program closed, and stops trying to reconnect."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.web.conftest import Client


def test_the_teachers_page_stays_after_the_game_until_the_teacher_closes_it(
        tmp_path: Path) -> None:
    env = dict(os.environ)
    program = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "play", "rummikub", "--players",
         "human,computer", "--seed", "3", "--no-timer", "--teacher-page", "--teacher-port",
         "0", "--journal", str(tmp_path / "game.jsonl")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    assert program.stdin is not None and program.stdout is not None
    try:
        for line in program.stdout:
            if "Strona nauczyciela:" in line:
                url, password = line.split("Strona nauczyciela: ")[1].split(" — hasło: ")
                break
        teacher = Client(url.strip())
        teacher.login(password.strip())
        token = teacher.page_token()
        streamed: list[str] = []

        def listen() -> None:  # the page's live stream, as the browser reads it
            with teacher.opener.open(teacher.base + "events", timeout=60) as stream:
                for raw in stream:
                    streamed.append(raw.decode("utf-8"))

        threading.Thread(target=listen, daemon=True).start()
        status, _ = teacher.control(1, {"action": "end"}, token)
        assert status == 200
        # The game has stopped when the program says the page stays. (The table's "over"
        # was polled here before: a game the teacher ends is saved to resume, never "over",
        # so every run waited out the poll's 30 s.)
        stays = "Strona nauczyciela z raportami jest nadal otwarta"
        said = ""
        for line in program.stdout:
            said += line
            if stays in line:
                break
        assert stays in said, said
        time.sleep(1.5)
        # The game is over; the program, the page and its reports are still there.
        assert program.poll() is None
        status, report = teacher.request("reports?scope=game")
        assert status == 200 and "Gier w raporcie: 1." in report
        program.stdin.write("\n")
        program.stdin.flush()
        assert program.wait(timeout=20) == 0
        time.sleep(0.5)
        assert "event: closed\n" in streamed  # said once; the page stops reconnecting
    finally:
        if program.poll() is None:
            program.kill()
        program.wait()
