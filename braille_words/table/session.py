"""A game at a table: seats, the turn loop, the journal and every announcement.

Input from every source (the keyboard, each seat's Braille display) arrives on one queue as
(seat, line) pairs, so the loop is single-threaded and a move is applied, journaled and
announced in one place. Computer seats move when the rules await them. Nothing a player types
can end the loop with a traceback: a rule violation, a bad command or a broken device becomes a
sentence for that seat alone, and the state is left as it was.

Here is the turn loop: moves played, journaled and announced, the clock, prompts, the end.
Its seams live beside it and are mixed in: ``table_queue`` (what arrives on the queue, carried
out on the loop's thread), ``seat_commands`` (a seat's typed line, from the shared commands to
the game's own), ``computer_seats`` (the computers' moves), ``finish_typing`` (a half-typed
move finished after the clock ran out), ``hotseat`` (people sharing a speaker or a screen,
the keyboard handed over), ``tablewide`` (the teacher's controls, leaving and ending for
everyone, pauses, devices coming and going) and ``seat_clock`` (each seat's own game clock);
``inputs`` holds what arrives on the queue.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from braille_words.audio.timers import TimerEvent
from braille_words.errors import BrailleWordsError
from braille_words.games.base import Event
from braille_words.games.interface import BaseView, GameRules, GameState, Move, TimerRequest
from braille_words.games.kit import GameKit
from braille_words.present.messages import text
from braille_words.table.activity import ActivityLog, FlushLater
from braille_words.table.clock import TableClock
from braille_words.table.computer_seats import ComputerSeats
from braille_words.table.control import TEACHER
from braille_words.table.finish_typing import FinishTyping
from braille_words.table.hotseat import HotSeat
from braille_words.table.inputs import KEYBOARD as KEYBOARD
from braille_words.table.inputs import TABLE as TABLE
from braille_words.table.inputs import Input as Input
from braille_words.table.journal import TABLE_BY, Header, Journal, JournalUnwritable
from braille_words.table.outputs import SeatOutput
from braille_words.table.reading_pace import READING, ReadingPace
from braille_words.table.seat_clock import SAVE_EVERY, SeatClockTable
from braille_words.table.seat_commands import SeatCommands
from braille_words.table.seatnews import SeatNews, drawing, reasons_of, status
from braille_words.table.seats import SeatConfig
from braille_words.table.table_queue import TableInputs, TableQueue
from braille_words.table.tablewide import TableWide
from braille_words.table.vocabulary import (
    QUIT_WORDS,
    clean_line,
)

Waits = Generator[float | None, Input | None, None]
"""A part of the turn loop that waits for input (``Session.steps``)."""
Steps = Generator[float | None, Input | None, dict[str, Any] | None]
"""The turn loop, stepped: see ``Session.steps``."""

R = TypeVar("R", bound=GameRules[Any, Any])
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M", bound=Move)
T = TypeVar("T")


@dataclass
class Session(HotSeat, TableWide, SeatClockTable, SeatCommands, TableQueue, ComputerSeats,
              FinishTyping, ReadingPace, Generic[R, S, M]):
    """A running game. Build it with ``table.start`` / ``table.resume``.

    It is generic in the game's rules, state and move types, so mypy checks every call the
    table makes into a game against the interface in ``games/interface.py``.
    """

    kit: GameKit[R, S, M]
    rules: R
    state: S
    seats: list[SeatConfig]
    outputs: list[SeatOutput]
    journal: Journal | None
    header: Header
    inputs: TableInputs = field(default_factory=TableInputs)
    moves_played: int = 0
    echo: Callable[[str], None] | None = None
    _quit: bool = False
    news: list[SeatNews] = field(default_factory=list)
    """Each seat's presentation of the game (``table.seatnews``), made from its view and the
    events it may know; a network seat's is worded on the student's own computer."""
    _mover: int | None = None
    _offered: dict[int, tuple[str, str]] = field(default_factory=dict)
    """(restored, as typed): a line offered back with its Polish letters, played if the seat
    says "tak"; "nie", or the same line again, plays it as it was typed."""
    _prompted: frozenset[int] = frozenset()
    _prompt_keys: dict[int, Any] = field(default_factory=dict)
    timers: bool = True
    think: bool = False
    think_elsewhere: Callable[[Callable[[], None]], None] | None = None
    """Runs a job on another thread: set where the table's loop must never wait for a
    computer finding its move (the host's network loop steps every table); the move comes
    back on the queue. None: the computer thinks on the table's own thread."""
    _thinking: set[int] = field(default_factory=set)
    _reacted: int = -1
    """The move count computers were last asked to react after (``ComputerPlayer.react``)."""
    keyboard_draft: Callable[[], str] | None = None
    """What the terminal keyboard has typed and not sent yet (a half-typed word)."""
    _nudged: dict[int, Any] = field(default_factory=dict)
    """The position (moves played, the hint) each seat was last nudged in: the same hint
    asked for again there is given in full."""
    _finishing: frozenset[int] = frozenset()
    """Seats finishing a half-typed move after the game's clock ran out: the time-up move
    waits for them (``GameRules.finish_typing_seconds``)."""
    clock: TableClock | None = None
    shared: list[frozenset[int]] = field(default_factory=list)
    """Groups of people sharing a speaker or a screen (``table.privacy``). One member at a
    time holds the shared devices and hears private news; the keyboard is handed over, and
    confirmed with Enter, before the next member's rack is read out."""
    _holder: dict[int, int] = field(default_factory=dict)
    _pending: dict[int, int] = field(default_factory=dict)
    _pending_since: dict[int, float] = field(default_factory=dict)
    _explained: bool = False
    unsaved: bool = False
    """A move could not be written to the journal: the game cannot be said to be saved."""
    confirm_end: bool = False
    """Keep the table open after the end until each person confirms (people at a terminal or
    a display; a script's input simply ends)."""
    on_started: Callable[[], None] | None = None
    """Called once the first prompt is out: slow devices (the sound library) load then."""
    on_hand_over: Callable[[], None] | None = None
    """Called before the keyboard is handed over: the terminal clears its scrollback there,
    where the last holder's rack could otherwise be read back."""
    teacher: SeatOutput | None = None
    """The teacher's console (the terminal when no seat owns it): it hears the table's public
    news and alerts, and its lines are table controls (``table.console``)."""
    _paused: set[str] = field(default_factory=set)
    """Why the table waits: "teacher", or "display N" for a seat whose display was unplugged.
    While any reason holds, clocks stand still, computers wait and moves are refused."""
    _left: set[int] = field(default_factory=set)
    """Seats whose person said "wyjdź" at a teacher's table: the game waits for them."""
    console_follows: bool = True
    """The teacher's console says this table's moves as they are made. A host's console
    follows the table ``stół N`` chose: thirty tables' every move, said and printed on one
    console, is a flood no teacher can follow (their alerts are still said from every
    table, and the teacher's page shows every table's news)."""
    _news_unsaid: tuple[tuple[tuple[Sequence[Event], list[str]], ...], str] = ((), "")
    """The table's latest public news, for the teacher's status line and page: the moves'
    public events not worded yet (newest last), and the news worded before them. At a
    school's host no console hears the tables, and wording every move for a status line
    read now and then was a tenth of what the host's loop did (``last_news``)."""
    _silent_reader: SeatOutput | None = None
    _alerts: dict[int, str] = field(default_factory=dict)
    """A seat's device trouble the teacher should know of ("sound_failed"), until it is over."""
    _want_end: set[int] = field(default_factory=set)
    _away_computer: set[int] = field(default_factory=set)
    """Seats the host gave the computer while their student's computer was away: given back
    by the host when it returns, so its return is no news for the teacher to act on."""
    _banked: dict[int, int] = field(default_factory=dict)
    """Seconds the teacher gave a seat while another moved: added to that seat's next
    countdown when it starts (``TableControl.more_time``)."""
    """People who said "wyjdź" at a table with no teacher: it ends when all have said it."""
    flush_later: FlushLater | None = None
    """Where a host's stepped table hands its activity notes to be flushed with the other
    tables' (``table.activity.FlushLater``); None: flushed whenever the table waits."""
    activity: ActivityLog | None = None
    """What people did beside their moves (hints, commands, refusals), for the teacher's
    reports (``table.activity``); kept beside the journal."""
    resume_command: str = "braille-words resume"
    """What the teacher types to go on with this game another day (said when the teacher
    ends it): a host's tables come back with ``braille-words host --resume FOLDER``."""
    next_game: str | None = None
    """Set when the teacher asked for the next game: its position file, or "" for a fresh
    deal (``TableControl.next_game``); the caller starts it after ``run`` returns."""
    _trying: str = ""
    """The line being handled now: what a refusal refused."""
    _tried: tuple[Any, int, Any, tuple[Any, list[Event]]] | None = None
    """(state, seat, move, what the rules made of it): the move a typed line asked for,
    tried on the table's state before it is offered back respelled; played as it was made."""
    _views: tuple[Any, bool, dict[int, Any]] | None = None
    """The state the views below were made of, whether the table ran a clock when they were
    made, and each seat's view (``view_of``). Kept per state and per clock: a table may be
    told it runs no clock after it is made, and a view made with one would still speak of
    the hourglass (7 słów's ``runda`` did)."""

    def __post_init__(self) -> None:
        """Give each seat's display a way to send lines and route keys into this game."""
        if self.clock is None:
            self.clock = TableClock(self._on_timer)
        for number, group in enumerate(self.shared):
            self._holder[number] = min(group)  # says the public news until a hand-over
            for seat in group:
                self.outputs[seat].mute()
        self.news = [SeatNews(out, self.kit, lambda: self.timers) for out in self.outputs]
        for seat, out in enumerate(self.outputs):
            out.submit = self._submitter(seat)
            out.router = self.kit.presenter.route
            out.wants_letter = self.kit.presenter.wants_letter
            out.cancel_line = self.kit.presenter.cancel_line
            out.on_device = self._device_reporter(seat)
        if self.activity is None and self.journal is not None:
            self.activity = ActivityLog.beside(self.journal.path)

    @property
    def playing(self) -> bool:
        """The game goes on: nobody has ended it and it is not over."""
        return not self._quit and not self.state.is_over

    @property
    def quit_requested(self) -> bool:
        """A player said "wyjdź": they have just heard where the game is saved."""
        return self._quit

    def view_of(self, seat: int) -> Any:
        """``seat``'s view as this table shows it (``state.view_for``), made once per state:
        a move's announcement, the next seat's prompt and the commands typed before the next
        move all read the same view, and a long rack made into a view is much of what a move
        costs at a school's host. The game's states are never changed in place (``apply``
        makes a new one), so a view is good for as long as its state is the table's; each
        seat's stays its own. Read-only: a view handed out here is shared by everyone who
        asks for it."""
        # Kept per state and per clock: a table is told it runs none after it is made.
        state, timers, made = self.state, self.timers, self._views
        if made is not None and made[0] is state and made[1] == timers:
            views = made[2]
        else:
            views = {}
            self._views = (state, timers, views)
        view = views.get(seat)
        if view is None:
            view = state.view_for(seat)
            # A table that runs no clock shows none (the game's ``without_clock``), in every
            # sentence, prompt and Braille line made of the view.
            if not timers:
                view = self.kit.presenter.without_clock(view)
            views[seat] = view
        return view

    def _note(self, seat: int, kind: str, what: str = "", why: str = "") -> None:
        """Keep what a person did for the teacher's report (a computer's doings are not
        a student's)."""
        if self.activity is not None and 0 <= seat < len(self.seats) and self.seats[
            seat
        ].is_human:
            self.activity.note(seat, kind, what, why)

    def _written(self) -> None:
        """The table is about to wait: what it noted for the reports goes to the disk (a
        moment later, with the other tables', where a host steps them: ``flush_later``)."""
        if self.activity is not None:
            if self.flush_later is not None:
                self.flush_later.add(self.activity)
            else:
                self.activity.flush()

    def _refuse(self, seat: int, reasons: list[dict[str, Any]]) -> None:
        """The table refuses a seat's line: the seat is told why, and the teacher's report
        keeps the line with that sentence (a network seat's too, though its own computer
        words it). Noted here, where the table refuses, never guessed from a sound: a
        rival's move taken back after a successful "akceptuj" sounds like a refusal."""
        news = self.news[seat]
        news.refused(reasons)
        if self._noting(seat):
            self._note(seat, "refused", self._trying,
                       SeatNews.refusal(news, reasons, self._report_lang(seat)))

    def _refuse_by_key(self, seat: int, key: str, **params: Any) -> None:
        """A refusal the table words itself (a line too long, a paused table)."""
        self.news[seat].tell(key, cue="rejected", **params)
        if self._noting(seat):
            self._note(seat, "refused", self._trying,
                       text(self._report_lang(seat), key, "beginner", **params))

    def _noting(self, seat: int) -> bool:
        """Whether what ``seat`` does is kept for the teacher's report now."""
        return self.activity is not None and self.seats[seat].is_human

    def _report_lang(self, seat: int) -> str:
        """The language a refusal is kept in for the report: the teacher's (a network seat's
        own language is the student's computer's business; the table words nothing in it)."""
        return self.teacher.lang if self.teacher is not None else self.seats[seat].lang

    # -- the loop -------------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        """Play until the game ends, input ends or a player quits; the result if it ended.
        The table's own thread waits here for each input (``steps`` is the same loop for a
        caller that must never wait, the host's network loop)."""
        return self.wait_through(self.steps())

    def wait_through(self, steps: Generator[float | None, Input | None, T]) -> T:
        """A stepped part of the loop (``steps``) carried out on this thread, waiting here for
        each input it asks for."""
        try:
            wait = next(steps)
            while True:
                try:
                    item: Input | None = self.inputs.next_for_loop(timeout=wait)
                except queue.Empty:
                    item = None
                wait = steps.send(item)
        except StopIteration as stopped:
            done: T = stopped.value
            return done

    def steps(self) -> Steps:
        """The turn loop, stopped wherever it would wait for input: it yields how long it
        would wait (None: until an input comes), and is sent the next input, or None when
        that time passed first (or the loop was poked while it waited with a time). Its
        value at the end is the result, as ``run``'s. Whoever drives it takes each input
        from ``inputs`` as ``next_for_loop`` would: the host steps every table on its one
        network loop (``net.stepped``), a table at one computer waits on its own thread."""
        self._prompt()
        self._sync_clock()
        started = self.on_started
        while not self._quit and not self.state.is_over:
            computer = self._computer_to_move()
            if computer is not None:
                self._computer_move(computer)
                continue
            if self._computer_reacts():
                continue
            if started is not None:
                # Told once the first prompt a person can answer is out, not at the opening:
                # what waits for it (loading the sound library) would slow a computer's
                # opening move and keep that prompt waiting.
                started()
                started = None
            self._written()
            item = yield from self._next_input()
            if item is None:
                continue  # the clock and the computers looked at again: a reader reads
            self._hold_for_readers(fresh=False)
            if not self._process(item):
                break
        if self.state.is_over:
            result = self._finish()
            if self.confirm_end:
                yield from self._stay_open()
            return result
        if self._quit and self.confirm_end:
            # A script's table (no confirm_end) leaves when its script ends: automation and
            # tests must not wait for a reader nobody is.
            yield from self._let_news_be_read()
        return None

    def _let_news_be_read(self, most: float = 300.0) -> Waits:
        """At the end, or after "wyjdź", a seat that reads without hearing may still have the
        result, the goodbye (where the game is saved) and older news waiting on its cells: the
        program stays until each such seat has read them, a line is typed, or five minutes
        pass without a message read. The keyboard's input ending does not end it: nobody at
        the keyboard, the reader still reads."""
        deadline = time.monotonic() + most
        unread = sum(o.unread_news for o in self.outputs)
        while unread and time.monotonic() < deadline:
            item = yield 0.2
            if item is not None and item.line is not None:
                return  # a line typed: the people at the table are done
            now = sum(o.unread_news for o in self.outputs)
            if now != unread:  # the reader is reading: the five minutes start again
                unread, deadline = now, time.monotonic() + most

    def _stay_open(self) -> Waits:
        """After the end, the table stays until every person at it says they have read the
        result (Enter, or "wyjdź"): a Braille reader pans the result at their own pace and may
        still ask for the scores, the history or where they are."""
        waiting = {seat for seat, s in enumerate(self.seats) if s.is_human}
        for seat in sorted(waiting):
            out = self.outputs[seat]
            if self._speaks(seat) or out.private_display:
                self.news[seat].tell("end_confirm", public=True)
        while waiting and not self._quit:
            self._written()
            item = yield None
            if item is None:
                continue  # (only a caller that steps the loop sends none to a wait without time)
            if item.line is None and item.move is None:
                # Input has ended (the terminal closed): nobody can press Enter any more,
                # but a reader at a display still reads the result to its end.
                yield from self._let_news_be_read()
                return
            if item.move is not None or item.line is None:
                continue
            seat = min(waiting) if item.seat == KEYBOARD else item.seat
            if seat not in waiting:
                continue
            low = " ".join(clean_line(item.line).split()).lower()
            if not low or low in QUIT_WORDS:
                waiting.discard(seat)
            elif not self._generic(seat, low, low):
                self.news[seat].tell("end_confirm")

    # -- moves ----------------------------------------------------------------------------

    def play(self, seat: int, move: M, *, by: str = "") -> bool:
        """Apply ``move`` for ``seat``; journal and announce it. False if the rules refuse.
        ``by``: who made it when the person at the seat did not (``journal.Entry.by``: the
        table's time-up, the teacher's skip or ruling, a computer for an absent student),
        journaled with it so a report never counts it, or its wait, as the student's. The
        table's move's news is urgent: it comes over a half-typed line."""
        urgent = by in TABLE_BY
        awaited = frozenset(self.state.awaiting)
        tried, self._tried = self._tried, None
        try:
            if tried is not None and tried[0] is self.state and tried[1] == seat \
                    and tried[2] == move:
                state, events = tried[3]  # tried a moment ago (``_unsure``): the rules are pure
            else:
                state, events = self.rules.apply(self.state, seat, move)
        except BrailleWordsError as exc:  # a RuleViolation too: every reason at once
            self._refuse(seat, reasons_of(exc))
            return False
        made = move.to_json()
        if self.journal is not None:
            try:
                self.journal.record(seat, made, by)
            except JournalUnwritable as exc:
                # Not on the disk, so not made: a move nobody can resume must not be heard.
                self._not_saved(seat, exc, stop=urgent or not self.seats[seat].is_human)
                return False
        self.state = state
        self.moves_played += 1
        if urgent:  # the turn passed without the student's move: no time of theirs
            self._note(seat, "table", by)
        else:
            self._note(seat, "move", str(made.get("kind") or made.get("type") or ""))
        if by == "skip":  # told as the teacher's skip already, not as the player's pass
            events = self.kit.presenter.skipped(events)
        self._mover = seat
        try:
            self.announce(events, urgent=urgent)
        finally:
            self._mover = None
        # A time-up is the table's move, even when it is played for the seat it passes.
        self._typed_left_over(awaited if urgent else awaited - {seat})
        if self._finishing and not urgent:
            self._finish_typing_done()
        self._prompt()
        self._sync_clock()
        return True

    def _not_saved(self, seat: int, exc: JournalUnwritable, *, stop: bool) -> None:
        """The disk refused a move, so it was not made. A person's own move: they are told,
        and may try again once there is room. A computer's or the table's (a time-up): trying
        again would fail the same way and the game could not go on, so the table stops, and
        every person hears why, that the game is saved up to the move before, and how to go
        on with it; the program then ends with a failure (``unsaved``)."""
        if not stop:
            self.news[seat].tell("journal_failed", cue="rejected", **exc.params)
            return
        self.unsaved = True
        self._quit = True
        self._tell_table("journal_failed_stopped", cue="rejected", name=self.seats[seat].name,
                         **exc.params)

    def sync_refused(self, exc: JournalUnwritable) -> None:
        """The disk refused to keep lines the journal had written and left to a later sync
        (the host's, ``net.durable``): the moves in them were never told, and the table stops
        as it does when a computer's move cannot be saved."""
        seat = self.journal.unsynced_seat if self.journal is not None else None
        if seat is None or not 0 <= seat < len(self.seats):
            seat = 0
        self._not_saved(seat, exc, stop=True)

    def _status(self, view: BaseView, left: float | None = None) -> str:
        """Status cells: "*" when the game waits for this seat, then the seconds left."""
        if left is None:
            left = self._clock_left()
        if left is None:
            left = self.seat_left(view["seat"])  # the seat's own game clock, if any
        return status(view, left)

    def _clock_left(self) -> float | None:
        """The seconds left on the running clock, if one runs."""
        if self.clock is not None and self.clock.running is not None:
            return self.clock.remaining()
        return None

    # -- the clock ------------------------------------------------------------------------

    def _sync_clock(self) -> None:
        if self.clock is None:
            return
        if self._finishing and not self.state.is_over:
            return  # the grace for a half-typed move runs on its own countdown
        request = self.kit.presenter.timer(self.view_of(0)) if self.timers else None
        if self.state.is_over:
            request = None
        before = self.clock.running
        if request is not None and (before is None or before.key != request.key) \
                and self._clock_waits():
            self.clock.pause(READING)  # it starts standing: not a moment runs before
        self.clock.sync(request)
        fresh = self.clock.running is not None and self.clock.running is not before
        if fresh:
            self._give_banked_time()
        self._hold_for_readers(fresh)
        if self._paused:
            self.clock.pause()  # a new turn's countdown waits for the table to go on
        self._sync_seat_clock()
        if self.clock.running is None:
            for seat, news in enumerate(self.news):
                news.clock(self.seat_left(seat))  # a game clock, or nothing

    def _on_timer(self, event: TimerEvent, left: float, request: TimerRequest) -> None:
        """Called on the clock's thread: sounds and warnings now, the time-up move queued."""
        if event is TimerEvent.EXPIRED:
            self.inputs.put(Input(TABLE, None, move=request.key))
            return
        if event is TimerEvent.TICK and round(left) % SAVE_EVERY == 0:
            # Its time left journaled (on the table's thread), for a resume after a kill.
            key = str(request.key)
            self.inputs.put(Input(TABLE, None, move=("call",
                                                     lambda: self.save_countdown(key, left))))
        if event is TimerEvent.WARNING:
            self._warn(round(left))
        if event in (TimerEvent.STARTED, TimerEvent.RESTARTED, TimerEvent.WARNING) or (
            event is TimerEvent.TICK and _clock_shows(left)
        ):
            # The tactile clock: every few seconds, every second in the last ten.
            for seat, news in enumerate(self.news):
                news.clock(left, self.view_of(seat), self._clock_owner(seat))
        if event is TimerEvent.TICK and request.ticking:
            for seat, out in enumerate(self.outputs):
                if self._speaks(seat):  # the hourglass is heard once at a shared speaker
                    out.cue(request.cue, public=True)

    def _warn(self, seconds: int) -> None:
        """The countdown's warning: urgent to the seats it hurries ("Zostało 5 sekund."); to
        the others it names whose time runs out and waits its turn on the cells. A child
        reading the news heard "Zostało 5 sekund." over it during another's turn, and took it
        for her own time."""
        awaiting = self.state.awaiting
        names = ", ".join(self.seats[s].name for s in sorted(awaiting)
                          if 0 <= s < len(self.seats))
        for seat in range(len(self.outputs)):
            if not self._speaks(seat):
                continue
            if seat in awaiting or not names:
                self.news[seat].tell("time_warning", cue="warning", public=True, urgent=True,
                                     expiring=True, seconds=seconds)
            else:
                self.news[seat].tell("time_warning_other", cue="warning", public=True,
                                     expiring=True, seconds=seconds, name=names)

    def _clock_owner(self, seat: int) -> str:
        """Whose the running countdown is, as ``seat``'s cells say it before the seconds:
        "*" for its own turn, the first letter of the player's name for another's, nothing
        when it is everyone's (a vote, 7 słów's hourglass)."""
        awaiting = sorted(self.state.awaiting)
        if len(awaiting) != 1 or not 0 <= awaiting[0] < len(self.seats):
            return ""
        if awaiting[0] == seat:
            return "*"
        return self.seats[awaiting[0]].name[:1].upper()

    # -- announcements --------------------------------------------------------------------

    def announce(self, events: Sequence[Event], *, urgent: bool = False) -> None:
        """Each event to every seat allowed to know it, once, in that seat's language;
        ``urgent`` news (time is up) comes over a half-typed line on the cells.

        Here the table decides what each seat may know (the public events and its own, its
        own view); the seat's ``SeatNews`` words and shows it. A table with no clock tells
        of none."""
        if not self.timers:
            events = [e for e in events if e.kind not in self.kit.presenter.clock_events]
        names = self._names()
        left = self._clock_left()
        for seat in range(len(self.outputs)):
            self.news[seat].told(
                self.known_to(seat, events), self.view_of(seat), names=names, urgent=urgent,
                speaks=self._speaks(seat), mine=seat == self._mover, left=left,
                awaited=seat in self.state.awaiting, over=self.state.is_over,
            )
        public = [e for e in events if e.to is None]
        if not public:
            return
        if self.teacher is not None and self.console_follows:
            said = self._public_text(public, names)
            if said:
                self.teacher.announce(said)
                self._news_unsaid = ((), said)
            return
        # Worded when the teacher's status line or page reads it (``last_news``), at most
        # ``UNSAID_KEPT`` moves back: a move's public events may word to nothing.
        unsaid, before = self._news_unsaid
        self._news_unsaid = ((*unsaid[1 - UNSAID_KEPT:], (public, names)), before)

    def known_to(self, seat: int, events: Sequence[Event]) -> list[Event]:
        """Of ``events``, those ``seat`` may know: the public ones and its own (none of its
        own for someone watching computers, who is none of their seats)."""
        watching = self.outputs[seat].watching
        return [e for e in events if e.to is None or (e.to == seat and not watching)]

    def last_news(self) -> str:
        """The table's latest public news as the teacher reads it (any thread: read whole,
        replaced whole), in the teacher's language, or the people's with no console."""
        kept = self._news_unsaid
        unsaid, said = kept
        for public, names in reversed(unsaid):
            worded = self._public_text(public, names)
            if worded:
                said = worded
                break
        if unsaid and self._news_unsaid is kept:  # not replaced by a move meanwhile
            self._news_unsaid = ((), said)
        return said

    def _public_text(self, public: Sequence[Event], names: Sequence[str]) -> str:
        """The public events as the teacher's console says them: the teacher's page reads
        them too, in the people's language when the table has no console (the seats share
        the terminal)."""
        reader = self.teacher if self.teacher is not None else self._news_reader()
        words = SeatNews(reader, self.kit, lambda: self.timers)
        return " ".join(said for said in (words.event_text(e, TEACHER, names) for e in public)
                        if said)

    def _news_reader(self) -> SeatOutput:
        """An output nobody hears, in the people's language: what words the table's public
        news for the teacher's page when there is no teacher's console."""
        if self._silent_reader is None:
            people = [s.lang for s in self.seats if s.is_human] or [s.lang for s in self.seats]
            self._silent_reader = SeatOutput(name="", lang=people[0] if people else "pl",
                                             verbosity="beginner")
        return self._silent_reader

    def _drawing(self, view: Any, lang: str) -> Callable[[Any], list[Any]]:
        # ``view`` is the game's own view type (V of the kit), which Session does not name.
        """The seat's Braille lines as a function of its current routing-key pick."""
        return drawing(self.kit.presenter, view, lang)

    def _names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _prompt(self) -> None:
        """Tell each human seat the game awaits that it is their turn (once per change)."""
        awaiting = frozenset(self.state.awaiting)
        before, self._prompted = self._prompted, awaiting
        timed: bool | None = None  # looked at once, and only for a turn to tell
        for seat in sorted(awaiting):
            view = self.view_of(seat)  # made once: a long rack costs at every move
            key = self.kit.presenter.prompt_key(view)
            fresh = seat not in before or key != self._prompt_keys.get(seat)
            if seat not in before:
                self._note(seat, "turn")
            self._prompt_keys[seat] = key
            if fresh and self.seats[seat].is_human:
                if seat in before and self.news[seat].told_already(view):
                    continue  # the same words again would be clutter on the cells
                # A turn before it still unread on the cells is stale (the dead round's
                # "Napisz swoje słowo"): it leaves the queue; the history keeps it.
                self.outputs[seat].withdraw_turn(shown_too=False)
                timed = self._timed() if timed is None else timed
                self.news[seat].prompt(view, timed=timed)
        self._hand_over()

    def _timed(self) -> bool:
        """Someone waits on a reader's turn: a countdown (a move limit, a teapot, an
        hourglass, a vote's time, a seat's game clock) or computers playing at the same
        moment (7 słów's race), who wait until the turn is on the reader's cells. The turn
        then jumps the reader's queue; otherwise it comes after the news before it."""
        if self.state.is_over:
            return False
        if any(not self.seats[s].is_human for s in self.state.awaiting
               if 0 <= s < len(self.seats)):
            return True
        if not self.timers:
            return False
        view = self.view_of(0)
        presenter = self.kit.presenter
        return presenter.timer(view) is not None or presenter.seat_clock(view) is not None

    def tell_everyone(
        self,
        sentence: str | Callable[[SeatOutput], str],
        cue: str | None = None,
        *,
        urgent: bool = False,
        expiring: bool = False,
        **params: Any,
    ) -> None:
        """Public news for the whole table, said once at each speaker however many share it:
        a catalogue key with its ``params`` (worded by each seat's own ``SeatNews``), or a
        sentence made for each seat's output."""
        for seat, out in enumerate(self.outputs):
            if not self._speaks(seat):
                continue
            if isinstance(sentence, str):
                self.news[seat].tell(sentence, cue=cue, public=True, urgent=urgent, **params)
            else:
                out.announce(sentence(out), cue=cue, public=True, urgent=urgent)

    def _finish(self) -> dict[str, Any]:
        result: dict[str, Any] = self.state.result()
        if self.journal is not None:
            try:
                self.journal.finish(result)
            except JournalUnwritable as exc:
                # The scores are still read out (the moves are saved); only the end mark is
                # lost, and everyone is told so: "saved" is said only when it is true.
                self.unsaved = True
                self.tell_everyone("journal_end_failed", cue="warning", **exc.params)
        for seat, news in enumerate(self.news):
            if self._speaks(seat):
                news.final(result, self._names(), seat)
        return result

    def close(self) -> None:
        self.close_seat_clock()
        if self.clock is not None:
            self.clock.close()
        if self.journal is not None:
            self.journal.close()
        if self.activity is not None:
            self.activity.close()
        for out in self.outputs:
            out.close()


AnySession = Session[Any, Any, Any]
"""A session of whichever game the player chose: the game is known only at run time."""


UNSAID_KEPT = 8
"""Moves whose public news is kept unworded for the teacher (``Session.last_news``)."""


def _clock_shows(left: float) -> bool:
    """Whether the tactile clock is rewritten at this beat: every five seconds, and every
    second of the last ten (a display is slow to read, and every write costs the reader)."""
    seconds = round(left)
    return seconds <= 10 or seconds % 5 == 0
