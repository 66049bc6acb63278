"""Scrabble karty's cards: 92 letter cards (2 blanks) and 20 premium cards in one bag.

The letter counts and values are the rulebook's table; the 13 conditional cards (their light
and dark values), the table's size and the all-cards bonus are ours, from the rules README,
because the rulebook does not list them. All of it lives in ``data.toml`` beside this module,
which a teacher may edit.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from braille_words.errors import InputError
from braille_words.tiles import JOKER, PREMIUM, Card

DATA_FILE = Path(__file__).resolve().parent / "data.toml"
BLANK = "?"


@dataclass(frozen=True)
class DeckSpec:
    """What the game takes from its data file."""

    hand_size: int
    all_cards_bonus: int
    board_size: int
    ranked_exchanges: int
    exchange_min_bag: int
    vowels: str
    lang: str
    """The language of the letters and of the words made with them."""
    letters: Mapping[str, tuple[int, int]]  # letter (or "?") -> (cards, points)
    word_premiums: Mapping[str, tuple[int, int]]  # card -> (cards, factor)
    conditional: Mapping[str, tuple[int, int]]  # card -> (light, dark)

    def cards(self) -> list[Card]:
        """The whole bag, ids in order: letters as the file lists them, blanks, the word
        premiums, then one of each conditional card."""
        out: list[Card] = []
        for letter, (count, points) in self.letters.items():
            for _ in range(count):
                if letter == BLANK:
                    out.append(Card(len(out), None, 0, None, JOKER))
                else:
                    out.append(Card(len(out), letter, points))
        for name, (count, _factor) in self.word_premiums.items():
            for _ in range(count):
                out.append(Card(len(out), None, 0, None, PREMIUM, premium=name))
        for name in self.conditional:
            out.append(Card(len(out), None, 0, None, PREMIUM, premium=name))
        return out

    def value(self, letter: str) -> int:
        return self.letters.get(letter, (0, 0))[1]


def _pairs(table: Mapping[str, object]) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for key, value in table.items():
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError(f"{key} needs two numbers, not {value!r}")
        out[str(key)] = (int(value[0]), int(value[1]))
    return out


DATA_FILES = {"pl": DATA_FILE, "en": DATA_FILE.with_name("data.en.toml")}
"""The data file of each word language: the rulebook's Polish cards, our English ones."""


def load_deck(path: str | Path | None = None, words: str = "pl") -> DeckSpec:
    """Read the data file of the ``words`` language (``data.toml`` beside this module for
    Polish, ``data.en.toml`` for English) unless another file is named."""
    source = Path(path) if path is not None else DATA_FILES[words]
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
        return DeckSpec(
            hand_size=int(data["hand_size"]),
            all_cards_bonus=int(data["all_cards_bonus"]),
            board_size=int(data["board_size"]),
            ranked_exchanges=int(data["ranked_exchanges"]),
            exchange_min_bag=int(data["exchange_min_bag"]),
            vowels=str(data["vowels"]),
            lang=str(data.get("lang", "pl")),
            letters=_pairs(data["letters"]),
            word_premiums=_pairs(data["word_premiums"]),
            conditional=_pairs(data["conditional"]),
        )
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise InputError(f"the Scrabble karty data file {source} is not usable: {exc}") from None
