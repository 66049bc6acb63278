"""The 7 słów deck, its values, and how a word scores against the play area.

The deck and the values live in ``data.toml`` beside it because the rulebook does not list
the Polish deck: a teacher (or the publisher's real figures) can replace ours without touching
code. Scoring is here, apart from the turn rules, because the computer players and the
benchmark score millions of words and need it without a game state.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from braille_words.errors import InputError
from braille_words.tiles import Alphabet, alphabet

DATA_FILE = Path(__file__).resolve().parent / "data.toml"
DATA_FILES = {"pl": DATA_FILE, "en": DATA_FILE.with_name("data.en.toml")}
"""The deck of each word language: ours for Polish (7 słów), ours for English (Wordsy)."""

SOLO_LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "brutal")


@dataclass(frozen=True)
class DeckSpec:
    """Everything the game takes from its data file."""

    vowels: str
    lang: str
    """The language of the cards' letters and of the words written with them."""
    columns: tuple[int, ...]
    cards_per_column: int
    common: Mapping[str, int]
    rare: Mapping[str, tuple[int, int]]  # letter -> (count, bonus)
    max_rare_in_play: int
    max_same_letter_in_play: int
    rounds: int
    hourglass_seconds: int
    finish_word_seconds: int
    kept_words: int
    small_bonus: int
    big_bonus: int
    penalty: int
    veteran_normal_letters: int
    veteran_other_letter: int
    solo_bonus_threshold: int
    solo_advance_threshold: int
    solo_targets: Mapping[str, int]

    @property
    def card_count(self) -> int:
        return sum(self.common.values()) + sum(c for c, _ in self.rare.values())

    @property
    def slots(self) -> int:
        return len(self.columns) * self.cards_per_column

    def cards(self) -> list[tuple[str, int]]:
        """Every card as (letter, bonus), common letters first, in file order."""
        out: list[tuple[str, int]] = []
        for letter, count in self.common.items():
            out.extend((letter, 0) for _ in range(count))
        for letter, (count, bonus) in self.rare.items():
            out.extend((letter, bonus) for _ in range(count))
        return out


def _int(table: Mapping[str, Any], key: str, where: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(f"{where}: '{key}' must be a whole number of 0 or more")
    return value


def _letter(key: str, where: str, letters: Alphabet) -> str:
    if len(key) != 1 or key not in letters:
        raise InputError(f"{where}: '{key}' is not one letter of the deck's alphabet")
    return key


def load_deck(path: str | Path | None = None, words: str = "pl") -> DeckSpec:
    """Read the deck file (ours for the ``words`` language by default); a broken file is
    named with what to fix."""
    source = path or DATA_FILES[words]
    where = str(source)
    try:
        with open(source, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise InputError(f"cannot read the 7 słów deck file {where}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"the 7 słów deck file {where} is not valid TOML: {exc}") from None
    try:
        cols = data["columns"]
        common_t = data["common"]
        rare_t = data["rare"]
        draw = data["draw"]
        play = data["play"]
        solo = data["solo"]
        vowels = data["vowels"]
        lang = str(data.get("lang", "pl"))
        letters = alphabet(lang)
    except KeyError as exc:
        raise InputError(f"{where}: the section or key {exc} is missing") from None
    values = cols.get("values")
    if (
        not isinstance(values, list)
        or not values
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    ):
        raise InputError(f"{where}: [columns] values must be a list of whole numbers")
    common = {_letter(k, where, letters): _int(common_t, k, where) for k in common_t}
    rare: dict[str, tuple[int, int]] = {}
    for key, pair in rare_t.items():
        letter = _letter(key, where, letters)
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
        ):
            raise InputError(f"{where}: rare letter '{key}' must be [count, bonus]")
        rare[letter] = (pair[0], pair[1])
    if set(common) & set(rare):
        raise InputError(f"{where}: a letter is listed both as common and as rare")
    if not isinstance(vowels, str) or set(vowels) & (set(common) | set(rare)):
        raise InputError(f"{where}: vowels must be text and never on a card")
    spec = DeckSpec(
        vowels=vowels,
        lang=lang,
        columns=tuple(values),
        cards_per_column=_int(cols, "cards_per_column", where),
        common=common,
        rare=rare,
        max_rare_in_play=_int(draw, "max_rare_in_play", where),
        max_same_letter_in_play=_int(draw, "max_same_letter_in_play", where),
        rounds=_int(play, "rounds", where),
        hourglass_seconds=_int(play, "hourglass_seconds", where),
        finish_word_seconds=_int(play, "finish_word_seconds", where),
        kept_words=_int(play, "kept_words", where),
        small_bonus=_int(play, "small_bonus", where),
        big_bonus=_int(play, "big_bonus", where),
        penalty=_int(play, "penalty", where),
        veteran_normal_letters=_int(play, "veteran_normal_letters", where),
        veteran_other_letter=_int(play, "veteran_other_letter", where),
        solo_bonus_threshold=_int(solo, "bonus_threshold", where),
        solo_advance_threshold=_int(solo, "advance_threshold", where),
        solo_targets={lvl: _int(solo, lvl, where) for lvl in SOLO_LEVELS},
    )
    if spec.rounds < 1 or spec.cards_per_column < 1:
        raise InputError(f"{where}: rounds and cards_per_column must be at least 1")
    if spec.card_count < 2 * spec.slots + 8:
        raise InputError(f"{where}: the deck is too small for the play area")
    return spec


@dataclass(frozen=True)
class AreaCard:
    """A card as it lies in the play area: its slot, letter and worth there."""

    slot: int
    letter: str
    column_value: int
    bonus: int

    @property
    def value(self) -> int:
        return self.column_value + self.bonus


def used_cards(word: str, area: Sequence[AreaCard]) -> list[AreaCard]:
    """The play-area cards a word scores, by the rulebook's rule.

    A letter the word holds ``k`` times scores the ``k`` best cards of that letter in the play
    area (so once-used, twice-shown takes the better column; twice-used, twice-shown takes
    both). Letters outside the play area are free and score nothing.
    """
    by_letter: dict[str, list[AreaCard]] = {}
    for card in area:
        by_letter.setdefault(card.letter, []).append(card)
    out: list[AreaCard] = []
    for letter, cards in by_letter.items():
        k = word.count(letter)
        if k:
            cards.sort(key=lambda c: (-c.value, c.slot))
            out.extend(cards[:k])
    out.sort(key=lambda c: c.slot)
    return out


def score_cards(
    cards: Sequence[AreaCard],
    *,
    veteran: bool = False,
    keep: Sequence[str] = (),
    normal_letters: int = 4,
    other_letter: int = 1,
) -> int:
    """Points for the used cards; a veteran scores only ``normal_letters`` of them in full.

    A veteran names the letters that score normally (``keep``); when they name none, the best
    cards are taken, since that is what any player would choose. Naming a letter twice keeps
    both of its cards.
    """
    if not veteran:
        return sum(c.value for c in cards)
    if keep:
        remaining = sorted(cards, key=lambda c: -c.value)
        full: list[AreaCard] = []
        for letter in keep[:normal_letters]:
            for card in remaining:
                if card.letter == letter:
                    full.append(card)
                    remaining.remove(card)
                    break
        return sum(c.value for c in full) + other_letter * len(remaining)
    ranked = sorted((c.value for c in cards), reverse=True)
    best, rest = ranked[:normal_letters], ranked[normal_letters:]
    return sum(best) + other_letter * len(rest)


def word_score(word: str, area: Sequence[AreaCard]) -> int:
    """The plain score of ``word`` against ``area`` (no handicap)."""
    return sum(c.value for c in used_cards(word, area))
