"""The one seam every Braille display sits behind.

The game layer only ever sees cells going out (bytes, ISO 11548-1 dot order) and
``DisplayCommand`` values coming back; which protocol, cable or daemon is underneath stays
here. Commands arrive on a background thread, so they are handed over by a queue (or a
callback the caller supplies) rather than returned from a read the game would block on.
"""

from __future__ import annotations

import queue
import threading

from braille_words.displays.events import CommandSink, DisplayCommand, KeyEvent, KeySink
from braille_words.displays.keymap import ChordTracker, KeyMap


class Display:
    """Base of every display: cell bookkeeping and command delivery.

    Subclasses implement ``_send`` (put the newest frame on the device) and feed raw key
    events to ``_key``. Commands go to ``on_command`` when given, else to ``self.commands``
    (a queue the game polls). Keys are also offered raw to ``on_key`` for diagnostics.
    """

    def __init__(
        self,
        cells: int,
        status_cells: int = 0,
        *,
        keymap: KeyMap | None = None,
        on_command: CommandSink | None = None,
        on_key: KeySink | None = None,
        name: str = "display",
        chords: ChordTracker | None = None,
    ) -> None:
        self.cells = cells
        self.status_cells = status_cells
        self.name = name
        self.commands: queue.Queue[DisplayCommand] = queue.Queue()
        self._on_command = on_command
        self._on_key = on_key
        self._keymap = keymap if keymap is not None else KeyMap({})
        self._chords = chords if chords is not None else ChordTracker(self._keymap)
        self._shown = bytes(cells)
        self._status = bytes(status_cells)
        self._lock = threading.RLock()

    @property
    def shown(self) -> bytes:
        """The text cells most recently asked for (what the player should be reading)."""
        return self._shown

    def write(self, cells: bytes) -> None:
        """Show ``cells`` (padded with blanks or cut to the display's width)."""
        frame = bytes(cells[: self.cells]).ljust(self.cells, b"\x00")
        with self._lock:
            self._shown = frame
            self._send()

    def write_status(self, cells: bytes) -> None:
        """Show ``cells`` in the status cells, if the display has any."""
        if self.status_cells == 0:
            return
        frame = bytes(cells[: self.status_cells]).ljust(self.status_cells, b"\x00")
        with self._lock:
            self._status = frame
            self._send()

    def close(self) -> None:
        """Release the device; the display cannot be used afterwards."""

    def __enter__(self) -> Display:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- for subclasses -------------------------------------------------------------------

    def _send(self) -> None:
        """Bring the device up to ``self._shown`` / ``self._status`` (called under the lock)."""

    def _key(self, event: KeyEvent) -> None:
        if self._on_key is not None:
            self._on_key(event)
        for command in self._chords.feed(event):
            self._emit(command)

    def _emit(self, command: DisplayCommand) -> None:
        if self._on_command is not None:
            self._on_command(command)
        else:
            self.commands.put(command)
