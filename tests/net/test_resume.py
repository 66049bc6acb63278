"""The teacher's computer is killed with -9 in the middle of a game: ``host --resume`` brings
the table back from its journal, the students' computers reconnect by themselves, and every
move confirmed before the kill is still there (issue 14, "faults with nothing lost")."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from braille_words.net.students import Student
from braille_words.table import journal
from tests.net.test_join import ROOT, Terminal


def _host(folder: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    log = (folder / f"host-{time.monotonic_ns()}.log").open("w", encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "host", *args],
        stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT, text=True, env=env,
        cwd=ROOT,
    )


def _wait_for(check: object, what: str, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if callable(check) and check():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited in vain for {what}")


def _moves(path: Path) -> list[journal.Entry]:
    return journal.read(path).entries if path.exists() else []


def test_host_killed_with_sigkill_resumes_from_its_journal_and_students_come_back(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "host"
    state = folder / "host.json"
    first = _host(tmp_path, "--players", "remote,remote", "--seed", "5", "--port", "0",
                  "--dir", str(folder), "--no-mdns", "--lang", "pl")
    procs = [first]
    try:
        _wait_for(lambda: state.exists() and json.loads(state.read_text())["port"], "host.json")
        saved = json.loads(state.read_text())
        port, codes = saved["port"], saved["tables"][0]["keys"]["codes"]
        table_journal = Path(saved["tables"][0]["journal"])
        # Seat 1: the real 'join', typing "dobierz" whenever it hears its turn.
        terminal = Terminal(f"127.0.0.1:{port}", "--code", codes["0"], "--speech", "text",
                            "--display", "none")

        def play_terminal() -> None:
            while terminal.proc.poll() is None:
                try:
                    terminal.until("Twój ruch", 60)
                except AssertionError:
                    return
                terminal.type("dobierz")

        threading.Thread(target=play_terminal, daemon=True).start()
        # Seat 2: a simulated student on its own thread.
        student = Student(f"ws://127.0.0.1:{port}/ws", codes["1"])

        student_thread = student.on_a_thread(most_seconds=120, reconnect=True)
        student_thread.start()

        _wait_for(lambda: len(_moves(table_journal)) >= 20, "twenty moves")
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
        confirmed = _moves(table_journal)
        second = _host(tmp_path, "--resume", str(folder))
        procs.append(second)
        student_thread.join(120)
        assert second.wait(60) == 0
        assert terminal.proc.wait(30) == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if "terminal" in locals() and terminal.proc.poll() is None:
            terminal.proc.kill()
            terminal.proc.wait()
    final = journal.read(table_journal)
    assert final.finished and student.over
    assert final.entries[: len(confirmed)] == confirmed  # every confirmed move is there
    assert len(final.entries) > len(confirmed)  # and the game went on to its end
    assert student.reconnects >= 1
    logs = sorted(tmp_path.glob("host-*.log"), key=lambda p: int(p.stem.removeprefix("host-")))
    assert "Stół 1 wznowiony z zapisu" in logs[-1].read_text(encoding="utf-8")
    seen = " ".join(terminal.seen)
    assert "Twój ruch" in seen
    while not terminal.lines.empty():
        terminal.seen.append(terminal.lines.get())
    printed = " ".join(terminal.seen)
    assert "Łączę ponownie" in printed and "Połączenie z nauczycielem wróciło" in printed
