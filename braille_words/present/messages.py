"""Sentences for events, in the player's language and verbosity.

Catalogues are TOML files, so a teacher or translator edits text without touching code: the
table's own sentences (``common``) beside this module (``catalogues/pl.toml``, ``en.toml``) and
each game's in its folder (``games/<game>/catalogue.pl.toml``), read as the table named after the
folder. A game brings its sentences with it, as it brings its rules.
A key holds either one sentence or ``{ full = "…", terse = "…" }``: beginners hear the full
sentence with its hint, experts the terse one. When a catalogue lacks a key the game's own
English template is used, so a new event is never silent.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

_DIR = Path(__file__).resolve().parent / "catalogues"
_GAMES = Path(__file__).resolve().parent.parent / "games"


@cache
def catalogue(lang: str) -> dict[str, dict[str, Any]]:
    path = _DIR / f"{lang}.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as f:
        tables: dict[str, dict[str, Any]] = tomllib.load(f)
    for game in sorted(_GAMES.glob(f"*/catalogue.{lang}.toml")):
        with game.open("rb") as f:
            tables[game.parent.name] = tomllib.load(f)
    return tables


class _Formatter(string.Formatter):
    """Lists read as "a, b, c"; letters and words in capitals, as on the tiles."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "up":
            return _join(value).upper()
        if format_spec == "spaced":
            return " ".join(_join(value).upper())
        return str(
            super().format_field(
                _join(value) if isinstance(value, list | tuple) else value, format_spec
            )
        )

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return "?"
        return super().get_value(key, args, kwargs)


def _join(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_join(v) for v in value)
    return "" if value is None else str(value)


_FORMATTER = _Formatter()


def fill(template: str, params: Mapping[str, Any]) -> str:
    """Fill a template; a missing parameter reads as "?" rather than failing mid-game."""
    try:
        return _FORMATTER.vformat(template, (), params)
    except (ValueError, IndexError, AttributeError):
        return template


def lookup(lang: str, section: str, key: str, verbosity: str = "beginner") -> str | None:
    """The template for ``key`` in ``section`` (a game id or "common"), or None."""
    entry = catalogue(lang).get(section, {}).get(key)
    if entry is None:
        return None
    if isinstance(entry, dict):
        chosen = entry.get("terse" if verbosity == "expert" else "full") or entry.get("full")
        return chosen if isinstance(chosen, str) else None
    return entry if isinstance(entry, str) else None


def render(
    lang: str,
    section: str,
    key: str,
    params: Mapping[str, Any],
    *,
    verbosity: str = "beginner",
    fallback: str | None = None,
) -> str:
    """The sentence for ``key``: the seat's language, else English, else ``fallback``."""
    # An empty sentence in a catalogue is a choice (say nothing), not a gap to fill.
    for template in (
        lookup(lang, section, key, verbosity),
        lookup(lang, "common", key, verbosity),
        lookup("en", section, key, verbosity),
        fallback,
    ):
        if template is not None:
            return fill(template, params)
    return fill(key.replace("_", " ") + ".", params)


def text(lang: str, key: str, verbosity: str = "beginner", **params: Any) -> str:
    """A common (not game-specific) sentence: prompts, help headings, errors."""
    return render(lang, "common", key, params, verbosity=verbosity)
