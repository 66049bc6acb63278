"""Braille display drivers: pure protocol codecs, serial/BrlAPI/console displays, emulators.

The game layer needs only this::

    display = open_display("console:40" | "baum:/dev/ttyUSB0" | "brlapi" | "auto" | …,
                           on_command=callback)   # or read display.commands (a queue)
    display.write(cells)   # bytes, ISO 11548-1: dot 1 = bit 0 … dot 8 = bit 7
    display.close()

Commands are ``DisplayCommand(name, arg)`` with the names in ``COMMAND_NAMES``, plus
``display_disconnected`` / ``display_reconnected`` when a cable goes and comes back.
"""

from braille_words.displays.base import Display
from braille_words.displays.events import (
    COMMAND_NAMES,
    DISCONNECTED,
    RECONNECTED,
    DisplayCommand,
    KeyEvent,
    cells_to_unicode,
)
from braille_words.displays.spec import open_display, parse_display_spec

__all__ = [
    "COMMAND_NAMES",
    "DISCONNECTED",
    "RECONNECTED",
    "Display",
    "DisplayCommand",
    "KeyEvent",
    "cells_to_unicode",
    "open_display",
    "parse_display_spec",
]
