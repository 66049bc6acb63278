"""The end of a network lesson (issue 32): the teacher types ``koniec`` at the host's
console, or presses "Zakończ grę" on the teacher's page. Every student's ``join`` hears that
the teacher ended the game, the scores and that they may close — never a file of the
teacher's computer — and ends by itself, without trying to reconnect."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.test_join import Terminal
from tests.web.conftest import Client

ROOT = Path(__file__).resolve().parents[2]


class HostProcess:
    """``braille-words host`` as a teacher starts it, its console on standard input."""

    def __init__(self, folder: Path, players: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        self.folder = folder
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "braille_words.cli", "host", "--players", players,
             "--port", "0", "--bind", "127.0.0.1", "--no-mdns", "--dir", str(folder),
             "--no-timer"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, encoding="utf-8", env=env, cwd=ROOT,
        )
        self.page, self.password = "", ""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("Strona nauczyciela:"):
                self.page = line.split(": ", 1)[1].split(" — ")[0]
                self.password = line.rsplit("hasło: ", 1)[1].strip()
                break
        state = json.loads((folder / "host.json").read_text(encoding="utf-8"))
        self.port = int(state["port"])
        self.codes = [code for _, code in sorted(state["tables"][0]["keys"]["codes"].items())]

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.communicate(timeout=20)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[HostProcess]:
    started = HostProcess(tmp_path, "remote,remote")
    yield started
    started.stop()


def _students(host: HostProcess) -> list[Terminal]:
    students = [Terminal(f"127.0.0.1:{host.port}", "--code", code, "--speech", "text",
                         "--display", "none") for code in host.codes]
    for student in students:
        student.until("Dołączono do stołu")
    return students


def _ended_by_the_teacher(students: list[Terminal], host: HostProcess) -> None:
    for student in students:
        ended = student.until("Nauczyciel kończy grę. Wyniki:")
        assert "Możesz zamknąć program" in ended  # said once, with the scores
        assert student.proc.wait(30) == 0  # the program ended by itself
        printed = "\n".join(student.seen) + "".join(student.lines.queue)
        assert "Łączę ponownie" not in printed and str(host.folder) not in printed
        assert printed.count("Możesz zamknąć program") == 1


def test_koniec_at_the_host_ends_every_students_join(host: HostProcess) -> None:
    students = _students(host)
    host.type("koniec")
    _ended_by_the_teacher(students, host)


def test_the_page_ends_the_lesson_and_keeps_its_reports(host: HostProcess) -> None:
    students = _students(host)
    teacher = Client(host.page)
    assert teacher.login(host.password)[0] == 200
    token = teacher.page_token()
    status, answer = teacher.control(1, {"action": "end"}, token)
    assert status == 200 and answer["ok"]
    _ended_by_the_teacher(students, host)
    # The page stays, with its reports, until the teacher closes it.
    time.sleep(1)
    assert host.proc.poll() is None
    status, report = teacher.request("reports?scope=game")
    assert status == 200 and "Gier w raporcie: 1." in report
    host.type("")  # the teacher presses Enter at the host's console: now it closes
    assert host.proc.wait(30) == 0


def test_the_teacher_is_told_the_hosts_own_resume_when_the_lesson_ends(
    host: HostProcess,
) -> None:
    """Not "braille-words resume", which refuses a class's game: the host's folder (and,
    the host having played without a clock, without one again)."""
    host.type("koniec lekcji")
    assert host.proc.stdout is not None
    told = f"„braille-words host --resume {host.folder} --no-timer”"
    seen = []
    for line in host.proc.stdout:
        seen.append(line)
        if "Koniec lekcji" in line:
            break
    assert any(line.startswith("[Nauczyciel] Koniec lekcji: 1 stół zatrzymany") and told in line
               for line in seen), seen
    assert told in seen[-1]
