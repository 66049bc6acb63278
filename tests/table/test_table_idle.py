"""The table's queue says when the table is idle: a test waits for that instead of sleeping
until the table must have caught up (tests/table/test_reader_pace.py)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest

from braille_words.table.inputs import Input
from braille_words.table.table_queue import TableInputs


class _Loop:
    """A table loop in miniature: takes each item, carries it out (until told to go on),
    and when waiting for a reader looks at it every ``poll`` seconds."""

    def __init__(self, poll: float | None = None) -> None:
        self.inputs = TableInputs()
        self.poll = poll
        self.carrying = threading.Event()
        self.go_on = threading.Event()
        self.go_on.set()
        self.done: list[str | None] = []
        self.looks = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while True:
            try:
                item = self.inputs.next_for_loop(timeout=self.poll)
            except queue.Empty:
                self.looks += 1  # the readers looked at
                continue
            if item.line is None:
                return
            self.carrying.set()
            assert self.go_on.wait(10)
            self.done.append(item.line)


@pytest.fixture
def loop() -> Iterator[_Loop]:
    made = _Loop()
    made.thread.start()
    yield made
    made.go_on.set()
    made.inputs.put(Input(0, None))
    made.thread.join(5)


def test_the_table_is_idle_only_once_everything_queued_is_carried_out(loop: _Loop) -> None:
    assert loop.inputs.wait_idle(5)
    loop.go_on.clear()
    loop.inputs.put(Input(0, "dobierz"))
    assert loop.carrying.wait(5)
    # Taken off the queue but still being carried out: the queue is empty, the table busy.
    assert loop.inputs.empty()
    assert not loop.inputs.wait_idle(0.2)
    loop.inputs.put(Input(0, "pas"))
    loop.go_on.set()
    assert loop.inputs.wait_idle(5)
    assert loop.done == ["dobierz", "pas"]


def test_a_poked_table_is_idle_only_after_it_has_looked_at_its_readers() -> None:
    made = _Loop(poll=60.0)  # it would look again only in a minute
    made.thread.start()
    try:
        assert made.inputs.wait_idle(5)
        looks = made.looks
        made.inputs.poke()
        assert made.inputs.wait_idle(5)
        assert made.looks == looks + 1
    finally:
        made.inputs.put(Input(0, None))
        made.thread.join(5)


def test_a_poke_does_not_wake_a_table_that_waits_for_input_alone(loop: _Loop) -> None:
    assert loop.inputs.wait_idle(5)
    loop.inputs.poke()  # nothing to look at: still idle, and no reader's look is owed
    assert loop.inputs.wait_idle(0.5)
    assert loop.looks == 0
