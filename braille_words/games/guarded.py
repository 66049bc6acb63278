"""A computer player that can never end a game: every game's computer as the table gets it.

A computer's search and a hint are the largest pieces of code a player cannot see, and the
ones fed the widest inputs (a rack of every tile, a table no test laid out). Whatever they
raise, the game must go on: a computer whose search failed plays the game's always-legal
move (a draw, a pass), a hint that failed is the game's "I see no good move", and an
out-of-turn reaction that failed is no reaction. The table then says that move as it says
any other, in each seat's language. The error itself is logged (``logging``, silent unless
someone configures it), never shown to a player as a traceback.

The registry wraps each game's computer in this when the game is loaded, so every table
(this computer's, a network host's, the teacher's page) asks the guarded one.
"""

from __future__ import annotations

import random
from typing import Any

from braille_words.games.kit import ComputerPlayer, Plan


class GuardedComputer(ComputerPlayer[Any, Any, Any]):
    """``inner`` with every call's unexpected error turned into the game's safe answer."""

    def __init__(self, inner: ComputerPlayer[Any, Any, Any]) -> None:
        self.inner = inner
        self.levels = inner.levels

    def _failed(self, what: str, seat: int) -> None:
        import logging  # only when a computer fails: the module is 100 KB of a game's memory

        logging.getLogger("braille_words.computer").info(
            "the computer's %s for seat %d failed; the game goes on", what, seat, exc_info=True)

    def choose_move(
        self, rules: Any, state: Any, seat: int, level: str, rng: random.Random
    ) -> Any:
        try:
            return self.inner.choose_move(rules, state, seat, level, rng)
        except Exception:
            self._failed("move", seat)
            move = self.fallback_move(rules, state, seat)
            if move is None:  # the game has no always-legal move: nothing better to do
                raise
            return move

    def plan(self, rules: Any, state: Any, seat: int, level: str, rng: random.Random) -> Plan[Any]:
        try:
            return self.inner.plan(rules, state, seat, level, rng)
        except Exception:
            self._failed("move", seat)
            move = self.fallback_move(rules, state, seat)
            if move is None:
                raise
            return Plan(move)

    def react(
        self, rules: Any, state: Any, seat: int, level: str, rng: random.Random
    ) -> Any | None:
        try:
            return self.inner.react(rules, state, seat, level, rng)
        except Exception:
            self._failed("reaction", seat)
            return None

    def hint(self, rules: Any, state: Any, seat: int) -> Any | None:
        try:
            return self.inner.hint(rules, state, seat)
        except Exception:
            self._failed("hint", seat)
            return None

    def fallback_move(self, rules: Any, state: Any, seat: int) -> Any | None:
        try:
            return self.inner.fallback_move(rules, state, seat)
        except Exception:
            self._failed("safe move", seat)
            return None
