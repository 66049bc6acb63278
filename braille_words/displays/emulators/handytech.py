"""A HandyTech display (an Active Braille for 40 cells) on a pseudo-terminal.

It accepts frames in both the old and the extended form, since drivers disagree about
which models use which, and acknowledges each in the form it came in. ``hold_acks`` lets a
test keep the acknowledgements back to watch the host's flow control.
"""

from __future__ import annotations

from braille_words.displays.codecs import handytech as ht
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.keymap import Key, KeyMap
from braille_words.errors import BrailleWordsError


class HandyTechEmulator(Emulator):
    protocol_name = "handytech"

    def __init__(
        self,
        cells: int = 40,
        *,
        keymap: KeyMap | None = None,
        model_code: int | None = None,
    ) -> None:
        try:
            self.ht_model = ht.MODELS[model_code] if model_code else ht.model_for_cells(cells)
        except (KeyError, ValueError):
            raise BrailleWordsError(
                f"No HandyTech model with {cells} cells is emulated; "
                "choose 16, 20, 32, 40 or 80 cells."
            ) from None
        super().__init__(self.ht_model.cells, model=self.ht_model.name, keymap=keymap)
        self.status_shown = bytes(self.ht_model.status_cells)
        self.hold_acks = False
        self._held_acks: list[bytes] = []

    def _reset_protocol(self) -> None:
        self._parser = ht.DeviceParser(self.ht_model.cells + self.ht_model.status_cells)

    def _receive(self, data: bytes) -> None:
        code = self.ht_model.code
        for packet in self._parser.feed(data):
            if packet.kind == "reset":
                self.send(ht.encode_identity(code))
            elif packet.kind == "write":
                self._frame(packet.data)
                self._ack(ht.encode_ack())
            elif packet.kind == "extended":
                # Every extended request is confirmed (settings too, which BRLTTY sends).
                if packet.data[:1] == bytes((ht.EXT_WRITE,)):
                    self._frame(packet.data[1:])
                self._ack(ht.encode_ack(code))

    def _frame(self, cells: bytes) -> None:
        status = self.ht_model.status_cells
        self.status_shown = cells[:status]
        self._show(cells[status:].ljust(self.cells, b"\x00")[: self.cells])

    def _ack(self, answer: bytes) -> None:
        if self.hold_acks:
            self._held_acks.append(answer)
        else:
            self.send(answer)

    def release_acks(self) -> None:
        """Send the acknowledgements held back, and stop holding them."""
        self.hold_acks = False
        held, self._held_acks = self._held_acks, []
        for answer in held:
            self.send(answer)

    def _key_packet(self, key: Key, pressed: bool) -> bytes:
        code = ht.key_code(*key)
        model = self.ht_model.code if self.ht_model.extended else None
        return ht.encode_key(code, pressed, model)
