"""The computers at the table: who moves when, how long each pretends to think, and what
happens when one cannot move.

A computer moves when the rules await it and it is not already thinking; once after each move
every other computer may act out of turn (challenge a word, use an ability in its window).
With the table's clock running a computer thinks on a timer, so people can be faster; its
dice are the same on every replay. Split from ``Session`` (which inherits it): the turn loop
asks whose move it is, this answers for the seats no person sits at.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from braille_words.errors import BrailleWordsError
from braille_words.table.inputs import Input
from braille_words.table.session_fields import SessionFields


class ComputerSeats(SessionFields):
    """The computer players' moves, mixed into ``Session`` (``self`` is the session)."""

    def _computer_to_move(self) -> int | None:
        """A computer seat the game waits for and that is not already thinking."""
        if self._finishing or self._paused:
            # The clock has run out (only the people still typing may finish), or the
            # table is paused: a computer waits like everyone else.
            return None
        if self._readers_behind():
            return None  # a polite table: the reader reads the last move's news first
        for seat in sorted(self.state.awaiting):
            if not self.seats[seat].is_human and seat not in self._thinking:
                return int(seat)
        ruling = self.rules.table_must_decide(self.state)
        if ruling and not self.state.awaiting and not any(s.is_human for s in self.seats):
            return 0  # the table must decide and nobody but computers sits at it
        return None

    def _computer_reacts(self) -> bool:
        """Once after each move, every computer the game is not waiting for may act out of
        turn (challenge a word, use an ability in its window); True if one did."""
        if self._finishing or self._paused or self._reacted == self.moves_played:
            return False
        if self._readers_behind():
            return False  # asked again once the reader has read the move
        self._reacted = self.moves_played
        for seat, config in enumerate(self.seats):
            if config.is_human or seat in self.state.awaiting or seat in self._thinking:
                continue
            move = self.kit.computer.react(self.rules, self.state, seat, config.level,
                                           self._rng(seat))
            if move is not None and self.rules.may_act(self.state, seat, move):
                with contextlib.suppress(BrailleWordsError):
                    if self.play(seat, move, by=self._computer_by(seat)):
                        return True
        return False

    def _rng(self, seat: int) -> random.Random:
        """The computer's dice for this move, the same on every replay. Computers writing at
        the same time (7 słów) each get their own: with one seed for all they thought for the
        same time, and the first seat was always the fastest."""
        base = self.header.seed * 1_000_003 + self.moves_played
        together = [s for s in self.state.awaiting if not self.seats[s].is_human]
        return random.Random(base * 131 + seat + 1 if len(together) > 1 else base)

    def _computer_move(self, seat: int) -> None:
        level = self.seats[seat].level
        rng = self._rng(seat)
        computer = self.kit.computer
        together = sorted(
            s for s in self.state.awaiting
            if not self.seats[s].is_human and s not in self._thinking
        )
        rules, state, think = self.rules, self.state, self.think
        if not think and len(together) > 1:
            # No clock (a script): the one that would have thought least moves first.
            dice = {s: self._rng(s) for s in together}
            levels = {s: self.seats[s].level for s in together}

            def choose() -> tuple[int, Any, float]:
                plans = {s: computer.plan(rules, state, s, levels[s], dice[s]) for s in together}
                first = min(together, key=lambda s: (plans[s].think_seconds, s))
                return first, plans[first].move, 0.0
        elif think:
            def choose() -> tuple[int, Any, float]:
                planned = computer.plan(rules, state, seat, level, rng)
                return seat, planned.move, planned.think_seconds
        else:
            def choose() -> tuple[int, Any, float]:
                return seat, computer.choose_move(rules, state, seat, level, rng), 0.0
        elsewhere = self.think_elsewhere
        if elsewhere is None:
            self._computer_chose(*choose())
            return
        # The table's loop serves other tables too (the host's): the move is found on a
        # worker's thread, from the state as it is now, and comes back on the queue.
        thinking = set(together) if not think and len(together) > 1 else {seat}
        self._thinking.update(thinking)

        def job() -> None:
            try:
                found: tuple[int, Any, float] | BaseException = choose()
            except BaseException as exc:  # raised again on the table's own thread
                found = exc
            self.inputs.put(Input(seat, None, move=("planned", state, thinking, found)))

        elsewhere(job)

    def _computer_planned(self, state: Any, thinking: set[int],
                          found: tuple[int, Any, float] | BaseException) -> None:
        """A move found on a worker's thread (``think_elsewhere``): played as it would have
        been at once, if the game still stands where it was found and the computer still
        holds the seat; else forgotten, and the computer is asked again (a student whose
        computer came back meanwhile has been told it is their turn: the move is theirs)."""
        self._thinking.difference_update(thinking)
        if isinstance(found, BaseException):
            raise found
        if state is not self.state or self._finishing or self._paused:
            return
        if self.seats[found[0]].is_human:
            return
        self._computer_chose(*found)

    def _computer_chose(self, seat: int, move: Any, think_seconds: float) -> None:
        if think_seconds > 0:
            # Pretend to think on a timer so people at the table can be faster.
            self._thinking.add(seat)
            thought = Input(seat, None, move=("computer", (seat, self.moves_played), move))
            assert self.clock is not None
            self.clock.call_later(think_seconds, lambda: self.inputs.put(thought))
            return
        self._computer_play(seat, move)

    def _computer_by(self, seat: int) -> str:
        """The journal's mark of a computer's move at a student's seat while the student's
        computer is away ("away", ``journal.Entry.by``): the move itself says it was not the
        student's, nor the teacher's choice of a computer."""
        return "away" if seat in self._away_computer else ""

    def _computer_play(self, seat: int, move: Any) -> None:
        if not self.play(seat, move, by=self._computer_by(seat)):
            if self._quit:
                # The disk refused the move (``_not_saved``): the table stops, everyone told;
                # resume goes on once it can.
                return
            fallback = self.kit.computer.fallback_move(self.rules, self.state, seat)
            if fallback is None or not self.play(seat, fallback, by=self._computer_by(seat)):
                # A computer player must never stall the table.
                raise BrailleWordsError(
                    f"the computer player {self.seats[seat].name} has no legal move"
                )
