"""What each person at a table did beside their moves, for the teacher's reports.

The journal keeps only the accepted moves: enough to replay a game, not enough to say how a
student played it. The activity log beside it (``GAME.activity.ndjson``: not ``*.jsonl``, so
``resume`` never takes it for a game) adds, with the time of each: a turn beginning, a move
made, a hint asked for, a command used, and a line refused with the sentence that refused it.
It is for the teacher's eyes only (a refused secret word is in it), written on the teacher's
computer; a line that cannot be written is dropped, never a reason to stop a game.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from braille_words.private_files import append_private

SUFFIX = ".activity.ndjson"

_quoted: Callable[[str], str] = json.encoder.encode_basestring
"""A string as JSON writes it without escaping what is not ASCII (``ensure_ascii=False``)."""


def activity_path(journal: Path) -> Path:
    """Where the activity of the game in ``journal`` is kept."""
    return journal.with_name(journal.stem + SUFFIX)


@dataclass(frozen=True)
class Activity:
    """One thing a seat did: ``kind`` is turn, move, hint, command or refused."""

    at: float
    seat: int
    kind: str
    what: str = ""
    """The command's word or the move's kind; for a refusal, the line the student tried."""
    why: str = ""
    """For a refusal: the sentence the student was told."""


class ActivityLog:
    """Appends activities to one file; every failure to write is silent (the game matters
    more than its statistics). Lines wait in the stream's buffer until ``flush``."""

    def __init__(self, stream: TextIO | None, now: Callable[[], float] = time.time) -> None:
        self._stream = stream
        self._now = now
        self._lines: list[str] = []
        """Notes made since the last ``flush``: written to the stream together."""

    @classmethod
    def beside(cls, journal: Path, now: Callable[[], float] = time.time) -> ActivityLog:
        try:
            stream: TextIO | None = append_private(activity_path(journal))
        except OSError:
            stream = None
        return cls(stream, now)

    def note(self, seat: int, kind: str, what: str = "", why: str = "") -> None:
        if self._stream is None:
            return
        # Written by hand, as ``json.dumps`` would write it: two or three notes a move, at
        # every table of a school's host, made the general encoder a noticeable cost.
        line = f'{{"at": {round(self._now(), 3)!r}, "seat": {int(seat)}, "kind": {_quoted(kind)}'
        if what:
            line += f', "what": {_quoted(what)}'
        if why:
            line += f', "why": {_quoted(why)}'
        self._lines.append(line + "}\n")

    def flush(self) -> None:
        """What was noted, on its way to the disk: called when the table waits for the next
        line (``Session``), so a move's two or three notes cost one write, and a report made
        meanwhile reads all of them."""
        if self._stream is None or not self._lines:
            return
        lines, self._lines = self._lines, []
        try:
            self._stream.write("".join(lines))
            self._stream.flush()
        except (OSError, ValueError):
            self._stream = None

    def close(self) -> None:
        self.flush()
        if self._stream is not None:
            with contextlib.suppress(OSError):
                self._stream.close()
            self._stream = None


FLUSH_AFTER = 0.25
"""Seconds a stepped table's notes may wait in memory before they go to the disk together."""


class FlushLater:
    """Activity logs flushed together a moment after they were written to, on one loop.

    At one computer a table flushes its notes whenever it waits for the next line. A school's
    host steps thirty tables on one loop, and a flush at every wait was a write to the disk
    for every command every student typed (a "stojak" too), 6 % of what the host did. Here a
    table hands its log over (``add``) and the loop flushes every log handed over within
    ``after`` seconds at once: notes are the reports' statistics, never a move (a move is in
    the journal, synced before anyone hears of it), so a kill loses at most that moment of
    them. A report made on the host's page flushes them first (``flush_waiting``)."""

    def __init__(self, later: Callable[[float, Callable[[], None]], object],
                 after: float | None = None) -> None:
        self._later = later
        self._after = FLUSH_AFTER if after is None else after
        self._dirty: dict[ActivityLog, None] = {}
        self._due = False
        with _LOCK:
            _WAITING.add(self)

    def add(self, log: ActivityLog) -> None:
        """On the loop: ``log`` has notes to flush."""
        self._dirty[log] = None
        if not self._due:
            self._due = True
            self._later(self._after, self.flush)

    def flush(self, log: ActivityLog | None = None) -> None:
        """On the loop: every log handed over (or ``log`` alone, now, when its table ends)
        goes to the disk."""
        if log is not None:
            self._dirty.pop(log, None)
            log.flush()
            return
        self._due = False
        logs = list(self._dirty)
        self._dirty.clear()
        for each in logs:
            each.flush()

_WAITING: weakref.WeakSet[FlushLater] = weakref.WeakSet()
"""Every host's ``FlushLater`` while its tables hold it (a test's host gone, it goes too)."""
_LOCK = threading.Lock()


def flush_waiting() -> None:
    """On the loop that steps the tables: their notes waiting for ``FlushLater`` go to the
    disk now, before a report reads them."""
    with _LOCK:
        waiting = list(_WAITING)
    for each in waiting:
        each.flush()


def read_activity(journal: Path) -> Iterator[Activity]:
    """The activities of the game in ``journal``, oldest first; a damaged line is skipped
    (a report is a summary: one torn line must not hide a term's work)."""
    path = activity_path(journal)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    for line in text.splitlines():
        try:
            obj: Any = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(obj, dict):
            continue
        at, seat, kind = obj.get("at"), obj.get("seat"), obj.get("kind")
        if not isinstance(at, int | float) or not isinstance(seat, int) or not isinstance(
            kind, str
        ):
            continue
        yield Activity(float(at), seat, kind, str(obj.get("what", "")), str(obj.get("why", "")))
