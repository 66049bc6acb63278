"""A player named in a command (``gąsienica Bolek``, ``wyzwanie 2``): by name or by number.

A child thinks of the others by name, not by seat number: "gąsienica 4" for the fourth name
they heard gave the token to the wrong player. So a command that takes a player takes the name
as it was heard, its start when that is enough to tell (``gąsienica bol``), with or without its
Polish letters and capitals; the seat number (from 1) still works.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from braille_words.tiles import is_number


def fold(text: str) -> str:
    """A name as typed on any keyboard: lower case, one space, no Polish marks."""
    text = " ".join(text.lower().replace("ł", "l").split())
    return "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(ch))


def find_seat(typed: str, seats: Sequence[str]) -> int | None:
    """The seat (from 0) ``typed`` names: its number from 1, its name, or the start of one
    name only; None when it names nobody or more than one."""
    typed = typed.strip()
    if is_number(typed):
        number = int(typed)
        return number - 1 if 1 <= number <= len(seats) else None
    want = fold(typed)
    if not want:
        return None
    names = [fold(name) for name in seats]
    if want in names:
        return names.index(want)
    starts = [seat for seat, name in enumerate(names) if name.startswith(want)]
    return starts[0] if len(starts) == 1 else None
