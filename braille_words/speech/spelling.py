"""Reading tiles letter by letter, so a listener can tell ą from a and ż from ź.

A synthesiser reading "ą" on its own says a short nasal vowel that is easy to miss, and "ó"
sounds exactly like "u". Spelling uses the letters' names instead (the names Polish schools
teach: be, ce, cie, eł, ziet, żet…; ó is "o kreskowane"), separated by commas so the voice
pauses between them.
"""

from __future__ import annotations

from collections.abc import Iterable

from braille_words.speech.settings import check_lang
from braille_words.speech.speaker import mark_word, named
from braille_words.tiles import Tile, normalize

POLISH_LETTER_NAMES: dict[str, str] = {
    "a": "a",
    "ą": "ą",
    "b": "be",
    "c": "ce",
    "ć": "cie",
    "d": "de",
    "e": "e",
    "ę": "ę",
    "f": "ef",
    "g": "gie",
    "h": "ha",
    "i": "i",
    "j": "jot",
    "k": "ka",
    "l": "el",
    "ł": "eł",
    "m": "em",
    "n": "en",
    "ń": "eń",
    "o": "o",
    "ó": "o kreskowane",
    "p": "pe",
    "r": "er",
    "s": "es",
    "ś": "eś",
    "t": "te",
    "u": "u",
    "w": "wu",
    "y": "igrek",
    "z": "zet",
    "ź": "ziet",
    "ż": "żet",
    # Letters of loan words, found on no Polish tile but typed by players.
    "q": "ku",
    "v": "fau",
    "x": "iks",
}

ENGLISH_LETTER_NAMES: dict[str, str] = {
    "a": "a",
    "b": "bee",
    "c": "cee",
    "d": "dee",
    "e": "e",
    "f": "ef",
    "g": "gee",
    "h": "aitch",
    "i": "i",
    "j": "jay",
    "k": "kay",
    "l": "el",
    "m": "em",
    "n": "en",
    "o": "o",
    "p": "pee",
    "q": "cue",
    "r": "ar",
    "s": "ess",
    "t": "tee",
    "u": "u",
    "v": "vee",
    "w": "double-u",
    "x": "ex",
    "y": "wye",
    "z": "zed",
}

LETTER_NAMES: dict[str, dict[str, str]] = {"pl": POLISH_LETTER_NAMES, "en": ENGLISH_LETTER_NAMES}

JOKER_NAMES: dict[str, dict[str, str]] = {
    "joker": {"pl": "joker", "en": "joker"},  # Rummikub Słowny
    "blank": {"pl": "blank", "en": "blank"},  # Scrabble karty
    "wild": {"pl": "dzika karta", "en": "wild"},  # Word Thief
}

JOKER_CHARS = frozenset("?*_")


def letter_name(letter: str, lang: str = "pl") -> str:
    """The spoken name of one letter; any other character is returned as it is."""
    names = LETTER_NAMES[check_lang(lang)]
    return names.get(normalize(letter), letter)


def said_letter(letter: str, word_lang: str = "pl", lang: str | None = None) -> str:
    """A letter as a sentence names it: by its name in ``word_lang`` for a voice (marked so
    when the sentence is in another language ``lang``), as the letter itself, in capitals as
    the game's words are written, on the Braille cells (``speaker.named``). A reader of
    "Cards: 5: en, pee" read names spelled out in contracted Braille; "5: N, P" is what the
    cards are. The one way every game names a letter in a sentence.

    In an English sentence the letter is in lower case on the cells (``cell_letter``)."""
    name = letter_name(letter, word_lang)
    return named(cell_letter(letter, lang or word_lang),
                 mark_word(name, word_lang, lang or word_lang))


def cell_letter(letter: str, lang: str) -> str:
    """A card's letter as the cells of a sentence in ``lang`` show it. English Braille (UEB)
    marks each capital with a cell of its own, and a letter standing alone already takes a
    grade 1 indicator: a hand "N blue; N green" was ⠰⠠⠝ for each card, where a capital says
    nothing (the cards have no small letters). So an English sentence shows the letter in
    lower case, as the player types it (⠰⠝); a Polish one keeps the capital, as the Polish
    games print their tiles (its cells are the Polish tables', which no finding touched)."""
    plain = normalize(letter)
    return plain.lower() if lang == "en" else plain.upper()


def joker_name(kind: str = "joker", lang: str = "pl") -> str:
    try:
        return JOKER_NAMES[kind][check_lang(lang)]
    except KeyError:
        kinds = ", ".join(JOKER_NAMES)
        raise ValueError(f"unknown joker kind '{kind}'; use one of: {kinds}") from None


def spell(
    tiles: str | Iterable[Tile | str | None],
    lang: str = "pl",
    *,
    joker: str = "joker",
    sep: str = ", ",
    written: bool = False,
) -> str:
    """Tiles (or a word) as letter names: ``spell("żółw")`` → "żet, o kreskowane, eł, wu".

    A joker is a ``Tile`` without a letter, ``None``, or one of ``? * _`` in text; it is
    named by its game's word (``joker="blank"`` in Scrabble karty, ``"wild"`` in Word Thief).
    Spaces are skipped. ``written``: each letter is ``said_letter``, its name aloud and the
    letter itself on the Braille cells (a sentence said to a seat, not a voice's text alone).
    """
    items: Iterable[Tile | str | None] = normalize(tiles) if isinstance(tiles, str) else tiles
    words: list[str] = []
    for item in items:
        letter = item.letter if isinstance(item, Tile) else item
        if letter is None or letter in JOKER_CHARS:
            words.append(joker_name(joker, lang))
        elif not letter.isspace():
            words.append(said_letter(letter, lang) if written else letter_name(letter, lang))
    return sep.join(words)
