"""A seat's own outputs: its voice, its Braille display, its sounds, its transcript line.

Everything said to a seat goes through its ``SeatOutput`` and nowhere else, which is what keeps
one student's rack off another student's display and headphones. The output also remembers the
last thing said (for "repeat") and holds the seat's Braille surface: the lines it can move
between and the routing targets under each cell.

A line may be a board (``NamedGrid``): the reader moves a cursor over its squares by rows and
columns and reads the cursor's row or column; the coordinate of the cursor's square is shown in
the status cells, or at the start of every window on a display without them.

A seat that hears nothing (``hold_news``: its speech is off) must read every sentence on the
cells, so news waits its turn there: a message stays on the message line until the reader pans
past its end or presses another key on it, and only then does the next one come. While news
waits, dots 7 and 8 rise on the last cell of every window (on the blank cell before a clock's
digits while a clock is shown), and displays with status cells show how many messages wait
after the turn's status.

Typing never hides the clock or the news: while the typing line holds letters, news waits
behind it with the same mark, and urgent news (time is running out, time is up) comes over it;
the next chord brings the typing line back with its letters. A running clock's seconds are on
the cells too: in the status cells, or in the last cells of every window on a display without
them (the windows are that much narrower while a clock runs).
"""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TextIO

from braille_words.braille import BrailleInput, Pager, text_line
from braille_words.braille.cells import DOT7, DOT8
from braille_words.braille.grid import COLUMN, ROW, Grid, coordinate
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.translator import Mode, text_to_cells
from braille_words.braille.view import Line, Segment
from braille_words.errors import BrailleWordsError
from braille_words.speech.speaker import strip_marks
from braille_words.table.clock import clock_text


class Speaker(Protocol):
    def say(self, text: str, lang: str | None = None, priority: Any = ...) -> None: ...

    def stop(self) -> None: ...

    def wait(self, timeout: float | None = None) -> bool: ...

    def describe(self) -> str: ...

    def close(self) -> None: ...


class Earcons(Protocol):
    def play(self, name: str) -> None: ...


ViewLine = NamedLine | NamedGrid
"""One line a reader moves to: a plain line or a board."""

Router = Callable[[Any, Any], tuple[Any, str | None]]
"""(routing target, current selection) → (new selection, command line to run or None)."""

# Lines the jump commands look for, in order of preference.
JUMPS: dict[str, tuple[str, ...]] = {
    "jump_rack": ("rack", "cards"),
    "jump_board": ("board", "table"),
    "jump_table": ("table", "board"),
    "jump_messages": ("message",),
}

# What the seat itself says about its display (not about a game).
_SEAT_WORDS: dict[str, dict[str, str]] = {
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


class SeatOutput:
    """Speech, Braille, sound and transcript for one seat."""

    def __init__(
        self,
        *,
        name: str,
        lang: str,
        verbosity: str,
        speaker: Speaker | None = None,
        display: Any | None = None,
        earcons: Earcons | None = None,
        transcript: TextIO | None = None,
        label: str | None = None,
        spell: Callable[[str, str], str] | None = None,
        hold_news: bool = False,
    ) -> None:
        self.name = name
        self.lang = lang
        self.verbosity = verbosity
        self.speaker = speaker
        self.earcons = earcons
        self.transcript = transcript
        self.label = label
        self._spell = spell
        self.last: str = ""
        self._last_shown = ""
        self._told: deque[str] = deque(maxlen=HISTORY_ON_CELLS)
        """What the message line showed, oldest first: read back with line up."""
        self._history_back = 0
        """How many messages back the message line is showing (0: the latest)."""
        self.said: list[str] = []
        self._lock = threading.RLock()
        self.display: Any | None = None
        self.braille_mode = Mode.LITERARY
        self._message: NamedLine | None = None
        self._view: list[ViewLine] = []
        self._grids: dict[str, Grid] = {}  # each board's cursor, kept across redraws
        self._line_index = 0
        self._pager: Pager | None = None
        self._pager_kind: tuple[str, int] = ("line", 0)
        self._status_borrowed = False  # the status cells show a board coordinate
        self.selection: Any = None
        self.router: Router | None = None
        self.wants_letter: Callable[[Any], bool] | None = None
        """Whether the pick waits for one letter (the game's ``wants_letter``): one chord
        is then a whole line."""
        self.closed = threading.Event()
        self.cancel_line: Callable[[str], str | None] | None = None
        """The game's line for the display's cancel key (set by the table from the game)."""
        self.submit: Callable[[str], None] | None = None
        self.on_device: Callable[[str], None] | None = None
        self.on_refused: Callable[[str], None] | None = None
        """Told each sentence that refuses what the seat tried (the teacher's report)."""
        self.on_lines: Callable[[], None] | None = None
        """Told after the seat's game lines change (a new view, a pick, a board's cursor):
        a student's page, which has no display, draws its buttons again from them."""
        self._sound_failed = False
        """Where the display's own news goes (unplugged, back): the table, which tells every
        seat and waits; a seat alone says it itself."""
        self.typing = BrailleInput(lang)
        self._status_text = ""
        self._status_waiting = 0
        self._keep_place = 0
        self._draw: Callable[[Any], Sequence[ViewLine]] | None = None
        self.muted = False
        self.watching = False
        """A computer's seat shown to someone watching a game of computers: public news only
        (the watcher is nobody's player, so no seat's rack or secret word is theirs)."""
        self.private_display = False
        """Set when others share this seat's speaker but not its Braille display."""
        self._last_public = False
        self.hold_news = hold_news
        self._news: deque[NamedLine] = deque()
        """Messages waiting behind the one on the message line (``hold_news`` seats)."""
        self._unread = False
        """The message on the message line has not been read yet (``hold_news`` seats)."""
        self._behind_typing = 0
        """News said while the reader was on the typing line, not looked at since."""
        self._flash_return: str | None = None
        """The line an answer shown on the message line goes back to (``hold_news`` seats)."""
        self._clock = ""
        """The running clock's seconds, shown on the cells (``show_clock``)."""
        self._posted: NamedLine | None = None
        self._turn: NamedLine | None = None
        """The last "your turn" message put on the cells (``withdraw_turn``)."""
        if display is not None:
            self.attach_display(display)

    @property
    def short_display(self) -> bool:
        """A display of 20 cells or fewer: sentences go on it in their terse form (a 14-cell
        line took 15 windows for one full turn message)."""
        display = self.display
        return display is not None and int(getattr(display, "cells", 40) or 40) <= SHORT_CELLS

    def mute(self) -> None:
        """Hold this seat's news back: someone else sits at the speaker or screen it shares."""
        with self._lock:
            self.muted = True

    def unmute(self) -> None:
        """This seat has the shared devices again: show its display as it stands now."""
        with self._lock:
            self.muted = False
            self._status_text = ""
            self._refresh(reset=True)

    def plug(
        self,
        *,
        speaker: Speaker | None,
        display: Any | None,
        earcons: Earcons | None,
        lang: str | None = None,
        verbosity: str | None = None,
        hold_news: bool | None = None,
        on_lines: Callable[[], None] | None = None,
    ) -> None:
        """Give the seat other devices, all at once: a student's own computer joining over the
        network (or leaving it). Its language and verbosity come with it."""
        with self._lock:
            self.speaker, self.earcons, self.on_lines = speaker, earcons, on_lines
            if lang is not None:
                self.lang = lang
                self.typing = BrailleInput(lang)
            if verbosity is not None:
                self.verbosity = verbosity
            if hold_news is not None:
                self.hold_news = hold_news
            self.attach_display(display)

    def attach_display(self, display: Any | None) -> None:
        with self._lock:
            self.display = display
            self._refresh(reset=True)

    # -- speech and transcript ------------------------------------------------------------

    def announce(
        self,
        sentence: str,
        cue: str | None = None,
        *,
        public: bool = False,
        keep_place: bool = False,
        urgent: bool = False,
        braille: str | None = None,
        braille_items: Sequence[str] | None = None,
    ) -> None:
        """Say ``sentence`` once on every channel this seat has (``braille``, when given, is
        what the cells show instead: the terse form, on a short display).

        A muted seat says nothing, unless the sentence is ``public`` (anyone at the shared
        speaker may hear it, such as whose turn it is now); a muted seat whose Braille display
        is its own still shows it there, where nobody else reads. With ``keep_place`` the
        sentence goes to the message line but the display stays on the line being read; an
        ``urgent`` one (the clock) is shown at once, over the typing line too.
        """
        if not sentence:
            return
        with self._lock:  # muting happens on the table's thread, a display reads on its own
            aloud = public or not self.muted
            if not aloud and not (self.private_display and self.display is not None):
                return
            if cue == "rejected" and self.on_refused is not None:
                self.on_refused(sentence)
            self.last = sentence
            self._last_shown = braille or sentence
            self._last_public = public
            self.said.append(sentence)
            if aloud:
                if cue is not None and self.earcons is not None:
                    earcons = self.earcons
                    self._sound_safely(lambda: earcons.play(cue))
                self._speak(sentence)
            if self.display is not None:
                shown = strip_marks(braille or sentence)
                try:
                    line = (self._item_line(braille_items) if braille_items
                            else text_line(shown, self.lang, self.braille_mode, name="message"))
                except BrailleWordsError:
                    line = None
                if line is not None:
                    self._told.append(shown)
                    self._history_back = 0
                    self._post(NamedLine("message", line), keep_place, urgent)

    def _post(self, message: NamedLine, keep_place: bool, urgent: bool = False) -> None:
        """Put news on the message line, or in the queue behind unread news."""
        self._posted = message
        if urgent:
            if self.hold_news and self._unread and self._message is not None:
                self._news.appendleft(self._message)
            self._message = message
            self._unread = self.hold_news
            self._refresh(reset=False, keep="message")
            return
        if len(self.typing) and self.current_line == "input":
            self._behind_typing += 1  # said, and waiting behind the letters being typed
        answer = keep_place or self._keep_place > 0
        if not keep_place:
            self._keep_place = max(0, self._keep_place - 1)
        if self.hold_news and self._unread and self._message is not None:
            if not answer:
                self._news.append(message)
                self._write()  # the waiting-news mark
                return
            # An answer to what the reader just did comes first; the unread news waits.
            self._news.appendleft(self._message)
        # The answer to a pick stays off the cells: the reader keeps their place on the rack or
        # table (speech says it); other news is shown at once.
        keep = self.current_line if answer else None
        self._message = message
        self._flash_return = None
        if self.hold_news and keep is not None and keep != "message":
            # Heard nowhere, the answer must be read: it comes to the cells, and the next key
            # (past panning through it) takes the reader back to the line they were on.
            self._flash_return = keep
            self._unread = False
            self._pager = None
            self._refresh(reset=False, keep="message")
            return
        self._unread = self.hold_news
        self._refresh(reset=keep is None, keep=keep)

    def _flash_done(self, name: str) -> bool:
        """A key on an answer shown in place of the line being read: panning reads it, any
        other key goes back to that line (True when the key has done its work)."""
        back = self._flash_return
        if back is None:
            return False
        if self.current_line != "message" or self._pager is None:
            self._flash_return = None
            return False
        if name == "stop_speech" or (
            (name == "pan_right" and not self._pager.at_end)
            or (name == "pan_left" and not self._pager.at_start)
        ):
            return False
        self._flash_return = None
        if self._news:
            self._next_news()  # what waited behind the answer is next on the message line
        self._pager = None
        self._refresh(reset=False, keep=back)
        # Moving on (or a routing key over the answer) only takes the reader back; a chord,
        # Enter or a command key does its work there too.
        return name in _MOVES or name == "route"

    @property
    def news_waiting(self) -> int:
        """How many messages this seat has not yet had on its cells."""
        with self._lock:
            return len(self._news)

    @property
    def unread_news(self) -> int:
        """Messages a seat that reads without hearing has not yet read to their end (the one
        on the message line included); 0 for a seat that hears its news."""
        with self._lock:
            if not self.hold_news or self.display is None:
                return 0
            return len(self._news) + (1 if self._unread else 0)

    def _next_news(self) -> bool:
        """The message line's news counts as read; the next waiting message takes its place."""
        self._unread = False
        if not self._news:
            return False
        self._message = self._news.popleft()
        self._unread = True
        return True

    def _speak(self, sentence: str) -> None:
        if self.speaker is not None:
            speaker = self.speaker
            self._sound_safely(lambda: speaker.say(sentence, self.lang))
        if self.transcript is not None:
            prefix = f"[{self.label}] " if self.label else ""
            self.transcript.write(prefix + strip_marks(sentence) + "\n")
            self.transcript.flush()

    def cue(self, name: str, *, public: bool = False) -> None:
        """A sound alone (a tick of the hourglass); ``public`` sounds even at a muted seat."""
        if self.earcons is not None and (public or not self.muted):
            earcons = self.earcons
            self._sound_safely(lambda: earcons.play(name))

    def announce_turn(self, sentence: str, braille: str | None = None) -> None:
        """The "your turn" announcement, with its own sound so it is heard over chatter."""
        with self._lock:
            self._posted = None
            self.announce(sentence, cue="your_turn", braille=braille)
            self._turn = self._posted

    def withdraw_turn(self) -> None:
        """Time ran out on the seat's turn while its "your turn" still waits unread on the
        cells: read after the time-up (which comes first, over everything), it would send the
        reader to a turn that is gone. It leaves the queue; "historia" still has it."""
        with self._lock:
            turn, self._turn = self._turn, None
            if turn is None or not self.hold_news:
                return
            if any(message is turn for message in self._news):
                self._news = deque(m for m in self._news if m is not turn)
                self._write()  # the waiting-news mark, one fewer
            elif self._message is turn and self._unread:
                self._next_news()
                self._pager = None
                self._refresh(reset=False, keep=self.current_line)

    def repeat(self) -> None:
        """The last sentence again: said, and brought back to the cells from its start."""
        with self._lock:
            if self.last and (self._last_public or not self.muted):
                self.said.append(self.last)
                self._speak(self.last)
                self._show_again(self._last_shown or self.last)

    def _show_again(self, sentence: str) -> None:
        if self.display is None:
            return
        try:
            line = text_line(strip_marks(sentence), self.lang, self.braille_mode, name="message")
        except BrailleWordsError:
            return
        if self.hold_news and self._unread and self._message is not None:
            self._news.appendleft(self._message)  # unread news waits behind the repeat
        self._message = NamedLine("message", line)
        self._unread = False
        self._flash_return = None
        self._pager = None
        self._refresh(reset=False, keep="message")

    def stop_speech(self) -> None:
        if self.speaker is not None:
            self._safely(self.speaker.stop)

    def spell(self, letters: str) -> str:
        if self._spell is not None:
            return self._spell(letters, self.lang)
        from braille_words.speech.spelling import spell

        return str(spell(letters, self.lang))

    # -- Braille --------------------------------------------------------------------------

    def show(self, lines: Sequence[ViewLine] | Callable[[Any], Sequence[ViewLine]]) -> None:
        """Replace the game lines of this seat's display (the latest message stays first).

        Given a function of the current pick (a routing-key selection), the lines are drawn
        again whenever the pick changes, so a picked tile shows as picked. A board
        (``NamedGrid``) keeps the cursor this seat had on the board of the same name.
        """
        with self._lock:
            self._draw = lines if callable(lines) else None
            if self._draw is not None and self.selection is not None:
                self.selection = None  # the game moved: a pick from before means nothing now
            self._view = self._keep_cursors(self._draw(self.selection) if self._draw else lines)  # type: ignore[arg-type]
            self._lines_changed()

    def pick(self, selection: Any) -> None:
        """A pick made by typing (``płytka 3``), shown as a routing key's pick is."""
        with self._lock:
            if selection != self.selection:
                self.selection = selection
                self._redraw()

    def _redraw(self) -> None:
        if self._draw is not None:
            self._view = self._keep_cursors(self._draw(self.selection))
            self._lines_changed()

    def _keep_cursors(self, view: Sequence[ViewLine]) -> list[ViewLine]:
        out: list[ViewLine] = []
        grids: dict[str, Grid] = {}
        for item in view:
            if isinstance(item, NamedGrid):
                before = self._grids.get(item.name)
                grid = item.grid
                if before is not None:
                    grid = grid.clamped(before.row, before.column).read_by(before.reading)
                grids[item.name] = grid
                item = NamedGrid(item.name, grid)
            out.append(item)
        self._grids = grids
        return out

    def _lines_changed(self) -> None:
        """After ``_view`` was replaced (under the lock): the display, and whoever follows the
        lines without one. News is said before the view it brings is shown, so a page drawn
        at the news alone could show the lines from before it."""
        self._refresh(reset=False)
        if self.on_lines is not None:
            self._safely(self.on_lines)

    def grid(self, name: str) -> Grid | None:
        """The board called ``name`` as this seat sees it (with its cursor), if shown."""
        with self._lock:
            return self._grids.get(name)

    def set_grid(self, name: str, grid: Grid) -> None:
        """Put the board ``name`` (a new cursor or reading) on the display in place."""
        with self._lock:
            self._grids[name] = grid
            self._view = [
                NamedGrid(name, grid) if isinstance(v, NamedGrid) and v.name == name else v
                for v in self._view
            ]
            self._lines_changed()

    def grid_jump(self, name: str) -> bool:
        """``next_word``: the board's cursor to the next word's first square, read along it;
        ``next_anchor``: to the next free square beside the cards. The display shows the
        board there and the sentence says where (a key on the display or a typed command).
        False when no board is shown."""
        with self._lock:
            item = self._current()
            if not isinstance(item, NamedGrid):
                item = next((v for v in self.lines if isinstance(v, NamedGrid)), None)
                if item is None:
                    return False
                self.jump_to(item.name)
            grid = self._grids.get(item.name, item.grid)
            if name == "next_word":
                word = grid.next_word()
                if word is None:
                    return self._nothing_there("no_words")
                moved, text, across = word
                sentence = (f"{coordinate(moved.row, moved.column)}: {text}, "
                            f"{self._words('across' if across else 'down')}.")
            else:
                anchor = grid.next_anchor()
                if anchor is None:
                    return self._nothing_there("no_anchors")
                moved = anchor
                sentence = f"{coordinate(moved.row, moved.column)}: {self._words('anchor')}."
            self.set_grid(item.name, moved)
            self.announce(sentence, keep_place=True)
            return True

    def _nothing_there(self, key: str) -> bool:
        self._edge()
        self.announce(self._words(key), keep_place=True)
        return True

    def jump_to(self, name: str) -> bool:
        """Show the line called ``name``; False when there is none."""
        with self._lock:
            names = [n.name for n in self.lines]
            if name not in names:
                return False
            return self._move_line(names.index(name) - self._line_index)

    def jump_line(self, index: int) -> bool:
        """Show line ``index`` (0 = the first, the latest message unless letters are typed)."""
        with self._lock:
            if not 0 <= index < len(self.lines):
                return False
            return self._move_line(index - self._line_index)

    @property
    def lines(self) -> list[ViewLine]:
        typed = [NamedLine("input", self.typing.line("input"))] if len(self.typing) else []
        shown = self._history_line() if self._history_back else self._message
        message = [shown] if shown is not None else []
        return typed + message + self._view

    def _item_line(self, items: Sequence[str]) -> Line:
        """A list (help's commands) with each item starting a window of its own: one command
        at a time on a short display, instead of a sentence of 153 windows."""
        width = int(getattr(self.display, "cells", 40) or 40)
        if self._clock and not self._status_cell_count():
            width -= _CLOCK_CELLS
        segments: list[Segment] = []
        for item in items:
            cells = text_line(strip_marks(item), self.lang, self.braille_mode).cells()
            pad = -len(cells) % width
            segments.append(Segment.per_cell(cells + b"\x00" * pad, [None] * (len(cells) + pad)))
        return Line(segments)

    def key_for(self, target: Any) -> int | None:
        """The routing key (0-based, in the window now shown) above the cell that routes to
        ``target``; None when that cell is not in the window."""
        with self._lock:
            pager = self._pager
            if pager is None:
                return None
            cell = pager.line.find(target)
            if cell is None:
                return None
            start, end = pager.window
            reserved = pager.width - pager.text_width  # a board's coordinate in the window
            return cell - start + reserved if start <= cell < end else None

    def _labelled(self, item: ViewLine) -> Line:
        """The line with its name in its first cells ("stojak:", "stół:"), so a reader who
        moved by line keys knows where they are; routing keys keep their targets."""
        line = item.line
        if isinstance(item, NamedGrid) or item.name not in LABELLED_LINES:
            return line
        from braille_words.present.messages import text

        try:
            label = text_line(text(self.lang, f"label_{item.name}"), self.lang, Mode.COMPUTER)
        except BrailleWordsError:
            return line
        # One segment with the line's first one: on a short display the name shares the
        # first window with the start of the line instead of taking a window of its own.
        head = label.cells() + b"\x00"
        first, *rest = line.segments or (Segment.gap(b""),)
        targets = list(first.cell_targets or (first.target,) * len(first))
        segments = [Segment.per_cell(head + first.cells, [None] * len(head) + targets), *rest]
        offset = len(head)
        cursor = line.cursor + offset if line.cursor is not None else None
        return Line(segments, status=line.status, cursor=cursor)

    def _history_line(self) -> NamedLine | None:
        """An earlier message, numbered by how far back it is (1. the one before the latest)."""
        told = self._told
        back = self._history_back
        if not 0 < back < len(told):
            return self._message
        try:
            line = text_line(f"{back}. {told[-1 - back]}", self.lang, self.braille_mode,
                             name="message")
        except BrailleWordsError:
            return self._message
        return NamedLine("message", line)

    def _history(self, step: int) -> bool:
        """Line up from the message line goes back through earlier messages, newest first;
        line down comes forward again to the latest. Not while news waits to be read."""
        if self.current_line != "message" or self._news or self._unread:
            return False
        back = self._history_back + step
        if not 0 <= back < len(self._told):
            return False
        self._history_back = back
        self._pager = None
        self._refresh(reset=False, keep="message")
        return True

    @property
    def current_line(self) -> str | None:
        lines = self.lines
        return lines[self._line_index].name if 0 <= self._line_index < len(lines) else None

    def _current(self) -> ViewLine | None:
        lines = self.lines
        return lines[self._line_index] if 0 <= self._line_index < len(lines) else None

    def _status_cell_count(self) -> int:
        return int(getattr(self.display, "status_cells", 0) or 0)

    def _refresh(self, *, reset: bool, keep: str | None = None) -> None:
        if self.display is None:
            return
        lines = self.lines
        if not lines:
            return
        names = [n.name for n in lines]
        if reset:
            self._line_index = 0
        elif keep is not None and keep in names:
            self._line_index = names.index(keep)
        self._line_index = max(0, min(self._line_index, len(lines) - 1))
        item = lines[self._line_index]
        line = self._labelled(item)
        width = int(getattr(self.display, "cells", 40) or 40)
        if self._clock and not self._status_cell_count():
            width -= _CLOCK_CELLS
        kind = ("line", 0)
        if isinstance(item, NamedGrid):
            # A board's coordinate goes to the status cells when they can hold it, else to
            # the first cells of every window.
            label = item.grid.label_width
            kind = ("status", label) if self._status_cell_count() >= label else ("window", label)
        if (
            self._pager is None
            or self._pager.width != width
            or reset
            or kind != self._pager_kind
        ):
            self._pager_kind = kind
            if kind[0] == "status":
                self._pager = Pager(line, width, status_cells=self._status_cell_count())
            elif kind[0] == "window":
                self._pager = Pager(line, width, status_in_window=kind[1])
            else:
                self._pager = Pager(line, width)
        else:
            self._pager.set_line(line)
        self._write()

    def _write(self) -> None:
        if self.display is None or self._pager is None:
            return
        if self.muted and not self.private_display and self.current_line != "message":
            return  # a rack or table line of a seat that has handed the screen over
        frame = self._pager.frame()
        display = self.display
        cells = frame.cells
        mark_at = len(cells) - 1  # the last cell, or the blank before the clock's digits
        if self._clock and not self._status_cell_count():
            cells = cells.ljust(self._pager.width, b"\0")
            mark_at = len(cells)
            cells += self._clock_cells()
        waiting = self._waiting()
        if waiting and cells:
            cells = cells[:mark_at] + bytes([cells[mark_at] | _DOTS_7_8]) + cells[mark_at + 1 :]
        self._safely(lambda: display.write(cells))
        if self._pager_kind[0] == "status":
            self._status_borrowed = True
            self._safely(lambda: display.write_status(frame.status))
        elif self._status_borrowed or waiting != self._status_waiting:
            self._status_borrowed = False  # give the status cells back to the turn status
            self._write_turn_status()

    def _clock_cells(self) -> bytes:
        """The clock's seconds at the right of the line: a blank cell, then the digits."""
        try:
            digits = text_to_cells(self._clock, self.lang, Mode.COMPUTER)
        except BrailleWordsError:
            digits = b""
        return b"\0" + digits[-(_CLOCK_CELLS - 1):].rjust(_CLOCK_CELLS - 1, b"\0")

    def show_clock(self, seconds: float | None) -> None:
        """The seconds left of the running clock (None: no clock now) on the cells."""
        shown = "" if seconds is None else clock_text(seconds)
        with self._lock:
            if shown == self._clock:
                return
            resized = bool(shown) != bool(self._clock)
            self._clock = shown
            if self.display is None or self._status_cell_count():
                return  # the status cells show the seconds with the turn's status
            if resized:
                self._pager = None  # the windows are narrower while a clock runs
                self._refresh(reset=False, keep=self.current_line)
            else:
                self._write()

    def typed_left_over(self) -> str:
        """The letters still on the typing line when the turn moved on without them."""
        with self._lock:
            return self.typing.text() if len(self.typing) else ""

    def _waiting(self) -> int:
        """Messages the reader has not had on the cells: the queue, and the one on the message
        line while the reader is elsewhere."""
        if self.current_line == "message" or not len(self.typing):
            self._behind_typing = 0
        if not self.hold_news:
            return self._behind_typing
        unseen = 1 if self._unread and self.current_line != "message" else 0
        return len(self._news) + max(unseen, min(self._behind_typing, 1))

    def _write_turn_status(self) -> None:
        """The turn's status in the status cells, then how many messages wait (``+2``)."""
        display = self.display
        if display is None or not self._status_cell_count():
            return
        waiting = self._waiting()
        self._status_waiting = waiting
        status = self._status_text + (f"+{waiting}" if waiting else "")
        try:
            cells = text_to_cells(status, self.lang, Mode.COMPUTER)
        except BrailleWordsError:
            cells = b""
        self._safely(lambda: display.write_status(cells))

    def frame(self) -> bytes:
        """What this seat's display shows now (for tests and the console)."""
        with self._lock:
            return self._pager.frame().cells if self._pager is not None else b""

    def _move_line(self, step: int) -> bool:
        lines = self.lines
        target = self._line_index + step
        if not 0 <= target < len(lines):
            return False
        self._line_index = target
        self._pager = None
        self._refresh(reset=False, keep=lines[target].name)
        return True

    def _words(self, key: str) -> str:
        return _SEAT_WORDS.get(self.lang, _SEAT_WORDS["en"])[key]

    def _say(self, sentence: str) -> None:
        """Speak (and write to the transcript) without touching the display: news about the
        display itself, such as the square under the cursor."""
        if not sentence or self.muted:
            return
        self.last = sentence
        self._last_public = False
        self.said.append(sentence)
        self._speak(sentence)

    def _edge(self) -> None:
        if self.earcons is not None:
            earcons = self.earcons
            self._sound_safely(lambda: earcons.play("edge"))

    def on_display_command(self, command: Any) -> None:
        """A key pressed on this seat's display (called on the display's reader thread)."""
        name: str = command.name
        arg: int | None = command.arg
        with self._lock:
            if name != "stop_speech" and name != "braille_chord":
                self.stop_speech()
            if self._flash_done(name) or self._news_read(name):
                return
            if name in ("pan_left", "pan_right", "line_up", "line_down", "top", "bottom"):
                self._navigate(name)
            elif name in _GRID_MOVES:
                self._grid_move(name)
            elif name in JUMPS:
                if not any(self.jump_to(line) for line in JUMPS[name]):
                    self._edge()
                    self._say(self._words("no_line"))
            elif name in ("read_row", "read_column", "read_square"):
                self._read(name)
            elif name in ("next_word", "next_anchor"):
                if not self.grid_jump(name):
                    self._edge()
                    self._say(self._words("no_board"))
            elif name == "route" and arg is not None:
                self._route(arg)
            elif name == "braille_chord" and arg is not None:
                self._type(lambda: self.typing.add_chord(arg))
                wants = self.wants_letter
                if wants is not None and wants(self.selection) and len(self.typing) == 1 and (
                        self.typing.text().isalpha()):
                    self._enter()  # the one letter the pick waits for: no Enter needed
            elif name == "space":
                self._type(self.typing.space)
            elif name == "backspace":
                self._type(self.typing.backspace)
            elif name in ("enter", "confirm"):
                self._enter()
            elif name == "cancel":
                self._cancel()
            elif name in ("help", "repeat", "where"):
                self._send(name)
            elif name == "stop_speech":
                self.stop_speech()

    def _news_read(self, name: str) -> bool:
        """A key on unread news: panning right past its end brings the next message to the
        cells (True: the key has done its work); any other key but panning within it leaves
        the next message on the message line and then does what it does."""
        if not (self.hold_news and self._unread and self.current_line == "message"):
            return False
        if name in ("pan_left", "stop_speech") or self._pager is None:
            return False
        if name == "pan_right":
            if not self._pager.at_end:
                return False
            if self._next_news():
                self._pager = None
                self._refresh(reset=False, keep="message")
                return True
            return False
        self._next_news()
        self._refresh(reset=False, keep="message")
        return False

    def show_status(self, status: str) -> None:
        """A few characters (your turn, seconds left) for displays that have status cells.

        While a board is read its coordinate holds the status cells; the status is shown
        again when the reader leaves the board."""
        display = self.display
        hidden = self.muted and not self.private_display
        if display is None or hidden or not int(getattr(display, "status_cells", 0) or 0):
            return
        with self._lock:
            if status == self._status_text:
                return
            self._status_text = status
            if self._status_borrowed:
                return
            self._write_turn_status()

    def on_display_status(self, status: str) -> None:
        from braille_words.present.messages import text

        self.announce(text(self.lang, status, self.verbosity))
        if self.on_device is not None:
            self.on_device(status)

    def _navigate(self, name: str) -> None:
        moved = False
        if self._pager is None:
            return
        if name == "pan_right":
            moved = self._pager.pan_right() or self._move_line(1)
        elif name == "pan_left":
            if self._pager.pan_left():
                moved = True
            elif self._move_line(-1):
                # Panning back from the start of a line reads the previous line from its end.
                moved = True
                if self._pager is not None:
                    self._pager.end()
        elif name == "line_up":
            moved = self._move_line(-1) or self._history(1)
            if not moved:
                self._say(self._words("first_line"))
        elif name == "line_down":
            moved = (self._history_back > 0 and self._history(-1)) or self._move_line(1)
            if not moved:
                self._say(self._words("last_line"))
        elif name == "top":
            moved = self._move_line(-self._line_index)
        elif name == "bottom":
            moved = self._move_line(len(self.lines) - 1 - self._line_index)
        if not moved:
            self._edge()
        self._write()

    def _grid_move(self, name: str) -> None:
        """Move the board cursor; on a plain line, move by lines or pan as the keys suggest."""
        item = self._current()
        if not isinstance(item, NamedGrid):
            self._navigate(_GRID_MOVES[name][2])
            return
        rows, columns, _ = _GRID_MOVES[name]
        grid = item.grid.moved(rows, columns)
        if grid.cursor == item.grid.cursor:
            self._edge()
            return
        self.set_grid(item.name, grid)
        self._say(grid.describe_square(self.lang))

    def _read(self, name: str) -> None:
        """Read the board's row, column or square aloud; the sentence also goes to the message
        line (for readers without speech) while the display stays on the board."""
        item = self._current()
        if not isinstance(item, NamedGrid):
            self._edge()
            return
        grid = item.grid
        if name == "read_row":
            grid = grid.read_by(ROW)
        elif name == "read_column":
            grid = grid.read_by(COLUMN)
        if grid is not item.grid:
            self.set_grid(item.name, grid)
        if name == "read_square":
            sentence = grid.describe_square(self.lang)
        else:
            sentence = grid.describe_line(self.lang)
        self.announce(sentence, keep_place=True)

    def _cancel(self) -> None:
        """Take back the last step: typed letters first, then a pick; only with nothing
        pending does the game's own cancel command (``cancel_line``) go to the game."""
        if len(self.typing):
            self.typing.clear()
            self._refresh(reset=True)
            self.announce(self._words("typed_cleared"))
        elif self.selection is not None:
            self.selection = None
            self._redraw()
            self.announce(self._words("pick_dropped"), keep_place=True)
        elif self.cancel_line is not None and (line := self.cancel_line(self.lang)):
            self._send(line)
        else:
            self._edge()
            self.announce(self._words("nothing_to_cancel"), keep_place=True)

    def _route(self, key: int) -> None:
        if self._pager is None:
            return
        hit = self._pager.route(key)
        if hit is None:
            return
        item = self._current()
        if isinstance(item, NamedGrid):
            place = item.grid.position_at(hit.segment)
            if place is not None and place != item.grid.cursor:
                self.set_grid(item.name, item.grid.at(*place))
        self._routed(hit.target)

    def route_target(self, target: Any) -> None:
        """What a routing key over ``target`` does (pick, place, read), without a display:
        a button of the student's web page pressed, which a screen reader's own routing keys
        press too. On a board, the seat's cursor moves to the square first."""
        with self._lock:
            for name, grid in list(self._grids.items()):
                moved = grid.to_target(target)
                if moved is not None and moved.cursor != grid.cursor:
                    self.set_grid(name, moved)
            self._routed(target)

    def _routed(self, target: Any) -> None:
        if self.router is None:
            return
        before = self.selection
        self.selection, command = self.router(target, self.selection)
        if self.selection != before:
            self._redraw()
        if command is None and before is not None and self.selection is None:
            from braille_words.present.messages import text

            self.announce(text(self.lang, "pick_dropped", self.verbosity), keep_place=True)
            return
        if command is not None:
            if self.selection is not None:
                self._keep_place += 1  # only a pick is answered without moving the display
            self._send(command)
        elif self.selection is not None and self.earcons is not None:
            earcons = self.earcons
            self._sound_safely(lambda: earcons.play("picked"))

    def _type(self, action: Callable[[], object]) -> None:
        try:
            action()
        except BrailleWordsError as exc:
            self.announce(str(exc), cue="rejected")
            return
        self._refresh(reset=True)

    def _enter(self) -> None:
        if not len(self.typing):
            # Enter alone, as at the terminal: "what now?" in the game, the end read (the
            # table asks a reader to press Enter when done), a shared keyboard taken over.
            self._send("")
            return
        try:
            line = self.typing.submit()
        except BrailleWordsError as exc:
            self.announce(str(exc), cue="rejected")
            return
        self._refresh(reset=True)
        self._send(line)

    def _send(self, line: str) -> None:
        if self.submit is not None:
            self.submit(line)

    def close(self) -> None:
        self.closed.set()  # a display still being looked for stops looking
        for part in (self.speaker, self.display, self.earcons):
            close = getattr(part, "close", None)
            if close is not None:
                self._safely(close)

    def _sound_safely(self, action: Callable[[], object]) -> None:
        """Speech or a sound failed (headphones pulled out, the sound device gone): the game
        goes on, and the table is told once, so a teacher hears "Ewa: headphones"."""
        if not self._safely(action) and not self._sound_failed and self.on_device is not None:
            self._sound_failed = True
            self.on_device("sound_failed")

    @staticmethod
    def _safely(action: Callable[[], object]) -> bool:
        """A broken output device must not stop the game: note it and go on (False)."""
        try:
            action()
        except Exception as exc:
            print(f"braille-words: an output device failed: {exc}", file=sys.stderr)
            return False
        return True


_MOVES = frozenset({"pan_left", "pan_right", "line_up", "line_down", "top", "bottom"})

LABELLED_LINES = ("rack", "loose", "table", "scores", "cards", "words")
"""Lines that start with their name on the cells."""

HISTORY_ON_CELLS = 50
"""Messages the message line keeps for reading back with line up."""

SHORT_CELLS = 20
"""Up to this many cells, a display is short: terse sentences, help one command a window."""

_CLOCK_CELLS = 4
"""A blank cell and up to three digits: the clock on a display without status cells."""

_DOTS_7_8 = DOT7 | DOT8
"""The last cell's dots 7 and 8: news is waiting to be read."""

# Board moves: (rows, columns, what the keys do on a plain line).
_GRID_MOVES: dict[str, tuple[int, int, str]] = {
    "row_up": (-1, 0, "line_up"),
    "row_down": (1, 0, "line_down"),
    "column_left": (0, -1, "pan_left"),
    "column_right": (0, 1, "pan_right"),
}
