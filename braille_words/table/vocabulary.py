"""The commands every game shares, in Polish and English, and how a typed line is cleaned.

Quit, help, repeat, where am I, stop, hint, last move, spell and the verbosity switch work the
same at every table, whatever the game; a game's own command language never sees them.
"""

from __future__ import annotations

import unicodedata

# Not "koniec" or "zakończ": Rummikub Słowny ends a turn with those.
QUIT_WORDS = frozenset({"quit", "exit", "wyjdź", "wyjdz", "wyjście", "wyjscie"})
HELP_WORDS = frozenset({"help", "pomoc", "?", "h"})
HELP_ALL_WORDS = frozenset({"all", "everything", "wszystko", "wszystkie", "całość", "calosc"})
"""``pomoc wszystko``: every command in full, as one block."""
REPEAT_WORDS = frozenset({"repeat", "powtórz", "powtorz", "r"})
WHERE_WORDS = frozenset({"where", "gdzie", "where am i", "gdzie jestem"})
STOP_WORDS = frozenset({"stop", "cisza", "ucisz"})
HINT_WORDS = frozenset({"hint", "podpowiedź", "podpowiedz"})
LAST_WORDS = frozenset({"last", "ostatni", "ostatnio", "last move", "ostatni ruch"})
SPELL_PREFIXES = ("spell", "literuj")
HISTORY_WORDS = frozenset({"historia", "history", "wiadomości", "wiadomosci", "messages"})
NOW_WORDS = frozenset({"teraz", "now"})
"""``historia teraz``: skip the news waiting on the cells to the newest, as the display's
bottom key does (a reader who typed ahead had old rounds to read first)."""
HISTORY_SHOWN = 10
"""How many of the latest sentences ``historia`` reads when not told a number."""
BOARD_JUMPS = {
    "następne słowo": "next_word",
    "nastepne slowo": "next_word",
    "next word": "next_word",
    "następne zaczepienie": "next_anchor",
    "nastepne zaczepienie": "next_anchor",
    "next anchor": "next_anchor",
}
"""Typed twins of the display's board jumps: the board's cursor to the next word, or to the
next free square beside the cards (where a word can join)."""
VERBOSITY_WORDS = {
    "expert": "expert",
    "ekspert": "expert",
    "beginner": "beginner",
    "początkujący": "beginner",
    "poczatkujacy": "beginner",
}


def shared_command(low: str, clock_words: frozenset[str] = frozenset()) -> str:
    """The language-free name of a shared command typed as ``low`` (a report words it in
    its own language): "pomoc stojak" and "help" are both ``help``; a game's reading
    command ("stojak", "rack") is ``read``."""
    first = low.split(" ", 1)[0]
    named: list[tuple[str, frozenset[str]]] = [
        ("quit", QUIT_WORDS), ("stop", STOP_WORDS), ("repeat", REPEAT_WORDS),
        ("last", LAST_WORDS), ("history", HISTORY_WORDS), ("where", WHERE_WORDS),
        ("hint", HINT_WORDS), ("clock", clock_words),
        ("verbosity", frozenset(VERBOSITY_WORDS)), ("board_jump", frozenset(BOARD_JUMPS)),
    ]
    for name, words in named:
        if low in words:
            return name
    if first in HELP_WORDS:
        return "help"
    if first in SPELL_PREFIXES:
        return "spell"
    if first in HISTORY_WORDS:
        return "history"
    return "read"


MAX_LINE = 300
"""The longest command any game needs is well under this; a longer line is a paste or a stuck
key, and quoting it back would flood the speech and the display."""


def _folded(word: str) -> str:
    """Lower case without Polish marks: ``pomoc przenies`` finds ``przenieś``."""
    return "".join(
        ch for ch in unicodedata.normalize("NFD", word.lower().replace("ł", "l"))
        if not unicodedata.combining(ch)
    )


def help_matches(topic: str, syntax: str) -> bool:
    """Whether ``pomoc TOPIC`` asks for the command written as ``syntax``: a word of it, or
    the start (three letters or more) of its first word; ``pomoc =`` finds the rebuilds."""
    want = _folded(topic.strip())
    words = [_folded(word) for word in syntax.replace("(", " ").replace(")", " ").split()]
    if not want or not words:
        return False
    if want in words or (len(want) >= 3 and words[0].startswith(want)):
        return True
    return " " in want and want in " ".join(words)


def help_example(syntaxes: list[str]) -> str:
    """The command that ``pomoc NAME`` is shown with: the game's first command that takes
    something after its name, so English Word Thief says "help lay", never Rummikub's "help
    put". A bare word (a word to say, like "kot") names no command; the first entry's first
    word is the last resort."""
    for syntax in syntaxes:
        words = syntax.split()
        if len(words) > 1 and words[0].isalpha():
            return words[0]
    return syntaxes[0].split()[0] if syntaxes and syntaxes[0].split() else "?"


def clean_line(line: str) -> str:
    """What a player typed, made safe to quote back: text that cannot be encoded (a lone
    surrogate from an invalid byte) becomes U+FFFD, control characters become spaces and
    invisible format characters are dropped: a byte-order mark pasted from a file or a
    zero-width joiner from a phone's keyboard made ``stojak`` an unknown command, though
    the player could neither see nor hear them."""
    if line.isprintable():
        # The usual line: no control or format character, no lone surrogate (none of them
        # is printable), so nothing to change; looked at once, not letter by letter.
        return line
    line = line.encode("utf-8", "replace").decode("utf-8")
    return "".join(
        " " if kind == "Cc" else ch
        for ch in line
        if (kind := unicodedata.category(ch)) != "Cf"
    )


READING = (
    QUIT_WORDS
    | HELP_WORDS
    | REPEAT_WORDS
    | WHERE_WORDS
    | STOP_WORDS
    | HINT_WORDS
    | LAST_WORDS
    | HISTORY_WORDS
    | frozenset(BOARD_JUMPS)
)
"""Shared commands that only read or leave: never a secret word, never a move."""
