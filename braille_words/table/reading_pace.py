"""The table at a reader's pace: a clock starts when the seat has been told it is its turn.

A seat that reads without hearing gets its news on the cells one message at a time, as fast
as it reads; a seat that hears gets it as fast as it is said. Until the "your turn" (a vote's
question too) has reached the seat, it has not been told, so its time has not begun: a new
countdown (Alicja's teapot, the vote's time, 7 słów's hourglass, a move limit) stands still
("reading") until every person it waits for has had their turn's prompt, on the cells or said
to its end. The prompt goes before older news waiting on the cells, so the wait is short.

The computers are polite at a table of people in real time (``think``): before their next
word they wait until each seat that reads has the newest news on its cells (or, when it is
that seat's turn too, its prompt), so the news of one move is read before the next comes.
A reader who reads nothing for ``READER_PATIENCE`` seconds no longer holds them up.

Split from ``Session`` (which inherits it): the loop asks here whether it may go on.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from braille_words.table.inputs import Input
from braille_words.table.session_fields import SessionFields

READER_PATIENCE = 120.0
"""Seconds without a message read after which the computers no longer wait for a reader."""

SAYING_PATIENCE = 30.0
"""Seconds a countdown waits at most for speech to finish saying a turn's prompt (a speaker
that never says it is done must not hold the game)."""

POLL = 0.1
"""How often the loop looks at the readers while it waits for them (seconds)."""

READING = "reading"
"""The clock's reason to stand still: a seat has not yet been told it is its turn."""


class ReadingPace(SessionFields):
    """The readers' pace, mixed into ``Session`` (``self`` is the session)."""

    _pace_unread: int = -1
    _pace_since: float = 0.0
    _held_since: float = 0.0

    def _readers(self) -> list[int]:
        """The people whose news waits on their cells to be read."""
        return [seat for seat, out in enumerate(self.outputs)
                if self.seats[seat].is_human and out.hold_news and out.display is not None]

    def _told_their_turn(self) -> bool:
        """Every person the game waits for has had its turn's prompt (on the cells, or
        said to its end)."""
        return all(self.outputs[seat].prompt_delivered for seat in self.state.awaiting
                   if 0 <= seat < len(self.seats) and self.seats[seat].is_human)

    def _readers_behind(self) -> bool:
        """A reader has news waiting behind the message on its cells (for one the game
        waits for: its prompt has not reached the cells), and has read something in the
        last ``READER_PATIENCE`` seconds."""
        if not self.think:  # asked at every line: the cheap question first
            return False
        readers = self._readers()
        if not readers:
            return False
        behind = [seat for seat in readers
                  if (not self.outputs[seat].prompt_delivered if seat in self.state.awaiting
                      else self.outputs[seat].news_waiting > 0)]
        if not behind:
            self._pace_unread = -1
            return False
        unread = sum(self.outputs[seat].unread_news for seat in readers)
        now = time.monotonic()
        if unread != self._pace_unread:
            self._pace_unread, self._pace_since = unread, now
        return now - self._pace_since < READER_PATIENCE

    def _clock_waits(self) -> bool:
        """Whether the running countdown must stand still for a seat not yet told its turn
        (or, when only computers are awaited, for a reader still reading the news)."""
        humans = [s for s in self.state.awaiting
                  if 0 <= s < len(self.seats) and self.seats[s].is_human]
        if humans:
            return not self._told_their_turn()
        return self._readers_behind()

    def _hold_for_readers(self, fresh: bool) -> None:
        """After the clock was synced: a ``fresh`` countdown waits until everyone it is for
        has been told; a held one goes on once they have."""
        clock = self.clock
        if clock is None or clock.running is None:
            if clock is not None:
                clock.go_on(READING)
            return
        if (fresh and self._clock_waits()) or (
                not clock.held(READING) and self._readers_wait_for_turn()):
            # (A turn given anew while its countdown runs, a vote's question: a reader has
            # not been told it yet. A seat that hears is waited for only at the start: its
            # speech is busy with whatever it asks to hear.)
            self._held_since = time.monotonic()
            clock.pause(READING)
        elif clock.held(READING) and not self._clock_waits():
            clock.go_on(READING)
        elif clock.held(READING) and time.monotonic() - self._held_since > SAYING_PATIENCE \
                and not self._readers_wait_for_turn():
            clock.go_on(READING)  # speech that never says it is done holds nothing

    def _readers_wait_for_turn(self) -> bool:
        """A reader the game waits for has not had its prompt on the cells (no patience
        runs out for this: it is that reader's own time)."""
        return any(not self.outputs[s].prompt_delivered for s in self.state.awaiting
                   if s in self._readers())

    def _waiting_for_readers(self) -> bool:
        """The loop must look again soon: a countdown is held, or computers wait."""
        clock = self.clock
        held = clock is not None and clock.running is not None and clock.held(READING)
        return held or self._readers_behind()

    def _next_input(self) -> Generator[float | None, Input | None, Input | None]:
        """The next item of the queue (a step of ``Session.steps``: it waits for input there);
        None after a short wait when the loop waits for a reader (then the clock is looked
        at again)."""
        if not self._waiting_for_readers():
            item = yield None
            return item
        item = yield POLL
        if item is None:
            self._hold_for_readers(fresh=False)
        return item
