"""Guessing join codes (issue 31 §2): throttled so that the million codes cannot be tried, never
a long lock-out for a correct code, and the teacher told. A clock of the test's own: no test
here waits."""

from __future__ import annotations

from braille_words.net.guard import (
    ALERT_AT,
    CODE_BURST,
    CODE_EVERY,
    CODE_SPACE,
    PASSWORD_BURST,
    PASSWORD_EVERY,
    Alert,
    Guard,
)

SCHOOL = "192.168.1.7"
CLASS_CODES = 30
"""Network seats of a big class, each holding a live code."""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _guesses(guard: Guard, clock: Clock, seconds: int) -> int:
    """A guesser at one address, trying whenever the guard lets it (every second)."""
    tried = 0
    for _ in range(seconds):
        if guard.wait(SCHOOL) == 0:
            guard.wrong(SCHOOL)
            tried += 1
        clock.now += 1
    return tried


def test_the_code_space_and_the_rate_together_make_guessing_a_code_hopeless() -> None:
    clock = Clock()
    guard = Guard(clock=clock)
    lesson = _guesses(guard, clock, 45 * 60)
    most = CODE_BURST + 45 * 60 // int(CODE_EVERY)  # 20 + 180 = 200
    assert most - 1 <= lesson <= most
    # In a 45-minute lesson: under 1 % to hit any of a class's 30 codes.
    assert lesson * CLASS_CODES / CODE_SPACE < 0.01
    day = lesson + _guesses(guard, clock, 8 * 3600 - 45 * 60)
    assert day <= CODE_BURST + 8 * 3600 // int(CODE_EVERY) + 1  # ~1 940 in a school day
    # The expected number of guesses to hit one code, at this rate: over 100 hours.
    expected_hours = (CODE_SPACE / CLASS_CODES) * CODE_EVERY / 3600
    assert expected_hours > 100
    # The teacher's password: about 31 bits, 5 at once, then one every 12 seconds.
    assert 2**31 / (60 / PASSWORD_EVERY) / 60 / 24 / 365 > 100  # years to try them all
    assert PASSWORD_BURST == 5


def test_a_correct_code_never_waits_longer_than_one_refill_and_the_teacher_lifts_it() -> None:
    clock = Clock()
    guard = Guard(clock=clock)
    for _ in range(200):  # a student's typos, then someone's guessing at the same router
        if guard.wait(SCHOOL) == 0:
            guard.wrong(SCHOOL)
        clock.now += 0.5
        assert guard.wait(SCHOOL) <= CODE_EVERY
    assert guard.wait(SCHOOL) > 0
    assert guard.waiting() == {SCHOOL: guard.wait(SCHOOL)}
    assert guard.wait("192.168.1.8") == 0  # another address does not wait for it
    clock.now += CODE_EVERY
    assert guard.wait(SCHOOL) == 0  # the next code is checked
    guard.wrong(SCHOOL)
    assert guard.wait(SCHOOL) > 0
    assert guard.lift(SCHOOL) == [SCHOOL]
    assert guard.wait(SCHOOL) == 0 and guard.waiting() == {}
    assert guard.lift(SCHOOL) == []  # nothing waits any more


def test_the_teacher_is_told_once_a_minute_how_many_wrong_codes_came_from_where() -> None:
    clock = Clock()
    guard = Guard(clock=clock)
    told: list[Alert] = []
    guard.tell = told.append
    for _ in range(ALERT_AT - 1):
        guard.wrong(SCHOOL)
    assert told == []  # a few typos are no news
    for _ in range(12 - ALERT_AT + 1):
        guard.wrong(SCHOOL)
        clock.now += 1
    assert [(a.key, a.address, a.params) for a in told] == [
        ("net_guessing_teacher", SCHOOL, {"count": ALERT_AT, "wait": 0})]
    clock.now += 60
    for _ in range(ALERT_AT):
        guard.wrong(SCHOOL)
    assert len(told) == 2 and told[-1].params == {"count": ALERT_AT, "wait": 0}
    # When the address starts to wait, that is news at once, with the seconds; once.
    while guard.wait(SCHOOL) == 0:
        guard.wrong(SCHOOL)
    assert len(told) == 3 and 0 < told[-1].params["wait"] <= CODE_EVERY
    clock.now += CODE_EVERY
    guard.wrong(SCHOOL)
    assert len(told) == 3
    guard.dropped("10.0.0.9", "net_closed_too_many")
    assert told[-1] == Alert("net_dropped_teacher", "10.0.0.9",
                             {"reason": "net_closed_too_many"}, told[-1].number)
    assert [a.number for a in guard.alerts] == [1, 2, 3, 4]
