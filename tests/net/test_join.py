"""``braille-words join`` as a student runs it: the table found on the network by mDNS (read
out as a list), the join code typed, the seat played with the student's own speech, and the
way out when input ends."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from braille_words.net.discovery import Announcer, browse
from braille_words.table import journal
from tests.net.conftest import HostMaker, self_signed

ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """A ``join`` process with its standard input and output, read line by line."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "braille_words.cli", "join", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, encoding="utf-8", env=env, cwd=ROOT,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, words: str, seconds: float = 20) -> str:
        while True:
            try:
                line = self.lines.get(timeout=seconds)
            except queue.Empty:
                raise AssertionError(f"never printed {words!r}; printed: {self.seen}") from None
            self.seen.append(line)
            if words in line:
                return line

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def end(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(30)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    made: list[Terminal] = []
    yield made
    for terminal in made:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
            terminal.proc.wait()


def test_the_host_announces_its_tables_and_browse_finds_them_by_mdns(hosted: HostMaker) -> None:
    table = hosted()
    name = f"Stół {uuid.uuid4().hex[:6]}"
    announcer = Announcer([(name, "Rummikub Słowny")], table.host.port)
    try:
        found = [f for f in browse(2.0) if f.name == name]
    finally:
        announcer.close()
    assert len(found) == 1 and found[0].game == "Rummikub Słowny"
    assert found[0].address.startswith("ws://") and found[0].address.endswith(
        f":{table.host.port}")


def test_a_student_joins_a_table_found_on_the_network_and_plays_their_seat(
    hosted: HostMaker, terminals: list[Terminal]
) -> None:
    table = hosted("remote,computer:beginner", seed=5)
    name = f"Stół {uuid.uuid4().hex[:6]}"
    announcer = Announcer([(name, "Rummikub Słowny")], table.host.port)
    try:
        student = Terminal("--speech", "text", "--display", "none")
        terminals.append(student)
        student.until("Szukam stołów")
        listed = student.until("Znaleziono")
        if listed.count("—") > 1:  # other tables on this network too: the list, by number
            entries = listed.split(":", 1)[1].split(";")
            number = next(e.split("—")[0].strip() for e in entries if name in e)
            student.until("Wpisz numer")
            student.type(number)
        student.until("Wpisz kod")
        student.type(table.code(0)[:3] + " " + table.code(0)[3:])  # as the teacher reads it
        student.until("Dołączono do stołu")
        student.until("Twój ruch")
        student.type("stojak")
        student.until("Stojak, 14 płytek")
        assert student.end() == 0
    finally:
        announcer.close()


def test_join_with_an_address_and_the_code_speaks_english_when_asked(
    hosted: HostMaker, terminals: list[Terminal]
) -> None:
    table = hosted("remote,computer:beginner", seed=5)
    student = Terminal(f"127.0.0.1:{table.host.port}", "--code", table.code(0),
                       "--speech", "text", "--display", "none", "--lang", "en")
    terminals.append(student)
    student.until("Joined the table")
    student.until("Your turn")
    student.type("rack")
    student.until("Rack, 14 tiles")
    # What join said is reported to the table, for the teacher's page (its seat's mirror).
    remote = table.table.remotes[0]
    for _ in range(100):  # reported within a fifth of a second; waited for up to ten
        if any("Rack, 14 tiles" in s for s in remote.mirror.heard):
            break
        time.sleep(0.1)
    assert any("Rack, 14 tiles" in s for s in remote.mirror.heard), remote.mirror
    assert remote.mirror.cells == b"" and remote.mirror.line == ""  # no display here
    assert student.end() == 0


def test_join_over_wss_takes_the_teachers_self_signed_certificate_only_when_told(
    hosted: HostMaker, terminals: list[Terminal], tmp_path: Path
) -> None:
    cert, key = self_signed(tmp_path)
    table = hosted("remote,computer:beginner", seed=5, cert=cert, key=key)
    address = f"wss://127.0.0.1:{table.host.port}"
    wary = Terminal(address, "--code", table.code(0), "--speech", "text", "--display", "none")
    terminals.append(wary)
    wary.until("nie ufa certyfikatowi stołu")
    assert wary.end() == 1  # asked for another address; input ended
    trusting = Terminal(address, "--code", table.code(0), "--insecure", "--speech", "text",
                        "--display", "none")
    terminals.append(trusting)
    trusting.until("Dołączono do stołu")
    trusting.until("Twój ruch")
    assert trusting.end() == 0


def test_a_student_at_a_baum_display_without_speech_joins_and_plays_to_the_end(
    hosted: HostMaker, terminals: list[Terminal]
) -> None:
    """Issue 14's "done when", one student on an emulated Baum display (no speech), the
    other a simulated student; the seat's cells are made on the student's computer from
    what the table sends over the network."""

    from braille_words.braille import text_line
    from braille_words.braille.view import Pager
    from braille_words.displays.emulators import make_emulator
    from braille_words.net.students import Student

    table = hosted("remote,remote", seed=5)
    emulator = make_emulator("baum", 40)
    frames: list[bytes] = []
    emulator.on_cells = lambda cells: frames.append(bytes(cells))
    emulator.start()
    other = Student(table.url, table.code(1))

    helper = other.on_a_thread(most_seconds=120)
    try:
        student = Terminal(f"127.0.0.1:{table.host.port}", "--code", table.code(0),
                           "--display", f"baum:{emulator.path}", "--speech", "none")
        terminals.append(student)
        helper.start()
        deadline = time.monotonic() + 120
        while not other.over and time.monotonic() < deadline:
            emulator.press_command("pan_right")  # reading on through the news
            student.type("dobierz")  # out of turn the table refuses it, and says so
            time.sleep(0.15)
        helper.join(10)
        assert student.end() == 0
    finally:
        emulator.stop()
    session = table.table.session
    assert other.over and session.state.is_over
    assert session.journal is not None
    moves = journal.read(session.journal.path).entries
    assert {e.seat for e in moves} == {0, 1}  # the student at the display played their seat
    welcome = "Dołączono do stołu: Stół 1, Rummikub Słowny. Twoje miejsce: Gracz."
    window = Pager(text_line(welcome, "pl"), 40).frame().cells.rstrip(b"\x00")
    # (Dots 7 and 8 mark news waiting behind it: the join's own sentences came first.)
    assert window in b"\n".join(bytes(c & 0x3F for c in f) for f in frames)
