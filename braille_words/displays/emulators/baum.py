"""A Baum-protocol display (a Vario by default) on a pseudo-terminal."""

from __future__ import annotations

from braille_words.displays.codecs import baum
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.keymap import Key


class BaumEmulator(Emulator):
    protocol_name = "baum"

    @staticmethod
    def default_model(cells: int) -> str:
        return f"Vario {cells}"

    def _reset_protocol(self) -> None:
        self._parser = baum.device_parser(self.cells)

    def _receive(self, data: bytes) -> None:
        for packet in self._parser.feed(data):
            self._answer(packet)

    def _idle(self) -> None:
        for packet in self._parser.flush():
            self._answer(packet)

    def _answer(self, packet: baum.Packet) -> None:
        code, data = packet.code, packet.data
        if code == baum.CELLS:
            if len(data) == self.cells:
                self._show(data)
            else:
                self.send(baum.encode_cell_count(self.cells))
        elif code == baum.IDENTITY:
            self.send(baum.encode_identity(self.model))
        elif code == baum.SERIAL_NUMBER:
            self.send(baum.encode_serial_number("BW000001"))
        elif code == baum.PROTOCOL_ONOFF and data[:1] == b"\x01":
            # "Protocol on" (NVDA's probe) makes the display introduce itself.
            self.send(
                baum.encode_identity(self.model)
                + baum.encode_serial_number("BW000001")
                + baum.encode_cell_count(self.cells)
            )
        elif code == baum.KEYS_REQUEST:
            self.send(baum.encode_display_keys(0))

    def _group_mask(self, group: str, first: int = 1) -> int:
        return sum(1 << (n - first) for g, n in self._down if g == group)

    def _key_packet(self, key: Key, pressed: bool) -> bytes:
        group = key[0]
        if group == "routing":
            return baum.encode_routing({n for g, n in self._down if g == "routing"}, self.cells)
        if group == "display":
            return baum.encode_display_keys(self._group_mask("display"))
        if group in ("space", "keyboard", "function", "dots"):
            control = (
                self._group_mask("space")
                | self._group_mask("keyboard", 11) << 2
                | self._group_mask("function") << 4
            )
            return baum.encode_keyboard(control, self._group_mask("dots"))
        if group == "joystick":
            return baum.encode_joystick(self._group_mask("joystick"))
        raise KeyError(f"a Baum display has no key {key[0]}.{key[1]}")
