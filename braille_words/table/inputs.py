"""What arrives on a table's input queue: a line from a seat, the keyboard or the teacher, or
the table's own move (a clock running out, a computer's thought, a device's news)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

KEYBOARD = -1
"""Queue source for the shared keyboard: the line goes to the seat the game is waiting for."""
TABLE = -2
"""Queue source for the table itself (the clock running out)."""


@dataclass
class Input:
    """One line of input from ``seat`` (or ``KEYBOARD``); ``None`` marks the end of input.

    The table's own moves (time running out) come with ``move`` set instead of a line.
    """

    seat: int
    line: str | None
    move: Any = None
    at: float = field(default_factory=time.monotonic)
    """When it was typed: a line typed before a hand-over was asked for cannot confirm it."""
