"""A game at a table: seats, the turn loop, the journal and every announcement.

Input from every source (the keyboard, each seat's Braille display) arrives on one queue as
(seat, line) pairs, so the loop is single-threaded and a move is applied, journaled and
announced in one place. Computer seats move when the rules await them. Nothing a player types
can end the loop with a traceback: a rule violation, a bad command or a broken device becomes a
sentence for that seat alone, and the state is left as it was.

Two seams live beside it and are mixed in: ``hotseat`` (people sharing a speaker or a screen,
the keyboard handed over) and ``tablewide`` (the teacher's controls, leaving and ending for
everyone, pauses, devices coming and going); ``inputs`` holds what arrives on the queue.
"""

from __future__ import annotations

import contextlib
import queue
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from braille_words.audio.timers import TimerEvent
from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.base import Event
from braille_words.games.interface import BaseView, GameRules, GameState, Move, TimerRequest
from braille_words.games.kit import GameKit
from braille_words.games.votes import parse_ballot
from braille_words.lexicon.diacritics import respellings
from braille_words.present.messages import text
from braille_words.table.activity import ActivityLog
from braille_words.table.clock import TableClock
from braille_words.table.control import TEACHER, Control
from braille_words.table.hotseat import HotSeat
from braille_words.table.inputs import KEYBOARD as KEYBOARD
from braille_words.table.inputs import TABLE as TABLE
from braille_words.table.inputs import Input as Input
from braille_words.table.journal import Header, Journal, JournalUnwritable
from braille_words.table.outputs import SeatOutput
from braille_words.table.seat_clock import CLOCK_WORDS, SeatClockTable
from braille_words.table.seatnews import SeatNews, drawing, reasons_of, status
from braille_words.table.seats import SeatConfig
from braille_words.table.tablewide import TableWide
from braille_words.table.vocabulary import (
    BOARD_JUMPS,
    HELP_WORDS,
    HINT_WORDS,
    MAX_LINE,
    QUIT_WORDS,
    READING,
    SPELL_PREFIXES,
    STOP_WORDS,
    VERBOSITY_WORDS,
    WHERE_WORDS,
    clean_line,
    shared_command,
)

R = TypeVar("R", bound=GameRules[Any, Any])
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M", bound=Move)


@dataclass
class Session(HotSeat, TableWide, SeatClockTable, Generic[R, S, M]):
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
    inputs: queue.Queue[Input] = field(default_factory=queue.Queue)
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
    _thinking: set[int] = field(default_factory=set)
    _reacted: int = -1
    """The move count computers were last asked to react after (``ComputerPlayer.react``)."""
    keyboard_draft: Callable[[], str] | None = None
    """What the terminal keyboard has typed and not sent yet (a half-typed word)."""
    _nudged: dict[int, tuple[int, Any]] = field(default_factory=dict)
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
    _last_news: str = ""
    _silent_reader: SeatOutput | None = None
    """The table's latest public news, for the teacher's status line."""
    _alerts: dict[int, str] = field(default_factory=dict)
    """A seat's device trouble the teacher should know of ("sound_failed"), until it is over."""
    _want_end: set[int] = field(default_factory=set)
    _banked: dict[int, int] = field(default_factory=dict)
    """Seconds the teacher gave a seat while another moved: added to that seat's next
    countdown when it starts (``TableControl.more_time``)."""
    """People who said "wyjdź" at a table with no teacher: it ends when all have said it."""
    activity: ActivityLog | None = None
    """What people did beside their moves (hints, commands, refusals), for the teacher's
    reports (``table.activity``); kept beside the journal."""
    next_game: str | None = None
    """Set when the teacher asked for the next game: its position file, or "" for a fresh
    deal (``TableControl.next_game``); the caller starts it after ``run`` returns."""
    _trying: str = ""
    """The line being handled now: what a refusal refused."""

    def __post_init__(self) -> None:
        """Give each seat's display a way to send lines and route keys into this game."""
        if self.clock is None:
            self.clock = TableClock(self._on_timer)
        for number, group in enumerate(self.shared):
            self._holder[number] = min(group)  # says the public news until a hand-over
            for seat in group:
                self.outputs[seat].mute()
        self.news = [SeatNews(out, self.kit) for out in self.outputs]
        for seat, out in enumerate(self.outputs):
            out.submit = self._submitter(seat)
            out.router = self.kit.presenter.route
            out.wants_letter = self.kit.presenter.wants_letter
            out.cancel_line = self.kit.presenter.cancel_line
            out.on_device = self._device_reporter(seat)
        if self.activity is None and self.journal is not None:
            self.activity = ActivityLog.beside(self.journal.path)

    @property
    def quit_requested(self) -> bool:
        """A player said "wyjdź": they have just heard where the game is saved."""
        return self._quit

    def _note(self, seat: int, kind: str, what: str = "", why: str = "") -> None:
        """Keep what a person did for the teacher's report (a computer's doings are not
        a student's)."""
        if self.activity is not None and 0 <= seat < len(self.seats) and self.seats[
            seat
        ].is_human:
            self.activity.note(seat, kind, what, why)

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

    def call_soon(self, action: Callable[[], None]) -> None:
        """Run ``action`` on the table's own thread, between two inputs: a network seat
        joining or leaving changes outputs the table is using."""
        self.inputs.put(Input(TABLE, None, move=("call", action)))

    def _submitter(self, seat: int) -> Callable[[str], None]:
        def submit(line: str) -> None:
            self.inputs.put(Input(seat, line))

        return submit

    # -- the loop -------------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        """Play until the game ends, input ends or a player quits; the result if it ended."""
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
            if not self._process(self.inputs.get()):
                break
        if self.state.is_over:
            result = self._finish()
            if self.confirm_end:
                self._stay_open()
            return result
        if self._quit and self.confirm_end:
            # A script's table (no confirm_end) leaves when its script ends: automation and
            # tests must not wait for a reader nobody is.
            self._let_news_be_read()
        return None

    def _let_news_be_read(self, most: float = 300.0) -> None:
        """At the end, or after "wyjdź", a seat that reads without hearing may still have the
        result, the goodbye (where the game is saved) and older news waiting on its cells: the
        program stays until each such seat has read them, a line is typed, or five minutes
        pass without a message read. The keyboard's input ending does not end it: nobody at
        the keyboard, the reader still reads."""
        deadline = time.monotonic() + most
        unread = sum(o.unread_news for o in self.outputs)
        while unread and time.monotonic() < deadline:
            try:
                item = self.inputs.get(timeout=0.2)
            except queue.Empty:
                item = None
            if item is not None and item.line is not None:
                return  # a line typed: the people at the table are done
            now = sum(o.unread_news for o in self.outputs)
            if now != unread:  # the reader is reading: the five minutes start again
                unread, deadline = now, time.monotonic() + most

    def _process(self, item: Input) -> bool:
        """One item of the queue; False when input has ended."""
        if isinstance(item.move, Control):
            self._control(item.move)
        elif item.move is not None:
            self._table_move(item)
        elif item.line is None:
            return False
        else:
            if self.echo is not None:
                typed = clean_line(item.line).strip()
                secret = (
                    bool(typed)
                    and self.private_entry(item.seat)
                    and not self._is_reading(item.line)
                )
                self.echo("***" if secret else typed)
            self.handle(item.seat, item.line, at=item.at)
        return True

    def pump(self) -> None:
        """Carry out whatever waits on the queue now, without waiting for more (a test, or a
        caller driving the table step by step)."""
        while True:
            try:
                item = self.inputs.get_nowait()
            except queue.Empty:
                return
            if not self._process(item):
                return

    def _stay_open(self) -> None:
        """After the end, the table stays until every person at it says they have read the
        result (Enter, or "wyjdź"): a Braille reader pans the result at their own pace and may
        still ask for the scores, the history or where they are."""
        waiting = {seat for seat, s in enumerate(self.seats) if s.is_human}
        for seat in sorted(waiting):
            out = self.outputs[seat]
            if self._speaks(seat) or out.private_display:
                self.news[seat].tell("end_confirm", public=True)
        while waiting and not self._quit:
            item = self.inputs.get()
            if item.line is None and item.move is None:
                # Input has ended (the terminal closed): nobody can press Enter any more,
                # but a reader at a display still reads the result to its end.
                self._let_news_be_read()
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

    def _computer_to_move(self) -> int | None:
        """A computer seat the game waits for and that is not already thinking."""
        if self._finishing or self._paused:
            # The clock has run out (only the people still typing may finish), or the
            # table is paused: a computer waits like everyone else.
            return None
        for seat in sorted(self.state.awaiting):
            if not self.seats[seat].is_human and seat not in self._thinking:
                return int(seat)
        ruling = self.rules.table_must_decide(self.state)
        if ruling and not self.state.awaiting and not any(s.is_human for s in self.seats):
            return 0  # the table must decide and nobody but computers sits at it
        return None

    def _computer_reacts(self) -> bool:
        """Once after each move, every computer the game is not waiting for may act out of
        turn (challenge a word, use an ability in its window); True if one did."""
        if self._finishing or self._paused or self._reacted == self.moves_played:
            return False
        self._reacted = self.moves_played
        for seat, config in enumerate(self.seats):
            if config.is_human or seat in self.state.awaiting or seat in self._thinking:
                continue
            move = self.kit.computer.react(self.rules, self.state, seat, config.level,
                                           self._rng(seat))
            if move is not None and self.rules.may_act(self.state, seat, move):
                with contextlib.suppress(BrailleWordsError):
                    if self.play(seat, move):
                        return True
        return False

    # -- one line of input ----------------------------------------------------------------

    def handle(self, source: int, line: str, *, at: float | None = None) -> None:
        """Act on one typed or brailled line; every outcome is announced to that seat."""
        if self._trying:  # a line that runs another (a typed pick placing a tile)
            self._handle(source, line, at=at)
            return
        self._trying = clean_line(line).strip()
        try:
            self._handle(source, line, at=at)
        finally:
            self._trying = ""

    def _handle(self, source: int, line: str, *, at: float | None = None) -> None:
        seat = self._keyboard_seat() if source == KEYBOARD else source
        if seat is None:
            if source == KEYBOARD and self.teacher is not None:
                self._console(line)
            return
        out = self.outputs[seat]
        news = self.news[seat]
        out.stop_speech()  # any key stops the current speech
        if seat in self._left:
            self._left.discard(seat)
            self._tell_table("seat_back", name=self.seats[seat].name)
        group = self._group(seat)
        if group is not None and self._pending.get(group) == seat:
            asked = self._pending_since.get(group, 0.0)
            low = " ".join(clean_line(line).split()).lower()
            if not low and (at is None or at >= asked):
                self._take_over(group, seat)  # the Enter that confirms it
            elif low in QUIT_WORDS:
                self._leave(seat)
            elif low in HELP_WORDS:
                news.help(public=True)
            else:
                # Typed ahead by the last holder, or a command before Enter: nothing of the
                # new holder's may be read out yet.
                news.tell("hand_over", public=True, name=self.seats[seat].name)
            return
        words = " ".join(clean_line(line).split())
        low = words.lower()
        if not low:
            # Enter alone: "what now?" Whoever the game waits for hears what it waits for.
            if seat in self.state.awaiting and not out.muted:
                news.prompt(self.state.view_for(seat), turn=False)
            return
        if len(words) > MAX_LINE:
            self._refuse_by_key(seat, "line_too_long", length=len(words), most=MAX_LINE)
            return
        offered = self._offered.pop(seat, None)
        insist = False
        if offered is not None and parse_ballot(low) is not None:
            # "tak": the spelling offered is meant; "nie": the line as it was typed.
            words = offered[0] if parse_ballot(low) else offered[1]
            low, insist = words.lower(), True
        elif offered is not None and words == offered[1]:
            insist = True  # typed again as it was: the player means it
        if not insist and self._generic(seat, low, words):
            self._note(seat, "command", shared_command(low, CLOCK_WORDS))
            return
        if self._paused:
            key, params = self._paused_key()
            self._refuse_by_key(seat, key, **params)
            return
        awaited = seat in self.state.awaiting
        view = self.state.view_for(seat)
        try:
            move = self.kit.commands.parse(words, view)
            made = move.to_json()
            self._note(seat, "command", str(made.get("kind") or made.get("type") or ""))
        except InputError as exc:
            if awaited and not insist and self._offer_spelling(seat, words, None):
                return
            if awaited:
                self._refuse(seat, reasons_of(exc))
            else:
                self._not_your_turn(seat)
            return
        if (
            not insist
            and self.rules.may_act(self.state, seat, move)
            and self._offer_spelling(seat, words, move)
        ):
            return
        # A table move (time is up, the table's ruling) may come from any player, and a game's
        # reaction window lets other seats act out of turn.
        if not self.rules.may_act(self.state, seat, move):
            self._not_your_turn(seat)
            return
        self.play(seat, move)

    def _unsure(self, seat: int, move: M) -> bool:
        """Whether the rules would refuse ``move``, or it records a word the dictionary lacks:
        then a spelling with Polish letters is worth offering first. The rules are pure, so
        trying the move changes nothing."""
        lexicon = self.rules.lexicon
        if lexicon is not None and any(
            not lexicon.contains(w.lower()) for w in self.kit.commands.words_of(move)
        ):
            return True
        try:
            self.rules.apply(self.state, seat, move)
        except BrailleWordsError:
            return True
        return False

    def _offer_spelling(self, seat: int, words: str, move: M | None) -> bool:
        """Offer ``words`` with its Polish letters restored ("zrodlo" → ŹRÓDŁO) when that
        spelling is in the dictionary and ``move`` (what the line asks for as typed, None when
        it could not be read) would be refused or record an unknown word; the player's "tak"
        then plays it. The cheap look-up comes first: most lines restore to nothing, and
        they cost no trial of the move."""
        lexicon = self.rules.lexicon
        if lexicon is None or self.kit.word_lang != "pl":
            return False
        if move is not None and not self._unsure(seat, move):
            return False
        # A refused line whose words are all words ("nowe lany" with Ł on the rack) is
        # respelled word by word too: the first spelling the rules would play is offered.
        zipf = getattr(lexicon, "zipf", None)
        for restored in respellings(words, lexicon.contains, zipf):
            try:  # offered only if it would be played: "tak" must not meet another refusal
                tried = self.kit.commands.parse(restored, self.state.view_for(seat))
                self.rules.apply(self.state, seat, tried)
            except BrailleWordsError:
                continue
            if self._unsure(seat, tried):
                continue
            self._offered[seat] = (restored, words)
            self.news[seat].tell("did_you_mean", cue="warning", line=restored)
            return True
        return False

    def keyboard_key(self) -> None:
        """A key on the shared keyboard (the terminal's reader thread): silence at once the
        seat the keyboard types for (or the teacher), before the line is even finished; no
        other seat's speech is cut."""
        seat = self._keyboard_seat()
        if seat is not None:
            self.outputs[seat].stop_speech()
        elif self.teacher is not None:
            self.teacher.stop_speech()

    def _is_reading(self, line: str) -> bool:
        """A shared or reading command, which no game takes as a secret word."""
        low = " ".join(line.lower().split())
        if low in READING or low in VERBOSITY_WORDS or low.split(" ", 1)[0] in HELP_WORDS:
            return True
        view = self.state.view_for(0)
        return self.kit.presenter.read(low, view, "pl", "expert") is not None

    def private_entry(self, source: int = KEYBOARD) -> bool:
        """Whether what the seat types now is a secret (7 słów words before they are shown)."""
        seat = self._keyboard_seat() if source == KEYBOARD else source
        return seat is not None and self.kit.presenter.private_input(self.state.view_for(seat))

    def _not_your_turn(self, seat: int) -> None:
        names = [self.seats[s].name for s in sorted(self.state.awaiting)]
        news = self.news[seat]
        news.not_your_turn(names)
        if self._noting(seat):
            self._note(seat, "refused", self._trying, SeatNews.not_your_turn_sentence(
                news, names, self._report_lang(seat)))

    def _generic(self, seat: int, low: str, words: str) -> bool:
        """Commands every game shares. True when ``low`` was one of them."""
        out = self.outputs[seat]
        news = self.news[seat]
        if low in QUIT_WORDS:
            self._leave(seat)
            return True
        if low in STOP_WORDS:
            return True  # speech was already stopped by the key press
        if news.answer(low):  # "powtórz", "ostatni", "historia": where the news was worded
            return True
        first, _, topic = low.partition(" ")
        if low in HELP_WORDS or (first in HELP_WORDS and topic):
            news.help(topic if first in HELP_WORDS else "")
            return True
        if low in WHERE_WORDS:
            news.where(self.state.view_for(seat), self._names())
            return True
        if low in CLOCK_WORDS and self._read_clocks(seat):
            return True
        if low in BOARD_JUMPS and out.grid_jump(BOARD_JUMPS[low]):
            return True
        if low in HINT_WORDS:
            self._hint(seat)
            return True
        if low in VERBOSITY_WORDS:
            out.verbosity = VERBOSITY_WORDS[low]
            self.seats[seat].verbosity = out.verbosity
            if self.journal is not None:
                try:
                    self.journal.record_setting(seat, "verbosity", out.verbosity)
                except JournalUnwritable as exc:
                    news.tell("journal_setting_failed", cue="warning", **exc.params)
            news.tell(f"verbosity_{out.verbosity}")
            return True
        first, _, rest = low.partition(" ")
        if first in SPELL_PREFIXES:
            news.spell(rest, self.state.view_for(seat))
            return True
        if news.point(low, lambda line: self.handle(seat, line)):
            return True  # a pick alone is read below, as the game reads a tile
        view = self.state.view_for(seat)
        # Whether it is a reading command at all is asked in the game's own language (the
        # words are the same in every one); the answer is worded by the seat's SeatNews.
        if self.kit.presenter.read(low, view, self.kit.word_lang, "expert") is not None:
            news.read(low, view)
            return True
        return False

    # -- moves ----------------------------------------------------------------------------

    def play(self, seat: int, move: M, *, urgent: bool = False) -> bool:
        """Apply ``move`` for ``seat``; journal and announce it. False if the rules refuse.
        An ``urgent`` move's news (the table's time-up) comes over a half-typed line."""
        awaited = frozenset(self.state.awaiting)
        try:
            state, events = self.rules.apply(self.state, seat, move)
        except BrailleWordsError as exc:  # a RuleViolation too: every reason at once
            self._refuse(seat, reasons_of(exc))
            return False
        if self.journal is not None:
            try:
                self.journal.record(seat, move.to_json())
            except JournalUnwritable as exc:
                # Not on the disk, so not made: a move nobody can resume must not be heard.
                self._not_saved(seat, exc, stop=urgent or not self.seats[seat].is_human)
                return False
        self.state = state
        self.moves_played += 1
        made = move.to_json()
        self._note(seat, "move", str(made.get("kind") or made.get("type") or ""))
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

    def _start_finishing(self, key: Any) -> bool:
        """The clock ran out while people were typing: let them finish, if the game allows.

        The rulebook of 7 słów lets a word being written be finished after the sand has run
        out; a half-typed line thrown away felt like a lost word. The time-up move waits until
        every typing seat has sent its line, or for the game's grace seconds."""
        grace = float(getattr(self.rules, "finish_typing_seconds", 0.0) or 0.0)
        if grace <= 0 or self._finishing or self.clock is None:
            return False
        typing = frozenset(seat for seat in self.state.awaiting if self._is_typing(seat))
        if not typing:
            return False
        self._finishing = typing
        self.clock.sync(TimerRequest(("finish", key), grace, warning_at=min(5.0, grace / 2)))
        seconds = round(grace)
        for seat, news in enumerate(self.news):
            if seat in typing:
                news.tell("finish_typing", cue="warning", urgent=True, seconds=seconds)
            elif self._speaks(seat):
                names = [self.seats[s].name for s in sorted(typing)]
                news.tell("others_finishing", public=True, urgent=True, names=names,
                          seconds=seconds)
        return True

    def _is_typing(self, seat: int) -> bool:
        """Whether a person at ``seat`` has a line half typed: on their display's Braille
        keyboard, or on the terminal keyboard while it types for them."""
        if not (0 <= seat < len(self.outputs) and self.seats[seat].is_human):
            return False
        if self.news[seat].typing():
            return True
        draft = self.keyboard_draft
        return draft is not None and self._keyboard_seat() == seat and bool(draft().strip())

    def _finish_typing_done(self) -> None:
        """Every seat that was finishing has sent its line (or left it): the round closes."""
        still = frozenset(
            seat for seat in self._finishing
            if seat in self.state.awaiting and self._is_typing(seat)
        )
        if still:
            self._finishing = still
            return
        self._finishing = frozenset()
        if self.clock is not None:
            self.clock.cancel()
        time_up = self.rules.time_up(self.state)
        if time_up is not None:
            self.play(*time_up, urgent=True)

    def _typed_left_over(self, were_awaited: frozenset[int]) -> None:
        """A seat whose turn passed (time ran out, the table decided) while letters waited on
        its typing line is told that they are still there, and are not sent to the new turn
        unless it sends them."""
        for seat in were_awaited:
            if seat in self.state.awaiting or not 0 <= seat < len(self.outputs):
                continue
            self.news[seat].typed_left_over()

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
        request = self.kit.presenter.timer(self.state.view_for(0)) if self.timers else None
        if self.state.is_over:
            request = None
        before = self.clock.running
        self.clock.sync(request)
        if self.clock.running is not None and self.clock.running is not before:
            self._give_banked_time()
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
        if event is TimerEvent.WARNING:
            self.tell_everyone("time_warning", cue="warning", urgent=True, seconds=round(left))
        if event in (TimerEvent.STARTED, TimerEvent.RESTARTED, TimerEvent.WARNING) or (
            event is TimerEvent.TICK and _clock_shows(left)
        ):
            # The tactile clock: every few seconds, every second in the last ten.
            for seat, news in enumerate(self.news):
                news.clock(left, self.state.view_for(seat))
        if event is TimerEvent.TICK and request.ticking:
            for seat, out in enumerate(self.outputs):
                if self._speaks(seat):  # the hourglass is heard once at a shared speaker
                    out.cue(request.cue, public=True)

    def _table_move(self, item: Input) -> None:
        """Time ran out: apply the game's time-up move if that countdown is still the one."""
        if isinstance(item.move, tuple) and item.move and item.move[0] == "device":
            _, seat, status = item.move
            self._device(seat, status)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "seat_clock":
            self._seat_clock_out(item.move[1])
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "call":
            item.move[1]()  # work another thread hands to the table's (``call_soon``)
            return
        if isinstance(item.move, tuple) and item.move and item.move[0] == "computer":
            _, (seat, _key), move = item.move
            self._thinking.discard(seat)
            if seat in self.state.awaiting and not self._finishing and not self._paused:
                # (Paused meanwhile: it is asked again when the table goes on.)
                # (Once the sand has run out, only a word already being typed may come in.)
                # If the game moved on while it thought, it will be asked again.
                with contextlib.suppress(BrailleWordsError):
                    self._computer_play(seat, move)
            return
        if self.clock is None or self.clock.running is None or self.clock.running.key != item.move:
            return  # a stale countdown: the game moved on before it ran out
        if self._start_finishing(item.move):
            return
        self._finishing = frozenset()
        self.clock.cancel()
        time_up = self.rules.time_up(self.state)
        if time_up is not None:
            self.play(*time_up, urgent=True)

    def _rng(self, seat: int) -> random.Random:
        """The computer's dice for this move, the same on every replay. Computers writing at
        the same time (7 słów) each get their own: with one seed for all they thought for the
        same time, and the first seat was always the fastest."""
        base = self.header.seed * 1_000_003 + self.moves_played
        together = [s for s in self.state.awaiting if not self.seats[s].is_human]
        return random.Random(base * 131 + seat + 1 if len(together) > 1 else base)

    def _computer_move(self, seat: int) -> None:
        level = self.seats[seat].level
        rng = self._rng(seat)
        computer = self.kit.computer
        together = sorted(
            s for s in self.state.awaiting
            if not self.seats[s].is_human and s not in self._thinking
        )
        if not self.think and len(together) > 1:
            # No clock (a script): the one that would have thought least moves first.
            plans = {
                s: computer.plan(self.rules, self.state, s, self.seats[s].level, self._rng(s))
                for s in together
            }
            seat = min(together, key=lambda s: (plans[s].think_seconds, s))
            self._computer_play(seat, plans[seat].move)
            return
        if self.think:
            planned = computer.plan(self.rules, self.state, seat, level, rng)
            if planned.think_seconds > 0:
                # Pretend to think on a timer so people at the table can be faster.
                self._thinking.add(seat)
                thought = Input(
                    seat, None, move=("computer", (seat, self.moves_played), planned.move)
                )
                assert self.clock is not None
                self.clock.call_later(planned.think_seconds, lambda: self.inputs.put(thought))
                return
            move = planned.move
        else:
            move = computer.choose_move(self.rules, self.state, seat, level, rng)
        self._computer_play(seat, move)

    def _computer_play(self, seat: int, move: M) -> None:
        if not self.play(seat, move):
            if self._quit:
                # The disk refused the move (``_not_saved``): the table stops, everyone told;
                # resume goes on once it can.
                return
            fallback = self.kit.computer.fallback_move(self.rules, self.state, seat)
            if fallback is None or not self.play(seat, fallback):
                # A computer player must never stall the table.
                raise BrailleWordsError(
                    f"the computer player {self.seats[seat].name} has no legal move"
                )

    def _hint(self, seat: int) -> None:
        """A nudge first, the whole move when asked again in the same position: a child who
        is told the move learns less than one told what to look for."""
        out, news = self.outputs[seat], self.news[seat]
        self._note(seat, "hint")
        if self.state.is_over:
            # "możesz spasować" after the end sent a child looking for a move (issue 33).
            news.tell("no_hint_over")
            return
        move = self.kit.computer.hint(self.rules, self.state, seat)
        if move is None:
            # The game words it its way (no tiles to draw in 7 słów), else the table does.
            news.tell("no_hint", game=True)
            return
        view = self.state.view_for(seat)
        position = (self.moves_played, move.to_json())
        # Whether the game has a nudge for it (asked in the game's own language: the seat's
        # SeatNews words the hint in the seat's).
        nudge = self._nudged.get(seat) != position and bool(
            self.kit.presenter.nudge(move, self.kit.word_lang, view, out.verbosity))
        if nudge:
            self._nudged[seat] = position
        news.hint(move, view, nudge=nudge)

    # -- announcements --------------------------------------------------------------------

    def announce(self, events: Sequence[Event], *, urgent: bool = False) -> None:
        """Each event to every seat allowed to know it, once, in that seat's language;
        ``urgent`` news (time is up) comes over a half-typed line on the cells.

        Here the table decides what each seat may know (the public events and its own, its
        own view); the seat's ``SeatNews`` words and shows it."""
        names = self._names()
        left = self._clock_left()
        for seat, out in enumerate(self.outputs):
            allowed = [e for e in events
                       if e.to is None or (e.to == seat and not out.watching)]
            self.news[seat].told(
                allowed, self.state.view_for(seat), names=names, urgent=urgent,
                speaks=self._speaks(seat), mine=seat == self._mover, left=left,
                awaited=seat in self.state.awaiting, over=self.state.is_over,
            )
        teacher = self.teacher
        # The table's public news is worded for the teacher even with no console (the seats
        # share the terminal): the teacher's page reads it, as it does under a console.
        reader = teacher if teacher is not None else self._news_reader()
        words = SeatNews(reader, self.kit)
        public = " ".join(
            said for said in (words.event_text(e, TEACHER, names)
                              for e in events if e.to is None) if said
        )
        if public:
            if teacher is not None:
                teacher.announce(public)
            self._last_news = public

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
        for seat in sorted(awaiting):
            key = self.kit.presenter.prompt_key(self.state.view_for(seat))
            fresh = seat not in before or key != self._prompt_keys.get(seat)
            if seat not in before:
                self._note(seat, "turn")
            self._prompt_keys[seat] = key
            if fresh and self.seats[seat].is_human:
                self.news[seat].prompt(self.state.view_for(seat))
        self._hand_over()

    def tell_everyone(
        self,
        sentence: str | Callable[[SeatOutput], str],
        cue: str | None = None,
        *,
        urgent: bool = False,
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


def _clock_shows(left: float) -> bool:
    """Whether the tactile clock is rewritten at this beat: every five seconds, and every
    second of the last ten (a display is slow to read, and every write costs the reader)."""
    seconds = round(left)
    return seconds <= 10 or seconds % 5 == 0
