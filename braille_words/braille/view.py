"""A Braille line made of routable segments, and the windows a display pans through.

A game line (a rack, the words on the table, a menu) is longer than most displays (12 to 80
cells). Panning must never leave half a word on one window and the rest on the next, because a
reader would take the half for a word; and a routing key must always say which tile, letter or
menu item it is over. So a line is a sequence of segments, each with its cells and its routing
target, and the windows are cut between segments. Only a segment wider than the display is
split, at the display's width, and the next window continues it.

The windows of a line are computed once, as a partition of its cells, so panning right then
left returns exactly to the same window.
"""

from __future__ import annotations

import bisect
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from braille_words.braille.cells import CURSOR_DOTS, cursor_cell
from braille_words.errors import InputError

Target = Hashable


@dataclass(frozen=True)
class Segment:
    """Cells panned as one unit, and where a routing key over them leads.

    ``target`` is an opaque hashable object chosen by the caller (``("menu", 2)``). When each
    cell leads somewhere of its own (``("rack", k)``, ``("word", w, i)``), ``cell_targets``
    holds one target per cell. A segment whose targets are all None is a gap (a separator).
    """

    cells: bytes
    target: Target = None
    cell_targets: tuple[Target, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", bytes(self.cells))
        if self.cell_targets is not None:
            object.__setattr__(self, "cell_targets", tuple(self.cell_targets))
            if len(self.cell_targets) != len(self.cells):
                raise InputError(
                    f"a segment of {len(self.cells)} cells needs {len(self.cells)} targets, "
                    f"not {len(self.cell_targets)}"
                )

    @classmethod
    def per_cell(cls, cells: bytes, targets: Iterable[Target]) -> Segment:
        """A segment kept together when panning, routing each cell to its own target."""
        return cls(bytes(cells), None, tuple(targets))

    @classmethod
    def gap(cls, cells: bytes = b"\x00") -> Segment:
        """Separator cells that route nowhere."""
        return cls(bytes(cells))

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def is_blank_gap(self) -> bool:
        """Blank cells that route nowhere: a window may hide them past its right edge."""
        targets = self.cell_targets or (self.target,)
        return not any(self.cells) and all(t is None for t in targets)

    def target_at(self, offset: int) -> Target:
        if self.cell_targets is not None:
            return self.cell_targets[offset]
        return self.target


@dataclass(frozen=True)
class Hit:
    """What a routing key landed on: the target, the cell's offset inside its segment (counted
    from the segment's first cell even when the segment is split across windows) and the
    segment's index in the line."""

    target: Target
    offset: int
    segment: int


@dataclass(frozen=True)
class Line:
    """One line of Braille: segments, status cells given by the caller, an optional cursor.

    ``cursor`` is a cell index in the line (0 ≤ cursor < len(line)); to show a cursor after
    the last character, end the line with a blank gap segment.
    """

    segments: tuple[Segment, ...]
    status: bytes = b""
    cursor: int | None = None
    _starts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _length: int = field(init=False, repr=False, compare=False)
    _cells: bytes = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        segments: Iterable[Segment] = (),
        *,
        status: bytes = b"",
        cursor: int | None = None,
    ) -> None:
        segs = tuple(segments)
        starts: list[int] = []
        pos = 0
        for seg in segs:
            starts.append(pos)
            pos += len(seg)
        object.__setattr__(self, "segments", segs)
        object.__setattr__(self, "status", bytes(status))
        object.__setattr__(self, "_starts", tuple(starts))
        object.__setattr__(self, "_length", pos)
        object.__setattr__(self, "_cells", b"".join(seg.cells for seg in segs))
        if cursor is not None and not 0 <= cursor < pos:
            raise InputError(f"the cursor {cursor} is outside the line of {pos} cells")
        object.__setattr__(self, "cursor", cursor)

    @classmethod
    def joined(
        cls,
        segments: Iterable[Segment],
        separator: bytes = b"\x00",
        *,
        status: bytes = b"",
        cursor: int | None = None,
    ) -> Line:
        """Segments with a gap of ``separator`` cells between each two."""
        out: list[Segment] = []
        for seg in segments:
            if out and separator:
                out.append(Segment.gap(separator))
            out.append(seg)
        return cls(out, status=status, cursor=cursor)

    def __len__(self) -> int:
        return self._length

    def cells(self) -> bytes:
        """All the line's cells, status not included."""
        return self._cells

    def span(self, index: int) -> tuple[int, int]:
        """First cell and one past the last cell of segment ``index``."""
        start = self._starts[index]
        return start, start + len(self.segments[index])

    def segment_index_at(self, cell: int) -> int:
        """The index of the segment holding cell ``cell``."""
        if not 0 <= cell < len(self):
            raise IndexError(f"cell {cell} is outside the line of {len(self)} cells")
        # Empty segments share a start with the next one: bisect_right skips past them.
        return bisect.bisect_right(self._starts, cell) - 1

    def locate(self, cell: int) -> Hit | None:
        """The target under cell ``cell`` with its offset, or None for a gap or no cell."""
        if not 0 <= cell < len(self):
            return None
        index = self.segment_index_at(cell)
        offset = cell - self._starts[index]
        target = self.segments[index].target_at(offset)
        return None if target is None else Hit(target, offset, index)

    def target_at(self, cell: int) -> Target:
        """The routing target of cell ``cell`` (None over a gap or past the end)."""
        hit = self.locate(cell)
        return None if hit is None else hit.target

    def find(self, target: Target) -> int | None:
        """The first cell routing to ``target`` (to move the cursor or the window there)."""
        for index, seg in enumerate(self.segments):
            start = self._starts[index]
            for offset in range(len(seg)):
                if seg.target_at(offset) == target:
                    return start + offset
        return None

    def with_cursor(self, cursor: int | None) -> Line:
        return Line(self.segments, status=self.status, cursor=cursor)

    def with_status(self, status: bytes) -> Line:
        return Line(self.segments, status=status, cursor=self.cursor)


def windows(line: Line, width: int) -> tuple[tuple[int, int], ...]:
    """The panning windows of ``line`` on ``width`` text cells, as (start, end) cell ranges.

    The windows partition the line. A window ends before the first segment that would not fit
    whole, unless that segment began before the window (it is wider than the display), in which
    case it is cut at the display's width. A blank gap segment met at the break is kept at the
    end of the window it follows, so no window starts with a blank; a window's range may then
    be longer than ``width``, but only by blank cells that route nowhere.
    """
    if width < 1:
        raise InputError(f"a display needs at least one text cell, not {width}")
    total = len(line)
    if total == 0:
        return ((0, 0),)
    out: list[tuple[int, int]] = []
    pos = 0
    while pos < total:
        end = pos + width
        if end >= total:
            out.append((pos, total))
            break
        seg_start, _ = line.span(line.segment_index_at(end))
        nxt = seg_start if seg_start > pos else end
        # A blank separator here would start the next window with an empty cell: it stays in
        # this window instead, past the display's edge where a blank shows nothing anyway.
        while nxt < total:
            index = line.segment_index_at(nxt)
            if not line.segments[index].is_blank_gap:
                break
            nxt = line.span(index)[1]
        out.append((pos, nxt))
        pos = nxt
    return tuple(out)


@dataclass(frozen=True)
class Frame:
    """What a display shows now: its text cells (exactly its width) and its status cells."""

    cells: bytes
    status: bytes


class Pager:
    """One display's view of a line: the current window, panning, cursor and routing.

    ``width`` is the display's text cells. ``status_cells`` is how many separate status cells
    the display model has (they show ``line.status``). A display without them may give up
    ``status_in_window`` cells at the left of its text cells instead; one blank cell then
    separates the status from the line.
    """

    def __init__(
        self,
        line: Line,
        width: int,
        *,
        status_cells: int = 0,
        status_in_window: int = 0,
        show_cursor: bool = True,
        cursor_dots: int = CURSOR_DOTS,
    ) -> None:
        if status_cells < 0 or status_in_window < 0:
            raise InputError("a number of status cells cannot be negative")
        reserved = status_in_window + 1 if status_in_window else 0
        if width - reserved < 1:
            raise InputError(
                f"a display of {width} cells cannot give {status_in_window} cells to the status"
            )
        self.width = width
        self.status_cells = status_cells
        self.status_in_window = status_in_window
        self.show_cursor = show_cursor
        self.cursor_dots = cursor_dots
        self._reserved = reserved
        self._line = line
        self._windows = windows(line, self.text_width)
        self._index = 0
        self.to_cursor()

    @property
    def text_width(self) -> int:
        """Cells of the window given to the line (the width less any status in the window)."""
        return self.width - self._reserved

    @property
    def line(self) -> Line:
        return self._line

    @property
    def windows(self) -> Sequence[tuple[int, int]]:
        return self._windows

    @property
    def index(self) -> int:
        return self._index

    @property
    def window(self) -> tuple[int, int]:
        return self._windows[self._index]

    @property
    def at_start(self) -> bool:
        return self._index == 0

    @property
    def at_end(self) -> bool:
        return self._index == len(self._windows) - 1

    def set_line(self, line: Line, *, follow_cursor: bool = True) -> None:
        """Show a new version of the line, keeping the reader's place.

        With a cursor (and ``follow_cursor``) the window holding the cursor is shown; otherwise
        the window holding the first cell that was shown before.
        """
        first = self.window[0]
        self._line = line
        self._windows = windows(line, self.text_width)
        if follow_cursor and line.cursor is not None:
            self.to_cursor()
        else:
            self.show_cell(min(first, max(len(line) - 1, 0)))

    def pan_right(self) -> bool:
        """Next window; False at the end of the line (the caller may beep)."""
        if self.at_end:
            return False
        self._index += 1
        return True

    def pan_left(self) -> bool:
        """Previous window; False at the start of the line."""
        if self.at_start:
            return False
        self._index -= 1
        return True

    def home(self) -> None:
        self._index = 0

    def end(self) -> None:
        self._index = len(self._windows) - 1

    def show_cell(self, cell: int) -> None:
        """Move to the window holding cell ``cell``."""
        starts = [start for start, _ in self._windows]
        self._index = max(bisect.bisect_right(starts, cell) - 1, 0)

    def to_cursor(self) -> bool:
        """Move to the window holding the cursor; False when the line has none."""
        if self._line.cursor is None:
            return False
        self.show_cell(self._line.cursor)
        return True

    def show_target(self, target: Target) -> bool:
        """Move to the window holding ``target``; False when no cell routes to it."""
        cell = self._line.find(target)
        if cell is None:
            return False
        self.show_cell(cell)
        return True

    def toggle_cursor(self) -> bool:
        """Show or hide the cursor dots (a driver blinks the cursor by calling this)."""
        self.show_cursor = not self.show_cursor
        return self.show_cursor

    def frame(self) -> Frame:
        start, end = self.window
        cells = bytearray(self._line.cells()[start:end][: self.text_width])
        cursor = self._line.cursor
        if self.show_cursor and cursor is not None and 0 <= cursor - start < len(cells):
            cells[cursor - start] = cursor_cell(cells[cursor - start], self.cursor_dots)
        cells.extend(bytes(self.text_width - len(cells)))
        prefix = b""
        if self.status_in_window:
            prefix = _fit(self._line.status, self.status_in_window) + b"\x00"
        return Frame(prefix + bytes(cells), _fit(self._line.status, self.status_cells))

    def route(self, key: int) -> Hit | None:
        """The target under routing key ``key`` (0 = the leftmost text cell) and its offset;
        None over status cells, gaps and blank cells past the end of the window."""
        if not 0 <= key < self.width or key < self._reserved:
            return None
        start, end = self.window
        cell = start + key - self._reserved
        if cell >= end:  # key < width, so the cell is on the display
            return None
        return self._line.locate(cell)


def _fit(cells: bytes, width: int) -> bytes:
    return cells[:width] + bytes(max(width - len(cells), 0))
