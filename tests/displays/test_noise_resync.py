"""Line noise must not leave a key "held": the next real key works at once.

Baum and Focus send whole key-group states; a state packet decoded from noise claims keys
the display never had down, so their releases never come, and every later key joined their
chord until the 5 s stale-key release let go of them. The parsers now report noise
(``Resync``), the host forgets the key state it claimed, the driver lets go of held keys
without firing, and when the line goes quiet after noise whatever was left half-read is
dropped. A garbage "cell count" no longer changes the display's size mid-game either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.displays.codecs import HostProtocol, Identity, Resync, baum, focus
from braille_words.displays.emulators import make_emulator
from braille_words.displays.events import DisplayCommand, KeyEvent
from braille_words.displays.keymap import ChordTracker, KeyMap
from braille_words.displays.serial_display import SerialDisplay
from braille_words.displays.spec import open_display

from .conftest import next_command

KEYMAP = KeyMap({"routing.*": "route", "display.1": "pan_left", "dots.*": "braille_chord"})


class FrozenClock:
    """Time that never moves: anything that works here did not wait for the 5 s release."""

    def __call__(self) -> float:
        return 1000.0


def identified_baum() -> baum.BaumHost:
    host = baum.BaumHost()
    assert isinstance(host.feed(baum.encode_cell_count(40))[-1], Identity)
    return host


def identified_focus() -> focus.FocusHost:
    host = focus.FocusHost()
    assert isinstance(host.feed(focus.encode_info("Focus 40"))[-1], Identity)
    return host


def route_7(host: HostProtocol) -> bytes:
    if isinstance(host, baum.BaumHost):
        return baum.encode_routing({7}, 40) + baum.encode_routing(set(), 40)
    return focus.encode_button(7, True) + focus.encode_button(7, False)


def commands(
    host: HostProtocol, tracker: ChordTracker, items: Iterable[object]
) -> list[DisplayCommand]:
    """What the driver does with a host's output (see ``SerialDisplay._handle``)."""
    out: list[DisplayCommand] = []
    for item in items:
        if isinstance(item, Resync):
            tracker.reset()
        elif isinstance(item, KeyEvent):
            out += tracker.feed(item)
    return out


HOSTS: dict[str, Callable[[], HostProtocol]] = {"baum": identified_baum, "focus": identified_focus}


def test_a_key_pressed_by_noise_is_let_go_at_once_not_after_5_seconds() -> None:
    """The chord tracker, on a clock that never moves: a display key "pressed" by noise,
    then noise, then a routing key: the routing key fires."""
    host = identified_baum()
    tracker = ChordTracker(KEYMAP, clock=FrozenClock())
    stray = baum.encode_display_keys(0b100)  # display.3 down, and the display never says up
    assert commands(host, tracker, host.feed(stray)) == []
    assert tracker.held == {("display", 3)}
    got = commands(host, tracker, host.feed(b"\x00\x17" + route_7(host)))
    assert got == [DisplayCommand("route", 7)]
    assert tracker.held == frozenset()


@pytest.mark.parametrize("name", HOSTS)
@given(noise=st.binary(min_size=1, max_size=3000))
@settings(max_examples=150, deadline=None)
def test_after_any_noise_and_a_quiet_line_the_next_routing_key_fires(
    name: str, noise: bytes
) -> None:
    host = HOSTS[name]()
    tracker = ChordTracker(KEYMAP, clock=FrozenClock())
    commands(host, tracker, host.feed(noise))
    commands(host, tracker, host.resync())  # the line went quiet
    assert tracker.held == frozenset()
    assert commands(host, tracker, host.feed(route_7(host))) == [DisplayCommand("route", 7)]


@pytest.mark.parametrize("name", HOSTS)
@pytest.mark.parametrize("seed", range(5))
def test_10000_bytes_of_noise_then_a_routing_key(name: str, seed: int) -> None:
    """Pressed right after the noise, before the line went quiet: Baum reads it at once;
    Focus at the latest when the line goes quiet (its short packets carry no checksum, so
    a noise header can hide the next bytes until then)."""
    host = HOSTS[name]()
    tracker = ChordTracker(KEYMAP, clock=FrozenClock())
    noise = random.Random(seed).randbytes(10_000)
    commands(host, tracker, host.feed(noise))
    got = commands(host, tracker, host.feed(route_7(host)))
    if name == "focus":
        got += commands(host, tracker, host.resync())
    assert got[-1:] == [DisplayCommand("route", 7)]


def test_a_garbage_cell_count_does_not_resize_the_display() -> None:
    host = identified_baum()
    assert host.feed(baum.encode_cell_count(109)) == []
    assert host.cells == 40
    assert commands(host, ChordTracker(KEYMAP), host.feed(route_7(host))) == [
        DisplayCommand("route", 7)
    ]


def test_a_garbage_identity_does_not_change_a_focus_display() -> None:
    host = identified_focus()
    assert host.feed(focus.encode_info("Focus 84")) == []
    assert host.cells == 40 and not host.old_dots


def test_a_noise_run_is_reported_once() -> None:
    host = identified_baum()
    assert host.feed(b"\x00\x01\x02\x03") == [Resync()]
    assert host.feed(b"\x04") == []  # still the same run
    host.feed(route_7(host))
    assert host.feed(b"\x05") == [Resync()]


# -- end to end: the real driver on a pseudo-terminal, our emulator on the other side --------


@pytest.mark.parametrize("protocol", ["baum", "focus", "handytech"])
def test_a_routing_key_right_after_10000_bytes_of_noise_is_delivered(protocol: str) -> None:
    emulator = make_emulator(protocol, 40)
    emulator.start()
    display = open_display(f"{protocol}:{emulator.path}")
    assert isinstance(display, SerialDisplay)
    try:
        emulator.send(random.Random(0).randbytes(10_000))
        emulator.press_route(7)
        # Commands the noise itself made up may come first; the routing key must follow,
        # long before the 5 s stale-key release (the timeout only guards a failing run).
        got = next_command(display, timeout=3.0)
        for _ in range(200):
            if got == DisplayCommand("route", 7):
                break
            got = next_command(display, timeout=3.0)
        assert got == DisplayCommand("route", 7)
        assert display.cells == 40
    finally:
        display.close()
        emulator.stop()


def test_a_key_read_from_behind_a_noise_header_when_the_line_goes_quiet_is_not_held() -> None:
    """Found by the property test above: 80 is a payload header waiting for bytes that never
    come; behind it 03 00 00 01 reads as "selector 1 down" once the line is quiet, and no
    release would ever follow."""
    host = identified_focus()
    tracker = ChordTracker(KEYMAP, clock=FrozenClock())
    commands(host, tracker, host.feed(b"\x80\x03\x00\x00\x01"))
    commands(host, tracker, host.resync())
    assert tracker.held == frozenset()
    assert commands(host, tracker, host.feed(route_7(host))) == [DisplayCommand("route", 7)]
