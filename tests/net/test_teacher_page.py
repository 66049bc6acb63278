"""The teacher's page on ``braille-words host`` (issues 14 and 15): the same server and port as
the students' connections, at ``/teacher/``. The teacher sees each network seat's join code and
whether its student is connected; a student's code is no password; the page's controls act
through the table's own ``TableControl`` and reach the student's computer. In Debian's
chromium as a teacher would use it, and over plain HTTP for what a forger would try."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.games.registry import find_game
from braille_words.net.codes import SeatKeys
from braille_words.net.guard import CODE_BURST
from braille_words.net.host import Host, HostedTable
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players
from braille_words.table.session import KEYBOARD, Input
from braille_words.web.app import REFUSALS
from braille_words.web.hosted import host_page
from tests.net.conftest import Peer, join
from tests.web.browser import AXE, CHROMIUM, DRIVER
from tests.web.conftest import PASSWORD, Client
from tests.web.test_teacher_browser import _axe, _log_in, _press, _wait
from tests.web.test_teacher_browser import browser as browser  # the fixture


@dataclass
class Classroom:
    host: Host
    table: HostedTable
    page: Any

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.host.port}/teacher/"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.host.port}/ws"


@pytest.fixture
def classroom(tmp_path: Path, polish: Any) -> Iterator[Classroom]:
    """A host with one table: Ola at her own computer (network), a computer beside her."""
    seats = parse_players("remote,computer:beginner", "pl")
    seats[0].name = "Ola"
    session = new_session(find_game("rummikub"), seats, seed=3, lexicon=polish,
                          journal_path=tmp_path / "table-1.jsonl")
    session.timers = False
    table = HostedTable(1, session, SeatKeys())
    host = Host([table], bind="127.0.0.1", port=0, state_path=tmp_path / "host.json")
    page = host_page(host, journals=tmp_path, password=PASSWORD)
    host.start()
    thread = threading.Thread(target=session.run, daemon=True)
    thread.start()
    try:
        yield Classroom(host, table, page)
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        thread.join(10)
        host.stop()
        session.close()


@dataclass
class Student:
    """A student's computer (the protocol's test client) on a thread of its own, connected
    until ``leave``; what it was sent is in ``peer.got``. It reports its display and what it
    said to the table whenever that changed, as ``join`` does."""

    url: str
    code: str
    peer: Peer | None = None
    joined: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self.thread.start()
        assert self.joined.wait(10)

    async def _run(self) -> None:
        async with aiohttp.ClientSession() as http:
            self.peer = await join(self.url, http, self.code)
            self.joined.set()
            while not self.stop.is_set() and not self.peer.closed:
                await self.peer.read(0.2)
                await self.peer.report()
            await self.peer.ws.close()

    def said(self) -> str:
        got = list(self.peer.got) if self.peer is not None else []
        return " ".join(str(m.get("text", "")) for m in got if m.get("t") == "say")

    def leave(self) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join(10)


def _seat_facts(browser: Any) -> str:
    from selenium.webdriver.common.by import By

    return str(browser.find_element(By.ID, "table-1-seat-0").text)


@pytest.mark.skipif(not (CHROMIUM and DRIVER and AXE.is_file()),
                    reason="needs Debian's chromium and chromium-driver and axe-core "
                    "(bash setup.sh test)")
def test_the_teacher_sees_a_student_connect_pauses_the_table_and_messages_her(
    classroom: Classroom, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    code = classroom.table.keys.codes[0]
    _log_in(browser, classroom.url)
    # Before Ola's computer joins: her seat is not connected, and its code is there to read out.
    _wait(browser, lambda d: "Połączony\nnie" in _seat_facts(d))
    assert f"Kod dołączenia\n{code}" in _seat_facts(browser)
    assert browser.find_elements(By.ID, "table-1-start") == []  # the host keeps its game

    student = Student(classroom.ws, code)
    student.start()
    try:
        _wait(browser, lambda d: "Połączony\ntak" in _seat_facts(d))
        assert _axe(browser) == []

        _press(browser, "table-1-pause")
        _wait(browser, lambda d: "wstrzymany" in d.find_element(By.ID, "table-1-status").text)
        assert classroom.table.session.paused
        _wait(browser, lambda d: "wstrzym" in student.said())

        field = browser.find_element(By.ID, "table-1-message")
        field.send_keys("Dobrze ci idzie")
        browser.find_element(By.ID, "table-1-to").send_keys("Ola")
        field.send_keys(Keys.ENTER)
        _wait(browser, lambda d: "Dobrze ci idzie" in student.said())
        _wait(browser, lambda d: "Dobrze ci idzie" in _seat_facts(d))
        # What Ola's display shows and heard is her computer's own report: the page says so
        # (a student's program could report anything); the computer's seat has no such report.
        reported = browser.find_element(By.ID, "table-1-seat-0-reported")
        assert "zgłasza komputer ucznia" in reported.text and reported.is_displayed()
        heard = browser.find_element(By.CSS_SELECTOR, "#table-1-seat-0 .heard")
        assert heard.get_attribute("aria-describedby") == "table-1-seat-0-reported"
        assert not browser.find_element(By.ID, "table-1-seat-1-reported").is_displayed()

        # More time for Ola from her own seat's button: this table plays without a clock,
        # and the teacher is told so (in the news, as every control's answer).
        _press(browser, "table-1-seat-0-more-time")
        _wait(browser, lambda d: "Więcej czasu (minuta): Ola — Teraz nie biegnie żaden zegar"
              in d.find_element(By.ID, "news").text)
    finally:
        student.leave()
    _wait(browser, lambda d: "Połączony\nnie" in _seat_facts(d))


@pytest.mark.skipif(not (CHROMIUM and DRIVER and AXE.is_file()),
                    reason="needs Debian's chromium and chromium-driver and axe-core "
                    "(bash setup.sh test)")
def test_the_page_says_where_wrong_codes_come_from_and_lets_the_address_in(
    classroom: Classroom, browser: Any
) -> None:
    from selenium.webdriver.common.by import By

    _log_in(browser, classroom.url)
    news = browser.find_element(By.ID, "news")
    waiting = browser.find_element(By.ID, "waiting")
    _wait(browser, lambda d: "Żaden adres nie czeka" in waiting.text)

    async def guess() -> None:
        async with aiohttp.ClientSession() as http:
            codes = set(classroom.table.keys.codes.values())
            wrong = [f"{n:06d}" for n in range(CODE_BURST + 2) if f"{n:06d}" not in codes]
            for code in wrong[:CODE_BURST]:
                peer = await join(classroom.ws, http, code)
                await peer.ws.close()

    asyncio.run(guess())
    _wait(browser, lambda d: "5 błędnych kodów z 127.0.0.1 w minutę" in news.text)
    _wait(browser, lambda d: "Wpuść 127.0.0.1" in waiting.text)
    assert _axe(browser) == []
    button = waiting.find_element(By.TAG_NAME, "button")
    button.click()
    _wait(browser, lambda d: "Czekanie zniesione: 127.0.0.1." in news.text)
    _wait(browser, lambda d: "Żaden adres nie czeka" in waiting.text)
    assert classroom.host.guard.waiting() == {}


def test_a_students_join_code_is_no_password_and_the_next_game_is_refused_on_a_host(
    classroom: Classroom,
) -> None:
    teacher = Client(classroom.url)
    status, page = teacher.login(classroom.table.keys.codes[0])
    assert status == 403 and "To nie jest hasło nauczyciela" in page
    refusals = classroom.page.app[REFUSALS]
    assert refusals[-1]["why"] == "a student's join code"

    status, _ = teacher.login(PASSWORD)
    assert status == 200
    token = teacher.page_token()
    status, answer = teacher.control(1, {"action": "next"}, token)
    assert status == 409 and "braille-words host" in answer["said"]
    assert not classroom.table.session.state.is_over

    # The page's pause goes through the table's own control, as the host's console does.
    status, answer = teacher.control(1, {"action": "pause"}, token)
    assert status == 200
    _until(lambda: classroom.table.session.paused)


def test_the_bare_teacher_address_leads_to_the_page(classroom: Classroom) -> None:
    status, page = Client(classroom.url.rstrip("/")).request("")
    assert status == 200 and 'id="password"' in page


def _until(check: Any, seconds: float = 10) -> None:
    done = threading.Event()
    for _ in range(int(seconds / 0.05)):
        if check():
            return
        done.wait(0.05)
    raise AssertionError("never happened")


def test_host_prints_the_teachers_page_and_its_password(tmp_path: Path) -> None:
    """``braille-words host`` as a teacher starts it: the page's address and password are
    printed (and said) after the join codes, and the page answers there."""
    import os
    import signal
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    process = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "host", "--players", "remote,computer",
         "--port", "0", "--bind", "127.0.0.1", "--no-mdns", "--dir", str(tmp_path),
         "--no-timer"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env, cwd=root,
    )
    try:
        assert process.stdout is not None
        printed = ""
        before: list[str] = []
        for line in process.stdout:
            if line.startswith("Strona nauczyciela:"):
                printed = line
                break
            before.append(line)
        assert "/teacher/" in printed and "hasło: " in printed
        url = printed.split(": ", 1)[1].split(" — ")[0]
        assert url.startswith("http://127.0.0.1:")  # where --bind says it listens
        # The students are told the same address: the one the host listens on.
        port = url.split(":")[2].split("/")[0]
        assert f"braille-words join 127.0.0.1:{port}”" in "".join(before), before
        password = printed.rsplit("hasło: ", 1)[1].strip()
        teacher = Client(url)
        assert teacher.login(password)[0] == 200
        assert "Rummikub" in teacher.request("api/tables")[1]
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=20)


def test_the_end_of_the_lesson_on_the_page_is_said_at_the_host_as_the_whole_lessons(
    tmp_path: Path,
) -> None:
    """Two tables: "Zakończ lekcję" on the page was printed on the host's console headed
    "[Nauczyciel, Stół 1]" though it ended both; it is the lesson's, headed by no table."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    rosters = []
    for number, name in ((1, "Ola"), (2, "Janek")):
        roster = tmp_path / f"stol{number}.toml"
        roster.write_text(f'game = "rummikub"\n[[seat]]\nname = "{name}"\nwhere = "network"\n'
                          '[[seat]]\nname = "Komputer"\nkind = "computer"\n', encoding="utf-8")
        rosters += ["--roster", str(roster)]
    process = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "host", *rosters, "--port", "0",
         "--bind", "127.0.0.1", "--no-mdns", "--dir", str(tmp_path / "lekcja"), "--no-timer"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(root)}, cwd=root,
    )
    try:
        assert process.stdout is not None
        printed = next(line for line in process.stdout if line.startswith("Strona nauczyciela:"))
        url = printed.split(": ", 1)[1].split(" — ")[0]
        teacher = Client(url)
        assert teacher.login(printed.rsplit("hasło: ", 1)[1].strip())[0] == 200
        status, _ = teacher.request("api/lesson/end", b"{}", {
            "Content-Type": "application/json", "X-Page-Token": teacher.page_token() or ""})
        assert status == 200
        out, _ = process.communicate(timeout=60)  # Enter (its input ends): the host closes
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=20)
    said = [line for line in out.splitlines() if "Koniec lekcji" in line]
    assert said and said[0].startswith("[Nauczyciel] Koniec lekcji: 2 stoły zatrzymane"), said
    # One sentence for the lesson: each table's own "game ended for everyone, saved in …"
    # after it repeated the same resume command once a table.
    assert [line for line in out.splitlines() if "Gra zakończona dla wszystkich" in line] == []


def test_the_address_students_and_the_teacher_are_told_is_one_the_host_listens_on() -> None:
    from types import SimpleNamespace

    from braille_words.net.cli import _listening

    assert _listening(SimpleNamespace(bind="127.0.0.1")) == "127.0.0.1"
    assert _listening(SimpleNamespace(bind="192.168.1.10")) == "192.168.1.10"
    assert _listening(SimpleNamespace(bind="::1")) == "[::1]"  # as written before a port
    everywhere = _listening(SimpleNamespace(bind="0.0.0.0"))
    assert everywhere != "0.0.0.0" and not everywhere.startswith("[")


def test_a_page_seat_under_host_shows_what_it_last_heard(classroom: Classroom) -> None:
    """A student's page is worded at the table, by the seat's own output: the teacher's
    "Ostatnio usłyszał(a)" lists it, as for a seat at this computer (it was empty)."""
    import json

    from tests.web.test_student_play import _page_socket, _until

    code = classroom.table.keys.codes[0]

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            ws = await _page_socket(f"{classroom.ws.rsplit('/', 1)[0]}/play/ws", code, http)
            await _until(ws, "say")
            await ws.send_str(json.dumps({"t": "line", "text": "stojak"}))
            got = await _until(ws, "say")
            while not any("Stojak" in str(m.get("text", "")) for m in got):
                got += await _until(ws, "say")
            await ws.close()

    asyncio.run(scenario())
    teacher = Client(classroom.url)
    teacher.login(PASSWORD)
    status, tables = teacher.request("api/tables")
    assert status == 200
    heard = json.loads(tables)["tables"][0]["seats"][0]["heard"]
    assert any(line.startswith("Stojak") for line in heard), heard
