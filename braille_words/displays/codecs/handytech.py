"""HandyTech's protocol (19200 baud, 8 data bits, odd parity): old and extended forms.

The display identifies itself by a model byte, from which the cell count follows. A frame
is acknowledged before the next may be sent. Keys are single codes (bit 7 = release), bare
in the old protocol or wrapped in an extended packet ``79 model 02 04 code 16``. Besides the
Braille keys, space bars, rockers and routing keys there are the joystick (Actilino, Active
Star), the 16-key pad (Modular, Braille Star 80) and the Activator's centre keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from braille_words.displays.codecs import Ack, HostInput, HostProtocol, Identity
from braille_words.displays.events import KeyEvent

RESET = 0xFF
IDENTITY = 0xFE
WRITE = 0x01
ACK = 0x7E
NAK = 0x7D
EXTENDED = 0x79
EXTENDED_END = 0x16
EXT_WRITE = 0x01
EXT_KEY = 0x04
EXT_CONFIRM = 0x07
RELEASE = 0x80
# What a display sends in an extended packet is short: a key or a confirmation carries 2
# bytes, the few other replies (clock, settings) not many more. A longer "length" is a byte
# of noise or of a torn packet, and waiting for that many bytes would swallow the keys after it.
MAX_DISPLAY_PAYLOAD = 20
# Model byte of the Modular and Braille Star 80, the models with the 16-key pad (B9-B14 and
# digits), and of the Activator, the model with the centre keys.
PAD_MODELS = frozenset((0x78, 0x80, 0x88, 0x89))
CENTER_MODELS = frozenset((0xA4,))


@dataclass(frozen=True)
class Model:
    code: int
    name: str
    cells: int
    status_cells: int
    extended: bool

    @property
    def known(self) -> bool:
        """Whether the model is in the table (an unknown one may have any key)."""
        return MODELS.get(self.code) == self

    def has_code(self, code: int) -> bool:
        """Whether a key code (bit 7 aside) can come from this model.

        Codes of keys the model lacks are noise: read as keys pressed and never released
        they would join every later chord and leave the display deaf.
        """
        c = code & 0x7F
        if not self.known:
            return True
        if c in B_EXTRA_CODES or c in KEYPAD_CODES:
            return self.code in PAD_MODELS
        if c in CENTER_CODES:
            return self.code in CENTER_MODELS
        return True


MODELS: dict[int, Model] = {
    m.code: m
    for m in (
        Model(0x05, "Braille Wave 40", 40, 0, False),
        Model(0x54, "Active Braille 40", 40, 0, True),
        Model(0x72, "Braillino 20", 20, 0, True),
        Model(0x74, "Braille Star 40", 40, 0, True),
        Model(0x78, "Braille Star 80", 80, 0, True),
        Model(0x80, "Modular 20+4", 20, 4, False),
        Model(0x89, "Modular 40+4", 40, 4, False),
        Model(0x88, "Modular 80+4", 80, 4, False),
        Model(0x81, "Basic Braille 16", 16, 0, True),
        Model(0x82, "Basic Braille 20", 20, 0, True),
        Model(0x83, "Basic Braille 32", 32, 0, True),
        Model(0x84, "Basic Braille 40", 40, 0, True),
        Model(0x8A, "Basic Braille 48", 48, 0, True),
        Model(0x86, "Basic Braille 64", 64, 0, True),
        Model(0x87, "Basic Braille 80", 80, 0, True),
        Model(0x8B, "Basic Braille 160", 160, 0, True),
        Model(0x44, "Easy Braille", 40, 0, True),
        Model(0x55, "Connect Braille 40", 40, 0, True),
        # Models with a joystick (and the Activator with its centre keys).
        Model(0x61, "Actilino", 16, 0, True),
        Model(0x64, "Active Star 40", 40, 0, True),
        Model(0xA4, "Activator", 40, 0, True),
    )
}

# The Braille keys' codes and the dots they type (B4→1, B3→2, B2→3, B5→4, B6→5, B7→6, B1→7, B8→8).
B_KEYS = (0x03, 0x07, 0x0B, 0x0F, 0x13, 0x17, 0x1B, 0x1F)  # B1 … B8
B_DOTS = (7, 3, 2, 1, 4, 5, 6, 8)  # dot typed by B1 … B8
DOT_CODES = {dot: code for code, dot in zip(B_KEYS, B_DOTS, strict=True)}
SPACE_CODES = (0x10, 0x18)  # left, right
ROCKER_CODES = (0x0C, 0x14, 0x04, 0x08)  # left top, left bottom, right top, right bottom
ROUTING_BASE = 0x20
STATUS_BASE = 0x70
STATUS_KEYS = 4  # 0x70-0x73; the codes after them are the joystick's
# The joystick (Actilino, Active Star) sends left 74, right 75, up 76, down 77, action 78. Its
# keys are numbered as on Baum displays (1 up, 2 left, 3 down, 4 right, 5 press) so that one
# ``joystick.N`` means the same direction in every profile.
JOYSTICK_CODES = {0x76: 1, 0x74: 2, 0x77: 3, 0x75: 4, 0x78: 5}
# The 16-key pad of the Modular and the Braille Star 80: B9-B14 and the digits 0-9.
B_EXTRA_CODES = {0x12: 9, 0x02: 10, 0x11: 11, 0x01: 12, 0x09: 13, 0x0D: 14}
KEYPAD_CODES = {
    0x05: 0, 0x15: 1, 0x19: 2, 0x1D: 3, 0x06: 4,
    0x0A: 5, 0x0E: 6, 0x16: 7, 0x1A: 8, 0x1E: 9,
}  # fmt: skip
CENTER_CODES = {0x7A: 1, 0x7B: 2}  # Activator: left and right centre keys
# Code-to-key tables for the groups whose codes are scattered, and back.
_SCATTERED: dict[str, dict[int, int]] = {
    "joystick": JOYSTICK_CODES,
    "b": B_EXTRA_CODES,
    "keypad": KEYPAD_CODES,
    "center": CENTER_CODES,
}
_CODE_OF: dict[tuple[str, int], int] = {
    (group, number): code for group, table in _SCATTERED.items() for code, number in table.items()
}


def model_for_cells(cells: int) -> Model:
    """The model an emulator of ``cells`` cells pretends to be."""
    for code in (0x54, 0x72, 0x78, 0x81, 0x83):
        if MODELS[code].cells == cells:
            return MODELS[code]
    raise ValueError(f"no HandyTech model has {cells} cells")


def key_code(group: str, number: int) -> int:
    """The code of a key (raises KeyError for a key HandyTech displays do not have)."""
    if group == "routing" and 0 <= number < STATUS_BASE - ROUTING_BASE:
        return ROUTING_BASE + number
    if group == "status" and 0 <= number < STATUS_KEYS:
        return STATUS_BASE + number
    if group == "dots":
        return DOT_CODES[number]
    if group == "space" and number in (1, 2):
        return SPACE_CODES[number - 1]
    if group == "rocker" and 1 <= number <= 4:
        return ROCKER_CODES[number - 1]
    code = _CODE_OF.get((group, number))
    if code is not None:
        return code
    raise KeyError(f"a HandyTech display has no key {group}.{number}")


def key_event(code: int, cells: int) -> KeyEvent | None:
    """The key a code means, or None for a code no key has."""
    pressed = not code & RELEASE
    c = code & 0x7F
    if ROUTING_BASE <= c < ROUTING_BASE + cells and c < STATUS_BASE:
        return KeyEvent("routing", c - ROUTING_BASE, pressed)
    if STATUS_BASE <= c < STATUS_BASE + STATUS_KEYS:
        return KeyEvent("status", c - STATUS_BASE, pressed)
    if c in B_KEYS:
        return KeyEvent("dots", B_DOTS[B_KEYS.index(c)], pressed)
    if c in SPACE_CODES:
        return KeyEvent("space", SPACE_CODES.index(c) + 1, pressed)
    if c in ROCKER_CODES:
        return KeyEvent("rocker", ROCKER_CODES.index(c) + 1, pressed)
    for group, table in _SCATTERED.items():
        if c in table:
            return KeyEvent(group, table[c], pressed)
    return None


# -- encoding -------------------------------------------------------------------------------


def encode_extended(model: int, payload: bytes) -> bytes:
    return bytes((EXTENDED, model, len(payload))) + payload + bytes((EXTENDED_END,))


def encode_write(cells: bytes, model: int | None = None) -> bytes:
    """A frame (status cells first); extended when ``model`` is given."""
    if model is None:
        return bytes((WRITE,)) + cells
    return encode_extended(model, bytes((EXT_WRITE,)) + cells)


def encode_identity(model: int) -> bytes:
    return bytes((IDENTITY, model))


def encode_ack(model: int | None = None, ok: bool = True) -> bytes:
    answer = ACK if ok else NAK
    if model is None:
        return bytes((answer,))
    return encode_extended(model, bytes((EXT_CONFIRM, answer)))


def encode_key(code: int, pressed: bool, model: int | None = None) -> bytes:
    value = code if pressed else code | RELEASE
    if model is None:
        return bytes((value,))
    return encode_extended(model, bytes((EXT_KEY, value)))


# -- parsing --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Packet:
    """``kind``: display side ``identity``/``ack``/``nak``/``key``/``extended``;
    host side ``reset``/``write``/``extended``. ``model`` is set on extended packets."""

    kind: str
    data: bytes
    model: int | None = None


class _Splitter:
    """Shared framing: a buffer, extended packets checked by their model, length and end byte.

    An extended packet that cannot be one (model byte 0x79, a length no packet of this side
    has, a model other than the one identified, no 0x16 where the length says) is a stray
    0x79: it is dropped and the bytes after it are parsed again, so a torn packet costs at
    most the key it was part of.
    """

    max_payload = 255

    def __init__(self) -> None:
        self._buf = bytearray()
        self.model: int | None = None  # once known, every extended packet must name it

    def feed(self, chunk: bytes) -> list[Packet]:
        self._buf += chunk
        out: list[Packet] = []
        while self._buf:
            taken = self._take(out)
            if taken == 0:
                break
            del self._buf[:taken]
        return out

    def _extended(self, out: list[Packet]) -> int:
        buf = self._buf
        if len(buf) >= 2 and not self._plausible_model(buf[1]):
            return 1  # not a packet after all: skip the 0x79 and look again
        if len(buf) < 3:
            return 0
        length = buf[2]
        if length == 0 or length > self.max_payload:
            return 1
        if len(buf) < 4 + length:
            return 0
        if buf[3 + length] != EXTENDED_END:
            return 1
        out.append(Packet("extended", bytes(buf[3 : 3 + length]), buf[1]))
        return 4 + length

    def _plausible_model(self, code: int) -> bool:
        if self.model is not None:
            return code == self.model
        return code != EXTENDED

    def _take(self, out: list[Packet]) -> int:
        raise NotImplementedError


class HostParser(_Splitter):
    """What a display sends: identities, acknowledgements, keys."""

    max_payload = MAX_DISPLAY_PAYLOAD

    def _take(self, out: list[Packet]) -> int:
        first = self._buf[0]
        if first == EXTENDED:
            return self._extended(out)
        if first == IDENTITY:
            if len(self._buf) < 2:
                return 0
            if not self._plausible_model(self._buf[1]):
                return 1  # a stray FE: the byte after it is not this display's model
            out.append(Packet("identity", bytes(self._buf[1:2])))
            return 2
        kind = {ACK: "ack", NAK: "nak"}.get(first, "key")
        out.append(Packet(kind, bytes((first,))))
        return 1


class DeviceParser(_Splitter):
    """What a host sends to a display with ``cells`` cells in all (status + text)."""

    def __init__(self, cells: int) -> None:
        super().__init__()
        self.cells = cells
        # A write carries a command byte and the cells; settings are shorter.
        self.max_payload = max(1 + cells, MAX_DISPLAY_PAYLOAD)

    def _take(self, out: list[Packet]) -> int:
        first = self._buf[0]
        if first == EXTENDED:
            return self._extended(out)
        if first == RESET:
            out.append(Packet("reset", b""))
            return 1
        if first == WRITE:
            if len(self._buf) < 1 + self.cells:
                return 0
            out.append(Packet("write", bytes(self._buf[1 : 1 + self.cells])))
            return 1 + self.cells
        return 1  # nothing a display understands: skip


class HandyTechHost(HostProtocol):
    name = "handytech"
    baudrate = 19200
    parity = "O"
    needs_ack = True

    def __init__(self, cells: int = 40) -> None:
        self._default_cells = cells
        self.reset()

    def reset(self) -> None:
        self._parser = HostParser()
        self.model: Model | None = None
        self.cells = self._default_cells

    def probe_requests(self) -> list[bytes]:
        return [bytes((RESET,))]

    def encode_frame(self, text: bytes, status: bytes, previous: bytes | None) -> bytes:
        model = self.model
        if model is not None and model.extended:
            return encode_write(status + text, model.code)
        return encode_write(status + text)

    def feed(self, data: bytes) -> list[HostInput]:
        out: list[HostInput] = []
        for packet in self._parser.feed(data):
            if packet.kind == "identity":
                code = packet.data[0]
                model = MODELS.get(code) or Model(
                    code, f"HandyTech {code:02X}", self.cells, 0, True
                )
                self.model = model
                self.cells = model.cells
                self._parser.model = code
                out.append(Identity(f"HandyTech {model.name}", model.cells, model.status_cells))
            elif packet.kind in ("ack", "nak"):
                out.append(Ack(packet.kind == "ack"))
            elif packet.kind == "key":
                if self.model is None or not (self.model.extended and self.model.known):
                    self._key(packet.data[0], out)
                # A model of the extended protocol wraps its keys (NVDA reads no bare key
                # from one): a bare code from it is the rest of a torn packet, whose type
                # byte (04 a rocker, 07 B2) would otherwise read as a key held down for good.
            elif packet.kind == "extended" and len(packet.data) == 2:
                kind, value = packet.data
                if kind == EXT_CONFIRM and value in (ACK, NAK):
                    out.append(Ack(value == ACK))
                elif kind == EXT_KEY:
                    self._key(value, out)
        return out

    def _key(self, code: int, out: list[HostInput]) -> None:
        if self.model is not None and not self.model.has_code(code):
            return
        event = key_event(code, self.cells)
        if event is not None:
            out.append(event)
