"""JSON text made by one encoder built once, for what is made at every move.

``json.dumps`` with arguments builds a new encoder at every call, and even a kept
``JSONEncoder.encode`` builds its C encoder anew at every call: about 2 µs each time, which a
school's host pays twenty times a move (every seat's view, every event, the journal's line).
Here the C encoder is built once and called directly; its text is what ``json.dumps`` makes
with the same arguments (``ensure_ascii=False``). Where Python has no C encoder, the kept
``JSONEncoder`` is used.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from typing import Any


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def encoder(*, compact: bool = True, sort_keys: bool = False,
            default: Callable[[Any], Any] | None = None) -> Callable[[Any], str]:
    """A function making a value's JSON text, as ``json.dumps(value, ensure_ascii=False,
    separators=(",", ":") if compact else None, sort_keys=sort_keys, default=default)``
    does. Not checked for cycles (plain data has none): a cyclic value raises
    ``RecursionError``."""
    separators = (",", ":") if compact else (", ", ": ")
    # The C encoder is not in the typeshed: it is the json module's own, built here as
    # ``JSONEncoder.iterencode`` builds it (no cycle markers, the C string escaper).
    make = getattr(json.encoder, "c_make_encoder", None)
    escape = getattr(json.encoder, "c_encode_basestring", None)
    if make is None or escape is None:  # pragma: no cover - CPython has it
        return json.JSONEncoder(ensure_ascii=False, separators=separators, sort_keys=sort_keys,
                                default=default).encode
    built = make(None, default or _refuse, escape, None,
                 separators[1], separators[0], sort_keys, False, True)

    def encode(value: Any) -> str:
        return "".join(built(value, 0))

    return encode
