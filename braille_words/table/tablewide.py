"""The table as a whole: a teacher's controls, people leaving, the game's end for everyone,
pauses, and devices that come and go.

The terminal console and the teacher's page call ``Session.control`` (``table.control``);
each command arrives on the session's queue and is carried out here, on the game loop's
thread. Split from ``Session`` (which inherits it): it is the classroom's seam. It is past
500 lines because every teacher's control is one case of one dispatch (``_control``) beside
the state it changes; split further, a control's effect would be looked for in two places.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.kit import standings
from braille_words.present.messages import error_text, text
from braille_words.table.console import parse_console
from braille_words.table.control import (
    COMPUTER_FOR,
    TEACHER,
    Control,
    TableControl,
    replace_refusal,
)
from braille_words.table.inputs import TABLE, Input
from braille_words.table.outputs import SeatOutput
from braille_words.table.seatnews import reasons_of
from braille_words.table.session_fields import SessionFields
from braille_words.table.vocabulary import REPEAT_WORDS, clean_line


class TableWide(SessionFields):
    """News and controls for the whole table, mixed into ``Session`` (``self`` is it)."""

    @property
    def control(self) -> TableControl:
        """The teacher's remote for this table, safe to use from any thread."""
        return TableControl(lambda control: self.inputs.put(Input(TEACHER, None, move=control)))

    @property
    def terminal_is_teachers(self) -> bool:
        """People play at this table and none of them types on the terminal: it is the
        teacher's console (a classroom roster gives seats their own keys)."""
        humans = [s for s in self.seats if s.is_human]
        return bool(humans) and not any(s.keyboard == "terminal" for s in humans)

    @property
    def paused(self) -> bool:
        return bool(self._paused)

    def _device_reporter(self, seat: int) -> Callable[[str], None]:
        def report(status: str) -> None:
            self.inputs.put(Input(TABLE, None, move=("device", seat, status)))

        return report


    # -- the table as a whole: leaving, ending, pausing, the teacher ----------------------

    def _tell_table(
        self,
        key: str,
        cue: str | None = None,
        *,
        to_teacher: str | None = None,
        **params: Any,
    ) -> None:
        """News about the table itself (a pause, a seat leaving): every seat (by the
        catalogue's ``key``, worded by each seat's own ``SeatNews``) and the teacher, who is
        told in their own words (``to_teacher``) what their command did."""
        self.tell_everyone(key, cue=cue, **params)
        teacher = self.teacher
        if teacher is not None:
            teacher.announce(text(teacher.lang, to_teacher or key, teacher.verbosity, **params),
                             cue=cue)

    def _tell_others(
        self,
        seat: int,
        key: str,
        *,
        to_teacher: str | None = None,
        cue: str | None = None,
        teacher_cue: str | None = None,
        **params: Any,
    ) -> None:
        """News about one seat for the other people at the table and the teacher (told in
        their own words, ``to_teacher``); the seat itself has been told its own."""
        for other, news in enumerate(self.news):
            if other != seat and self._speaks(other) and self.seats[other].is_human:
                news.tell(key, cue=cue, public=True, **params)
        if self.teacher is not None:
            t = self.teacher
            t.announce(text(t.lang, to_teacher or key, t.verbosity, **params), cue=teacher_cue)

    def _human_groups(self) -> list[frozenset[int]]:
        """The people at the table, those at one keyboard or speaker counted together: a
        family at one terminal agrees at once."""
        humans = [seat for seat, config in enumerate(self.seats) if config.is_human]
        terminal = frozenset(s for s in humans if self.seats[s].keyboard == "terminal")
        groups: list[frozenset[int]] = []
        for seat in humans:
            number = self._group(seat)
            group = self.shared[number] if number is not None else frozenset({seat})
            if seat in terminal:
                group |= terminal
            merged = [g for g in groups if g & group]
            for g in merged:
                groups.remove(g)
                group |= g
            groups.append(group)
        return groups

    def _leave(self, seat: int) -> None:
        """A person says "wyjdź". At a teacher's table they leave their seat and the game waits
        (the teacher may give the seat to the computer); without a teacher the game ends when
        every person at the table has said it. Nobody ends a game for others alone."""
        news = self.news[seat]
        name = self.seats[seat].name
        if self.teacher is not None:
            self._left.add(seat)
            news.tell("you_left", public=True)
            self._tell_others(seat, "seat_left", to_teacher="seat_left_teacher",
                              teacher_cue="warning", name=name)
            return
        groups = self._human_groups()
        mine = next((g for g in groups if seat in g), frozenset({seat}))
        self._want_end |= mine
        waiting = [g for g in groups if not g <= self._want_end]
        if len(groups) <= 1:
            news.tell("saved_and_quit", public=True, resume=self.resume_command)
            self._quit = True
            return
        if not waiting:
            self._end_for_all("ended_by_all")
            return
        names = [self.seats[s].name for g in waiting for s in sorted(g)]
        self._tell_table("wants_to_end", name=name, names=names)

    def _end_for_all(self, key: str, *, teacher_told: bool = False) -> None:
        """The game stops at every seat, each told why (the teacher's end: with the scores
        as they stand, and that they may close); the teacher is told where it is saved,
        unless ``teacher_told`` (the end of a lesson: one sentence for every table, not
        thirty alike). A student is never told a file of the teacher's computer."""
        path = str(self.journal.path) if self.journal is not None else "?"
        try:
            scores = str(standings(self.state.result(), self._names())["scores"])
        except (BrailleWordsError, TypeError, ValueError, KeyError, IndexError):
            scores = ""
        if teacher_told:
            self.tell_everyone(key, cue="game_over", path=path, scores=scores or "—",
                               resume=self.resume_command)
        else:
            self._tell_table(key, cue="game_over", to_teacher="ended_teacher", path=path,
                             scores=scores or "—", resume=self.resume_command)
        self._quit = True

    def _pause(self, reason: str) -> None:
        self._paused.add(reason)
        if self.clock is not None:
            self.clock.pause()
        self._pause_seat_clock(True)

    def _go_on(self, reason: str | None = None) -> bool:
        """Lift one reason to wait (None: all of them, the teacher's "dalej"); True when the
        table plays again."""
        if reason is None:
            self._paused.clear()
        else:
            self._paused.discard(reason)
        if self._paused:
            return False
        if self.clock is not None:
            self.clock.go_on()
        self._pause_seat_clock(False)
        self._prompted = frozenset()  # whoever the game waits for hears it is their turn
        self._prompt()
        return True

    def _paused_key(self) -> tuple[str, dict[str, Any]]:
        """Why the table waits, as a catalogue key and its parameters."""
        displays = [int(r.split()[1]) for r in sorted(self._paused) if r.startswith("display ")]
        away = [int(r.split()[1]) for r in sorted(self._paused) if r.startswith("network ")]
        if displays and "teacher" not in self._paused and not away:
            return "paused_for_display", {"names": [self.seats[s].name for s in displays]}
        if away and "teacher" not in self._paused:
            names = [self.seats[s].name for s in sorted(set(displays) | set(away))]
            return "paused_for_seat", {"names": names}
        return "paused_refused", {}

    def _device(self, seat: int, status: str) -> None:
        """A seat's display went or came back: everyone hears it, and the game waits for it."""
        name = self.seats[seat].name
        if status == "sound_failed":
            self._alerts[seat] = status
            # The seat may hear nothing more; its display (if any) and the teacher are told.
            self.news[seat].tell("sound_failed_seat")
            if self.teacher is not None:
                t = self.teacher
                t.announce(text(t.lang, "sound_failed_teacher", t.verbosity, name=name),
                           cue="warning")
            return
        if status.startswith("network_"):
            self.network_status(seat, status)
            return
        if status in ("keyboard_lost", "keyboard_back"):
            self._keyboard(seat, status)
            return
        reason = f"display {seat}"
        if not self.seats[seat].is_human and status.startswith("display_"):
            # The computer plays the seat now: nobody waits for its display, but the
            # teacher (and the person, on their speaker) know it went, for when they are back.
            lost = status == "display_disconnected"
            if lost:
                self._alerts[seat] = "display_away"
            elif self._alerts.get(seat) == "display_away":
                del self._alerts[seat]
            if self.teacher is not None:
                t = self.teacher
                key = "display_away_teacher" if lost else "display_back_teacher"
                t.announce(text(t.lang, key, t.verbosity, name=name),
                           cue="warning" if lost else None)
            return
        if status == "display_disconnected" and reason not in self._paused:
            self._pause(reason)
            self._tell_others(seat, "display_lost_table", to_teacher="display_lost_teacher",
                              cue="warning", teacher_cue="warning", name=name)
        elif status == "display_reconnected" and reason in self._paused:
            still = bool(self._paused - {reason})
            key = "display_back_still_paused" if still else "display_back_table"
            self._tell_others(seat, key, name=name)
            if not still:
                self.news[seat].tell("going_on", public=True)
            self._go_on(reason)

    def _keyboard(self, seat: int, status: str) -> None:
        """A seat's own keyboard cannot be used (never opened, or unplugged), or works again.
        The student has been told, but a blind student cannot fix a device path or its
        permissions: the teacher is told at once, and ``stan`` (and the page's status) says it
        until the keyboard works (the teacher may give the seat to the computer meanwhile)."""
        name = self.seats[seat].name
        teacher = self.teacher
        if status == "keyboard_lost":
            if self._alerts.get(seat) == "keyboard_lost":
                return
            self._alerts[seat] = "keyboard_lost"
            key = "keyboard_lost_teacher"
        else:
            if self._alerts.get(seat) != "keyboard_lost":
                return
            del self._alerts[seat]
            key = "keyboard_back_teacher"
        if teacher is not None:
            teacher.announce(text(teacher.lang, key, teacher.verbosity, name=name),
                             cue="warning" if status == "keyboard_lost" else None)

    def wait_for_network(self, seat: int) -> None:
        """A network seat nobody has joined yet: the game waits for the student's computer."""
        self._pause(f"network {seat}")

    def network_status(self, seat: int, status: str) -> None:
        """A student's computer joined, lost its connection to the table, or is back: like a
        display unplugged, the game waits for them (unless a computer took the seat)."""
        name = self.seats[seat].name
        reason = f"network {seat}"
        if status == "network_lost":
            if reason in self._paused or not self.seats[seat].is_human or self.state.is_over:
                return
            self._pause(reason)
            self._tell_others(seat, "network_lost_table", to_teacher="network_lost_teacher",
                              cue="warning", teacher_cue="warning", name=name)
        elif reason in self._paused:
            still = bool(self._paused - {reason})
            joined = status == "network_joined"
            key = ("network_joined_waiting" if joined else "network_back_still_paused") if still \
                else ("network_joined_table" if joined else "network_back_table")
            self._tell_others(seat, key, name=name)
            news = self.news[seat]
            if not still and not joined:
                news.tell("going_on", public=True)
            if not self._go_on(reason):
                key, paused = self._paused_key()
                news.tell(key, **paused)  # the student waits for the others
        else:
            # The table did not wait (the teacher went on, or a computer played the seat):
            # the student hears their turn if it is theirs.
            self._prompted = self._prompted - {seat}
            self._prompt()
            if self.teacher is not None:
                t = self.teacher
                # The teacher gave this seat to the computer: the student is here, but only
                # "gracz" gives it back (else she watches, and the report credits the computer).
                key = "network_joined_teacher" if self.seats[seat].is_human or \
                    seat in self._away_computer else "network_joined_computer_teacher"
                t.announce(text(t.lang, key, t.verbosity, name=name))

    def _console(self, line: str) -> None:
        """A line typed at the teacher's console."""
        teacher = self.teacher
        assert teacher is not None
        teacher.stop_speech()
        words = " ".join(clean_line(line).split())
        if not words:
            self._control(Control("status"))
            return
        if words.lower() in REPEAT_WORDS:
            teacher.repeat()
            return
        try:
            control = parse_console(words, self._names())
        except InputError as exc:
            teacher.announce(error_text(exc, teacher.lang, teacher.verbosity), cue="rejected")
            return
        if control is None:
            teacher.announce(text(teacher.lang, "console_help", teacher.verbosity), cue=None)
            return
        self._control(control)

    def _control(self, control: Control) -> None:
        """The teacher's command, from the console or the teacher's page."""
        teacher = self.teacher
        action, seat = control.action, control.seat
        name = self.seats[seat].name if seat is not None else ""
        if action == "status":
            if teacher is not None:
                teacher.announce(self._table_status(teacher), cue=None)
        elif action == "pause":
            if "teacher" not in self._paused:
                self._pause("teacher")
                self._tell_table("paused_by_teacher", to_teacher="paused_teacher")
        elif action == "go_on":
            if self._paused:
                self._paused.clear()
                self._tell_table("going_on")
                self._go_on()
        elif action == "more_time" and seat is not None:
            self._more_time_for(seat, control.seconds)
        elif action == "more_time":
            if self.clock is not None and self.clock.add_time(control.seconds):
                self._tell_table("more_time", to_teacher="more_time_teacher",
                                 seconds=control.seconds)
            elif teacher is not None:
                teacher.announce(text(teacher.lang, "no_clock", teacher.verbosity))
        elif action == "skip":
            time_up = self.rules.time_up(self.state)
            if time_up is None:
                if teacher is not None:
                    teacher.announce(text(teacher.lang, "nothing_to_skip", teacher.verbosity))
                return
            try:  # refused (7 słów before the hourglass runs): no skip to tell the table of
                tried = self.rules.apply(self.state, *time_up)
            except BrailleWordsError as exc:
                if teacher is not None:
                    why = self.news[time_up[0]].refusal(reasons_of(exc), lang=teacher.lang)
                    teacher.announce(" ".join((text(teacher.lang, "nothing_to_skip",
                                                    teacher.verbosity), why)))
                return
            self._tried = (self.state, *time_up, tried)  # ``play`` takes it as it is
            names = [self.seats[s].name for s in sorted(self.state.awaiting)]
            self._tell_table("skipped", to_teacher="skipped_teacher", names=names)
            if self.clock is not None:
                self.clock.cancel()
            self.play(*time_up, by="skip")
        elif action in ("computer", "person") and seat is not None:
            kind = "computer" if action == "computer" else "human"
            config = self.seats[seat]
            if config.kind == kind:
                return
            config.kind = kind
            if kind == "computer" and control.message == "away":
                self._away_computer.add(seat)
            else:
                self._away_computer.discard(seat)
            if control.level is not None:
                config.level = control.level
            self._left.discard(seat)
            self._thinking.discard(seat)
            if self.journal is not None:
                with contextlib.suppress(BrailleWordsError):
                    self.journal.record_setting(seat, "kind", kind)
                    self.journal.record_setting(seat, "level", config.level)
                    if kind == "computer":  # whose choice: a restarted host gives back its own
                        self.journal.record_setting(seat, COMPUTER_FOR, control.message
                                                    or "teacher")
            key = "computer_takes_seat" if kind == "computer" else "person_takes_seat"
            self._tell_table(key, name=name)
            self._prompted = self._prompted - {seat}
            away = f"network {seat}"
            if kind == "computer" and away in self._paused:
                # A computer plays for a student whose computer is away: nobody waits now.
                self._go_on(away)
                return
            self._prompt()
        elif action == "say":
            targets = [seat] if seat is not None else [
                s for s, c in enumerate(self.seats) if c.is_human
            ]
            for target in targets:
                out = self.outputs[target]
                if seat is not None or self._speaks(target) or out.private_display:
                    self.news[target].tell("teacher_says", cue="warning", public=True,
                                           message=control.message)
            if teacher is not None:
                whom = name or text(teacher.lang, "everyone", teacher.verbosity)
                teacher.announce(text(teacher.lang, "said_to", teacher.verbosity, name=whom))
        elif action == "rule":
            ruling = self.rules.teacher_ruling(self.state, control.stands)
            if ruling is None:
                if teacher is not None:
                    teacher.announce(text(teacher.lang, "nothing_to_rule", teacher.verbosity))
                return
            key = "teacher_rules_stands" if control.stands else "teacher_rules_goes"
            self._tell_table(key)
            self.play(*ruling, by="ruling")
        elif action == "end":
            self._end_for_all("ended_by_teacher")
        elif action == "end_lesson":  # the teacher heard one sentence for all the tables
            self._end_for_all("ended_by_teacher", teacher_told=True)
        elif action == "undo":
            self._take_back()
        elif action == "replace" and seat is not None:
            self._replace(seat, control.message)
        elif action == "next":
            # Whoever runs the table (the command line, the host) starts the next game once
            # this one has stopped; the journal keeps this one, resumable.
            self.next_game = control.position
            self._end_for_all("next_game_by_teacher")

    def _replace(self, seat: int, name: str) -> None:
        """Another student at ``seat`` from now on: written in the journal (the report credits
        what follows to them) and the activity log (their times, hints and refusals), and
        said at the table. The name of a student at another seat swaps the two (students
        who change places between games); no name, or the seat's own, is refused."""
        new, old = " ".join(name.split()), self.seats[seat].name
        other = next((i for i, s in enumerate(self.seats)
                      if i != seat and s.name.casefold() == new.casefold()), None)
        teacher = self.teacher
        refused = replace_refusal(self.seats, self.header.seats, seat, new)
        if refused is not None:
            if teacher is not None:
                teacher.announce(text(teacher.lang, refused, teacher.verbosity,
                                      name=new or "—", seat=old), cue="rejected")
            return
        seated = {seat: self.seats[other].name if other is not None else new}
        if other is not None:
            seated[other] = old
        if self.journal is not None:
            try:
                self.journal.record_seated(seated)
            except BrailleWordsError as exc:  # not on the disk: the report would miscredit
                if teacher is not None:
                    teacher.announce(error_text(exc, teacher.lang))
                return
        for place, student in seated.items():
            self.seats[place].name = student
            self.outputs[place].name = student
            if self.activity is not None:
                self.activity.note(place, "seated", student)
        if other is None:
            self._tell_table("player_replaced", to_teacher="player_replaced_teacher",
                             old=old, name=new)
        else:
            self._tell_table("players_swapped", first=old, second=seated[seat])
        self._prompted = self._prompted - set(seated)
        self._prompt()

    def _more_time_for(self, seat: int, seconds: int) -> None:
        """More time for one seat: now, if the running clock is the one it moves against;
        else kept for its next turn (``TableControl.more_time``)."""
        teacher = self.teacher
        name = self.seats[seat].name
        clock = self.clock
        if clock is not None and clock.running is not None and seat in self.state.awaiting:
            clock.add_time(seconds)
            self._tell_table("more_time_seat", to_teacher="more_time_seat_teacher", name=name,
                             seconds=seconds)
            return
        if clock is None or clock.running is None or self.state.is_over:
            # No countdown runs now: this game (or this table) plays without a clock.
            if teacher is not None:
                teacher.announce(text(teacher.lang, "no_clock", teacher.verbosity))
            return
        self._banked[seat] = self._banked.get(seat, 0) + seconds
        if self.seats[seat].is_human:
            # By key, through the seat's own news: a student at their own computer words it
            # there.
            self.news[seat].tell("more_time_banked", seconds=self._banked[seat])
        if teacher is not None:
            teacher.announce(text(teacher.lang, "more_time_banked_teacher", teacher.verbosity,
                                  name=name, seconds=self._banked[seat]))

    def _give_banked_time(self) -> None:
        """A new countdown has started: the seats it is for get the time kept for them."""
        clock = self.clock
        for seat in sorted(self._banked):
            if seat in self.state.awaiting and clock is not None:
                seconds = self._banked.pop(seat)
                clock.add_time(seconds)
                self._tell_table("more_time_seat", to_teacher="more_time_seat_teacher",
                                 name=self.seats[seat].name, seconds=seconds)

    def _take_back(self) -> None:
        """The teacher's "cofnij ruch": the game as it was before the last move of a person
        (with the computers' replies since; at a table of computers alone, the last move),
        rebuilt from the deal and the journal's moves before it (the rules are
        deterministic), the journal told so first; every seat hears it and sees its own view
        again."""
        teacher = self.teacher
        journal = self.journal
        if journal is None or self.moves_played == 0 or self.state.is_over:
            if teacher is not None:
                teacher.announce(text(teacher.lang, "nothing_to_undo", teacher.verbosity))
            return
        from braille_words.table import journal as journal_mod

        try:
            entries = journal_mod.read(journal.path).entries
            taken = self._moves_to_take_back(entries)
            person = entries[-taken].seat if taken > 1 else None
            entries = entries[:-taken]
            names = [s.name for s in self.seats]
            position = self.header.options.get("position")
            if isinstance(position, dict):
                state, _ = self.rules.from_position(names, self.header.seed, position)
            else:
                state, _ = self.rules.new(names, self.header.seed)
            for entry in entries:
                state, _ = self.rules.apply(state, entry.seat,
                                            self.rules.move_from_json(entry.move))
            journal.record_undo(taken)  # all of them or, on a full disk, none
        except BrailleWordsError as exc:
            if teacher is not None:
                teacher.announce(error_text(exc, teacher.lang, teacher.verbosity),
                                 cue="rejected")
            return
        self.state = state
        self.moves_played = len(entries)
        self._thinking.clear()  # a computer's move planned on the position taken back
        self._offered.clear()
        if person is None:
            self._tell_table("move_taken_back")
        else:
            self._tell_table("moves_taken_back", name=self.seats[person].name)
        self.announce([])  # each seat's display shows its view as it is again
        self._prompted = frozenset()
        self._prompt()
        self._sync_clock()

    def _moves_to_take_back(self, entries: list[Any]) -> int:
        """How many of the journal's last moves "cofnij ruch" takes back: a person's last
        move and every move after it (computers' replies, a table's decisions); 1 where no
        person has moved."""
        for back, entry in enumerate(reversed(entries), start=1):
            if 0 <= entry.seat < len(self.seats) and self.seats[entry.seat].is_human:
                return back
        return 1

    def _table_status(self, out: SeatOutput) -> str:
        """Where the table stands, for the teacher: whose turn, the clock, who is away."""
        parts: list[str] = []
        awaited = [self.seats[s].name for s in sorted(self.state.awaiting)]
        parts.append(text(out.lang, "status_turn", out.verbosity, names=awaited))
        left = self.clock.remaining() if self.clock is not None else None
        if left is not None and self.clock is not None and self.clock.running is not None:
            parts.append(text(out.lang, "status_clock", out.verbosity, seconds=round(left)))
        if self._paused:
            # Said to the teacher, not as to a student ("you may read your tiles").
            key, paused = self._paused_key()
            if key == "paused_refused":
                parts.append(text(out.lang, "status_paused", out.verbosity))
            else:
                parts.append(text(out.lang, key, "expert", **paused))
        for s in sorted(self._left):
            parts.append(text(out.lang, "status_left", out.verbosity, name=self.seats[s].name))
        # Seats the teacher gave to the computer (a computer's own seat goes without saying).
        computers = [
            c.name for s, c in enumerate(self.seats)
            if not c.is_human and self.header.seats[s].get("kind", "human") == "human"
        ]
        if computers:
            parts.append(text(out.lang, "status_computers", out.verbosity, names=computers))
        for s, alert in sorted(self._alerts.items()):
            parts.append(text(out.lang, f"{alert}_teacher", out.verbosity,
                              name=self.seats[s].name))
        news = self.last_news()
        if news:
            parts.append(text(out.lang, "status_last", out.verbosity, news=news))
        return " ".join(parts)

    def seat_alerts(self, lang: str) -> dict[int, str]:
        """What the teacher must see to at each seat now (a keyboard that cannot be used, a
        display away, a seat whose sound failed), in ``lang``: the teacher's page shows the
        sentence ``stan`` says, at the seat's own place, until it is mended."""
        return {s: text(lang, f"{alert}_teacher", name=self.seats[s].name)
                for s, alert in sorted(dict(self._alerts).items())}

    def tell_teacher_resumed(self) -> None:
        """The teacher's console after ``resume``: the game is back, and where it stands
        (whose turn, the clock, who the computer plays), as ``stan`` says it."""
        teacher = self.teacher
        if teacher is None:
            return
        back = text(teacher.lang, "resumed", teacher.verbosity, moves=self.moves_played)
        teacher.announce(f"{back} {self._table_status(teacher)}", cue=None)

    def tell_resumed(self) -> None:
        """Where a resumed game stands, said at each speaker once and worded from the view of
        the seat it speaks for: seat 0's view told every seat Ola's secret letter in Alicja,
        and the theme again to the seat whose turn, said next, names it. Public: a shared
        speaker says it before anyone takes the keyboard, worded for the one of its people
        the game waits for (7 słów's cards to the one still writing), as it holds no secret."""
        resumed = self.kit.presenter.resumed
        for seat, out in enumerate(self.outputs):
            if self._speaks(seat):
                waited = sorted(self.sharing(seat) & frozenset(self.state.awaiting))
                view = self.view_of(waited[0] if waited else seat)
                out.announce(resumed(view, out.lang, out.verbosity), public=True)

    def tell_whose_turn(self) -> None:
        """The seats the game is not waiting for hear whose turn it is (after a resume: the
        seat waited for hears its own prompt)."""
        if self.state.is_over:
            return
        names = [self.seats[s].name for s in sorted(self.state.awaiting)]
        for seat, out in enumerate(self.outputs):
            # A seat the computer holds for a person is told too: the person may be back.
            person = self.header.seats[seat].get("kind", "human") == "human" \
                if seat < len(self.header.seats) else self.seats[seat].is_human
            if seat in self.state.awaiting or not person:
                continue
            if self._speaks(seat) or out.private_display:
                self.news[seat].whose_turn(names, public=True)
