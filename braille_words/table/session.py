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
from braille_words.games.base import Event, RuleViolation
from braille_words.games.interface import BaseView, GameRules, GameState, Move, TimerRequest
from braille_words.games.kit import GameKit
from braille_words.games.votes import parse_ballot
from braille_words.lexicon.diacritics import restore_line
from braille_words.present.messages import error_text, lookup, render, text
from braille_words.table.activity import ActivityLog
from braille_words.table.clock import TableClock
from braille_words.table.control import TEACHER, Control
from braille_words.table.hotseat import HotSeat
from braille_words.table.inputs import KEYBOARD as KEYBOARD
from braille_words.table.inputs import TABLE as TABLE
from braille_words.table.inputs import Input as Input
from braille_words.table.journal import Header, Journal
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.tablewide import TableWide
from braille_words.table.vocabulary import (
    HELP_ALL_WORDS,
    HELP_WORDS,
    HINT_WORDS,
    HISTORY_SHOWN,
    HISTORY_WORDS,
    LAST_WORDS,
    MAX_LINE,
    QUIT_WORDS,
    READING,
    REPEAT_WORDS,
    SPELL_PREFIXES,
    STOP_WORDS,
    VERBOSITY_WORDS,
    WHERE_WORDS,
    clean_line,
    help_example,
    help_matches,
)
from braille_words.tiles import is_number

R = TypeVar("R", bound=GameRules[Any, Any])
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M", bound=Move)


@dataclass
class Session(HotSeat, TableWide, Generic[R, S, M]):
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
    _last_move: dict[int, list[str]] = field(default_factory=dict)
    """News each seat was told since its own last move: ``ostatni`` reads all of it, so two
    computers moving one after the other are both heard again."""
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
    """The table's latest public news, for the teacher's status line."""
    _alerts: dict[int, str] = field(default_factory=dict)
    """A seat's device trouble the teacher should know of ("sound_failed"), until it is over."""
    _want_end: set[int] = field(default_factory=set)
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
        for seat, out in enumerate(self.outputs):
            out.submit = self._submitter(seat)
            out.router = self.kit.presenter.route
            out.cancel_line = self.kit.presenter.cancel_line
            out.on_device = self._device_reporter(seat)
            out.on_refused = self._refusal_noter(seat)
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

    def _refusal_noter(self, seat: int) -> Callable[[str], None]:
        def refused(sentence: str) -> None:
            self._note(seat, "refused", self._trying, sentence)

        return refused

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
        if self.on_started is not None:
            self.on_started()
        while not self._quit and not self.state.is_over:
            computer = self._computer_to_move()
            if computer is not None:
                self._computer_move(computer)
                continue
            if self._computer_reacts():
                continue
            if not self._process(self.inputs.get()):
                break
        if self.state.is_over:
            result = self._finish()
            if self.confirm_end:
                self._stay_open()
            return result
        if self._quit and self.confirm_end:
            self._let_news_be_read()
        return None

    def _let_news_be_read(self, most: float = 300.0) -> None:
        """After "wyjdź", a seat that reads without hearing still has the goodbye (where the
        game is saved) on its cells: the table stays until each such seat has read its news,
        a line is typed, or five minutes pass."""
        deadline = time.monotonic() + most
        while time.monotonic() < deadline and any(o.unread_news for o in self.outputs):
            try:
                item = self.inputs.get(timeout=0.2)
            except queue.Empty:
                continue
            if item.line is not None or item.move is None:
                return  # a line typed (or input ended): the people at the table are done

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
                out.announce(text(out.lang, "end_confirm", out.verbosity), public=True)
        while waiting and not self._quit:
            item = self.inputs.get()
            if item.line is None:
                return
            if item.move is not None:
                continue
            seat = min(waiting) if item.seat == KEYBOARD else item.seat
            if seat not in waiting:
                continue
            low = " ".join(clean_line(item.line).split()).lower()
            if not low or low in QUIT_WORDS:
                waiting.discard(seat)
            elif not self._generic(seat, low, low):
                out = self.outputs[seat]
                out.announce(text(out.lang, "end_confirm", out.verbosity))

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
        out.stop_speech()  # any key stops the current speech
        if seat in self._left:
            self._left.discard(seat)
            self._tell_table(lambda o: text(o.lang, "seat_back", o.verbosity,
                                            name=self.seats[seat].name))
        group = self._group(seat)
        if group is not None and self._pending.get(group) == seat:
            asked = self._pending_since.get(group, 0.0)
            low = " ".join(clean_line(line).split()).lower()
            if not low and (at is None or at >= asked):
                self._take_over(group, seat)  # the Enter that confirms it
            elif low in QUIT_WORDS:
                self._leave(seat)
            elif low in HELP_WORDS:
                out.announce(self._help(out), public=True)
            else:
                # Typed ahead by the last holder, or a command before Enter: nothing of the
                # new holder's may be read out yet.
                out.announce(
                    text(out.lang, "hand_over", out.verbosity, name=self.seats[seat].name),
                    public=True,
                )
            return
        words = " ".join(clean_line(line).split())
        low = words.lower()
        if not low:
            # Enter alone: "what now?" Whoever the game waits for hears what it waits for.
            if seat in self.state.awaiting and not out.muted:
                view = self.state.view_for(seat)
                out.announce(self.kit.presenter.prompt(view, out.lang, out.verbosity))
            return
        if len(words) > MAX_LINE:
            out.announce(
                text(out.lang, "line_too_long", out.verbosity, length=len(words), most=MAX_LINE),
                cue="rejected",
            )
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
            self._note(seat, "command", low.split(" ", 1)[0])
            return
        if self._paused:
            out.announce(self._paused_text(out), cue="rejected")
            return
        awaited = seat in self.state.awaiting
        view = self.state.view_for(seat)
        try:
            move = self.kit.commands.parse(words, view)
            self._note(seat, "command", str(move.to_json().get("kind", "")))
        except InputError as exc:
            if awaited and not insist and self._offer_spelling(seat, words, None):
                return
            if awaited:
                out.announce(error_text(exc, out.lang, out.verbosity), cue="rejected")
            else:
                self._not_your_turn(out)
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
            self._not_your_turn(out)
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
        restored = restore_line(words, lexicon.contains)
        if restored is None or (move is not None and not self._unsure(seat, move)):
            return False
        try:  # offered only if it would be played: "tak" must not meet another refusal
            move = self.kit.commands.parse(restored, self.state.view_for(seat))
            self.rules.apply(self.state, seat, move)
        except BrailleWordsError:
            return False
        self._offered[seat] = (restored, words)
        out = self.outputs[seat]
        out.announce(text(out.lang, "did_you_mean", out.verbosity, line=restored), cue="warning")
        return True

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

    def _not_your_turn(self, out: SeatOutput) -> None:
        """Refused out of turn, in the game's own words where it has them (7 słów waits for
        words, not for a turn at a rack)."""
        who = ", ".join(self.seats[s].name for s in sorted(self.state.awaiting))
        if lookup(out.lang, self.kit.id, "waiting_for") is not None:
            said = render(out.lang, self.kit.id, "waiting_for", {"player": who},
                          verbosity=out.verbosity)
        else:
            said = text(out.lang, "not_your_turn", out.verbosity, player=who)
        out.announce(said, cue="rejected")

    def _generic(self, seat: int, low: str, words: str) -> bool:
        """Commands every game shares. True when ``low`` was one of them."""
        out = self.outputs[seat]
        if low in QUIT_WORDS:
            self._leave(seat)
            return True
        if low in STOP_WORDS:
            return True  # speech was already stopped by the key press
        if low in REPEAT_WORDS:
            out.repeat()
            return True
        first, _, topic = low.partition(" ")
        if low in HELP_WORDS or (first in HELP_WORDS and topic):
            topic = topic if first in HELP_WORDS else ""
            items = self._help_items(out, topic) if out.short_display else None
            out.announce(self._help(out, topic), cue=None, braille_items=items)
            return True
        if low in WHERE_WORDS:
            out.announce(self._where(seat), cue=None)
            return True
        if low in LAST_WORDS:
            news = " ".join(self._last_move.get(seat, []))
            out.announce(news or text(out.lang, "no_last_move", out.verbosity))
            return True
        first_word, _, count = low.partition(" ")
        if first_word in HISTORY_WORDS and (not count or is_number(count)):
            out.announce(self._history(out, int(count) if count else HISTORY_SHOWN), cue=None)
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
                except BrailleWordsError as exc:
                    out.announce(str(exc), cue="warning")
            out.announce(text(out.lang, f"verbosity_{out.verbosity}", out.verbosity))
            return True
        first, _, rest = low.partition(" ")
        if first in SPELL_PREFIXES:
            out.announce(
                out.spell(rest or self.kit.presenter.rack_letters(self.state.view_for(seat)))
            )
            return True
        target = self.kit.presenter.typed_target(low, out.selection)
        if target is not None:
            # Typed pointing, as a routing key points: pick a tile (then read it, below), or
            # put the pick where two numbers say.
            picked, line = self.kit.presenter.route(target, out.selection)
            out.pick(picked)
            if picked != target:
                if line is not None:
                    self.handle(seat, line)
                return True
        reading = self.kit.presenter.read(low, self.state.view_for(seat), out.lang, out.verbosity)
        if reading is not None:
            out.announce(reading)
            return True
        return False

    # -- moves ----------------------------------------------------------------------------

    def play(self, seat: int, move: M, *, urgent: bool = False) -> bool:
        """Apply ``move`` for ``seat``; journal and announce it. False if the rules refuse.
        An ``urgent`` move's news (the table's time-up) comes over a half-typed line."""
        out = self.outputs[seat]
        awaited = frozenset(self.state.awaiting)
        try:
            state, events = self.rules.apply(self.state, seat, move)
        except RuleViolation as exc:
            out.announce(self._violation_text(out, exc), cue="rejected")
            return False
        except BrailleWordsError as exc:
            out.announce(error_text(exc, out.lang, out.verbosity), cue="rejected")
            return False
        if self.journal is not None:
            try:
                self.journal.record(seat, move.to_json())
            except BrailleWordsError as exc:
                # Not on the disk, so not made: a move nobody can resume must not be heard.
                self.unsaved = True
                out.announce(text(out.lang, "journal_failed", out.verbosity, reason=str(exc)),
                             cue="rejected")
                return False
        self.state = state
        self.moves_played += 1
        self._note(seat, "move", str(move.to_json().get("kind", "")))
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
        for seat, out in enumerate(self.outputs):
            if seat in typing:
                out.announce(text(out.lang, "finish_typing", out.verbosity, seconds=seconds),
                             cue="warning", urgent=True)
            elif self._speaks(seat):
                names = [self.seats[s].name for s in sorted(typing)]
                out.announce(text(out.lang, "others_finishing", out.verbosity, names=names,
                                  seconds=seconds), public=True, urgent=True)
        return True

    def _is_typing(self, seat: int) -> bool:
        """Whether a person at ``seat`` has a line half typed: on their display's Braille
        keyboard, or on the terminal keyboard while it types for them."""
        if not (0 <= seat < len(self.outputs) and self.seats[seat].is_human):
            return False
        if self.outputs[seat].typed_left_over():
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
            out = self.outputs[seat]
            typed = out.typed_left_over()
            if typed:
                out.announce(
                    text(out.lang, "typed_left_over", out.verbosity, typed=typed), urgent=True
                )

    def _status(self, view: BaseView, left: float | None = None) -> str:
        """Status cells: "*" when the game waits for this seat, then the seconds left."""
        mine = "*" if view["seat"] in view["awaiting"] else ""
        if left is None and self.clock is not None and self.clock.running is not None:
            left = self.clock.remaining()
        return mine + (str(round(left)) if left is not None else "")

    # -- the clock ------------------------------------------------------------------------

    def _sync_clock(self) -> None:
        if self.clock is None:
            return
        if self._finishing and not self.state.is_over:
            return  # the grace for a half-typed move runs on its own countdown
        request = self.kit.presenter.timer(self.state.view_for(0)) if self.timers else None
        if self.state.is_over:
            request = None
        self.clock.sync(request)
        if self._paused:
            self.clock.pause()  # a new turn's countdown waits for the table to go on
        if self.clock.running is None:
            for out in self.outputs:
                out.show_clock(None)

    def _on_timer(self, event: TimerEvent, left: float, request: TimerRequest) -> None:
        """Called on the clock's thread: sounds and warnings now, the time-up move queued."""
        if event is TimerEvent.EXPIRED:
            self.inputs.put(Input(TABLE, None, move=request.key))
            return
        if event is TimerEvent.WARNING:
            self.tell_everyone(
                lambda out: text(out.lang, "time_warning", out.verbosity, seconds=round(left)),
                cue="warning",
                urgent=True,
            )
        if event in (TimerEvent.STARTED, TimerEvent.RESTARTED, TimerEvent.WARNING) or (
            event is TimerEvent.TICK and _clock_shows(left)
        ):
            # The tactile clock: every few seconds, every second in the last ten.
            for seat, out in enumerate(self.outputs):
                out.show_clock(left)
                out.show_status(self._status(self.state.view_for(seat), left))
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
        saved_before = not self.unsaved
        if not self.play(seat, move):
            if saved_before and self.unsaved:
                # The disk refused the move: trying another would fail the same way, and a
                # computer would retry for ever. The table stops; resume goes on once it can.
                self._quit = True
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
        out = self.outputs[seat]
        self._note(seat, "hint")
        move = self.kit.computer.hint(self.rules, self.state, seat)
        if move is None:
            # The game words it its way (no tiles to draw in 7 słów), else the table does.
            out.announce(render(out.lang, self.kit.id, "no_hint", {}, verbosity=out.verbosity))
            return
        view = self.state.view_for(seat)
        position = (self.moves_played, move.to_json())
        if self._nudged.get(seat) != position:
            nudge = self.kit.presenter.nudge(move, out.lang, view, out.verbosity)
            if nudge:
                self._nudged[seat] = position
                out.announce(text(out.lang, "hint_nudge", out.verbosity, nudge=nudge))
                return
        said = self.kit.presenter.describe_move(move, out.lang, view)
        out.announce(text(out.lang, "hint", out.verbosity, move=said))

    # -- announcements --------------------------------------------------------------------

    def announce(self, events: Sequence[Event], *, urgent: bool = False) -> None:
        """Each event to every seat allowed to know it, once, in that seat's language;
        ``urgent`` news (time is up) comes over a half-typed line on the cells."""
        for seat, out in enumerate(self.outputs):
            texts = [
                (e, self._event_text(out, seat, e))
                for e in events
                if e.to is None or (e.to == seat and not out.watching)
            ]
            cues = (self.kit.presenter.cue_for(e.kind, seat, dict(e.params)) for e, _ in texts)
            cue = next((c for c in cues if c), None)
            said = " ".join(t for _, t in texts if t)
            brief = None
            if said and out.short_display and out.verbosity != "expert":
                # On a short display the cells get the terse form, numbers and words first.
                terse = (self._event_text(out, seat, e, "expert") for e, _ in texts)
                brief = " ".join(t for t in terse if t) or None
            if not said:
                pass
            elif not out.muted:
                # a seat of its own, or the confirmed holder
                out.announce(said, cue=cue, urgent=urgent, braille=brief)
                self._remember(seat, said)
            else:
                # At a shared speaker public news is said once, by whoever speaks for the
                # group; everything else waits for the keyboard, except on a Braille display
                # that is the seat's own, where announce shows it silently.
                public = " ".join(t for e, t in texts if t and e.to is None)
                voice = self._speaks(seat)
                if voice and public:
                    out.announce(public, cue=cue, public=True)
                if out.private_display and (said != public or not voice):
                    out.announce(said, braille=brief)
                self._remember(seat, said)
            view = self.state.view_for(seat)
            out.show(self._drawing(view, out.lang))
            out.show_status(self._status(view))
            if out.on_view is not None:
                out.on_view(view, seat in self.state.awaiting, self.state.is_over,
                            [e for e, _ in texts])
        teacher = self.teacher
        if teacher is not None:
            public = " ".join(
                said for said in (self._event_text(teacher, TEACHER, e)
                                  for e in events if e.to is None) if said
            )
            if public:
                teacher.announce(public)
                self._last_news = public

    def _remember(self, seat: int, said: str) -> None:
        """Keep ``said`` for the seat's ``ostatni``: its own move starts the list afresh."""
        if seat == self._mover or seat not in self._last_move:
            self._last_move[seat] = [said]
        else:
            self._last_move[seat].append(said)

    def _history(self, out: SeatOutput, count: int) -> str:
        """The last ``count`` sentences this seat was told, the newest last."""
        told = [line for line in out.said if line][-max(1, count) :]
        if not told:
            return text(out.lang, "no_history", out.verbosity)
        return " ".join(told)

    def _drawing(self, view: Any, lang: str) -> Callable[[Any], list[Any]]:
        # ``view`` is the game's own view type (V of the kit), which Session does not name.
        """The seat's Braille lines as a function of its current routing-key pick."""
        presenter = self.kit.presenter

        def draw(selection: Any) -> list[Any]:
            return list(presenter.braille_view(view, lang, selection))

        return draw

    def _event_text(
        self, out: SeatOutput, seat: int, event: Event, verbosity: str | None = None
    ) -> str:
        params = dict(event.params)
        params.update(self.kit.presenter.event_params(
            event.kind, params, seat, self._names(), out.lang
        ))
        return render(
            out.lang,
            self.kit.id,
            event.kind,
            params,
            verbosity=verbosity or out.verbosity,
            fallback=self.kit.event_template(event.kind),
        )

    def _names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _violation_text(self, out: SeatOutput, exc: RuleViolation) -> str:
        reasons = [
            render(
                out.lang,
                self.kit.id,
                r.code,
                dict(r.params),
                verbosity=out.verbosity,
                fallback=r.text,
            )
            for r in exc.reasons
        ]
        return " ".join(reasons)

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
                out = self.outputs[seat]
                view = self.state.view_for(seat)
                prompt = self.kit.presenter.prompt(view, out.lang, out.verbosity)
                brief = (self.kit.presenter.prompt(view, out.lang, "expert")
                         if out.short_display and out.verbosity != "expert" else None)
                out.announce_turn(prompt, braille=brief)
        self._hand_over()

    def tell_everyone(
        self,
        sentence: Callable[[SeatOutput], str],
        cue: str | None = None,
        *,
        urgent: bool = False,
    ) -> None:
        """Public news for the whole table, said once at each speaker however many share it."""
        for seat, out in enumerate(self.outputs):
            if self._speaks(seat):
                out.announce(sentence(out), cue=cue, public=True, urgent=urgent)

    def _help(self, out: SeatOutput, topic: str = "") -> str:
        """A short list of the commands; ``pomoc połóż`` for one of them in full, ``pomoc
        wszystko`` for everything. One 250-word block was more than a child (or a 14-cell
        display) can hold on to."""
        entries = self.kit.commands.help(out.lang)
        common = text(out.lang, "help_common", out.verbosity)
        if topic in HELP_ALL_WORDS:
            lines = [text(out.lang, "help_intro", out.verbosity)]
            lines += [f"{syntax}: {meaning}." for syntax, meaning in entries]
            return " ".join([*lines, common])
        if topic:
            found = [f"{syntax}: {meaning}." for syntax, meaning in entries
                     if help_matches(topic, syntax)]
            if found:
                return " ".join(found)
            if topic in common.lower():
                return common
            said = text(out.lang, "help_no_topic", out.verbosity, word=topic)
            return f"{said} {self._help_short(out, entries)}"
        more = text(out.lang, "help_more", out.verbosity,
                    example=help_example([syntax for syntax, _ in entries]))
        return f"{self._help_short(out, entries)} {more} {common}"

    def _help_items(self, out: SeatOutput, topic: str) -> list[str] | None:
        """Help as a list for a short display, one command a window: the commands' syntax
        (each in full with "pomoc wszystko"), then the commands every game has."""
        entries = self.kit.commands.help(out.lang)
        if topic and topic not in HELP_ALL_WORDS:
            return None  # one command asked for: its sentence as it is
        if topic:
            items = [f"{syntax}: {meaning}." for syntax, meaning in entries]
        else:
            items = [syntax for syntax, _ in entries]
            items.append(text(out.lang, "help_more", "expert",
                              example=help_example([syntax for syntax, _ in entries])))
        return [*items, text(out.lang, "help_common", "expert")]

    def _help_short(self, out: SeatOutput, entries: list[tuple[str, str]]) -> str:
        """The game's own one-sentence list, or its command examples when it has none."""
        if lookup(out.lang, self.kit.id, "help_short") is not None:
            return render(out.lang, self.kit.id, "help_short", {}, verbosity=out.verbosity)
        intro = text(out.lang, "help_intro", out.verbosity)
        return f"{intro} {'; '.join(syntax for syntax, _ in entries)}."

    def _where(self, seat: int) -> str:
        out = self.outputs[seat]
        said = str(
            self.kit.presenter.where(
                self.state.view_for(seat), out.lang, out.verbosity, self._names()
            )
        )
        line = out.current_line if out.display is not None else None
        if line is not None:
            said += " " + text(
                out.lang,
                "display_line",
                out.verbosity,
                line=text(out.lang, f"line_{line}", out.verbosity),
            )
        return said

    def _finish(self) -> dict[str, Any]:
        result: dict[str, Any] = self.state.result()
        if self.journal is not None:
            try:
                self.journal.finish(result)
            except BrailleWordsError:
                self.unsaved = True  # the scores are still read out; only the end mark is lost
        for seat, out in enumerate(self.outputs):
            if self._speaks(seat):
                out.announce(
                    self.kit.presenter.final(result, out.lang, self._names(), seat),
                    cue="game_over",
                    public=True,
                )
        return result

    def close(self) -> None:
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
