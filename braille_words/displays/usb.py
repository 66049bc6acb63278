"""Finding displays on USB serial ports by vendor and product ID (the IDs live in profiles)."""

from __future__ import annotations

from dataclasses import dataclass

from serial.tools import list_ports

from braille_words.displays.profiles import Profile, profiles


@dataclass(frozen=True)
class SerialPortInfo:
    device: str
    description: str
    vid: int | None
    pid: int | None


def serial_ports() -> list[SerialPortInfo]:
    """The serial ports the system shows, with their USB IDs when they have them."""
    return [
        SerialPortInfo(p.device, p.description or "", p.vid, p.pid)
        for p in sorted(list_ports.comports(), key=lambda p: p.device)
    ]


def match_usb(
    ports: list[SerialPortInfo], known: dict[str, Profile] | None = None
) -> list[tuple[Profile, SerialPortInfo]]:
    """Each port whose USB IDs a serial-capable profile lists, with that profile."""
    table = known if known is not None else profiles()
    found: list[tuple[Profile, SerialPortInfo]] = []
    for port in ports:
        if port.vid is None or port.pid is None:
            continue
        # A model's own profile before a protocol's generic one listing the same IDs.
        for profile in sorted(table.values(), key=lambda p: (p.name.endswith("-generic"), p.name)):
            if profile.usb_serial and (port.vid, port.pid) in profile.usb_ids:
                found.append((profile, port))
                break
    return found
