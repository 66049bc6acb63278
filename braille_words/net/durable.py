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
import queue
import threading
from collections import deque
from collections.abc import Callable

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


Key = Journal | None
"""What a hand-over waits for: its table's journal, or None for every journal (``mark``)."""


class GroupCommit:
    """The journals written on ``loop`` and not yet on the disk, synced together on workers'
    threads. ``written`` counts lines written, ``synced`` how many of them are on the disk.

    Each turn of the loop that wrote starts a group at once, every journal of it synced at
    the same time (each sync waits for a commit of the file system's own journal; syncs asked
    together share one, as the tables' threads' did); ``synced`` moves on over the groups
    over, in order. A table's own hand-overs wait for its own journal alone (``current``,
    ``mark``): a student's answer to "stojak" at one table never waits for another table's
    disk, which under load had every answer of the school wait for the slowest sync."""

    def __init__(self, loop: asyncio.AbstractEventLoop, failed: Failed,
                 released: Callable[[], None]) -> None:
        self._loop = loop
        self._failed = failed
        self._released = released
        """Told on the loop after every group: what waited for it may go."""
        self._lock = threading.Lock()
        self.written = 0
        self.synced = 0
        self.current: Journal | None = None
        """The journal of the table being stepped now on the loop (``net.stepped``)."""
        self._attached: set[Journal] = set()
        self._written_of: dict[Journal, int] = {}
        """Lines written to each journal (the loop's thread only, like ``_synced_of``)."""
        self._synced_of: dict[Journal, int] = {}
        self._dirty: dict[Journal, None] = {}
        self._due = False
        self._groups: deque[_Group] = deque()
        """The groups being synced, oldest first (the loop's thread only)."""
        self._finished: list[tuple[_Group, Journal, int, JournalUnwritable | None]] = []
        """Syncs over and not yet taken in by the loop (under ``_lock``)."""
        self._collect_due = False
        self._waiters: list[tuple[int, Callable[[], None]]] = []
        self._jobs: queue.SimpleQueue[tuple[_Group, Journal, int] | None] = queue.SimpleQueue()
        """Syncs for the workers: a queue of their own, not an executor's futures, which cost
        the loop a lock, a future and a look at its threads for every journal of a turn."""
        self._syncers = [threading.Thread(target=self._work, name=f"fsync_{n}", daemon=True)
                         for n in range(SYNCERS)]
        for syncer in self._syncers:
            syncer.start()

    def attach(self, journal: Journal) -> None:
        """From now on ``journal``'s lines are synced here, not by the writer."""
        self._attached.add(journal)
        journal.sync_later = self._written

    def mark(self) -> tuple[Key, int]:
        """On the loop, as something is handed over: what it waits for (``ready``) — the
        lines written so far to the journal of the table being stepped, or, handed over
        outside a table's step, every line written so far."""
        journal = self.current
        if journal is not None and journal in self._attached:
            return journal, self._written_of.get(journal, 0)
        return None, self.written

    def ready(self, key: Key, need: int) -> bool:
        """Whether what ``mark`` gave ``(key, need)`` may go: those lines are on the disk."""
        if key is None:
            return self.synced >= need
        return self._synced_of.get(key, 0) >= need

    def _written(self, journal: Journal) -> None:
        """A line written to ``journal`` (on the loop, by a table's step): synced with every
        other written in this turn of the loop, once it is over."""
        with self._lock:
            self.written += 1
            self._written_of[journal] = self._written_of.get(journal, 0) + 1
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
            batch = [(journal, self._written_of[journal]) for journal in self._dirty]
            upto = self.written
            self._dirty.clear()
        if not batch:
            return
        group = _Group(upto, len(batch))
        self._groups.append(group)
        for journal, lines in batch:
            self._jobs.put((group, journal, lines))

    def _work(self) -> None:
        """A worker's thread: syncs as they come, until ``close``."""
        while (job := self._jobs.get()) is not None:
            self._sync(*job)

    def _sync(self, group: _Group, journal: Journal, lines: int) -> None:
        """On a worker's thread: one journal on the disk (its first ``lines`` lines, or
        more); the loop is told once for all the syncs over by the time it looks."""
        refused = _refusal(journal)
        with self._lock:
            self._finished.append((group, journal, lines, refused))
            if self._collect_due:
                return
            self._collect_due = True
        with contextlib.suppress(RuntimeError):  # the loop has stopped: the host closes
            self._loop.call_soon_threadsafe(self._collect)

    def _collect(self) -> None:
        """On the loop: the syncs over let what waited for them go; a refused one has its
        table's held news dropped first (``failed``), and what is left of it goes as it
        would have (the lines are cut back: nobody waits for them any more)."""
        with self._lock:
            finished, self._finished = self._finished, []
            self._collect_due = False
        for group, journal, lines, refused in finished:
            group.left -= 1
            if refused is not None:
                self._failed(journal, refused)
            self._synced_of[journal] = max(self._synced_of.get(journal, 0), lines)
        while self._groups and self._groups[0].left == 0:
            self.synced = max(self.synced, self._groups.popleft().upto)
        self._released()
        ready = [call for need, call in self._waiters if need <= self.synced]
        self._waiters = [(need, call) for need, call in self._waiters if need > self.synced]
        for call in ready:
            call()

    def close(self) -> None:
        """The syncs asked for are done; the workers end."""
        for _ in self._syncers:
            self._jobs.put(None)
        for syncer in self._syncers:
            syncer.join()


def _refusal(journal: Journal) -> JournalUnwritable | None:
    """``journal`` synced; why the disk refused, if it did."""
    try:
        journal.sync()
    except JournalUnwritable as exc:
        return exc
    return None
