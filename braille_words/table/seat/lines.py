"""The lines a seat's surface puts on the cells beside the game's: a sentence as the message
line, a list with each item in a window of its own, and a game line labelled with its name.

Plain functions of the text, the seat's language and its display's width, so a line looks the
same whichever seat (at this computer, on the network, on a page) draws it.
"""

from __future__ import annotations

from collections.abc import Sequence

from braille_words.braille import text_line
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.translator import Mode
from braille_words.braille.view import Line, Segment
from braille_words.errors import BrailleWordsError
from braille_words.speech.speaker import for_cells

LABELLED_LINES = ("rack", "loose", "table", "scores", "cards", "words")
"""Lines that start with their name on the cells."""


def item_line(items: Sequence[str], lang: str, mode: Mode, width: int) -> Line:
    """A list (help's commands) with each item starting a window of its own: one command
    at a time on a short display, instead of a sentence of 153 windows."""
    segments: list[Segment] = []
    for item in items:
        cells = text_line(for_cells(item), lang, mode).cells()
        pad = -len(cells) % width
        segments.append(Segment.per_cell(cells + b"\x00" * pad, [None] * (len(cells) + pad)))
    return Line(segments)


def message_line(shown: str, lang: str, mode: Mode, *, items: Sequence[str] | None = None,
                 width: int = 40) -> NamedLine | None:
    """A sentence as the message line (a list as ``item_line``); None when it cannot be put
    in Braille."""
    try:
        line = (item_line(items, lang, mode, width) if items
                else text_line(shown, lang, mode, name="message"))
    except BrailleWordsError:
        return None
    return NamedLine("message", line)


def labelled(item: NamedLine | NamedGrid, lang: str, width: int | None = None) -> Line:
    """The line with its name in its first cells ("stojak:", "stół:"), so a reader who
    moved by line keys knows where they are; routing keys keep their targets. On a window
    of ``width`` cells the name shares its first word's segment only when both fit (or the
    word does not fit alone either), so a word is never cut for the name (10 cells beside a
    clock showed "wyniki: R", "unda")."""
    line = item.line
    if isinstance(item, NamedGrid) or item.name not in LABELLED_LINES:
        return line
    from braille_words.present.messages import text

    name = text(lang, f"label_{item.name}")
    try:
        # Spelled in the seat's own uncontracted braille (computer braille for a seat that
        # reads it): in American computer braille the colon is dots 1-5-6, which a UEB reader
        # reads as "wh" ("wordswh -"); Polish braille writes the label alike either way.
        label = text_line(name, lang, Mode.UNCONTRACTED)
        # A line that says its own name ("Wyniki: …") is not named twice: "wyniki: Wyniki:"
        # took 8 of 14 cells (issue 33).
        own = line.cells()
        for said in {name, name[:1].upper() + name[1:]}:
            for mode in (Mode.LITERARY, Mode.COMPUTER):
                if own.startswith(text_line(said, lang, mode).cells()):
                    return line
    except BrailleWordsError:
        return line
    # One segment with the line's first one: on a short display the name shares the
    # first window with the start of the line instead of taking a window of its own.
    head = label.cells() + b"\x00"
    first, *rest = line.segments or (Segment.gap(b""),)
    if width is not None and len(head) + len(first) > width >= len(first):
        segments = [Segment.per_cell(head, [None] * len(head)), first, *rest]
    else:
        targets = list(first.cell_targets or (first.target,) * len(first))
        segments = [Segment.per_cell(head + first.cells, [None] * len(head) + targets), *rest]
    offset = len(head)
    cursor = line.cursor + offset if line.cursor is not None else None
    return Line(segments, status=line.status, cursor=cursor)
