"""The teacher's login ends by itself after ``IDLE_MINUTES`` without the teacher doing
anything: at a shared browser the next person found the page open with the students' names
and reports. The page's own live stream and table requests keep nothing open; a click does."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator

import pytest

from braille_words.web.app import SESSIONS, teacher_app
from braille_words.web.auth import IDLE_MINUTES
from braille_words.web.server import WebServer
from braille_words.web.tables import TeacherTables
from tests.web.conftest import PASSWORD, Client


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def page() -> Iterator[tuple[Client, Clock, WebServer]]:
    app = teacher_app(TeacherTables([]), PASSWORD)
    clock = Clock()
    app[SESSIONS].clock = clock
    server = WebServer(app)
    server.start()
    try:
        client = Client(server.url)
        assert client.login(PASSWORD)[0] == 200
        yield client, clock, server
    finally:
        server.stop()


def test_a_login_left_idle_for_thirty_minutes_ends_and_the_page_asks_for_the_password(
    page: tuple[Client, Clock, WebServer],
) -> None:
    client, clock, _ = page
    assert IDLE_MINUTES == 30
    assert "30 minut" in Client(client.base).request("login")[1]  # said before logging in
    clock.now += IDLE_MINUTES * 60 - 1
    assert client.request("reports?scope=term")[0] == 200  # a click: the idle time restarts
    clock.now += IDLE_MINUTES * 60 - 1
    assert client.request("api/tables")[0] == 200  # the page asking by itself...
    clock.now += 2
    assert client.request("reports?scope=term")[0] == 401  # ...kept nothing open
    status, shown = client.request("")
    assert status == 200 and 'type="password"' in shown and "30 minut" in shown


def test_the_live_stream_tells_an_idle_page_to_leave_for_the_login_form(
    page: tuple[Client, Clock, WebServer],
) -> None:
    client, clock, server = page
    cookies = "; ".join(f"{c.name}={c.value}" for c in client.jar)
    stream = urllib.request.urlopen(urllib.request.Request(
        server.url + "events", headers={"Cookie": cookies}), timeout=10)
    with stream:
        assert stream.readline().startswith(b"data: ")  # the tables, live
        clock.now += IDLE_MINUTES * 60
        said = b""
        while b"event: loggedout" not in said:
            line = stream.readline()
            assert line, said  # the stream ended without telling the page
            said += line
    cookies = "; ".join(f"{c.name}={c.value}" for c in client.jar)
    request = urllib.request.Request(server.url + "events", headers={"Cookie": cookies})
    with pytest.raises(urllib.error.HTTPError):  # ended: the stream is refused outright
        urllib.request.urlopen(request, timeout=5)


def test_every_private_answer_says_no_store(page: tuple[Client, Clock, WebServer]) -> None:
    """The back button after 'log out' must not show the page from the browser's cache."""
    client, _, server = page
    for path in ("", "reports?scope=term", "api/tables"):
        with client.opener.open(server.url + path, timeout=10) as answer:
            assert answer.headers["Cache-Control"] == "no-store", path
