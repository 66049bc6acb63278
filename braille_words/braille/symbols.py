"""The game's own Braille symbols: jokers, premium cards, column values, separators.

Each symbol is a Private Use Area character that our liblouis tables (``tables/``) map to one
cell, so the symbols go through liblouis like any letter and the table file is the one place
that says which dots they have. The names are what help reads to a player learning them.
"""

from __future__ import annotations

from enum import Enum

from braille_words.errors import InputError


class Symbol(Enum):
    """A game symbol; the value is its character in our liblouis tables.

    Cells (dots), the same in every table: JOKER 123456 (full cell), DOUBLE_WORD 45,
    TRIPLE_WORD 456, CONDITIONAL 345, COLUMN_5/4/3/2 the lower-cell digits 26/256/25/23,
    WORD_SEPARATOR blank, SECTION_SEPARATOR 36, EMPTY_SQUARE 3. All use dots 1-6 only and
    differ from every letter; ``tables/braille-words-symbols.uti`` says why each was chosen.
    """

    JOKER = "\ue000"
    DOUBLE_WORD = "\ue001"
    TRIPLE_WORD = "\ue002"
    CONDITIONAL = "\ue003"
    COLUMN_5 = "\ue004"
    COLUMN_4 = "\ue005"
    COLUMN_3 = "\ue006"
    COLUMN_2 = "\ue007"
    WORD_SEPARATOR = "\ue008"
    SECTION_SEPARATOR = "\ue009"
    EMPTY_SQUARE = "\ue00a"

    @property
    def char(self) -> str:
        return self.value


# A wild card (Word Thief) and a blank (Scrabble) are jokers under another name.
WILD = Symbol.JOKER
BLANK = Symbol.JOKER

_COLUMNS = {5: Symbol.COLUMN_5, 4: Symbol.COLUMN_4, 3: Symbol.COLUMN_3, 2: Symbol.COLUMN_2}


def column_symbol(points: int) -> Symbol:
    """The label of a 7 słów column worth ``points`` (5, 4, 3 or 2)."""
    try:
        return _COLUMNS[points]
    except KeyError:
        raise InputError(f"a column is worth 5, 4, 3 or 2 points, not {points}") from None


NAMES: dict[str, dict[Symbol, str]] = {
    "pl": {
        Symbol.JOKER: "dżoker, blank lub karta dzika",
        Symbol.DOUBLE_WORD: "karta premii: podwójna wartość słowa",
        Symbol.TRIPLE_WORD: "karta premii: potrójna wartość słowa",
        Symbol.CONDITIONAL: "karta premii warunkowej",
        Symbol.COLUMN_5: "kolumna za 5 punktów",
        Symbol.COLUMN_4: "kolumna za 4 punkty",
        Symbol.COLUMN_3: "kolumna za 3 punkty",
        Symbol.COLUMN_2: "kolumna za 2 punkty",
        Symbol.WORD_SEPARATOR: "odstęp między słowami",
        Symbol.SECTION_SEPARATOR: "kreska między częściami wiersza",
        Symbol.EMPTY_SQUARE: "puste pole stołu",
    },
    "en": {
        Symbol.JOKER: "joker, blank or wild card",
        Symbol.DOUBLE_WORD: "premium card: double word",
        Symbol.TRIPLE_WORD: "premium card: triple word",
        Symbol.CONDITIONAL: "conditional premium card",
        Symbol.COLUMN_5: "column worth 5 points",
        Symbol.COLUMN_4: "column worth 4 points",
        Symbol.COLUMN_3: "column worth 3 points",
        Symbol.COLUMN_2: "column worth 2 points",
        Symbol.WORD_SEPARATOR: "space between words",
        Symbol.SECTION_SEPARATOR: "dash between the parts of a line",
        Symbol.EMPTY_SQUARE: "empty square of the table",
    },
}

# Marks added to a cell rather than cells of their own; legend() shows each on a blank cell
# (and the assigned joker on the letter a).
MARK_NAMES: dict[str, dict[str, str]] = {
    "pl": {
        "cursor": "kursor: punkty 7 i 8 dodane do znaku",
        "selected": "wybrana płytka: punkt 8 dodany do litery",
        "assigned_joker": "dżoker zastępujący literę: ta litera z punktem 7, tu a",
    },
    "en": {
        "cursor": "cursor: dots 7 and 8 added to the cell",
        "selected": "selected tile: dot 8 added to the letter",
        "assigned_joker": "joker standing for a letter: that letter with dot 7, here a",
    },
}
