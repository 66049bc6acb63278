"""Every table of a host stepped on the host's one network loop, none on a thread of its own.

At one computer a table waits for its input on a thread of its own (``Session.run``). A
school's host has thirty tables: thirty threads passing the interpreter's lock back and forth
with the network's loop cost more than the tables' own work, and every message a table sent
hopped from its thread to the loop. Here the same turn loop (``Session.steps``) is carried out
on the loop itself: a table runs until it would wait, then waits for nothing — an input put on
its queue (a student's line, the teacher's control, a computer's move) or the time it asked
for brings it back for its next step. What could keep the loop waiting runs elsewhere: a
computer finds its move on a worker's thread (``Session.think_elsewhere``), the journals are
synced on another, in groups, with every announcement held back until its move is on the disk
(``net.durable``), and the table's clocks run on the loop's own timers (``LoopScheduler``).
"""

from __future__ import annotations

import asyncio
import functools
import sys
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from braille_words.audio.timers import Handle
from braille_words.net.durable import GroupCommit
from braille_words.net.host import Host, HostedTable
from braille_words.net.link import on_loop, outbox
from braille_words.table.activity import FlushLater
from braille_words.table.inputs import TABLE, Input
from braille_words.table.journal import Journal, JournalUnwritable
from braille_words.table.session import AnySession, Steps

MOST_AT_ONCE = 4
"""Inputs one table carries out before the other tables (and the network) get their turn."""


class _Call:
    """A deferred call that may be cancelled from any thread (a ``Handle``)."""

    __slots__ = ("cancelled", "fn")

    def __init__(self, fn: Callable[[], None]) -> None:
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def __call__(self) -> None:
        if not self.cancelled:
            self.fn()


class LoopScheduler:
    """Real time on an event loop's timers (``audio.timers.Scheduler``): a stepped table's
    countdowns and computers' think times fire on the loop that steps it, so they never
    run beside the table's step on another thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def now(self) -> float:
        return time.monotonic()  # the loop's own time (``loop.time``) on every platform we run

    def call_at(self, when: float, fn: Callable[[], None]) -> Handle:
        call = _Call(fn)
        delay = max(0.0, when - time.monotonic())
        if on_loop(self._loop):
            self._loop.call_later(delay, call)
        else:
            self._loop.call_soon_threadsafe(self._loop.call_later, delay, call)
        return call


class SteppedTable:
    """One table's turn loop stepped on ``loop``; ``on_end`` is called there when it ends,
    then the session is closed on ``pool`` (closing devices may wait)."""

    def __init__(self, session: AnySession, loop: asyncio.AbstractEventLoop, pool: Executor,
                 on_end: Callable[[], None], commit: GroupCommit | None = None,
                 notes: FlushLater | None = None) -> None:
        self.session = session
        self._notes = notes
        self._commit = commit
        self._loop = loop
        self._pool = pool
        self._on_end = on_end
        self._steps: Steps | None = None
        self._wait: float | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._late = False
        """The time the table asked to wait for has passed."""
        self._due = False
        """A look at the queue is already on the loop's way."""
        self._over = False
        self.done = threading.Event()
        """The game has stopped and the session is closed."""

    def start(self) -> None:
        """Any thread: the table's first step, on the loop."""
        clock = self.session.clock
        if clock is not None:
            clock.use(LoopScheduler(self._loop))
        self.session.think_elsewhere = self._think
        self.session.flush_later = self._notes
        self._loop.call_soon_threadsafe(self._begin)

    def is_alive(self) -> bool:
        return not self.done.is_set()

    def join(self, timeout: float | None = None) -> None:
        self.done.wait(timeout)

    def _think(self, job: Callable[[], None]) -> None:
        self._pool.submit(job)

    def _begin(self) -> None:
        self._steps = self.session.steps()
        self.session.inputs.wake = self._wake_soon
        self._step(None, first=True)
        self._wake()

    def _wake_soon(self) -> None:
        """Any thread: an input was put or the loop poked; the table looks on the loop."""
        if self._due or self._over:
            return
        self._due = True
        if on_loop(self._loop):
            self._loop.call_soon(self._wake)
            return
        try:
            self._loop.call_soon_threadsafe(self._wake)
        except RuntimeError:  # the loop has stopped: the host is closing
            self._due = False

    def _time_up(self) -> None:
        self._timer = None
        self._late = True
        self._wake()

    def _wake(self) -> None:
        """Carry out what waits for the table (a few inputs at most: then the others)."""
        self._due = False
        inputs = self.session.inputs
        for _ in range(MOST_AT_ONCE):
            if self._over:
                return
            timed = self._wait is not None
            ready, item = inputs.take_for_step(timed=timed, timed_out=self._late)
            if not ready:
                if timed and self._timer is None:
                    assert self._wait is not None
                    self._timer = self._loop.call_later(self._wait, self._time_up)
                return
            self._late = False
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._step(item)
        self._wake_soon()  # more may wait: after everyone else's turn

    def _step(self, item: Input | None, *, first: bool = False) -> None:
        steps = self._steps
        assert steps is not None
        commit = self._commit
        if commit is not None:  # what this table hands over waits for its own journal
            commit.current = self.session.journal
        try:
            self._wait = next(steps) if first else steps.send(item)
        except StopIteration:
            self._end()
        except Exception:  # as a table's thread would have: said, and the table ends
            traceback.print_exc(file=sys.stderr)
            self._end()
        finally:
            if commit is not None:
                commit.current = None

    def _end(self) -> None:
        self._over = True
        self.session.inputs.wake = None
        activity = self.session.activity
        if self._notes is not None and activity is not None:
            self._notes.flush(activity)  # now, on the loop: the session is closed elsewhere
            self.session.flush_later = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        try:
            self._on_end()
        finally:
            if self._commit is not None:
                self._commit.when_synced(self._close_soon)  # after the journal's last sync
            else:
                self._close_soon()

    def _close_soon(self) -> None:
        self._pool.submit(self._close)

    def _close(self) -> None:
        try:
            self.session.close()
        finally:
            self.done.set()


def _to_one_of(links: set[Any], call: Callable[..., None]) -> bool:
    """Whether ``call`` is a hand-over to one of ``links`` (``Link._put``, ``_close_now``)."""
    return getattr(call, "__self__", None) in links


def step_tables(host: Host, tables: list[HostedTable], pool: Executor) -> list[SteppedTable]:
    """Each of ``host``'s ``tables`` stepped on its network loop, started now; when one ends
    the host lets its students go (``Host.table_ended``). Their journals are synced in groups
    off the loop (``net.durable``), and what the loop sends waits for the lines before it.
    A table with a person at the host's own computer keeps syncing each line as it writes
    it: what that person hears is not held back for the disk, as a connection's news is."""
    loop = host.loop
    box = outbox(loop)
    stepped: dict[int, SteppedTable] = {}

    def refused(journal: Journal, exc: JournalUnwritable) -> None:
        for table in tables:
            if table.session.journal is journal:
                box.discard(functools.partial(_to_one_of, {
                    r.link for r in table.remotes.values() if r.link is not None}))
                table.session.inputs.put(Input(TABLE, None, move=("unsynced", exc)))

    commit = GroupCommit(loop, refused, box.release)
    notes = FlushLater(loop.call_later)
    box.gate = commit
    for table in tables:
        session = table.session
        if session.journal is not None and all(
                seat.where == "network" or not seat.is_human for seat in session.seats):
            commit.attach(session.journal)
        stepped[table.number] = SteppedTable(
            session, loop, pool, functools.partial(host.table_ended, table), commit, notes)
    for each in stepped.values():
        each.start()
    return list(stepped.values())
