"""Alicja's data file (``data.toml``): our values where the rulebook has none — the cups of
each scoring card, the forbidden-letter stacks, the teapot, 60 themes with the words computers
say, little words that are never repeats, and the word families lemmas do not link. A teacher
edits the file; the program reads it once, on the table's side, so the rules stay pure.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from braille_words.errors import InputError

DATA_FILE = Path(__file__).resolve().parent / "data.toml"


def normalize(text: str) -> str:
    """Lower case, NFC: Ą and A stay different letters, as the rules README says."""
    return unicodedata.normalize("NFC", text).lower()


def words_of(text: str) -> list[str]:
    """The words of a line, without the punctuation around them."""
    marks = ".,!?;:\"'„”()"
    return [w.strip(marks) for w in normalize(text).split() if w.strip(marks)]


@dataclass(frozen=True)
class Theme:
    name: str
    children: bool
    words: tuple[str, ...]


@dataclass(frozen=True)
class Data:
    """Everything the game takes from its data file."""

    teapot_seconds: int
    vote_seconds: int
    teapot_advanced: int
    cups: Mapping[int, int]
    cups_5: tuple[int, int]  # (six or more players, five)
    cups_7: tuple[int, int]  # (eight players, seven)
    little: frozenset[str]
    blue: tuple[str, ...]
    purple: tuple[str, ...]
    green: tuple[str, ...]
    red: tuple[str, ...]
    themes: tuple[Theme, ...]
    families: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Each word of a listed family pair, and the words it is of one family with."""

    def cup_value(self, card: int, players: int) -> int:
        if card == 5:
            return self.cups_5[0] if players >= 6 else self.cups_5[1]
        if card == 7:
            return self.cups_7[0] if players >= 8 else self.cups_7[1]
        return self.cups.get(card, 0)


DATA_FILES = {"pl": DATA_FILE, "en": DATA_FILE.with_name("data.en.toml")}
"""The data file of each word language: its themes, letter decks and families."""


def load_data(path: str | Path | None = None, words: str = "pl") -> Data:
    """Read the data file of the ``words`` language (or the file ``path`` names)."""
    source = Path(path) if path is not None else DATA_FILES[words]
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
        play, letters = data["play"], data["letters"]
        return Data(
            teapot_seconds=int(play["teapot_seconds"]),
            vote_seconds=int(play["vote_seconds"]),
            teapot_advanced=int(play.get("teapot_seconds_advanced", 10)),
            cups={int(k): int(v) for k, v in play["cups"].items()},
            cups_5=(int(play["cups_5"]["six_or_more"]), int(play["cups_5"]["five"])),
            cups_7=(int(play["cups_7"]["eight"]), int(play["cups_7"]["seven"])),
            little=frozenset(str(w) for w in play["little"]),
            blue=tuple(str(x) for x in letters["blue"]),
            purple=tuple(str(x) for x in letters["purple"]),
            green=tuple(str(x) for x in letters["green"]),
            red=tuple(str(x) for x in letters["red"]),
            themes=tuple(
                Theme(str(t["name"]), bool(t.get("children", False)),
                      tuple(str(w) for w in t.get("words", [])))
                for t in data["theme"]
            ),
            families=_families(data.get("families", {}).get("pairs", [])),
        )
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise InputError(f"the Alicja data file {source} is not usable: {exc}") from None


def _families(pairs: Sequence[Sequence[str]]) -> dict[str, frozenset[str]]:
    kin: dict[str, set[str]] = {}
    for pair in pairs:
        words = [normalize(str(w)) for w in pair]
        for w in words:
            kin.setdefault(w, set()).update(x for x in words if x != w)
    return {w: frozenset(k) for w, k in kin.items()}


