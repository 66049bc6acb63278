"""Game clocks: the 30-second hourglass of 7 słów and the teapot of Alicja (15 or 10 seconds).

A timer never reads the clock itself: it asks a ``Scheduler`` for the time and to call it back
later. ``ThreadScheduler`` is the real one (``time.monotonic`` and one thread); tests use
``ManualScheduler`` and move time by hand, so no test sleeps. A timer reports every change to
its listeners (started, tick, warning, paused, resumed, restarted, expired, cancelled) and the
table turns those into speech and sound; ``TimerSound`` plays the cues on a seat's device.

A player who cannot work against a clock plays with ``untimed=True``: the timer still says it
started, paused and resumed (so the flow of the game is the same) but never ticks, warns or
expires.
"""

from __future__ import annotations

import enum
import heapq
import itertools
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from braille_words.audio.earcons import DEFAULT_RATE, Earcon, synthesize, tune_note


class Handle(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Time and deferred calls; the only way a timer learns what time it is."""

    def now(self) -> float: ...

    def call_at(self, when: float, fn: Callable[[], None]) -> Handle: ...


class _Entry:
    __slots__ = ("cancelled", "fn", "when")

    def __init__(self, when: float, fn: Callable[[], None]) -> None:
        self.when = when
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """Time that moves only when ``advance`` is called; callbacks run inside ``advance``."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._queue: list[tuple[float, int, _Entry]] = []
        self._seq = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, fn: Callable[[], None]) -> Handle:
        entry = _Entry(when, fn)
        heapq.heappush(self._queue, (when, next(self._seq), entry))
        return entry

    def advance(self, seconds: float) -> None:
        """Move time forward, running every callback that falls due, in time order."""
        target = self._now + seconds
        while self._queue and self._queue[0][0] <= target:
            when, _, entry = heapq.heappop(self._queue)
            self._now = max(self._now, when)
            if not entry.cancelled:
                entry.fn()
        self._now = target


class ThreadScheduler:
    """Real time: ``time.monotonic`` and one daemon thread that runs callbacks when due."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._queue: list[tuple[float, int, _Entry]] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="braille-words-timer", daemon=True)
        self._thread.start()

    def now(self) -> float:
        return self._clock()

    def call_at(self, when: float, fn: Callable[[], None]) -> Handle:
        entry = _Entry(when, fn)
        with self._cond:
            heapq.heappush(self._queue, (when, next(self._seq), entry))
            self._cond.notify()
        return entry

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed:
                    if self._queue:
                        delay = self._queue[0][0] - self._clock()
                        if delay <= 0:
                            break
                        self._cond.wait(delay)
                    else:
                        self._cond.wait()
                if self._closed:
                    return
                _, _, entry = heapq.heappop(self._queue)
            if not entry.cancelled:
                entry.fn()


class TimerEvent(enum.Enum):
    STARTED = "started"
    TICK = "tick"
    WARNING = "warning"
    PAUSED = "paused"
    RESUMED = "resumed"
    RESTARTED = "restarted"
    EXPIRED = "expired"
    CANCELLED = "cancelled"


class TimerState(enum.Enum):
    IDLE = "idle"
    RUNNING = "running"
    PAUSED = "paused"
    EXPIRED = "expired"


class Cue(enum.Enum):
    """What a running timer sounds like: a clock's tick, or the teapot's music."""

    TICK = "tick"
    MUSIC = "music"


@dataclass(frozen=True)
class TimerSpec:
    """A game's clock: its length, when it warns (seconds left), how it sounds."""

    name: str
    seconds: float
    warning_at: float
    cue: Cue
    beat: float = 1.0  # seconds between ticks (or tune notes)

    def __post_init__(self) -> None:
        if self.seconds <= 0 or self.beat <= 0:
            raise ValueError("a timer needs a positive length and beat")
        if not 0 <= self.warning_at < self.seconds:
            raise ValueError("the warning must come before the end")


HOURGLASS = TimerSpec("hourglass", 30.0, warning_at=10.0, cue=Cue.TICK)
"""7 słów: once the fastest player turns the hourglass, the others have 30 seconds."""
TEAPOT_15 = TimerSpec("teapot", 15.0, warning_at=5.0, cue=Cue.MUSIC, beat=0.5)
"""Alicja, basic game: the teapot set to 15 seconds; the music stops when time is up."""
TEAPOT_10 = TimerSpec("teapot", 10.0, warning_at=3.0, cue=Cue.MUSIC, beat=0.5)
"""Alicja, advanced game: the teapot set to 10 seconds."""

Listener = Callable[[TimerEvent, float], None]
"""Called with each event and the seconds left at that moment."""


class GameTimer:
    """A countdown with a warning, ticks, pause/resume and restart (the teapot's press).

    All state changes happen under one lock, and listeners are called after it is released, so
    a listener may call back into the timer (a table restarting the teapot on expiry).
    """

    def __init__(self, spec: TimerSpec, scheduler: Scheduler, *, untimed: bool = False) -> None:
        self.spec = spec
        self.untimed = untimed
        self._scheduler = scheduler
        self._listeners: list[Listener] = []
        self._lock = threading.RLock()
        self._state = TimerState.IDLE
        self._remaining = spec.seconds
        self._deadline: float | None = None  # when running
        self._handles: list[Handle] = []
        self._warned = False
        self._generation = 0  # bumps on every change, so stale callbacks do nothing
        self.beats = 0

    # -- observation ---------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    @property
    def state(self) -> TimerState:
        return self._state

    @property
    def remaining(self) -> float:
        """Seconds left (the full length, always, in the untimed mode)."""
        with self._lock:
            if self._state is TimerState.RUNNING and self._deadline is not None:
                return max(0.0, self._deadline - self._scheduler.now())
            return self._remaining

    # -- control -------------------------------------------------------------------------
    def start(self, *, paused: bool = False) -> None:
        """Turn the hourglass / press the teapot: a full countdown from now (``paused``: set
        full but standing still until ``resume``, so not a moment of it runs first)."""
        with self._lock:
            idle = self._state is TimerState.IDLE
            event = TimerEvent.STARTED if idle else TimerEvent.RESTARTED
            self._remaining = self.spec.seconds
            self._warned = False
            self.beats = 0
            if paused:
                self._clear()
                self._state = TimerState.PAUSED
            else:
                self._run()
        self._emit(event, self.spec.seconds)

    restart = start

    def pause(self) -> None:
        """Lay the hourglass on its side (7 słów solo): time stands still until ``resume``."""
        with self._lock:
            if self._state is not TimerState.RUNNING:
                return
            self._remaining = self.remaining
            self._state = TimerState.PAUSED
            self._clear()
        self._emit(TimerEvent.PAUSED, self._remaining)

    def resume(self) -> None:
        with self._lock:
            if self._state is not TimerState.PAUSED:
                return
            self._run()
        self._emit(TimerEvent.RESUMED, self._remaining)

    def add(self, seconds: float) -> None:
        """More time for this countdown (a teacher's gift): running or paused, the time left
        grows by ``seconds`` and the warning may come again."""
        with self._lock:
            if self._state not in (TimerState.RUNNING, TimerState.PAUSED) or seconds <= 0:
                return
            self._remaining = self.remaining + seconds
            self._warned = self._remaining <= self.spec.warning_at
            if self._state is TimerState.RUNNING:
                self._run()
            left = self._remaining
        self._emit(TimerEvent.RESTARTED, left)

    def cancel(self) -> None:
        """Put the timer away (the round ended before time ran out)."""
        with self._lock:
            if self._state is TimerState.IDLE:
                return
            left = self.remaining
            self._state = TimerState.IDLE
            self._remaining = self.spec.seconds
            self._clear()
        self._emit(TimerEvent.CANCELLED, left)

    # -- internals -----------------------------------------------------------------------
    def _clear(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()
        self._deadline = None
        self._generation += 1

    def _run(self) -> None:
        self._clear()
        self._state = TimerState.RUNNING
        if self.untimed:
            return
        now = self._scheduler.now()
        self._deadline = now + self._remaining
        gen = self._generation
        self._handles.append(self._scheduler.call_at(self._deadline, lambda: self._expire(gen)))
        warn_at = self._deadline - self.spec.warning_at
        if not self._warned and self.spec.warning_at > 0:
            warn = self._scheduler.call_at(max(now, warn_at), lambda: self._warn(gen))
            self._handles.append(warn)
        self._schedule_beat(gen, now)

    def _schedule_beat(self, gen: int, now: float) -> None:
        # Beats fall on whole multiples of the beat counted from the start of the countdown,
        # so a pause does not shift the rhythm of what is left.
        assert self._deadline is not None
        elapsed = self.spec.seconds - (self._deadline - now)
        next_beat = (math.floor(elapsed / self.spec.beat + 1e-9) + 1) * self.spec.beat
        when = self._deadline - self.spec.seconds + next_beat
        if when < self._deadline - 1e-9:
            self._handles.append(self._scheduler.call_at(when, lambda: self._beat(gen)))

    def _beat(self, gen: int) -> None:
        with self._lock:
            if gen != self._generation:
                return
            self.beats += 1
            left = self.remaining
            self._schedule_beat(gen, self._scheduler.now())
        self._emit(TimerEvent.TICK, left)

    def _warn(self, gen: int) -> None:
        with self._lock:
            if gen != self._generation or self._warned:
                return
            self._warned = True
            left = self.remaining
        self._emit(TimerEvent.WARNING, left)

    def _expire(self, gen: int) -> None:
        with self._lock:
            if gen != self._generation:
                return
            self._clear()
            self._state = TimerState.EXPIRED
            self._remaining = 0.0
        self._emit(TimerEvent.EXPIRED, 0.0)

    def _emit(self, event: TimerEvent, left: float) -> None:
        for listener in list(self._listeners):
            listener(event, left)


class SoundSink(Protocol):
    """Where timer cues go: ``audio.player.Player`` satisfies this."""

    def play_samples(self, samples: object, rate: int) -> None: ...

    def stop(self) -> None: ...


class TimerSound:
    """Plays a timer's cues on one seat's device: ticks or tune notes, warning, time up.

    Pausing silences the music, as laying the hourglass down stops the sand.
    """

    def __init__(self, timer: GameTimer, sink: SoundSink, rate: int = DEFAULT_RATE) -> None:
        self.timer = timer
        self.sink = sink
        self.rate = rate
        cues = (Earcon.TICK, Earcon.TIME_WARNING, Earcon.TIME_UP)
        self._cache = {e: synthesize(e, rate) for e in cues}
        timer.subscribe(self)

    def __call__(self, event: TimerEvent, left: float) -> None:
        if event is TimerEvent.TICK:
            if self.timer.spec.cue is Cue.MUSIC:
                self.sink.play_samples(tune_note(self.timer.beats - 1, self.rate), self.rate)
            else:
                self.sink.play_samples(self._cache[Earcon.TICK], self.rate)
        elif event is TimerEvent.WARNING:
            self.sink.play_samples(self._cache[Earcon.TIME_WARNING], self.rate)
        elif event is TimerEvent.EXPIRED:
            self.sink.play_samples(self._cache[Earcon.TIME_UP], self.rate)
        elif event in (TimerEvent.PAUSED, TimerEvent.CANCELLED):
            self.sink.stop()
