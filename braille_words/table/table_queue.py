"""The table's queue: everything that reaches the game loop, in one order.

Typed and brailled lines (each seat's ``submit``), the teacher's controls, a countdown run
out, a computer's thought-out move, a device come or gone and work another thread hands over
(``call_soon``) all arrive on ``Session.inputs`` as ``Input`` items; here each is carried out
on the loop's own thread, so a move is applied, journaled and announced in one place. Split
from ``Session`` (which inherits it): the turn loop decides what comes next, this takes it in.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable

from braille_words.errors import BrailleWordsError
from braille_words.table.control import Control
from braille_words.table.inputs import TABLE, Input
from braille_words.table.session_fields import SessionFields
from braille_words.table.vocabulary import clean_line


class TableInputs(queue.Queue[Input]):
    """The table's queue, which also knows when the table is idle: nothing waits on it and
    its loop waits for more (``wait_idle``). A test that moves the table's time on, or
    presses a reader's key, waits for this rather than sleeping until the table must have
    caught up.

    The loop asks for each item by ``next_for_loop`` once it has carried out the one before
    (with what it set off: computers' moves, prompts); the item is taken under the queue's
    own lock, so there is no moment where it is neither queued nor being carried out. While
    the loop waits for a reader it looks at the readers every ``POLL``; ``poke`` makes it look
    now, and the table is not idle until it has."""

    def __init__(self) -> None:
        super().__init__()
        self._loop_waits = False
        self._timed = False
        self._poked = False
        self._idle = threading.Condition(self.mutex)
        self.wake: Callable[[], None] | None = None
        """Told (on the putting thread) when an item is put or the loop is poked: a loop
        that steps the table (``take_for_step``) rather than waiting on a thread of its own
        looks again then."""

    def put(self, item: Input, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        wake = self.wake
        if wake is not None:
            wake()

    def next_for_loop(self, timeout: float | None = None) -> Input:
        """The loop's next item: everything before it has been carried out, so the table is
        idle while this waits on an empty queue. ``queue.Empty`` after ``timeout``, or at
        once when poked during a timed wait (the loop looks at its readers, then asks again).
        """
        with self.not_empty:
            self._loop_waits, self._timed = True, timeout is not None
            if timeout is None:
                self._poked = False  # nothing to look at: the loop waits for input alone
            self._idle.notify_all()
            try:
                end = None if timeout is None else time.monotonic() + timeout
                while not self._qsize():
                    if self._poked:
                        self._poked = False
                        raise queue.Empty
                    left = None if end is None else end - time.monotonic()
                    if left is not None and left <= 0:
                        raise queue.Empty
                    self.not_empty.wait(left)
                item = self._get()
                self.not_full.notify()
                return item
            finally:
                self._loop_waits = False

    def take_for_step(self, *, timed: bool, timed_out: bool = False) -> tuple[bool, Input | None]:
        """``next_for_loop`` for a loop that must not wait (``Session.steps`` driven by an
        event loop): (True, the item) when one waits; (True, None) where ``next_for_loop``
        would raise ``queue.Empty`` — a ``timed`` wait whose time is up (``timed_out``) or
        that was poked; else (False, None): the table is idle now, as when its loop waits,
        and ``wake`` is told when that changes."""
        with self.mutex:
            if not timed:
                self._poked = False  # nothing to look at: the loop waits for input alone
            if self._qsize():
                item = self._get()
                self.not_full.notify()
                self._loop_waits = False
                return True, item
            if timed and (timed_out or self._poked):
                self._poked = False
                self._loop_waits = False
                return True, None
            self._loop_waits, self._timed = True, timed
            self._idle.notify_all()
            return False, None

    def poke(self) -> None:
        """Have a loop that waits for a reader look at its readers now (one waiting for
        input alone has nothing to look at)."""
        with self.mutex:
            if self._loop_waits and not self._timed:
                return
            self._poked = True
            self.not_empty.notify_all()
        wake = self.wake
        if wake is not None:
            wake()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until the queue is empty, the loop waits on it and has looked since the last
        ``poke``; False after ``timeout``."""
        with self.mutex:
            return self._idle.wait_for(
                lambda: self._loop_waits and not self._poked and not self._qsize(), timeout
            )


class TableQueue(SessionFields):
    """The session's input queue and what each kind of item does, mixed into ``Session``."""

    def call_soon(self, action: Callable[[], None]) -> None:
        """Run ``action`` on the table's own thread, between two inputs: a network seat
        joining or leaving changes outputs the table is using."""
        self.inputs.put(Input(TABLE, None, move=("call", action)))

    def _submitter(self, seat: int) -> Callable[[str], None]:
        def submit(line: str) -> None:
            self.inputs.put(Input(seat, line))

        return submit

    def _process(self, item: Input) -> bool:
        """One item of the queue; False when input has ended."""
        if isinstance(item.move, Control):
            self._control(item.move)
        elif item.move is not None:
            self._table_move(item)
        elif item.line is None:
            return False
        else:
            if self.echo is not None:
                typed = clean_line(item.line).strip()
                secret = (
                    bool(typed)
                    and self.private_entry(item.seat)
                    and not self._is_reading(item.line)
                )
                self.echo("***" if secret else typed)
            self.handle(item.seat, item.line, at=item.at)
        return True

    def pump(self) -> None:
        """Carry out whatever waits on the queue now, without waiting for more (a test, or a
        caller driving the table step by step)."""
        try:
            while True:
                try:
                    item = self.inputs.get_nowait()
                except queue.Empty:
                    return
                if not self._process(item):
                    return
        finally:
            self._written()  # the table waits now, as after ``run``'s every line

    def _table_move(self, item: Input) -> None:
        """Time ran out: apply the game's time-up move if that countdown is still the one."""
        if isinstance(item.move, tuple) and item.move and item.move[0] == "device":
            _, seat, status = item.move
            self._device(seat, status)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "seat_clock":
            self._seat_clock_out(item.move[1])
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "call":
            item.move[1]()  # work another thread hands to the table's (``call_soon``)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "unsynced":
            self.sync_refused(item.move[1])  # the disk did not keep what was written
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "planned":
            _, state, thinking, found = item.move
            self._computer_planned(state, thinking, found)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "computer":
            _, (seat, _key), move = item.move
            self._thinking.discard(seat)
            if seat in self.state.awaiting and not self.seats[seat].is_human \
                    and not self._finishing and not self._paused:
                # (Paused meanwhile: it is asked again when the table goes on.)
                # (A person took the seat back meanwhile: the turn is theirs now.)
                # (Once the sand has run out, only a word already being typed may come in.)
                # If the game moved on while it thought, it will be asked again.
                with contextlib.suppress(BrailleWordsError):
                    self._computer_play(seat, move)
            return
        if self.clock is None or self.clock.running is None or self.clock.running.key != item.move:
            return  # a stale countdown: the game moved on before it ran out
        if self._start_finishing(item.move):
            return
        self._finishing = frozenset()
        self.clock.cancel()
        time_up = self.rules.time_up(self.state)
        if time_up is not None:
            self.play(*time_up, by="time")
