"""A HandyTech display that sends noise (a torn packet, stray bytes) keeps reading keys.

Two ways noise used to deafen the display: a stray 0x79 made the parser take the next
packet's model byte as a length and wait for that many bytes, and stray codes of keys the
model does not have were read as presses never released, joining every later chord.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.displays.codecs import Ack, Identity
from braille_words.displays.codecs import handytech as ht
from braille_words.displays.emulators.handytech import HandyTechEmulator
from braille_words.displays.events import DisplayCommand, KeyEvent
from braille_words.displays.keymap import KeyMap
from braille_words.displays.serial_display import SerialDisplay

from .conftest import next_command

ACTIVE_BRAILLE = 0x54  # extended protocol, no keypad
BRAILLE_WAVE = 0x05  # old protocol
MODULAR = 0x89  # old protocol, with the 16-key pad


def identified(model: int) -> ht.HandyTechHost:
    host = ht.HandyTechHost()
    assert isinstance(host.feed(ht.encode_identity(model))[0], Identity)
    return host


def key_pair(code: int, model: int) -> bytes:
    wrap = model if ht.MODELS[model].extended else None
    return ht.encode_key(code, True, wrap) + ht.encode_key(code, False, wrap)


ROUTE_3 = [KeyEvent("routing", 3, True), KeyEvent("routing", 3, False)]


# -- the parser resynchronises after a torn extended packet ------------------------------


def test_a_lone_0x79_does_not_swallow_the_next_key() -> None:
    host = identified(ACTIVE_BRAILLE)
    assert host.feed(b"\x79" + key_pair(0x23, ACTIVE_BRAILLE)) == ROUTE_3


def test_a_lone_0x79_costs_nothing_before_the_model_is_known() -> None:
    """Model byte 0x79 is the start of a packet, never a model."""
    host = ht.HandyTechHost()
    assert host.feed(b"\x79" + key_pair(0x23, ACTIVE_BRAILLE)) == ROUTE_3


def test_a_length_no_display_packet_has_is_not_waited_for() -> None:
    host = ht.HandyTechHost()
    torn = bytes([0x79, ACTIVE_BRAILLE, 0x8C])  # 140 bytes announced
    # Before the model is known the rest reads as bare codes (0x8C: a release, harmless).
    assert host.feed(torn + key_pair(0x23, ACTIVE_BRAILLE))[-2:] == ROUTE_3


def test_a_packet_of_another_model_is_noise_once_the_display_is_known() -> None:
    host = identified(ACTIVE_BRAILLE)
    stray = bytes([0x79, 0x72, 0x02, 0x04, 0x10, 0x16])  # a Braillino's space bar
    assert host.feed(stray + key_pair(0x23, ACTIVE_BRAILLE)) == ROUTE_3


def test_a_torn_packet_without_its_end_byte_gives_way_to_the_next() -> None:
    host = identified(ACTIVE_BRAILLE)
    torn = bytes([0x79, ACTIVE_BRAILLE, 0x02, 0x04])  # the code and the 0x16 are lost
    # What is left of it (54 02 04) is not read as bare keys: 04 would be a rocker held down.
    assert host.feed(torn + key_pair(0x23, ACTIVE_BRAILLE)) == ROUTE_3


def test_acks_and_naks_still_parse_after_a_stray_0x79() -> None:
    host = identified(ACTIVE_BRAILLE)
    data = b"\x79" + ht.encode_ack(ACTIVE_BRAILLE) + b"\x79" + ht.encode_ack(ACTIVE_BRAILLE, False)
    assert host.feed(data) == [Ack(True), Ack(False)]


def test_a_stray_identity_byte_does_not_take_the_next_packet_s_start() -> None:
    host = identified(ACTIVE_BRAILLE)
    assert host.feed(b"\xfe" + key_pair(0x23, ACTIVE_BRAILLE)) == ROUTE_3
    assert host.model is not None and host.model.code == ACTIVE_BRAILLE


def test_the_emulator_side_resynchronises_too() -> None:
    parser = ht.DeviceParser(40)
    frame = ht.encode_write(bytes(range(0x20, 0x48)), ACTIVE_BRAILLE)
    packets = parser.feed(b"\x79" + frame)
    assert [p.data for p in packets] == [b"\x01" + bytes(range(0x20, 0x48))]


def test_a_long_frame_still_fits_the_emulator_s_limit() -> None:
    """An 80-cell frame is the longest extended packet a host sends to our emulators."""
    parser = ht.DeviceParser(80)
    frame = ht.encode_write(bytes(80), 0x78)
    assert [p.kind for p in parser.feed(frame)] == ["extended"]


# -- codes of keys the model lacks are noise -----------------------------------------------


def test_keypad_codes_from_a_model_without_a_keypad_are_ignored() -> None:
    host = identified(ACTIVE_BRAILLE)
    assert host.feed(b"\x00\x01\x02") == []
    assert host.feed(ht.encode_key(0x01, True, ACTIVE_BRAILLE)) == []


def test_bare_codes_from_a_model_of_the_extended_protocol_are_ignored() -> None:
    assert identified(ACTIVE_BRAILLE).feed(b"\x04\x07\x23") == []
    assert identified(BRAILLE_WAVE).feed(b"\x23") == [KeyEvent("routing", 3, True)]


def test_a_modular_keeps_its_keypad() -> None:
    host = identified(MODULAR)
    assert host.feed(b"\x01\x81") == [KeyEvent("b", 12, True), KeyEvent("b", 12, False)]


def test_only_the_activator_has_centre_keys() -> None:
    assert identified(ACTIVE_BRAILLE).feed(ht.encode_key(0x7A, True, ACTIVE_BRAILLE)) == []
    got = identified(0xA4).feed(ht.encode_key(0x7A, True, 0xA4))
    assert got == [KeyEvent("center", 1, True)]


# -- any garbage, then a real key press and release: the key is reported ---------------------


def keys_of(model: int) -> list[int]:
    m = ht.MODELS[model]
    return [
        c
        for c in range(0x80)
        if c not in (ht.ACK, ht.NAK, ht.EXTENDED)
        and m.has_code(c)
        and ht.key_event(c, m.cells) is not None
    ]


@settings(max_examples=300, deadline=None)
@given(
    garbage=st.binary(max_size=64),
    model=st.sampled_from([ACTIVE_BRAILLE, BRAILLE_WAVE, MODULAR]),
    data=st.data(),
)
def test_after_any_garbage_a_real_key_press_is_reported(
    garbage: bytes, model: int, data: st.DataObject
) -> None:
    """Garbage may swallow at most one packet's worth of bytes (the longest a display may
    announce) ending on a real end byte; the key presses after that come through."""
    code = data.draw(st.sampled_from(keys_of(model)))
    host = identified(model)
    pair = key_pair(code, model)
    repeats = (4 + ht.MAX_DISPLAY_PAYLOAD) // len(pair) + 2
    host.feed(garbage)
    got = host.feed(pair * repeats)
    event = ht.key_event(code, ht.MODELS[model].cells)
    assert event is not None
    assert event in got
    assert KeyEvent(event.group, event.number, False) in got
    assert host.model is not None and host.model.code == model


# -- end to end: the real driver on a pseudo-terminal ----------------------------------------


class HandClock:
    """A clock the test moves by hand, for the driver's held-key timing."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


Wired = tuple[HandyTechEmulator, SerialDisplay, HandClock, list[KeyEvent]]


@pytest.fixture
def wired() -> Iterator[Wired]:
    emulator = HandyTechEmulator(40)
    emulator.start()
    clock = HandClock()
    keys: list[KeyEvent] = []
    keymap = KeyMap({"routing.*": "route", "dots.*": "braille_chord", "space.1": "space"})
    display = SerialDisplay(
        emulator.path, ht.HandyTechHost(), keymap=keymap, clock=clock, on_key=keys.append
    )
    try:
        yield emulator, display, clock, keys
    finally:
        display.close()
        emulator.stop()


@pytest.mark.parametrize(
    "noise", [b"\x79", b"\x00\x01\x02", b"\xfe", b"\x79\x54\x02\x04\x23"], ids=repr
)
def test_a_display_that_sends_noise_still_gives_routing_keys(wired: Wired, noise: bytes) -> None:
    emulator, display, _, _ = wired
    emulator.press_route(2)
    assert next_command(display) == DisplayCommand("route", 2)
    emulator.send(noise)
    for cell in (3, 4, 5):
        emulator.press_route(cell)
    got = [next_command(display)]
    while got[-1] != DisplayCommand("route", 5) and len(got) < 3:
        got.append(next_command(display))
    # The first press may be lost while the noise is read, the later ones not.
    assert got[-2:] == [DisplayCommand("route", 4), DisplayCommand("route", 5)]


def test_a_stray_key_of_another_group_does_not_hold_up_the_next_keys(wired: Wired) -> None:
    """A stray press of a real key (B1) whose release never comes used to join every chord
    for 5 s; a routing key or the space bar pressed meanwhile now does what it says at once,
    and the stray key is let go (issue 17)."""
    emulator, display, _clock, _keys = wired
    emulator.send(ht.encode_key(0x03, True, ACTIVE_BRAILLE))  # B1 down, never up
    emulator.press_route(3)
    assert next_command(display) == DisplayCommand("route", 3)
    emulator.press_keys(("space", 1))
    assert next_command(display) == DisplayCommand("space")
