"""Baum's escape protocol (Baum Vario, HumanWare Brailliant BI, APH Orbit, NLS eReader).

Every packet is ``ESC code data…`` with an ESC inside the data sent twice. Host packets
carry no length (the display ends one at the next single ESC), so the parsers know the
lengths they can and otherwise end a packet at the next ESC or when told to ``flush`` after
the line went quiet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from braille_words.displays.codecs import HostInput, HostProtocol, Identity, Resync, key_changes

ESC = 0x1B

# Codes (the same byte means a request one way and its answer the other way).
CELLS = 0x01  # host: write cells; display: cell count
PROTOCOL_ONOFF = 0x15
KEYS_REQUEST = 0x08
DISPLAY_KEYS = 0x24
ROUTING_KEYS = 0x22
ROUTING_KEY = 0x27
KEYBOARD = 0x33
JOYSTICK = 0x34
POWER_DOWN = 0x17
ERROR = 0x40
IDENTITY = 0x84
SERIAL_NUMBER = 0x8A
MODULAR = 0x50

NOISE = -1  # not a code: the host parser's mark for bytes that were no packet

IDENTITY_LENGTH = 16
SERIAL_LENGTH = 8
JOYSTICK_KEYS = {"up": 0x01, "left": 0x02, "down": 0x04, "right": 0x08, "press": 0x10}


@dataclass(frozen=True, slots=True)
class Packet:
    code: int
    data: bytes


def escape(data: bytes) -> bytes:
    return data.replace(b"\x1b", b"\x1b\x1b")


def encode(code: int, data: bytes = b"") -> bytes:
    """One packet, escaped."""
    return bytes((ESC,)) + escape(bytes((code,)) + data)


def routing_bytes(cells: int) -> int:
    """Size of the routing-key bitmap: one bit a cell, and 5 bytes when that would be 3 or 4."""
    size = (cells + 7) // 8
    return 5 if size in (3, 4) else size


# -- host → display ---------------------------------------------------------------------------


def encode_write(cells: bytes) -> bytes:
    return encode(CELLS, cells)


PROBE = (encode(SERIAL_NUMBER), encode(IDENTITY), encode(CELLS, b"\x00"), encode(KEYS_REQUEST))


# -- display → host ---------------------------------------------------------------------------


def encode_cell_count(cells: int) -> bytes:
    return encode(CELLS, bytes((cells,)))


def encode_identity(model: str) -> bytes:
    return encode(IDENTITY, model.encode("ascii")[:IDENTITY_LENGTH].ljust(IDENTITY_LENGTH))


def encode_serial_number(serial: str) -> bytes:
    return encode(SERIAL_NUMBER, serial.encode("ascii")[:SERIAL_LENGTH].ljust(SERIAL_LENGTH))


def encode_routing(pressed: set[int] | frozenset[int], cells: int) -> bytes:
    bitmap = bytearray(routing_bytes(cells))
    for i in pressed:
        bitmap[i // 8] |= 1 << (i % 8)
    return encode(ROUTING_KEYS, bytes(bitmap))


def encode_display_keys(mask: int) -> bytes:
    return encode(DISPLAY_KEYS, bytes((mask & 0x3F,)))


def encode_keyboard(control: int, dots: int) -> bytes:
    return encode(KEYBOARD, bytes((control & 0xFF, dots & 0xFF)))


def encode_joystick(mask: int) -> bytes:
    return encode(JOYSTICK, bytes((mask & 0x1F,)))


# -- parsing ----------------------------------------------------------------------------------


class Parser:
    """Incremental packet splitter for either direction.

    ``length(code)`` gives the data length of a code when it is known (then the packet is
    returned as soon as it is complete) or None (then it ends at the next single ESC or at
    ``flush``). A known-length packet cut short by an ESC is dropped, or returned short when
    ``keep_short`` (the display side needs that: a too-short write asks for the cell count).
    With ``mark_noise`` a run of bytes that were no packet (stray bytes, a doubled ESC outside
    a packet, a packet cut short) is reported in its place as one ``Packet(NOISE, b"")``.
    """

    def __init__(
        self,
        length: Callable[[int], int | None],
        *,
        keep_short: bool = False,
        mark_noise: bool = False,
    ) -> None:
        self._length = length
        self._keep_short = keep_short
        self._mark_noise = mark_noise
        self._noisy = False  # the last thing reported was noise (report a run once)
        self._code: int | None = None  # code of the packet being read
        self._want: int | None = None
        self._data = bytearray()
        self._after_esc = False  # an ESC was seen and its meaning depends on the next byte
        self._in_packet = False

    def feed(self, chunk: bytes) -> list[Packet]:
        out: list[Packet] = []
        for byte in chunk:
            if self._after_esc:
                self._after_esc = False
                if self._in_packet and byte == ESC:
                    self._add(ESC, out)
                    continue
                if self._in_packet:
                    self._end(out, cut=True)
                if byte == ESC:
                    # A doubled ESC outside any packet: garbage, but the second ESC may
                    # begin the next packet (noise that ended on a lone ESC).
                    self._noise(out)
                    self._after_esc = True
                    continue
                self._start(byte, out)
            elif byte == ESC:
                self._after_esc = True
            elif self._in_packet:
                self._add(byte, out)
            else:
                self._noise(out)  # garbage between packets, skipped
        return out

    def resync(self) -> None:
        """Drop a half-read packet and a pending ESC: the line went quiet after noise."""
        self._after_esc = False
        self._in_packet = False
        self._code = None
        self._data.clear()

    def _noise(self, out: list[Packet]) -> None:
        if self._mark_noise and not self._noisy:
            out.append(Packet(NOISE, b""))
            self._noisy = True

    def flush(self) -> list[Packet]:
        """End a packet of unknown length (the line has gone quiet)."""
        out: list[Packet] = []
        if self._in_packet and (self._want is None or self._keep_short):
            self._end(out, cut=True)
        return out

    def _start(self, code: int, out: list[Packet]) -> None:
        self._code = code
        self._want = self._length(code)
        self._data.clear()
        self._in_packet = True
        if self._want == 0:
            self._end(out, cut=False)

    def _add(self, byte: int, out: list[Packet]) -> None:
        self._data.append(byte)
        if self._want is not None and len(self._data) >= self._want:
            self._end(out, cut=False)

    def _end(self, out: list[Packet], *, cut: bool) -> None:
        assert self._code is not None
        short = cut and self._want is not None and len(self._data) < self._want
        if not short or self._keep_short:
            out.append(Packet(self._code, bytes(self._data)))
            self._noisy = False
        else:
            self._noise(out)
        self._in_packet = False
        self._code = None
        self._data.clear()


def host_parser(cells: int) -> Parser:
    """Parser for what a display of ``cells`` cells sends."""
    lengths = {
        CELLS: 1,
        IDENTITY: IDENTITY_LENGTH,
        SERIAL_NUMBER: SERIAL_LENGTH,
        ERROR: 1,
        DISPLAY_KEYS: 1,
        ROUTING_KEYS: routing_bytes(cells),
        ROUTING_KEY: 1,
        KEYBOARD: 2,
        JOYSTICK: 1,
        POWER_DOWN: 1,
        PROTOCOL_ONOFF: 1,
    }
    return Parser(lengths.get, mark_noise=True)


def device_parser(cells: int) -> Parser:
    """Parser for what a host sends to a display of ``cells`` cells."""
    lengths = {
        CELLS: cells,
        IDENTITY: 0,
        SERIAL_NUMBER: 0,
        KEYS_REQUEST: 0,
        PROTOCOL_ONOFF: 1,
    }
    return Parser(lengths.get, keep_short=True)


class BaumHost(HostProtocol):
    """Host side: probes, writes whole frames (the protocol has no partial write), keys."""

    name = "baum"
    baudrate = 19200
    parity = "N"

    def __init__(self, cells: int = 40) -> None:
        self._default_cells = cells
        self.reset()

    def reset(self) -> None:
        self.cells = self._default_cells
        self._parser = host_parser(self.cells)
        self._model = ""
        self._display = 0
        self._routing = 0
        self._control = 0
        self._dots = 0
        self._joystick = 0
        self._routing_one = 0
        self._identified = False

    def _forget_keys(self) -> None:
        """Every key group back to "nothing held", as the display itself believes after
        noise: the next state packet it sends is then read against that."""
        self._display = self._routing = self._control = self._dots = 0
        self._joystick = self._routing_one = 0

    def resync(self) -> list[HostInput]:
        self._parser.resync()
        self._forget_keys()
        return [Resync()]

    def probe_requests(self) -> list[bytes]:
        return list(PROBE)

    def encode_frame(self, text: bytes, status: bytes, previous: bytes | None) -> bytes:
        return encode_write(status + text)

    def feed(self, data: bytes) -> list[HostInput]:
        out: list[HostInput] = []
        for packet in self._parser.feed(data):
            out.extend(self._interpret(packet))
        return out

    def _interpret(self, packet: Packet) -> list[HostInput]:
        code, data = packet.code, packet.data
        if code == NOISE:
            self._forget_keys()
            return [Resync()]
        if code == IDENTITY:
            self._model = data.decode("ascii", "replace").strip(" \x00")
            return []
        if code == CELLS and data:
            cells = data[0]
            if cells == 0 or self._identified:
                # Once the display has said its size, another "size" is noise: taken at its
                # word it would change the routing packets' length and make the keys unreadable.
                return []
            self._identified = True
            if cells != self.cells:
                self.cells = cells
                self._parser = host_parser(cells)
            return [Identity(self._model or f"Baum {cells}", cells)]
        if code == DISPLAY_KEYS:
            new = data[0] & 0x3F
            events = key_changes("display", self._display, new, 6)
            self._display = new
            return list(events)
        if code == ROUTING_KEYS:
            new = int.from_bytes(data, "little")
            events = key_changes("routing", self._routing, new, len(data) * 8, first=0)
            self._routing = new
            return [e for e in events if e.number < self.cells]
        if code == ROUTING_KEY:
            out = []
            if self._routing_one:
                out += key_changes("routing", 1, 0, 1, first=self._routing_one - 1)
            if data[0]:
                out += key_changes("routing", 0, 1, 1, first=data[0] - 1)
            self._routing_one = data[0]
            # A key past the last cell is noise, as in the bitmap above.
            return [e for e in out if e.number < self.cells]
        if code == KEYBOARD:
            control, dots = data[0], data[1]
            events = key_changes("space", self._control & 0x03, control & 0x03, 2)
            events += key_changes("keyboard", self._control >> 2 & 0x03, control >> 2 & 0x03, 2, 11)
            events += key_changes("function", self._control >> 4, control >> 4, 4)
            events += key_changes("dots", self._dots, dots, 8)
            self._control, self._dots = control, dots
            return list(events)
        if code == JOYSTICK:
            new = data[0] & 0x1F
            events = key_changes("joystick", self._joystick, new, 5)
            self._joystick = new
            return list(events)
        return []
