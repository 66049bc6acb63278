"""The hourglass (7 słów, 30 s) and the teapot (Alicja, 15 s / 10 s), on hand-moved time."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.audio.timers import (
    HOURGLASS,
    TEAPOT_10,
    TEAPOT_15,
    Cue,
    GameTimer,
    ManualScheduler,
    ThreadScheduler,
    TimerEvent,
    TimerSpec,
    TimerState,
)

Log = list[tuple[float, TimerEvent, float]]


def timer_with_log(
    spec: TimerSpec, *, untimed: bool = False
) -> tuple[GameTimer, ManualScheduler, Log]:
    clock = ManualScheduler()
    timer = GameTimer(spec, clock, untimed=untimed)
    log: Log = []
    timer.subscribe(lambda ev, left: log.append((clock.now(), ev, round(left, 6))))
    return timer, clock, log


def kinds(log: Log, *skip: TimerEvent) -> list[TimerEvent]:
    return [ev for _, ev, _ in log if ev not in skip]


def test_the_others_have_30_seconds_once_the_hourglass_is_turned() -> None:
    timer, clock, log = timer_with_log(HOURGLASS)
    timer.start()
    clock.advance(29.999)
    assert timer.state is TimerState.RUNNING
    clock.advance(0.001)
    assert timer.state is TimerState.EXPIRED
    assert (30.0, TimerEvent.EXPIRED, 0.0) in log
    assert kinds(log, TimerEvent.TICK) == [
        TimerEvent.STARTED,
        TimerEvent.WARNING,
        TimerEvent.EXPIRED,
    ]


def test_the_hourglass_warns_ten_seconds_before_the_end_and_ticks_every_second() -> None:
    timer, clock, log = timer_with_log(HOURGLASS)
    timer.start()
    clock.advance(40)
    warning = [t for t, ev, _ in log if ev is TimerEvent.WARNING]
    ticks = [t for t, ev, _ in log if ev is TimerEvent.TICK]
    assert warning == [20.0]
    assert ticks == [float(s) for s in range(1, 30)]
    assert HOURGLASS.cue is Cue.TICK


def test_laying_the_hourglass_on_its_side_stops_time_in_solo() -> None:
    timer, clock, log = timer_with_log(HOURGLASS)
    timer.start()
    clock.advance(12)
    timer.pause()
    clock.advance(1000)
    assert timer.state is TimerState.PAUSED
    assert timer.remaining == pytest.approx(18)
    timer.resume()
    clock.advance(18)
    assert timer.state is TimerState.EXPIRED
    assert [ev for _, ev, _ in log if ev in (TimerEvent.PAUSED, TimerEvent.RESUMED)] == [
        TimerEvent.PAUSED,
        TimerEvent.RESUMED,
    ]


def test_a_pause_keeps_the_rhythm_of_the_ticks() -> None:
    timer, clock, log = timer_with_log(HOURGLASS)
    timer.start()
    clock.advance(2.5)
    timer.pause()
    clock.advance(7.3)
    timer.resume()
    clock.advance(1.0)
    ticks = [round(left, 3) for _, ev, left in log if ev is TimerEvent.TICK]
    assert ticks == [29.0, 28.0, 27.0]


def test_pressing_the_teapot_restarts_its_15_seconds_for_the_next_player() -> None:
    timer, clock, log = timer_with_log(TEAPOT_15)
    timer.start()
    clock.advance(14)
    timer.restart()  # the player said a word and pressed the teapot
    clock.advance(14)
    assert timer.state is TimerState.RUNNING
    clock.advance(1)
    assert timer.state is TimerState.EXPIRED
    assert kinds(log, TimerEvent.TICK, TimerEvent.WARNING) == [
        TimerEvent.STARTED,
        TimerEvent.RESTARTED,
        TimerEvent.EXPIRED,
    ]
    assert [t for t, ev, _ in log if ev is TimerEvent.WARNING] == [10.0, 24.0]


def test_the_advanced_teapot_runs_10_seconds_with_music_on_every_half_beat() -> None:
    timer, clock, _log = timer_with_log(TEAPOT_10)
    timer.start()
    clock.advance(10)
    assert timer.state is TimerState.EXPIRED
    assert TEAPOT_10.cue is Cue.MUSIC
    assert timer.beats == 19  # 0.5 … 9.5 s: the music stops when time is up


def test_the_next_player_can_press_the_teapot_from_the_time_up_announcement() -> None:
    timer, clock, _log = timer_with_log(TEAPOT_15)
    pressed: list[bool] = []

    def next_player(ev: TimerEvent, _left: float) -> None:
        if ev is TimerEvent.EXPIRED and not pressed:
            pressed.append(True)
            timer.restart()

    timer.subscribe(next_player)
    timer.start()
    clock.advance(15)
    assert timer.state is TimerState.RUNNING
    clock.advance(15)
    assert timer.state is TimerState.EXPIRED


def test_untimed_mode_keeps_the_flow_but_never_runs_out() -> None:
    timer, clock, log = timer_with_log(HOURGLASS, untimed=True)
    timer.start()
    timer.pause()
    timer.resume()
    clock.advance(10_000)
    assert timer.state is TimerState.RUNNING
    assert kinds(log) == [TimerEvent.STARTED, TimerEvent.PAUSED, TimerEvent.RESUMED]


def test_putting_the_timer_away_cancels_what_was_due() -> None:
    timer, clock, log = timer_with_log(TEAPOT_15)
    timer.start()
    clock.advance(3)
    timer.cancel()
    clock.advance(60)
    assert timer.state is TimerState.IDLE
    assert kinds(log, TimerEvent.TICK) == [TimerEvent.STARTED, TimerEvent.CANCELLED]


def test_a_timer_spec_must_warn_before_its_end() -> None:
    with pytest.raises(ValueError):
        TimerSpec("bad", 10, warning_at=10, cue=Cue.TICK)
    with pytest.raises(ValueError):
        TimerSpec("bad", 0, warning_at=0, cue=Cue.TICK)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["pause", "resume", "wait"]), st.floats(0, 8)), max_size=20)
)
def test_time_runs_out_exactly_when_30_running_seconds_have_passed(
    steps: list[tuple[str, float]],
) -> None:
    timer, clock, log = timer_with_log(HOURGLASS)
    timer.start()
    running = 0.0
    for action, seconds in steps:
        if action == "pause":
            timer.pause()
        elif action == "resume":
            timer.resume()
        if timer.state is TimerState.RUNNING:
            running += seconds
        clock.advance(seconds)
        if running >= 30:
            break
    expired = timer.state is TimerState.EXPIRED
    assert expired == (running >= 30)
    if not expired and timer.state is TimerState.RUNNING:
        assert timer.remaining == pytest.approx(30 - running, abs=1e-6)
    assert kinds(log).count(TimerEvent.EXPIRED) == int(expired)
    assert kinds(log).count(TimerEvent.WARNING) <= 1


def test_the_real_clock_expires_a_short_timer() -> None:
    sched = ThreadScheduler()
    try:
        timer = GameTimer(TimerSpec("quick", 0.05, warning_at=0.02, cue=Cue.TICK, beat=0.01), sched)
        done = threading.Event()
        seen: list[TimerEvent] = []
        timer.subscribe(
            lambda ev, _left: (seen.append(ev), ev is TimerEvent.EXPIRED and done.set())
        )
        timer.start()
        assert done.wait(10)
        assert seen[0] is TimerEvent.STARTED and seen[-1] is TimerEvent.EXPIRED
        assert TimerEvent.WARNING in seen
    finally:
        sched.close()
