"""What every game shares: events, rule violations and the seat-view contract.

A game never prints or speaks. It returns events, and ``present/`` turns each one into a
sentence, Braille and a sound for every seat allowed to know it. A rejected move raises
``RuleViolation`` carrying every reason at once, so a player hears all that is wrong with a turn
instead of fixing one mistake per try.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

from braille_words.errors import BrailleWordsError, InputError

PUBLIC: None = None
"""``Event.to`` for news every seat may hear."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for the presenters.

    ``kind`` names the event (``"tile_played"``, ``"word_rejected"``…) and is the key of its
    message in every language catalogue; ``params`` fill the message. ``to`` is the one seat
    allowed to hear it (a rack, a drawn tile) or ``None`` for everyone.
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    to: int | None = PUBLIC

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": dict(self.params), "to": self.to}


@dataclass(frozen=True)
class Reason:
    """One thing wrong with a move: a catalogue key plus what fills its message.

    ``text`` is the English sentence, so logs and tests read well without a catalogue.
    """

    code: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class RuleViolation(BrailleWordsError):
    """A move the rules forbid. The state it was tried on is left exactly as it was."""

    def __init__(self, reasons: Sequence[Reason]) -> None:
        if not reasons:
            raise ValueError("a RuleViolation needs at least one reason")
        # The same reason twice is said once: "wymień 1 1 1 1" names card 1 as repeated
        # three times over, and a player needs to hear it only once.
        unique: dict[tuple[str, str, str], Reason] = {}
        for reason in reasons:
            key = (reason.code, reason.text, repr(sorted(reason.params.items())))
            unique.setdefault(key, reason)
        self.reasons: tuple[Reason, ...] = tuple(unique.values())
        super().__init__("; ".join(r.text for r in self.reasons))

    @classmethod
    def one(cls, code: str, text: str, **params: Any) -> RuleViolation:
        return cls([Reason(code, text, params)])


class ReasonCodes(Mapping[str, str]):
    """A game's refusals: every reason code with its English sentence (the catalogue's
    checklist, and what logs and tests read), and the one way every game makes a reason or a
    refusal from them, so no game writes its own ``_reason``/``_refuse`` helpers."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._texts = dict(texts)

    def __getitem__(self, code: str) -> str:
        return self._texts[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def reason(self, code: str, **params: Any) -> Reason:
        """One thing wrong with a move: ``code``'s sentence filled with ``params``."""
        return Reason(code, self._texts[code].format(**params), params)

    def refuse(self, code: str, **params: Any) -> RuleViolation:
        """The refusal of a move for that one reason (to raise)."""
        return RuleViolation([self.reason(code, **params)])


@dataclass(frozen=True)
class MoveBase:
    """What a game's move shares: its journal name (``kind``) and the JSON the journal keeps,
    the move's own fields beside the kind (tuples as lists)."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


_READ: dict[Any, Any] = {int: int, str: str, bool: bool}

MB = TypeVar("MB", bound=MoveBase)


def read_move(data: Mapping[str, Any], moves: Sequence[type[MB]], what: str) -> MB:
    """The move ``MoveBase.to_json`` wrote, read back by its ``kind`` with each field made
    its declared type again (a list back into a tuple): one reader for every game whose moves
    are ``MoveBase`` dataclasses. A hand-edited journal line that is not one is a sentence
    ("not {what}: …", ``what`` such as "an Alicja move")."""
    try:
        kind = data["kind"]
        cls = next(m for m in moves if m.kind == kind)
        hints = get_type_hints(cls)
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data and f.default is not MISSING:
                continue
            raw, hint = data[f.name], hints[f.name]
            if get_origin(hint) is tuple:
                (item, *_rest) = get_args(hint)
                values[f.name] = tuple(_READ[item](x) for x in raw)
            else:
                values[f.name] = _READ[hint](raw)
        return cls(**values)
    except (KeyError, TypeError, ValueError, StopIteration):
        raise InputError(f"not {what}: {dict(data)!r}") from None
