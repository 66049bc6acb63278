"""One checker for every setting a teacher or player writes: game options, seat settings,
roster entries and position files.

Settings arrive as text from a command line (``--option move_limit_seconds=60``), as TOML from a
roster or as JSON from a journal. Each is declared once, as a field of a dataclass (its type and
default say what it takes; ``choices``/``minimum``/``maximum`` in the field's metadata narrow
it), and ``check_options`` turns the raw values into typed ones or refuses them with a sentence a
teacher can act on: which setting, what it takes, an example, and what was written instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, fields
from typing import Any, ClassVar, Self, TypeVar

from braille_words.errors import InputError
from braille_words.tiles import is_number

TRUE_WORDS = frozenset({"true", "yes", "tak", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "nie", "off", "0"})

T = TypeVar("T")


class OptionError(InputError):
    """A setting that cannot be used, with what it is and what it takes."""


def choices(*values: str) -> dict[str, Any]:
    """Field metadata: the setting takes one of these words."""
    return {"choices": tuple(values)}


def at_least(minimum: int, maximum: int | None = None) -> dict[str, Any]:
    """Field metadata: a whole number from ``minimum`` (to ``maximum``)."""
    return {"minimum": minimum, "maximum": maximum}


@dataclass(frozen=True)
class Setting:
    """What one setting takes, read from a dataclass field."""

    name: str
    kind: str
    """"bool", "int", "text" or "seats" (a list of seat numbers)."""
    optional: bool
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    @classmethod
    def of(cls, f: Field[Any]) -> Setting:
        spec = str(f.type).replace(" ", "")
        optional = spec.endswith("|None") or spec.startswith("None|")
        base = spec.replace("|None", "").replace("None|", "")
        kind = {
            "bool": "bool",
            "int": "int",
            "str": "text",
            "tuple[int,...]": "seats",
            "tuple[str,...]": "texts",
            "tuple[bool,...]": "flags",
        }.get(base)
        if kind is None:
            raise TypeError(f"the setting {f.name} has a type no checker knows: {f.type}")
        meta = f.metadata
        minimum = meta.get("minimum", 0 if kind == "int" else None)
        return cls(f.name, kind, optional, tuple(meta.get("choices", ())), minimum,
                   meta.get("maximum"))

    def wants(self) -> str:
        """What it takes, said for a teacher."""
        if self.choices:
            return "one of: " + ", ".join(self.choices)
        if self.kind == "bool":
            return "true or false (tak or nie)"
        if self.kind == "int":
            if self.maximum is not None:
                return f"a whole number from {self.minimum} to {self.maximum}"
            return f"a whole number of {self.minimum} or more, such as 60"
        if self.kind == "seats":
            return "a list of seat numbers, such as 0,2"
        if self.kind == "texts":
            return 'a list of texts in quotes, such as ["kot", "dom"]'
        if self.kind == "flags":
            return "a list of true or false, such as [true, false]"
        return "a text, such as zwierzęta"

    def check(self, what: str, value: Any, *, strict: bool = False) -> Any:
        """``value`` as this setting's type, or ``OptionError``. ``strict``: the value comes
        from a JSON file a teacher wrote (a position), where a number in quotes or a yes in
        words is a slip to point out, not a command line's text to read."""
        raw = value
        if value is None and self.optional:
            return None
        if strict and not _json_typed(self.kind, value):
            value = None
        elif self.kind == "bool":
            value = _boolean(value)
        elif self.kind == "int":
            value = _whole(value)
            if value is not None and (
                (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)
            ):
                value = None
        elif self.kind == "seats":
            value = _seats(value)
        elif self.kind in ("texts", "flags"):
            wanted = str if self.kind == "texts" else bool
            ok = isinstance(value, list | tuple) and all(isinstance(v, wanted) for v in value)
            value = tuple(value) if ok else None
        elif not isinstance(value, str):
            value = None
        if value is None or (self.choices and value not in self.choices):
            if strict:  # a teacher's exercise file: said in the page's or seat's language
                raise OptionError.coded(
                    "position_bad_value", name=self.name, value=_shown(raw),
                    kind="choices" if self.choices else self.kind, choices=list(self.choices))
            raise OptionError(
                f"the {what} setting {self.name} must be {self.wants()}; "
                f"{_shown(raw)} is not"
            )
        return value


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 40 else text[:37] + "…'"


def _json_typed(kind: str, value: Any) -> bool:
    """Whether a JSON value has the type a setting of ``kind`` takes (true is no number)."""
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "text":
        return isinstance(value, str)
    return isinstance(value, list | tuple)


def _boolean(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    return None


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and is_number(value.strip()):
        return int(value.strip())
    return None


def _seats(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, str):
        parts = [p for p in re.split(r"[,\s]+", value) if p]
        if not all(is_number(p) for p in parts):
            return None
        return tuple(int(p) for p in parts)
    if isinstance(value, list | tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(value)
    return None


def settings_of(cls: type[Any]) -> list[Setting]:
    """The settings a dataclass declares, one per field."""
    return [Setting.of(f) for f in fields(cls)]


def check_options(
    cls: type[T], what: str, data: Mapping[str, Any], *, strict: bool = False
) -> T:
    """An instance of the dataclass ``cls`` from raw settings, each checked by its field.

    ``what`` names the settings in sentences ("Rummikub", "7 słów", "seat"). An unknown name is
    refused with the known ones and the closest match, so a typo is found at once. ``strict``
    (a position file's JSON): each value must already have its setting's JSON type.
    """
    if not isinstance(data, Mapping):
        if strict:
            raise OptionError.coded("position_not_object", value=_shown(data))
        raise OptionError(f"the {what} settings must be name = value pairs, not {_shown(data)}")
    known = {s.name: s for s in settings_of(cls)}
    values: dict[str, Any] = {}
    for name, value in data.items():
        setting = known.get(str(name))
        if setting is None:
            if strict:
                import difflib  # only for a mistyped name: 80 KB of code otherwise held

                close = difflib.get_close_matches(str(name), list(known), n=1)
                raise OptionError.coded("position_unknown_setting", name=str(name),
                                        close=close[0] if close else "", known=list(known))
            raise OptionError(unknown_setting(what, str(name), list(known)))
        values[setting.name] = setting.check(what, value, strict=strict)
    missing = [
        f.name
        for f in fields(cls)  # type: ignore[arg-type]  # any dataclass
        if f.default is MISSING and f.default_factory is MISSING and f.name not in values
    ]
    if missing:
        if strict:
            raise OptionError.coded("position_missing_settings", names=missing)
        raise OptionError(f"the {what} settings need {', '.join(missing)}")
    return cls(**values)


def unknown_setting(what: str, name: str, known: Sequence[str]) -> str:
    import difflib

    close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return f"there is no {what} setting '{name}'{hint}; the settings are: {', '.join(known)}"


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, asked once: every seat's view carries its game's options,
    and ``fields`` is slow enough to be a tenth of a move's cost at a network table."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def options_json(options: Any) -> dict[str, Any]:
    """A game's options as JSON, field by field (tuples as lists): the one writer for every
    game's ``Options``, as ``check_options`` is the one reader."""
    out: dict[str, Any] = {}
    for name in _field_names(type(options)):
        value = getattr(options, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


class GameOptions:
    """A game's ``Options`` dataclass inherits this: the one JSON writer and the one checked
    reader, with the game's name for the teacher's sentences."""

    game_name: ClassVar[str] = "the game"

    def to_json(self) -> dict[str, Any]:
        return options_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return check_options(cls, cls.game_name, data)
