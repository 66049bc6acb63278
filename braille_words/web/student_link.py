"""A browser's connection to its seat: the network seat's own link, plus the page.

A student's page is a network seat like any other: it says hello with the join code, the host
claims the seat with the same codes, tokens, guard and limits (``net.host``), and the seat's
sentences, sounds and view come to it exactly as to ``braille-words join``, rendered on the
host in the seat's language and verbosity. What a page adds: after what the seat was told, the
seat's lines as a page (``student_view``) so its buttons can be drawn, each sentence's words
marked with their language (an English word in a Polish game is read by the English voice
and Braille table), and one more message, a button pressed (``route``), which does on the
table's thread what our routing key over that target does.
"""

from __future__ import annotations

import asyncio
import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from braille_words.net.link import Link, SeatedTable
from braille_words.net.protocol import (
    MAX_MESSAGE,
    ClientMessage,
    ProtocolError,
    dump,
    parse_client,
)
from braille_words.speech.speaker import marked_spans, strip_marks
from braille_words.web.student_view import PageTargets, page_view
from braille_words.web.student_words import review_lines, words

if TYPE_CHECKING:
    from braille_words.net.remote import RemoteSeat

MOST_ITEMS = 10_000


@dataclass(frozen=True)
class Route:
    """Button ``item`` of page ``page`` pressed (a click, Enter, Space or a routing key)."""

    page: int
    item: int


def parse_page(raw: str | bytes) -> ClientMessage | Route:
    """A browser's message: the protocol's own, or a button pressed."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not_json") from None
    if isinstance(data, dict) and data.get("t") == "route":
        if set(data) != {"t", "page", "item"}:
            raise ProtocolError("unknown_field")
        page, item = data["page"], data["item"]
        if any(isinstance(v, bool) or not isinstance(v, int) for v in (page, item)) or \
                not (page > 0 and 0 <= item < MOST_ITEMS):
            raise ProtocolError("bad_field", "route")
        return Route(page, item)
    return parse_client(raw)


class PageLink(Link):
    """A browser's WebSocket as its seat's way out, and the page it is shown."""

    words_here = True
    """A page has no presenter: the host words its seat's news (``RemoteNews``)."""

    def __init__(self, ws: web.WebSocketResponse, loop: asyncio.AbstractEventLoop,
                 address: str) -> None:
        super().__init__(ws, loop, address)
        self.seated: tuple[SeatedTable, RemoteSeat] | None = None
        self.targets = PageTargets()
        self._due = False
        self._last = ""

    def parse(self, raw: str | bytes) -> ClientMessage | Route:
        return parse_page(raw)

    def send(self, message: dict[str, Any]) -> None:
        """Any thread: the message, with its words' languages; the page follows."""
        kind = message.get("t")
        if kind == "say":
            said = str(message.get("text", ""))
            message = {**message, "text": strip_marks(said),
                       "spans": [[part, lang] for part, lang in marked_spans(said)]}
            if "public" in message:  # what of it stays once the shared page is handed over
                message["public"] = [[part, lang] for part, lang
                                     in marked_spans(str(message["public"]))]
        super().send(message)
        if kind in ("say", "cue", "view", "welcome"):
            self._page_soon()

    def lines_changed(self) -> None:
        """The table's thread: the seat's lines changed (plugged in as the seat's
        ``on_lines``); the page follows them, as a display would."""
        self._page_soon()

    def _page_soon(self) -> None:
        if self._due:
            return
        self._due = True
        self.outbox.post(self._send_page)  # after the messages it follows

    def _send_page(self) -> None:
        """On the network's thread: the seat's page, when it changed."""
        self._due = False
        if self.seated is None or self.closing:
            return
        table, remote = self.seated
        if remote.link is not self:
            return
        seat, handing_over = table.session.at_devices(remote.seat)
        data, targets = page_view(table.session, seat, self.lang, hidden=handing_over)
        frame = json.dumps(data, ensure_ascii=False, sort_keys=True)
        if frame == self._last:
            return
        self._last = frame
        self._put(dump({"t": "page", "page": self.targets.add(targets, seat),
                        "review": review_lines(str(data["game"]), self.lang), **data}))

    def seat(self, table: SeatedTable, remote: RemoteSeat) -> list[RemoteSeat]:
        """The host gave this connection its seat: pages from now on. People playing
        hot-seat in one browser (``play --web`` with several people) share the page as they
        would share a speaker: the page holds every seat of the group, and the table's own
        hand-over decides whose lines it shows and whom a line typed here is for."""
        self.seated = (table, remote)
        session = table.session
        held = [remote]
        hello = self.hello
        for seat in sorted(session.sharing(remote.seat) - {remote.seat}):
            other = table.remotes.get(seat)
            if other is None or hello is None:
                continue
            old = other.claim(self)
            if old is not None and old is not self:
                old.close("net_closed_replaced")
            session.call_soon(functools.partial(other.arrive, self, hello))
            held.append(other)
        if len(held) > 1:
            session.call_soon(functools.partial(session.remind_hand_over, remote.seat))
        self._page_soon()
        return held

    def typing_seat(self, table: SeatedTable, remote: RemoteSeat) -> int:
        """At a shared page, the member of the group the table serves now (who is asked to
        take it over confirms with Enter here)."""
        return table.session.at_devices(remote.seat)[0]

    def handle(self, message: Any) -> bool:
        """A message only pages send; False for one that is not."""
        if not isinstance(message, Route) or self.seated is None:
            return False
        table, remote = self.seated
        target = self.targets.target(message.page, message.item)
        seat, handing_over = table.session.at_devices(remote.seat)
        if target is None or handing_over or self.targets.seat_of(message.page) != seat:
            # A page too old, or one drawn for the last member at a shared page: nothing
            # of it may act for the one who has the page now.
            w = words(self.lang)
            said = (w["hand_over"].format(name=table.session.seats[seat].name)
                    if handing_over else w["page_changed"])
            self._put(dump({"t": "say", "text": said, "spans": [[said, None]],
                            "urgent": True}))
            return True

        def press() -> None:
            if remote.link is self:  # still this browser's seat on the table's thread
                table.session.outputs[seat].route_target(target)

        table.session.call_soon(press)
        return True
