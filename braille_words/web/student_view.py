"""One seat's page, built from what that seat's Braille display would show.

A browser seat has no display, but its ``SeatOutput`` still draws the lines a display would
show (``braille_view`` of the seat's own ``view_for``, drawn again with its current pick), and
every tile, card, word slot, board square and action on them carries the routing target our
routing keys press. The page shows those same lines in print: tiles and cards as buttons
(a screen reader's routing keys click them, and a click does what our routing key does), the
table's words as groups of buttons, a board as a grid of squares, and the lines of sentences
(scores, words said, the theme) as text. Nothing here reads another seat's output or the
whole state: a page built for a seat holds only what that seat's display would.

The buttons are numbered per page; the host keeps the targets of the last few pages it sent
(``PageTargets``), so a click names a button of a page the browser really had, and one from a
page too old is refused rather than pressing whatever now has that number.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from braille_words.braille.cells import to_unicode
from braille_words.braille.grid import column_name
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.symbols import Symbol
from braille_words.braille.translator import Mode, cells_to_text, symbol_cell
from braille_words.braille.view import Segment
from braille_words.errors import BrailleWordsError
from braille_words.speech.speaker import marked_spans, strip_marks
from braille_words.table.session import AnySession

ITEM_LINES = frozenset({"rack", "loose", "cards", "table"})
"""Lines of tiles or cards (buttons); every other line is sentences (text)."""

LOOKS = frozenset({"suit", "value", "kind", "column", "state"})
"""What of ``target_look`` a page may draw (one word or number each)."""

PAGES_KEPT = 8
"""Pages whose buttons may still be pressed (a click on its way while the page changed)."""

_LOW_DOTS = 0x3F
"""Dots 1-6: dots 7 and 8 mark a pick, a played joker or a suit on the cells; the page says
those in words."""

_SHORT: dict[str, dict[Symbol, str]] = {
    "pl": {Symbol.JOKER: "dżoker", Symbol.DOUBLE_WORD: "×2", Symbol.TRIPLE_WORD: "×3",
           Symbol.CONDITIONAL: "premia", Symbol.COLUMN_5: "5:", Symbol.COLUMN_4: "4:",
           Symbol.COLUMN_3: "3:", Symbol.COLUMN_2: "2:", Symbol.EMPTY_SQUARE: "puste"},
    "en": {Symbol.JOKER: "joker", Symbol.DOUBLE_WORD: "×2", Symbol.TRIPLE_WORD: "×3",
           Symbol.CONDITIONAL: "bonus", Symbol.COLUMN_5: "5:", Symbol.COLUMN_4: "4:",
           Symbol.COLUMN_3: "3:", Symbol.COLUMN_2: "2:", Symbol.EMPTY_SQUARE: "empty"},
}


@dataclass
class PageTargets:
    """The routing targets of the pages sent to one browser, by page number."""

    pages: OrderedDict[int, tuple[int, list[Hashable]]] = field(default_factory=OrderedDict)
    number: int = 0

    def add(self, targets: list[Hashable], seat: int) -> int:
        """A new page drawn for ``seat`` (at a shared page, each member's are their own)."""
        self.number += 1
        self.pages[self.number] = (seat, targets)
        while len(self.pages) > PAGES_KEPT:
            self.pages.popitem(last=False)
        return self.number

    def seat_of(self, page: int) -> int | None:
        found = self.pages.get(page)
        return None if found is None else found[0]

    def target(self, page: int, item: int) -> Hashable | None:
        """The target of button ``item`` of page ``page``; None for a page or button this
        browser was never sent (a forged click) or a page long gone."""
        found = self.pages.get(page)
        if found is None or not 0 <= item < len(found[1]):
            return None
        return found[1][item]


def page_view(session: AnySession, seat: int, lang: str, *,
              hidden: bool = False) -> tuple[dict[str, Any], list[Hashable]]:
    """The seat's page as data, and the routing target of each of its buttons by number.
    ``hidden``: people share the page and ``seat`` is still to take it over; nothing of a
    member's is shown until then."""
    out = session.outputs[seat]
    state = session.state
    with out.surface.lock:  # the table's thread redraws the lines; read them whole
        lines = [] if hidden else list(out.surface.view)
        selection = out.keys.selection
    word_lang = session.kit.word_lang
    targets: list[Hashable] = []
    areas = []
    view = None if hidden else state.view_for(seat)

    drawn = drawn_for(session, view, lang)
    for item in lines:
        if isinstance(item, NamedGrid):
            areas.append(grid_area(item, word_lang, selection, targets, drawn.look))
        elif item.name in ITEM_LINES:
            areas.append(item_area(item, word_lang, lang, selection, targets, drawn))
        else:
            areas.append({"name": item.name, "kind": "text",
                          "text": _print(item.line.cells(), lang, Mode.LITERARY)})
    scores = None
    try:
        result = state.result().get("scores")
        if isinstance(result, list | tuple):
            scores = [{"name": s.name, "score": int(p)}
                      for s, p in zip(session.seats, result, strict=False)]
    except (BrailleWordsError, ValueError, KeyError, TypeError):
        scores = None
    return {
        "game": session.kit.id,
        "title": session.kit.title,
        "seat": seat,
        "name": session.seats[seat].name,
        "word_lang": word_lang,
        "turn": seat in state.awaiting,
        "over": state.is_over,
        "awaiting": [session.seats[s].name for s in sorted(state.awaiting)],
        "picked": selection is not None and not hidden,
        "shared": len(session.sharing(seat)) > 1,
        "hand_over": hidden,
        "scores": scores,
        "areas": areas,
    }, targets


def _print(cells: bytes, lang: str, mode: Mode) -> str:
    if not cells.strip(b"\0"):
        return ""
    try:
        return cells_to_text(cells, lang, mode).strip()
    except BrailleWordsError:
        return to_unicode(cells)


@lru_cache(maxsize=8)
def _symbols(lang: str) -> dict[int, Symbol]:
    found: dict[int, Symbol] = {}
    for symbol in _SHORT["en"]:
        try:
            found[symbol_cell(symbol, lang)] = symbol
        except BrailleWordsError:
            continue
    return found


def cell_label(cell: int, word_lang: str, lang: str) -> str:
    """One tile's or card's cell in print: its letter (capital, as on a tile), a game symbol's
    short name, "" for a blank cell."""
    low = cell & _LOW_DOTS
    if not low:
        return ""
    symbol = _symbols(word_lang).get(low)
    if symbol is not None:
        return _SHORT.get(lang, _SHORT["en"])[symbol]
    return _print(bytes([low]), word_lang, Mode.COMPUTER).upper()


def _segment_label(segment: Segment, word_lang: str, lang: str) -> str:
    """A segment routing to one target (a 7 słów card, an action word): its cells in print."""
    symbols = _symbols(word_lang)
    if not any(cell in symbols for cell in segment.cells):
        return _print(segment.cells, lang, Mode.LITERARY)
    # A card: its symbols by name, the runs between them (a letter, "+1") as computer Braille.
    parts: list[str] = []
    run = bytearray()
    for cell in [*segment.cells, -1]:
        if cell in symbols or cell == -1:
            if run:
                parts.append(_print(bytes(run), word_lang, Mode.COMPUTER).upper())
                run.clear()
            if cell != -1:
                parts.append(cell_label(cell, word_lang, lang))
        else:
            run.append(cell)
    return "".join(parts)


def _button(target: Hashable, text: str, selection: Any, targets: list[Hashable],
            **more: Any) -> dict[str, Any]:
    targets.append(target)
    return {"id": len(targets) - 1, "text": text, "picked": target == selection, **more}


@dataclass(frozen=True)
class Drawn:
    """What the game says of a routing target beyond its cells (``GamePresenter``'s
    ``target_name``, ``target_face``, ``target_pressed``, ``target_look``), for one view."""

    name: Callable[[Hashable], str | None]
    face: Callable[[Hashable], str | None]
    pressed: Callable[[Hashable], bool]
    look: Callable[[Hashable], dict[str, Any]]


def drawn_for(session: AnySession, view: Any, lang: str) -> Drawn:
    """What the game says of each routing target in ``view`` (None: nothing, a page still
    to be handed over), each answer guarded: a view older than the lines it is asked about
    answers nothing, and the cells' own words do."""
    presenter = session.kit.presenter
    misses = (KeyError, IndexError, TypeError, ValueError)

    def name(target: Hashable) -> str | None:
        try:
            return None if view is None else presenter.target_name(target, view, lang)
        except misses:
            return None

    def look(target: Hashable) -> dict[str, Any]:
        try:
            found = {} if view is None else presenter.target_look(target, view)
        except misses:
            return {}
        return {k: v for k, v in found.items() if k in LOOKS and isinstance(v, str | int)}

    def face(target: Hashable) -> str | None:
        try:
            return None if view is None else presenter.target_face(target, view, lang)
        except misses:
            return None

    def pressed(target: Hashable) -> bool:
        try:
            return view is not None and presenter.target_pressed(target, view)
        except misses:
            return False

    return Drawn(name, face, pressed, look)


def item_area(item: NamedLine, word_lang: str, lang: str, selection: Any,
               targets: list[Hashable], drawn: Drawn) -> dict[str, Any]:
    """A rack or hand (one group of buttons), or the table's words (a group per word).

    A button the game names (``target_name``) carries its name twice: plain (``name``), and
    as runs of text and language (``spans``), the word or letter of the game's language
    marked as the spoken sentence marks it, so the page gives that language to it alone."""
    groups: list[list[dict[str, Any]]] = []
    for segment in item.line.segments:
        if segment.is_blank_gap or (segment.cell_targets is None and segment.target is None):
            continue
        if segment.cell_targets is None:
            # One target: a card drawn with game symbols, or an action word ("gotowe") in
            # the page's language, which goes away once done.
            action = not any(cell in _symbols(word_lang) for cell in segment.cells)
            groups.append([_button(segment.target, _segment_label(segment, word_lang, lang),
                                   selection, targets, action=action)])
            continue
        group: list[dict[str, Any]] = []
        for cell, target in zip(segment.cells, segment.cell_targets, strict=True):
            if target is None:
                continue
            text = cell_label(cell, word_lang, lang)
            if group and targets[group[-1]["id"]] == target:
                group[-1]["text"] += text  # several cells of one target: one button
                continue
            group.append(_button(target, text, selection, targets, end=not text))
        if group:
            groups.append(group)
    for group in groups:
        for button in group:
            target = targets[button["id"]]
            name = drawn.name(target)
            if name:
                button["name"] = strip_marks(name)
                button["spans"] = [[text, run] for text, run in marked_spans(name)]
                face = drawn.face(target)
                if face:
                    button["text"] = face
            if drawn.pressed(target):
                button["picked"] = True
            looks = drawn.look(target)
            if looks:
                button["look"] = looks
    if item.name != "table":  # a hand's cards and its actions are one row of buttons
        groups = [[b for g in groups for b in g]] if groups else []
    return {"name": item.name, "kind": "items", "groups": groups}


def grid_area(item: NamedGrid, word_lang: str, selection: Any,
               targets: list[Hashable],
               look: Callable[[Hashable], dict[str, Any]]) -> dict[str, Any]:
    """A board: rows of squares, each a button with its coordinate (and how it is drawn: a
    move waiting for its answer outlined, the last move marked)."""
    grid = item.grid
    rows = []
    for r in range(grid.rows):
        row = []
        for c in range(grid.columns):
            square = grid.square_at(r, c)
            target = grid.target_at(r, c)
            row.append(_button(target, square.text, selection, targets, joker=square.joker,
                               **({"look": drawn} if (drawn := look(target)) else {})))
        rows.append(row)
    return {"name": item.name, "kind": "grid", "rows": rows,
            "columns": [column_name(c) for c in range(grid.columns)],
            "cursor": [grid.row, grid.column]}
