"""Scrabble karty's notation: squares and words as players write them, read without the
command language (the rules and a teacher's position file read it too).

Tournament notation: the row first means across (``8H``: row 8 from column H rightwards), the
column first means down (``H8``). A word is its letters, a blank written ``?`` before the
letter it stands for (``ko?tek``).
"""

from __future__ import annotations

import re

from braille_words.errors import InputError

GAME = "scrabble_cards"
POLISH = frozenset("aąbcćdeęfghijklłmnńoóprsśtuwyzźż")
LETTERS = POLISH | frozenset("abcdefghijklmnopqrstuvwxyz")
"""Letters a word may be written with, in Polish or English words: the notation reads either,
and the lexicon of the game's words says whether the word is one (Q in a Polish game)."""
BLANK = "?"

_PLACE_ACROSS = re.compile(r"(\d{1,2})([a-z])")
_PLACE_DOWN = re.compile(r"([a-z])(\d{1,2})")


def coord(row: int, col: int, across: bool = True) -> str:
    """A word's place: row first across (``8H``), column first down (``H8``)."""
    column = chr(ord("A") + col)
    return f"{row + 1}{column}" if across else f"{column}{row + 1}"


def square_name(row: int, col: int) -> str:
    """A square's name, column first (``H8``), as the board reader says it."""
    return f"{chr(ord('A') + col)}{row + 1}"


def is_place(text: str) -> bool:
    return bool(_PLACE_ACROSS.fullmatch(text) or _PLACE_DOWN.fullmatch(text))


def parse_place(text: str) -> tuple[int, int, bool]:
    """``8h`` → (7, 7, across); ``h8`` → (7, 7, down)."""
    text = text.strip().lower()
    m = _PLACE_ACROSS.fullmatch(text)
    if m is not None and int(m.group(1)) >= 1:
        return int(m.group(1)) - 1, ord(m.group(2)) - ord("a"), True
    m = _PLACE_DOWN.fullmatch(text)
    if m is not None and int(m.group(2)) >= 1:
        return int(m.group(2)) - 1, ord(m.group(1)) - ord("a"), False
    raise InputError.coded("bad_place", GAME, place=text.upper())


def parse_square(text: str) -> tuple[int, int]:
    """A square named either way (``H8`` or ``8H``): (row, column)."""
    row, col, _across = parse_place(text)
    return row, col


def parse_word(word: str) -> list[tuple[str, bool]]:
    """``ko?tek`` → letters with their blank flags; ``InputError`` (coded) when malformed."""
    out: list[tuple[str, bool]] = []
    blank = False
    for ch in word.strip().lower():
        if ch == BLANK:
            if blank:
                raise InputError.coded("blank_then_letter", GAME)
            blank = True
            continue
        if ch not in LETTERS:
            raise InputError.coded("bad_letter", GAME, letter=ch.upper())
        out.append((ch, blank))
        blank = False
    if blank:
        raise InputError.coded("blank_then_letter", GAME)
    return out
