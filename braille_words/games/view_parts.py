"""Parts of a seat's view made once per game object, not once per view.

A view is made for every seat at every move, and most of what it holds did not change with
the move: the racks of the seats that did not move, the game's options. A game's states are
never changed in place (every move makes a new one, sharing what it did not touch), so a part
made of one of their objects is good for as long as that object lives; kept by the object's
identity, the next view holds the very same part — which a seat's network link also makes into
JSON only once (``net.frames.SeatViews``). Views are read-only: a part is shared by every view
that holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

MOST = 1024
"""Parts kept at once by one ``ByIdentity`` (every table of a host together)."""


class ByIdentity(Generic[K, V]):
    """``make(key)`` made once per ``key`` object (immutable), and kept with it: an id is
    never taken by another object while its part is kept."""

    def __init__(self, make: Callable[[K], V], most: int = MOST) -> None:
        self._make = make
        self._most = most
        self._kept: dict[int, tuple[K, V]] = {}
        """Shared by the host's tables' threads without a lock (a game may not use threads):
        each read and each write of the dict is one step; two threads making the same part
        at once make two equal parts, one of them kept."""

    def __call__(self, key: K) -> V:
        kept = self._kept.get(id(key))
        if kept is not None and kept[0] is key:
            return kept[1]
        made = self._make(key)
        if len(self._kept) >= self._most:
            self._kept.clear()
        self._kept[id(key)] = (key, made)
        return made
