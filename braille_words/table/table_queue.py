"""The table's queue: everything that reaches the game loop, in one order.

Typed and brailled lines (each seat's ``submit``), the teacher's controls, a countdown run
out, a computer's thought-out move, a device come or gone and work another thread hands over
(``call_soon``) all arrive on ``Session.inputs`` as ``Input`` items; here each is carried out
on the loop's own thread, so a move is applied, journaled and announced in one place. Split
from ``Session`` (which inherits it): the turn loop decides what comes next, this takes it in.
"""

from __future__ import annotations

import contextlib
import queue
from collections.abc import Callable

from braille_words.errors import BrailleWordsError
from braille_words.table.control import Control
from braille_words.table.inputs import TABLE, Input
from braille_words.table.session_fields import SessionFields
from braille_words.table.vocabulary import clean_line


class TableQueue(SessionFields):
    """The session's input queue and what each kind of item does, mixed into ``Session``."""

    def call_soon(self, action: Callable[[], None]) -> None:
        """Run ``action`` on the table's own thread, between two inputs: a network seat
        joining or leaving changes outputs the table is using."""
        self.inputs.put(Input(TABLE, None, move=("call", action)))

    def _submitter(self, seat: int) -> Callable[[str], None]:
        def submit(line: str) -> None:
            self.inputs.put(Input(seat, line))

        return submit

    def _process(self, item: Input) -> bool:
        """One item of the queue; False when input has ended."""
        if isinstance(item.move, Control):
            self._control(item.move)
        elif item.move is not None:
            self._table_move(item)
        elif item.line is None:
            return False
        else:
            if self.echo is not None:
                typed = clean_line(item.line).strip()
                secret = (
                    bool(typed)
                    and self.private_entry(item.seat)
                    and not self._is_reading(item.line)
                )
                self.echo("***" if secret else typed)
            self.handle(item.seat, item.line, at=item.at)
        return True

    def pump(self) -> None:
        """Carry out whatever waits on the queue now, without waiting for more (a test, or a
        caller driving the table step by step)."""
        try:
            while True:
                try:
                    item = self.inputs.get_nowait()
                except queue.Empty:
                    return
                if not self._process(item):
                    return
        finally:
            self._written()  # the table waits now, as after ``run``'s every line

    def _table_move(self, item: Input) -> None:
        """Time ran out: apply the game's time-up move if that countdown is still the one."""
        if isinstance(item.move, tuple) and item.move and item.move[0] == "device":
            _, seat, status = item.move
            self._device(seat, status)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "seat_clock":
            self._seat_clock_out(item.move[1])
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "call":
            item.move[1]()  # work another thread hands to the table's (``call_soon``)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "computer":
            _, (seat, _key), move = item.move
            self._thinking.discard(seat)
            if seat in self.state.awaiting and not self._finishing and not self._paused:
                # (Paused meanwhile: it is asked again when the table goes on.)
                # (Once the sand has run out, only a word already being typed may come in.)
                # If the game moved on while it thought, it will be asked again.
                with contextlib.suppress(BrailleWordsError):
                    self._computer_play(seat, move)
            return
        if self.clock is None or self.clock.running is None or self.clock.running.key != item.move:
            return  # a stale countdown: the game moved on before it ran out
        if self._start_finishing(item.move):
            return
        self._finishing = frozenset()
        self.clock.cancel()
        time_up = self.rules.time_up(self.state)
        if time_up is not None:
            self.play(*time_up, urgent=True)
