"""Who may open the teacher's page: one password, said and printed at start, then a cookie.

The password is syllables and digits ("bako-dure-47"): easy to say aloud and to type on a
Braille keyboard, and never six digits, so it cannot be taken for a student's join code. A
wrong password, a join code tried as one, and a flood of guesses are refused and logged (five
wrong ones, then one more every 12 seconds: ``net.guard``, which also tells the teacher's
console); the cookie is a random token that lives as long as the server, HttpOnly and
SameSite=Strict, and every control also carries the page's own token (a forged form from
another site has neither).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from braille_words.net.guard import PASSWORD_BURST, PASSWORD_EVERY, Guard

CONSONANTS = "bdfgjkmnprstwz"
VOWELS = "aeiou"
COOKIE = "bw_teacher"


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
    """Logged-in browsers: cookie token → the page token its controls must carry."""

    password: str
    _tokens: dict[str, str] = field(default_factory=dict)
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
        return token

    def close(self, token: str) -> None:
        self._tokens.pop(token, None)

    @property
    def in_use(self) -> bool:
        """Whether a teacher is logged in (their page and its reports are open)."""
        return bool(self._tokens)

    def page_token(self, cookie: str | None) -> str | None:
        """The page token of a logged-in browser, None for anyone else."""
        if not cookie:
            return None
        for token, page in self._tokens.items():
            if secrets.compare_digest(token.encode(), cookie.encode()):
                return page
        return None
