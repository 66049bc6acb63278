"""The teacher's console: the terminal of a classroom table when no seat owns it.

A teacher types short Polish or English commands ("pauza", "czas 60", "komputer Ola",
"powiedz wszystkim Koniec za 5 minut"); each becomes a ``Control`` for the table. Seats are
named as the roster names them (any case, Polish letters optional, a unique beginning is
enough) or by their number.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from braille_words.errors import InputError
from braille_words.games.votes import parse_ballot
from braille_words.table.control import MORE_TIME_SECONDS, Control
from braille_words.tiles import is_number

WORDS: dict[str, str] = {
    "pauza": "pause",
    "pause": "pause",
    "wstrzymaj": "pause",
    "dalej": "go_on",
    "wznów": "go_on",
    "go on": "go_on",
    "continue": "go_on",
    "czas": "more_time",
    "więcej czasu": "more_time",
    "time": "more_time",
    "more time": "more_time",
    "pomiń": "skip",
    "skip": "skip",
    "komputer": "computer",
    "computer": "computer",
    "gracz": "person",
    "człowiek": "person",
    "person": "person",
    "player": "person",
    "powiedz": "say",
    "say": "say",
    "koniec": "end",
    "koniec lekcji": "end",  # at one computer the lesson's one table (a host ends them all)
    "zakończ lekcję": "end",
    "end lesson": "end",
    "zakończ": "end",
    "end": "end",
    "wyjdź": "end",
    "quit": "end",
    "zamiana": "replace",
    "zamień": "replace",
    "replace": "replace",
    "cofnij ruch": "undo",
    "take back": "undo",
    "undo": "undo",
    "orzeknij": "rule",
    "orzeczenie": "rule",
    "rule": "rule",
    "stan": "status",
    "status": "status",
    "gdzie": "status",
    "where": "status",
}

EVERYONE = ("wszystkim", "wszyscy", "all", "everyone")
LEVELS = {
    "początkujący": "beginner",
    "beginner": "beginner",
    "średni": "medium",
    "medium": "medium",
    "mocny": "strong",
    "strong": "strong",
}


def _plain(word: str) -> str:
    """Lower case without diacritics (ł as l), so a teacher may type "Lukasz" for Łukasz."""
    decomposed = unicodedata.normalize("NFD", word.lower().replace("ł", "l"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def find_seat(word: str, names: Sequence[str]) -> int:
    """The seat a teacher means by ``word``: its number, its name, or a unique beginning."""
    if is_number(word):
        number = int(word)
        if 1 <= number <= len(names):
            return number - 1
        raise InputError.coded("console_no_seat", word=word, names=", ".join(names))
    wanted = _plain(word)
    exact = [i for i, name in enumerate(names) if _plain(name) == wanted]
    if len(exact) == 1:
        return exact[0]
    starts = [i for i, name in enumerate(names) if _plain(name).startswith(wanted)]
    if len(starts) == 1 and wanted:
        return starts[0]
    raise InputError.coded("console_no_seat", word=word, names=", ".join(names))


def parse_console(line: str, names: Sequence[str]) -> Control | None:
    """The teacher's ``line`` as a table control; None for the console's own help."""
    words = line.split()
    if not words:
        raise InputError.coded("console_unknown", command="")
    low = [w.lower() for w in words]
    if low[0] in ("pomoc", "help", "?"):
        return None
    action, used = None, 0
    for size in (2, 1):
        key = " ".join(low[:size])
        if len(low) >= size and key in WORDS:
            action, used = WORDS[key], size
            break
    if action is None:
        raise InputError.coded("console_unknown", command=words[0])
    rest, rest_low = words[used:], low[used:]
    if action == "more_time":  # "czas", "czas 30", "czas Ola", "czas Ola 30"
        seconds, who = MORE_TIME_SECONDS, rest
        if rest and is_number(rest[-1]):
            if not 0 < int(rest[-1]) <= 3600:
                raise InputError.coded("console_seconds", given=rest[-1])
            seconds, who = int(rest[-1]), rest[:-1]
        seat = find_seat(" ".join(who), names) if who else None
        return Control(action, seat=seat, seconds=seconds)
    if action in ("computer", "person"):
        if not rest:
            raise InputError.coded("console_whom", command=words[0])
        level = LEVELS.get(rest_low[-1]) if action == "computer" and len(rest) > 1 else None
        who = rest[:-1] if level is not None else rest
        return Control(action, seat=find_seat(" ".join(who), names), level=level)
    if action == "rule":
        ballot = parse_ballot(" ".join(rest)) if rest else None
        if ballot is None:
            raise InputError.coded("console_rule")
        return Control(action, stands=ballot)
    if action == "replace":  # "zamiana Ola Kasia": Kasia plays Ola's seat from now on
        if len(rest) < 2:
            raise InputError.coded("console_replace")
        return Control(action, seat=find_seat(rest[0], names), message=" ".join(rest[1:]))
    if action == "say":
        if len(rest) < 2:
            raise InputError.coded("console_say")
        if rest_low[0] in EVERYONE:
            return Control(action, message=" ".join(rest[1:]))
        return Control(action, seat=find_seat(rest[0], names), message=" ".join(rest[1:]))
    if rest:
        raise InputError.coded("console_unknown", command=" ".join(words))
    return Control(action)
