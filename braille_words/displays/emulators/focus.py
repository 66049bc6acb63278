"""A Freedom Scientific Focus display on a pseudo-terminal."""

from __future__ import annotations

from braille_words.displays.codecs import focus
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.keymap import Key


class FocusEmulator(Emulator):
    protocol_name = "focus"

    @staticmethod
    def default_model(cells: int) -> str:
        return f"Focus {cells}"

    def _reset_protocol(self) -> None:
        self._parser = focus.device_parser()
        self.hold_acks = False

    def _receive(self, data: bytes) -> None:
        for packet in self._parser.feed(data):
            if packet.type == focus.QUERY:
                # The query is acknowledged too, after the answer (BRLTTY waits for it).
                self.send(focus.encode_info(self.model) + focus.encode(focus.ACK))
            elif packet.type == focus.WRITE:
                start, cells = packet.arg2, packet.payload
                if start + len(cells) > self.cells:
                    self.send(focus.encode(focus.NAK, 1))
                    continue
                shown = bytearray(self.cells_shown)
                shown[start : start + len(cells)] = cells
                self._show(bytes(shown))
                self.send(focus.encode(focus.ACK))

    def _key_packet(self, key: Key, pressed: bool) -> bytes:
        group, number = key
        if group in ("routing", "navrow"):
            return focus.encode_button(number, pressed, 0 if group == "routing" else 1)
        bitmap = 0
        for g, n in self._down:
            if g not in ("routing", "navrow"):
                bitmap |= 1 << focus.key_bit(g, n)
        focus.key_bit(group, number)  # a key the display lacks is refused
        return focus.encode_keys(bitmap)
