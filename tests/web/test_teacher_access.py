"""Who may open the teacher's page and act through it (issue 15): nothing without the
teacher's password; a wrong one, a student's join code, a forged control, a control for a
table or seat that is not there — each refused, logged, and the table as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from braille_words.net.guard import Alert
from braille_words.web.app import REFUSALS, SESSIONS
from braille_words.web.auth import new_password, spoken_password
from tests.net.test_guard import Clock
from tests.web.conftest import JOIN_CODE, PASSWORD, Client, Live, seats_of


def _rummikub(live: Callable[..., Live], polish: Any) -> Live:
    return live(("rummikub", seats_of(["Ola", "Janek", "Ewa"]), 3, polish))


def _as_it_was(running: Live) -> tuple[Any, ...]:
    session = running.session()
    return (session.moves_played, session.paused, session.state.to_json(),
            [s.kind for s in session.seats])


def _refusals(running: Live) -> list[dict[str, str]]:
    return list(running.server.app[REFUSALS])


def test_nothing_is_served_without_the_password(live: Callable[..., Live], polish: Any) -> None:
    running = _rummikub(live, polish)
    client = Client(running.url)
    for path in ("api/tables", "events", "reports", "reports.csv", "reports/print",
                 "static/teacher.js"):
        status, body = client.request(path)
        assert status == 401, path
        assert "Ola" not in body
    status, body = client.request("")  # the page itself sends the browser to the login form
    assert status == 200 and 'type="password"' in body and "Ola" not in body
    assert {r["why"] for r in _refusals(running)} == {"no password"}


def test_a_wrong_password_and_a_join_code_are_refused_and_logged(
    live: Callable[..., Live], polish: Any
) -> None:
    running = _rummikub(live, polish)
    before = _as_it_was(running)
    client = Client(running.url)
    status, body = client.login("kota-mewa-12")
    assert status == 403 and "To nie jest hasło nauczyciela" in body and 'role="alert"' in body
    status, _ = client.login(JOIN_CODE)
    assert status == 403
    status, _ = client.request("api/tables")
    assert status == 401
    whys = [r["why"] for r in _refusals(running)]
    assert whys[:2] == ["wrong password", "a student's join code"]
    assert _as_it_was(running) == before


def test_guessing_is_stopped_after_five_wrong_passwords(
    live: Callable[..., Live], polish: Any
) -> None:
    running = _rummikub(live, polish)
    guard = running.server.app[SESSIONS].guard
    clock = Clock()
    guard.clock = clock
    told: list[Alert] = []
    guard.tell = told.append
    client = Client(running.url)
    for _ in range(5):
        assert client.login("zle-haslo")[0] == 403
    status, body = client.login(PASSWORD)  # even the right one waits now: a few seconds
    assert status == 429 and "Spróbuj znów za 12 s" in body
    assert _refusals(running)[-1]["why"] == "too many wrong passwords"
    # The teacher's console is told where the guesses come from.
    assert [(a.key, a.params) for a in told] == [
        ("page_guessing_teacher", {"count": 5, "wait": 12})]
    assert told[0].address == "127.0.0.1"
    clock.now += 12
    status, _ = client.login(PASSWORD)
    assert status in (200, 303)


def test_the_teacher_logs_in_and_sees_every_seat(live: Callable[..., Live], polish: Any) -> None:
    running = _rummikub(live, polish)
    client = Client(running.url)
    status, page = client.login(PASSWORD)
    assert status == 200 and "Stół nauczyciela" in page
    status, body = client.request("api/tables")
    assert status == 200
    assert [s["name"] for s in json.loads(body)["tables"][0]["seats"]] == [
        "Ola", "Janek", "Ewa"]


def test_forged_controls_change_nothing(live: Callable[..., Live], polish: Any) -> None:
    running = _rummikub(live, polish)
    client = Client(running.url)
    client.login(PASSWORD)
    token = client.page_token()
    before = _as_it_was(running)
    # No page token (a form posted from another site with the teacher's cookie).
    assert client.control(1, {"action": "pause"})[0] == 403
    assert client.control(1, {"action": "pause"}, token="not-the-token")[0] == 403
    # A table this server does not run, a seat the table does not have, a control it lacks.
    status, answer = client.control(2, {"action": "end"}, token)
    assert status == 404 and answer["said"] == "Nie ma takiego stołu."
    assert client.control(1, {"action": "computer", "seat": 7}, token)[0] == 404
    assert client.control(1, {"action": "computer", "seat": True}, token)[0] == 404
    assert client.control(1, {"action": "shutdown"}, token)[0] == 400
    assert client.control("1x", {"action": "pause"}, token)[0] == 400
    assert client.control(1, {"action": "say", "message": "  "}, token)[0] == 400
    assert client.control(1, {"action": "next", "exercise": "../table1.jsonl"}, token)[0] == 404
    # Another browser with no cookie at all.
    assert Client(running.url).control(1, {"action": "end"}, token)[0] == 401
    assert _as_it_was(running) == before
    whys = [r["why"] for r in _refusals(running)]
    assert whys == [
        "control without the page's token", "control without the page's token",
        "control for a table this server does not have",
        "control for a seat this table does not have",
        "control for a seat this table does not have",
        "unknown control", "malformed control", "an empty message",
        "an exercise that is not in the folder", "no password",
    ]


def test_a_control_with_the_page_token_reaches_the_table(
    live: Callable[..., Live], polish: Any, until: Callable[..., bool]
) -> None:
    running = _rummikub(live, polish)
    client = Client(running.url)
    client.login(PASSWORD)
    status, answer = client.control(1, {"action": "pause"}, client.page_token())
    assert status == 200 and answer["ok"]
    assert until(lambda: running.session().paused)


def test_the_password_is_never_a_join_code_and_is_said_letter_by_letter() -> None:
    for _ in range(200):
        password = new_password()
        assert not password.replace("-", "").isdigit()
        assert len(password) == 12
    assert spoken_password("bako-dure-47", "pl") == "b a k o myślnik d u r e myślnik 4 7"


def test_the_page_takes_back_the_last_move(
    live: Callable[..., Live], polish: Any, until: Callable[..., bool]
) -> None:
    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish))
    session = running.session()
    mover = min(session.state.awaiting)
    before = session.state.to_json()
    running.type(mover, "dobierz")
    assert until(lambda: session.moves_played == 1)
    client = Client(running.url)
    client.login(PASSWORD)
    status, answer = client.control(1, {"action": "undo"}, client.page_token())
    assert status == 200 and answer["said"] == "Zrobione: Cofnij ostatni ruch."
    assert until(lambda: session.moves_played == 0)
    assert session.state.to_json() == before


def test_a_host_mounts_the_page_beside_its_own_routes(tmp_path: Any, polish: Any) -> None:
    """The network host serves its WebSockets and this page from one server: mounted under
    /teacher/, every link, redirect and control of the page stays under it."""
    from aiohttp import web

    from braille_words.web.app import teacher_app
    from braille_words.web.server import WebServer
    from braille_words.web.tables import TeacherTable, TeacherTables
    from tests.web.conftest import table_session

    session, _ = table_session(tmp_path, polish, "rummikub", seats_of(["Ola", "Janek"]), 3,
                               "g.jsonl")
    async def own(request: web.Request) -> web.Response:
        return web.Response(text="the host's own")

    host = web.Application()
    host.router.add_get("/ws", own)
    host.add_subapp("/teacher/", teacher_app(TeacherTables([TeacherTable(1, session)]),
                                             PASSWORD))
    server = WebServer(host)
    server.start()
    try:
        client = Client(server.url + "teacher/")
        status, page = client.request("")
        assert status == 200 and 'action="login"' in page
        status, page = client.login(PASSWORD)
        assert status == 200 and 'src="static/teacher.js"' in page
        assert client.request("static/teacher.js")[0] == 200
        status, answer = client.control(1, {"action": "pause"}, client.page_token())
        assert status == 200 and answer["ok"]
        assert Client(server.url).request("ws") == (200, "the host's own")
    finally:
        server.stop()
        session.close()


def test_the_page_says_where_wrong_passwords_come_from_and_the_teacher_lifts_the_wait(
    live: Callable[..., Live], polish: Any
) -> None:
    running = _rummikub(live, polish)
    teacher = Client(running.url)
    assert teacher.login(PASSWORD)[0] in (200, 303)
    token = teacher.page_token()
    guesser = Client(running.url)
    for _ in range(5):
        guesser.login("zle-haslo")
    assert guesser.login(PASSWORD)[0] == 429
    status, body = teacher.request("api/tables")
    shown = json.loads(body)
    assert any(a["text"].startswith("5 błędnych haseł strony nauczyciela z 127.0.0.1 w minutę")
               for a in shown["alerts"])
    assert [w["address"] for w in shown["waiting"]] == ["127.0.0.1"]
    # Lifting needs the page's token, like every control.
    headers = {"Content-Type": "application/json"}
    lift = json.dumps({"address": "127.0.0.1"}).encode()
    assert guesser.request("api/lift", lift, headers)[0] == 401
    assert teacher.request("api/lift", lift, headers)[0] == 403
    status, body = teacher.request("api/lift", lift, {**headers, "X-Page-Token": token})
    assert status == 200 and json.loads(body)["said"] == "Czekanie zniesione: 127.0.0.1."
    assert json.loads(teacher.request("api/tables")[1])["waiting"] == []
    assert guesser.login(PASSWORD)[0] in (200, 303)  # at once
