"""Who sits at the table and through what they play.

A seat's settings are plain data: they go into the journal header so a resumed game reopens
the same displays and voices, and a teacher's roster file is a list of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from braille_words.braille.translator import BRAILLE_SETTINGS
from braille_words.errors import InputError
from braille_words.games.options import (
    OptionError,
    check_options,
    choices,
    settings_of,
    unknown_setting,
)
from braille_words.tiles import is_number

KINDS = ("human", "computer")
LEVELS = ("beginner", "medium", "strong")
DEFAULT_LEVEL = "medium"
"""A computer named without a level (``--players human,computer``, a roster's seat without
``level``) plays at the medium level, as the default table does: it plays only words a child
knows (the compiled frequencies' common forms). The strong level knows the whole dictionary,
rare words with it (SPURYTANIAŁBYM, SWIVET): a player asks for it by name, ``computer:strong``."""
VERBOSITIES = ("beginner", "expert")
LANGS = ("pl", "en")
BRAILLE = tuple(BRAILLE_SETTINGS)
WHERE = ("here", "network")


@dataclass
class SeatConfig:
    """One seat: a person (or the computer) with their own display, voice and sound device."""

    name: str
    kind: str = field(default="human", metadata=choices(*KINDS))
    level: str = field(default=DEFAULT_LEVEL, metadata=choices(*LEVELS))
    lang: str = field(default="pl", metadata=choices(*LANGS))
    verbosity: str = field(default="beginner", metadata=choices(*VERBOSITIES))
    braille: str = field(default="auto", metadata=choices(*BRAILLE))
    """The Braille of the seat's sentences: "auto" is its language's literary braille (UEB
    grade 2 for English), "ueb-g1" grade 1 for a learner, "computer" 8-dot computer braille
    (American computer braille for English). Tiles and cards are one letter a cell always."""
    display: str = "console"
    speech: str = "auto"
    sound: str | None = None
    keyboard: str = "terminal"
    """Who types for this seat besides its display's own keys: "terminal" (the computer's
    keyboard, handed over between the seats that share it), "none", or a second USB keyboard
    of its own by its stable name (``/dev/input/by-id/…-event-kbd``)."""
    where: str = field(default="here", metadata=choices(*WHERE))
    """"network": the person plays at their own computer (``braille-words join``) with their
    own display, voice and keyboard; this computer opens none of them."""
    group: str = ""
    """The student's class (a roster's ``class``, else its file's name; "" without a roster):
    the term's report tells two students of one name apart by it (Ola of 3a is not Ola of
    3b), and says it beside each name."""

    def __post_init__(self) -> None:
        # The same checker as a roster's and a game's options: one sentence for one mistake.
        for setting in settings_of(SeatConfig):
            setting.check("seat", getattr(self, setting.name))
        if self.keyboard not in ("terminal", "none") and not self.keyboard.startswith("/dev/"):
            raise OptionError(
                f"a seat's keyboard is \"terminal\", \"none\" or a keyboard's device such as "
                f"/dev/input/by-id/usb-…-event-kbd, not {self.keyboard!r}"
            )

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatConfig:
        return check_options(cls, "seat", data)


PERSON_NAMES: dict[str, tuple[str, ...]] = {
    "pl": ("Gracz", "Drugi gracz", "Trzeci gracz", "Czwarty gracz", "Piąty gracz",
           "Szósty gracz", "Siódmy gracz", "Ósmy gracz"),
    "en": ("Player", "Second player", "Third player", "Fourth player", "Fifth player",
           "Sixth player", "Seventh player", "Eighth player"),
}
"""People's default names: the seat's place said as a word. "Gracz 2" beside a score or a
seat number ("Gracz 2 5", ``gąsienica 2``) could not be told from the numbers around it, in
speech or in Braille; an ordinal word keeps the order the teacher gave and holds no digit."""

COMPUTER_NAMES: dict[str, tuple[str, ...]] = {
    "pl": ("Ada", "Bolek", "Celina", "Dyzio", "Felek", "Gosia", "Henio", "Irka"),
    "en": ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gwen", "Hal"),
}
"""Computers' default names: given names, none of them a person's default, each starting with
its own letter, so a child tells the computers apart by ear, types a name to pick one
(``gąsienica Bolek``) and never meets a digit in a name."""


def person_name(number: int, lang: str) -> str:
    """The default name of the ``number``-th person (from 1) at a table in ``lang``."""
    return _nth(PERSON_NAMES, number, lang)


def computer_name(number: int, lang: str) -> str:
    """The default name of the ``number``-th computer (from 1) at a table in ``lang``."""
    return _nth(COMPUTER_NAMES, number, lang)


def _nth(lists: dict[str, tuple[str, ...]], number: int, lang: str) -> str:
    names = lists.get(lang, lists["en"])
    if number <= len(names):
        return names[number - 1]
    # More seats than any game takes: the list again, told apart by a letter, not a digit.
    return f"{names[(number - 1) % len(names)]} {chr(ord('A') + (number - 1) // len(names))}"


def parse_players(text: str, lang: str = "pl") -> list[SeatConfig]:
    """``--players human,computer`` (``człowiek,komputer``; ``computer:beginner`` sets a level)."""
    aliases = {
        "human": "human",
        "człowiek": "human",
        "ty": "human",
        "you": "human",
        "computer": "computer",
        "komputer": "computer",
        "cpu": "computer",
        "remote": "remote",
        "zdalny": "remote",
        "network": "remote",
    }
    seats: list[SeatConfig] = []
    items = [p.strip() for p in text.split(",") if p.strip()]
    if not items:
        raise InputError("--players needs a list such as human,computer")
    humans = computers = 0
    for item in items:
        word, _, level = item.partition(":")
        kind = aliases.get(word.lower())
        if kind is None:
            raise InputError(
                f"a player is 'human', 'remote' (at their own computer, for 'host') or "
                f"'computer' (optionally computer:beginner), not '{item}'"
            )
        remote = kind == "remote"
        if remote:
            kind = "human"
        if kind == "human":
            humans += 1
            name = person_name(humans, lang)
        else:
            computers += 1
            name = computer_name(computers, lang)
        seats.append(
            SeatConfig(
                name=name,
                kind=kind,
                level=level or DEFAULT_LEVEL,
                lang=lang,
                speech="auto" if kind == "human" and not remote else "none",
                display="console" if kind == "human" and not remote else "none",
                keyboard="none" if remote else "terminal",
                where="network" if remote else "here",
            )
        )
    # Names must tell seats apart when they are read out.
    return seats


def apply_seat_options(seats: list[SeatConfig], texts: Sequence[str]) -> None:
    """Every ``--seat`` of a command line, in order. A setting given twice for one seat
    (``--seat 1:name=Ola --seat 1:name=Jan``) is refused: keeping the last one silently
    would start a game the teacher did not ask for."""
    given: dict[tuple[int, str], str] = {}
    for text in texts:
        for index, key, value in apply_seat_option(seats, text):
            before = given.get((index, key))
            if before is not None:
                raise InputError(
                    f"--seat {index + 1} gives {key} twice ({before}, then {value}); "
                    "give each seat's setting once"
                )
            given[(index, key)] = value


def apply_seat_option(seats: list[SeatConfig], text: str) -> list[tuple[int, str, str]]:
    """``--seat N:key=value,key=value`` — give seat N (from 1) its own display, voice, name…
    Returns (seat index, key, value) of each setting given, for ``apply_seat_options``."""
    number, sep, rest = text.partition(":")
    if not sep or not is_number(number.strip()):
        raise InputError(
            f"--seat takes N:key=value,… (for example 2:display=baum:/dev/pts/3), not '{text}'"
        )
    index = int(number) - 1
    if not 0 <= index < len(seats):
        raise InputError(f"there is no seat {number}; seats are numbered 1 to {len(seats)}")
    seat = seats[index]
    known = {f.name for f in fields(SeatConfig)}
    # A display spec contains ':' and may contain ','; split on ',' only before a known key.
    parts: list[str] = []
    for piece in rest.split(","):
        key = piece.partition("=")[0].strip()
        if parts and (key not in known or "=" not in piece):
            parts[-1] += "," + piece
        else:
            parts.append(piece)
    settings: list[tuple[int, str, str]] = []
    for part in parts:
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or key not in known:
            raise OptionError(unknown_setting("seat", key, sorted(known)))
        if any(k == key for _i, k, _v in settings):
            raise InputError(f"--seat {number.strip()} gives {key} twice; give it once")
        setattr(seat, key, value.strip())
        settings.append((index, key, value.strip()))
    given = {key for _i, key, _v in settings}
    if "display" in given and "keyboard" not in given and not (
        seat.display in ("none", "") or seat.display.startswith("console")
    ):
        # As in a roster: a seat given a Braille display of its own types on its keys, so
        # the terminal's keyboard does not act for it too (the terminal's "dobierz" drew
        # for Ola; Janek's "wyjdź" there ended both games).
        seat.keyboard = "none"
    seat.__post_init__()
    return settings


def check_names(seats: list[SeatConfig]) -> None:
    """Two seats under one name cannot be told apart when the scores are read out."""
    seen: dict[str, int] = {}
    for number, seat in enumerate(seats, start=1):
        key = " ".join(seat.name.split()).casefold()
        if not key:
            raise InputError(f"seat {number} needs a name")
        if key in seen:
            raise InputError(
                f"seats {seen[key]} and {number} are both called {seat.name}; players are told "
                f"apart by name, so give one another (--seat {number}:name=…)"
            )
        seen[key] = number
