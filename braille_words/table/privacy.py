"""Which seats would overhear each other: the channels a seat's private words travel on.

A rack is private, but privacy is only as good as the headphones. Two people whose speech
goes to the same sound device, or whose Braille is printed on the same terminal, hear and
read each other's tiles whatever the table does. So a roster is checked for seats that share
a channel before the lesson, and the table falls back to handing the keyboard over when
people share one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from braille_words.errors import BrailleWordsError
from braille_words.table.seats import SeatConfig

TERMINAL = "the terminal"
DEFAULT_SOUND = "the default sound device"


@dataclass(frozen=True)
class SharedChannel:
    """Two seats whose private words reach the same place."""

    first: int
    second: int
    channel: str


def speech_channel(seat: SeatConfig, resolve: Callable[[str], str] | None = None) -> str | None:
    """Where a seat's voice is heard; ``resolve`` turns a sound device spec into one name."""
    head = seat.speech.split("+")[0].split(":")[0].strip().lower()
    if head == "none" or not seat.is_human:
        return None
    if head == "text":
        return TERMINAL
    if head == "record":
        path = seat.speech.split("+")[0].partition(":")[2]
        return f"the file {path}"
    device = seat.sound
    with contextlib.suppress(BrailleWordsError):  # a bad spec is the check's to report
        from braille_words.speech.factory import parse_spec

        device = parse_spec(seat.speech)[0].options.get("device") or device
    # pyttsx3 speaks on the system's own device whatever --sound says.
    if head == "pyttsx3" or device in (None, ""):
        return DEFAULT_SOUND
    name = device
    if head == "speechd":
        return f"the PulseAudio sink {name}"  # not a PortAudio name: nothing to resolve
    if resolve is not None:
        with contextlib.suppress(BrailleWordsError):  # the check reports it on its own
            name = resolve(name)
    return f"the sound device {name}"


def display_channel(seat: SeatConfig) -> str | None:
    """Where a seat's Braille is shown: a terminal, a port, a BRLTTY server."""
    if not seat.is_human:
        return None
    head, _, rest = seat.display.strip().partition(":")
    head = head.lower()
    if head == "none":
        return None
    if head == "console":
        return TERMINAL
    if head == "brlapi":
        return f"the BRLTTY display {rest or 'on this computer'}"
    if head == "auto":
        return "the first USB Braille display"
    return f"the Braille display on {rest}"


def shared_channels(
    seats: Sequence[SeatConfig], resolve: Callable[[str], str] | None = None
) -> list[SharedChannel]:
    """Every pair of people whose private words would reach one another."""
    found: list[SharedChannel] = []
    seen: dict[str, int] = {}
    for index, seat in enumerate(seats):
        channels = {speech_channel(seat, resolve), display_channel(seat)} - {None}
        for channel in sorted(c for c in channels if c is not None):
            if channel in seen:
                found.append(SharedChannel(seen[channel], index, channel))
            else:
                seen[channel] = index
    return found


def sharing_groups(
    seats: Sequence[SeatConfig], resolve: Callable[[str], str] | None = None
) -> list[frozenset[int]]:
    """People who share a channel, gathered (through any chain of shared channels) in groups.

    Each group plays hot-seat: one member at a time holds the shared devices.
    """
    parent = list(range(len(seats)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for shared in shared_channels(seats, resolve):
        parent[root(shared.second)] = root(shared.first)
    groups: dict[int, set[int]] = {}
    for index in range(len(seats)):
        groups.setdefault(root(index), set()).add(index)
    return [frozenset(g) for g in groups.values() if len(g) > 1]


def sound_device_name(spec: str) -> str:
    """The PortAudio name of a sound device spec, so '1' and its name count as one device."""
    from braille_words.audio.devices import output_devices, resolve_output_device

    index = resolve_output_device(spec)
    for device in output_devices():
        if device.index == index:
            return device.name
    return spec
