"""Letters, alphabets, and the cards and tiles of every game.

Every game counts on the same few facts: which letters a language has, that text entering the
program is NFC-normalised lower case (so "ż" typed on a Braille keyboard and "ż" pasted from a
web page are one letter), that a tile keeps its identity while it moves (so tiles are never
created or lost), and that a draw is reproducible from a seed.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from braille_words.errors import InputError


@dataclass(frozen=True)
class Alphabet:
    """The letters of one language, in the order its dictionaries sort them."""

    lang: str
    letters: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.letters)})

    def __contains__(self, letter: object) -> bool:
        return letter in self._index  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.letters)

    def __iter__(self) -> Iterator[str]:
        return iter(self.letters)

    def index(self, letter: str) -> int:
        """Position in the alphabet; 'closest to A' in Rummikub Słowny compares these."""
        idx: dict[str, int] = self._index  # type: ignore[attr-defined]
        try:
            return idx[letter]
        except KeyError:
            raise InputError(f"'{letter}' is not a letter of the {self.lang} alphabet") from None

    def is_word(self, text: str) -> bool:
        """True when ``text`` is non-empty and made only of this alphabet's letters."""
        idx: dict[str, int] = self._index  # type: ignore[attr-defined]
        return bool(text) and all(c in idx for c in text)


POLISH = Alphabet(
    "pl",
    tuple("aąbcćdeęfghijklłmnńoóprsśtuwyzźż"),
)
ENGLISH = Alphabet("en", tuple("abcdefghijklmnopqrstuvwxyz"))
ALPHABETS: Mapping[str, Alphabet] = {"pl": POLISH, "en": ENGLISH}

MAX_WORD_LENGTH = 64


def alphabet(lang: str) -> Alphabet:
    """The alphabet of ``lang`` ("pl" or "en")."""
    try:
        return ALPHABETS[lang]
    except KeyError:
        raise InputError(f"unknown language '{lang}'; use one of: {', '.join(ALPHABETS)}") from None


def is_number(text: str) -> bool:
    """Plain digits 0-9: ``str.isdigit`` also says yes to '²' and '①', which ``int`` refuses,
    so a player's superscript must be refused as a bad number, not crash a parser."""
    return text.isascii() and text.isdigit()


def normalize(text: str) -> str:
    """NFC, lower case, surrounding space removed: the one form every word is compared in."""
    return unicodedata.normalize("NFC", text).strip().lower()


def clean_word(text: str, lang: str = "pl", *, max_length: int = MAX_WORD_LENGTH) -> str:
    """Normalise ``text`` and check it is one word of ``lang``'s letters.

    Raises ``InputError`` with a sentence a player can act on, naming the first offending
    character, rather than letting a digit or a Cyrillic look-alike reach a lookup.
    """
    word = normalize(text)
    abc = alphabet(lang)
    if not word:
        raise InputError("the word is empty")
    if len(word) > max_length:
        raise InputError(f"the word is too long ({len(word)} letters; at most {max_length})")
    for ch in word:
        if ch not in abc:
            name = unicodedata.name(ch, "unknown character").lower()
            raise InputError(f"'{ch}' ({name}) is not a letter of the {abc.lang} alphabet")
    return word


LETTER = "letter"
JOKER = "joker"
PREMIUM = "premium"
CARD_KINDS = (LETTER, JOKER, PREMIUM)


@dataclass(frozen=True, order=True)
class Card:
    """One physical tile or card of any game.

    ``letter`` is None for a joker, blank or wild card (``kind`` "joker"), which stands for any
    letter, and for a premium card (``kind`` "premium", ``premium`` naming it: Scrabble karty's
    "double_word", "triple_word" or a conditional card's code). ``value`` is what the letter
    scores where a game scores letters, ``suit`` a Word Thief suit. ``id`` is unique within a
    game's set, so a card can be followed from bag to rack to table and the invariant "no card
    created or lost" is a check on ids.
    """

    id: int
    letter: str | None
    value: int = 0
    suit: str | None = None
    kind: str = LETTER
    premium: str | None = None

    def __post_init__(self) -> None:
        if self.kind == LETTER and self.letter is None:
            object.__setattr__(self, "kind", JOKER)
        if self.kind not in CARD_KINDS:
            raise InputError(f"a card is a letter, a joker or a premium card, not {self.kind!r}")
        if (self.kind == LETTER) != (self.letter is not None):
            raise InputError(f"only a letter card has a letter: {self!r}")
        if (self.kind == PREMIUM) != (self.premium is not None):
            raise InputError(f"only a premium card names a premium: {self!r}")

    @property
    def is_joker(self) -> bool:
        return self.kind == JOKER

    @property
    def is_premium(self) -> bool:
        return self.kind == PREMIUM

    def to_json(self) -> list[object]:
        """``[id, letter]`` for a plain tile (as saves have always held it); value, suit, kind
        and premium follow only as far as a game uses them."""
        extra: list[object] = [self.value, self.suit, self.kind, self.premium]
        plain: list[object] = [0, None, LETTER if self.letter is not None else JOKER, None]
        while extra and extra[-1] == plain[len(extra) - 1]:
            extra.pop()
        return [self.id, self.letter, *extra]

    @staticmethod
    def from_json(data: object) -> Card:
        if (
            not isinstance(data, list)
            or not 2 <= len(data) <= 6
            or not isinstance(data[0], int)
            or isinstance(data[0], bool)
            or not (data[1] is None or isinstance(data[1], str))
        ):
            raise InputError(f"not a card: {data!r}")
        plain: list[object] = [0, None, LETTER if data[1] is not None else JOKER, None]
        full: list[object] = [*data[2:], *plain[len(data) - 2 :]]
        value, suit, kind, premium = full
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not (suit is None or isinstance(suit, str))
            or not isinstance(kind, str)
            or not (premium is None or isinstance(premium, str))
        ):
            raise InputError(f"not a card: {data!r}")
        return Card(data[0], data[1], value, suit, kind, premium)


Tile = Card
"""Rummikub Słowny's word for a card: a letter tile or a joker."""


def make_cards(
    distribution: Mapping[str, int],
    jokers: int = 0,
    *,
    values: Mapping[str, int] | None = None,
    suits: Iterable[str | None] = (None,),
    first_id: int = 0,
) -> list[Card]:
    """A full set: for each suit, each letter ``count`` times (scoring ``values[letter]``),
    then the jokers, numbered from ``first_id`` in that order."""
    kinds: list[tuple[str | None, int, str | None]] = [
        (letter, (values or {}).get(letter, 0), suit)
        for suit in suits
        for letter, count in distribution.items()
        for _ in range(count)
    ]
    kinds += [(None, 0, None)] * jokers
    return [
        Card(first_id + number, letter, value, suit)
        for number, (letter, value, suit) in enumerate(kinds)
    ]


def make_tiles(distribution: Mapping[str, int], jokers: int = 0) -> list[Tile]:
    """A Rummikub-style set: each letter ``count`` times, then the jokers, numbered from 0."""
    return make_cards(distribution, jokers)


def letters_of(tiles: Iterable[Tile], joker: str = "?") -> str:
    """The tiles as text, jokers shown as ``joker``."""
    return "".join(joker if t.letter is None else t.letter for t in tiles)


def letter_counts(tiles: Iterable[Tile]) -> Counter[str | None]:
    return Counter(t.letter for t in tiles)
