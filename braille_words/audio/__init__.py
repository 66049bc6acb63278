"""Sound for each seat: its own output device, earcons made in code, and the game clocks."""

from braille_words.audio.cues import CuePlayer
from braille_words.audio.devices import (
    AudioDeviceError,
    OutputDevice,
    has_output_device,
    output_devices,
    resolve_output_device,
)
from braille_words.audio.earcons import Earcon, synthesize
from braille_words.audio.player import Player, PlayReport

__all__ = [
    "AudioDeviceError",
    "CuePlayer",
    "Earcon",
    "OutputDevice",
    "PlayReport",
    "Player",
    "has_output_device",
    "output_devices",
    "resolve_output_device",
    "synthesize",
]
