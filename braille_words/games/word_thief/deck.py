"""Word Thief's cards: 104 letters in four suits and 4 wilds, with our values.

The rulebook gives neither values nor distribution; ``data.toml`` holds ours (they agree with
every example the rulebook scores). The suits are dealt round-robin with the count carried
across letters, as the rules README describes, which gives 26 cards a suit.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from braille_words.errors import InputError
from braille_words.tiles import JOKER, Card

DATA_FILE = Path(__file__).resolve().parent / "data.toml"


@dataclass(frozen=True)
class DeckSpec:
    """What the game takes from its data file."""

    values: Mapping[str, int]
    counts: Mapping[str, int]
    suits: tuple[str, ...]
    wilds: int
    hand: int
    min_word: int
    all_cards_bonus: int
    pass_penalty: int
    pass_exchange: int
    victim_loses: bool
    length_bonus: Mapping[int, int]
    bonus_past_nine: int

    def cards(self) -> list[Card]:
        """The whole deck, ids in letter order, each letter's cards dealt into the suits in
        turn (the turn carried on from the letter before); the wilds last."""
        out: list[Card] = []
        turn = 0
        for letter in sorted(self.counts):
            for _ in range(self.counts[letter]):
                suit = self.suits[turn % len(self.suits)]
                out.append(Card(len(out), letter, self.values[letter], suit))
                turn += 1
        for _ in range(self.wilds):
            out.append(Card(len(out), None, 0, None, JOKER))
        return out

    def length_points(self, length: int) -> int:
        """The bonus for a word of ``length`` letters (0 under 5)."""
        if length in self.length_bonus:
            return self.length_bonus[length]
        top = max(self.length_bonus)
        if length > top:
            return self.length_bonus[top] + (length - top) * self.bonus_past_nine
        return 0


def load_deck(path: str | Path | None = None, words: str = "en") -> DeckSpec:
    """Read the data file (``data.toml`` beside this module unless another is named).
    ``words``: the game is played in English words only (its suits and values are the
    rulebook's English deck), so there is no other file to pick."""
    source = Path(path) if path is not None else DATA_FILE
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
        cards, play = data["cards"], data["play"]
        return DeckSpec(
            values={str(k): int(v) for k, v in cards["values"].items()},
            counts={str(k): int(v) for k, v in cards["counts"].items()},
            suits=tuple(str(s) for s in cards["suits"]),
            wilds=int(cards["wilds"]),
            hand=int(play["hand"]),
            min_word=int(play["min_word"]),
            all_cards_bonus=int(play["all_cards_bonus"]),
            pass_penalty=int(play["pass_penalty"]),
            pass_exchange=int(play["pass_exchange"]),
            victim_loses=bool(play["victim_loses"]),
            length_bonus={int(k): int(v) for k, v in play["length_bonus"].items()},
            bonus_past_nine=int(play["bonus_past_nine"]),
        )
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise InputError(f"the Word Thief data file {source} is not usable: {exc}") from None
