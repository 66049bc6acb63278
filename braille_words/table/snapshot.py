"""A running table read from outside its game loop: what each seat is shown and told.

The teacher's page shows every seat; a student's page (a browser seat) shows one. Both read
the same ``seat_view``: it holds only what the seat itself may know (its own view of the game,
its own display and sentences), so a page built on one seat's view leaks nothing of another's.
``table_view`` is the teacher's: the table's state and every seat's view side by side.

Called from a web server's thread while the game loop runs on its own: the game state is an
immutable value replaced whole, and a seat's output is read under its own lock, so a view is
consistent seat by seat (at worst a move behind the next one).

A seat played from a student's own computer is shown and worded there, not by the table: what
its display shows and what it said are that computer's report (a ``SeatMirror``, kept by the
host for its teacher), given to ``seat_view`` or found through the ``mirrored`` provider a
host registers for its tables.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from braille_words.braille.cells import to_unicode
from braille_words.braille.lines import NamedGrid
from braille_words.braille.translator import Mode, cells_to_text, sentences_in
from braille_words.braille.view import Line
from braille_words.errors import BrailleWordsError
from braille_words.speech.speaker import strip_marks
from braille_words.table.control import computers_own_seat
from braille_words.table.session import AnySession

HEARD_SHOWN = 8
"""How many of a seat's latest sentences a view carries."""


@dataclass(frozen=True)
class SeatMirror:
    """What a network seat's own computer last said it shows and says: its display's cells,
    the line the student is on, and its latest sentences. Replaced whole, never changed."""

    cells: bytes = b""
    line: str = ""
    heard: tuple[str, ...] = ()


MirrorOf = Callable[[int], SeatMirror | None]
"""A table's seat's mirror, or None for a seat at the table's own computer."""

_mirrors: dict[int, tuple[weakref.ref[AnySession], MirrorOf]] = {}


def mirrored(session: AnySession, mirror_of: MirrorOf) -> None:
    """``session``'s network seats are shown by ``mirror_of`` on every view of it (a host
    registers its tables for the teacher's page)."""
    key = id(session)
    _mirrors[key] = (weakref.ref(session, lambda _: _mirrors.pop(key, None)), mirror_of)


def _mirror_of(session: AnySession, seat: int) -> SeatMirror | None:
    found = _mirrors.get(id(session))
    if found is None or found[0]() is not session:
        return None
    return found[1](seat)


def _print(cells: bytes, lang: str) -> str:
    """Cells back in print, as a sighted teacher reads them ("" where they do not translate
    back: a suit's dots on a card)."""
    if not cells.strip(b"\0"):
        return ""
    # Eight-dot cells (a capital's dot 7, a suit's dots) are computer Braille; six-dot
    # sentences are literary (its capital and number signs).
    mode = Mode.COMPUTER if any(cell & 0xC0 for cell in cells) else Mode.LITERARY
    try:
        return cells_to_text(cells, lang, mode).strip()
    except BrailleWordsError:
        return ""


def _board_rows(board: NamedGrid) -> list[dict[str, Any]]:
    """A board (Scrabble karty's), row by row as its squares stand, for the teacher's page:
    every row that holds a card, its cells and what stands there ("·" an empty square).
    The display shows one row at a time; the teacher sees the whole board."""
    rows = []
    grid = board.grid
    for r, squares in enumerate(grid.squares):
        if all(square.empty for square in squares):
            continue
        cells = bytes(square.shown(grid.empty_cell) for square in squares)
        printed = " ".join(square.text.upper() if square.text else "·" for square in squares)
        rows.append({"name": board.name, "row": r + 1, "braille": to_unicode(cells),
                     "print": printed})
    return rows


def _line_print(line: Line, presenter: Any, view: Any, lang: str,
                word_lang: str) -> tuple[str, str]:
    """A Braille line in print, as a sighted teacher reads it. Where the cells say less than
    print (a card's suit is its colour, on the cells only dots 7 and 8), the game names
    each card (``target_name``: "N, niebieski"); a word of the game's own language is read
    back in that language; never liblouis' escapes for cells it cannot read (``\\1368/``)."""
    whole = _print(line.cells(), lang)
    parts: list[str] = []
    named_any = False
    in_words = False
    for segment in line.segments:
        targets = segment.cell_targets or (
            (segment.target,) if segment.target is not None else ())
        names = [presenter.target_name(t, view, lang) for t in targets]
        if names and all(names):
            named_any = True
            parts.append(", ".join(str(n) for n in names))
            continue
        said = _print(segment.cells, lang)
        if "\\" in said:
            said, in_words = _print(segment.cells, word_lang), True
        parts.append(_ESCAPE.sub("", said).strip())
    if not named_any and "\\" not in whole:
        return whole, lang
    return "; ".join(p for p in parts if p), word_lang if in_words and not named_any else lang


_ESCAPE = re.compile(r"\\[0-9]+/")
"""liblouis' way of writing a cell its table cannot read back."""


def _scores(session: AnySession) -> list[int] | None:
    try:
        scores = session.state.result().get("scores")
    except (BrailleWordsError, ValueError, KeyError, TypeError):
        return None
    return [int(s) for s in scores] if isinstance(scores, list | tuple) else None


def seat_view(session: AnySession, seat: int, *, connected: bool | None = None,
              mirror: SeatMirror | None = None) -> dict[str, Any]:
    """One seat as that seat sees it: its name, whether it is there, whether it is its turn,
    its score, its display (cells and print), its latest sentences, its rack and the table.

    ``connected`` is the host's word on a network seat; at one computer a seat is there
    unless its person left or its display was unplugged. ``mirror`` (or the one ``mirrored``
    gives) is a network seat's display and sentences, as its student's computer reported
    them: they are made there, not in this seat's output at the table.

    The lines are drawn, and the cells read back, in the Braille the seat reads (its
    ``braille`` setting): grade 1 cells read as grade 2 would turn a lone "b" into "but"."""
    with sentences_in(session.outputs[seat].surface.braille_mode):
        return _seat_view(session, seat, connected, mirror)


def _seat_view(session: AnySession, seat: int, connected: bool | None,
               mirror: SeatMirror | None) -> dict[str, Any]:
    config = session.seats[seat]
    out = session.outputs[seat]
    state = session.state
    view = state.view_for(seat)
    presenter = session.kit.presenter
    lang = out.lang
    if connected is None:
        connected = seat not in session._left and f"display {seat}" not in session._paused
    if mirror is None:
        mirror = _mirror_of(session, seat)
    if mirror is not None:
        frame, line, attached = mirror.cells, mirror.line, bool(mirror.cells)
        heard = [strip_marks(s) for s in mirror.heard if s][-HEARD_SHOWN:]
    else:
        surface = out.surface
        with surface.lock:
            frame = surface.frame()
            heard = [strip_marks(s) for s in out.news.said if s][-HEARD_SHOWN:]
            line = surface.current_line or ""
        attached = out.display is not None
    lines = []
    try:
        drawn = presenter.braille_view(view, lang)
    except BrailleWordsError:
        drawn = []
    word_lang = session.kit.word_lang
    for named in drawn:
        if isinstance(named, NamedGrid):
            lines.extend(_board_rows(named))
            continue
        cells = named.line.cells()
        printed, printed_lang = _line_print(named.line, presenter, view, lang, word_lang)
        lines.append({"name": named.name, "braille": to_unicode(cells), "print": printed,
                      "lang": printed_lang})
    try:
        where = presenter.where(view, lang, out.verbosity, [s.name for s in session.seats])
    except BrailleWordsError:
        where = ""
    scores = _scores(session)
    clock = session.clock
    left = clock.remaining() if clock is not None and clock.running is not None else None
    awaited = seat in state.awaiting
    return {
        "seat": seat,
        "name": config.name,
        "kind": config.kind,
        # The computer's own seat: the page offers no form to seat a student there.
        "seatable": not computers_own_seat(session.seats, session.header.seats, seat),
        "level": config.level,
        "lang": lang,
        "connected": bool(connected),
        "turn": awaited,
        "clock": round(left) if awaited and left is not None else None,
        "score": scores[seat] if scores is not None and seat < len(scores) else None,
        "display": {
            "line": line,
            "braille": to_unicode(frame),
            "print": _print(frame, lang),
            "attached": attached,
        },
        "heard": heard,
        "rack": presenter.rack_shown(view, lang),
        "word_lang": session.kit.word_lang,
        "where": strip_marks(where),
        "lines": lines,
    }


def table_view(
    session: AnySession, *, connected: dict[int, bool] | None = None
) -> dict[str, Any]:
    """The whole table for its teacher: the game, whose turn, the clock, the scores, who is
    away, the latest news and every seat's own view."""
    state = session.state
    clock = session.clock
    left = clock.remaining() if clock is not None and clock.running is not None else None
    return {
        "game": session.kit.id,
        "title": session.kit.title,
        "over": state.is_over,
        "paused": session.paused,
        "moves": session.moves_played,
        "awaiting": sorted(int(s) for s in state.awaiting),
        "clock": round(left) if left is not None else None,
        "scores": _scores(session),
        "news": strip_marks(session.last_news()),
        "journal": str(session.journal.path) if session.journal is not None else "",
        "takes_position": takes_position(session),
        "seats": [
            seat_view(session, s, connected=(connected or {}).get(s))
            for s in range(len(session.seats))
        ],
    }



def takes_position(session: AnySession) -> bool:
    """Whether the table's game can start from a position file (an exercise)."""
    from braille_words.games.interface import GameRules

    own = getattr(type(session.rules), "from_position", None)
    return own is not None and own is not GameRules.from_position
