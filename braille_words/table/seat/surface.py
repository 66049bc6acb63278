"""A seat's Braille surface: the lines a reader moves between, and what the cells show.

The lines are what the seat's other parts put above the game's (the typing line while letters
are typed, the message line) and the game's own view, which may hold boards (``NamedGrid``):
the reader moves a cursor over a board's squares by rows and columns, and the coordinate of
the cursor's square is shown in the status cells, or at the start of every window on a display
without them. Each board keeps its cursor when the game draws the view again.

While news waits, dots 7 and 8 rise on the last cell of every window (on the blank cell before
a clock's digits while a clock is shown), and displays with status cells show how many messages
wait after the turn's status. A running clock's seconds are on the cells too: in the status
cells, or in the last cells of every window on a display without them (the windows are that
much narrower while a clock runs).

The surface only renders: it is told its lines, and a routing key comes back as the target
under it (``route``); what the target means is the seat's input's business.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from braille_words.braille import Pager
from braille_words.braille.cells import DOT7, DOT8
from braille_words.braille.grid import Grid
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.translator import Mode, sentences_in, text_to_cells
from braille_words.braille.view import Hit
from braille_words.errors import BrailleWordsError
from braille_words.table.clock import clock_text
from braille_words.table.seat.boards import (
    GRID_MOVES,
    ViewLine,
    keep_cursors,
    next_place,
    read_along,
    with_grid,
)
from braille_words.table.seat.keys import Step
from braille_words.table.seat.lines import labelled, message_line
from braille_words.table.seat.news import Show
from braille_words.table.seat.voice import safely
from braille_words.table.seat.words import seat_words

Draw = Callable[[Any], Sequence[ViewLine]]
"""The game's lines as a function of the seat's pick, drawn again when the pick changes."""

SHORT_CELLS = 20
"""Up to this many cells, a display is short: terse sentences, help one command a window."""

CLOCK_CELLS = 4
"""A blank cell and up to three digits: the clock on a display without status cells."""

_DOTS_7_8 = DOT7 | DOT8
"""The last cell's dots 7 and 8: news is waiting to be read."""

BLINK_SECONDS = 0.5
"""Each phase of a board's blinking cursor (``cells.cursor_cell`` says why it blinks)."""


@dataclass(frozen=True)
class Answer:
    """What the seat says after a step on its surface."""

    said: str | None = None
    edge: bool = False
    """The edge sound: there was nowhere to go."""
    shown: bool = False
    """The sentence goes to the message line too (the reader stays in place), not only
    aloud: a board read, for a reader who does not hear it."""


class BrailleSurface:
    """The lines of one seat and the cells of its display (if it has one).

    ``above`` gives the lines the seat puts before the game's, ``waiting`` how many messages
    wait (given the line being read), ``hidden`` whether the seat's game lines are hidden
    (it handed a shared screen over), ``history`` where an earlier message is (line up on the
    message line: ``NewsQueue.history``). ``lock`` is the seat's, held by every public method.
    """

    def __init__(
        self,
        lang: str,
        *,
        above: Callable[[], list[NamedLine]],
        waiting: Callable[[str | None], int],
        hidden: Callable[[], bool],
        history: Callable[[int], Show | None] = lambda step: None,
        lock: threading.RLock | None = None,
        reading_back: Callable[[], bool] = lambda: False,
    ) -> None:
        self.lang = lang
        self.lock = lock if lock is not None else threading.RLock()
        self.display: Any | None = None
        self.braille_mode = Mode.LITERARY
        self.view: list[ViewLine] = []
        self.grids: dict[str, Grid] = {}  # each board's cursor, kept across redraws
        self.draw: Draw | None = None
        self.line_index = 0
        self.pager: Pager | None = None
        self.pager_kind: tuple[str, int] = ("line", 0)
        self.status_borrowed = False  # the status cells show a board coordinate
        self.status_text = ""
        self.status_waiting = 0
        self.clock = ""
        """The running clock's seconds, shown on the cells (``show_clock``)."""
        self.on_lines: Callable[[], None] | None = None
        """Told after the game lines change (a new view, a pick, a board's cursor): a
        student's page, which has no display, draws its buttons again from them."""
        self._above, self._waiting, self._hidden = above, waiting, hidden
        self._history = history
        self._reading_back = reading_back
        self._blink: threading.Timer | None = None
        """The board cursor's next phase, while a board is on the cells."""
        self._closed = False
        """Whether the message line shows an earlier message (line up): panning past its
        end stays there (issue 33: it went on to the rack line)."""

    @property
    def short(self) -> bool:
        """A display of 20 cells or fewer: sentences go on it in their terse form."""
        display = self.display
        return display is not None and int(getattr(display, "cells", 40) or 40) <= SHORT_CELLS

    def attach(self, display: Any | None) -> None:
        with self.lock:
            self.display = display
            self.refresh(reset=True)

    def blank(self) -> None:
        """Every cell down, the status cells too: at the program's end the game's last words
        must not stay under the fingers of whoever touches the display next, as if the
        program still ran (issue 39)."""
        with self.lock:
            self._closed = True
            if self._blink is not None:
                self._blink.cancel()
                self._blink = None
        display = self.display
        if display is None:
            return
        cells = int(getattr(display, "cells", 0) or 0)
        if cells:
            safely(lambda: display.write(bytes(cells)))
        if int(getattr(display, "status_cells", 0) or 0):
            safely(lambda: display.write_status(b""))

    # -- the lines -------------------------------------------------------------------------

    @property
    def lines(self) -> list[ViewLine]:
        return [*self._above(), *self.view]

    @property
    def current_line(self) -> str | None:
        lines = self.lines
        return lines[self.line_index].name if 0 <= self.line_index < len(lines) else None

    def current(self) -> ViewLine | None:
        lines = self.lines
        return lines[self.line_index] if 0 <= self.line_index < len(lines) else None

    @property
    def window(self) -> tuple[bool, bool] | None:
        """(at the line's start, at its end) of the window shown; None when nothing is."""
        pager = self.pager
        return None if pager is None else (pager.at_start, pager.at_end)

    def show(self, lines: Sequence[ViewLine] | Draw, selection: Any) -> None:
        """The game's lines, or a function of the pick that draws them (``Draw``)."""
        with self.lock:
            self.draw = lines if callable(lines) else None
            self._put(self._drawn(selection) if self.draw else lines)  # type: ignore[arg-type]

    def redraw(self, selection: Any) -> None:
        """The pick changed: draw the game's lines again, if they depend on it."""
        if self.draw is not None:
            self._put(self._drawn(selection))

    def _drawn(self, selection: Any) -> Sequence[ViewLine]:
        """The game's lines drawn for this seat: their sentences in the Braille it reads
        (``braille_mode``), though the game wrote only "literary"."""
        draw = self.draw
        if draw is None:
            return self.view
        with sentences_in(self.braille_mode):
            return draw(selection)

    def _put(self, view: Sequence[ViewLine]) -> None:
        self.view, self.grids = keep_cursors(view, self.grids)
        self._lines_changed()

    def _lines_changed(self) -> None:
        """After the view was replaced (under the lock): the display, and whoever follows
        the lines without one. News is said before the view it brings is shown, so a page
        drawn at the news alone could show the lines from before it."""
        self.refresh(reset=False)
        if self.on_lines is not None:
            safely(self.on_lines)

    def message(self, shown: str, items: Sequence[str] | None = None) -> NamedLine | None:
        """A sentence as the message line (``lines.message_line``) for this display."""
        return message_line(shown, self.lang, self.braille_mode, items=items,
                            width=self._width())

    # -- moving between lines -----------------------------------------------------------------

    def move_line(self, step: int, *, at_end: bool = False) -> bool:
        """Go ``step`` lines down (up when negative), to the line's start or ``at_end``."""
        lines = self.lines
        target = self.line_index + step
        if not 0 <= target < len(lines):
            return False
        self.line_index = target
        self.pager = None
        self.refresh(reset=False, keep=lines[target].name, at=-1 if at_end else None)
        return True

    def jump_to(self, name: str) -> bool:
        """Show the line called ``name``; False when there is none."""
        with self.lock:
            names = [n.name for n in self.lines]
            if name not in names:
                return False
            return self.move_line(names.index(name) - self.line_index)

    def jump_line(self, index: int) -> bool:
        """Show line ``index`` (0 = the first, the latest message unless letters are typed)."""
        with self.lock:
            if not 0 <= index < len(self.lines):
                return False
            return self.move_line(index - self.line_index)

    def answer(self, step: Step, selection: Any) -> Answer | None:
        """Carry out a key's step that is the surface's (``keys.Step``): moving, jumping,
        reading a board, the typing line or the pick redrawn; None for any other step."""
        kind, arg = step.kind, step.arg
        if kind == "move":
            return self.navigate(arg)
        if kind == "grid":
            return self.grid_key(arg)
        if kind == "jump":
            found = any(self.jump_to(line) for line in arg)
            return Answer() if found else Answer(seat_words(self.lang, "no_line"), edge=True)
        if kind == "board":
            return self.grid_jump(arg) or Answer(seat_words(self.lang, "no_board"), edge=True)
        if kind == "read":
            said = self.read(arg)
            return Answer(said, edge=said is None, shown=True)
        if kind == "typed":
            self.refresh(reset=True)
        elif kind == "redraw":
            self.redraw(selection)
        else:
            return None
        return Answer()

    def navigate(self, name: str) -> Answer:
        """Pan, change lines, go to the top or bottom (the edge sound when the reader could
        not move, and at the first or last line what it is). Panning past a line's end goes
        to the next line, and back from its start reads the previous line from its end; line
        up on the message line reads earlier messages, line down comes back to the latest."""
        if self.pager is None:
            return Answer()
        said = None
        if name == "pan_right":
            moved = self.pager.pan_right() or (
                not (self.current_line == "message" and self._reading_back())
                and self.move_line(1))
        elif name == "pan_left":
            moved = self.pager.pan_left() or self._back_a_line()
        elif name == "line_up":
            moved = self.move_line(-1) or self._back_in_history(1)
            said = None if moved else seat_words(self.lang, "first_line")
        elif name == "line_down":
            moved = self._back_in_history(-1) or self.move_line(1)
            said = None if moved else seat_words(self.lang, "last_line")
        else:
            last = len(self.lines) - 1
            moved = self.move_line((0 if name == "top" else last) - self.line_index)
        self.write()
        return Answer(said, edge=not moved)

    def _back_a_line(self) -> bool:
        return self.move_line(-1, at_end=True)

    def _back_in_history(self, step: int) -> bool:
        show = self._history(step)
        self.apply(show)
        return show is not None

    def apply(self, show: Show | None) -> None:
        """Go where the news says (``news.Show``)."""
        if show is None:
            return
        if show.mark:
            self.write()
            return
        if show.fresh:
            self.pager = None
        self.refresh(reset=show.reset, keep=self.current_line if show.stay else show.keep,
                     at=show.at or None)

    @property
    def place(self) -> int:
        """The first cell of the window being read (0 with nothing shown)."""
        return self.pager.window[0] if self.pager is not None else 0

    # -- boards ------------------------------------------------------------------------------

    def grid(self, name: str) -> Grid | None:
        """The board called ``name`` as this seat sees it (with its cursor), if shown."""
        with self.lock:
            return self.grids.get(name)

    def set_grid(self, name: str, grid: Grid) -> None:
        """Put the board ``name`` (a new cursor or reading) on the display in place."""
        with self.lock:
            self.grids[name] = grid
            self.view = with_grid(self.view, name, grid)
            self._lines_changed()

    def grid_key(self, name: str) -> Answer:
        """A board key (``boards.GRID_MOVES``): the cursor moves and the square under it is
        said (the edge sound at the board's edge); on a plain line it moves as its twin."""
        item = self.current()
        rows, columns, twin = GRID_MOVES[name]
        if not isinstance(item, NamedGrid):
            return self.navigate(twin)
        grid = item.grid.moved(rows, columns)
        if grid.cursor == item.grid.cursor:
            return Answer(edge=True)
        self.set_grid(item.name, grid)
        return Answer(grid.describe_square(self.lang))

    def read(self, name: str) -> str | None:
        """The board's row, column or square in words (None: no board is being read)."""
        item = self.current()
        if not isinstance(item, NamedGrid):
            return None
        grid, said = read_along(item.grid, name, self.lang)
        if grid is not item.grid:
            self.set_grid(item.name, grid)
        return said

    def grid_jump(self, name: str) -> Answer | None:
        """``next_word`` or ``next_anchor`` (``boards.next_place``): the board shown with its
        cursor there, and where that is; None when no board is shown."""
        with self.lock:
            item = self.current()
            if not isinstance(item, NamedGrid):
                item = next((v for v in self.lines if isinstance(v, NamedGrid)), None)
                if item is None:
                    return None
                self.jump_to(item.name)
            moved, said = next_place(self.grids.get(item.name, item.grid), name, self.lang)
            if moved is not None:
                self.set_grid(item.name, moved)
            return Answer(said, edge=moved is None, shown=True)

    # -- routing keys ------------------------------------------------------------------------

    def route(self, key: int) -> Hit | None:
        """What routing key ``key`` is over; on a board the cursor moves to its square."""
        if self.pager is None:
            return None
        hit = self.pager.route(key)
        if hit is None:
            return None
        item = self.current()
        if isinstance(item, NamedGrid):
            place = item.grid.position_at(hit.segment)
            if place is not None and place != item.grid.cursor:
                self.set_grid(item.name, item.grid.at(*place))
        return hit

    def route_target(self, target: Any) -> None:
        """A target pressed without a display (a page's button): a board's cursor moves to
        its square first, as a routing key's would."""
        for name, grid in list(self.grids.items()):
            moved = grid.to_target(target)
            if moved is not None and moved.cursor != grid.cursor:
                self.set_grid(name, moved)

    def key_for(self, target: Any) -> int | None:
        """The routing key (0-based, in the window now shown) above the cell that routes to
        ``target``; None when that cell is not in the window."""
        with self.lock:
            pager = self.pager
            if pager is None:
                return None
            cell = pager.line.find(target)
            if cell is None:
                return None
            start, end = pager.window
            reserved = pager.width - pager.text_width  # a board's coordinate in the window
            return cell - start + reserved if start <= cell < end else None

    # -- the cells ---------------------------------------------------------------------------

    def frame(self) -> bytes:
        """What this seat's display shows now (for tests and the console)."""
        with self.lock:
            return self.pager.frame().cells if self.pager is not None else b""

    def _status_cells(self) -> int:
        return int(getattr(self.display, "status_cells", 0) or 0)

    def _width(self) -> int:
        width = int(getattr(self.display, "cells", 40) or 40)
        return width - CLOCK_CELLS if self.clock and not self._status_cells() else width

    def refresh(self, *, reset: bool, keep: str | None = None, at: int | None = None) -> None:
        """Put the line being read (or ``keep``, or the first with ``reset``) on the cells: the
        window holding cell ``at`` of it (-1: its last window) when given. The window is chosen
        before anything is written, so no other window of the line shows for an instant."""
        if self.display is None:
            return
        lines = self.lines
        if not lines:
            return
        names = [n.name for n in lines]
        if reset:
            self.line_index = 0
        elif keep is not None and keep in names:
            self.line_index = names.index(keep)
        self.line_index = max(0, min(self.line_index, len(lines) - 1))
        item = lines[self.line_index]
        width = self._width()
        with sentences_in(self.braille_mode):
            line = labelled(item, self.lang, width)
        kind = ("line", 0)
        if isinstance(item, NamedGrid):
            # A board's coordinate goes to the status cells when they can hold it, else to
            # the first cells of every window.
            label = item.grid.label_width
            kind = ("status", label) if self._status_cells() >= label else ("window", label)
        if self.pager is None or self.pager.width != width or reset or kind != self.pager_kind:
            self.pager_kind = kind
            if kind[0] == "status":
                self.pager = Pager(line, width, status_cells=self._status_cells())
            elif kind[0] == "window":
                self.pager = Pager(line, width, status_in_window=kind[1])
            else:
                self.pager = Pager(line, width)
        else:
            self.pager.set_line(line)
        if at == -1:
            self.pager.end()
        elif at is not None:
            self.pager.show_cell(min(at, max(len(self.pager.line) - 1, 0)))
        self._restart_blink()
        self.write()

    def write(self) -> None:
        """The window to the display, with the waiting-news mark and the clock's seconds."""
        if self.display is None or self.pager is None:
            return
        if self._hidden() and self.current_line != "message":
            return  # a rack or table line of a seat that has handed the screen over
        self._blink_board()
        frame = self.pager.frame()
        display = self.display
        cells = frame.cells
        mark_at = len(cells) - 1  # the last cell, or the blank before the clock's digits
        if self.clock and not self._status_cells():
            cells = cells.ljust(self.pager.width, b"\0")
            mark_at = len(cells)
            cells += self._clock_cells()
        waiting = self._waiting(self.current_line)
        if waiting and cells:
            cells = cells[:mark_at] + bytes([cells[mark_at] | _DOTS_7_8]) + cells[mark_at + 1 :]
        safely(lambda: display.write(cells))
        if self.pager_kind[0] == "status":
            self.status_borrowed = True
            safely(lambda: display.write_status(frame.status))
        elif self.status_borrowed or waiting != self.status_waiting:
            self.status_borrowed = False  # give the status cells back to the turn status
            self._write_status()

    def _on_board(self) -> bool:
        lines = self.lines
        return bool(lines) and isinstance(lines[min(self.line_index, len(lines) - 1)],
                                          NamedGrid)

    def _blink_board(self) -> None:
        """While a board is on the cells its cursor blinks, so the square under it is felt
        unaltered half the time (a joker's dot 7: ``cells.cursor_cell``); elsewhere the
        cursor (the typing line's) stands."""
        pager = self.pager
        if pager is None:
            return
        if not self._on_board():
            pager.show_cursor = True
            return
        if self._blink is None and not self._closed:
            timer = threading.Timer(BLINK_SECONDS, lambda: self._blink_tick(timer))
            timer.daemon = True
            self._blink = timer
            timer.start()

    def _restart_blink(self) -> None:
        """A line drawn anew (a move of the cursor, a new board): the cursor is shown at
        once, and blinks on from there."""
        if self._blink is not None:
            self._blink.cancel()
            self._blink = None
        if self.pager is not None:
            self.pager.show_cursor = True

    def _blink_tick(self, timer: threading.Timer) -> None:
        with self.lock:
            if self._blink is not timer:
                return  # cancelled while it waited for the lock: a newer phase runs
            self._blink = None
            if self._closed or self.pager is None or not self._on_board():
                return
            self.pager.toggle_cursor()
            self.write()

    def _write_status(self) -> None:
        """The turn's status in the status cells, then how many messages wait (``+2``)."""
        display = self.display
        if display is None or not self._status_cells():
            return
        waiting = self._waiting(self.current_line)
        self.status_waiting = waiting
        status = self.status_text + (f"+{waiting}" if waiting else "")
        try:
            cells = text_to_cells(status, self.lang, Mode.COMPUTER)
        except BrailleWordsError:
            cells = b""
        safely(lambda: display.write_status(cells))

    def show_status(self, status: str) -> None:
        """A few characters (your turn, seconds left) for displays that have status cells.

        While a board is read its coordinate holds the status cells; the status is shown
        again when the reader leaves the board."""
        display = self.display
        if display is None or self._hidden() or not self._status_cells():
            return
        with self.lock:
            if status == self.status_text:
                return
            self.status_text = status
            if not self.status_borrowed:
                self._write_status()

    def _clock_cells(self) -> bytes:
        """The clock's seconds at the right of the line: a blank cell, then the digits."""
        try:
            digits = text_to_cells(self.clock, self.lang, Mode.COMPUTER)
        except BrailleWordsError:
            digits = b""
        return b"\0" + digits[-(CLOCK_CELLS - 1):].rjust(CLOCK_CELLS - 1, b"\0")

    def show_clock(self, seconds: float | None, owner: str = "") -> None:
        """The seconds left of the running clock (None: no clock now) on the cells, after
        whose clock it is when it fits: ``owner`` is "*" for the seat's own turn, else the
        first letter of the name of the one whose turn it is ("K12": Komputer's teapot)."""
        shown = "" if seconds is None else clock_text(seconds)
        if shown and owner and len(owner + shown) < CLOCK_CELLS:
            shown = owner + shown
        with self.lock:
            if shown == self.clock:
                return
            resized = bool(shown) != bool(self.clock)
            self.clock = shown
            if self.display is None or self._status_cells():
                return  # the status cells show the seconds with the turn's status
            if resized:
                # The windows are narrower while a clock runs; the reader goes on from the
                # cell they were reading, never from the sentence's start.
                at = self.place
                self.pager = None
                self.refresh(reset=False, keep=self.current_line)
                if at and self.pager is not None:
                    self.pager.show_cell(min(at, max(len(self.pager.line) - 1, 0)))
                    self.write()
            else:
                self.write()
