"""Finishing a half-typed move after the clock ran out (7 słów's hourglass).

The rulebook of 7 słów lets a word being written be finished after the sand has run out; a
half-typed line thrown away felt like a lost word. When the game allows it
(``GameRules.finish_typing_seconds``), the time-up move waits until every seat that was typing
has sent its line, or for the game's grace seconds; a seat whose turn passed with letters
still on its typing line is told they are there. Split from ``Session`` (which inherits it):
only a game with that grace uses it.
"""

from __future__ import annotations

from typing import Any

from braille_words.games.interface import TimerRequest
from braille_words.table.session_fields import SessionFields


class FinishTyping(SessionFields):
    """The grace for half-typed moves, mixed into ``Session`` (``self`` is the session)."""

    def _start_finishing(self, key: Any) -> bool:
        """The clock ran out while people were typing: let them finish, if the game allows.

        The rulebook of 7 słów lets a word being written be finished after the sand has run
        out; a half-typed line thrown away felt like a lost word. The time-up move waits until
        every typing seat has sent its line, or for the game's grace seconds."""
        grace = float(getattr(self.rules, "finish_typing_seconds", 0.0) or 0.0)
        if grace <= 0 or self._finishing or self.clock is None:
            return False
        typing = frozenset(seat for seat in self.state.awaiting if self._is_typing(seat))
        if not typing:
            return False
        self._finishing = typing
        self.clock.sync(TimerRequest(("finish", key), grace, warning_at=min(5.0, grace / 2)))
        seconds = round(grace)
        for seat, news in enumerate(self.news):
            if seat in typing:
                news.tell("finish_typing", cue="warning", urgent=True, seconds=seconds)
            elif self._speaks(seat):
                names = [self.seats[s].name for s in sorted(typing)]
                news.tell("others_finishing", public=True, urgent=True, names=names,
                          seconds=seconds)
        return True

    def _is_typing(self, seat: int) -> bool:
        """Whether a person at ``seat`` has a line half typed: on their display's Braille
        keyboard, or on the terminal keyboard while it types for them."""
        if not (0 <= seat < len(self.outputs) and self.seats[seat].is_human):
            return False
        if self.news[seat].typing():
            return True
        draft = self.keyboard_draft
        return draft is not None and self._keyboard_seat() == seat and bool(draft().strip())

    def _finish_typing_done(self) -> None:
        """Every seat that was finishing has sent its line (or left it): the round closes."""
        still = frozenset(
            seat for seat in self._finishing
            if seat in self.state.awaiting and self._is_typing(seat)
        )
        if still:
            self._finishing = still
            return
        self._finishing = frozenset()
        if self.clock is not None:
            self.clock.cancel()
        time_up = self.rules.time_up(self.state)
        if time_up is not None:
            self.play(*time_up, by="time")

    def _typed_left_over(self, were_awaited: frozenset[int]) -> None:
        """A seat whose turn passed (time ran out, the table decided) while letters waited on
        its typing line is told that they are still there, and are not sent to the new turn
        unless it sends them."""
        for seat in were_awaited:
            if seat in self.state.awaiting or not 0 <= seat < len(self.outputs):
                continue
            self.news[seat].typed_left_over()
