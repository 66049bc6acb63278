"""The game clock per seat (a chess clock), for a game that declares one.

A game asks for it through its presenter's ``seat_clock(view)`` (``SeatClockRequest``):
the time each seat has for the whole game and whose time runs now. The table runs it
(``table.clock.SeatClocks``) on its own scheduler, so a test's manual scheduler drives it
and nothing sleeps. Each seat's display shows that seat's own time; the seat hears a warning
at each of the game's marks; ``zegar``/``clock`` reads everyone's time; and when a seat's
time is gone the table plays the game's ``clock_out`` move, journaled like any move. What
each seat has left is saved beside the moves (a seat setting) whenever its clock stops, and
every ``SAVE_EVERY`` seconds while it runs, so a resumed game gives it back: a game killed in
the middle of a long turn (a crash, a power cut, a student who closes the window to win time)
gives the seat back at most those few seconds, not the whole turn. Mixed into ``Session``,
like ``TableWide``.
"""

from __future__ import annotations

import contextlib
import math
from typing import TYPE_CHECKING

from braille_words.errors import BrailleWordsError
from braille_words.present.messages import text
from braille_words.table.clock import SeatClocks
from braille_words.table.inputs import TABLE, Input
from braille_words.table.session_fields import SessionFields

if TYPE_CHECKING:
    from braille_words.audio.timers import Scheduler

CLOCK_WORDS = frozenset({"zegar", "zegary", "clock", "clocks"})
"""Read every seat's game clock (a game without one has them for its own use)."""
SAVED = "clock_left"
"""The seat setting that keeps a seat's seconds left in the journal."""
COUNTDOWN = "countdown_left"
"""The setting (at seat 0: it is the table's) that keeps the running countdown's seconds left
and its key (``"12.0 ('hourglass', 2, 1)"``): 7 słów's hourglass, Alicja's teapot, a move
limit or a vote's time resumes with what it had, as a seat's game clock does."""
SAVE_EVERY = 10
"""A running clock's time left is journaled this often (seconds): one short line, and what a
kill in the middle of a turn may give back."""


class SeatClockTable(SessionFields):
    """The chess clock's part of the table, mixed into ``Session`` (``self`` is it)."""

    _seat_clocks: SeatClocks | None = None

    @property
    def seat_clocks(self) -> SeatClocks:
        if self._seat_clocks is None:
            self._seat_clocks = SeatClocks(self._clock_scheduler, self._on_seat_clock)
        return self._seat_clocks

    def _clock_scheduler(self) -> Scheduler:
        """The table clock's scheduler, whichever clock the table has now (a test gives it a
        manual one)."""
        assert self.clock is not None
        return self.clock.scheduler

    def seat_left(self, seat: int) -> float | None:
        """``seat``'s seconds left on the game clock; None when the game has none."""
        return self._seat_clocks.left(seat) if self._seat_clocks is not None else None

    def _sync_seat_clock(self) -> None:
        """Run the seat the game names now; save the time of the one that stopped."""
        request = None
        if self.timers and not self.state.is_over:
            request = self.kit.presenter.seat_clock(self.view_of(0))
        if request is None and self._seat_clocks is None:
            return
        clocks = self.seat_clocks
        stopped = clocks.sync(request)
        if self._paused:
            clocks.pause()
        if stopped is not None:
            self._save_seat_clock(stopped)

    def _save_seat_clock(self, seat: int) -> None:
        """Keep ``seat``'s time left in the journal (its clock stopped, or the table closes)."""
        left = self.seat_left(seat)
        if left is not None and self.journal is not None:
            # (Unsaved, only the clock would start fuller on resuming: the move was saved.)
            with contextlib.suppress(BrailleWordsError):
                self.journal.record_setting(seat, SAVED, f"{left:.1f}")

    def _save_running(self, seat: int) -> None:
        """``seat``'s time left journaled while its clock still runs (``SAVE_EVERY``); one
        stopped meanwhile was saved as it stopped."""
        if self._seat_clocks is not None and self._seat_clocks.running == seat:
            self._save_seat_clock(seat)

    def save_countdown(self, key: str, left: float) -> None:
        """The running countdown's seconds left journaled (as it starts, every ``SAVE_EVERY``
        seconds, and as the table closes). Unsaved, the countdown starts fuller on resuming:
        nothing else is lost."""
        if self.journal is not None:
            with contextlib.suppress(BrailleWordsError):
                self.journal.record_setting(0, COUNTDOWN, f"{left:.1f} {key}")

    def restore_countdown(self, saved: dict[int, dict[str, str]]) -> None:
        """The countdown that ran when the saved game stopped gets back what it had left."""
        left, _, key = saved.get(0, {}).get(COUNTDOWN, "").partition(" ")
        try:
            seconds = float(left)
        except ValueError:
            return
        if math.isfinite(seconds) and key and self.clock is not None:
            self.clock.resume_with(key, max(0.0, seconds))

    def close_seat_clock(self) -> None:
        """The table closes: the running seat's time is saved and its clock stopped (and the
        running countdown's time left is saved)."""
        if self.clock is not None and self.clock.running is not None:
            remaining = self.clock.remaining()
            if remaining is not None:
                self.save_countdown(str(self.clock.running.key), remaining)
        if self._seat_clocks is not None and self._seat_clocks.running is not None:
            self._save_seat_clock(self._seat_clocks.running)
            self._seat_clocks.cancel()

    def _on_seat_clock(self, what: str, seat: int, left: float) -> None:
        """Called on the clock's thread: the cells, a warning, the time-out queued."""
        if what == "out":
            self.inputs.put(Input(TABLE, None, move=("seat_clock", seat)))
            return
        if not 0 <= seat < len(self.outputs):
            return
        if what == "tick" and round(left) % SAVE_EVERY == 0:
            # Journaled on the table's thread, which alone writes the journal.
            self.inputs.put(Input(TABLE, None, move=("call", lambda: self._save_running(seat))))
        out = self.outputs[seat]
        if what == "warning":
            if left >= 60:
                said = text(out.lang, "seat_clock_warning", out.verbosity,
                            minutes=round(left / 60))
            else:
                said = text(out.lang, "seat_clock_warning_seconds", out.verbosity,
                            seconds=round(left))
            out.announce(said, cue="warning", urgent=True, expiring=True)
        shows = what in ("started", "warning") or left <= 10 or round(left) % 5 == 0
        if shows and (self.clock is None or self.clock.running is None):
            out.show_clock(left)
            out.show_status(self._status(self.view_of(seat), left))

    def _pause_seat_clock(self, pause: bool) -> None:
        """The table paused (or went on): the running seat's time stands still meanwhile."""
        if self._seat_clocks is not None:
            if pause:
                self._seat_clocks.pause()
            else:
                self._seat_clocks.go_on()

    def _seat_clock_out(self, seat: int) -> None:
        """A seat's time is gone: the game's move for it, if the game still runs its clock."""
        request = self._seat_clocks.request if self._seat_clocks is not None else None
        if request is None or seat in request.out or self.state.is_over:
            return
        left = self.seat_clocks.left(seat)
        if left is not None and left > 0:
            return  # stale: the clock was given time since
        self._save_seat_clock(seat)
        timed_out = self.rules.clock_out(self.state, seat)
        if timed_out is not None:
            self.play(*timed_out, by="clock")

    def _read_clocks(self, seat: int) -> bool:
        """``zegar``: every seat's time, the running one marked. False when the game has no
        game clock (the game's own commands may use the word)."""
        request = self._seat_clocks.request if self._seat_clocks is not None else None
        if request is None:
            return False
        out = self.outputs[seat]
        times = []
        for other, config in enumerate(self.seats):
            left = self.seat_clocks.left(other) or 0.0
            key = ("seat_clock_time_out" if other in request.out or left <= 0 else
                   "seat_clock_time_running" if other == self.seat_clocks.running else
                   "seat_clock_time")
            whole = round(left)
            times.append(text(out.lang, key, out.verbosity, name=config.name,
                              minutes=whole // 60, seconds=whole % 60))
        out.announce(text(out.lang, "seat_clocks", out.verbosity, times="; ".join(times)))
        return True

    def restore_seat_clocks(self, saved: dict[int, dict[str, str]]) -> None:
        """The seconds each seat had left when the saved game stopped (its seat settings)."""
        left: dict[int, float] = {}
        for seat, settings in saved.items():
            try:
                value = float(settings[SAVED])
            except (KeyError, ValueError):
                continue
            if math.isfinite(value):  # a hand-edited "1e999" is no time to count down
                left[seat] = max(0.0, value)
        if left:
            self.seat_clocks.restore(left)
