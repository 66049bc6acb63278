"""What a seat itself says about its display and keys, not about a game: the edges of its
lines, what a cancel key took back, where a board's cursor went."""

from __future__ import annotations

SEAT_WORDS: dict[str, dict[str, str]] = {
    "pl": {
        "first_line": "Pierwsza linia.",
        "last_line": "Ostatnia linia.",
        "typed_cleared": "Wpisane litery usunięte.",
        "pick_dropped": "Wybór anulowany.",
        "nothing_to_cancel": "Nie ma czego anulować.",
        "no_line": "Nie ma takiej linii.",
        "across": "w poziomie",
        "down": "w pionie",
        "anchor": "wolne pole przy kartach",
        "no_words": "Na planszy nie ma jeszcze słów.",
        "no_anchors": "Na planszy nie ma jeszcze kart.",
        "no_board": "Nie ma planszy.",
    },
    "en": {
        "first_line": "First line.",
        "last_line": "Last line.",
        "typed_cleared": "Typed letters cleared.",
        "pick_dropped": "Pick dropped.",
        "nothing_to_cancel": "Nothing to cancel.",
        "no_line": "There is no such line.",
        "across": "across",
        "down": "down",
        "anchor": "a free square beside the cards",
        "no_words": "There are no words on the board yet.",
        "no_anchors": "There are no cards on the board yet.",
        "no_board": "There is no board.",
    },
}


def seat_words(lang: str, key: str) -> str:
    """The seat's sentence ``key`` in ``lang`` (English for a language it lacks)."""
    return SEAT_WORDS.get(lang, SEAT_WORDS["en"])[key]
