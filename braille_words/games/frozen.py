"""A game state made anew with a few fields changed, at the cost of copying its fields.

Every move makes a new state (states are frozen dataclasses, never changed in place), and
``dataclasses.replace`` looks the class's fields up and checks each of them at every call, then
sets each field through ``object.__setattr__``: at a school's host, where every table's every
move makes two or three new states, that was a third of what applying a move cost. A frozen
dataclass with no ``__post_init__`` needs none of it: its fields are copied as they are.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}
"""Per class: its fields' names (and as a set), or None when it must go through
``dataclasses.replace`` (a ``__post_init__``, a field not set by ``__init__``, slots)."""


def _fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    known = _FIELDS.get(cls, False)
    if known is not False:
        return known  # type: ignore[return-value]
    made: tuple[tuple[str, ...], frozenset[str]] | None = None
    if dataclasses.is_dataclass(cls) and not hasattr(cls, "__post_init__") \
            and "__slots__" not in cls.__dict__:
        every = dataclasses.fields(cls)
        if all(f.init for f in every):
            names = tuple(f.name for f in every)
            made = (names, frozenset(names))
    _FIELDS[cls] = made
    return made


def replaced(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, made by copying the fields of a dataclass
    with no ``__post_init__``; anything cached on ``obj`` (a ``cached_property``) is left
    behind, as ``replace`` leaves it."""
    cls = type(obj)
    known = _fields(cls)
    if known is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names, every = known
    if not every.issuperset(changes):
        unknown = sorted(set(changes) - every)
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    made = object.__new__(cls)
    kept = obj.__dict__
    made.__dict__.update({name: kept[name] for name in names}, **changes)
    return made
