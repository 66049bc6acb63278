"""Who may open the teacher's page: one password, said and printed at start, then a cookie.

The password is syllables and digits ("bako-dure-47"): easy to say aloud and to type on a
Braille keyboard, and never six digits, so it cannot be taken for a student's join code. A
wrong password, a join code tried as one, and a flood of guesses are refused and logged (five
wrong ones, then one more every 12 seconds: ``net.guard``, which also tells the teacher's
console); the cookie is a random token, HttpOnly and SameSite=Strict, that ends on "log out",
when the server stops, or after ``IDLE_MINUTES`` with no request from the teacher (a browser
left open at a shared computer showed the next person the students' names and reports;
the page's live stream is not the teacher's doing and keeps nothing open), and every
control also carries the page's own token (a forged form from
another site has neither).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from braille_words.net.guard import PASSWORD_BURST, PASSWORD_EVERY, Guard

CONSONANTS = "bdfgjkmnprstwz"
VOWELS = "aeiou"
COOKIE = "bw_teacher"
IDLE_MINUTES = 30
"""A login ends after this long without the teacher clicking or opening anything: what a
school's own systems (a register, a mail page) do at a shared computer."""


def _password_guard() -> Guard:
    return Guard(burst=PASSWORD_BURST, every=PASSWORD_EVERY, alert="page_guessing_teacher")


def new_password() -> str:
    """Two four-letter syllable pairs and two digits: about 31 bits, enough behind a limit
    of five guesses a minute on a classroom's network (2**31 / 5 a minute: 800 years)."""

    def pair() -> str:
        return "".join(secrets.choice(CONSONANTS) + secrets.choice(VOWELS) for _ in range(2))

    return f"{pair()}-{pair()}-{secrets.randbelow(90) + 10}"


def spoken_password(password: str, lang: str) -> str:
    """The password as it is said: its parts, then its letters one by one."""
    dash = "myślnik" if lang == "pl" else "dash"
    return f" {dash} ".join(" ".join(part) for part in password.split("-"))


@dataclass
class Sessions:
    """Logged-in browsers: cookie token → the page token its controls must carry, and when
    the teacher last did something there."""

    password: str
    _tokens: dict[str, str] = field(default_factory=dict)
    _active: dict[str, float] = field(default_factory=dict)
    clock: Callable[[], float] = time.monotonic
    idle: float = IDLE_MINUTES * 60.0
    guard: Guard = field(default_factory=_password_guard)
    """Wrong passwords per address: after five, one more try every 12 seconds."""

    def matches(self, given: str) -> bool:
        return secrets.compare_digest(given.strip().encode(), self.password.encode())

    def wait(self, address: str) -> int:
        """Seconds until ``address`` may try a password again (0: now)."""
        return self.guard.wait(address)

    def wrong(self, address: str) -> None:
        self.guard.wrong(address)

    def open(self) -> str:
        token = secrets.token_urlsafe(32)
        self._tokens[token] = secrets.token_urlsafe(24)
        self._active[token] = self.clock()
        return token

    def close(self, token: str) -> None:
        self._tokens.pop(token, None)
        self._active.pop(token, None)

    def touch(self, cookie: str | None) -> None:
        """The teacher did something with this login: its idle time starts again."""
        token = self._known(cookie)
        if token is not None:
            self._active[token] = self.clock()

    @property
    def in_use(self) -> bool:
        """Whether a teacher is logged in (their page and its reports are open)."""
        self._expire()
        return bool(self._tokens)

    def page_token(self, cookie: str | None) -> str | None:
        """The page token of a logged-in browser, None for anyone else (and for a login
        idle too long: it is ended)."""
        token = self._known(cookie)
        return self._tokens[token] if token is not None else None

    def _known(self, cookie: str | None) -> str | None:
        self._expire()
        if not cookie:
            return None
        for token in self._tokens:
            if secrets.compare_digest(token.encode(), cookie.encode()):
                return token
        return None

    def _expire(self) -> None:
        now = self.clock()
        for token, since in list(self._active.items()):
            if now - since >= self.idle:
                self.close(token)
