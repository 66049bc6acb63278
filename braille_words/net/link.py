"""A connection as a seat's way out: what the host (``net.host``) asks of every link.

The host moves messages across and claims seats; a link is what it talks through. A plain
link is a student's computer on the network; a browser's page (``web.student_link.PageLink``)
adds its page and buttons by overriding the hooks below. The link knows of its table only
``SeatedTable`` (the session and its network seats), so the page depends on this small
protocol and the host depends on the page, never both ways.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from braille_words.net import wire
from braille_words.net.protocol import Hello, dump, parse_client
from braille_words.present.messages import text

if TYPE_CHECKING:
    from braille_words.net.remote import RemoteSeat
    from braille_words.table.session import AnySession

OUTBOX_MOST = 5000
"""Messages waiting for a connection that does not read them: past this it is let go."""


class Outbox:
    """What the tables hand to the network's loop (stepped on it at a host, from a table's
    thread at one computer's ``play --web``), in the order they hand it, with one wake-up of
    the loop for all that is waiting then (not one per message): a move's news to every seat
    of every table that moved meanwhile goes out in one turn of the loop. Every hand-over of
    every link of a loop goes through its one outbox, so a message and a close made after it
    on any thread keep their order; at a host, none goes before the journal lines written
    before it are on the disk (``gate``, ``net.durable``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._lock = threading.Lock()
        self._waiting: list[tuple[Any, int, Callable[..., None], tuple[Any, ...]]] = []
        """(what it waits for: ``Durable.mark``, the call, its arguments), in order."""
        self._armed = False
        self._after: list[Callable[[], None]] = []
        """The loop's thread only: what runs once the drain (or the callback) now running
        is over (each connection writing what it was handed, ``Link._flush``)."""
        self._draining = False
        self._after_due = False
        self.gate: Durable | None = None
        """The journals' sync (``net.durable``): a call waits until every journal line
        written before it was handed over is on the disk. None: nothing waits."""

    def post(self, call: Callable[..., None], *args: Any) -> None:
        """Any thread: ``call(*args)`` on the loop's thread, after everything posted before
        (and after the journal lines written before it are on the disk)."""
        gate = self.gate
        key, need = gate.mark() if gate is not None else (None, 0)
        with self._lock:
            self._waiting.append((key, need, call, args))
            if self._armed:
                return
            self._armed = True
        try:
            if on_loop(self._loop):
                self._loop.call_soon(self._drain)  # a table stepped on the loop: no wake-up
            else:
                self._loop.call_soon_threadsafe(self._drain)
        except RuntimeError:  # the loop has stopped: the host is closing
            with self._lock:
                self._armed = False

    def release(self) -> None:
        """On the loop's thread, after the journals' sync: what waited for it goes now."""
        with self._lock:
            if self._armed or not self._waiting:
                return
            self._armed = True
        self._drain()

    def discard(self, drop: Callable[[Callable[..., None]], bool]) -> None:
        """On the loop's thread: the calls still waiting for the journals' sync for which
        ``drop`` says True are never made (news of moves the disk refused to keep)."""
        gate = self.gate
        with self._lock:
            self._waiting = [item for item in self._waiting
                             if gate is None or gate.ready(item[0], item[1])
                             or not drop(item[2])]

    def _drain(self) -> None:
        gate = self.gate
        with self._lock:
            self._armed = False
            if gate is None:
                waiting, self._waiting = self._waiting, []
            else:
                waiting, self._waiting = _ready(self._waiting, gate)
        self._draining = True
        try:
            for _, _, call, args in waiting:
                call(*args)
        finally:
            self._draining = False
            self._run_after()

    def after(self, call: Callable[[], None]) -> None:
        """On the loop's thread: ``call()`` once what the loop is doing now is done — at the
        end of this drain, or as the loop's next callback."""
        self._after.append(call)
        if not self._draining and not self._after_due:
            self._after_due = True
            self._loop.call_soon(self._run_after)

    def _run_after(self) -> None:
        self._after_due = False
        calls, self._after = self._after, []
        for call in calls:
            call()


_OUTBOXES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Outbox] = \
    weakref.WeakKeyDictionary()
_OUTBOXES_LOCK = threading.Lock()


def outbox(loop: asyncio.AbstractEventLoop) -> Outbox:
    """The one outbox of ``loop``."""
    with _OUTBOXES_LOCK:
        box = _OUTBOXES.get(loop)
        if box is None:
            box = _OUTBOXES[loop] = Outbox(loop)
        return box


def on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether this is ``loop``'s own thread, running it."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class Durable(Protocol):
    """Which journal lines a hand-over waits for, and whether they are on the disk
    (``net.durable``)."""

    def mark(self) -> tuple[Any, int]: ...

    def ready(self, key: Any, need: int, /) -> bool: ...


Waiting = list[tuple[Any, int, Callable[..., None], tuple[Any, ...]]]


def _ready(waiting: Waiting, gate: Durable) -> tuple[Waiting, Waiting]:
    """``waiting`` split into what may go now and what still waits, each in order. A
    table's hand-over waits for its own journal's lines and for whatever of its table
    waits before it, never for another table's; one made outside any table's step (key
    None: a join, a close) waits for everything before it, and everything after it waits
    for it, so a connection's messages keep their order whoever made them."""
    go: Waiting = []
    kept: Waiting = []
    held: set[Any] = set()
    for item in waiting:
        key, need = item[0], item[1]
        free = key not in held if key is not None else not kept
        if free and None not in held and gate.ready(key, need):
            go.append(item)
        else:
            kept.append(item)
            held.add(key)
    return go, kept


class SeatedTable(Protocol):
    """What a link may know of the table it serves (``net.host.HostedTable`` is one)."""

    session: AnySession
    remotes: dict[int, RemoteSeat]


class Link:
    """One WebSocket as a seat's way out; ``send`` may be called from any thread."""

    def __init__(self, ws: web.WebSocketResponse, loop: asyncio.AbstractEventLoop,
                 address: str) -> None:
        self.ws = ws
        self.loop = loop
        self.outbox = outbox(loop)
        self.address = address
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.transport: asyncio.Transport | None = None
        """The connection ``ws`` was prepared on (frames are written to it at once)."""
        self.pending: list[str] = []
        """Frames handed over in this turn of the loop, written together after it."""
        self._flush_due = False
        self.writing = False
        """The host's writer holds frames taken from ``queue`` (aiohttp is sending them)."""
        self.lang = "pl"
        self.cells = 0
        """The width of the student's display, as its hello said: no ``screen`` is wider."""
        self.closing: str | None = None
        self.hello: Hello | None = None
        """The hello that claimed the seat (with the student's language and display)."""

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.post(self._put, dump(message))

    def send_frame(self, frame: str) -> None:
        """A message already made into its JSON text (``protocol.dump``'s form)."""
        self.outbox.post(self._put, frame)

    def _put(self, frame: str) -> None:
        """On the loop's thread: ``frame`` to be written once the loop has done what it is
        doing now (a drain of the outbox hands over a whole move), with every other frame
        for this connection that came meanwhile, in one write (``_flush``)."""
        if len(self.pending) + self.queue.qsize() > OUTBOX_MOST:
            self._close_now("net_closed_silent")  # it reads nothing: as good as gone
            return
        self.pending.append(frame)
        if not self._flush_due:
            self._flush_due = True
            self.outbox.after(self._flush)

    def _flush(self) -> None:
        """The frames waiting for this connection, written to it at once (``net.wire``):
        no queue and no writer's turn for each. Compression, a backed-up connection, or
        frames still in the writer's hands (to be overtaken by none) leave them to the
        writer (``Host._write``), which sends them through aiohttp in order."""
        self._flush_due = False
        frames, self.pending = self.pending, []
        if not frames:
            return
        if self.writing or not self.queue.empty() or self.closing is not None \
                or not wire.write_texts(self.ws, self.transport, frames):
            for frame in frames:
                self.queue.put_nowait(frame)

    def close(self, reason: str) -> None:
        self.outbox.post(self._close_now, reason)

    # A browser's link (``web.student_link``) adds the page and its buttons to these.
    def parse(self, raw: str | bytes) -> Any:
        return parse_client(raw)

    def seat(self, table: SeatedTable, remote: RemoteSeat) -> list[RemoteSeat]:
        """The seat this connection claimed; every seat it holds from now on."""
        return [remote]

    def typing_seat(self, table: SeatedTable, remote: RemoteSeat) -> int:
        """The seat a line typed here is for."""
        return remote.seat

    def handle(self, message: Any) -> bool:
        """A message only this kind of link takes (True when taken)."""
        return False

    def _close_now(self, reason: str, kind: str = "closed", **params: Any) -> None:
        """On the loop's thread: the last message (why), then the close. ``kind`` "refused"
        tells the client not to try again by itself."""
        if self.closing is None:
            self._flush()  # what was handed over before the close goes before it
            self.closing = reason
            self.queue.put_nowait(dump({"t": kind, "code": reason,
                                        "text": text(self.lang, reason, **params)}))
            self.queue.put_nowait(None)
