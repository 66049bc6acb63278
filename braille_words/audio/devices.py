"""Sound output devices, found by index or by name.

Each seat at a classroom table has its own headphones, so a seat names its device ("seat1",
"USB Audio", "3") and everything it hears goes there. PortAudio is imported lazily: it reads
the ALSA configuration once, when first imported, and a program that only prints text should
never pay for (or fail on) a sound library it does not use.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from braille_words.errors import BrailleWordsError
from braille_words.tiles import is_number


class AudioDeviceError(BrailleWordsError):
    """No usable sound output: missing PortAudio, no device, or a name that matches none."""


@dataclass(frozen=True)
class OutputDevice:
    """One output PortAudio offers: what a player types after ``--device``."""

    index: int
    name: str
    host_api: str
    channels: int
    default_rate: float
    is_default: bool = False

    def describe(self) -> str:
        mark = " (default)" if self.is_default else ""
        return f"{self.index}: {self.name} [{self.host_api}, {self.channels} ch]{mark}"


def sounddevice_module() -> ModuleType:
    """``sounddevice``, or a sentence saying why there is no sound library."""
    try:
        import sounddevice
    except (ImportError, OSError) as exc:  # OSError: PortAudio's shared library is missing
        raise AudioDeviceError(
            f"sound output is not available ({exc}); install libportaudio2 and sounddevice"
        ) from None
    module: ModuleType = sounddevice
    return module


def output_devices() -> list[OutputDevice]:
    """Every device that can play sound; empty on a machine without a sound card."""
    sd = sounddevice_module()
    try:
        raw: Any = sd.query_devices()
        apis: Any = sd.query_hostapis()
        default_out = sd.default.device[1]
    except Exception as exc:  # PortAudio errors are plain Exceptions subclasses
        raise AudioDeviceError(f"cannot list sound devices: {exc}") from None
    found: list[OutputDevice] = []
    for index, info in enumerate(raw):
        channels = int(info["max_output_channels"])
        if channels <= 0:
            continue
        api = str(apis[int(info["hostapi"])]["name"])
        found.append(
            OutputDevice(
                index=index,
                name=str(info["name"]),
                host_api=api,
                channels=channels,
                default_rate=float(info["default_samplerate"]),
                is_default=index == default_out,
            )
        )
    return found


def has_output_device() -> bool:
    """True when a sound output exists (False, not an error, when PortAudio is absent)."""
    try:
        return bool(output_devices())
    except AudioDeviceError:
        return False


def resolve_output_device(spec: str | int | None) -> int | None:
    """The PortAudio index for ``spec``: an index, an exact name, or a unique part of a name.

    ``None`` means the system default. Raises ``AudioDeviceError`` listing the outputs when the
    spec names none, or several, so the player can pick again.
    """
    devices = output_devices()
    if not devices:
        raise AudioDeviceError(
            "no sound output device found; speech can go to the terminal instead "
            "(play --speech text, say --engine text)"
        )
    if spec is None or spec == "":
        return None
    listing = "; ".join(d.describe() for d in devices)
    if isinstance(spec, int) or is_number(spec.strip()):
        index = int(spec)
        for dev in devices:
            if dev.index == index:
                return index
        raise AudioDeviceError(
            f"there is no sound output number {index}; the outputs are: {listing}"
        )
    wanted = spec.strip().lower()
    exact = [d for d in devices if d.name.lower() == wanted]
    if exact:
        return exact[0].index
    partial = [d for d in devices if wanted in d.name.lower()]
    if len(partial) == 1:
        return partial[0].index
    if not partial:
        raise AudioDeviceError(f"no sound output is called '{spec}'; the outputs are: {listing}")
    names = ", ".join(d.name for d in partial)
    raise AudioDeviceError(f"'{spec}' matches several sound outputs ({names}); give its number")
