"""A seat played from another computer: its voice, display and sounds are over the network.

The table presents a network seat exactly as a seat at this computer: through its
``SeatOutput``, the one place a seat's news goes. What the output would say, show or sound is
sent to that seat's connection only (a ``Link``), so one student's rack can reach no other
student's computer by construction — the privacy of a seat is the privacy the table already
keeps, not a second filter that could drift from it. The sentences are made here in the
language and verbosity the student's computer asked for, and the student's computer renders
them on its own devices: speech in its own voice, the cells on its own display (the width it
said it has), earcons on its own sound card. Beside them, the seat's ``view_for`` and the
events it was told go along as data after every change (for clients that present them
themselves, and for the simulated students of the tests and the load test).

While a seat has no connection, what it would have been told is kept (the last
``MISSED_KEPT`` sentences) and told when it is back.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from braille_words.displays.events import DisplayCommand
from braille_words.games.base import Event
from braille_words.net.protocol import Hello
from braille_words.present.messages import text
from braille_words.table.outputs import SeatOutput

MISSED_KEPT = 30


class Link(Protocol):
    """One connection's way out: ``send`` is safe from any thread and never blocks."""

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, reason: str) -> None: ...


class _Speaker:
    def __init__(self, link: Link) -> None:
        self._link = link

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        self._link.send({"t": "say", "text": text, "lang": lang})

    def stop(self) -> None:
        self._link.send({"t": "stop"})

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "network"

    def close(self) -> None:
        pass


class _Missed:
    """The seat's voice while it has no connection: what it would have heard, kept."""

    def __init__(self, kept: deque[str]) -> None:
        self._kept = kept

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        self._kept.append(text)

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "network (away)"

    def close(self) -> None:
        pass


class _Earcons:
    def __init__(self, link: Link) -> None:
        self._link = link

    def play(self, name: str) -> None:
        self._link.send({"t": "cue", "name": name})


class _Display:
    """The student's display as the seat's output sees it: its width and status cells, and
    every frame sent on."""

    def __init__(self, link: Link, cells: int, status_cells: int) -> None:
        self._link = link
        self.cells = cells
        self.status_cells = status_cells

    def write(self, cells: bytes) -> None:
        self._link.send({"t": "cells", "dots": cells.hex()})

    def write_status(self, cells: bytes) -> None:
        if self.status_cells:
            self._link.send({"t": "status", "dots": cells.hex()})

    def close(self) -> None:
        pass


class RemoteSeat:
    """One network seat of a table; every method but ``key`` runs on the table's thread."""

    def __init__(
        self,
        seat: int,
        out: SeatOutput,
        call_soon: Callable[[Callable[[], None]], None],
        report: Callable[[str], None],
        view: Callable[[], tuple[Any, bool, bool]],
        catch_up: Callable[[SeatOutput], None],
        *,
        joined_before: bool = False,
    ) -> None:
        self.seat = seat
        self.out = out
        self._call_soon = call_soon
        self._report = report
        self._view = view
        self._catch_up = catch_up
        self._missed: deque[str] = deque(maxlen=MISSED_KEPT)
        self._lock = threading.Lock()
        self.link: Link | None = None
        """The connection now speaking for this seat (set on the network's thread)."""
        self.ever_joined = joined_before
        """A student has held this seat (in this host's life, or before a ``--resume``)."""
        self._fresh = True
        out.plug(speaker=_Missed(self._missed), display=None, earcons=None)
        out.on_view = self._send_view

    # -- called on the network's thread -----------------------------------------------------

    def claim(self, link: Link) -> Link | None:
        """``link`` speaks for this seat from now on; the connection it replaces, if any."""
        with self._lock:
            old, self.link = self.link, link
        return old

    def release(self, link: Link) -> bool:
        """``link`` closed; True if it was the seat's (not already replaced)."""
        with self._lock:
            if self.link is not link:
                return False
            self.link = None
        return True

    def key(self, link: Link, name: str, arg: int | None) -> None:
        if self.link is link:
            self._call_soon(lambda: self._key(link, name, arg))

    # -- on the table's thread -------------------------------------------------------------

    def arrive(self, link: Link, hello: Hello, table: str, game: str) -> None:
        """The student's computer is connected: present the seat there from now on."""
        if self.link is not link:
            return
        out = self.out
        display = _Display(link, hello.cells, hello.status_cells) if hello.cells else None
        out.plug(speaker=_Speaker(link), display=display, earcons=_Earcons(link),
                 lang=hello.lang, verbosity=hello.verbosity, hold_news=not hello.hears)
        key = "net_welcome_back" if self.ever_joined else "net_welcome"
        out.announce(text(out.lang, key, out.verbosity, table=table, game=game, name=out.name),
                     cue="accepted")
        if self._fresh:
            # What was kept before the first join was worded for nobody in particular (the
            # seat's language was not known yet): the student hears where the game stands.
            self._fresh = False
            self._missed.clear()
            self._catch_up(out)
        elif self._missed:
            news = " ".join(self._missed)
            self._missed.clear()
            out.announce(text(out.lang, "net_missed", out.verbosity, news=news))
        self._send_view(*self._view())
        first = not self.ever_joined
        self.ever_joined = True
        self._report("network_joined" if first else "network_back")

    def leave(self, link: Link) -> None:
        """The connection is gone: keep what the seat would hear, and let the table wait."""
        if self.link is not None and self.link is not link:
            return  # already replaced by a newer connection of the same student
        self.out.plug(speaker=_Missed(self._missed), display=None, earcons=None)
        self._report("network_lost")

    def _key(self, link: Link, name: str, arg: int | None) -> None:
        if self.link is link:
            self.out.on_display_command(DisplayCommand(name, arg))

    def _send_view(self, view: Any, awaited: bool, over: bool,
                   events: Sequence[Event] = ()) -> None:
        """The seat's view and the events it was just told (public ones and its own: the
        table has already left out every other seat's), as data."""
        link = self.link
        if link is None:
            return
        try:
            json.dumps(view)
        except (TypeError, ValueError):
            view = None  # a game whose view is not plain data: the sentences still go
        told = [json.loads(json.dumps(e.to_json(), default=str)) for e in events]
        link.send({"t": "view", "view": view, "awaited": awaited, "over": over,
                   "events": told})
