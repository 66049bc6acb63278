"""``braille-words devices audio``: which sound outputs a seat can be given."""

from __future__ import annotations

import argparse
from typing import Any

from braille_words.audio.devices import AudioDeviceError, output_devices


def register_devices(subparsers: Any) -> None:
    p = subparsers.add_parser("audio", help="list sound output devices (for --device)")
    p.set_defaults(func=list_audio_devices)


def list_audio_devices(_args: argparse.Namespace) -> int:
    try:
        devices = output_devices()
    except AudioDeviceError as exc:
        print(f"No sound output: {exc}")
        return 1
    if not devices:
        print(
            "No sound output device found. Speech can still go to the terminal "
            "(play --speech text, say --engine text) for a screen reader to read."
        )
        return 1
    print("Sound outputs (give the number or the name to --device):")
    for dev in devices:
        print(f"  {dev.describe()}")
    return 0
