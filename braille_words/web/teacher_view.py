"""The cards, tiles and boards the teacher's page draws: every table's board and every seat's
hand, as the student's page draws them (``student_view``'s areas, the same names, faces and
looks), from each seat's own view.

An area every seat is shown alike (Scrabble karty's board, the table's words, 7 słów's open
cards) is the table's and drawn once; the others (a rack, a hand) are that seat's. Nothing here
is pressed: the teacher watches; the areas carry no routing targets and no pick."""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from braille_words.braille.lines import NamedGrid
from braille_words.errors import BrailleWordsError
from braille_words.table.session import AnySession
from braille_words.web.student_view import ITEM_LINES, drawn_for, grid_area, item_area


def seat_areas(session: AnySession, seat: int, lang: str) -> list[dict[str, Any]]:
    """The areas of tiles, cards and squares of ``seat``'s own view, in ``lang``."""
    view = session.state.view_for(seat)
    try:
        lines = session.kit.presenter.braille_view(view, lang)
    except BrailleWordsError:
        return []
    drawn = drawn_for(session, view, lang)
    word_lang = session.kit.word_lang
    unused: list[Hashable] = []
    areas = []
    for line in lines:
        if isinstance(line, NamedGrid):
            areas.append(grid_area(line, word_lang, None, unused, drawn.look))
        elif line.name in ITEM_LINES:
            area = item_area(line, word_lang, lang, None, unused, drawn)
            for group in area["groups"]:
                for button in group:  # the teacher presses nothing
                    del button["id"], button["picked"]
                group[:] = [b for b in group if not b.get("action")]
            area["groups"] = [g for g in area["groups"] if g]
            if area["groups"]:
                areas.append(area)
    for area in areas:
        if area["kind"] == "grid":
            for row in area["rows"]:
                for square in row:
                    del square["id"], square["picked"]
    return areas


def table_areas(session: AnySession, lang: str) -> tuple[list[dict[str, Any]],
                                                         list[list[dict[str, Any]]]]:
    """The table's areas (shown alike to every seat: drawn once) and each seat's own."""
    per_seat = [seat_areas(session, s, lang) for s in range(len(session.seats))]
    if not per_seat:
        return [], []

    def same(area: dict[str, Any]) -> bool:
        key = json.dumps(area, sort_keys=True)
        return all(any(json.dumps(a, sort_keys=True) == key for a in others)
                   for others in per_seat[1:])

    public = [a for a in per_seat[0] if same(a)] if len(per_seat) > 1 else [
        a for a in per_seat[0] if a["name"] not in ("rack", "cards", "loose")]
    names = {a["name"] for a in public}
    return public, [[a for a in areas if a["name"] not in names] for areas in per_seat]
