"""Protocol codecs: round trips, chunking, and garbage (parsers must never raise)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.displays.codecs import Ack, Identity, Resync, baum, focus
from braille_words.displays.codecs import handytech as ht
from braille_words.displays.events import KeyEvent

CELLS = bytes([0x1B, 0x00, 0xFF, 0x1B, 0x1B]) + bytes(range(35))
# HandyTech's old write has no framing: a stray 0x01 swallows a frame's worth of bytes, so
# resynchronisation is only certain when the cells hold none of the protocol's start bytes.
HT_CELLS = bytes(range(0x20, 0x48))

# name → (new parser, one valid packet as bytes, what the parser should return for it)
CASES: dict[str, tuple[Callable[[], Any], bytes, Any]] = {
    "baum host": (
        lambda: baum.host_parser(40),
        baum.encode_routing({3, 39}, 40),
        baum.Packet(baum.ROUTING_KEYS, bytes([0x08, 0, 0, 0, 0x80])),
    ),
    "baum device": (
        lambda: baum.device_parser(40),
        baum.encode_write(CELLS),
        baum.Packet(baum.CELLS, CELLS),
    ),
    "handytech host": (
        ht.HostParser,
        ht.encode_key(0x23, False, 0x54),
        ht.Packet("extended", bytes([ht.EXT_KEY, 0xA3]), 0x54),
    ),
    "handytech device": (
        lambda: ht.DeviceParser(40),
        ht.encode_write(HT_CELLS, 0x54),
        ht.Packet("extended", bytes([ht.EXT_WRITE]) + HT_CELLS, 0x54),
    ),
    "handytech device old": (
        lambda: ht.DeviceParser(40),
        ht.encode_write(HT_CELLS),
        ht.Packet("write", HT_CELLS),
    ),
    "focus host": (
        focus.host_parser,
        focus.encode_info("Focus 40"),
        focus.Packet(focus.INFO, 48, 0, 0, focus.encode_info("Focus 40")[4:-1]),
    ),
    "focus host wheel": (
        focus.host_parser,
        focus.encode_wheel("wheel_down", 2, clicks=3),
        focus.Packet(focus.WHEEL, 2 << 3 | 3, 0, 0),
    ),
    "focus host extkey": (
        focus.host_parser,
        focus.encode_extkeys(1 << focus.key_bit("rocker", 3)),
        focus.Packet(focus.EXTKEY, 4, 0, 0, bytes([0x40, 0, 0, 0])),
    ),
    "focus device": (
        focus.device_parser,
        focus.encode_write(CELLS, 0),
        focus.Packet(focus.WRITE, 40, 0, 0, CELLS),
    ),
}


def split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


@pytest.mark.parametrize("name", CASES)
@given(cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=8))
@settings(max_examples=60, deadline=None)
def test_a_packet_parses_the_same_in_any_chunks(name: str, cuts: list[int]) -> None:
    new_parser, packet, expected = CASES[name]
    parser = new_parser()
    got = []
    for chunk in split(packet * 2, cuts):
        got += parser.feed(chunk)
    assert got == [expected, expected]


@pytest.mark.parametrize("name", CASES)
@given(garbage=st.binary(max_size=300), cuts=st.lists(st.integers(0, 2000), max_size=4))
@settings(max_examples=150, deadline=None)
def test_a_parser_fed_garbage_never_raises_and_recovers(
    name: str, garbage: bytes, cuts: list[int]
) -> None:
    new_parser, packet, expected = CASES[name]
    parser = new_parser()
    repeats = 2 + 300 // len(packet)  # enough to outlast any length a garbage header claims
    got = []
    for chunk in split(garbage + packet * repeats, cuts):
        got += parser.feed(chunk)
    assert got[-1] == expected
    assert got[-2] == expected


def test_baum_escapes_esc_in_data() -> None:
    assert baum.encode_write(b"\x1b\x01") == b"\x1b\x01\x1b\x1b\x01"


def test_baum_routing_bitmap_is_5_bytes_for_17_to_40_cells() -> None:
    assert [baum.routing_bytes(n) for n in (8, 16, 20, 32, 40, 80)] == [1, 2, 5, 5, 5, 10]


def test_baum_too_short_write_reaches_the_display_as_a_cell_count_request() -> None:
    parser = baum.device_parser(40)
    got = parser.feed(b"".join(baum.PROBE))
    got += parser.flush()
    assert [p.code for p in got] == [
        baum.SERIAL_NUMBER,
        baum.IDENTITY,
        baum.CELLS,
        baum.KEYS_REQUEST,
    ]
    assert got[2].data == b"\x00"


def test_baum_host_reports_identity_and_key_changes() -> None:
    host = baum.BaumHost()
    got = host.feed(baum.encode_identity("Vario 40") + baum.encode_cell_count(40))
    assert [type(g).__name__ for g in got] == ["Identity"]
    assert got[0].model == "Vario 40"
    assert got[0].cells == 40
    got = host.feed(baum.encode_display_keys(0b101) + baum.encode_display_keys(0b100))
    assert got == [
        KeyEvent("display", 1, True),
        KeyEvent("display", 3, True),
        KeyEvent("display", 1, False),
    ]
    got = host.feed(baum.encode_keyboard(0b01, 0b1000_0001))
    assert got == [KeyEvent("space", 1, True), KeyEvent("dots", 1, True), KeyEvent("dots", 8, True)]


def test_baum_single_routing_key_packets_give_press_and_release() -> None:
    host = baum.BaumHost()
    host.feed(baum.encode_cell_count(40))
    got = host.feed(baum.encode(baum.ROUTING_KEY, b"\x05") + baum.encode(baum.ROUTING_KEY, b"\x00"))
    assert got == [KeyEvent("routing", 4, True), KeyEvent("routing", 4, False)]


def test_handytech_identity_gives_the_cell_count_of_the_model() -> None:
    host = ht.HandyTechHost()
    assert host.feed(ht.encode_identity(0x89)) == [Identity("HandyTech Modular 40+4", 40, 4)]
    host.reset()  # a display names itself in answer to the probe, which starts afresh
    assert host.feed(ht.encode_identity(0x54)) == [Identity("HandyTech Active Braille 40", 40, 0)]


def test_handytech_frames_are_extended_for_extended_models() -> None:
    host = ht.HandyTechHost()
    host.feed(ht.encode_identity(0x54))
    assert host.encode_frame(b"\x01\x02", b"", None) == bytes([0x79, 0x54, 3, 1, 1, 2, 0x16])
    host.reset()
    host.feed(ht.encode_identity(0x89))
    assert host.encode_frame(b"\x01", b"\x07" * 4, None) == bytes([1, 7, 7, 7, 7, 1])


def test_handytech_acks_and_keys_in_both_forms() -> None:
    host = ht.HandyTechHost()
    host.feed(ht.encode_identity(0x54))
    got = host.feed(
        b"\x7e" + ht.encode_ack(0x54, ok=False) + ht.encode_key(0x20, True, 0x54) + b"\xa0"
    )
    # A model of the extended protocol wraps its keys: a bare code from it is a torn packet.
    assert got == [Ack(True), Ack(False), KeyEvent("routing", 0, True)]
    host.reset()
    host.feed(ht.encode_identity(0x89))  # a Modular sends its keys bare
    assert host.feed(b"\x20\xa0") == [KeyEvent("routing", 0, True), KeyEvent("routing", 0, False)]


def test_handytech_braille_keys_type_the_documented_dots() -> None:
    host = ht.HandyTechHost()
    b_keys = bytes(ht.B_KEYS)  # B1 … B8
    dots = [e.number for e in host.feed(b_keys) if isinstance(e, KeyEvent)]
    assert dots == [7, 3, 2, 1, 4, 5, 6, 8]


def test_focus_packets_sum_to_zero() -> None:
    for packet in (focus.encode_write(CELLS, 3), focus.encode_info("Focus 80")):
        assert sum(packet) % 256 == 0


def test_focus_corrupt_checksum_is_skipped() -> None:
    bad = bytearray(focus.encode_write(b"\x41\x42", 0x20))
    bad[-1] ^= 0xFF
    parser = focus.device_parser()
    got = parser.feed(bytes(bad) + focus.encode_write(b"\x03", 1))
    assert got[-1] == focus.Packet(focus.WRITE, 1, 1, 0, b"\x03")


def test_focus_sends_only_the_changed_stretch() -> None:
    host = focus.FocusHost()
    old = bytes(40)
    new = bytearray(old)
    new[7] = 1
    new[9] = 2
    assert host.encode_frame(bytes(new), b"", old) == focus.encode_write(b"\x01\x00\x02", 7)
    assert host.encode_frame(bytes(new), b"", None) == focus.encode_write(bytes(new), 0)


def test_focus_keys_and_routing_buttons() -> None:
    host = focus.FocusHost()
    host.feed(focus.encode_info("Focus 40"))
    pan_right = 1 << focus.key_bit("pan", 2)
    got = host.feed(
        focus.encode_keys(pan_right) + focus.encode_keys(0) + focus.encode_button(39, True)
    )
    assert got == [
        KeyEvent("pan", 2, True),
        KeyEvent("pan", 2, False),
        KeyEvent("routing", 39, True),
    ]


@pytest.mark.parametrize("host", [baum.BaumHost, ht.HandyTechHost, focus.FocusHost])
@given(garbage=st.binary(max_size=400))
@settings(max_examples=150, deadline=None)
def test_host_protocols_fed_garbage_never_raise(host: Callable[[], Any], garbage: bytes) -> None:
    protocol = host()
    for item in protocol.feed(garbage):
        assert isinstance(item, KeyEvent | Identity | Ack | Resync)


# -- keys the first drivers dropped ---------------------------------------------------------


def test_handytech_joystick_codes_follow_brltty_and_baum_numbering() -> None:
    """BRLTTY: left 74, right 75, up 76, down 77, action 78; ours: 1 up, 2 left, 3 down,
    4 right, 5 press, as Baum's joystick bits."""
    host = ht.HandyTechHost()
    got = host.feed(bytes([0x74, 0x75, 0x76, 0x77, 0x78, 0xF8]))
    assert got == [
        KeyEvent("joystick", 2, True),
        KeyEvent("joystick", 4, True),
        KeyEvent("joystick", 1, True),
        KeyEvent("joystick", 3, True),
        KeyEvent("joystick", 5, True),
        KeyEvent("joystick", 5, False),
    ]


def test_handytech_keypad_codes_are_decoded() -> None:
    host = ht.HandyTechHost()
    got = host.feed(bytes([0x12, 0x0D, 0x05, 0x1E, 0x7A, 0xFB]))
    assert got == [
        KeyEvent("b", 9, True),
        KeyEvent("b", 14, True),
        KeyEvent("keypad", 0, True),
        KeyEvent("keypad", 9, True),
        KeyEvent("center", 1, True),
        KeyEvent("center", 2, False),
    ]


def test_every_handytech_key_code_round_trips() -> None:
    decoded = 0
    for code in range(0x80):
        event = ht.key_event(code, 80)
        if event is not None:
            decoded += 1
            assert ht.key_code(event.group, event.number) == code, event
    # Everything below 0x20 but 0x00 (none) and 0x1C, 80 routing, 4 status, 5 + 2 others.
    assert decoded == 30 + 80 + 4 + 5 + 2


def test_focus_wheel_clicks_become_press_and_release_pairs() -> None:
    host = focus.FocusHost()
    got = host.feed(focus.encode(focus.WHEEL, 0 << 3 | 2) + focus.encode(focus.WHEEL, 3 << 3 | 1))
    assert got == [
        KeyEvent("wheel_up", 1, True),
        KeyEvent("wheel_up", 1, False),
        KeyEvent("wheel_up", 1, True),
        KeyEvent("wheel_up", 1, False),
        KeyEvent("wheel_up", 2, True),
        KeyEvent("wheel_up", 2, False),
    ]
    assert host.feed(focus.encode(focus.WHEEL, 6 << 3 | 1)) == []  # no such wheel


def test_focus_bumper_and_rocker_bits_follow_brltty() -> None:
    host = focus.FocusHost()
    bumper_right_down = 1 << 23
    got = host.feed(focus.encode_keys(bumper_right_down) + focus.encode_keys(0))
    assert got == [KeyEvent("bumper", 4, True), KeyEvent("bumper", 4, False)]
    left_rocker_down = 1 << 29
    got = host.feed(focus.encode(focus.EXTKEY, payload=bytes([left_rocker_down >> 24, 0, 0, 0])))
    assert got == [KeyEvent("rocker", 2, True)]


def test_a_rocker_packet_leaves_the_keys_of_a_key_packet_alone() -> None:
    host = focus.FocusHost()
    dot1, rocker1 = 1 << focus.key_bit("dots", 1), 1 << focus.key_bit("rocker", 1)
    assert host.feed(focus.encode_keys(dot1)) == [KeyEvent("dots", 1, True)]
    assert host.feed(focus.encode_extkeys(rocker1)) == [KeyEvent("rocker", 1, True)]
    assert host.feed(focus.encode_keys(dot1)) == []
    assert host.feed(focus.encode_extkeys(0)) == [KeyEvent("rocker", 1, False)]
    assert host.feed(focus.encode_keys(0)) == [KeyEvent("dots", 1, False)]


@pytest.mark.parametrize(
    ("firmware", "asks"), [("3.1", True), ("10.0", True), ("2.9", False), ("", False)]
)
def test_focus_firmware_3_and_up_is_asked_for_the_rockers(firmware: str, asks: bool) -> None:
    host = focus.FocusHost()
    host.feed(focus.encode_info("Focus 40", firmware=firmware))
    expected = [focus.encode(focus.CONFIG, focus.CONFIG_EXTKEY)] if asks else []
    assert host.setup_requests() == expected


def test_focus_own_acknowledgements_are_not_passed_on() -> None:
    host = focus.FocusHost()
    ack = focus.encode(focus.ACK)
    assert [type(i) for i in host.feed(focus.encode_info("Focus 40", firmware="3.0") + ack)] == [
        Identity
    ]
    host.setup_requests()
    assert host.feed(ack) == []  # the CONFIG's
    assert host.feed(ack) == [Ack(True)]  # a frame's


def test_first_generation_focus_dot_order() -> None:
    """Dots 1-8 raised by 01 02 04 10 20 40 08 80 on the Focus 44, 70 and 84."""
    singles = [1 << dot for dot in range(8)]
    assert [focus.OLD_TO_WIRE[c] for c in singles] == [1, 2, 4, 0x10, 0x20, 0x40, 8, 0x80]
    for model in ("Focus 44", "Focus 70", "Focus 84"):
        host = focus.FocusHost()
        host.feed(focus.encode_info(model))
        assert host.encode_frame(bytes([0x08, 0x40]), b"", None) == focus.encode_write(
            bytes([0x10, 0x08])
        )
    host = focus.FocusHost()
    host.feed(focus.encode_info("Focus 80"))
    assert host.encode_frame(bytes([0x08]), b"", None) == focus.encode_write(b"\x08")


@given(cells=st.binary(max_size=84))
def test_the_old_dot_order_is_a_permutation_that_undoes(cells: bytes) -> None:
    wire = cells.translate(focus.OLD_TO_WIRE)
    assert wire.translate(focus.OLD_FROM_WIRE) == cells
    assert [bin(b).count("1") for b in wire] == [bin(b).count("1") for b in cells]


@given(
    steps=st.lists(
        st.tuples(st.booleans(), st.integers(min_value=0, max_value=(1 << 24) - 1)), max_size=12
    )
)
@settings(max_examples=100, deadline=None)
def test_focus_keys_held_always_match_the_newest_bitmaps(steps: list[tuple[bool, int]]) -> None:
    """Whatever mix of KEY and EXTKEY packets arrives, the presses and releases reported add
    up to exactly the named keys the two newest bitmaps hold."""
    host = focus.FocusHost()
    held: set[tuple[str, int]] = set()
    bitmap = 0
    for extended, bits in steps:
        if extended:
            bitmap = (bitmap & 0xFFFFFF) | (bits & 0xFF) << 24
            data = focus.encode_extkeys(bitmap)
        else:
            bitmap = (bitmap & ~0xFFFFFF) | bits
            data = focus.encode_keys(bits)
        for event in host.feed(data):
            assert isinstance(event, KeyEvent)
            key = (event.group, event.number)
            assert (key in held) != event.pressed  # no double press, no stray release
            if event.pressed:
                held.add(key)
            else:
                held.discard(key)
        expected = {
            (group, n + 1)
            for group, (first, count) in focus.KEY_GROUPS.items()
            for n in range(count)
            if bitmap >> (first + n) & 1
        }
        assert held == expected
