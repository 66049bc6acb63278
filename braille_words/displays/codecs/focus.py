"""Freedom Scientific's protocol (Focus, PAC Mate): 57600 baud, 8N1, checksummed packets.

A packet is ``type arg1 arg2 arg3``; when bit 7 of the type is set, ``arg1`` payload bytes
and a checksum follow (all bytes sum to 0 mod 256). Writes name a start cell and a count,
so only the changed stretch of a line is sent; every write is acknowledged. Keys come as a
bitmap (KEY, and EXTKEY for the rockers once asked for), whiz wheel turns as click counts
(WHEEL), routing buttons one by one (BUTTON). First-generation models (Focus 44/70/84) take
their cells in another dot order; typed Braille is unaffected, as each Braille key has its
own bit whatever the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from braille_words.displays.codecs import (
    Ack,
    HostInput,
    HostProtocol,
    Identity,
    Resync,
    key_changes,
)
from braille_words.displays.events import KeyEvent

QUERY = 0x00
ACK = 0x01
NAK = 0x02
KEY = 0x03
BUTTON = 0x04
WHEEL = 0x05
CONFIG = 0x0F
INFO = 0x80
WRITE = 0x81
EXTKEY = 0x82
PAYLOAD = 0x80
NOISE = -1  # not a type: the host parser's mark for bytes that were no packet

#: CONFIG flag that makes a display send its rocker keys (in EXTKEY packets); displays with
#: firmware 3 or later understand it.
CONFIG_EXTKEY = 0x02

MANUFACTURER_LENGTH = 24
MODEL_LENGTH = 16
FIRMWARE_LENGTH = 8

# Bit ranges of the key bitmap: group → (first bit, count). Bits 0-23 come in KEY packets,
# bits 24-31 in the first payload byte of EXTKEY packets. BRLTTY's names for them: Dot1-Dot8,
# Left/RightWheelPress, Left/RightShift, PanLeft/Right (advance bars), Space,
# Left/RightSelector (GDF keys), Left/RightBumperUp/Down (the long panning bars of the 80s),
# Left/RightRockerUp/Down (the short rockers of the Focus 14/40 Blue).
KEY_GROUPS: dict[str, tuple[int, int]] = {
    "dots": (0, 8),
    "wheel": (8, 2),  # left, right whiz wheel pressed
    "shift": (10, 2),
    "pan": (12, 2),  # left, right advance bars
    "space": (15, 1),
    "selector": (16, 2),  # left, right (GDF keys)
    "bumper": (20, 4),  # left up, left down, right up, right down
    "rocker": (28, 4),  # left up, left down, right up, right down
}
KEY_BITS = 24  # in a KEY packet
EXTKEY_SHIFT = 24  # where an EXTKEY byte's bits sit in the whole bitmap

# A WHEEL packet's arg1: bits 3-5 say which wheel turned which way, bits 0-2 how many clicks.
# The turns are keys of their own, one press and release a click: group → number (1 = left,
# 2 = right) for each wheel code.
WHEEL_CODES: dict[int, tuple[str, int]] = {
    0: ("wheel_up", 1),
    1: ("wheel_down", 1),
    2: ("wheel_down", 2),
    3: ("wheel_up", 2),
}
WHEEL_CODE_OF = {key: code for code, key in WHEEL_CODES.items()}
WHEEL_MAX_CLICKS = 7

# First-generation Focus displays (44, 70 and 84 cells) wire the dots of a cell in another
# order: dot n is raised by bit OLD_DOT_BITS[n - 1] of the byte sent.
OLD_MODELS = frozenset({"Focus 44", "Focus 70", "Focus 84"})
OLD_DOT_BITS = (0x01, 0x02, 0x04, 0x10, 0x20, 0x40, 0x08, 0x80)


def _dot_table(bits: tuple[int, ...]) -> tuple[bytes, bytes]:
    to_wire = bytes(
        sum(bit for dot, bit in enumerate(bits) if cell >> dot & 1) for cell in range(256)
    )
    from_wire = bytearray(256)
    for cell, wire in enumerate(to_wire):
        from_wire[wire] = cell
    return to_wire, bytes(from_wire)


OLD_TO_WIRE, OLD_FROM_WIRE = _dot_table(OLD_DOT_BITS)


def uses_old_dots(model: str) -> bool:
    """Whether a display reporting ``model`` wants its cells in the first-generation order."""
    return model.strip() in OLD_MODELS


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


def encode_extkeys(bitmap: int) -> bytes:
    """The keys above bit 23 of ``bitmap`` (the rockers), as an EXTKEY packet."""
    return encode(EXTKEY, payload=bytes((bitmap >> EXTKEY_SHIFT & 0xFF, 0, 0, 0)))


def encode_wheel(group: str, number: int, clicks: int = 1) -> bytes:
    """A whiz wheel turned ``clicks`` clicks (1-7)."""
    code = WHEEL_CODE_OF[(group, number)]
    return encode(WHEEL, code << 3 | (clicks & WHEEL_MAX_CLICKS))


def firmware_major(firmware: str) -> int:
    """The leading number of a firmware version ("3.1" → 3), 0 when there is none."""
    found = re.match(r"\s*(\d+)", firmware)
    return int(found.group(1)) if found else 0


def key_bit(group: str, number: int) -> int:
    """Bit of a key in the bitmap (KeyError for a key the bitmap has no bit for)."""
    first, count = KEY_GROUPS[group]
    if not 1 <= number <= count:
        raise KeyError(f"a Focus display has no key {group}.{number}")
    return first + number - 1


class Parser:
    """Incremental parser for either direction: a header must have a known type (and a
    payload packet a right checksum), else one byte is skipped and the search goes on.
    With ``mark_noise`` each run of skipped bytes is reported as one ``Packet(NOISE, …)``."""

    def __init__(self, types: frozenset[int], *, mark_noise: bool = False) -> None:
        self._types = types
        self._buf = bytearray()
        self._mark_noise = mark_noise
        self._noisy = False

    def feed(self, chunk: bytes) -> list[Packet]:
        self._buf += chunk
        return self._scan()

    def resync(self) -> list[Packet]:
        """The line went quiet: a payload packet still waiting for its bytes never gets
        them (a display sends a packet at once), so its header was noise; skip it and
        read what stands behind it."""
        out: list[Packet] = []
        while self._buf:
            self._skip(out)
            out += self._scan()
        return out

    def _scan(self) -> list[Packet]:
        out: list[Packet] = []
        buf = self._buf
        while len(buf) >= 4:
            kind = buf[0]
            if kind not in self._types:
                self._skip(out)
                continue
            if not kind & PAYLOAD:
                out.append(Packet(kind, buf[1], buf[2], buf[3]))
                del buf[:4]
                self._noisy = False
                continue
            size = 4 + buf[1] + 1
            if len(buf) < size:
                break
            if sum(buf[:size]) & 0xFF:
                self._skip(out)
                continue
            out.append(Packet(kind, buf[1], buf[2], buf[3], bytes(buf[4 : size - 1])))
            del buf[:size]
            self._noisy = False
        return out

    def _skip(self, out: list[Packet]) -> None:
        del self._buf[:1]
        if self._mark_noise and not self._noisy:
            out.append(Packet(NOISE, 0, 0, 0))
            self._noisy = True


def host_parser() -> Parser:
    """For what a display sends."""
    return Parser(frozenset({INFO, ACK, NAK, KEY, BUTTON, WHEEL, EXTKEY}), mark_noise=True)


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
    """Host side. After the identity it may ask for the rocker keys (``setup_requests``); the
    acknowledgements of the query and of that request are its own, not a frame's, so they
    are not passed on. Cells go out in the display's own dot order."""

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
        self.model = ""
        self.firmware = ""
        self.old_dots = False
        self._keys = 0
        self._own_acks = 0  # acknowledgements still due for the query and the setup
        self._identified = False

    def resync(self) -> list[HostInput]:
        out: list[HostInput] = [Resync()]
        for packet in self._parser.resync():
            out.extend(self._interpret(packet))
        if self._keys:
            # A key read out of the half-read buffer and still down when the line is quiet
            # was noise (a real key pressed and let go gives both packets): forget it
            # without firing, or it would join every later chord.
            out.append(Resync())
            self._keys = 0
        return out

    def probe_requests(self) -> list[bytes]:
        return [encode(QUERY)]

    def setup_requests(self) -> list[bytes]:
        if not self.model.startswith("Focus") or firmware_major(self.firmware) < 3:
            return []
        self._own_acks += 1
        return [encode(CONFIG, CONFIG_EXTKEY)]

    def _wire(self, cells: bytes) -> bytes:
        return cells.translate(OLD_TO_WIRE) if self.old_dots else cells

    def encode_frame(self, text: bytes, status: bytes, previous: bytes | None) -> bytes:
        frame = status + text
        if previous is None or len(previous) != len(frame):
            return encode_write(self._wire(frame), 0)
        changed = [i for i, (a, b) in enumerate(zip(previous, frame, strict=True)) if a != b]
        if not changed:
            return encode_write(self._wire(frame), 0)
        first, last = changed[0], changed[-1]
        return encode_write(self._wire(frame[first : last + 1]), first)

    def feed(self, data: bytes) -> list[HostInput]:
        out: list[HostInput] = []
        for packet in self._parser.feed(data):
            out.extend(self._interpret(packet))
        return out

    def _interpret(self, packet: Packet) -> list[HostInput]:
        if packet.type == NOISE:
            # Key bitmaps read from noise claim keys the display never had down.
            self._keys = 0
            return [Resync()]
        if packet.type == INFO:
            if self._identified:
                return []  # a second identity is noise: it would change the cells and dots
            self._identified = True
            return [self._identity(packet.payload)]
        if packet.type in (ACK, NAK):
            if self._own_acks:
                self._own_acks -= 1
                return []
            return [Ack(packet.type == ACK)]
        if packet.type == KEY:
            return self._key_bits(packet.arg1 | packet.arg2 << 8 | packet.arg3 << 16, 0, KEY_BITS)
        if packet.type == EXTKEY and packet.payload:
            return self._key_bits(packet.payload[0] << EXTKEY_SHIFT, EXTKEY_SHIFT, 8)
        if packet.type == WHEEL:
            key = WHEEL_CODES.get(packet.arg1 >> 3 & 0x07)
            if key is None:
                return []
            group, number = key
            clicks = packet.arg1 & WHEEL_MAX_CLICKS
            return [KeyEvent(group, number, p) for _ in range(clicks) for p in (True, False)]
        if packet.type == BUTTON and packet.arg1 < self.cells:
            group = "routing" if packet.arg3 == 0 else "navrow"
            pressed = packet.arg2 & 1
            return list(key_changes(group, 1 - pressed, pressed, 1, first=packet.arg1))
        return []

    def _identity(self, payload: bytes) -> Identity:
        def text(start: int, size: int) -> str:
            raw = payload[start : start + size].split(b"\x00")[0]
            return raw.decode("ascii", "replace").strip()

        self.model = text(MANUFACTURER_LENGTH, MODEL_LENGTH)
        self.firmware = text(MANUFACTURER_LENGTH + MODEL_LENGTH, FIRMWARE_LENGTH)
        self.old_dots = uses_old_dots(self.model)
        self.cells = cells_from_model(self.model) or self._default_cells
        self._own_acks = 1  # the query's own acknowledgement follows the answer
        return Identity(self.model or "Freedom Scientific display", self.cells)

    def _key_bits(self, new: int, first_bit: int, count: int) -> list[HostInput]:
        """Key changes within bits ``first_bit`` … ``first_bit + count - 1`` of the bitmap."""
        span = ((1 << count) - 1) << first_bit
        new = (self._keys & ~span) | (new & span)
        out: list[HostInput] = []
        for group, (first, size) in KEY_GROUPS.items():
            if first_bit <= first < first_bit + count:
                out.extend(key_changes(group, self._keys >> first, new >> first, size))
        self._keys = new
        return out
