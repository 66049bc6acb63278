"""A seat's news: what waits to be read, what was read, what was said.

A seat that hears nothing (``hold``: its speech is off) must read every sentence on the cells,
so news waits its turn there: a message stays on the message line until the reader pans past
its end or presses another key on it, and only then does the next one come. An answer to what
the reader just did (a pick, a board read) comes first, shown in place of the line being read
(a *flash*), and the next key takes the reader back. Line up on the message line reads
earlier messages back, newest first.

The queue decides nothing about cells: each change returns a ``Show`` that says where the
surface goes next (``surface.BrailleSurface.apply``), so the whole of it is plain state,
tested alone.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from braille_words.braille import text_line
from braille_words.braille.lines import NamedLine
from braille_words.braille.translator import Mode
from braille_words.errors import BrailleWordsError

HISTORY_ON_CELLS = 50
"""Messages the message line keeps for reading back with line up."""

MOVES = frozenset({"pan_left", "pan_right", "line_up", "line_down", "top", "bottom"})
"""The keys that move the reader (and only take a reader back from a flash)."""


@dataclass(frozen=True)
class Show:
    """Where the surface goes after the news changed."""

    keep: str | None = None
    """The line to be on (by name); None: the line now shown, by its place."""
    reset: bool = False
    """Back to the first line."""
    fresh: bool = False
    """Read the line from its first window again."""
    stay: bool = False
    """Stay on the line being read, by its name."""
    mark: bool = False
    """Only the waiting-news mark changed: write the cells again, nothing moves."""
    at: int = 0
    """The cell of the line to show first: a message an urgent one interrupted goes on
    where the reader had got to, not from its first window."""


class NewsQueue:
    """The message line of one seat, and the news waiting behind it."""

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        """The seat reads its news without hearing it: news waits to be read."""
        self.message: NamedLine | None = None
        self.queue: deque[NamedLine] = deque()
        """Messages waiting behind the one on the message line (``hold`` seats)."""
        self.unread = False
        """The message on the message line has not been read yet (``hold`` seats)."""
        self.flash_return: str | None = None
        """The line an answer shown on the message line goes back to (``hold`` seats)."""
        self.flash_at = 0
        """Where on that line the reader was (the first cell of their window)."""
        self.told: deque[str] = deque(maxlen=HISTORY_ON_CELLS)
        """What the message line showed, oldest first: read back with line up."""
        self.back = 0
        """How many messages back the message line is showing (0: the latest)."""
        self.behind_typing = 0
        """News said while the reader was on the typing line, not looked at since."""
        self.keep_place = 0
        """Answers still to come that leave the reader where they are (a pick's answer)."""
        self.posted: NamedLine | None = None
        self.turn: NamedLine | None = None
        """The last "your turn" message put on the cells (``withdraw_turn``)."""
        self.dropped: list[str] = []
        """What was taken off the cells unread because it went stale: a turn that is
        over (``withdraw_turn``), a time warning once time is up."""
        self.turn_said = ""
        """What the last "your turn" said (kept in ``dropped`` if it goes stale unread)."""
        self.turn_shown = False
        """The last "your turn" has reached the message line (the table's clock waits for
        it: a reader who has not read it has not been told it is their turn)."""
        self.places: dict[int, tuple[NamedLine, int]] = {}
        """Where the reader had got to in a message an urgent one interrupted (by the
        message's id, with the message itself: an id is only unique while its object lives,
        and a place must never pass to a new message that took the id of a dead one)."""
        self.expiring: dict[int, tuple[NamedLine, str]] = {}
        """Messages that are stale once time is up ("Zostało 10 sekund."), by id (with the
        message, as ``places``): what each said."""
        self.answering = False
        """The seat's own question is being answered: its answer comes before older news."""
        self.said: list[str] = []
        """Every sentence said to the seat, in order (the transcript's memory)."""
        self.last = ""
        self.last_shown = ""
        self.last_public = False

    def record(self, sentence: str, shown: str, public: bool) -> None:
        """A sentence said to the seat (``shown`` is its form on the cells)."""
        self.last, self.last_shown, self.last_public = sentence, shown, public
        self.said.append(sentence)

    def remember(self, shown: str) -> None:
        """A sentence put on the message line: history, and the latest shown again."""
        self.told.append(shown)
        self.back = 0

    @property
    def count(self) -> int:
        """Messages waiting behind the one on the message line."""
        return len(self.queue)

    @property
    def unread_count(self) -> int:
        return len(self.queue) + (1 if self.unread else 0) if self.hold else 0

    def post(self, message: NamedLine, *, keep_place: bool, urgent: bool,
             current: str | None, typing: bool, first: bool = False, at: int = 0,
             expiring: str = "") -> Show:
        """News for the message line, or for the queue behind unread news. ``current`` is
        the line being read, ``typing`` whether letters are typed, ``at`` the first cell of
        the window being read. A ``first`` message (the seat's turn) goes before the news
        waiting, right after the one being read; an ``expiring`` one (a time warning) is
        dropped unread when urgent news (time is up) comes after it (``expiring`` is what
        it says)."""
        self.posted = message
        if urgent:
            self._drop_expired()
            self._unread_first(at if current == "message" else 0)
        if expiring:
            self.expiring[id(message)] = (message, expiring)
        if urgent:
            self.message = message
            self.unread = self.hold
            return Show(keep="message", fresh=True)
        if typing and current == "input":
            self.behind_typing += 1  # said, and waiting behind the letters being typed
        answer = keep_place or self.keep_place > 0 or self.answering
        if not keep_place:
            self.keep_place = max(0, self.keep_place - 1)
        if self.hold and self.unread and self.message is not None:
            if not answer:
                if first:
                    self.queue.appendleft(message)
                else:
                    self.queue.append(message)
                return Show(mark=True)
            # An answer to what the reader just did comes first; the unread news waits, to
            # go on where the reader had got to.
            self._unread_first(at if current == "message" else 0)
        # The answer to a pick stays off the cells: the reader keeps their place on the rack or
        # table (speech says it); other news is shown at once.
        keep = current if answer else None
        self.message = message
        self.flash_return = None
        if self.hold and keep is not None and keep != "message":
            # Heard nowhere, the answer must be read: it comes to the cells, and the next key
            # (past panning through it) takes the reader back to the line they were on.
            # The answer to a question (a hint, "stojak") is read like news: what comes
            # after it waits until the reader has read it (7 słów at 40 cells: the hint
            # went after its first window, under "Ada ma słowo"). A pick's answer is a
            # glance, and the next pick's replaces it.
            self.flash_return, self.flash_at = keep, at
            self.unread = self.answering and not keep_place
            return Show(keep="message", fresh=True)
        self.unread = self.hold
        # An answer on the message line itself is read from its start, not from where the
        # reader was in the message it came before.
        return Show(reset=keep is None, keep=keep, fresh=keep == "message")

    def _unread_first(self, at: int = 0) -> None:
        """The unread message on the message line waits first in the queue again (an
        expiring one is dropped), to go on from cell ``at`` when it comes back."""
        message = self.message
        if self.hold and self.unread and message is not None:
            if self._expires(message):
                self.dropped.append(self.expiring.pop(id(message))[1])
                return
            if at:
                self.places[id(message)] = (message, at)
            self.queue.appendleft(message)

    def _drop_expired(self) -> None:
        """Urgent news came (time is up): time warnings still waiting are stale."""
        stale = [m for m in self.queue if self._expires(m)]
        if stale:
            self.queue = deque(m for m in self.queue if not self._expires(m))
            self.dropped.extend(self.expiring[id(m)][1] for m in stale)
        shown = self.message
        self.expiring = {k: v for k, v in self.expiring.items() if v[0] is shown}

    def _expires(self, message: NamedLine) -> bool:
        """``message`` is a time warning, stale once time is up."""
        entry = self.expiring.get(id(message))
        return entry is not None and entry[0] is message

    def place(self) -> int:
        """Where the message now on the message line is to be read from (0: its start)."""
        message = self.message
        entry = self.places.pop(id(message), None) if message is not None else None
        return entry[1] if entry is not None and entry[0] is message else 0

    @property
    def delivered(self) -> bool:
        """The seat's last "your turn" has reached its cells (or the seat has none waiting,
        or hears its news)."""
        return not self.hold or self.turn is None or self.turn_shown

    def skip(self) -> int:
        """Skip to now: the news waiting is passed over (the history keeps it); the newest
        waits alone, to come after the count of what was skipped (which the caller posts,
        so nothing else shows in between). A "your turn" waiting is not passed over: it
        comes after the newest (it jumped the queue, so it need not be the last posted).
        Returns how many were passed over."""
        if not (self.hold and self.queue):
            return 0
        newest = self.queue[-1]
        turn = self.turn if self.turn is not newest and any(
            message is self.turn for message in self.queue) else None
        kept = [newest] + ([turn] if turn is not None else [])
        skipped = len(self.queue) + (1 if self.unread else 0) - len(kept)
        self.queue = deque(kept)
        self.unread = False
        self.flash_return = None
        return skipped

    def _shown(self) -> None:
        """The message line changed: the turn is delivered when it is the one shown."""
        if self.message is not None and self.message is self.turn:
            self.turn_shown = True

    def flash_key(self, name: str, current: str | None,
                  window: tuple[bool, bool] | None) -> tuple[bool, Show | None]:
        """A key on an answer shown in place of the line being read: panning reads it, any
        other key goes back to that line. (True when the key has done its work, where the
        surface goes.) ``window`` is (at its start, at its end), None with nothing shown."""
        back = self.flash_return
        if back is None:
            return False, None
        if current != "message" or window is None:
            self.flash_return = None
            return False, None
        at_start, at_end = window
        if name == "stop_speech" or (
            (name == "pan_right" and not at_end) or (name == "pan_left" and not at_start)
        ):
            return False, None
        self.flash_return = None
        if self.queue:
            self.next()  # what waited behind the answer is next on the message line
        else:
            self.unread = False  # the reader left the answer: it has been read
        # Moving on only takes the reader back, to the window they were reading; a routing
        # key, a chord, Enter or a command key does its work there too (the reader routes
        # the next tile of a rack they know by touch).
        return name in MOVES, Show(keep=back, fresh=True, at=self.flash_at)

    def read_key(self, name: str, current: str | None,
                 window: tuple[bool, bool] | None) -> tuple[bool, Show | None]:
        """A key on unread news: panning right past its end brings the next message to the
        cells (True: the key has done its work); any other key but panning within it leaves
        the next message on the message line and then does what it does."""
        if not (self.hold and current == "message"):
            return False, None
        if not self.unread:
            # A message already read with news waiting behind it: panning past its end brings
            # that news. A reader brought back to the end of an answer already read (Scrabble
            # karty at 14 cells, after "pas") panned past it onto the hand line, and the
            # rival's move to answer stayed behind on the message line.
            if name == "pan_right" and window is not None and window[1] and self.next():
                return True, Show(keep="message", fresh=True, at=self.place())
            return False, None
        if name in ("pan_left", "stop_speech") or window is None:
            return False, None
        if name == "pan_right":
            if not window[1]:
                return False, None
            if self.next():
                return True, Show(keep="message", fresh=True, at=self.place())
            return False, None
        self.next()
        return False, Show(keep="message")

    def next(self) -> bool:
        """The message line's news counts as read; the next waiting message takes its place."""
        self.unread = False
        if not self.queue:
            return False
        self.message = self.queue.popleft()
        self.unread = True
        self._shown()
        self._forget_places()
        return True

    def _forget_places(self) -> None:
        """Places kept for messages no longer on the message line or waiting (come back in
        place of an answer, skipped, withdrawn) are let go."""
        live = {id(self.message), *(id(m) for m in self.queue)}
        self.places = {k: v for k, v in self.places.items() if k in live}

    def waiting(self, current: str | None, typing: bool) -> int:
        """Messages the reader has not had on the cells: the queue, and the one on the message
        line while the reader is elsewhere."""
        if current == "message" or not typing:
            self.behind_typing = 0
        if not self.hold:
            return self.behind_typing
        unseen = 1 if self.unread and current != "message" else 0
        return len(self.queue) + max(unseen, min(self.behind_typing, 1))

    def withdraw_turn(self, shown_too: bool = True) -> Show | None:
        """Time ran out on the seat's turn while its "your turn" still waits unread: read
        after the time-up it would send the reader to a turn that is gone. It leaves the
        queue; the history still has it. Without ``shown_too`` (a newer turn supersedes it)
        a turn already on the cells stays there to be read to its end."""
        if not shown_too and self.turn_shown:
            self.turn = None
            return None
        turn, self.turn = self.turn, None
        if turn is None or not self.hold:
            return None
        if any(message is turn for message in self.queue):
            self.queue = deque(m for m in self.queue if m is not turn)
            self.dropped.append(self.turn_said)
            return Show(mark=True)  # the waiting-news mark, one fewer
        if self.message is turn and self.unread:
            self.dropped.append(self.turn_said)
            self.next()
            return Show(fresh=True, stay=True, at=self.place())
        return None

    def again(self, message: NamedLine) -> Show:
        """A sentence brought back to the message line ("repeat"); unread news waits."""
        self._unread_first()
        self.message = message
        self.unread = False
        self.flash_return = None
        return Show(keep="message", fresh=True)

    def history(self, step: int, current: str | None) -> Show | None:
        """Line up from the message line goes back through earlier messages, newest first;
        line down comes forward again to the latest. Not while news waits to be read."""
        if current != "message" or self.queue or self.unread:
            return None
        back = self.back + step
        if not 0 <= back < len(self.told):
            return None
        self.back = back
        return Show(keep="message", fresh=True)

    def line(self, lang: str, mode: Mode) -> NamedLine | None:
        """The message line as the reader has it now: the latest, or an earlier message
        numbered by how far back it is (1. the one before the latest)."""
        told, back = self.told, self.back
        if not 0 < back < len(told):
            return self.message
        try:
            line = text_line(f"{back}. {told[-1 - back]}", lang, mode, name="message")
        except BrailleWordsError:
            return self.message
        return NamedLine("message", line)
