"""Files of flat arrays beside a compiled lexicon, mapped into memory rather than read.

A file is a magic line naming its kind, an 8-byte header length, a JSON header (with the
sections' offsets, lengths and type codes) and the arrays, each aligned to 8 bytes — the
layout of the word graph (``store.py``), for any set of named arrays. Mapping one costs a
header parse; the pages are read (and shared between processes) only when an array is used.

Every such file carries the ``stamp`` of the lexicon build that made it: a file whose stamp
is not the graph's belongs to another build and is not used.
"""

from __future__ import annotations

import json
import mmap
import os
import sys
import tempfile
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError

MAX_HEADER = 1 << 24
INTEGER_CODES = frozenset("bBhHiIlLqQ")


def _magic(kind: str) -> bytes:
    return f"braille-words {kind}\n".encode()


def _pad(n: int) -> int:
    return (-n) % 8


def write(target: Path, kind: str, header: dict[str, Any], sections: dict[str, array[int]]) -> None:
    """Write ``sections`` with ``header`` as a ``kind`` file, atomically (temporary + rename)."""
    layout: dict[str, list[object]] = {}
    offset = 0
    for name, arr in sections.items():
        size = len(arr) * arr.itemsize
        layout[name] = [offset, len(arr), arr.typecode]
        offset += size + _pad(size)
    write_file(target, _magic(kind), dict(header, sections=layout), list(sections.values()))


def write_file(
    target: Path, magic: bytes, header: dict[str, Any], chunks: Sequence[array[int]]
) -> None:
    """The layout every compiled file shares (the word graph's too): ``magic``, the header's
    length, the JSON header padded to 8 bytes, then each array padded to 8 bytes. Written to
    a temporary file and renamed, so a reader never maps a half-written one."""
    if sys.byteorder != "little":
        raise BrailleWordsError("compiled lexicons are only made on little-endian machines")
    head = json.dumps(header, ensure_ascii=False).encode()
    head += b" " * _pad(len(magic) + 8 + len(head))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(magic)
            out.write(len(head).to_bytes(8, "little"))
            out.write(head)
            for arr in chunks:
                data = arr.tobytes()
                out.write(data)
                out.write(b"\0" * _pad(len(data)))
        os.chmod(tmp, 0o644)  # a classroom's accounts may share one data folder
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_header(source: Path, kind: str) -> dict[str, Any] | None:
    """The JSON header of a ``kind`` file, or None when it is missing or not one."""
    return read_header_after(source, _magic(kind))


def read_header_after(source: Path, magic: bytes) -> dict[str, Any] | None:
    """The JSON header of a file that starts with ``magic``, or None."""
    try:
        with open(source, "rb") as handle:
            if handle.read(len(magic)) != magic:
                return None
            size = int.from_bytes(handle.read(8), "little")
            if size > MAX_HEADER:
                return None
            header = json.loads(handle.read(size))
    except (OSError, ValueError):
        return None
    return header if isinstance(header, dict) else None


@dataclass
class Mapped:
    """A mapped file: its header and its arrays (views into the mapping)."""

    header: dict[str, Any]
    sections: dict[str, Sequence[int]]
    mapping: mmap.mmap


def map_file(source: Path, kind: str) -> Mapped | None:
    """Map a ``kind`` file, or None when it is missing, not one, or damaged."""
    header = read_header(source, kind)
    if header is None:
        return None
    magic = _magic(kind)
    try:
        with open(source, "rb") as handle:
            mapping = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    start = len(magic) + 8 + int.from_bytes(mapping[len(magic) : len(magic) + 8], "little")
    view = memoryview(mapping)
    sections: dict[str, Sequence[int]] = {}
    try:
        for name, (offset, length, code) in header["sections"].items():
            size = int(length) * array(str(code)).itemsize
            begin = start + int(offset)
            if begin + size > len(mapping):
                return None
            if str(code) not in INTEGER_CODES:
                return None
            sections[name] = view[begin : begin + size].cast(str(code))  # type: ignore[call-overload]
    except (KeyError, TypeError, ValueError):
        return None
    return Mapped(header, sections, mapping)
