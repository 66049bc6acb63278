"""The host's journals synced to the disk in groups, off the network's loop, and nothing a
student's computer is sent about a line until that line is on the disk.

A move is journaled before any seat hears of it. At one computer the table's thread writes
the line and waits for the disk (``fsync``) before it announces the move. The host steps every
table on its one network loop (``net.stepped``), where a wait for the disk would stop every
table and every connection for as long: here a line is written at once (a full disk still
refuses the move before it is made, as at one computer) and its sync is left to a worker's
thread, which syncs every journal written in a turn of the loop together. Whatever the loop
hands to a connection meanwhile (``link.Outbox``) waits until the lines written before it
are synced: a move's news, the next prompt, a close. A disk that refuses the sync stops that
table, as a refused move does at one computer: its students hear that the game stops, saved
as it was before, and never the news of the moves the disk did not keep.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from braille_words.net.link import on_loop
from braille_words.table.journal import Journal, JournalUnwritable

Failed = Callable[[Journal, JournalUnwritable], None]
"""Told on the loop when a journal's sync was refused (before anything after it is sent)."""


class GroupCommit:
    """The journals written on ``loop`` and not yet on the disk, synced together on one
    worker's thread. ``written`` counts lines written, ``synced`` how many of them are on the
    disk: something handed over after the ``n``-th line may be sent once ``synced >= n``."""

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
        self._busy = False
        self._due = False
        self._waiters: list[tuple[int, Callable[[], None]]] = []
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal-sync")

    def attach(self, journal: Journal) -> None:
        """From now on ``journal``'s lines are synced here, not by the writer."""
        journal.sync_later = self._written

    def _written(self, journal: Journal) -> None:
        """A line written to ``journal`` (on the loop, by a table's step): synced with every
        other written in this turn of the loop, once it is over."""
        with self._lock:
            self.written += 1
            self._dirty[journal] = None
            if self._busy or self._due:
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
            if self._busy or not self._dirty:
                return
            batch, upto = list(self._dirty), self.written
            self._dirty.clear()
            self._busy = True
        self._worker.submit(self._sync, batch, upto)

    def _sync(self, batch: list[Journal], upto: int) -> None:
        """On the worker's thread: each journal of the group on the disk."""
        failed: list[tuple[Journal, JournalUnwritable]] = []
        for journal in batch:
            try:
                journal.sync()
            except JournalUnwritable as exc:
                failed.append((journal, exc))
        with contextlib.suppress(RuntimeError):  # the loop has stopped: the host is closing
            self._loop.call_soon_threadsafe(self._done, upto, failed)

    def _done(self, upto: int, failed: list[tuple[Journal, JournalUnwritable]]) -> None:
        for journal, exc in failed:
            self._failed(journal, exc)  # its table's held news is dropped before the rest goes
        with self._lock:
            self._busy = False
            self.synced = max(self.synced, upto)
            again = bool(self._dirty)
        self._released()
        ready = [call for need, call in self._waiters if need <= self.synced]
        self._waiters = [(need, call) for need, call in self._waiters if need > self.synced]
        for call in ready:
            call()
        if again:
            self._start()

    def close(self) -> None:
        self._worker.shutdown(wait=True)
