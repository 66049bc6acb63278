"""Pure protocol codecs: bytes in, packets out, and back; no I/O, no clock, no threads.

Each protocol module has encode functions, an incremental parser per direction (it takes
byte chunks of any size and skips garbage until the next valid packet) and a ``HostProtocol``
that turns the display's packets into identities, acknowledgements and key events. The
same modules serve the serial driver, the device emulators and the tests.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from braille_words.displays.events import KeyEvent


@dataclass(frozen=True, slots=True)
class Identity:
    """What a display told us about itself when probed."""

    model: str
    cells: int
    status_cells: int = 0


@dataclass(frozen=True, slots=True)
class Ack:
    """The display's answer to a written frame (HandyTech, Focus)."""

    ok: bool


@dataclass(frozen=True, slots=True)
class Resync:
    """The line carried bytes no display sends (noise, a torn packet): whatever key state was
    read before them is void. Key packets decoded from noise claim presses whose releases
    never come, because for the display those keys were never down."""


HostInput = KeyEvent | Identity | Ack | Resync


def key_changes(group: str, old: int, new: int, bits: int, first: int = 1) -> list[KeyEvent]:
    """Presses and releases between two bitmaps of a key group (bit i = key ``first + i``).

    Releases come before presses so that a new chord never seems to contain a key that was
    already let go of in the same packet.
    """
    events: list[KeyEvent] = []
    changed = old ^ new
    for i in range(bits):
        if changed >> i & 1 and not new >> i & 1:
            events.append(KeyEvent(group, first + i, False))
    for i in range(bits):
        if changed >> i & 1 and new >> i & 1:
            events.append(KeyEvent(group, first + i, True))
    return events


class HostProtocol(ABC):
    """The computer's side of one protocol: what to send, and what the answers mean."""

    name: str = ""
    baudrate: int = 19200
    parity: str = "N"  # pyserial's PARITY_* letters
    needs_ack: bool = False

    @property
    def bits_per_byte(self) -> int:
        """Bits one byte takes on the wire: start + 8 data + parity + stop."""
        return 10 + (0 if self.parity == "N" else 1)

    @abstractmethod
    def reset(self) -> None:
        """Forget the parse state and held keys (a fresh connection)."""

    @abstractmethod
    def probe_requests(self) -> list[bytes]:
        """Bytes that make a display say who it is."""

    @abstractmethod
    def feed(self, data: bytes) -> list[HostInput]:
        """Parse bytes from the display into identities, acknowledgements and key events."""

    @abstractmethod
    def encode_frame(self, text: bytes, status: bytes, previous: bytes | None) -> bytes:
        """The bytes that show ``status`` + ``text``; ``previous`` is what the display holds
        (the same concatenation) when known, so protocols that can may send only the change."""

    def resync(self) -> list[HostInput]:
        """The line went quiet after noise: forget every key the noise claimed is held and
        whatever partial packet it left behind; return ``Resync()`` and then what complete
        packets were still waiting behind it. The default forgets nothing (a protocol whose
        keys come as single presses and releases, HandyTech's, has no key state to clear).
        Noise that is exactly one well-formed key packet cannot be told from a key; the
        chord tracker's stale-key release stays the last guard for that."""
        return []

    def setup_requests(self) -> list[bytes]:
        """Bytes to send once the display has said who it is (settings it needs to be asked
        for, such as extra keys); called after every successful probe."""
        return []

    def goodbye(self) -> bytes:
        """Bytes to send before closing the port (empty when the protocol has none)."""
        return b""
