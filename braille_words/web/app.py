"""The teacher's page as one aiohttp application: log in, watch every seat live, control the
table, read the reports.

``teacher_app(tables, password)`` is all a server needs: ``play --roster --web`` serves it
alone, the network host mounts it beside its WebSockets. Every path but the login form asks
for the teacher's cookie; every control also carries the page's token, names an existing table
(and seat), and goes through the table's own ``TableControl``, so the page can do nothing the
teacher's console cannot. Whatever is refused is logged (``logging`` and ``app[REFUSALS]``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from braille_words.errors import BrailleWordsError
from braille_words.present.messages import error_text, text
from braille_words.reports.render import as_csv, as_html, student_sections
from braille_words.reports.render import words as report_words
from braille_words.reports.summary import build_report, class_journals
from braille_words.table.activity import flush_waiting
from braille_words.table.control import replace_refusal
from braille_words.table.snapshot import table_view
from braille_words.web.auth import COOKIE, IDLE_MINUTES, Sessions
from braille_words.web.tables import TeacherTable, TeacherTables
from braille_words.web.teacher_view import table_areas
from braille_words.web.words import words

log = logging.getLogger("braille_words.web")

TABLES = web.AppKey("tables", TeacherTables)
SESSIONS = web.AppKey("sessions", Sessions)
REFUSALS = web.AppKey("refusals", deque[dict[str, str]])
"""What was refused (wrong passwords, forged controls), newest last: the teacher's log."""
STOPPING = web.AppKey("stopping", asyncio.Event)
PLAYED = web.AppKey("played", list[Path])


@dataclass
class Watchers:
    """The teacher's pages open now (their live streams), and since when none is: after the
    game the program keeps the page until the teacher has closed it."""

    open: int = 0
    none_since: float = field(default_factory=time.monotonic)

    def gone_for(self) -> float:
        """Seconds since the last page went away; 0 while one is open."""
        return 0.0 if self.open else time.monotonic() - self.none_since


WATCHERS = web.AppKey("watchers", Watchers)

PUBLIC = frozenset({"login"})
QUIET = frozenset({"events", "tables"})
"""What the page asks by itself (its live stream, the tables): not the teacher's doing, so
not what keeps a login from ending when idle (``auth.IDLE_MINUTES``)."""
MAX_MESSAGE = 300
SNAPSHOT_SECONDS = 0.3
"""How often the live stream looks at the tables (it sends only what changed)."""
CONTROLS = frozenset({
    "pause", "go_on", "more_time", "skip", "rule", "computer", "person", "say", "end", "next",
    "undo", "replace",
})
_MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError)


def teacher_app(tables: TeacherTables, password: str) -> web.Application:
    """The teacher's page for ``tables``, opened with ``password``."""
    app = web.Application(middlewares=[_guard], client_max_size=64 * 1024)
    app[TABLES] = tables
    app[SESSIONS] = Sessions(password)
    if app[SESSIONS].guard not in tables.guards:
        tables.guards.append(app[SESSIONS].guard)
    app[REFUSALS] = deque(maxlen=500)
    app[STOPPING] = asyncio.Event()
    app[PLAYED] = []
    app[WATCHERS] = Watchers()
    app.router.add_get("/", _page, name="page")
    app.router.add_get("/login", _login_form, name="login")
    app.router.add_post("/login", _login)
    app.router.add_post("/logout", _logout)
    app.router.add_get("/events", _events, name="events")
    app.router.add_get("/api/tables", _tables_json, name="tables")
    app.router.add_post("/api/tables/{number}/control", _control)
    app.router.add_post("/api/lift", _lift)
    app.router.add_post("/api/lesson/end", _end_lesson)
    app.router.add_get("/reports", _reports)
    app.router.add_get("/reports.csv", _reports_csv)
    app.router.add_get("/reports/print", _reports_print)
    app.router.add_get("/static/{name}", _static)
    app.on_shutdown.append(_stop_streams)
    return app


def lang_of(tables: TeacherTables) -> str:
    """The teacher's language: the first person's at the first table."""
    for table in tables.all():
        for seat in table.session.seats:
            if seat.is_human:
                return seat.lang
    return "pl"


def refuse(request: web.Request, why: str, **details: Any) -> None:
    """Log a refusal where the teacher (and a test) can read it."""
    entry = {"why": why, "address": str(request.remote), "path": request.path,
             **{k: str(v) for k, v in details.items()}}
    request.config_dict[REFUSALS].append(entry)
    log.warning("teacher's page refused %s from %s: %s", request.path, request.remote, why)


async def _stop_streams(app: web.Application) -> None:
    app[STOPPING].set()


@web.middleware
async def _guard(request: web.Request, handler: Any) -> web.StreamResponse:
    """Nothing but the login form without the teacher's cookie; every answer says not to be
    framed or sniffed, and runs only our own script."""
    route = request.match_info.route
    if request.method == "GET" and request.path + "/" == str(
        request.app.router["page"].url_for()
    ):
        # The page's own address without its last slash ("/teacher" on the host).
        raise web.HTTPSeeOther(location=request.path + "/")
    public = route.name in PUBLIC or (request.method == "POST" and request.path.endswith("/login"))
    if not public and request.config_dict[SESSIONS].page_token(request.cookies.get(COOKIE)) is None:
        if request.method == "GET" and route.name == "page":
            # Opening the address is how everyone starts: the login form, nothing to log.
            raise web.HTTPSeeOther(location=_relative(request, "login"))
        if not request.path.endswith("/favicon.ico"):  # a browser's own question
            refuse(request, "no password" if not request.cookies.get(COOKIE) else
                   "unknown cookie")
        raise web.HTTPUnauthorized(text="log in with the teacher's password first")
    if not public and route.name not in QUIET:
        request.config_dict[SESSIONS].touch(request.cookies.get(COOKIE))
    response: web.StreamResponse = await handler(request)
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "frame-ancestors 'none'; form-action 'self'",
    )
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def _relative(request: web.Request, path: str) -> str:
    """A path beside the page, wherever the application is mounted."""
    base = request.path.rsplit("/", 1)[0]
    return f"{base}/{path}"


# -- logging in ------------------------------------------------------------------------------


def _login_page(lang: str, error: str = "") -> str:
    w = words(lang)
    alert = f'<p role="alert" class="error">{escape(error)}</p>' if error else ""
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{escape(w['login_title'])}</title>
<style>
body {{ font-family: sans-serif; font-size: 1.2rem; margin: 2em; background: #fff; color: #000; }}
input, button {{ font-size: inherit; }}
.error {{ color: #a00000; font-weight: bold; }}
:focus {{ outline: 3px solid #1a5fb4; outline-offset: 2px; }}
</style></head>
<body><main>
<h1>{escape(w['login_title'])}</h1>
{alert}
<form method="post" action="login">
<p><label for="password">{escape(w['password'])}</label>
<input id="password" name="password" type="password" autocomplete="current-password"
 required autofocus></p>
<p><button type="submit">{escape(w['log_in'])}</button></p>
</form>
<p>{escape(w['idle_logout'].format(minutes=IDLE_MINUTES))}</p>
</main></body></html>
"""


async def _login_form(request: web.Request) -> web.Response:
    return web.Response(text=_login_page(lang_of(request.app[TABLES])), content_type="text/html")


async def _login(request: web.Request) -> web.Response:
    app = request.app
    sessions, lang = app[SESSIONS], lang_of(app[TABLES])
    address = str(request.remote)
    wait = sessions.wait(address)
    if wait:
        refuse(request, "too many wrong passwords")
        return web.Response(status=429, text=_login_page(
            lang, words(lang)["too_many"].format(wait=wait)), content_type="text/html")
    form = await request.post()
    given = str(form.get("password", ""))
    if not sessions.matches(given):
        sessions.wrong(address)
        codes = app[TABLES].join_codes()
        why = "a student's join code" if given.strip() in codes else (
            "no password" if not given.strip() else "wrong password")
        refuse(request, why)
        return web.Response(status=403, text=_login_page(lang, words(lang)["wrong_password"]),
                            content_type="text/html")
    token = sessions.open()
    log.info("the teacher logged in from %s", address)
    response = web.HTTPSeeOther(location=_relative(request, ""))
    response.set_cookie(COOKIE, token, httponly=True, samesite="Strict", path="/")
    raise response


async def _logout(request: web.Request) -> web.Response:
    cookie = request.cookies.get(COOKIE, "")
    form = await request.post()
    if not _page_token_ok(request, str(form.get("token", ""))):
        refuse(request, "logout without the page's token")
        raise web.HTTPForbidden(text="refused")
    request.app[SESSIONS].close(cookie)
    response = web.HTTPSeeOther(location=_relative(request, "login"))
    response.del_cookie(COOKIE, path="/")
    raise response


def _page_token_ok(request: web.Request, given: str | None = None) -> bool:
    expected = request.app[SESSIONS].page_token(request.cookies.get(COOKIE))
    given = given if given is not None else request.headers.get("X-Page-Token", "")
    return expected is not None and bool(given) and secrets.compare_digest(
        expected.encode(), given.encode())


# -- the page and its live stream ------------------------------------------------------------


def snapshot(tables: TeacherTables) -> dict[str, Any]:
    """Every table as the page shows it."""
    shown = []
    for table in tables.all():
        connected = table.connected() if table.connected is not None else None
        view = table_view(table.session, connected=connected)
        view["number"] = table.number
        view["starts_next"] = table.starts_next
        codes = table.seat_codes()
        alerts = table.session.seat_alerts(lang_of(tables))
        # The board and every hand drawn as the student's page draws them.
        view["areas"], own = table_areas(table.session, lang_of(tables))
        for seat, areas in zip(view["seats"], own, strict=False):
            seat["areas"] = areas
        for seat in view["seats"]:
            seat["alert"] = alerts.get(seat["seat"])
            seat["network"] = connected is not None and seat["seat"] in connected
            seat["code"] = codes.get(seat["seat"])
        shown.append(view)
    return {"tables": shown, "exercises": [p.name for p in tables.exercise_files()],
            **guarded(tables)}


def guarded(tables: TeacherTables) -> dict[str, Any]:
    """What the guards report (wrong codes and passwords, clients let go), in the teacher's
    words, and every address that waits now."""
    lang = lang_of(tables)
    alerts = [{"id": f"{g}-{a.number}",
               "text": text(lang, a.key, address=a.address, **a.params)}
              for g, guard in enumerate(tables.guards) for a in list(guard.alerts)[-10:]]
    waiting: dict[str, int] = {}
    for guard in tables.guards:
        for address, seconds in guard.waiting().items():
            waiting[address] = max(seconds, waiting.get(address, 0))
    return {"alerts": alerts,
            "waiting": [{"address": a, "seconds": s} for a, s in sorted(waiting.items())]}


async def _page(request: web.Request) -> web.Response:
    tables = request.app[TABLES]
    lang = lang_of(tables)
    w = words(lang)
    token = request.app[SESSIONS].page_token(request.cookies.get(COOKIE)) or ""
    first = json.dumps(snapshot(tables), ensure_ascii=False).replace("</", "<\\/")
    labels = json.dumps(w, ensure_ascii=False).replace("</", "<\\/")
    page = f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="page-token" content="{escape(token)}">
<title>{escape(w['title'])}</title>
<link rel="stylesheet" href="static/cards.css">
<link rel="stylesheet" href="static/teacher.css">
<script src="static/teacher.js" defer></script>
</head>
<body>
<a class="skip" href="#tables">{escape(w['skip_link'])}</a>
<header>
<h1>{escape(w['title'])}</h1>
<nav aria-label="{escape(w['reports'])}"><ul>
<li><a href="reports?scope=game">{escape(w['report_game'])}</a></li>
<li><a href="reports?scope=term">{escape(w['report_term'])}</a></li>
</ul></nav>
<form method="post" action="logout" id="logout"><input type="hidden" name="token"
 value="{escape(token)}"><button type="submit">{escape(w['log_out'])}</button></form>
</header>
<main>
<section aria-labelledby="news-heading" class="news">
<h2 id="news-heading">{escape(w['news'])}</h2>
<div id="news" role="log" aria-live="polite" aria-relevant="additions"></div>
<p id="link-state" class="state" role="status"></p>
</section>
<section aria-labelledby="lesson-heading" class="lesson">
<h2 id="lesson-heading">{escape(w['lesson'])}</h2>
<button type="button" id="end-lesson">{escape(w['end_lesson'])}</button>
</section>
<section aria-labelledby="waiting-heading" class="waiting">
<h2 id="waiting-heading">{escape(w['waiting'])}</h2>
<ul id="waiting"></ul>
</section>
<div id="tables"></div>
<noscript><p>{escape(w['no_script'])}</p></noscript>
</main>
<script type="application/json" id="first-snapshot">{first}</script>
<script type="application/json" id="words">{labels}</script>
</body></html>
"""
    return web.Response(text=page, content_type="text/html")


async def _tables_json(request: web.Request) -> web.Response:
    return web.json_response(snapshot(request.app[TABLES]), dumps=_dumps)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


async def _events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: the tables whenever something on them changed."""
    response = web.StreamResponse(headers={
        "Content-Type": "text/event-stream", "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
    })
    await response.prepare(request)
    stopping = request.app[STOPPING]
    watchers = request.app[WATCHERS]
    watchers.open += 1
    last = ""
    quiet = 0.0
    try:
        while not stopping.is_set():
            if request.app[SESSIONS].page_token(request.cookies.get(COOKIE)) is None:
                # Logged out, here or idle: the page leaves for the login form at once.
                await response.write(b"event: loggedout\ndata: {}\n\n")
                return response
            now = _dumps(snapshot(request.app[TABLES]))
            if now != last:
                await response.write(f"data: {now}\n\n".encode())
                last, quiet = now, 0.0
            elif quiet > 15:
                await response.write(b": still here\n\n")
                quiet = 0.0
            quiet += SNAPSHOT_SECONDS
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), SNAPSHOT_SECONDS)
        # The program is closing: the page says so once and stops trying to reconnect.
        await response.write(b"event: closed\ndata: {}\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        watchers.open -= 1
        if not watchers.open:
            watchers.none_since = time.monotonic()
    return response


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    kinds = {"teacher.js": "application/javascript", "teacher.css": "text/css",
             "cards.css": "text/css"}
    if name not in kinds:
        raise web.HTTPNotFound()
    body = resources.files("braille_words.web").joinpath("static", name).read_text("utf-8")
    return web.Response(text=body, content_type=kinds[name], charset="utf-8")


# -- controls --------------------------------------------------------------------------------


async def _control(request: web.Request) -> web.Response:
    """One control from the page, checked whole before the table hears of it."""
    tables = request.app[TABLES]
    w = words(lang_of(tables))
    if not _page_token_ok(request):
        refuse(request, "control without the page's token")
        return _answer(w["refused"].format(why=w["bad_control"]), 403)
    try:
        number = int(request.match_info["number"])
        body = await request.json()
    except (ValueError, json.JSONDecodeError):
        refuse(request, "malformed control")
        return _answer(w["bad_control"], 400)
    table = tables.find(number)
    if table is None:
        refuse(request, "control for a table this server does not have", table=number)
        return _answer(w["no_table"], 404)
    if not isinstance(body, dict) or body.get("action") not in CONTROLS:
        refuse(request, "unknown control", table=number)
        return _answer(w["bad_control"], 400)
    try:
        said = _carry_out(table, tables, body, w)
    except _Refused as exc:
        refuse(request, exc.why, table=number, action=body.get("action"))
        return _answer(exc.sentence, exc.status)
    except _NothingToDo as exc:
        return _answer(str(exc), 409)  # the teacher's own page asked: not a refusal to log
    return _answer(w["done"].format(what=said), 200, ok=True)


async def _lift(request: web.Request) -> web.Response:
    """The teacher lets an address try codes (or the password) again at once."""
    tables = request.app[TABLES]
    lang = lang_of(tables)
    if not _page_token_ok(request):
        refuse(request, "lift without the page's token")
        return _answer(words(lang)["refused"].format(why=words(lang)["bad_control"]), 403)
    try:
        body = await request.json()
        address = body.get("address")
    except (ValueError, AttributeError):
        address = None
    if not isinstance(address, str) or not address or len(address) > 100:
        refuse(request, "malformed lift")
        return _answer(words(lang)["bad_control"], 400)
    lifted = sorted({a for guard in tables.guards for a in guard.lift(address)})
    said = (text(lang, "net_lifted_teacher", addresses=", ".join(lifted)) if lifted
            else text(lang, "net_nobody_waits_teacher"))
    return _answer(said, 200, ok=bool(lifted))


async def _end_lesson(request: web.Request) -> web.Response:
    """The end of the lesson, one action: every table still playing ends, saved (as the
    host's ``koniec lekcji``); the teacher is told how many, and how they come back."""
    from braille_words.table.control import end_lesson

    tables = request.app[TABLES]
    lang = lang_of(tables)
    if not _page_token_ok(request):
        refuse(request, "end of the lesson without the page's token")
        return _answer(words(lang)["refused"].format(why=words(lang)["bad_control"]), 403)
    count, resume = end_lesson(t.session for t in tables.all())
    if not count:
        return _answer(text(lang, "lesson_nothing_to_end"), 409)
    said = text(lang, "lesson_ended_teacher", count=count, resume=resume)
    console = tables.lesson_console()
    if console is not None:  # the console hears it too, once, as the whole lesson's
        console.announce(said)
    return _answer(said, 200, ok=True)


class _NothingToDo(Exception):
    """A control that would do nothing now (more time with no clock running, a ruling with
    no word disputed): the teacher is told why, never "done"."""


def _nothing_to_do(table: TeacherTable, action: str, body: dict[str, Any],
                   lang: str) -> None:
    """Raise ``_NothingToDo`` with the table's own sentence when ``action`` has nothing to
    act on now (the same checks the table makes, read from the game as it stands)."""
    session = table.session
    key = ""
    if action == "more_time" and (  # for one seat as for all: no clock, no time to give
        session.clock is None or session.clock.running is None or session.state.is_over
    ):
        key = "no_clock"
    elif action == "rule" and isinstance(body.get("stands"), bool) and (
        session.rules.teacher_ruling(session.state, body["stands"]) is None
    ):
        key = "nothing_to_rule"
    elif action == "skip" and session.rules.time_up(session.state) is None:
        key = "nothing_to_skip"
    elif action == "undo" and (session.moves_played == 0 or session.state.is_over):
        key = "nothing_to_undo"
    if key:
        sentence = text(lang, key)
        seat = body.get("seat")
        if action == "more_time" and isinstance(seat, int) and 0 <= seat < len(session.seats):
            # Pressed at one student's seat: the answer names what was asked, for whom.
            asked = words(lang)["more_time_for"].format(name=session.seats[seat].name)
            sentence = f"{asked} — {sentence}"
        raise _NothingToDo(sentence)


class _Refused(Exception):
    def __init__(self, sentence: str, why: str, status: int = 400) -> None:
        super().__init__(sentence)
        self.sentence, self.why, self.status = sentence, why, status


def _answer(said: str, status: int, *, ok: bool = False) -> web.Response:
    return web.json_response({"ok": ok, "said": said}, status=status, dumps=_dumps)


def _seat(table: TeacherTable, body: dict[str, Any], w: dict[str, str], *,
          needed: bool) -> int | None:
    seat = body.get("seat")
    if seat is None and not needed:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not (
        0 <= seat < len(table.session.seats)
    ):
        raise _Refused(w["no_seat"], "control for a seat this table does not have", 404)
    return seat


def _carry_out(table: TeacherTable, tables: TeacherTables, body: dict[str, Any],
               w: dict[str, str]) -> str:
    """Check one control and hand it to the table; what was done, in the teacher's words."""
    action = str(body["action"])
    control = table.session.control
    _nothing_to_do(table, action, body, lang_of(tables))
    if action == "pause":
        control.pause()
    elif action == "go_on":
        control.go_on()
    elif action == "more_time":
        seat = _seat(table, body, w, needed=False)
        control.more_time(seat=seat)
        if seat is not None:
            return w["more_time_for"].format(name=table.session.seats[seat].name)
    elif action == "skip":
        control.skip()
    elif action == "rule":
        stands = body.get("stands")
        if not isinstance(stands, bool):
            raise _Refused(w["bad_control"], "a ruling that is neither yes nor no")
        control.rule(stands)
        return w["rule_yes" if stands else "rule_no"]
    elif action in ("computer", "person"):
        seat = _seat(table, body, w, needed=True)
        assert seat is not None
        name = table.session.seats[seat].name
        if action == "computer":
            control.computer_plays(seat)
            return w["give_computer"].format(name=name)
        control.person_plays(seat)
        return w["give_person"].format(name=name)
    elif action == "replace":
        seat = _seat(table, body, w, needed=True)
        assert seat is not None
        name, old = " ".join(str(body.get("name") or "").split())[:60], \
            table.session.seats[seat].name
        session = table.session
        refused = replace_refusal(session.seats, session.header.seats, seat, name)
        if refused is not None:
            raise _NothingToDo(w[refused].format(name=name or "—", seat=old))
        control.replace(seat, name)
        return w["replaced"].format(name=name, old=old)
    elif action == "say":
        seat = _seat(table, body, w, needed=False)
        message = body.get("message")
        if not isinstance(message, str) or not message.strip():
            raise _Refused(w["empty_message"], "an empty message")
        control.say(" ".join(message.split())[:MAX_MESSAGE], seat)
        return w["send"]
    elif action == "undo":
        control.take_back()
    elif action == "end":
        control.end_game()
    elif action == "next":
        if not table.starts_next:
            raise _Refused(w["no_next"], "the next game asked of a table that cannot start it",
                           409)
        control.next_game(str(_exercise(table, tables, body, w) or ""))
        return w["start"]
    return w[action]


def _exercise(table: TeacherTable, tables: TeacherTables, body: dict[str, Any],
              w: dict[str, str]) -> Path | None:
    """The exercise the next game starts from, checked against this game now (None: a fresh
    deal): only a file of the exercise folder, by name, that this game can start from."""
    name = body.get("exercise") or ""
    if not name:
        return None
    found = next((p for p in tables.exercise_files() if p.name == name), None)
    if found is None:
        raise _Refused(w["no_exercise"], "an exercise that is not in the folder", 404)
    from braille_words.table.launch import read_position

    session = table.session
    try:
        position = read_position(found)
        session.rules.from_position([s.name for s in session.seats], 1, position)
    except (BrailleWordsError, *_MALFORMED) as exc:
        why = error_text(exc, lang_of(tables))  # the game's sentence, in the page's language
        raise _Refused(w["bad_exercise"].format(name=name, why=why),
                       "an exercise that cannot be set out") from None
    return found


# -- reports ---------------------------------------------------------------------------------


def played_journals(app: web.Application) -> list[Path]:
    """This server's games: the journals of every game its tables have played."""
    seen = app[PLAYED]
    tables = app[TABLES]
    with tables.lock:
        over = list(tables.played)
    for path in over:
        if path not in seen:
            seen.append(path)
    for table in tables.all():
        journal = table.session.journal
        if journal is not None and journal.path not in seen:
            seen.append(journal.path)
    return list(seen)


def _journals(request: web.Request) -> list[Path]:
    played = played_journals(request.app)
    if request.query.get("scope") != "term":
        return played
    folder = request.app[TABLES].journals
    if folder is None or not folder.is_dir():
        return played
    found = class_journals(folder)
    if not _everyones(folder):
        return found
    # The account's own sessions folder holds every game played here: other classes', a
    # child's at home. The term of this lesson is the games of its people alone (a name in
    # its class: Ola of 3b is not this lesson's Ola of 3a).
    people = set().union(*(_people(p) for p in played))
    names = {name for name, _ in people}
    # A game of no class (played before rosters gave one) is ours by its names alone.
    return [p for p in found if p in played or (_people(p) and all(
        person in people or (not person[1] and person[0] in names) for person in _people(p)))]


def _everyones(folder: Path) -> bool:
    """Whether ``folder`` is the account's sessions folder (``play`` keeps every game there,
    whoever played it), not a class's own (``host --dir``, ``--journal klasa-5b/…``)."""
    from braille_words.table.launch import sessions_dir

    with contextlib.suppress(OSError):
        return folder.resolve() == sessions_dir().resolve()
    return False


def _people(path: Path) -> frozenset[tuple[str, str]]:
    """The people who played the game in ``path``, each a name and a class (none when it
    cannot be read: a damaged game of an unknown class is nobody's here)."""
    from braille_words.table import journal

    try:
        record = journal.read(path)
    except BrailleWordsError:
        return frozenset()
    seats = record.header.seats
    held = {i for i, s in enumerate(seats) if s.get("kind", "human") == "human"}
    held |= {i for i, chosen in record.settings.items()  # a seat given to a person later
             if chosen.get("kind") == "human" and 0 <= i < len(seats)}
    return frozenset((str(seats[i].get("name", "")), str(seats[i].get("group") or ""))
                     for i in held)


async def _report(request: web.Request) -> Any:
    journals = _journals(request)
    flush_waiting()  # on the loop that steps a host's tables: their latest notes too
    return await asyncio.get_running_loop().run_in_executor(None, build_report, journals)


async def _reports(request: web.Request) -> web.Response:
    lang = lang_of(request.app[TABLES])
    w, rw = words(lang), report_words(lang)
    report = await _report(request)
    scope = "term" if request.query.get("scope") == "term" else "game"
    title = w["report_term"] if scope == "term" else w["report_game"]
    skipped = "".join(f"<p>{escape(rw['skipped'].format(why=why))}</p>" for why in report.skipped)
    page = f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{escape(title)}</title>
<link rel="stylesheet" href="static/teacher.css">
</head>
<body>
<header>
<h1>{escape(title)}</h1>
<nav aria-label="{escape(w['reports'])}"><ul>
<li><a href="./">{escape(w['back'])}</a></li>
<li><a href="reports.csv?scope={scope}">{escape(w['report_csv'])}</a></li>
<li><a href="reports/print?scope={scope}">{escape(w['report_print'])}</a></li>
</ul></nav>
</header>
<main>
<p>{escape(rw['games_read'].format(n=report.games))}</p>
{skipped}
{student_sections(report, lang)}
</main>
</body></html>
"""
    return web.Response(text=page, content_type="text/html")


async def _reports_csv(request: web.Request) -> web.Response:
    report = await _report(request)
    body = as_csv(report, lang_of(request.app[TABLES]))
    return web.Response(text=body, content_type="text/csv", charset="utf-8", headers={
        "Content-Disposition": 'attachment; filename="braille-words-report.csv"'})


async def _reports_print(request: web.Request) -> web.Response:
    report = await _report(request)
    lang = lang_of(request.app[TABLES])
    w = words(lang)
    title = w["report_term"] if request.query.get("scope") == "term" else w["report_game"]
    return web.Response(text=as_html(report, lang, title), content_type="text/html")
