"""A Freedom Scientific Focus display on a pseudo-terminal.

``FocusEmulator(44)`` (or 70, 84) poses as a first-generation Focus: it reports that model
and raises the dots of each cell byte in that model's order, so ``cells_shown`` is what a
finger would read. Newer models (firmware 3 and up) send their rocker keys only after the
host asked for them with a CONFIG packet, as the real ones do.
"""

from __future__ import annotations

from braille_words.displays.codecs import focus
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.keymap import Key, KeyMap

#: Keys that do not live in the key bitmap: key group → packet kind.
_BUTTON_GROUPS = {"routing": 0, "navrow": 1}
_WHEEL_GROUPS = ("wheel_up", "wheel_down")


class FocusEmulator(Emulator):
    protocol_name = "focus"

    def __init__(
        self,
        cells: int = 40,
        *,
        model: str | None = None,
        firmware: str | None = None,
        keymap: KeyMap | None = None,
    ) -> None:
        super().__init__(cells, model=model, keymap=keymap)
        self.old_dots = focus.uses_old_dots(self.model)
        #: First-generation models have old firmware, which knows no extended keys.
        self.firmware = firmware or ("1.2" if self.old_dots else "3.1")
        self.raw_cells = bytes(cells)  # the bytes as received, before the dot order

    @staticmethod
    def default_model(cells: int) -> str:
        return f"Focus {cells}"

    def _reset_protocol(self) -> None:
        self._parser = focus.device_parser()
        self.extended_keys = False

    def _receive(self, data: bytes) -> None:
        for packet in self._parser.feed(data):
            if packet.type == focus.QUERY:
                # The query is acknowledged too, after the answer (BRLTTY waits for it).
                self.send(
                    focus.encode_info(self.model, firmware=self.firmware) + focus.encode(focus.ACK)
                )
            elif packet.type == focus.WRITE:
                start, cells = packet.arg2, packet.payload
                if start + len(cells) > self.cells:
                    self.send(focus.encode(focus.NAK, 1))
                    continue
                raw = bytearray(self.raw_cells)
                raw[start : start + len(cells)] = cells
                self.raw_cells = bytes(raw)
                self._show(
                    self.raw_cells.translate(focus.OLD_FROM_WIRE)
                    if self.old_dots
                    else self.raw_cells
                )
                self.send(focus.encode(focus.ACK))
            elif packet.type == focus.CONFIG:
                if focus.firmware_major(self.firmware) >= 3:
                    self.extended_keys = bool(packet.arg1 & focus.CONFIG_EXTKEY)
                self.send(focus.encode(focus.ACK))
            else:  # a setting (firmness, beep): done, and acknowledged
                self.send(focus.encode(focus.ACK))

    def _key_packet(self, key: Key, pressed: bool) -> bytes:
        group, number = key
        if group in _BUTTON_GROUPS:
            return focus.encode_button(number, pressed, _BUTTON_GROUPS[group])
        if group in _WHEEL_GROUPS:
            # A turn is one click: sent once, on the way down; nothing comes up.
            return focus.encode_wheel(group, number) if pressed else b""
        bit = focus.key_bit(group, number)  # a key the display lacks is refused
        bitmap = 0
        for g, n in self._down:
            if g not in _BUTTON_GROUPS and g not in _WHEEL_GROUPS:
                bitmap |= 1 << focus.key_bit(g, n)
        if bit >= focus.EXTKEY_SHIFT:
            # Without the host's CONFIG the display keeps its rockers to itself.
            return focus.encode_extkeys(bitmap) if self.extended_keys else b""
        return focus.encode_keys(bitmap)
