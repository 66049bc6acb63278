"""A seat's own outputs: one coordinator over the seat's parts (``table.seat``).

Everything said to a seat goes through its ``SeatOutput`` and nowhere else, which is what keeps
one student's rack off another student's display and headphones. The coordinator owns only what
is the seat's as a whole (its name, its verbosity, whether it is muted because someone else
sits at a speaker or screen it shares) and wires the parts: the news (``seat.news``: what
waits, what was read, what was said), the voice (``seat.voice``), the Braille surface
(``seat.surface``) and the input (``seat.keys``). A sentence goes to the voice and, as a line,
to the news, whose answer says where the surface goes; a key comes back from the input as
steps, carried out here in order. Typing never hides the clock or the news: while the typing
line holds letters, news waits behind it with the same mark, and urgent news (time is running
out, time is up) comes over it; the next chord brings the typing line back with its letters.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.translator import braille_setting
from braille_words.speech.speaker import for_cells
from braille_words.table.seat.boards import ViewLine
from braille_words.table.seat.keys import SILENT, Router, SeatKeys, Step
from braille_words.table.seat.names import SeatNames
from braille_words.table.seat.news import NewsQueue
from braille_words.table.seat.surface import Answer, BrailleSurface, Draw
from braille_words.table.seat.voice import Earcons, SeatVoice, Speaker, safely
from braille_words.table.seat.words import seat_words

__all__ = ["NamedGrid", "NamedLine", "Router", "SeatOutput", "ViewLine"]


class SeatOutput(SeatNames):
    """Speech, Braille, sound and transcript for one seat."""

    def __init__(self, *, name: str, lang: str, verbosity: str, speaker: Speaker | None = None,
                 display: Any | None = None, earcons: Earcons | None = None,
                 transcript: TextIO | None = None, label: str | None = None,
                 spell: Callable[[str, str], str] | None = None, hold_news: bool = False,
                 braille: str = "auto") -> None:
        self.name, self.verbosity = name, verbosity
        self._lock = threading.RLock()
        self.voice = SeatVoice(lang, speaker=speaker, earcons=earcons, transcript=transcript,
                               label=label, spell=spell)
        self.news = NewsQueue(hold_news)
        mode = braille_setting(braille)  # the seat's ``braille`` setting
        self.keys = SeatKeys(lang, mode)
        self.surface = BrailleSurface(
            lang, above=self._above, waiting=self._waiting, hidden=self._hidden, lock=self._lock,
            history=lambda step: self.news.history(step, self.current_line),
            reading_back=lambda: self.news.back > 0)
        self.surface.braille_mode = mode
        self.closed = threading.Event()
        self.submit: Callable[[str], None] | None = None
        self.on_refused: Callable[[str], None] | None = None
        """Told each sentence that refuses what the seat tried (the teacher's report)."""
        self.muted = False
        self.watching = False
        """A computer's seat shown to someone watching a game of computers: public news only
        (the watcher is nobody's player, so no seat's rack or secret word is theirs)."""
        self.private_display = False
        """Set when others share this seat's speaker but not its Braille display."""
        if display is not None:
            self.attach_display(display)

    # The surface's view of the other parts.
    def _above(self) -> list[NamedLine]:
        typed = [NamedLine("input", self.typing.line("input"))] if len(self.typing) else []
        shown = self.news.line(self.lang, self.surface.braille_mode)
        return typed + ([shown] if shown is not None else [])

    def _waiting(self, current: str | None) -> int:
        return self.news.waiting(current, typing=bool(len(self.typing)))

    def _hidden(self) -> bool:
        return self.muted and not self.private_display

    @property
    def lang(self) -> str:
        return self.voice.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.voice.lang = self.surface.lang = lang
        self.keys.relearn(lang)

    @property
    def unread_news(self) -> int:
        """Messages a seat that reads without hearing has not yet read to their end (the one
        on the message line included); 0 for a seat that hears its news."""
        with self._lock:
            return self.news.unread_count if self.display is not None else 0

    def mute(self) -> None:
        """Hold this seat's news back: someone else sits at the speaker or screen it shares."""
        with self._lock:
            self.muted = True

    def unmute(self) -> None:
        """This seat has the shared devices again: show its display as it stands now."""
        with self._lock:
            self.muted = False
            self.surface.status_text = ""
            self.surface.refresh(reset=True)

    def plug(self, *, speaker: Speaker | None, display: Any | None, earcons: Earcons | None,
             lang: str | None = None, verbosity: str | None = None,
             hold_news: bool | None = None, on_lines: Callable[[], None] | None = None) -> None:
        """Give the seat other devices, all at once: a student's own computer joining over the
        network (or leaving it). Its language and verbosity come with it."""
        with self._lock:
            self.speaker, self.earcons, self.on_lines = speaker, earcons, on_lines
            if lang is not None:
                self.lang = lang
            if verbosity is not None:
                self.verbosity = verbosity
            if hold_news is not None:
                self.hold_news = hold_news
            self.attach_display(display)

    def announce(self, sentence: str, cue: str | None = None, *, public: bool = False,
                 keep_place: bool = False, urgent: bool = False, braille: str | None = None,
                 braille_items: Sequence[str] | None = None, first: bool = False,
                 expiring: bool = False) -> None:
        """Say ``sentence`` once on every channel this seat has (``braille``, when given, is
        what the cells show instead: the terse form, on a short display).

        A muted seat says nothing, unless the sentence is ``public`` (anyone at the shared
        speaker may hear it, such as whose turn it is now); a muted seat whose Braille display
        is its own still shows it there, where nobody else reads. With ``keep_place`` the
        sentence goes to the message line but the display stays on the line being read; an
        ``urgent`` one (the clock) is shown at once, over the typing line too. A ``first``
        one (the seat's turn) goes before older news still waiting to be read; an
        ``expiring`` one (a time warning) is dropped unread once time is up.
        """
        if not sentence:
            return
        with self._lock:  # muting happens on the table's thread, a display reads on its own
            aloud = public or not self.muted
            if not aloud and not (self.private_display and self.display is not None):
                return
            if cue == "rejected" and self.on_refused is not None:
                self.on_refused(sentence)
            self.news.record(sentence, braille or sentence, public)
            if aloud:
                if cue is not None:
                    self.voice.cue(cue)
                self.voice.speak(sentence)
            if self.display is None:
                return
            shown = for_cells(braille or sentence)
            line = self.surface.message(shown, braille_items)
            if line is None:
                return
            self.news.remember(shown)
            self.surface.apply(self.news.post(
                line, keep_place=keep_place, urgent=urgent,
                current=self.current_line, typing=bool(len(self.typing)), first=first,
                at=self.surface.place, expiring=sentence if expiring else ""))

    def _say(self, sentence: str | None) -> None:
        """Speak (and write to the transcript) without touching the display: news about the
        display itself, such as the square under the cursor."""
        if sentence and not self.muted:
            self.news.record(sentence, self.news.last_shown, False)
            self.voice.speak(sentence)

    def cue(self, name: str, *, public: bool = False) -> None:
        """A sound alone (a tick of the hourglass); ``public`` sounds even at a muted seat."""
        if public or not self.muted:
            self.voice.cue(name)

    def announce_turn(self, sentence: str, braille: str | None = None, *,
                      timed: bool = True) -> None:
        """The "your turn" announcement, with its own sound so it is heard over chatter.
        A ``timed`` turn (a countdown waits for it) goes before a reader's news still
        waiting, so the clock stands still for one message at most; an untimed one comes in
        its order, after the moves that led to it (read first, "your turn" before the
        computer's move showed a table the reader could not yet explain)."""
        with self._lock:
            news = self.news
            news.posted = None
            # Either way the table's clock, if any, waits until the turn has reached the
            # cells (``prompt_delivered``).
            self.announce(sentence, cue="your_turn", braille=braille, first=timed)
            news.turn, news.turn_said = news.posted, sentence
            news.turn_shown = news.turn is not None and news.message is news.turn

    @property
    def prompt_delivered(self) -> bool:
        """Whether the seat's last "your turn" has reached it: on the cells of a seat that
        reads without hearing, said to the end by a seat that hears (its speech is no longer
        busy). The table's clock starts only then (issue 39: a seat not yet told it is its
        turn has not had its time)."""
        with self._lock:
            if self.display is not None and self.news.hold:
                return self.news.delivered
        return self.muted or self.voice.said()

    def answering(self, on: bool) -> None:
        """The seat's own question is being answered (``gdzie``, ``stojak``, a hint): its
        answer comes to the cells before older news waiting there."""
        with self._lock:
            self.news.answering = on

    def _skip_to_now(self) -> bool:
        """The "bottom" key on the message line while news waits behind it: skip to now.
        The news waiting is passed over (``historia`` still has it): how many were skipped
        comes to the cells, and the newest after it (issue 39). False: nothing waited."""
        if self.current_line != "message" or not self.news.count:
            return False
        from braille_words.present.messages import text

        skipped = self.news.skip()
        terse = text(self.lang, "news_skipped", "expert", count=skipped)
        self.announce(text(self.lang, "news_skipped", self.verbosity, count=skipped),
                      urgent=True, braille=terse if self.short_display else None)
        return True

    def skip_to_now(self) -> bool:
        """Typed ``historia teraz``: the bottom key's skip to now, from whichever line the
        reader is on (the message line comes back first). False: no news waited."""
        with self._lock:
            if self.display is None or not self.news.count:
                return False
            if self.current_line != "message":
                self.surface.jump_to("message")
            return self._skip_to_now()

    def withdraw_turn(self, shown_too: bool = True) -> None:
        """Time ran out on the seat's turn while its "your turn" still waits unread on the
        cells: it leaves the queue (``NewsQueue.withdraw_turn``); without ``shown_too``
        only if it has not reached the cells yet."""
        with self._lock:
            self.surface.apply(self.news.withdraw_turn(shown_too))

    def repeat(self) -> None:
        """The last sentence again: said, and brought back to the cells from its start."""
        with self._lock:
            news = self.news
            if news.last and (news.last_public or not self.muted):
                news.said.append(news.last)
                self.voice.speak(news.last)
                line = self.surface.message(for_cells(news.last_shown or news.last))
                if self.display is not None and line is not None:
                    self.surface.apply(news.again(line))

    def show(self, lines: Sequence[ViewLine] | Draw) -> None:
        """Replace the game lines of this seat's display (the latest message stays first).

        Given a function of the current pick (a routing-key selection), the lines are drawn
        again whenever the pick changes, so a picked tile shows as picked. A board
        (``NamedGrid``) keeps the cursor this seat had on the board of the same name.
        """
        with self._lock:
            if callable(lines):
                self.selection = None  # the game moved: a pick from before means nothing now
            self.surface.show(lines, self.selection)

    def pick(self, selection: Any) -> None:
        """A pick made by typing (``płytka 3``), shown as a routing key's pick is."""
        with self._lock:
            if self.keys.pick(selection):
                self.surface.redraw(selection)

    def grid_jump(self, name: str) -> bool:
        """Next word or anchor on the board, said where; False when no board is shown."""
        with self._lock:
            return self._answer(self.surface.grid_jump(name))

    def on_display_status(self, status: str) -> None:
        """Where the display's own news goes (unplugged, back): the table, which tells every
        seat and waits; a seat alone says it itself."""
        from braille_words.present.messages import text

        self.announce(text(self.lang, status, self.verbosity))
        if self.on_device is not None:
            self.on_device(status)

    def on_display_command(self, command: Any) -> None:
        """A key pressed on this seat's display (called on the display's reader thread)."""
        name: str = command.name
        with self._lock:
            if name not in SILENT:
                self.stop_speech()
            if name == "bottom" and self._skip_to_now():
                return
            for read in (self.news.flash_key, self.news.read_key):
                done, show = read(name, self.current_line, self.surface.window)
                self.surface.apply(show)
                if done:
                    return
            self._carry_out(self.keys.press(name, command.arg))

    def route_target(self, target: Any) -> None:
        """What a routing key over ``target`` does (pick, place, read), without a display:
        a button of the student's web page pressed, which a screen reader's own routing keys
        press too. On a board, the seat's cursor moves to the square first."""
        with self._lock:
            self.surface.route_target(target)
            self._carry_out(self.keys.routed(target))

    def _carry_out(self, steps: list[Step]) -> None:
        """Do what the keys asked for, in order (under the lock): the surface's steps on the
        surface, the rest here."""
        for step in steps:
            kind, arg = step.kind, step.arg
            if self._answer(self.surface.answer(step, self.selection)):
                continue
            if kind == "route":
                hit = self.surface.route(arg)
                if hit is not None:
                    self._carry_out(self.keys.routed(hit.target))
            elif kind == "send" and self.submit is not None:
                self.submit(arg)
            elif kind in ("words", "catalogue", "refused"):
                from braille_words.present.messages import text

                said = (seat_words(self.lang, arg) if kind == "words" else arg
                        if kind == "refused" else text(self.lang, arg, self.verbosity))
                self.announce(said, cue="rejected" if kind == "refused" else None,
                              keep_place=step.keep_place)
            elif kind in ("edge", "cue"):
                self.voice.cue(arg or "edge")
            elif kind == "keep_place":
                self.news.keep_place += 1
            elif kind == "hush":
                self.stop_speech()

    def _answer(self, answer: Answer | None) -> bool:
        """Say what the surface answered (False: it was not the surface's to answer)."""
        if answer is None:
            return False
        if answer.edge:
            self.voice.cue("edge")
        if answer.said and answer.shown:
            self.announce(answer.said, keep_place=True)
        else:
            self._say(answer.said)
        return True

    def close(self) -> None:
        self.closed.set()  # a display still being looked for stops looking
        self.surface.blank()
        for part in (self.speaker, self.display, self.earcons):
            close = getattr(part, "close", None)
            if close is not None:
                safely(close)
