"""Sound for each seat: its own output device, earcons made in code, and the game clocks.

The names below are imported on first use: the game's clocks live here too, and a game
played by text alone must not pay for numpy and PortAudio to start.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "AudioDeviceError": "devices",
    "CuePlayer": "cues",
    "Earcon": "earcons",
    "OutputDevice": "devices",
    "PlayReport": "player",
    "Player": "player",
    "has_output_device": "devices",
    "output_devices": "devices",
    "resolve_output_device": "devices",
    "synthesize": "earcons",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
