"""A seat's view sent as what changed since the last view its connection was sent.

A move changes a few fields of each seat's view (whose turn, the bank, the sizes of the
racks) and leaves the rest as it was: the seat's rack when another player moved, the table,
the options. Made into JSON whole for every seat at every move, and again for the prompt and
the rack read out before the next move, those unchanged fields were most of what a move's
news cost a school's host. Since protocol version 4 a connection is sent its seat's first
view whole, and every later one as a delta: the view's top-level fields that differ from the
view sent before on the same connection (``set``) and the fields it no longer has (``gone``);
the student's computer applies it to the view it holds (``Views``). A new connection — a
student back after a dropped network, a host restarted — starts again with a whole view.

The delta of a seat's view is made of that seat's own two views, so it carries nothing the
whole view would not have carried: the privacy of a seat is still its own ``view_for``.

Pure: no sockets, no threads; the host (``net.remote``) and the student's computer
(``net.client``, ``net.students``) both import it.
"""

from __future__ import annotations

from typing import Any

_NONE = object()


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What turns ``old`` into ``new``: ``{"set": {...}}``, with ``"gone": [...]`` when
    ``new`` lacks fields ``old`` had."""
    # A field is the same when it is the very object, or of the same type and equal: ``==``
    # alone takes ``1`` for ``True`` and ``1`` for ``1.0``, which JSON tells apart. Inside a
    # field a game builds its values the same way at every view (a list of booleans stays
    # one). Written out, not called: this runs for every seat at every move.
    changed = {key: value for key, value in new.items()
               if (was := old.get(key, _NONE)) is not value
               and (type(was) is not type(value) or was != value)}
    if old.keys() <= new.keys():
        return {"set": changed}
    return {"set": changed, "gone": [key for key in old if key not in new]}


class DeltaError(ValueError):
    """A delta with no view to apply it to, or not a delta at all."""


def apply(old: dict[str, Any] | None, delta: Any) -> dict[str, Any]:
    """``old`` changed as ``delta`` says, as a new dict (``old`` is left as it was)."""
    if old is None:
        raise DeltaError("a view's delta came before the view itself")
    if not isinstance(delta, dict) or not isinstance(delta.get("set", {}), dict):
        raise DeltaError("not a view's delta")
    view = dict(old)
    view.update(delta.get("set", {}))
    for key in delta.get("gone", ()):
        view.pop(key, None)
    return view


class Views:
    """The student's side: the view its connection was last sent, and each message's view
    made whole again before anything reads it. A message that carries a view (``view``,
    and ``news`` with a view among its ``args``) is changed in place to carry the whole view
    under ``view``, exactly as a host of version 3 sent it."""

    def __init__(self) -> None:
        self.last: dict[str, Any] | None = None

    def reset(self) -> None:
        """A new connection: its first view comes whole."""
        self.last = None

    def take(self, data: dict[str, Any]) -> None:
        """Make ``data``'s view whole (``DeltaError`` when it cannot be)."""
        kind = data.get("t")
        holder = data if kind == "view" else data.get("args") if kind == "news" else None
        if not isinstance(holder, dict):
            return
        if "delta" in holder:
            holder["view"] = apply(self.last, holder.pop("delta"))
        view = holder.get("view")
        if isinstance(view, dict):
            self.last = view
