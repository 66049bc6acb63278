"""Guessing, throttled, and the teacher told: wrong join codes (and the teacher page's wrong
passwords) from one address.

A wrong code must cost enough that the codes cannot be tried one by one, yet one student's
typos must not lock out the class: students behind one school router (or the WSL port
forwarding a Windows teacher uses) share one address. So the guard never refuses what cannot
be guessed — a reconnect token (128 random bits) is checked before it is asked — and it
throttles instead of blocking: each address has a bucket of ``burst`` tries that refills by
one every ``every`` seconds. A try while the bucket is empty is refused unchecked, with the
seconds until the next one: a correct code typed then waits at most ``every`` seconds (or
until the teacher lifts the wait), never a minute of lock-out.

The arithmetic, with the defaults (``CODE_BURST`` 20, one more every ``CODE_EVERY`` 15 s):
a join code is 6 digits, 10**6 codes; a class of 30 network seats holds 30 of them, so one
guess hits a code with probability 30 / 10**6. One address gets at most 20 + t / 15 guesses
in t seconds: 200 in a 45-minute lesson (a 0.6 % chance to hit any code), about 1 940 in an
eight-hour day (5.8 %), and 33 333 guesses — the expected number to hit one — take 8 333
minutes, 139 hours of guessing without a pause; the teacher is told of it every minute
(``ALERT_AT`` wrong codes in a minute) and when an address starts to wait, and a code hit
on a seat already taken is still refused. The teacher's password (about 31 bits) gets a
burst of 5 and one more every 12 s.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

CODE_SPACE = 10**6
CODE_BURST = 20
CODE_EVERY = 15.0
PASSWORD_BURST = 5
PASSWORD_EVERY = 12.0
ALERT_AT = 5
"""Wrong tries from one address in a minute that the teacher is told of (once a minute)."""
MINUTE = 60.0
ALERTS_KEPT = 50


@dataclass(frozen=True)
class Alert:
    """Something the teacher should know: ``key`` is its sentence in the catalogue."""

    key: str
    address: str
    params: dict[str, Any] = field(default_factory=dict)
    number: int = 0
    """Its place among the guard's alerts (a page shows each once)."""


class Guard:
    """Wrong tries per address: a bucket that refills, a count for the teacher, and the
    teacher's way to lift a wait. Safe from any thread (the network's, the page's, the
    console's)."""

    def __init__(self, *, burst: int = CODE_BURST, every: float = CODE_EVERY,
                 alert: str = "net_guessing_teacher",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.every = every
        self._alert = alert
        self.clock = clock
        """Seconds, rising (a test gives its own)."""
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}
        """address → (tries left, when that was counted)."""
        self._recent: dict[str, deque[float]] = {}
        self._told: dict[str, float] = {}
        self._waits_told: set[str] = set()
        """Addresses whose wait the teacher was told of (once, until it is over)."""
        self._count = 0
        self.alerts: deque[Alert] = deque(maxlen=ALERTS_KEPT)
        """The latest alerts, newest last: the teacher's page shows them."""
        self.tell: Callable[[Alert], None] | None = None
        """Told each alert as it happens: the teacher's console says it."""

    def _left(self, address: str, now: float) -> float:
        left, at = self._buckets.get(address, (float(self.burst), now))
        return min(float(self.burst), left + (now - at) / self.every)

    def wait(self, address: str) -> int:
        """Whole seconds until ``address`` may try again (0: now)."""
        with self._lock:
            left = self._left(address, self.clock())
        return 0 if left >= 1 else max(1, int((1 - left) * self.every + 0.999))

    def wrong(self, address: str) -> None:
        """A wrong code (or password) from ``address``: one try less; the teacher told when
        it keeps happening."""
        told: Alert | None = None
        with self._lock:
            now = self.clock()
            before = self._left(address, now)
            if before >= self.burst:
                self._waits_told.discard(address)  # a fresh start: a new wait is news
            left = max(0.0, before - 1)
            self._buckets[address] = (left, now)
            recent = self._recent.setdefault(address, deque())
            recent.append(now)
            while recent and now - recent[0] > MINUTE:
                recent.popleft()
            last = self._told.get(address)
            starts_waiting = left < 1 and address not in self._waits_told
            if starts_waiting or (len(recent) >= ALERT_AT
                                  and (last is None or now - last >= MINUTE)):
                self._told[address] = now
                if left < 1:
                    self._waits_told.add(address)
                wait = 0 if left >= 1 else max(1, int((1 - left) * self.every + 0.999))
                told = Alert(self._alert, address, {"count": len(recent), "wait": wait})
        if told is not None:
            self._say(told)

    def dropped(self, address: str, reason: str) -> None:
        """A client was let go for what it sent (a flood, an oversized or garbled message)."""
        self._say(Alert("net_dropped_teacher", address, {"reason": reason}))

    def _say(self, alert: Alert) -> None:
        with self._lock:
            self._count += 1
            alert = replace(alert, number=self._count)
            self.alerts.append(alert)
        if self.tell is not None:
            self.tell(alert)

    def waiting(self) -> dict[str, int]:
        """Every address that must wait now, with its seconds."""
        with self._lock:
            addresses = list(self._buckets)
        return {a: s for a in addresses if (s := self.wait(a)) > 0}

    def lift(self, address: str | None = None) -> list[str]:
        """The teacher lifts the wait of ``address`` (of every address: None); the addresses
        that were waiting."""
        with self._lock:
            now = self.clock()
            chosen = [address] if address is not None else list(self._buckets)
            lifted = [a for a in chosen if a in self._buckets and self._left(a, now) < 1]
            for a in chosen:
                self._buckets.pop(a, None)
                self._recent.pop(a, None)
                self._waits_told.discard(a)
        return lifted
