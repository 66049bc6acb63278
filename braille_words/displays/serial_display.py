"""A display on a serial line (real port, USB serial adapter, pseudo-terminal or pyserial URL).

One background thread reads the port, hands key events to the chord tracker and runs the
reconnect loop, so the game never blocks on the cable: a write while the display is away
only records the newest frame, which goes out as soon as the display is back. Frames are
sent only when they differ from what the display holds; with ACK flow control a frame
waits for the previous one's ACK (or a short timeout) and only the newest waiting frame
is kept.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable

import serial

from braille_words.displays.base import Display
from braille_words.displays.codecs import Ack, HostInput, HostProtocol, Identity, Resync
from braille_words.displays.events import (
    DISCONNECTED,
    RECONNECTED,
    CommandSink,
    DisplayCommand,
    KeyEvent,
    KeySink,
)
from braille_words.displays.keymap import STALE_KEY_AFTER, ChordTracker, KeyMap
from braille_words.errors import BrailleWordsError

StatusSink = Callable[[str], None]
Clock = Callable[[], float]



def open_port(url: str, protocol: HostProtocol, timeout: float = 0.05) -> serial.Serial:
    """Open ``url`` (a device path or a pyserial URL) with the protocol's line settings."""
    try:
        port = serial.serial_for_url(
            url,
            baudrate=protocol.baudrate,
            parity=protocol.parity,
            bytesize=serial.EIGHTBITS,
            stopbits=serial.STOPBITS_ONE,
            timeout=timeout,
            write_timeout=1.0,
        )
    except (serial.SerialException, OSError, ValueError) as exc:
        # Coded, so a Polish table says it in Polish (issue 33: the English sentence was
        # read out inside a Polish game); the system's own reason stays as it is.
        raise BrailleWordsError.coded("display_port_failed", url=url, error=str(exc)) from exc
    return port


def probe(
    port: serial.Serial, protocol: HostProtocol, *, timeout: float = 0.2, retries: int = 3
) -> Identity | None:
    """Ask the display who it is, ``retries`` times, waiting ``timeout`` seconds each time."""
    protocol.reset()
    for _ in range(retries):
        port.reset_input_buffer()
        for request in protocol.probe_requests():
            port.write(request)
        port.flush()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            data = port.read(max(1, port.in_waiting))
            for item in protocol.feed(data):
                if isinstance(item, Identity):
                    setup = protocol.setup_requests()
                    if setup:
                        port.write(b"".join(setup))
                        port.flush()
                    return item
    return None


class SerialDisplay(Display):
    """A display speaking ``protocol`` on ``url``; raises BrailleWordsError when none answers."""

    def __init__(
        self,
        url: str,
        protocol: HostProtocol,
        *,
        keymap: KeyMap | None = None,
        status_cells: int | None = None,
        on_command: CommandSink | None = None,
        on_key: KeySink | None = None,
        on_status: StatusSink | None = None,
        probe_timeout: float = 0.2,
        probe_retries: int = 3,
        ack_timeout: float = 0.2,
        reconnect_interval: float = 0.2,
        stale_key_after: float = STALE_KEY_AFTER,
        clock: Clock = time.monotonic,
    ) -> None:
        self.url = url
        self.protocol = protocol
        self._probe_timeout = probe_timeout
        self._probe_retries = probe_retries
        self._ack_timeout = ack_timeout
        self._reconnect_interval = reconnect_interval
        self._on_status = on_status
        port = open_port(url, protocol)
        try:
            identity = probe(port, protocol, timeout=probe_timeout, retries=probe_retries)
        except (serial.SerialException, OSError) as exc:
            port.close()
            raise BrailleWordsError(
                f"The Braille display at {url} stopped answering: {exc}."
            ) from exc
        if identity is None:
            port.close()
            raise BrailleWordsError(
                f"No {protocol.name} Braille display answered at {url}. Is it switched on, "
                "and is this the right protocol for it?"
            )
        self.identity = identity
        status = identity.status_cells if status_cells is None else status_cells
        super().__init__(
            identity.cells,
            status,
            keymap=keymap,
            on_command=on_command,
            on_key=on_key,
            name=identity.model,
            chords=ChordTracker(
                keymap if keymap is not None else KeyMap({}),
                stale_after=stale_key_after,
                clock=clock,
            ),
        )
        self._port: serial.Serial | None = port
        self._held: bytes | None = None  # what the device shows (status + text), None = unknown
        self._awaiting_ack = False
        self._ack_deadline = 0.0
        self._closed = threading.Event()
        self._noisy = False  # noise was read and the line has not gone quiet since
        self._io_lock = threading.Lock()
        self.frames_sent = 0
        self._thread = threading.Thread(target=self._run, name=f"display-{url}", daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        return self._port is not None

    def close(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        self._thread.join(timeout=2.0)
        with self._lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                bye = self.protocol.goodbye()
                if bye:
                    port.write(bye)
                    port.flush()
            except (serial.SerialException, OSError):
                pass
            port.close()

    # -- writing --------------------------------------------------------------------------

    def _send(self) -> None:
        port = self._port
        if port is None or self._closed.is_set():
            return  # the newest frame is in self._shown; it goes out on reconnect
        if self._awaiting_ack:
            return  # sent when the ACK comes
        frame = self._status + self._shown
        if frame == self._held:
            return
        data = self.protocol.encode_frame(self._shown, self._status, self._held)
        try:
            with self._io_lock:
                port.write(data)
        except (serial.SerialException, OSError):
            self._drop_port(port)
            return
        self._held = frame
        self.frames_sent += 1
        if self.protocol.needs_ack:
            self._awaiting_ack = True
            self._ack_deadline = time.monotonic() + self._ack_timeout

    # -- the reader thread ----------------------------------------------------------------

    def _run(self) -> None:
        while not self._closed.is_set():
            port = self._port
            if port is None:
                self._reconnect()
                continue
            try:
                data = port.read(max(1, port.in_waiting))
            except (serial.SerialException, OSError, TypeError):
                # TypeError: pyserial reading a port another thread just closed.
                self._drop_port(port)
                continue
            if data:
                for item in self.protocol.feed(data):
                    self._handle(item)
            elif self._noisy:
                # Quiet after noise: what it left half-read or "held" is void, at once,
                # not after the chord tracker's long stale-key release.
                self._noisy = False
                recovered = self.protocol.resync()
                self._chords.reset()
                for item in recovered:
                    self._handle(item)
            elif self._awaiting_ack and time.monotonic() > self._ack_deadline:
                with self._lock:
                    self._awaiting_ack = False  # assume it arrived, as BRLTTY does
                    self._send()

    def _handle(self, item: HostInput) -> None:
        if isinstance(item, KeyEvent):
            self._key(item)
        elif isinstance(item, Resync):
            # Keys "pressed" by noise are never released by the display; forget them
            # without firing, so the next real key is not taken as part of their chord.
            self._noisy = True
            self._chords.reset()
        elif isinstance(item, Ack):
            with self._lock:
                self._awaiting_ack = False
                if not item.ok:
                    self._held = None  # the display refused it: resend the whole frame
                self._send()

    def _drop_port(self, port: serial.Serial) -> None:
        with self._lock:
            if self._port is not port:
                return
            self._port = None
            self._held = None
            self._awaiting_ack = False
        with contextlib.suppress(serial.SerialException, OSError):
            port.close()
        self._chords.reset()
        self._status_event(DISCONNECTED)

    def _reconnect(self) -> None:
        if self._closed.wait(self._reconnect_interval):
            return
        try:
            port = open_port(self.url, self.protocol)
        except BrailleWordsError:
            return
        try:
            identity = probe(
                port, self.protocol, timeout=self._probe_timeout, retries=self._probe_retries
            )
        except (serial.SerialException, OSError):
            identity = None
        if identity is None or self._closed.is_set():
            port.close()
            return
        with self._lock:
            self._port = port
            self._held = None
            self._send()
        self._status_event(RECONNECTED)

    def _status_event(self, name: str) -> None:
        if self._on_status is not None:
            self._on_status(name)
        self._emit(DisplayCommand(name))
