"""Key maps and the chord rule: commands fire on the first release, as in BRLTTY and NVDA."""

from __future__ import annotations

import pytest

from braille_words.displays.events import DisplayCommand, KeyEvent
from braille_words.displays.keymap import ChordTracker, KeyMap
from braille_words.errors import BrailleWordsError

MAP = KeyMap(
    {
        "display.1": "line_up",
        "display.1+display.4": "top",
        "routing.*": "route",
        "dots.*": "braille_chord",
        "space.1": "space",
        "space.1+dots.7": "backspace",
    }
)


def run(*events: tuple[str, int, bool]) -> list[DisplayCommand]:
    tracker = ChordTracker(MAP)
    fired: list[DisplayCommand] = []
    for group, number, pressed in events:
        fired += tracker.feed(KeyEvent(group, number, pressed))
    return fired


def test_a_single_key_fires_when_released() -> None:
    assert run(("display", 1, True)) == []
    assert run(("display", 1, True), ("display", 1, False)) == [DisplayCommand("line_up")]


def test_a_chord_fires_once_on_the_first_release_whatever_the_order() -> None:
    fired = run(
        ("display", 1, True), ("display", 4, True), ("display", 4, False), ("display", 1, False)
    )
    assert fired == [DisplayCommand("top")]


def test_a_routing_key_gives_its_cell() -> None:
    assert run(("routing", 17, True), ("routing", 17, False)) == [DisplayCommand("route", 17)]


def test_braille_keys_give_the_dots_as_a_bitmask() -> None:
    fired = run(
        ("dots", 1, True),
        ("dots", 2, True),
        ("dots", 4, True),
        ("dots", 2, False),
        ("dots", 1, False),
        ("dots", 4, False),
    )
    assert fired == [DisplayCommand("braille_chord", 0b1011)]


def test_space_with_a_dot_is_a_command_not_a_chord() -> None:
    fired = run(("space", 1, True), ("dots", 7, True), ("dots", 7, False), ("space", 1, False))
    assert fired == [DisplayCommand("backspace")]


def test_an_unbound_combination_does_nothing() -> None:
    assert run(("display", 2, True), ("display", 2, False)) == []
    assert run(("routing", 1, True), ("routing", 2, True), ("routing", 1, False)) == []


def test_a_key_pressed_after_a_chord_fired_starts_a_new_one() -> None:
    fired = run(
        ("routing", 3, True), ("routing", 3, False), ("routing", 5, True), ("routing", 5, False)
    )
    assert fired == [DisplayCommand("route", 3), DisplayCommand("route", 5)]


def test_a_release_without_a_press_is_ignored() -> None:
    assert run(("display", 1, False)) == []


def test_binding_an_unknown_command_is_refused() -> None:
    with pytest.raises(BrailleWordsError, match="not a command"):
        KeyMap({"display.1": "fly"})


def test_a_malformed_key_name_is_refused() -> None:
    with pytest.raises(BrailleWordsError, match=r"group\.number"):
        KeyMap({"display": "line_up"})


def test_a_key_whose_release_was_lost_stops_joining_chords_after_a_while() -> None:
    now = [0.0]
    tracker = ChordTracker(MAP, stale_after=5.0, clock=lambda: now[0])
    tracker.feed(KeyEvent("display", 4, True))  # its release never comes (noise, a lost byte)
    now[0] = 1.0
    tracker.feed(KeyEvent("display", 1, True))
    assert tracker.feed(KeyEvent("display", 1, False)) == [DisplayCommand("top")]  # a chord
    now[0] = 7.0
    tracker.feed(KeyEvent("display", 1, True))  # the stuck key is let go without firing
    assert tracker.feed(KeyEvent("display", 1, False)) == [DisplayCommand("line_up")]
    assert tracker.held == frozenset()


def test_a_key_that_noise_left_held_does_not_swallow_the_next_routing_key() -> None:
    """Issue 17: after line noise Baum and Focus ignored every key for over 5 s."""
    now = [0.0]
    tracker = ChordTracker(KeyMap({"routing.*": "route", "display.1": "line_up"}),
                           clock=lambda: now[0])
    tracker.feed(KeyEvent("display", 3, True))  # garbage: a display key never released
    tracker.feed(KeyEvent("dots", 2, True))  # and a Braille key
    now[0] = 0.05  # the very next press, well within any chord window
    tracker.feed(KeyEvent("routing", 7, True))
    assert tracker.feed(KeyEvent("routing", 7, False)) == [DisplayCommand("route", 7)]
    assert tracker.held == frozenset()  # the garbage is let go, not kept for the next chord
    tracker.feed(KeyEvent("display", 1, True))
    assert tracker.feed(KeyEvent("display", 1, False)) == [DisplayCommand("line_up")]


def test_a_real_chord_still_fires_as_a_whole() -> None:
    tracker = ChordTracker(MAP)
    tracker.feed(KeyEvent("display", 1, True))
    tracker.feed(KeyEvent("display", 4, True))
    assert tracker.feed(KeyEvent("display", 4, False)) == [DisplayCommand("top")]
