"""The host's journals synced to the disk in groups, off the network's loop, and nothing a
student's computer is sent about a line until that line is on the disk.

A move is journaled before any seat hears of it. At one computer the table's thread writes
the line and waits for the disk (``fsync``) before it announces the move. The host steps every
table on its one network loop (``net.stepped``), where a wait for the disk would stop every
table and every connection for as long: here a line is written at once (a full disk still
refuses the move before it is made, as at one computer) and its sync is left to workers'
threads, which sync every journal written in a turn of the loop together. Whatever the loop
hands to a connection meanwhile (``link.Outbox``) waits until the lines written before it
are synced: a move's news, the next prompt, a close. A disk that refuses the sync stops that
table, as a refused move does at one computer: its students hear that the game stops, saved
as it was before, and never the news of the moves the disk did not keep.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from braille_words.net.link import on_loop
from braille_words.table.journal import Journal, JournalUnwritable

SYNCERS = 8
"""Journals synced at the same time: a group's syncs share the file system's commits."""

Failed = Callable[[Journal, JournalUnwritable], None]
"""Told on the loop when a journal's sync was refused (before anything after it is sent)."""


class _Group:
    """The journals of one turn of the loop, being synced: done when ``left`` is 0."""

    def __init__(self, upto: int, size: int) -> None:
        self.upto = upto
        self.left = size
        self.failed: list[tuple[Journal, JournalUnwritable]] = []
        self.lock = threading.Lock()


class GroupCommit:
    """The journals written on ``loop`` and not yet on the disk, synced together on workers'
    threads. ``written`` counts lines written, ``synced`` how many of them are on the disk:
    something handed over after the ``n``-th line may be sent once ``synced >= n``.

    Each turn of the loop that wrote starts a group at once, every journal of it synced at
    the same time (one after another, each sync waited for a commit of the file system's own
    journal of its own; syncs asked together share one, as the tables' threads' did); a group
    is over once all of them are, and ``synced`` moves on over the groups over in order."""

    def __init__(self, loop: asyncio.AbstractEventLoop, failed: Failed,
                 released: Callable[[], None]) -> None:
        self._loop = loop
        self._failed = failed
        self._released = released
        """Told on the loop after every group: what waited for it may go."""
        self._lock = threading.Lock()
        self.written = 0
        self.synced = 0
        self._dirty: dict[Journal, None] = {}
        self._due = False
        self._groups: deque[_Group] = deque()
        """The groups being synced, oldest first (the loop's thread only)."""
        self._waiters: list[tuple[int, Callable[[], None]]] = []
        self._syncers = ThreadPoolExecutor(max_workers=SYNCERS, thread_name_prefix="fsync")

    def attach(self, journal: Journal) -> None:
        """From now on ``journal``'s lines are synced here, not by the writer."""
        journal.sync_later = self._written

    def _written(self, journal: Journal) -> None:
        """A line written to ``journal`` (on the loop, by a table's step): synced with every
        other written in this turn of the loop, once it is over."""
        with self._lock:
            self.written += 1
            self._dirty[journal] = None
            if self._due:
                return
            self._due = True
        with contextlib.suppress(RuntimeError):  # the loop has stopped: the host is closing
            if on_loop(self._loop):
                self._loop.call_soon(self._start)  # once this turn's other tables have written
            else:
                self._loop.call_soon_threadsafe(self._start)

    def when_synced(self, call: Callable[[], None]) -> None:
        """On the loop: ``call()`` once every line written so far is on the disk (now, when
        it is already)."""
        if self.synced >= self.written:
            call()
        else:
            self._waiters.append((self.written, call))

    def _start(self) -> None:
        with self._lock:
            self._due = False
            batch, upto = list(self._dirty), self.written
            self._dirty.clear()
        if not batch:
            return
        group = _Group(upto, len(batch))
        self._groups.append(group)
        for journal in batch:
            self._syncers.submit(self._sync, group, journal)

    def _sync(self, group: _Group, journal: Journal) -> None:
        """On a worker's thread: one journal of the group on the disk; the last of the group
        tells the loop."""
        refused = _refusal(journal)
        with group.lock:
            if refused is not None:
                group.failed.append((journal, refused))
            group.left -= 1
            last = group.left == 0
        if last:
            with contextlib.suppress(RuntimeError):  # the loop has stopped: the host closes
                self._loop.call_soon_threadsafe(self._done)

    def _done(self) -> None:
        """On the loop: the groups over, oldest first, let what waited for them go."""
        moved = False
        while self._groups and self._groups[0].left == 0:
            group = self._groups.popleft()
            for journal, exc in group.failed:
                self._failed(journal, exc)  # its table's held news is dropped first
            self.synced = max(self.synced, group.upto)
            moved = True
        if not moved:
            return
        self._released()
        ready = [call for need, call in self._waiters if need <= self.synced]
        self._waiters = [(need, call) for need, call in self._waiters if need > self.synced]
        for call in ready:
            call()

    def close(self) -> None:
        self._syncers.shutdown(wait=True)


def _refusal(journal: Journal) -> JournalUnwritable | None:
    """``journal`` synced; why the disk refused, if it did."""
    try:
        journal.sync()
    except JournalUnwritable as exc:
        return exc
    return None
