"""The device side of a display protocol on a pseudo-terminal, for tests and for trying
the game without hardware.

The emulator owns the pty master (raw mode) and keeps a slave descriptor open so the line
stays up while the host reopens it. The host is given a symlink, not the pty itself:
``unplug()`` closes the master (the host's reads fail as on a pulled cable) and ``replug()``
opens a fresh pty and points the same symlink at it, so a driver that reconnects by path
finds the display again, as it would after a USB re-plug with a stable udev name.
"""

from __future__ import annotations

import contextlib
import os
import select
import tempfile
import threading
import time
import tty
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from pathlib import Path

from braille_words.displays.keymap import Key, KeyMap

CellsSink = Callable[[bytes], None]


class Emulator(ABC):
    """A display of ``cells`` text cells speaking one protocol from the device side."""

    protocol_name = ""

    def __init__(
        self,
        cells: int = 40,
        *,
        model: str | None = None,
        keymap: KeyMap | None = None,
        on_cells: CellsSink | None = None,
    ) -> None:
        self.cells = cells
        self.model = model or self.default_model(cells)
        self.keymap = keymap
        self.on_cells = on_cells
        self.cells_shown = bytes(cells)
        self.frames_received = 0
        self.received = bytearray()  # every byte the host sent, for tests and logs
        self._master: int | None = None
        self._slave: int | None = None
        self.pty_path = ""
        self._dir = Path(tempfile.mkdtemp(prefix="bw-display-"))
        self.path = str(self._dir / self.protocol_name)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._write_lock = threading.Lock()
        self._frame_seen = threading.Condition()
        self._down: set[Key] = set()
        #: Seconds between key packets; real fingers are never simultaneous, and some hosts
        #: (BRLTTY) only look at the next packet when more input arrives.
        self.key_gap = 0.0

    # -- lifecycle ------------------------------------------------------------------------

    def start(self) -> str:
        """Open the pty, start answering, and return the path the host should open."""
        self._plug()
        self._thread = threading.Thread(target=self._run, name=f"emulator-{self.path}", daemon=True)
        self._thread.start()
        return self.path

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._unplug_fds()
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        with contextlib.suppress(OSError):
            self._dir.rmdir()

    def unplug(self) -> None:
        """Pull the cable: the host's next read or write fails."""
        self._unplug_fds()

    def replug(self) -> str:
        """Plug a display in again at the same path."""
        self._plug()
        return self.path

    def __enter__(self) -> Emulator:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _plug(self) -> None:
        self._unplug_fds()
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        os.set_blocking(master, False)  # a host that stops reading must not hang the device
        self.pty_path = os.ttyname(slave)
        self._reset_protocol()
        self._down.clear()
        link = self._dir / f".{self.protocol_name}.new"
        with contextlib.suppress(FileNotFoundError):
            link.unlink()
        link.symlink_to(self.pty_path)
        os.replace(link, self.path)
        self._master, self._slave = master, slave

    def _unplug_fds(self) -> None:
        with self._write_lock:
            master, slave = self._master, self._slave
            self._master = self._slave = None
        for fd in (master, slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)

    # -- the device loop ------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            master = self._master
            if master is None:
                self._stop.wait(0.02)
                continue
            try:
                ready, _, _ = select.select([master], [], [], 0.03)
            except (OSError, ValueError):
                continue  # unplugged while waiting
            if not ready:
                self._idle()
                continue
            try:
                data = os.read(master, 4096)
            except OSError:
                self._stop.wait(0.02)  # no host has the line open
                continue
            if data:
                self.received += data
                self._receive(data)

    def send(self, data: bytes, *, timeout: float = 2.0) -> None:
        """Bytes from the display to the host (dropped while unplugged). More than the pty
        holds at once goes out as the host reads; whatever a host that stopped reading has
        not taken within ``timeout`` seconds is dropped, so the device never hangs."""
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        with self._write_lock:
            while view and self._master is not None:
                try:
                    view = view[os.write(self._master, view) :]
                except BlockingIOError:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return
                    with contextlib.suppress(OSError, ValueError):
                        select.select([], [self._master], [], min(left, 0.05))
                except OSError:
                    return

    def _show(self, cells: bytes) -> None:
        with self._frame_seen:
            self.cells_shown = bytes(cells)
            self.frames_received += 1
            self._frame_seen.notify_all()
        if self.on_cells is not None:
            self.on_cells(self.cells_shown)

    def wait_for_cells(self, cells: bytes, timeout: float = 2.0) -> bool:
        """Wait until the display shows ``cells`` (padded); True when it did."""
        want = bytes(cells[: self.cells]).ljust(self.cells, b"\x00")
        with self._frame_seen:
            return self._frame_seen.wait_for(lambda: self.cells_shown == want, timeout)

    def wait_for_frames(self, count: int, timeout: float = 2.0) -> bool:
        with self._frame_seen:
            return self._frame_seen.wait_for(lambda: self.frames_received >= count, timeout)

    # -- keys -----------------------------------------------------------------------------

    def press_keys(self, *keys: Key) -> None:
        """Press the keys one after another, then let them go in reverse order."""
        packets: list[bytes] = []
        for key in keys:
            self._down.add(key)
            packets.append(self._key_packet(key, True))
        for key in reversed(keys):
            self._down.discard(key)
            packets.append(self._key_packet(key, False))
        for i, packet in enumerate(packets):
            if i and self.key_gap:
                time.sleep(self.key_gap)
            self.send(packet)

    def key_down(self, key: Key) -> None:
        """Press one key and hold it (for tests and benchmarks that time each edge)."""
        self._down.add(key)
        self.send(self._key_packet(key, True))

    def key_up(self, key: Key) -> None:
        self._down.discard(key)
        self.send(self._key_packet(key, False))

    def press_route(self, cell: int) -> None:
        self.press_keys(("routing", cell))

    def chord(self, dots: int | Iterable[int]) -> None:
        """Type a Braille chord: a dots bitmask (bit 0 = dot 1) or the dot numbers."""
        if isinstance(dots, int):
            numbers = [d for d in range(1, 9) if dots >> (d - 1) & 1]
        else:
            numbers = list(dots)
        self.press_keys(*self.dot_keys(numbers))

    def press_command(self, command: str) -> None:
        """Press the keys the key map binds to ``command``."""
        combo = self.keymap.keys_for(command) if self.keymap is not None else None
        if combo is None:
            raise KeyError(f"no key of this display gives {command!r}")
        self.press_keys(*sorted(combo))

    def dot_keys(self, dots: Iterable[int]) -> list[Key]:
        """The keys that type ``dots`` on this display's Braille keyboard."""
        return [("dots", d) for d in dots]

    # -- for each protocol ----------------------------------------------------------------

    @staticmethod
    def default_model(cells: int) -> str:
        return f"Display {cells}"

    @abstractmethod
    def _reset_protocol(self) -> None:
        """A fresh parser for a fresh connection."""

    @abstractmethod
    def _receive(self, data: bytes) -> None:
        """Bytes from the host: parse, show cells, answer."""

    def _idle(self) -> None:  # noqa: B027 - most protocols need nothing here
        """The line went quiet (lets length-less protocols end a packet)."""

    @abstractmethod
    def _key_packet(self, key: Key, pressed: bool) -> bytes:
        """The bytes that report ``key`` going down or up (``self._down`` is already updated)."""
