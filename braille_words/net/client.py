"""A student's computer at a teacher's table: ``braille-words join``.

The student's own devices serve their seat, and the seat's presentation is made here: the table
sends the seat's own view, the events meant for it and the table's news as catalogue keys, and
``SeatScreen`` words them with the game's presenter (the same ``SeatNews`` a seat at the
teacher's computer runs) in the student's language and verbosity, for the width of the
student's own display. Routing keys and Braille-keyboard typing act here, on the student's own
lines; only the command line they make goes to the table, which keeps the rules, the journal,
the clock and the computer players. Before the seat is claimed (and
while a dropped connection is being restored) a local ``SeatOutput`` on the same devices asks
for the table and the code and says what is happening, so the whole way in is heard and
brailled like the game itself.

What the student's display shows and what their computer said is reported to the table for the
teacher's page (``screen``), when it changed and at most ``REPORTS_PER_SECOND`` times a second.

A dropped connection is restored by itself, with growing pauses (``BACKOFF``), using the token
the table gave: no code to type again, and the table tells the student what they missed. After
a host restart (``host --resume``) the same token still holds the seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import ssl
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

from braille_words.errors import BrailleWordsError
from braille_words.games.base import Event
from braille_words.games.kit import with_notes
from braille_words.games.registry import find_game
from braille_words.net import protocol
from braille_words.net.discovery import Found, browse
from braille_words.net.remote import NEWS_CALLS
from braille_words.net.view_delta import Views
from braille_words.present.messages import error_text, text
from braille_words.table.devices import open_devices
from braille_words.table.outputs import SeatOutput
from braille_words.table.seatnews import SeatNews
from braille_words.table.seats import SeatConfig
from braille_words.table.vocabulary import VERBOSITY_WORDS, clean_line

BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0, 5.0)
"""Seconds between reconnect attempts; the last repeats."""
GIVE_UP_SECONDS = 600.0
"""A table gone this long (the teacher's computer off) is given up, with a sentence."""
HEARTBEAT = 5.0
REPORTS_PER_SECOND = 5
"""How often the display and new sentences may be reported to the table: the teacher's page
keeps up, and the host's flood guard (50 messages a second) is far away."""


@dataclass
class Devices:
    """What the student plays with; None parts are simply absent."""

    speaker: Any = None
    display: Any = None
    earcons: Any = None


class SeatScreen:
    """The student's side of their seat: what the table sends for it, worded and shown on
    the student's own ``SeatOutput`` by the game's presenter (``SeatNews``)."""

    def __init__(self, out: SeatOutput) -> None:
        self.out = out
        self.news: SeatNews | None = None
        self.view: Any = None
        self.awaited = False
        self.over = False
        self.told_ended = False
        """The table's own "the teacher ends the game" (with the scores) has been said: the
        connection's last word need not say it again."""
        self.clock = True
        """The table runs a clock (its welcome says; an older host's says nothing): a table
        without one tells a 7 słów hint that sees no word "say 'koniec czasu'", as at the
        teacher's computer (``SeatNews.timed``)."""
        self._reported_said = 0
        """How many of ``out.said`` the table has been told of."""
        self._reported: tuple[bytes, str] | None = None
        """The display and line the table was last told of (None: tell it again)."""
        self.views = Views()
        """The seat's view as this connection was last sent it: the table sends each view
        after its first as what changed (``view_delta``)."""

    def welcome(self, data: dict[str, Any]) -> bool:
        """The seat is the student's: the game's presenter from now on, and the welcome.
        False (said why) when this computer does not have the table's game."""
        out = self.out
        self.views.reset()  # a new connection: its first view comes whole
        self.clock = data.get("clock") is not False
        game = str(data.get("game_id", ""))
        # The table's word language (an older host sends none: the game's own).
        words = data.get("words") if isinstance(data.get("words"), str) else None
        if self.news is None or self.news.kit.id != game or (
                words is not None and self.news.kit.word_lang != words):
            try:
                kit = find_game(game, words)
            except BrailleWordsError as exc:
                # Another version of the program, without this game: nothing could be shown.
                out.announce(error_text(exc, out.lang, out.verbosity), cue="rejected")
                return False
            self.news = SeatNews(out, kit, self._timed)
            out.router = kit.presenter.route
            out.cancel_line = kit.presenter.cancel_line
        key = "net_welcome_back" if data.get("back") else "net_welcome"
        table = f"{text(out.lang, 'table_word')} {data.get('table', '')}"
        out.announce(text(out.lang, key, out.verbosity, table=table,
                          game=str(data.get("game", "")), name=str(data.get("name", ""))),
                     cue="accepted")
        return True

    def _timed(self) -> bool:
        return self.clock

    def receive(self, data: dict[str, Any]) -> None:
        """One message of the seat's stream; a malformed one is let pass (never a
        traceback at a student's computer)."""
        try:
            self._receive(data)
        except Exception as exc:
            print(f"braille-words: the table sent what this computer cannot show: {exc!r}",
                  file=sys.stderr)

    def _receive(self, data: dict[str, Any]) -> None:
        self.views.take(data)  # the view whole again, where the table sent what changed
        kind, out = data.get("t"), self.out
        if kind == "say":
            out.announce(str(data.get("text", "")))
        elif kind == "stop":
            out.stop_speech()
        elif kind == "cue":
            out.cue(str(data.get("name", "")))
        elif kind == "view":
            self.view = data.get("view")
            self.awaited = bool(data.get("awaited"))
            self.over = bool(data.get("over"))
        if self.news is not None and kind in ("view", "news"):
            self._present(self.news, data)

    def _present(self, news: SeatNews, data: dict[str, Any]) -> None:
        """One message of the seat's news, worded by ``news``."""
        view = data.get("view")
        if data.get("t") == "view" and view is not None:
            events = [Event(str(e["kind"]), dict(e.get("params") or {}), e.get("to"))
                      for e in data.get("events") or ()]
            news.told(events, view, names=[str(n) for n in data.get("names") or ()],
                      urgent=bool(data.get("urgent")), speaks=bool(data.get("speaks", True)),
                      mine=bool(data.get("mine")), left=data.get("left"),
                      awaited=bool(data.get("awaited")), over=bool(data.get("over")))
        elif data.get("t") == "news":
            do, args = str(data.get("do", "")), dict(data.get("args") or {})
            if do not in NEWS_CALLS:
                return
            if do == "missed":
                self._missed(news, args)
            elif do == "tell":
                params = dict(args.pop("params", None) or {})
                self.told_ended = self.told_ended or args.get("key") == "ended_by_teacher"
                news.tell(str(args.pop("key")), **args, **params)
            elif do == "hint":  # the move, as the line that plays it, and its points
                view = args["view"]
                move = news.kit.commands.parse(str(args["line"]), view)
                notes = args.get("notes")
                move = with_notes(move, notes if isinstance(notes, dict) else {})
                news.hint(move, view, nudge=bool(args.get("nudge")))
            else:
                getattr(news, do)(**args)

    def _missed(self, news: SeatNews, args: dict[str, Any]) -> None:
        """What the seat was told while its connection was away, worded as it would have
        been (on a silent copy of the seat) and said as one "while you were away"."""
        out = self.out
        away = SeatOutput(name=out.name, lang=out.lang, verbosity=out.verbosity)
        shadow = SeatNews(away, news.kit, self._timed)
        for call in args.get("calls") or ():
            if isinstance(call, dict):
                self._present(shadow, call)
        said = [str(s) for s in args.get("said") or ()] + [s for s in away.said if s]
        if said:
            news.tell("net_missed", news=" ".join(said))

    def report(self, cells: int) -> dict[str, Any] | None:
        """The ``screen`` message telling the table what the student's display (``cells``
        wide) shows and what was said since the last one; None when nothing changed."""
        surface, news = self.out.surface, self.out.news
        with surface.lock:
            frame = surface.frame()[:cells] if cells else b""
            line = (surface.current_line or "") if cells else ""  # no display: no line read
            said = news.said[self._reported_said:]
            self._reported_said = len(news.said)
        if (frame, line) == self._reported and not said:
            return None
        self._reported = (frame, line)
        return protocol.screen(frame, line, said)

    def report_again(self) -> None:
        """A new connection: its first report says the display again (the table may have
        restarted); the sentences go on from the last one reported."""
        self._reported = None

    def local(self, line: str) -> tuple[bool, list[str]]:
        """A line the student typed, before it goes to the table: what the seat was told
        (``powtórz``, ``ostatni``, ``historia``) is answered here, where it was worded, and
        typed pointing picks here, where the pick is. (done here, lines for the table)"""
        news = self.news
        if news is None:
            return False, []
        low = " ".join(clean_line(line).split()).lower()
        if news.answer(low):
            return True, []
        if low in VERBOSITY_WORDS:
            self.out.verbosity = VERBOSITY_WORDS[low]  # the table records it, and says so
            return False, []
        made: list[str] = []
        if news.point(low, made.append):
            return True, made
        return False, []


class Client:
    """One student joining one table. ``run`` returns the exit status."""

    def __init__(
        self,
        seat: SeatConfig,
        *,
        address: str | None = None,
        code: str | None = None,
        insecure: bool = False,
        discover: Callable[[float], list[Found]] = browse,
        open_seat_devices: bool = True,
        read_input: Callable[[Client], None] | None = None,
    ) -> None:
        self.seat = seat
        self.address = address
        self.code = (code or "").replace(" ", "")
        self.insecure = insecure
        self._discover = discover
        self._read_input = read_input
        self.token = ""
        self.devices = Devices()
        self.joined = False
        self.welcomes = 0
        """Connections the table welcomed: one that was, and then dropped, is a new drop."""
        self.ended = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lines: asyncio.Queue[str | None] | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        warn: list[str] = []
        if open_seat_devices:
            speaker, display, earcons = open_devices(seat, self._on_key, self._on_status, warn)
            self.devices = Devices(speaker, display, earcons)
        self.local = SeatOutput(
            name=seat.name, lang=seat.lang, verbosity=seat.verbosity, braille=seat.braille,
            speaker=self.devices.speaker, display=self.devices.display,
            earcons=self.devices.earcons, hold_news=self.devices.speaker is None,
        )
        self.local.submit = self.line
        self.screen = SeatScreen(self.local)
        for sentence in warn:
            self.local.announce(sentence)

    @property
    def view(self) -> Any:
        """The seat's own view, as the table last sent it."""
        return self.screen.view

    @property
    def over(self) -> bool:
        return self.screen.over

    # -- input from the student (any thread) -----------------------------------------------

    def line(self, line: str | None) -> None:
        """A typed line (None: input has ended)."""
        loop, lines = self._loop, self._lines
        if loop is not None and lines is not None:
            loop.call_soon_threadsafe(lines.put_nowait, line)

    def key(self) -> None:
        """Any key on the keyboard stops the current speech at once, here."""
        speaker = self.devices.speaker
        if speaker is not None:
            with contextlib.suppress(Exception):
                speaker.stop()

    def pan(self, name: str) -> None:
        """Left or Right on the keyboard (``pan_left``, ``pan_right``): the thumb keys of the
        console display the student reads in the terminal. Unwired, a student reading with
        ``--display console:14 --speech none`` saw the first window of "Łączę ze stołem…"
        and nothing after it: the news waits for the reader to pan through it."""
        from braille_words.displays.console import ConsoleDisplay
        from braille_words.displays.events import DisplayCommand

        if isinstance(self.devices.display, ConsoleDisplay):
            self._on_key(DisplayCommand(name, None))

    def _on_key(self, command: Any) -> None:
        """A key on the student's display acts here, on their own lines (panning, routing,
        typing); a line it makes comes to ``line``. The table is told only whether letters
        wait on the typing line (a time-up may wait for a half-typed move)."""
        before = bool(self.local.typed_left_over())
        self.local.on_display_command(command)
        busy = bool(self.local.typed_left_over())
        if self.joined and busy != before:
            self._send({"t": "typing", "busy": busy})

    def _send(self, message: dict[str, Any]) -> None:
        loop, ws = self._loop, self._ws
        if loop is None or ws is None:
            return

        async def send() -> None:
            with contextlib.suppress(Exception):
                await ws.send_str(protocol.dump(message))

        loop.call_soon_threadsafe(lambda: asyncio.ensure_future(send()))

    def _on_status(self, status: str) -> None:
        self.local.on_display_status(status)

    # -- the way in ------------------------------------------------------------------------

    def _say(self, key: str, **params: Any) -> None:
        out = self.local
        out.announce(text(out.lang, key, out.verbosity, **params))

    async def _ask(self, key: str, **params: Any) -> str | None:
        self._say(key, **params)
        assert self._lines is not None
        while True:
            got = await self._lines.get()
            if got is None:
                return None
            got = got.strip()
            if got:
                return got

    async def _choose_address(self) -> str | None:
        self._say("join_looking")
        found = await asyncio.get_running_loop().run_in_executor(None, self._discover, 2.5)
        if len(found) == 1:
            table = found[0]
            self._say("join_found", count=1, tables=self._table_words(1, table))
            return table.address
        if not found:
            return await self._ask("join_none")
        names = "; ".join(self._table_words(i, t) for i, t in enumerate(found, start=1))
        self._say("join_found", count=len(found), tables=names)
        while True:
            answer = await self._ask("join_choose")
            if answer is None:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(found):
                return found[int(answer) - 1].address
            if ":" in answer or "." in answer:
                return answer  # an address typed instead
            self._say("join_bad_number", number=answer, count=len(found))

    def _table_words(self, number: int, table: Found) -> str:
        return text(self.seat.lang, "join_table", number=number, name=table.name, game=table.game)

    async def run_async(self) -> int:
        self._loop = asyncio.get_running_loop()
        self._lines = asyncio.Queue()
        if self._read_input is not None:
            threading.Thread(target=self._read_input, args=(self,), daemon=True).start()
        address = self.address or await self._choose_address()
        if address is None:
            return 1
        if not self.code:
            code = await self._ask("join_ask_code")
            if code is None:
                return 1
            self.code = code.replace(" ", "")
        return await self._keep_connected(address)

    def _url(self, address: str) -> tuple[str, ssl.SSLContext | bool]:
        if "://" not in address:
            address = f"ws://{address}"
        if not address.rstrip("/").endswith("/ws"):
            address = address.rstrip("/") + "/ws"
        context: ssl.SSLContext | bool = True
        if address.startswith("wss://") and self.insecure:
            context = False  # a teacher's self-signed certificate, accepted on purpose
        return address, context

    async def _keep_connected(self, address: str) -> int:
        url, context = self._url(address)
        attempt = 0
        gone_since: float | None = None
        loop = asyncio.get_running_loop()
        async with aiohttp.ClientSession() as http:
            while True:
                if attempt == 0 and not self.token:
                    self._say("join_connecting", address=address)
                try:
                    async with http.ws_connect(url, heartbeat=HEARTBEAT, ssl=context,
                                               max_msg_size=0) as ws:
                        self._ws = ws
                        outcome = await self._session(ws)
                except (TimeoutError, aiohttp.ClientError, OSError) as exc:
                    outcome = None
                    if not self.token:  # never joined: the address is wrong, say so
                        if isinstance(exc, aiohttp.ClientConnectorCertificateError):
                            self._say("join_untrusted", address=address)
                        else:
                            self._say("join_unreachable", address=address,
                                      reason=_reason(exc))
                        typed = await self._ask("join_none")
                        if typed is None:
                            return 1
                        url, context = self._url(typed)
                        address = typed
                        continue
                finally:
                    self._ws = None
                    self.joined = False
                if isinstance(outcome, int):
                    return outcome
                if self.ended:
                    return 0
                if outcome == "again":
                    attempt = 0
                    continue
                if self.over:
                    return 0
                # Dropped: try again by ourselves, with growing pauses.
                if outcome == "joined":  # this connection had been welcomed: a new drop
                    gone_since, attempt = None, 0
                if gone_since is None:
                    gone_since = loop.time()
                    self._say("join_lost")
                elif loop.time() - gone_since > GIVE_UP_SECONDS:
                    self._say("join_gave_up")
                    return 1
                await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1

    async def _session(self, ws: aiohttp.ClientWebSocketResponse) -> int | str | None:
        """One connection: hello, then the seat's stream; how it ended."""
        welcomes = self.welcomes
        display = self.devices.display
        cells = int(getattr(display, "cells", 0) or 0) if display is not None else 0
        status = int(getattr(display, "status_cells", 0) or 0) if display is not None else 0
        await ws.send_str(protocol.hello(
            self.code, token=self.token, lang=self.seat.lang, verbosity=self.seat.verbosity,
            cells=cells, status_cells=status, hears=self.devices.speaker is not None))
        lines = asyncio.ensure_future(self._forward_lines(ws))
        reports = asyncio.ensure_future(self._report(ws, cells))
        try:
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                try:
                    data = json.loads(message.data)
                except ValueError:
                    continue
                if not isinstance(data, dict):
                    continue
                outcome = await self._receive(ws, data)
                if outcome is not None:
                    return outcome
        finally:
            lines.cancel()
            reports.cancel()
        return "joined" if self.welcomes > welcomes else None

    async def _forward_lines(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        assert self._lines is not None
        while True:
            line = await self._lines.get()
            if line is None:
                self.ended = True  # the student's input ended: leave, do not reconnect
                with contextlib.suppress(Exception):
                    await ws.send_str(protocol.dump({"t": "bye"}))
                await ws.close()
                return
            if self.joined:
                self.key()
                done, made = self.screen.local(line)
                for sent in made if done else [line]:
                    await ws.send_str(protocol.dump({"t": "line",
                                                     "text": sent[:protocol.MAX_LINE]}))

    async def _report(self, ws: aiohttp.ClientWebSocketResponse, cells: int) -> None:
        """While the seat is the student's: its display and new sentences, for the teacher,
        when they changed (several changes between two reports go as one)."""
        self.screen.report_again()
        while True:
            await asyncio.sleep(1 / REPORTS_PER_SECOND)
            if not self.joined:
                continue
            message = self.screen.report(cells)
            if message is not None:
                with contextlib.suppress(ConnectionError, RuntimeError, aiohttp.ClientError):
                    await ws.send_str(protocol.dump(message))

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse,
                       data: dict[str, Any]) -> int | str | None:
        kind = data.get("t")
        if kind in ("say", "stop", "cue", "view", "news"):
            self.screen.receive(data)
        elif kind == "welcome":
            self.token = str(data.get("token", ""))
            self.joined = True
            self.welcomes += 1
            if not self.screen.welcome(data):
                self.ended = True  # leave, and do not come back by ourselves
                with contextlib.suppress(Exception):
                    await ws.send_str(protocol.dump({"t": "bye"}))
                return 1
        elif kind == "refused":
            self.local.announce(str(data.get("text", "")), cue="rejected")
            if data.get("retry"):
                code = await self._ask("join_ask_code")
                if code is None:
                    return 1
                self.code = code.replace(" ", "")
                return "again"
            return 1
        elif kind == "closed":
            reason = str(data.get("code", ""))
            if reason in ("net_game_over", "net_ended_by_teacher"):
                # Over, or ended by the teacher: said once, and the program ends (a game
                # ended by the teacher is resumed by the teacher, never by reconnecting).
                self.screen.over = True
                if not (reason == "net_ended_by_teacher" and self.screen.told_ended):
                    self.local.announce(str(data.get("text", "")))  # away when it ended
                return 0
            if reason == "net_closed_host" and (self.token and not self.over):
                return None  # the teacher's computer restarts: reconnect by ourselves
            if not self.over:
                self.local.announce(str(data.get("text", "")), cue="warning")
            return 0 if self.over else 1
        return None

    def run(self) -> int:
        try:
            return asyncio.run(self.run_async())
        finally:
            self.close()

    def close(self) -> None:
        if self.devices.speaker is not None:
            with contextlib.suppress(Exception):
                self.devices.speaker.wait(timeout=5)
        self.local.close()


def _reason(exc: BaseException) -> str:
    reason = str(exc) or type(exc).__name__
    return reason.split(" [")[0]


def read_lines(client: Client) -> None:
    """Standard input, line by line, to the table (a thread)."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return
    pending = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except InterruptedError:
            continue
        except OSError:
            break
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for raw in lines:
            client.line(raw.decode("utf-8", "replace").rstrip("\r"))
    if pending:
        client.line(pending.decode("utf-8", "replace").rstrip("\r"))
    client.line(None)
