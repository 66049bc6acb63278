"""A running table read from outside its game loop: what each seat is shown and told.

The teacher's page shows every seat; a student's page (a browser seat) shows one. Both read
the same ``seat_view``: it holds only what the seat itself may know (its own view of the game,
its own display and sentences), so a page built on one seat's view leaks nothing of another's.
``table_view`` is the teacher's: the table's state and every seat's view side by side.

Called from a web server's thread while the game loop runs on its own: the game state is an
immutable value replaced whole, and a seat's output is read under its own lock, so a view is
consistent seat by seat (at worst a move behind the next one).
"""

from __future__ import annotations

from typing import Any

from braille_words.braille.cells import to_unicode
from braille_words.braille.translator import Mode, cells_to_text
from braille_words.errors import BrailleWordsError
from braille_words.speech.speaker import strip_marks
from braille_words.table.session import AnySession

HEARD_SHOWN = 8
"""How many of a seat's latest sentences a view carries."""


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


def _scores(session: AnySession) -> list[int] | None:
    try:
        scores = session.state.result().get("scores")
    except (BrailleWordsError, ValueError, KeyError, TypeError):
        return None
    return [int(s) for s in scores] if isinstance(scores, list | tuple) else None


def seat_view(session: AnySession, seat: int, *, connected: bool | None = None) -> dict[str, Any]:
    """One seat as that seat sees it: its name, whether it is there, whether it is its turn,
    its score, its display (cells and print), its latest sentences, its rack and the table.

    ``connected`` is the host's word on a network seat; at one computer a seat is there
    unless its person left or its display was unplugged."""
    config = session.seats[seat]
    out = session.outputs[seat]
    state = session.state
    view = state.view_for(seat)
    presenter = session.kit.presenter
    lang = out.lang
    if connected is None:
        connected = seat not in session._left and f"display {seat}" not in session._paused
    with out._lock:
        frame = out.frame()
        heard = [strip_marks(s) for s in out.said if s][-HEARD_SHOWN:]
        line = out.current_line or ""
    lines = []
    try:
        drawn = presenter.braille_view(view, lang)
    except BrailleWordsError:
        drawn = []
    for named in drawn:
        cells = named.line.cells()
        lines.append({"name": named.name, "braille": to_unicode(cells),
                      "print": _print(cells, lang)})
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
            "attached": out.display is not None,
        },
        "heard": heard,
        "rack": presenter.rack_letters(view),
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
        "news": strip_marks(session._last_news),
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
