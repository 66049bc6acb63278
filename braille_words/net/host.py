"""The teacher's computer serving its tables to students' computers over WebSockets.

One aiohttp server on its own thread and event loop; each table is a ``Session`` stepped on
that same loop (``net.stepped``: the turn loop of one computer, with no thread of its own, its
journal synced off the loop by ``net.durable``). The server only moves things across: a student's
typed line goes into the table's input queue for the seat the connection claimed, and the
seat's news — its own view, the events meant for it, the table's news as catalogue keys —
goes back as data, to be worded and shown on the student's computer (``net.remote``). A
connection speaks for no seat until it has given the seat's join code or its own reconnect
token, and then only for that one; anything else it sends — a message of another version,
malformed JSON, a field no message has, a frame over 64 KiB, a flood, a report of its screen
wider than the display it announced — closes it with a sentence in its own language, and the
table goes on. That report (what the student's display shows and what their computer said) is
kept as the seat's mirror, for the teacher's page only.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from braille_words.net import wire
from braille_words.net.codes import SeatKeys, new_code, new_token
from braille_words.net.guard import Guard
from braille_words.net.link import Link
from braille_words.net.protocol import (
    MAX_MESSAGE,
    VERSION,
    Bye,
    Hello,
    Key,
    Line,
    ProtocolError,
    Screen,
    Typing,
    dump,
    parse_client,
)
from braille_words.net.remote import RemoteSeat
from braille_words.present.messages import text
from braille_words.private_files import write_private
from braille_words.table.inputs import Input
from braille_words.table.seatnews import SeatNews
from braille_words.table.session import AnySession
from braille_words.web.student_app import add_student_page
from braille_words.web.student_link import PageLink

HELLO_SECONDS = 10.0
"""A connection that has not introduced itself by then is closed (a half-open socket)."""
HEARTBEAT = 5.0
"""Seconds between pings: a student's computer that stops answering is let go, and the
table waits for it, within about this long."""
MOST_PER_SECOND = 50
"""Messages a connection may send in one second: a Braille display's fastest key repeat is
about 20; a hundred a second is not a person."""
MOST_WRONG_CODES = 3
"""Wrong codes on one connection before it is closed."""


@dataclass
class HostedTable:
    """One table of the host: its game, its network seats and their keys."""

    number: int
    session: AnySession
    keys: SeatKeys
    remotes: dict[int, RemoteSeat] = field(default_factory=dict)
    lost_at: dict[int, float] = field(default_factory=dict)
    given_to_computer: set[int] = field(default_factory=set)
    resumed: bool = False
    """Brought back from its journal (``host --resume``): students come back, not join."""
    ended: bool = False
    """Its game has stopped (over, or ended by the teacher): a student coming back is told."""

    @property
    def title(self) -> str:
        return self.session.kit.title

    def label(self, lang: str) -> str:
        return f"{text(lang, 'table_word')} {self.number}"


def _why_ended(table: HostedTable) -> str:
    """What a student is told of a table that plays no more."""
    return "net_game_over" if table.session.state.is_over else "net_ended_by_teacher"


def tls(cert: Path, key: Path | None) -> ssl.SSLContext:
    """The server's TLS context from the teacher's certificate (and its key, when the
    certificate file does not hold it); ``OSError`` (``ssl.SSLError``) when they are unusable."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(cert), str(key) if key is not None else None)
    return context


class Host:
    """The server. ``start`` returns once it listens; ``stop`` lets every connection go."""

    def __init__(
        self,
        tables: list[HostedTable],
        *,
        bind: str = "0.0.0.0",
        port: int = 0,
        cert: Path | None = None,
        key: Path | None = None,
        state_path: Path | None = None,
        computer_after: float | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.tables = tables
        self.bind = bind
        self.port = port
        self._ssl = tls(cert, key) if cert is not None else None
        self.state_path = state_path
        self.computer_after = computer_after
        self.leave_after: float | None = None
        """A table with no console (``play --web`` from a launcher): a seat's page gone this
        long, and not back, ends the game, saved, as the player's "wyjdź" would."""
        self._on_change = on_change
        self.guard = Guard()
        """Wrong codes per address, throttled; what the teacher is told of them."""
        self.guards = [self.guard]
        """Every guard of this server (the teacher's page adds its password's): the
        teacher's "wpuść" lifts a wait in each."""
        self._saving = threading.Lock()
        self._states_made = 0
        self._state_written = 0
        self._save_pending: asyncio.Future[None] | None = None
        """A save of the state that claims made now wait for (``_saved``)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._links: set[Link] = set()
        self.on_app: list[Callable[[web.Application], None]] = []
        """Called with the application before it is served: more routes or sub-apps."""
        self.refused: list[tuple[str, str]] = []
        """(address, reason) of every connection refused or closed for cause: the log."""
        for table in tables:
            self._seat_remotes(table)

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The network's loop, once ``start`` has returned: the host's tables are stepped
        on it (``net.stepped``)."""
        assert self._loop is not None, "the host has not started"
        return self._loop

    @property
    def scheme(self) -> str:
        return "wss" if self._ssl is not None else "ws"

    # -- the tables' side ------------------------------------------------------------------

    def _seat_remotes(self, table: HostedTable) -> None:
        session = table.session
        taken = self._all_codes()
        for seat, config in enumerate(session.seats):
            if config.where != "network":
                continue
            if seat not in table.keys.codes:
                table.keys.codes[seat] = new_code(taken)
                taken.add(table.keys.codes[seat])

            def report(status: str, seat: int = seat) -> None:
                self._seat_status(table, seat, status)

            remote = RemoteSeat(seat, session.outputs[seat], session.kit, session.call_soon,
                                report, functools.partial(_show, session, seat),
                                functools.partial(_catch_up, session, table.resumed, seat),
                                joined_before=table.resumed and seat in table.keys.tokens,
                                timed=lambda: bool(session.timers))
            table.remotes[seat] = remote
            session.news[seat] = remote.news  # the seat's news is worded on its computer
            if not session.state.is_over:
                session.wait_for_network(seat)
        self._save()

    def table_ended(self, table: HostedTable) -> None:
        """The table's game has stopped (over, or ended by the teacher): every student's
        computer and page at it is told so, once, and lets go; none of them tries to
        reconnect to a game that is not coming back."""
        table.ended = True
        for remote in table.remotes.values():
            link = remote.link
            if link is not None:
                link.close(_why_ended(table))

    def _seat_status(self, table: HostedTable, seat: int, status: str) -> None:
        """Where the table carries out its inputs: a network seat came or went."""
        session = table.session
        session.network_status(seat, status)
        if status == "network_lost":
            table.lost_at[seat] = time.monotonic()
            loop, after = self._loop, self.computer_after
            gone = self.leave_after
            if gone is not None and loop is not None:
                later = functools.partial(session.call_soon,
                                          functools.partial(self._maybe_leave, table, seat))
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(loop.call_later, gone, later)
            if after is not None and loop is not None:
                # The host's own timer (the game's clock may be off, or paused by the drop).
                later = functools.partial(session.call_soon,
                                          functools.partial(self._maybe_computer, table, seat))
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(loop.call_later, after, later)
        else:
            table.lost_at.pop(seat, None)
            if seat in table.given_to_computer:
                table.given_to_computer.discard(seat)
                session.control.person_plays(seat)

    def _maybe_computer(self, table: HostedTable, seat: int) -> None:
        started = table.lost_at.get(seat)
        if started is None or self.computer_after is None:
            return
        if time.monotonic() - started >= self.computer_after - 0.05:
            table.given_to_computer.add(seat)
            table.session.control.computer_plays(seat, away=True)

    def _maybe_leave(self, table: HostedTable, seat: int) -> None:
        """The page went away and has not come back: with nobody at a console to end the
        game, its input ends, so the game stops (saved after every move) and the program
        exits, instead of serving a page nobody will open again."""
        started, gone = table.lost_at.get(seat), self.leave_after
        if started is None or gone is None or table.session.teacher is not None:
            return
        if time.monotonic() - started >= gone - 0.05:
            from braille_words.table.session import KEYBOARD

            table.session.inputs.put(Input(KEYBOARD, None))

    def _all_codes(self) -> set[str]:
        return {code for t in self.tables for code in t.keys.codes.values()}

    def renew_code(self, table: HostedTable, seat: int) -> str:
        """The teacher's "kod N": a new code, and whoever held the seat is let go."""
        code = table.keys.renew(seat, self._all_codes())
        self._let_go(table, seat, "net_closed_freed")
        self._save()
        return code

    def free(self, table: HostedTable, seat: int) -> None:
        """The teacher's "zwolnij N": the seat's connection is let go; its code still works,
        its tokens do not (a second claim is then accepted)."""
        table.keys.tokens.pop(seat, None)
        self._let_go(table, seat, "net_closed_freed")
        self._save()

    def _let_go(self, table: HostedTable, seat: int, reason: str) -> None:
        remote = table.remotes.get(seat)
        if remote is not None and remote.link is not None:
            link = remote.link
            if remote.release(link):
                table.session.call_soon(lambda: remote.leave(link))
            link.close(reason)

    def _save(self) -> None:
        if self.state_path is None:
            return
        self._write_state(*self._state_text())

    def _state_text(self) -> tuple[int, str]:
        """The host's state as it stands now, numbered: a later number is a newer state."""
        data = {
            "version": VERSION,
            "port": self.port,
            "tables": [
                {"journal": str(t.session.journal.path) if t.session.journal else None,
                 "keys": t.keys.to_json()}
                for t in self.tables
            ],
        }
        with self._saving:
            self._states_made += 1
            number = self._states_made
        # Not indented: Python's JSON indents only in its slow, pure-Python encoder, and this
        # is saved at every join and every return, with every table of the school in it.
        return number, json.dumps(data)

    def _write_state(self, number: int, made: str) -> None:
        """``made`` to the state file, unless a newer state is there already."""
        assert self.state_path is not None
        with self._saving:  # the network's thread, a writer and the teacher's console save
            if number < self._state_written:
                return
            write_private(self.state_path, made)  # tokens: 0600
            self._state_written = number
        if self._on_change is not None:
            self._on_change()

    async def _saved(self) -> None:
        """The state saved with what this moment changed, away from the loop (its sync waits
        on the disk for milliseconds, and every connection waits with the loop): the claims
        made meanwhile — a class joining at once — wait for one save together."""
        if self.state_path is None:
            return
        loop = asyncio.get_running_loop()
        pending = self._save_pending
        if pending is None:
            pending = self._save_pending = loop.create_future()
            loop.call_soon(self._save_now, loop, pending)
        await asyncio.shield(pending)

    def _save_now(self, loop: asyncio.AbstractEventLoop, done: asyncio.Future[None]) -> None:
        self._save_pending = None
        number, made = self._state_text()  # here, on the loop: the keys change only here

        def finished(write: asyncio.Future[None]) -> None:
            error = write.exception()
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(None)

        loop.run_in_executor(None, self._write_state, number, made).add_done_callback(finished)

    # -- the server ------------------------------------------------------------------------

    def start(self) -> int:
        self._thread = threading.Thread(target=self._serve, name="host", daemon=True)
        self._thread.start()
        self._ready.wait(20)
        if self._error is not None:
            raise self._error
        return self.port

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._open())
        except BaseException as exc:  # reported to start(): the port is taken, a bad cert
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.run_until_complete(self._shut())
        loop.close()

    def app(self) -> web.Application:
        """The one aiohttp application the host serves: the students' WebSocket at ``/ws``,
        and whatever ``on_app`` adds (the teacher's web page mounts itself there, e.g.
        ``host.on_app.append(lambda app: app.add_subapp("/teacher/", page))`` before
        ``start``)."""
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/ws", self._connection)
        # The student's page (``/``, ``/play``): a browser is a network seat like any other.
        app.router.add_get("/play/ws", functools.partial(self._connection, kind=PageLink))
        add_student_page(app)
        for extend in self.on_app:
            extend(app)
        return app

    async def _open(self) -> None:
        self._runner = web.AppRunner(self.app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port, ssl_context=self._ssl)
        await site.start()
        addresses = self._runner.addresses  # port 0: the one the system gave
        if addresses:
            self.port = int(addresses[0][1])
        self._save()

    async def _shut(self) -> None:
        for link in list(self._links):
            link._close_now("net_closed_host")
        await asyncio.sleep(0.05)
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)

    # -- one connection --------------------------------------------------------------------

    async def _connection(self, request: web.Request,
                          kind: type[Link] | None = None) -> web.StreamResponse:
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        loop = asyncio.get_running_loop()
        address = request.remote or "?"
        link = (kind or Link)(ws, loop, address)
        link.transport = request.transport
        self._links.add(link)
        writer = loop.create_task(self._write(link))
        try:
            await self._talk(link)
        finally:
            link._close_now(link.closing or "net_closed_host")
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 2)
            writer.cancel()
            await ws.close()
            self._links.discard(link)
        return ws

    async def _write(self, link: Link) -> None:
        queue = link.queue
        while True:
            frames = [await queue.get()]
            while not queue.empty():  # what came meanwhile goes in this same wake-up
                frames.append(queue.get_nowait())
            end = frames.index(None) if None in frames else len(frames)
            texts = [f for f in frames[:end] if f is not None]
            link.writing = True  # frames handed over meanwhile wait behind these
            try:
                # One write for all of them (``net.wire``), or aiohttp's, one by one.
                if not wire.write_texts(link.ws, link.transport, texts):
                    for text in texts:
                        await link.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return
            finally:
                link.writing = False
            if end < len(frames):
                await link.ws.close()
                return

    def _refuse(self, link: Link, code: str, **params: Any) -> None:
        self.refused.append((link.address, code))
        link._close_now(code, "refused", **params)

    async def _talk(self, link: Link) -> None:
        ws = link.ws
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
        except TimeoutError:
            self.refused.append((link.address, "net_closed_no_hello"))
            link._close_now("net_closed_no_hello")
            return
        claimed = await self._hello(link, first)
        if claimed is None:
            return
        table, remote = claimed
        held = link.seat(table, remote)
        times: deque[float] = deque()
        try:
            async for message in ws:
                if link.closing:
                    return
                now = time.monotonic()
                times.append(now)
                while times and now - times[0] > 1.0:
                    times.popleft()
                if len(times) > MOST_PER_SECOND:
                    self._drop(link, "net_closed_too_many")
                    return
                if message.type != WSMsgType.TEXT:
                    self._bad(link, message)
                    return
                try:
                    parsed = link.parse(message.data)
                except ProtocolError as exc:
                    self._bad_message(link, exc)
                    return
                if link.handle(parsed):
                    continue
                if isinstance(parsed, Line):
                    if remote.link is link:
                        seat = link.typing_seat(table, remote)
                        table.session.inputs.put(Input(seat, parsed.text))
                elif isinstance(parsed, Key):
                    remote.key(link, parsed.name, parsed.arg)
                elif isinstance(parsed, Typing):
                    remote.typed(link, parsed.busy)
                elif isinstance(parsed, Screen):
                    if len(parsed.cells) > link.cells:
                        self._bad_message(link, ProtocolError("bad_field", "cells"))
                        return
                    remote.screen(link, parsed)
                elif isinstance(parsed, Bye):
                    return
                else:
                    self._bad_message(link, ProtocolError("unknown_type", "a second hello"))
                    return
        finally:
            for each in held:
                if each.release(link):
                    table.session.call_soon(functools.partial(each.leave, link))

    def _bad(self, link: Link, message: Any) -> None:
        """A frame that is not a text message: the peer left, went silent (no answer to the
        heartbeat's ping: a half-open connection), sent too much, or sent binary."""
        if message.type == WSMsgType.ERROR:
            exc = message.data
            reason = ("net_closed_silent" if isinstance(exc, TimeoutError)
                      else "net_closed_too_big" if getattr(exc, "code", None) == 1009
                      else "net_closed_bad")
        elif message.type == WSMsgType.CLOSE and message.data == 1009:
            reason = "net_closed_too_big"
        elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            link.closing = link.closing or "net_closed_host"
            return
        else:
            reason = "net_closed_bad"
        # A connection that broke or went silent is not the client's doing: only what it
        # sent (a WebSocket error has a close code then) is the teacher's news.
        self._drop(link, reason, tell=message.type != WSMsgType.ERROR or (
            reason != "net_closed_silent" and getattr(message.data, "code", None) is not None))

    def _bad_message(self, link: Link, exc: ProtocolError) -> None:
        self._drop(link, "net_closed_too_big" if exc.code == "too_big" else "net_closed_bad")

    def _drop(self, link: Link, reason: str, *, tell: bool = True) -> None:
        """A client let go for what it sent: logged, and the teacher told (``tell``)."""
        self.refused.append((link.address, reason))
        link._close_now(reason)
        if tell:
            self.guard.dropped(link.address, reason)

    async def _hello(self, link: Link, first: Any) -> tuple[HostedTable, RemoteSeat] | None:
        """Up to ``MOST_WRONG_CODES`` tries at a code; the seat claimed, or None."""
        message = first
        for attempt in range(1, MOST_WRONG_CODES + 1):
            if message.type != WSMsgType.TEXT:
                self._bad(link, message)
                return None
            try:
                hello = parse_client(message.data)
            except ProtocolError as exc:
                self._bad_message(link, exc)
                return None
            if not isinstance(hello, Hello):
                self._bad_message(link, ProtocolError("unknown_type", "hello first"))
                return None
            link.lang = hello.lang
            link.cells = hello.cells
            link.hello = hello
            if hello.version != VERSION:
                self._refuse(link, "net_version", mine=hello.version, theirs=VERSION)
                return None
            found = self._claim(link, hello)
            if found is not None:
                table, remote, token = found
                # The token is on the disk before the student's computer is given it: a host
                # restarted (``--resume``) knows every token it gave.
                await self._saved()
                self._welcome(link, hello, table, remote, token)
                return table, remote
            if link.closing:
                return None
            if attempt == MOST_WRONG_CODES:
                break
            try:
                message = await asyncio.wait_for(link.ws.receive(), HELLO_SECONDS * 6)
            except TimeoutError:
                link._close_now("net_closed_no_hello")
                return None
        self._refuse(link, "net_too_many_tries")
        return None

    def _claim(self, link: Link, hello: Hello) -> tuple[HostedTable, RemoteSeat, str] | None:
        """The seat ``hello`` names, claimed for ``link`` with a new token (not saved yet,
        nor given: ``_hello`` does both); None when refused."""
        # A valid token is never throttled (it cannot be guessed); a code only while the
        # address has tries left (``net.guard``): one refused unchecked waits seconds.
        tokened = any(t.keys.seat_for_token(hello.token) is not None for t in self.tables)
        wait = self.guard.wait(link.address) if hello.code and not tokened else 0
        if wait:
            self.refused.append((link.address, "net_wait_tries"))
            link._put(dump({"t": "refused", "code": "net_wait_tries", "retry": True,
                            "text": text(link.lang, "net_wait_tries", wait=wait)}))
            return None
        for table in self.tables:
            seat = table.keys.seat_for_token(hello.token)
            by_token = seat is not None
            if seat is None and hello.code:
                seat = table.keys.seat_for_code(hello.code)
            if seat is None or seat not in table.remotes:
                continue
            remote = table.remotes[seat]
            if table.session.state.is_over or table.ended:
                # The table's thread has ended: nobody would present the seat any more (a
                # student whose computer was away when the teacher ended it hears so now).
                link._close_now(_why_ended(table))
                return None
            if remote.link is not None and not by_token:
                self._refuse(link, "net_seat_taken", name=table.session.seats[seat].name)
                return None
            old = remote.claim(link)
            if old is not None:
                old.close("net_closed_replaced")
            token = table.keys.tokens[seat] = new_token()
            return table, remote, token
        if hello.code:  # a stale token alone guesses nothing
            self.guard.wrong(link.address)
        link._put(dump({"t": "refused", "code": "net_bad_code", "retry": True,
                        "text": text(link.lang, "net_bad_code", code=hello.code or "—")}))
        self.refused.append((link.address, "net_bad_code"))
        return None


    def _welcome(self, link: Link, hello: Hello, table: HostedTable, remote: RemoteSeat,
                 token: str) -> None:
        """The seat is the connection's: its computer is told so, with its token, and the
        table sends its news there from now on."""
        seat = remote.seat
        # The game's id: the student's computer words the seat's news with that game's
        # own presenter; the welcome itself it says in its own language.
        link.send({"t": "welcome", "v": VERSION, "seat": seat + 1,
                   "name": table.session.seats[seat].name, "game": table.title,
                   "game_id": table.session.kit.id, "table": table.number,
                   "words": table.session.kit.word_lang,
                   "clock": bool(table.session.timers),
                   "back": remote.ever_joined, "token": token})
        table.session.call_soon(functools.partial(remote.arrive, link, hello))


def _show(session: AnySession, seat: int, news: SeatNews) -> None:
    """The seat's display as the game stands now (its view, nothing more)."""
    state = session.state
    news.told([], session.view_of(seat), names=[s.name for s in session.seats],
              awaited=seat in state.awaiting, over=state.is_over)


def _catch_up(session: AnySession, resumed: bool, seat: int, news: SeatNews) -> None:
    """A student joining for the first time hears whose turn it is (their own turn's prompt
    comes when the table plays, as for everyone); after a host restart, where the game was."""
    state = session.state
    if resumed:
        news.resumed(session.view_of(seat))
    if not state.is_over:
        names = [session.seats[s].name for s in sorted(state.awaiting)]
        if seat in state.awaiting:
            news.tell("status_turn", names=names)
        else:  # in the game's words: a 7 słów writer waits for the others, no one "moves"
            news.whose_turn(names)
