"""The messages between a table's host and a student's computer, checked on arrival.

Each WebSocket text frame is one JSON object with a type ``t``; the client's first message
(``hello``) carries the protocol version ``v``. Everything a client sends is checked here
before the table sees it: a field the type does not have, a value of the wrong type, a string
longer than a line can be — each is a ``ProtocolError`` whose code the host words for the
person and then closes the connection. Nothing a client says names a seat: the join code it
gave (or the token it was given) decides which seat a connection speaks for, so a forged seat
number has nowhere to go.

Pure: no sockets, no clock; the host and the client both import it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from braille_words.json_text import encoder

VERSION = 4
"""4: a seat's view after the first on a connection goes as what changed since the one
before (``delta``, ``net.view_delta``); a client of version 3 would read no view in it.
3: the student's computer reports what its seat's display shows and what it said
(``screen``), for the teacher's page; a host of version 2 would close the connection at that
message, so the versions do not mix. 2: a seat's news goes as data (its view, its events,
catalogue keys) and is worded on the student's computer; 1 sent sentences and cells made on
the host."""
MAX_MESSAGE = 64 * 1024
"""Bytes in one frame: a typed line is at most a few hundred; anything near this is not a
player's."""
MAX_LINE = 500
MAX_KEY_NAME = 40
MAX_CELLS = 160
"""The widest display a hello may announce; a ``screen`` is further held to the width its own
connection announced."""
HEARD_MOST = 8
"""Sentences one ``screen`` may carry: the teacher's page shows that many of a seat's latest."""
MAX_HEARD = 1000
"""Characters in one reported sentence (a long help page is cut, with an ellipsis)."""
CODE_LENGTH = 6
TOKEN_LENGTH = 32

SERVICE_TYPE = "_braille-words._tcp.local."
"""The mDNS service a host announces and ``join`` looks for."""


class ProtocolError(Exception):
    """A message no honest client sends: the connection is closed with ``code``'s sentence."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code


@dataclass(frozen=True)
class Hello:
    """The first message: who this is (a join code or the token of an earlier connection),
    and how the student's computer presents their seat. Since version 2 it presents the seat
    itself; the table keeps the language and verbosity for the few sentences it still words
    (why it closes the connection), and the display's width is said for the record (the cells
    are drawn on the student's side)."""

    version: int
    code: str
    token: str
    lang: str
    verbosity: str
    cells: int
    status_cells: int
    hears: bool
    """The student hears speech; a seat that only reads keeps news waiting on its cells."""


@dataclass(frozen=True)
class Line:
    text: str


@dataclass(frozen=True)
class Key:
    """A key pressed on the student's own Braille display, as the display's driver named it."""

    name: str
    arg: int | None


@dataclass(frozen=True)
class Typing:
    """Whether letters wait on the student's typing line (their display's Braille keyboard):
    the table's time-up may wait for a half-typed move. The letters stay on their computer."""

    busy: bool


@dataclass(frozen=True)
class Bye:
    """The student leaves on purpose (not a dropped connection)."""


@dataclass(frozen=True)
class Screen:
    """What the student's computer shows on its seat's display now (its cells, the name of
    the line they are on) and the sentences it said since its last report: for the teacher's
    page only, never for another seat. Sent when something changed, at most a few a second."""

    cells: bytes
    line: str
    heard: tuple[str, ...]


ClientMessage = Hello | Line | Key | Typing | Bye | Screen

_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"v": int, "code": str, "token": str, "lang": str, "verbosity": str,
              "cells": int, "status_cells": int, "hears": bool},
    "line": {"text": str},
    "key": {"name": str, "arg": (int, type(None))},
    "typing": {"busy": bool},
    "bye": {},
    "screen": {"cells": str, "line": str, "heard": list},
}
_REQUIRED = {"hello": {"v"}, "line": {"text"}, "key": {"name"}, "typing": {"busy"},
             "bye": set(), "screen": {"cells", "line", "heard"}}
_HEX = re.compile(r"(?:[0-9a-f]{2})*")


def parse_client(raw: str | bytes) -> ClientMessage:
    """One frame from a client, or ``ProtocolError``."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not_json") from None
    if type(data) is dict and len(data) == 2:
        # A typed line, nearly every message a student sends: the checks below, in short
        # (its two fields only, its text a string no longer than a line).
        text = data.get("text")
        if type(text) is str and data.get("t") == "line":
            if len(text) > MAX_LINE:
                raise ProtocolError("too_big")
            return Line(text)
    if not isinstance(data, dict):
        raise ProtocolError("not_json")
    kind = data.pop("t", None)
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError("unknown_type")
    fields = _FIELDS[kind]
    unknown = set(data) - set(fields)
    if unknown:
        raise ProtocolError("unknown_field", ", ".join(sorted(unknown)))
    missing = _REQUIRED[kind] - set(data)
    if missing:
        raise ProtocolError("missing_field", ", ".join(sorted(missing)))
    for name, value in data.items():
        want = fields[name]
        # bool is an int in Python: a number field must not take true/false, nor the reverse.
        if isinstance(value, bool) != (want is bool) and not (
            isinstance(want, tuple) and value is None
        ):
            raise ProtocolError("bad_field", name)
        if not isinstance(value, want):
            raise ProtocolError("bad_field", name)
    if kind == "hello":
        return _hello(data)
    if kind == "line":
        line = data["text"]
        if len(line) > MAX_LINE:
            raise ProtocolError("too_big")
        return Line(line)
    if kind == "key":
        name = data["name"]
        arg = data.get("arg")
        if not name or len(name) > MAX_KEY_NAME or (arg is not None and not 0 <= arg < 256):
            raise ProtocolError("bad_field", "key")
        return Key(name, arg)
    if kind == "typing":
        return Typing(bool(data["busy"]))
    if kind == "screen":
        return _screen(data)
    return Bye()


def _screen(data: dict[str, Any]) -> Screen:
    cells, line, heard = data["cells"], data["line"], data["heard"]
    if len(cells) > 2 * MAX_CELLS or not _HEX.fullmatch(cells):
        raise ProtocolError("bad_field", "cells")
    if len(line) > MAX_KEY_NAME:
        raise ProtocolError("bad_field", "line")
    if len(heard) > HEARD_MOST or not all(
        isinstance(s, str) and len(s) <= MAX_HEARD for s in heard
    ):
        raise ProtocolError("bad_field", "heard")
    return Screen(bytes.fromhex(cells), line, tuple(heard))


def screen(cells: bytes, line: str, heard: list[str]) -> dict[str, Any]:
    """The ``screen`` message for ``cells`` on the display, the ``line`` they are on and the
    sentences ``heard`` since the last one: the latest that fit, each cut to fit."""
    kept = [s if len(s) <= MAX_HEARD else s[:MAX_HEARD - 1] + "…" for s in heard if s]
    return {"t": "screen", "cells": cells[:MAX_CELLS].hex(), "line": line[:MAX_KEY_NAME],
            "heard": kept[-HEARD_MOST:]}


def _hello(data: dict[str, Any]) -> Hello:
    code = str(data.get("code", "")).replace(" ", "").replace("-", "")
    token = str(data.get("token", ""))
    if len(code) > 20 or len(token) > 100:
        raise ProtocolError("bad_field", "code")
    lang = str(data.get("lang", "pl"))
    verbosity = str(data.get("verbosity", "beginner"))
    cells = int(data.get("cells", 0))
    status = int(data.get("status_cells", 0))
    if lang not in ("pl", "en") or verbosity not in ("beginner", "expert"):
        raise ProtocolError("bad_field", "lang")
    if not 0 <= cells <= MAX_CELLS or not 0 <= status <= 20:
        raise ProtocolError("bad_field", "cells")
    return Hello(int(data["v"]), code, token, lang, verbosity, cells, status,
                 bool(data.get("hears", True)))


def hello(code: str = "", *, token: str = "", lang: str = "pl", verbosity: str = "beginner",
          cells: int = 0, status_cells: int = 0, hears: bool = True,
          version: int = VERSION) -> str:
    return dump({"t": "hello", "v": version, "code": code, "token": token, "lang": lang,
                 "verbosity": verbosity, "cells": cells, "status_cells": status_cells,
                 "hears": hears})


_DUMP = encoder()
"""One encoder for every message (``json.dumps`` with arguments makes one at each call)."""


def dump(message: dict[str, Any]) -> str:
    return _DUMP(message)
