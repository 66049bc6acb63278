"""Join codes and reconnect tokens: who may speak for which seat.

A join code is six digits a teacher reads out (digits: a student types them on any keyboard or
a Braille display's number sign, and hears them unambiguously). It names one seat of one game;
a new game, or the teacher's "kod N", makes a new one and the old one stops working. A
connection that has claimed a seat gets a token (128 random bits) that lets the same student's
computer reconnect by itself after a dropped connection or a host restart, without the code —
and without anyone else being able to. Both are kept in the host's state file, so
``host --resume`` keeps every student's place.

A wrong code costs: ``net.guard`` throttles an address that keeps giving wrong codes, so the
million codes cannot be tried one by one (the arithmetic is there).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from braille_words.net.protocol import CODE_LENGTH


def new_code(taken: set[str] | None = None) -> str:
    while True:
        code = "".join(secrets.choice("0123456789") for _ in range(CODE_LENGTH))
        if not taken or code not in taken:
            return code


def new_token() -> str:
    return secrets.token_hex(16)


def spoken(code: str) -> str:
    """``482915`` as it is read out and shown: ``482 915``."""
    return f"{code[:3]} {code[3:]}"


@dataclass
class SeatKeys:
    """The join code of each network seat of one table, and the tokens it has handed out."""

    codes: dict[int, str] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)

    def seat_for_code(self, code: str) -> int | None:
        for seat, known in self.codes.items():
            if secrets.compare_digest(known, code):
                return seat
        return None

    def seat_for_token(self, token: str) -> int | None:
        for seat, known in self.tokens.items():
            if token and secrets.compare_digest(known, token):
                return seat
        return None

    def renew(self, seat: int, taken: set[str]) -> str:
        """A new code for ``seat``: the old one, and every token, no longer claim it."""
        self.codes[seat] = new_code(taken)
        self.tokens.pop(seat, None)
        return self.codes[seat]

    def to_json(self) -> dict[str, Any]:
        return {"codes": {str(k): v for k, v in self.codes.items()},
                "tokens": {str(k): v for k, v in self.tokens.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatKeys:
        return cls({int(k): str(v) for k, v in dict(data.get("codes", {})).items()},
                   {int(k): str(v) for k, v in dict(data.get("tokens", {})).items()})
