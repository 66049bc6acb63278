"""Whether a steal only makes the stolen word plural, which the rulebook forbids: judged by
``inflect``, a maintained English morphology library that ships its data.

inflect wraps 23 of its methods in typeguard's ``@typechecked``. Imported as it is, typeguard
(which brings asyncio, unittest.mock and importlib.metadata along) re-reads, parses and
recompiles inflect's whole 4 000-line module once for each of them: 1–9 s and some 40 MB of a
Word Thief game's memory on a 2-core school machine, for checks that only guard argument types
(ours are always words, ``str``). So inflect is imported with ``typechecked`` standing aside
as Python's own ``-O`` mode leaves it (typeguard's documented no-op): a stand-in module with
just that name while inflect imports, when typeguard is not loaded already (under a test
runner it may be: then its decorator alone is set aside, for that moment). Either way every
other user of typeguard gets the real one.
"""

from __future__ import annotations

import functools
import sys
import types
from typing import Any


def only_plural(new: str, stolen: str) -> bool:
    """Whether ``new`` is no more than the plural of ``stolen`` (WORK → WORKS, BOX → BOXES,
    OX → OXEN), which the rulebook forbids as a steal; WORKED and WORKERS are more."""
    engine = _inflect()
    if engine.plural_noun(stolen) == new:
        return True
    singular = engine.singular_noun(new)
    return bool(singular) and singular == stolen


@functools.cache
def _inflect() -> Any:
    loaded = sys.modules.get("typeguard")
    if loaded is None:
        stand_in = types.ModuleType("typeguard")
        stand_in.typechecked = _unchecked  # type: ignore[attr-defined]
        sys.modules["typeguard"] = stand_in
        try:
            import inflect
        finally:
            if sys.modules.get("typeguard") is stand_in:
                del sys.modules["typeguard"]
    else:
        checked = loaded.typechecked
        loaded.typechecked = _unchecked  # type: ignore[attr-defined]
        try:
            import inflect
        finally:
            loaded.typechecked = checked  # type: ignore[attr-defined]
    return inflect.engine()


def _unchecked(target: Any = None, **_options: Any) -> Any:
    """``typeguard.typechecked`` as ``python -O`` has it: the target itself."""
    return target if target is not None else _unchecked
