"""The values that cross the display seam: key events in, commands out.

Kept apart from the drivers so that key maps, codecs and the game can share them without
importing any transport.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: Names the game layer binds; anything a key map produces is one of these.
COMMAND_NAMES: frozenset[str] = frozenset(
    {
        "route",
        "pan_left",
        "pan_right",
        "line_up",
        "line_down",
        "top",
        "bottom",
        "confirm",
        "cancel",
        "help",
        "repeat",
        "where",
        "stop_speech",
        "braille_chord",
        "space",
        "backspace",
        "enter",
        # Boards (a 2-D grid of squares): move the cursor, read, and jump between lines.
        "row_up",
        "row_down",
        "column_left",
        "column_right",
        "read_row",
        "read_column",
        "read_square",
        "next_word",
        "next_anchor",
        "jump_rack",
        "jump_board",
        "jump_table",
        "jump_messages",
    }
)

#: Status commands the driver itself emits so the game can tell the player about the cable.
DISCONNECTED = "display_disconnected"
RECONNECTED = "display_reconnected"


@dataclass(frozen=True, slots=True)
class KeyEvent:
    """One key going down or up, in words every protocol shares (BRLTTY's key groups)."""

    group: str
    number: int
    pressed: bool

    @property
    def name(self) -> str:
        """The key's name as the profiles spell it, e.g. ``display.1`` or ``routing.7``."""
        return f"{self.group}.{self.number}"


@dataclass(frozen=True, slots=True)
class DisplayCommand:
    """What a player asked for with the display's keys (or a cable status change)."""

    name: str
    arg: int | None = None


CommandSink = Callable[[DisplayCommand], None]
KeySink = Callable[[KeyEvent], None]


def cells_to_unicode(cells: bytes) -> str:
    """Cells as Unicode Braille, for showing them on a screen or in a log."""
    return "".join(chr(0x2800 + b) for b in cells)
