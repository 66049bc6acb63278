"""A display reached through BRLTTY's BrlAPI: for players who already run BRLTTY (and for
displays on USB HID, which only BRLTTY drives).

BRLTTY keeps the device and its key bindings; we take over one tty's worth of the display,
write dots, and turn BRLTTY's commands (routing, window moves, typed keys) into ours. A
typed character (BRLTTY has already turned its dots into text with its own table) goes back
into dots through liblouis, so the game sees the same ``braille_chord`` as from a serial
display.
"""

from __future__ import annotations

import threading
from typing import Any

from braille_words.displays.base import Display
from braille_words.displays.events import (
    DISCONNECTED,
    RECONNECTED,
    CommandSink,
    DisplayCommand,
    KeySink,
)
from braille_words.errors import BrailleWordsError


def _brlapi() -> Any:
    try:
        import brlapi
    except ImportError as exc:
        raise BrailleWordsError(
            "BrlAPI (python3-brlapi) is not installed, so BRLTTY cannot be used; "
            "install it or choose a serial display."
        ) from exc
    return brlapi


def _command_table(brlapi: Any) -> dict[int, str]:
    names = {
        "FWINLT": "pan_left",
        "FWINRT": "pan_right",
        "FWINLTSKIP": "pan_left",
        "FWINRTSKIP": "pan_right",
        "LNUP": "line_up",
        "LNDN": "line_down",
        "WINUP": "line_up",
        "WINDN": "line_down",
        "PRDIFLN": "line_up",
        "NXDIFLN": "line_down",
        "TOP": "top",
        "TOP_LEFT": "top",
        "BOT": "bottom",
        "BOT_LEFT": "bottom",
        "HELP": "help",
        "LEARN": "help",
        "CSRJMP_VERT": "confirm",
        "BACK": "cancel",
        "HOME": "where",
        "INFO": "where",
        "SAY_LINE": "repeat",
        "REFRESH": "repeat",
        "MUTE": "stop_speech",
    }
    return {getattr(brlapi, f"KEY_CMD_{name}"): command for name, command in names.items()}


def _symbol_table(brlapi: Any) -> dict[int, str]:
    names = {
        "BACKSPACE": "backspace",
        "DELETE": "backspace",
        "LINEFEED": "enter",
        "ESCAPE": "cancel",
        "UP": "line_up",
        "DOWN": "line_down",
        "LEFT": "pan_left",
        "RIGHT": "pan_right",
        "HOME": "top",
        "END": "bottom",
        "TAB": "confirm",
        "F1": "help",
    }
    return {getattr(brlapi, f"KEY_SYM_{name}"): command for name, command in names.items()}


def char_dots(char: str) -> int:
    """The dots of one typed character in 8-dot computer Braille (liblouis)."""
    from braille_words.braille.translator import Mode, text_to_cells

    cells = text_to_cells(char, "pl", Mode.COMPUTER)
    return cells[0] if cells else 0


class BrlApiDisplay(Display):
    """The part of a BRLTTY display this program may use; ``host`` as ``"host:port"``."""

    def __init__(
        self,
        host: str | None = None,
        *,
        auth: str | None = None,
        on_command: CommandSink | None = None,
        on_key: KeySink | None = None,
        poll_ms: int = 100,
    ) -> None:
        self._brlapi = _brlapi()
        self._host = host
        self._auth = auth
        self._poll_ms = poll_ms
        self._commands = _command_table(self._brlapi)
        self._symbols = _symbol_table(self._brlapi)
        connection = self._connect()
        if connection is None:
            where = host or "this computer"
            raise BrailleWordsError(
                f"BRLTTY's BrlAPI did not answer on {where}. Is BRLTTY running with BrlAPI "
                "enabled, and may this user connect to it?"
            )
        self._connection: Any | None = connection
        width, height = connection.displaySize
        super().__init__(
            int(width) * max(1, int(height)),
            0,
            on_command=on_command,
            on_key=on_key,
            name=f"BrlAPI {connection.driverName.decode(errors='replace')}"
            if isinstance(connection.driverName, bytes)
            else f"BrlAPI {connection.driverName}",
        )
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._run, name="display-brlapi", daemon=True)
        self._thread.start()

    def _connect(self) -> Any | None:
        brlapi = self._brlapi
        args: list[bytes | None] = [
            self._host.encode() if self._host else None,
            self._auth.encode() if self._auth else None,
        ]
        try:
            connection = brlapi.Connection(*args)
        except (brlapi.ConnectionError, OSError):
            return None
        try:
            connection.enterTtyMode()
        except brlapi.OperationError:
            try:
                connection.enterTtyModeWithPath([])  # not on a console: the root window
            except brlapi.OperationError:
                connection.closeConnection()
                return None
        return connection

    def _send(self) -> None:
        connection = self._connection
        if connection is None:
            return  # written on reconnect
        try:
            connection.writeDots(bytes(self._shown))
        except (self._brlapi.ConnectionError, self._brlapi.OperationError, OSError):
            self._lost()

    def close(self) -> None:
        self._closed.set()
        self._thread.join(timeout=2.0)
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.leaveTtyMode()
                connection.closeConnection()
            except (self._brlapi.ConnectionError, self._brlapi.OperationError, OSError):
                pass

    def _lost(self) -> None:
        with self._lock:
            if self._connection is None:
                return
            self._connection = None
        self._emit(DisplayCommand(DISCONNECTED))

    def _run(self) -> None:
        brlapi = self._brlapi
        while not self._closed.is_set():
            connection = self._connection
            if connection is None:
                if self._closed.wait(0.5):
                    return
                connection = self._connect()
                if connection is not None:
                    with self._lock:
                        self._connection = connection
                        self._send()
                    self._emit(DisplayCommand(RECONNECTED))
                continue
            try:
                code = connection.readKeyWithTimeout(self._poll_ms)
            except (brlapi.ConnectionError, brlapi.OperationError, OSError):
                self._lost()
                continue
            if code is not None:
                command = self.translate(code)
                if command is not None:
                    self._emit(command)

    def translate(self, code: int) -> DisplayCommand | None:
        """BRLTTY's key code → our command (None for what the game has no use for)."""
        brlapi = self._brlapi
        key = brlapi.expandKeyCode(code)
        kind, command, argument = key["type"], key["command"], key["argument"]
        if kind == brlapi.KEY_TYPE_CMD:
            if command == brlapi.KEY_CMD_ROUTE:
                return DisplayCommand("route", int(argument))
            if command == brlapi.KEY_CMD_PASSDOTS:
                dots = int(argument) & 0xFF
                return DisplayCommand("braille_chord", dots) if dots else DisplayCommand("space")
            name = self._commands.get(command)
            return DisplayCommand(name) if name else None
        symbol = code & brlapi.KEY_CODE_MASK
        if symbol in self._symbols:
            return DisplayCommand(self._symbols[symbol])
        char = symbol & 0xFFFFFF if symbol & brlapi.KEY_SYM_UNICODE else symbol
        if char == 0x20:
            return DisplayCommand("space")
        if char in (0x08, 0x7F):
            return DisplayCommand("backspace")
        if char in (0x0A, 0x0D):
            return DisplayCommand("enter")
        if 0x20 < char < 0x110000:
            return DisplayCommand("braille_chord", char_dots(chr(char)))
        return None
