"""Freedom Scientific's protocol (Focus, PAC Mate): 57600 baud, 8N1, checksummed packets.

A packet is ``type arg1 arg2 arg3``; when bit 7 of the type is set, ``arg1`` payload bytes
and a checksum follow (all bytes sum to 0 mod 256). Writes name a start cell and a count,
so only the changed stretch of a line is sent; every write is acknowledged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from braille_words.displays.codecs import Ack, HostInput, HostProtocol, Identity, key_changes

QUERY = 0x00
ACK = 0x01
NAK = 0x02
KEY = 0x03
BUTTON = 0x04
INFO = 0x80
WRITE = 0x81
PAYLOAD = 0x80

MANUFACTURER_LENGTH = 24
MODEL_LENGTH = 16
FIRMWARE_LENGTH = 8

# Bit ranges of the 24-bit key bitmap: group → (first bit, count). BRLTTY names these bits
# Dot1–Dot8, Left/RightNavPress, Left/RightShift, PanLeft/Right, Space, Left/RightSelector.
# (Rolling a nav wheel or rocker comes in packets of another type, not handled here.)
KEY_GROUPS: dict[str, tuple[int, int]] = {
    "dots": (0, 8),
    "wheel": (8, 2),  # left, right nav control pressed
    "shift": (10, 2),
    "pan": (12, 2),  # left, right advance bars
    "space": (15, 1),
    "selector": (16, 2),  # left, right (GDF keys on older models)
}


@dataclass(frozen=True, slots=True)
class Packet:
    type: int
    arg1: int
    arg2: int
    arg3: int
    payload: bytes = b""


def encode(type_: int, arg1: int = 0, arg2: int = 0, arg3: int = 0, payload: bytes = b"") -> bytes:
    """One packet; a payload packet carries len(payload) in arg1 and a checksum."""
    if type_ & PAYLOAD:
        head = bytes((type_, len(payload), arg2 & 0xFF, arg3 & 0xFF)) + payload
        return head + bytes(((-sum(head)) & 0xFF,))
    return bytes((type_, arg1 & 0xFF, arg2 & 0xFF, arg3 & 0xFF))


def encode_write(cells: bytes, start: int = 0) -> bytes:
    return encode(WRITE, arg2=start, payload=cells)


def encode_info(
    model: str, manufacturer: str = "Freedom Scientific", firmware: str = "1.0"
) -> bytes:
    def field(text: str, size: int) -> bytes:
        return text.encode("ascii")[:size].ljust(size, b"\x00")

    payload = (
        field(manufacturer, MANUFACTURER_LENGTH)
        + field(model, MODEL_LENGTH)
        + field(firmware, FIRMWARE_LENGTH)
    )
    return encode(INFO, payload=payload)


def encode_keys(bitmap: int) -> bytes:
    return encode(KEY, bitmap & 0xFF, bitmap >> 8 & 0xFF, bitmap >> 16 & 0xFF)


def encode_button(number: int, pressed: bool, row: int = 0) -> bytes:
    return encode(BUTTON, number, int(pressed), row)


def key_bit(group: str, number: int) -> int:
    """Bit of a key in the bitmap (KeyError for a key the bitmap has no bit for)."""
    first, count = KEY_GROUPS[group]
    if not 1 <= number <= count:
        raise KeyError(f"a Focus display has no key {group}.{number}")
    return first + number - 1


class Parser:
    """Incremental parser for either direction: a header must have a known type (and a
    payload packet a right checksum), else one byte is skipped and the search goes on."""

    def __init__(self, types: frozenset[int]) -> None:
        self._types = types
        self._buf = bytearray()

    def feed(self, chunk: bytes) -> list[Packet]:
        self._buf += chunk
        out: list[Packet] = []
        buf = self._buf
        while len(buf) >= 4:
            kind = buf[0]
            if kind not in self._types:
                del buf[:1]
                continue
            if not kind & PAYLOAD:
                out.append(Packet(kind, buf[1], buf[2], buf[3]))
                del buf[:4]
                continue
            size = 4 + buf[1] + 1
            if len(buf) < size:
                break
            if sum(buf[:size]) & 0xFF:
                del buf[:1]
                continue
            out.append(Packet(kind, buf[1], buf[2], buf[3], bytes(buf[4 : size - 1])))
            del buf[:size]
        return out


def host_parser() -> Parser:
    """For what a display sends."""
    return Parser(frozenset({INFO, ACK, NAK, KEY, BUTTON}))


#: Types a host may send: the query, writes, and settings we need not understand but must
#: step over whole (BRLTTY sends ``08 7F 00 00``).
HOST_TYPES = frozenset({QUERY, WRITE, *range(0x05, 0x10)})


def device_parser() -> Parser:
    """For what a host sends."""
    return Parser(HOST_TYPES)


def cells_from_model(model: str) -> int | None:
    found = re.search(r"(\d+)", model)
    return int(found.group(1)) if found else None


class FocusHost(HostProtocol):
    name = "focus"
    baudrate = 57600
    parity = "N"
    needs_ack = True

    def __init__(self, cells: int = 40) -> None:
        self._default_cells = cells
        self.reset()

    def reset(self) -> None:
        self._parser = host_parser()
        self.cells = self._default_cells
        self._keys = 0

    def probe_requests(self) -> list[bytes]:
        return [encode(QUERY)]

    def encode_frame(self, text: bytes, status: bytes, previous: bytes | None) -> bytes:
        frame = status + text
        if previous is None or len(previous) != len(frame):
            return encode_write(frame, 0)
        changed = [i for i, (a, b) in enumerate(zip(previous, frame, strict=True)) if a != b]
        if not changed:
            return encode_write(frame, 0)
        first, last = changed[0], changed[-1]
        return encode_write(frame[first : last + 1], first)

    def feed(self, data: bytes) -> list[HostInput]:
        out: list[HostInput] = []
        for packet in self._parser.feed(data):
            if packet.type == INFO:
                model_field = packet.payload[
                    MANUFACTURER_LENGTH : MANUFACTURER_LENGTH + MODEL_LENGTH
                ]
                model = model_field.split(b"\x00")[0].decode("ascii", "replace").strip()
                cells = cells_from_model(model) or self._default_cells
                self.cells = cells
                out.append(Identity(model or "Freedom Scientific display", cells))
            elif packet.type in (ACK, NAK):
                out.append(Ack(packet.type == ACK))
            elif packet.type == KEY:
                new = packet.arg1 | packet.arg2 << 8 | packet.arg3 << 16
                for group, (first, count) in KEY_GROUPS.items():
                    out.extend(key_changes(group, self._keys >> first, new >> first, count))
                self._keys = new
            elif packet.type == BUTTON:
                group = "routing" if packet.arg3 == 0 else "navrow"
                if packet.arg1 < self.cells:
                    out.extend(
                        key_changes(
                            group,
                            0 if packet.arg2 & 1 else 1,
                            packet.arg2 & 1,
                            1,
                            first=packet.arg1,
                        )
                    )
        return out
