"""Letters, alphabets, tiles and the bag they are drawn from.

Every game counts on the same few facts: which letters a language has, that text entering the
program is NFC-normalised lower case (so "ż" typed on a Braille keyboard and "ż" pasted from a
web page are one letter), that a tile keeps its identity while it moves (so tiles are never
created or lost), and that a draw is reproducible from a seed.
"""

from __future__ import annotations

import random
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

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


@dataclass(frozen=True, order=True)
class Tile:
    """One physical tile or card. ``letter`` is None for a joker/blank/wild card.

    ``id`` is unique within a game's set, so a tile can be followed from bag to rack to table
    and the invariant "no tile created or lost" is a check on ids.
    """

    id: int
    letter: str | None

    @property
    def is_joker(self) -> bool:
        return self.letter is None

    def to_json(self) -> list[object]:
        return [self.id, self.letter]

    @staticmethod
    def from_json(data: object) -> Tile:
        if (
            not isinstance(data, list)
            or len(data) != 2
            or not isinstance(data[0], int)
            or not (data[1] is None or isinstance(data[1], str))
        ):
            raise InputError(f"not a tile: {data!r}")
        return Tile(data[0], data[1])


def make_tiles(distribution: Mapping[str, int], jokers: int = 0) -> list[Tile]:
    """A full set: each letter ``count`` times, then the jokers, numbered from 0."""
    kinds: list[str | None] = [
        letter for letter, count in distribution.items() for _ in range(count)
    ]
    kinds += [None] * jokers
    return [Tile(number, letter) for number, letter in enumerate(kinds)]


def letters_of(tiles: Iterable[Tile], joker: str = "?") -> str:
    """The tiles as text, jokers shown as ``joker``."""
    return "".join(joker if t.letter is None else t.letter for t in tiles)


def letter_counts(tiles: Iterable[Tile]) -> Counter[str | None]:
    return Counter(t.letter for t in tiles)


@dataclass
class Bag:
    """Face-down tiles, drawn in an order fixed by an injected RNG.

    The order is decided once at shuffle time and kept as a list, so a bag serialises exactly
    and a journal replay draws the same tiles.
    """

    tiles: list[Tile] = field(default_factory=list)

    @classmethod
    def shuffled(cls, tiles: Iterable[Tile], rng: random.Random) -> Bag:
        order = list(tiles)
        rng.shuffle(order)
        return cls(order)

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, n: int = 1) -> list[Tile]:
        """Up to ``n`` tiles from the top; fewer when the bag runs out."""
        if n < 0:
            raise InputError("cannot draw a negative number of tiles")
        taken, self.tiles = self.tiles[:n], self.tiles[n:]
        return taken

    def put_back(self, tiles: Iterable[Tile], rng: random.Random) -> None:
        """Return tiles and shuffle, as players do with an exchange."""
        self.tiles.extend(tiles)
        rng.shuffle(self.tiles)

    def to_json(self) -> list[list[object]]:
        return [t.to_json() for t in self.tiles]

    @classmethod
    def from_json(cls, data: object) -> Bag:
        if not isinstance(data, list):
            raise InputError("the bag in the save is not a list")
        return cls([Tile.from_json(d) for d in data])
