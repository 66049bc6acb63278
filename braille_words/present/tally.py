"""Players' names beside their numbers (scores, cups, cards left), said so they never run together.

"Filiżanki: Komputer 4 13, Komputer 11" cannot be read: is it Komputer with 11 cups, or
Komputer 1 with 1? Names hold no digits now, but a name and a number side by side still run
together in speech ("Ada trzynaście") and in Braille, where a space is all that parts them. A
colon after every name parts them in both: speech pauses at it, and on the cells it is a sign of
its own; a semicolon between players keeps a number from leaning on the next name ("Ada: 13;
Bolek: 11"), where a comma would read "13, Bolek" as one more item of a list.
"""

from __future__ import annotations

from collections.abc import Iterable


def named(name: str, value: object) -> str:
    """One player's number: "Ada: 13"."""
    return f"{name}: {value}"


def tally(pairs: Iterable[tuple[str, object]]) -> str:
    """Every player's number, in the order given: "Ada: 13; Bolek: 11"."""
    return "; ".join(named(name, value) for name, value in pairs)
