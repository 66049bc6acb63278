"""Display spec strings (``--display``) → an open display.

Grammar, one function: ``console[:CELLS]``, ``none``, ``auto``, ``brlapi[:HOST:PORT]``,
``PROTOCOL:PORT`` (``baum``, ``handytech``, ``focus``) and ``PROFILE:PORT`` (a model file in
``devices/``, e.g. ``vario-ultra-40:/dev/ttyUSB0``). PORT is a device path or a pyserial URL
such as ``socket://host:7000``, so only the first colon splits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from braille_words.displays.base import Display
from braille_words.displays.codecs import HostProtocol
from braille_words.displays.events import CommandSink, KeySink
from braille_words.displays.profiles import PROTOCOLS, Profile, default_profile, profiles
from braille_words.displays.serial_display import SerialDisplay, StatusSink
from braille_words.errors import BrailleWordsError
from braille_words.tiles import is_number

MAX_CONSOLE_CELLS = 200
_HINT = (
    "Use console, console:40, none, auto, brlapi, brlapi:HOST:PORT, "
    "baum:PORT, handytech:PORT, focus:PORT or MODEL:PORT."
)


@dataclass(frozen=True)
class DisplaySpec:
    kind: str  # console | none | auto | brlapi | serial
    cells: int | None = None  # console width
    host: str | None = None  # brlapi host, "host:port"
    port: str | None = None  # serial device path or URL
    profile: Profile | None = None


def parse_display_spec(spec: str) -> DisplaySpec:
    """Parse ``spec``; anything malformed gives a BrailleWordsError that says what is allowed."""
    text = spec.strip()
    head, sep, rest = text.partition(":")
    head = head.lower()
    if head == "console":
        if not sep:
            return DisplaySpec("console", cells=40)
        if not is_number(rest) or not 1 <= int(rest) <= MAX_CONSOLE_CELLS:
            raise BrailleWordsError(
                f"The console display width must be a number of cells from 1 to "
                f"{MAX_CONSOLE_CELLS}, not {rest!r}."
            )
        return DisplaySpec("console", cells=int(rest))
    if head in ("none", "auto"):
        if sep:
            raise BrailleWordsError(f"The display {head!r} takes no argument. {_HINT}")
        return DisplaySpec(head)
    if head == "brlapi":
        return DisplaySpec("brlapi", host=rest or None)
    if not sep or not rest:
        raise BrailleWordsError(f"The display spec {spec!r} is not understood. {_HINT}")
    known = profiles()
    if head in PROTOCOLS:
        return DisplaySpec("serial", port=rest, profile=default_profile(head))
    if head in known:
        return DisplaySpec("serial", port=rest, profile=known[head])
    raise BrailleWordsError(
        f"{head!r} is neither a display protocol nor a known model. {_HINT} "
        "Run 'braille-words devices braille' to list the models."
    )


def host_protocol(profile: Profile) -> HostProtocol:
    """A fresh host side of the profile's protocol, on the profile's line settings."""
    protocol = _new_protocol(profile)
    protocol.baudrate = profile.baudrate
    protocol.parity = profile.parity
    return protocol


def _new_protocol(profile: Profile) -> HostProtocol:
    if profile.protocol == "baum":
        from braille_words.displays.codecs.baum import BaumHost

        return BaumHost(profile.cells)
    if profile.protocol == "handytech":
        from braille_words.displays.codecs.handytech import HandyTechHost

        return HandyTechHost()
    if profile.protocol == "focus":
        from braille_words.displays.codecs.focus import FocusHost

        return FocusHost()
    raise BrailleWordsError(f"The protocol {profile.protocol!r} is not supported.")


def open_display(
    spec: str | DisplaySpec,
    *,
    stream: TextIO | None = None,
    on_command: CommandSink | None = None,
    on_key: KeySink | None = None,
    on_status: StatusSink | None = None,
) -> Display:
    """Open the display ``spec`` names (the console output goes to ``stream``)."""
    parsed = parse_display_spec(spec) if isinstance(spec, str) else spec
    if parsed.kind == "console":
        from braille_words.displays.console import ConsoleDisplay

        return ConsoleDisplay(
            parsed.cells or 40, stream=stream, on_command=on_command, on_key=on_key
        )
    if parsed.kind == "none":
        from braille_words.displays.console import NoDisplay

        return NoDisplay()
    if parsed.kind == "brlapi":
        from braille_words.displays.brlapi_display import BrlApiDisplay

        return BrlApiDisplay(parsed.host, on_command=on_command, on_key=on_key)
    if parsed.kind == "auto":
        from braille_words.displays.usb import match_usb, serial_ports

        found = match_usb(serial_ports())
        if not found:
            raise BrailleWordsError(
                "No Braille display was found on a USB serial port. Name it with "
                "--display MODEL:PORT, or use --display brlapi if BRLTTY runs."
            )
        profile, port = found[0]
        parsed = DisplaySpec("serial", port=port.device, profile=profile)
    assert parsed.profile is not None and parsed.port is not None
    profile = parsed.profile
    return SerialDisplay(
        parsed.port,
        host_protocol(profile),
        keymap=profile.keymap,
        status_cells=profile.status_cells if profile.status_cells else None,
        on_command=on_command,
        on_key=on_key,
        on_status=on_status,
    )
