"""Simulated students: programs that join a table over the network and play their seat from
what the table sends them, for the load test (``benchmarks/bench_net.py``) and its small
version in the tests.

A simulated student knows only what a real student's computer knows: its join code, then its
token, and the messages for its seat — the seat's ``view_for`` and events as data, which it
presents as ``join`` does (``SeatScreen``: the sentences, cues and cells made on its side,
recorded by ``Recording``). It types a line when its view says the table awaits it (the
game's own command language; in Rummikub Słowny "dobierz" ends a turn with a draw, so seeded
games reach their end by the rules' own "everybody passed"), and it times each line from the
moment it is sent to the first answer for its seat. It can drop its connection on purpose and
come back with its token, as a student's computer does after a broken network, and checks
that no move was lost meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from braille_words.net import protocol
from braille_words.net.client import BACKOFF, SeatScreen
from braille_words.table.outputs import SeatOutput

PACE = 40
"""Lines a simulated student sends in any one second at most: under the host's flood limit
(``host.MOST_PER_SECOND``), which closes a connection that sends more — two students drawing
at one table would otherwise reach it, and the line that did would never be played."""

READ_ANSWERS = frozenset({"read", "answer", "where", "spell", "help"})
"""The ``news`` calls that answer a reading command."""

Choose = Callable[[Any], str]
"""The line a student types when the table awaits it, from its seat's view."""


def draw_every_turn(view: Any) -> str:
    """Rummikub Słowny's shortest honest turn: draw a tile (pass when the bank is empty)."""
    return "dobierz"


class Recording:
    """A student's speech, sounds and display that record what they are given, as messages
    marked ``local`` (made on the student's side) in ``got``."""

    def __init__(self, got: list[dict[str, Any]], cells: int = 40) -> None:
        self.got = got
        self.cells = cells
        self.status_cells = 0
        self.frames: list[bytes] = []

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        self.got.append({"t": "say", "text": text, "lang": lang, "local": True})

    def play(self, name: str) -> None:
        self.got.append({"t": "cue", "name": name, "local": True})

    def write(self, cells: bytes) -> None:
        self.frames.append(cells)
        self.got.append({"t": "cells", "dots": cells.hex(), "local": True})

    def write_status(self, cells: bytes) -> None:
        pass

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "recording"

    def close(self) -> None:
        pass


class Presented:
    """What a student's computer was sent (``wire``) and what it made of it (``got``: the
    table's messages but its sentences and sounds, which are in it as the student's side
    said and played them)."""

    def __init__(self, got: list[dict[str, Any]], lang: str, cells: int = 40) -> None:
        self.got = got
        self.wire: list[dict[str, Any]] = []
        self.devices = Recording(got, cells)
        out = SeatOutput(name="?", lang=lang, verbosity="beginner", speaker=self.devices,
                         earcons=self.devices, display=self.devices if cells else None)
        self.screen = SeatScreen(out)

    def take(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """One message from the table, presented; everything it added to ``got``."""
        start = len(self.got)
        self.wire.append(data)
        if data.get("t") not in ("say", "cue", "stop"):
            self.got.append(data)
        if data.get("t") == "welcome":
            self.screen.welcome(data)
        else:
            self.screen.receive(data)
        return self.got[start:]

    def typed(self, line: str) -> list[str]:
        """A line typed at the student's computer: the lines that go to the table."""
        done, made = self.screen.local(line)
        return made if done else [line]


@dataclass
class Student:
    """One simulated student at one seat."""

    url: str
    code: str
    choose: Choose = draw_every_turn
    lang: str = "pl"
    read_first: str | None = None
    """A reading command typed before each move (``stojak``), answered before the move is
    sent: a student looks at their rack before they play, and the load test times both."""
    drop_after: int | None = None
    """Drop the connection (no goodbye) after this many lines, then reconnect with the token."""
    token: str = ""
    seat: int | None = None
    lines_sent: int = 0
    """Moves typed (reading commands are counted in ``reads_sent``)."""
    moves_announced: int = 0
    """The seat's moves the table announced to it (a view marked ``mine``, also inside
    "while you were away"): what the table played for it, to be found in the journal."""
    latencies: list[float] = field(default_factory=list)
    """Seconds from a line sent to the first message for the seat that answers it."""
    got: list[dict[str, Any]] = field(default_factory=list)
    reads_sent: int = 0
    lines_refused: int = 0
    """Lines the table refused with a sentence (the table was waiting for someone)."""
    drops: int = 0
    welcomes: int = 0
    reconnects: int = 0
    over: bool = False
    last_heard: float = 0.0
    """When (``time.monotonic``) the last message from the host arrived: the load test's
    end of play, for the host's CPU while the games were played."""
    last_view: Any = None
    refused: str = ""
    closed: list[str] = field(default_factory=list)
    """Why the host closed a connection of this student (its codes), in order."""
    _sent: deque[float] = field(default_factory=deque)
    presented: Presented | None = None
    present: bool = True
    """Present what the table sends, as the student's computer does (False: only read it, for
    the load test, where the students' computers share the host's cores: in a school each
    does that work on its own)."""

    def __post_init__(self) -> None:
        self.presented = Presented(self.got, self.lang)

    async def play(self, http: aiohttp.ClientSession, most_seconds: float = 300.0, *,
                   reconnect: bool = False) -> None:
        """Join, play until the game is over, and leave. After its own drops it comes back
        with its token; with ``reconnect`` also after the host closed or vanished (a host
        restarted with ``--resume``), with growing pauses, as ``join`` does."""
        deadline = time.monotonic() + most_seconds
        attempt = 0
        while not self.over and time.monotonic() < deadline:
            welcomes = self.welcomes
            try:
                dropped = await self._connection(http, deadline)
            except (aiohttp.ClientError, OSError):
                dropped = False
            if dropped:
                continue
            if self.over or self.refused or not reconnect or not self.token:
                return
            attempt = 0 if self.welcomes > welcomes else attempt + 1
            self.reconnects += 1
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])

    def on_a_thread(self, most_seconds: float = 300.0, *, reconnect: bool = False
                    ) -> threading.Thread:
        """The student playing on a thread of its own, with its own event loop (beside a
        program that is busy with something else); start it, then join it."""

        async def play() -> None:
            async with aiohttp.ClientSession() as http:
                await self.play(http, most_seconds, reconnect=reconnect)

        return threading.Thread(target=lambda: asyncio.run(play()), daemon=True)

    async def _connection(self, http: aiohttp.ClientSession, deadline: float) -> bool:
        """One connection; True if it was dropped on purpose (to be restored).

        A student moves when its view turns to "awaited", or when it hears "your turn" (the
        cue) while its view is awaited: the table may have been waiting for another student,
        refused the line, and says so again once it plays.

        A line is timed to its own answer, not to whatever arrives next (the rest of the turn's
        prompt may still be on its way): a reading to the news that reads it out, a move to
        the view that announces it or to its refusal."""
        async with http.ws_connect(self.url, max_msg_size=0) as ws:
            await ws.send_str(protocol.hello(self.code, token=self.token, lang=self.lang))
            sent_at: float | None = None
            awaited = pending = reading = False
            answer = ""  # what the line in flight waits for: "read" or "move"
            while time.monotonic() < deadline:
                try:
                    message = await asyncio.wait_for(ws.receive(), deadline - time.monotonic())
                except TimeoutError:
                    return False
                if message.type != aiohttp.WSMsgType.TEXT:
                    return False
                arrived = time.perf_counter()  # before this computer presents it
                self.last_heard = time.monotonic()
                data = json.loads(message.data)
                assert self.presented is not None
                if self.present:
                    cues = {m["name"] for m in self.presented.take(data) if m.get("t") == "cue"}
                else:  # only read: the view whole again, as the student's computer makes it
                    views = self.presented.screen.views
                    views.reset() if data.get("t") == "welcome" else views.take(data)
                    cues = _cues(data)
                kind = data.get("t")
                if kind == "welcome":
                    self.token, self.seat = str(data["token"]), int(data["seat"]) - 1
                    self.welcomes += 1
                elif kind == "refused":
                    self.refused = str(data.get("text", ""))
                    return False
                elif kind == "closed":
                    self.closed.append(str(data.get("code", "")))
                    return False
                mine = kind == "view" and bool(data.get("mine"))
                self.moves_announced += mine + own_moves_missed(data)
                if sent_at is not None and _answers(answer, data, cues, mine):
                    self.latencies.append(arrived - sent_at)
                    sent_at, answer = None, ""
                    if reading:  # the rack was read out: now the move
                        reading = False
                        sent_at, answer = await self._type(ws, self.choose(self.last_view)), \
                            "move"
                        continue
                move = False
                if kind == "view":
                    self.last_view = data.get("view")
                    self.over = bool(data.get("over"))
                    if self.over:
                        return False
                    now = bool(data.get("awaited"))
                    move = now and not awaited and not pending
                    awaited = now
                    pending = pending and now
                elif "rejected" in cues and pending:
                    pending = False
                    self.lines_refused += 1
                elif "your_turn" in cues:
                    move = awaited and not pending
                if not move:
                    continue
                if self.drop_after is not None and self.lines_sent >= self.drop_after:
                    self.drop_after = None
                    self.drops += 1
                    await ws.close()  # the network broke: no goodbye
                    return True
                pending = True
                if self.read_first:
                    reading = True
                    sent_at, answer = await self._type(ws, self.read_first, move=False), "read"
                else:
                    sent_at, answer = await self._type(ws, self.choose(self.last_view)), "move"
        return False

    async def _type(self, ws: aiohttp.ClientWebSocketResponse, line: str, *,
                    move: bool = True) -> float:
        """Send one typed line (within ``PACE``); the moment it left, for its answer's latency."""
        sent = self._sent
        now = time.monotonic()
        while sent and now - sent[0] > 1.0:
            sent.popleft()
        if len(sent) >= PACE:
            await asyncio.sleep(1.0 - (now - sent[0]))
        sent.append(time.monotonic())
        sent_at = time.perf_counter()
        await ws.send_str(protocol.dump({"t": "line", "text": line}))
        if move:
            self.lines_sent += 1
        else:
            self.reads_sent += 1
        return sent_at


def _answers(answer: str, data: dict[str, Any], cues: set[str], mine: bool) -> bool:
    """Whether ``data`` answers the line in flight: a reading's news, or a move's
    announcement (``mine``) or refusal."""
    if "rejected" in cues:
        return True
    if answer == "read":
        return data.get("t") == "news" and data.get("do") in READ_ANSWERS
    return mine


def own_moves_missed(data: dict[str, Any]) -> int:
    """The seat's own moves announced inside "while you were away" (``missed``)."""
    if data.get("t") != "news" or data.get("do") != "missed":
        return 0
    calls = data.get("args", {}).get("calls", [])
    return sum(1 for c in calls if isinstance(c, dict) and c.get("t") == "view" and c.get("mine"))


def _cues(data: dict[str, Any]) -> set[str]:
    """The sounds a student's computer would play for ``data`` that a student acts on, read
    from the message itself (a student that does not present it): a refusal, and the prompt
    of its turn."""
    if data.get("t") == "cue":
        return {str(data.get("name"))}
    if data.get("t") != "news":
        return set()
    do, args = data.get("do"), data.get("args", {})
    if do in ("refused", "not_your_turn") or args.get("cue") == "rejected":
        return {"rejected"}
    return {"your_turn"} if do == "prompt" and args.get("turn", True) else set()
