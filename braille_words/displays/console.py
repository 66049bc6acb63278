"""The cells shown as Unicode Braille on a text stream: the default display for ``play``.

Sighted players and teachers see what the Braille reader feels; a player without a display
can read the line with a screen reader's Braille support. On a terminal the line is redrawn
in place; on anything else (a file, a pipe, a web page the table feeds) each new frame is
one printed line, so the stream doubles as a log.
"""

from __future__ import annotations

import sys
from typing import TextIO

from braille_words.displays.base import Display
from braille_words.displays.events import CommandSink, KeySink, cells_to_unicode


class ConsoleDisplay(Display):
    """A display of ``cells`` cells drawn on ``stream`` (stdout by default)."""

    def __init__(
        self,
        cells: int = 40,
        *,
        stream: TextIO | None = None,
        on_command: CommandSink | None = None,
        on_key: KeySink | None = None,
    ) -> None:
        super().__init__(cells, 0, on_command=on_command, on_key=on_key, name="console")
        self.stream = stream if stream is not None else sys.stdout
        self._drawn: bytes | None = None

    def _interactive(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty is not None and isatty())

    def _send(self) -> None:
        if self._shown == self._drawn:
            return
        self._drawn = self._shown
        line = cells_to_unicode(self._shown)
        if self._interactive():
            self.stream.write(f"\r{line}\x1b[K")
        else:
            self.stream.write(f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        if self._drawn is not None and self._interactive():
            self.stream.write("\n")
            self.stream.flush()


class NoDisplay(Display):
    """No display at all (audio-only players): frames are kept, nothing is shown."""

    def __init__(self, cells: int = 40) -> None:
        super().__init__(cells, 0, name="none")
