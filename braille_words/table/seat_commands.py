"""A seat's line of input at the table: what a person typed or brailled, acted on.

Every line goes through ``handle``: a hand-over waiting for its Enter, the commands every game
shares (help, where, repeat, hints, verbosity, spelling, the board keys typed), a typed pick,
a reading command, and last the game's own command language; a word typed without its Polish
letters is offered back with them. Every outcome is a sentence for that seat alone. Split from
``Session`` (which inherits it): the turn loop plays moves, this reads what people ask for.
"""

from __future__ import annotations

from typing import Any

from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.votes import parse_ballot
from braille_words.lexicon.diacritics import respellings
from braille_words.table.inputs import KEYBOARD
from braille_words.table.journal import JournalUnwritable
from braille_words.table.seat_clock import CLOCK_WORDS
from braille_words.table.seatnews import SeatNews, reasons_of
from braille_words.table.session_fields import SessionFields
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


class SeatCommands(SessionFields):
    """Each seat's typed lines, mixed into ``Session`` (``self`` is the session)."""

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
        news.key_pressed()  # any key stops the current speech
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
                news.prompt(self.view_of(seat), turn=False)
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
        if not insist and self._answered(seat, low, words):
            self._note(seat, "command", shared_command(low, CLOCK_WORDS))
            return
        if self._paused:
            key, params = self._paused_key()
            self._refuse_by_key(seat, key, **params)
            return
        awaited = seat in self.state.awaiting
        view = self.view_of(seat)
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

    def _unsure(self, seat: int, move: Any) -> bool:
        """Whether the rules would refuse ``move``, or it records a word the dictionary lacks:
        then a spelling with Polish letters is worth offering first. The rules are pure, so
        trying the move changes nothing."""
        lexicon = self.rules.lexicon
        if lexicon is not None and any(
            not lexicon.contains(w.lower()) for w in self.kit.commands.words_of(move)
        ):
            return True
        try:
            tried = self.rules.apply(self.state, seat, move)
        except BrailleWordsError:
            return True
        self._tried = (self.state, seat, move, tried)  # ``play`` takes it as it is
        return False

    def _offer_spelling(self, seat: int, words: str, move: Any | None) -> bool:
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
                tried = self.kit.commands.parse(restored, self.view_of(seat))
                self.rules.apply(self.state, seat, tried)
            except BrailleWordsError:
                continue
            if self._unsure(seat, tried):
                continue
            self._offered[seat] = (restored, words)
            note = self.kit.presenter.offer_note(self.view_of(seat), restored,
                                                 self.outputs[seat].lang)
            self.news[seat].tell("did_you_mean", cue="warning", line=restored,
                                 note=f" {note}" if note else "")
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

    def keyboard_pan(self, name: str) -> None:
        """Left or Right on the shared keyboard (``pan_left``, ``pan_right``): the console
        display's thumb keys, for the seat the keyboard types for. ``--display console:14``
        showed each message's first window only: nothing panned it."""
        from braille_words.displays.console import ConsoleDisplay
        from braille_words.displays.events import DisplayCommand

        seat = self._keyboard_seat()
        if seat is not None and isinstance(self.outputs[seat].display, ConsoleDisplay):
            self.outputs[seat].on_display_command(DisplayCommand(name, None))

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
        return seat is not None and self.kit.presenter.private_input(self.view_of(seat))

    def _not_your_turn(self, seat: int) -> None:
        news = self.news[seat]
        if self.state.is_over:
            # After the end a line that was no reading command heard "Now playing: ." (and
            # Alicja's " is speaking now"): nobody plays; the scores are what is left to read.
            news.tell("no_hint_over")
            return
        names = [self.seats[s].name for s in sorted(self.state.awaiting)]
        news.not_your_turn(names)
        if self._noting(seat):
            self._note(seat, "refused", self._trying, SeatNews.not_your_turn_sentence(
                news, names, self._report_lang(seat)))

    def _answered(self, seat: int, low: str, words: str) -> bool:
        """A command every game shares, answered at once: the answer to the seat's own
        question (``gdzie``, ``stojak``, a hint) comes to its cells before older news still
        waiting there (issue 39), which waits to be read after it."""
        out = self.outputs[seat]
        out.answering(True)
        try:
            return self._generic(seat, low, words)
        finally:
            out.answering(False)

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
            news.where(self.view_of(seat), self._names())
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
            news.spell(rest, self.view_of(seat))
            return True
        if news.point(low, lambda line: self.handle(seat, line)):
            return True  # a pick alone is read below, as the game reads a tile
        view = self.view_of(seat)
        # Whether it is a reading command at all is asked in the game's own language (the
        # words are the same in every one); the answer is worded by the seat's SeatNews.
        if self.kit.presenter.reads(low, view, self.kit.word_lang):
            news.read(low, view)
            return True
        return False

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
            news.tell("no_hint", game=True,
                      **self.kit.presenter.no_hint_params(self.view_of(seat), out.lang))
            return
        view = self.view_of(seat)
        # Asked again for the same move, the player hears it whole, whatever others did in
        # between: in 7 słów the computer wrote between a child's two asks, and the nudge
        # came again instead of the word it had promised.
        position = move.to_json()
        # Whether the game has a nudge for it (asked in the game's own language: the seat's
        # SeatNews words the hint in the seat's).
        nudge = self._nudged.get(seat) != position and bool(
            self.kit.presenter.nudge(move, self.kit.word_lang, view, out.verbosity))
        if nudge:
            self._nudged[seat] = position
        news.hint(move, view, nudge=nudge)
