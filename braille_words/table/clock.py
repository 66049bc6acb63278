"""The table's clock: move limits and hourglasses, kept out of the pure rules.

The rules say when time matters (a presenter's ``timer(view)`` names a running countdown by a
key, its length and its sound); the clock runs it on a real scheduler and, when it runs out,
puts the game's time-up move on the session's input queue, so expiry is applied, journaled
and announced like any other move. A table can play without any clock (the accessible,
timer-free mode): then a player says "time" instead.
"""

from __future__ import annotations

from collections.abc import Callable

from braille_words.audio.timers import (
    Cue,
    GameTimer,
    Handle,
    Scheduler,
    ThreadScheduler,
    TimerEvent,
    TimerSpec,
)
from braille_words.games.interface import SeatClockRequest, TimerRequest

Listener = Callable[[TimerEvent, float, TimerRequest], None]


class TableClock:
    """At most one countdown at a time, restarted whenever the game asks for a new one."""

    def __init__(self, listener: Listener, scheduler: Scheduler | None = None) -> None:
        self._listener = listener
        self._scheduler = scheduler  # a real one is started only when a countdown is needed
        self._timer: GameTimer | None = None
        self._request: TimerRequest | None = None
        self._resumed: tuple[str, float] | None = None
        """A resumed game's countdown (its key) and the seconds it had left when saved."""
        self._holds: set[str] = set()
        """Why the countdown stands still: "table" (a pause), "reading" (a seat has not yet
        been told it is its turn). It runs when no reason holds."""

    @property
    def running(self) -> TimerRequest | None:
        return self._request

    @property
    def scheduler(self) -> Scheduler:
        """The table's one scheduler (a real one is started on first use)."""
        if self._scheduler is None:
            self._scheduler = ThreadScheduler()
        return self._scheduler

    def use(self, scheduler: Scheduler) -> None:
        """Run on ``scheduler`` (a table stepped on an event loop: its timers), unless the
        clock already runs on one."""
        if self._scheduler is None:
            self._scheduler = scheduler

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Handle:
        """Run ``fn`` after ``seconds`` on the table's scheduler: a computer's think time runs
        on the same clock as the hourglass, so a test's manual scheduler drives both."""
        scheduler = self.scheduler
        return scheduler.call_at(scheduler.now() + seconds, fn)

    def remaining(self) -> float | None:
        return self._timer.remaining if self._timer is not None else None

    def resume_with(self, key: str, left: float) -> None:
        """The saved game's countdown ``key`` had ``left`` seconds: when the game asks for that
        countdown again (the first one it asks for), it starts with them, not its whole time
        (a kill in the middle of a turn gave the hourglass back full)."""
        self._resumed = (key, left)

    def sync(self, request: TimerRequest | None) -> None:
        """Start, keep or stop the countdown so it matches what the game asks for."""
        if request is not None and self._request is not None and request.key == self._request.key:
            return
        self.cancel()
        if request is None:
            return
        seconds = request.seconds
        if self._resumed is not None:
            key, left = self._resumed
            self._resumed = None
            if key == str(request.key):
                seconds = min(seconds, max(left, 1.0))
        spec = TimerSpec(
            str(request.key),
            seconds,
            # A countdown resumed short of its warning warns again half way to its end.
            warning_at=min(request.warning_at, seconds / 2),
            cue=Cue.MUSIC if request.cue == "teapot" else Cue.TICK,
            # Every clock beats, for the seconds on the cells; only a ticking one is heard.
            beat=request.beat if request.ticking else 1.0,
        )
        timer = GameTimer(spec, self.scheduler)
        self._timer, self._request = timer, request
        timer.subscribe(lambda event, left: self._forward(timer, request, event, left))
        timer.start(paused=bool(self._holds))

    def _forward(
        self, timer: GameTimer, request: TimerRequest, event: TimerEvent, left: float
    ) -> None:
        if timer is self._timer:
            self._listener(event, left, request)

    def pause(self, why: str = "table") -> None:
        """The table is paused (or waits for a reader, ``why``): the countdown stands still
        (and stays silent) until ``go_on`` with the same reason, and no other holds it."""
        self._holds.add(why)
        if self._timer is not None:
            self._timer.pause()

    def go_on(self, why: str = "table") -> None:
        self._holds.discard(why)
        if self._timer is not None and not self._holds:
            self._timer.resume()

    def held(self, why: str) -> bool:
        return why in self._holds

    def add_time(self, seconds: float) -> bool:
        """More time for the running countdown; False when no countdown runs."""
        if self._timer is None:
            return False
        self._timer.add(seconds)
        return True

    def cancel(self) -> None:
        timer, self._timer, self._request = self._timer, None, None
        if timer is not None:
            timer.cancel()

    def close(self) -> None:
        self.cancel()
        close = getattr(self._scheduler, "close", None)
        if close is not None:
            close()


SeatListener = Callable[[str, int, float], None]
"""(what, seat, seconds left): "started", "tick", "warning" or "out"."""


class SeatClocks:
    """A chess clock per seat (``SeatClockRequest``): each seat's time runs only while the
    game says it is that seat's, stands still while the table is paused, and is kept when
    the turn moves on. The clock beats every second for the cells; a warning is said at each
    of the game's marks; at zero the listener hears "out" (the table then plays the game's
    ``clock_out`` move, so it is journaled like any move)."""

    def __init__(self, scheduler: Callable[[], Scheduler], listener: SeatListener) -> None:
        self._scheduler = scheduler
        self._listener = listener
        self.request: SeatClockRequest | None = None
        self._left: dict[int, float] = {}
        self._running: int | None = None
        self._since = 0.0
        self._paused = False
        self._handles: list[Handle] = []

    def restore(self, left: dict[int, float]) -> None:
        """The seconds each seat had left when a saved game stopped."""
        self._left.update(left)

    def left(self, seat: int) -> float | None:
        """``seat``'s seconds left; None when the game has no such clock."""
        if self.request is None:
            return None
        left = self._left.get(seat, self.request.seconds)
        if seat == self._running and not self._paused:
            left -= self._scheduler().now() - self._since
        return max(0.0, left)

    @property
    def running(self) -> int | None:
        return self._running

    def sync(self, request: SeatClockRequest | None) -> int | None:
        """Run the seat the game names; returns the seat whose clock was stopped (its time
        is worth saving), if one was."""
        running = None if request is None else request.running
        if request is not None and running in request.out:
            running = None
        if running == self._running:
            self.request = request
            return None
        stopped = self._stop()  # charged by the request it ran under
        self.request = request
        if running is not None:
            self._running = running
            if not self._paused:
                self._start()
        return stopped

    def pause(self) -> None:
        if self._paused:
            return
        self._stop(keep_running=True)
        self._paused = True

    def go_on(self) -> None:
        if not self._paused:
            return
        self._paused = False
        if self._running is not None:
            self._start()

    def _start(self) -> None:
        seat = self._running
        assert seat is not None and self.request is not None
        scheduler = self._scheduler()
        self._since = now = scheduler.now()
        left = self._left.get(seat, self.request.seconds)
        self._listener("started", seat, left)
        self._handles = [scheduler.call_at(now + left, lambda: self._out(seat))]
        for mark in self.request.warnings:
            if mark < left:
                self._handles.append(scheduler.call_at(now + left - mark, self._warner(seat, mark)))
        self._beat(seat, now + 1.0)

    def _warner(self, seat: int, mark: float) -> Callable[[], None]:
        def warn() -> None:
            if seat == self._running:
                self._listener("warning", seat, mark)

        return warn

    def _beat(self, seat: int, when: float) -> None:
        def beat() -> None:
            left = self.left(seat)
            if left is not None and left > 0 and seat == self._running:
                self._listener("tick", seat, left)
                self._beat(seat, when + 1.0)

        self._handles.append(self._scheduler().call_at(when, beat))

    def _out(self, seat: int) -> None:
        if seat == self._running:
            self._left[seat] = 0.0
            self._cancel()
            self._running = None
            self._listener("out", seat, 0.0)

    def _stop(self, keep_running: bool = False) -> int | None:
        seat = self._running
        if seat is None:
            return None
        if not self._paused:
            self._left[seat] = self.left(seat) or 0.0
        self._cancel()
        if not keep_running:
            self._running = None
        return seat

    def _cancel(self) -> None:
        handles, self._handles = self._handles, []
        for handle in handles:
            handle.cancel()

    def cancel(self) -> None:
        self._stop()


def clock_text(seconds: float) -> str:
    """Time left as the cells give it, in three characters at most (the clock's cells): the
    seconds under 100 (``37``), else the minutes begun (``20m``), which a game clock of many
    minutes needs. Speech says minutes and seconds in words."""
    whole = max(0, round(seconds))
    return str(whole) if whole < 100 else f"{-(-whole // 60)}m"
