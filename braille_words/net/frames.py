"""The JSON text of what a table sends its network seats, each piece made once.

A move is announced to every seat of its table: each seat's view, the events it may know,
the players' names; the next seat's prompt and the rack a student reads before moving carry
the same view again. Made into JSON call by call, that was most of what a move cost a
school's host. Here each piece is made once and its text reused, keyed by the very object
it was made of (an event; the names list of one announcement; a seat's view, made once per
state by ``Session.view_of``, is kept by its own seat): the object is kept with its text,
so its identity cannot be taken by another object while the text is kept, and none of them
is changed once made.
Nothing here decides who is sent what: a seat's view is only ever its own (the table asks
for it by seat), and an event goes only where the table sent it.

The text is what ``json.dumps(..., ensure_ascii=False, separators=(",", ":"))`` makes.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from braille_words.games.base import Event
from braille_words.json_text import encoder

KEPT = 256
"""Pieces kept at once, for every table of the host together; past it they are made anew."""

_ENCODE = encoder()
_LOOSE = encoder(default=str)


class _Made:
    """Texts made of objects, by the object's identity (the object kept beside its text)."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[Any, str | None]] = {}
        self._lock = threading.Lock()  # tables' threads share it

    def get(self, value: Any) -> tuple[bool, str | None]:
        kept = self._texts.get(id(value))
        if kept is not None and kept[0] is value:
            return True, kept[1]
        return False, None

    def put(self, value: Any, made: str | None) -> None:
        with self._lock:
            if len(self._texts) >= KEPT:
                self._texts.clear()
            self._texts[id(value)] = (value, made)


_EVENTS = _Made()
_NAMES = _Made()


def view_text(view: Any) -> str | None:
    """``view`` as JSON, strictly: None when it is not plain data (then it is not sent).
    Not kept here: a seat keeps its own last one (``RemoteNews``), which a school's other
    tables cannot push out before its prompt and its next read use it."""
    try:
        return _ENCODE(view)
    except (TypeError, ValueError, RecursionError):
        return None


BIG = 8
"""A view's list or dict of at least this many items is made into JSON apart, and its text
kept by the seat for its next view (``SeatViews``)."""

_KEY_TEXTS: dict[str, str] = {}


def _key_text(key: str) -> str:
    made = _KEY_TEXTS.get(key)
    if made is None:
        made = _KEY_TEXTS[key] = f",{_ENCODE(key)}:"
    return made


class SeatViews:
    """One seat's views as JSON, each made once (the next prompt and the rack read before a
    move carry the view the move was announced with, however many tables moved meanwhile).

    A move changes little of the views of the seats that did not make it: their racks, the
    game's options are the very objects their last views held (a game makes them once, and
    never changes a view's parts). Such a big part (``BIG``) keeps the text it was made into
    for the seat's next view, for as long as that view holds the same object; the rest of
    the view is made anew. Kept per seat, from that seat's own views only: nothing of another
    seat's view can be spliced into this one. The text is the view's JSON with its big parts
    last (the same object, as ``json.loads`` reads it)."""

    def __init__(self) -> None:
        self._last: tuple[Any, str | None] | None = None
        self._parts: dict[str, tuple[Any, str]] = {}

    def text(self, view: Any) -> str | None:
        """``view`` as JSON, strictly: None when it is not plain data (then it is not sent)."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1]
        try:
            made = self._made(view) if type(view) is dict else _ENCODE(view)
        except (TypeError, ValueError, RecursionError):
            made = None
        self._last = (view, made)
        return made

    def _made(self, view: dict[Any, Any]) -> str:
        before = self._parts
        parts: dict[str, tuple[Any, str]] = {}
        rest: dict[Any, Any] = {}
        tail: list[str] = []
        for key, value in view.items():
            kind = type(value)
            if (kind is list or kind is dict) and len(value) >= BIG and type(key) is str:
                old = before.get(key)
                made = old[1] if old is not None and old[0] is value else _ENCODE(value)
                parts[key] = (value, made)
                tail.append(_key_text(key) + made)
            else:
                rest[key] = value
        self._parts = parts
        head = _ENCODE(rest)
        if not tail:
            return head
        joined = "".join(tail)
        if len(head) == 2:  # "{}"
            return "{" + joined[1:] + "}"
        return head[:-1] + joined + "}"


def event_text(event: Event) -> str:
    """``event.to_json()`` as JSON (a value that is not plain data as its ``str``)."""
    found, made = _EVENTS.get(event)
    if found and made is not None:
        return made
    made = _LOOSE(event.to_json())
    _EVENTS.put(event, made)
    return made


def events_text(events: Sequence[Event]) -> str:
    """The events of one announcement as the items of a JSON list (``event_text`` each,
    joined): looked up here in one call, as every seat of a table is told them."""
    kept = _EVENTS._texts
    texts = []
    for event in events:
        found = kept.get(id(event))
        if found is not None and found[0] is event and found[1] is not None:
            texts.append(found[1])
        else:
            made = _LOOSE(event.to_json())
            _EVENTS.put(event, made)
            texts.append(made)
    return ",".join(texts)


def names_text(names: Sequence[str]) -> str:
    found = _NAMES._texts.get(id(names))
    if found is not None and found[0] is names and found[1] is not None:
        return found[1]
    made = _LOOSE(list(names))
    _NAMES.put(names, made)
    return made


def loose(value: Any) -> str:
    """Any value as JSON, what is not plain data as its ``str`` (one encoder for all:
    ``json.dumps`` with its arguments makes a new one at every call)."""
    return _LOOSE(value)
