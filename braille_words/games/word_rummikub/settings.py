"""Rummikub Słowny's values the rulebook leaves to us: the tile set and the defaults of the
options, read from ``data.toml`` beside it.

Read when first asked for (``default_settings``), never when the rules are imported: the
rules stay free of I/O, and a table (or a test) may pass other values in.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from braille_words.errors import InputError
from braille_words.tiles import Tile, make_tiles


@dataclass(frozen=True)
class Settings:
    """The data file's values (the tile set and the defaults of ``Options``)."""

    letters: Mapping[str, int]
    jokers: int
    lang: str
    """The language of the tiles' letters and of the words laid with them."""
    deal: int
    rack_size: int
    first_word_min: int
    word_min: int
    joker_penalty: int
    first_lay_down_many_words: bool
    pass_round_needs_empty_bank: bool
    move_limit_seconds: int
    move_limit_option: int
    vote_seconds: int


DATA_FILES = {"pl": "data.toml", "en": "data.en.toml"}
"""The data file of each word language: Polish, the rulebook's box; English, ours."""


def load_settings(text: str | None = None, words: str = "pl") -> Settings:
    """Read the data file of the ``words`` language beside it (or ``text`` in the same form)."""
    if text is None:
        text = resources.files("braille_words.games.word_rummikub").joinpath(
            DATA_FILES[words]
        ).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
        tiles = data["tiles"]
        rules = data["rules"]
        return Settings(
            letters={str(k): int(v) for k, v in tiles["letters"].items()},
            jokers=int(tiles["jokers"]),
            lang=str(data.get("lang", "pl")),
            deal=int(rules["deal"]),
            rack_size=int(rules["rack_size"]),
            first_word_min=int(rules["first_word_min"]),
            word_min=int(rules["word_min"]),
            joker_penalty=int(rules["joker_penalty"]),
            first_lay_down_many_words=bool(rules["first_lay_down_many_words"]),
            pass_round_needs_empty_bank=bool(rules["pass_round_needs_empty_bank"]),
            move_limit_seconds=int(rules["move_limit_seconds"]),
            move_limit_option=int(rules["move_limit_option"]),
            vote_seconds=int(rules.get("vote_seconds", 60)),  # added later: older files lack it
        )
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise InputError(f"the Rummikub settings file is not usable: {exc}") from None


@functools.cache
def default_settings(words: str = "pl") -> Settings:
    """Our values for a game in ``words`` (Polish or English), read once from its data file."""
    return load_settings(words=words)


def make_set(settings: Settings | None = None) -> list[Tile]:
    """The full set, ids 0..111 in the data file's letter order, jokers last."""
    settings = settings if settings is not None else default_settings()
    return make_tiles(settings.letters, settings.jokers)
