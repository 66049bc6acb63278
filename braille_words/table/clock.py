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
from braille_words.games.interface import TimerRequest

Listener = Callable[[TimerEvent, float, TimerRequest], None]


class TableClock:
    """At most one countdown at a time, restarted whenever the game asks for a new one."""

    def __init__(self, listener: Listener, scheduler: Scheduler | None = None) -> None:
        self._listener = listener
        self._scheduler = scheduler  # a real one is started only when a countdown is needed
        self._timer: GameTimer | None = None
        self._request: TimerRequest | None = None

    @property
    def running(self) -> TimerRequest | None:
        return self._request

    @property
    def scheduler(self) -> Scheduler:
        """The table's one scheduler (a real one is started on first use)."""
        if self._scheduler is None:
            self._scheduler = ThreadScheduler()
        return self._scheduler

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Handle:
        """Run ``fn`` after ``seconds`` on the table's scheduler: a computer's think time runs
        on the same clock as the hourglass, so a test's manual scheduler drives both."""
        scheduler = self.scheduler
        return scheduler.call_at(scheduler.now() + seconds, fn)

    def remaining(self) -> float | None:
        return self._timer.remaining if self._timer is not None else None

    def sync(self, request: TimerRequest | None) -> None:
        """Start, keep or stop the countdown so it matches what the game asks for."""
        if request is not None and self._request is not None and request.key == self._request.key:
            return
        self.cancel()
        if request is None:
            return
        spec = TimerSpec(
            str(request.key),
            request.seconds,
            warning_at=request.warning_at,
            cue=Cue.MUSIC if request.cue == "teapot" else Cue.TICK,
            # Every clock beats, for the seconds on the cells; only a ticking one is heard.
            beat=request.beat if request.ticking else 1.0,
        )
        timer = GameTimer(spec, self.scheduler)
        self._timer, self._request = timer, request
        timer.subscribe(lambda event, left: self._forward(timer, request, event, left))
        timer.start()

    def _forward(
        self, timer: GameTimer, request: TimerRequest, event: TimerEvent, left: float
    ) -> None:
        if timer is self._timer:
            self._listener(event, left, request)

    def pause(self) -> None:
        """The table is paused: the countdown stands still (and stays silent) until ``go_on``."""
        if self._timer is not None:
            self._timer.pause()

    def go_on(self) -> None:
        if self._timer is not None:
            self._timer.resume()

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
