"""Display models as data: one TOML file per model in the ``devices`` folder.

A profile names the protocol, the serial line settings, the cell counts, the USB IDs by
which ``auto`` finds the display and the key bindings. Adding a model is adding a file;
nothing here knows any model by name.

Models of one protocol share most of their keys, so a file may name others whose tables it
takes in: ``include = ["keys/baum.toml"]`` (paths relative to the including file, includes
may include). The file's own values win; an included file fills in what the file leaves out,
earlier includes before later ones. Shared files live in ``devices/keys/``, a sub-folder, so
they are never listed as models.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from braille_words.displays.keymap import KeyMap
from braille_words.errors import BrailleWordsError
from braille_words.resources import data_dir

PROTOCOLS = ("baum", "handytech", "focus")
_PARITIES = {"none": "N", "odd": "O", "even": "E"}


@dataclass(frozen=True)
class Profile:
    """One display model."""

    name: str  # the file's stem, used in display specs: ``vario-ultra-40:/dev/ttyUSB0``
    title: str
    protocol: str
    cells: int
    status_cells: int = 0
    baudrate: int = 19200
    parity: str = "N"
    usb_ids: tuple[tuple[int, int], ...] = ()
    usb_serial: bool = True  # False: the USB link is HID only (reach it through BrlAPI)
    keys: dict[str, str] = field(default_factory=dict)
    model_code: int | None = None  # protocol-specific model number (HandyTech)

    @property
    def keymap(self) -> KeyMap:
        return KeyMap(self.keys)


def _usb_id(text: str, where: Path) -> tuple[int, int]:
    try:
        vendor, product = text.split(":")
        return int(vendor, 16), int(product, 16)
    except ValueError:
        raise BrailleWordsError(
            f"{where.name}: the USB id {text!r} should look like 0904:2000."
        ) from None


def _merged(own: dict[str, Any], included: dict[str, Any]) -> dict[str, Any]:
    """``own`` with what it lacks taken from ``included``; tables are merged key by key."""
    out = dict(own)
    for key, value in included.items():
        if key not in out:
            out[key] = value
        elif isinstance(out[key], dict) and isinstance(value, dict):
            out[key] = _merged(out[key], value)
    return out


def read_profile_data(path: Path, *, _within: tuple[Path, ...] = ()) -> dict[str, Any]:
    """A profile file's tables with its includes merged in (see the module's docstring)."""
    try:
        raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BrailleWordsError(f"The display profile {path} cannot be read: {exc}.") from exc
    includes = raw.pop("include", [])
    if not isinstance(includes, list) or not all(isinstance(i, str) for i in includes):
        raise BrailleWordsError(
            f"{path.name}: include must be a list of file names, such as [\"keys/baum.toml\"]."
        )
    here = path.resolve()
    for name in includes:
        other = (path.parent / name).resolve()
        if other == here or other in _within:
            raise BrailleWordsError(f"{path.name}: including {name} would include itself.")
        raw = _merged(raw, read_profile_data(other, _within=(*_within, here)))
    return raw


def load_profile(path: Path) -> Profile:
    """Read one profile file and its includes; a broken file gives an error that names it."""
    raw = read_profile_data(path)
    try:
        protocol = str(raw["protocol"])
        cells = int(raw["cells"])
    except KeyError as exc:
        raise BrailleWordsError(f"The display profile {path.name} lacks {exc.args[0]!r}.") from None
    if protocol not in PROTOCOLS:
        raise BrailleWordsError(
            f"The display profile {path.name} names protocol {protocol!r}; "
            f"known ones are {', '.join(PROTOCOLS)}."
        )
    line = raw.get("serial", {})
    usb = raw.get("usb", {})
    parity = _PARITIES.get(str(line.get("parity", "none")))
    if parity is None:
        raise BrailleWordsError(f"{path.name}: parity must be none, odd or even.")
    keys = {str(k): str(v) for k, v in raw.get("keys", {}).items()}
    profile = Profile(
        name=path.stem,
        title=str(raw.get("title", path.stem)),
        protocol=protocol,
        cells=cells,
        status_cells=int(raw.get("status_cells", 0)),
        baudrate=int(line.get("baudrate", 19200)),
        parity=parity,
        usb_ids=tuple(_usb_id(str(i), path) for i in usb.get("ids", [])),
        usb_serial=bool(usb.get("serial", True)),
        keys=keys,
        model_code=int(raw["model_code"]) if "model_code" in raw else None,
    )
    profile.keymap  # noqa: B018 - check the bindings now, not at the first key press
    return profile


@cache
def _load_folder(folder: Path) -> dict[str, Profile]:
    return {p.stem: load_profile(p) for p in sorted(folder.glob("*.toml"))}


def profiles(folder: Path | None = None) -> dict[str, Profile]:
    """Every profile in ``folder`` (the shipped ``devices`` folder by default), by name."""
    return dict(_load_folder(folder or data_dir("devices")))


def get_profile(name: str) -> Profile:
    found = profiles().get(name)
    if found is None:
        raise BrailleWordsError(
            f"There is no display model called {name!r}. "
            "Run 'braille-words devices braille' to list the models."
        )
    return found


def default_profile(protocol: str) -> Profile:
    """The generic profile of a protocol (``<protocol>-generic``), for bare ``baum:PATH`` specs."""
    return get_profile(f"{protocol}-generic")
