"""Several people at one speaker or one screen: hot-seat play at home.

One member of a group holds the shared devices and hears private news; when the game waits
for another member, the keyboard is handed over and confirmed with Enter before the new
holder's rack is read out. Split from ``Session`` (which inherits it) because it is a seam of
its own: a table without shared devices never uses it.
"""

from __future__ import annotations

import contextlib
import time

from braille_words.present.messages import text
from braille_words.table.session_fields import SessionFields


class HotSeat(SessionFields):
    """The hand-over of shared devices, mixed into ``Session`` (``self`` is the session)."""

    # -- people sharing a speaker or a screen ---------------------------------------------

    def _group(self, seat: int) -> int | None:
        for number, group in enumerate(self.shared):
            if seat in group:
                return number
        return None

    def _speaks(self, seat: int) -> bool:
        """Whether news for the table reaches the people at this seat's speaker through it."""
        group = self._group(seat)
        return group is None or seat == self._voice(group)

    def _keyboard_seat(self) -> int | None:
        """The seat the terminal keyboard types for: of the people it belongs to (a seat's
        ``keyboard = "terminal"``), the one the game awaits, else whoever holds the shared
        devices, else the first. None when it belongs to nobody: the teacher's console."""
        humans = [
            i for i, s in enumerate(self.seats) if s.is_human and s.keyboard == "terminal"
        ]
        if not humans:
            return None
        awaited = [s for s in sorted(self.state.awaiting) if s in humans]
        if awaited:
            return awaited[0]
        for number, group in enumerate(self.shared):
            if humans[0] in group:
                return self._voice(number)
        return humans[0]

    def sharing(self, seat: int) -> frozenset[int]:
        """The seats whose people share ``seat``'s speaker and screen, itself included."""
        group = self._group(seat)
        return frozenset({seat}) if group is None else self.shared[group]

    def at_devices(self, seat: int) -> tuple[int, bool]:
        """Of ``seat``'s group, the member the shared devices serve now, and whether that
        member is still to confirm the hand-over: until then nothing of theirs, nor of the
        last holder's, may be shown. (Read from a web page's thread: two plain look-ups.)"""
        group = self._group(seat)
        if group is None:
            return seat, False
        voice = self._voice(group)
        # Before the first hand-over nobody has taken the devices yet: all are muted.
        return voice, group in self._pending or self.outputs[voice].muted

    def remind_hand_over(self, seat: int) -> None:
        """Say again that the group shares its devices and who is to take them now: a web
        page that has just joined missed the asking (said before it was there)."""
        group = self._group(seat)
        if group is None or group not in self._pending:
            return
        want = self._pending[group]
        self._explain_sharing(group, want)
        self._ask_to_take(want, "hand_over" if want in self.state.awaiting
                          else "hand_over_idle")

    def _explain_sharing(self, group: int, want: int) -> None:
        """Who shares the devices, and that each hears their own tiles only once they take
        them: said through ``want``, the member asked to take them."""
        out = self.outputs[want]
        names = ", ".join(self.seats[s].name for s in sorted(self.shared[group]))
        out.announce(text(out.lang, "shared_devices", out.verbosity, names=names), public=True)

    def _ask_to_take(self, want: int, key: str) -> None:
        out = self.outputs[want]
        out.announce(
            text(out.lang, key, out.verbosity, name=self.seats[want].name),
            cue="your_turn",
            public=True,
        )

    def _voice(self, group: int) -> int:
        """The member who speaks for the group now: the one asked to take over, or the holder."""
        return self._pending.get(group, self._holder[group])

    def _hand_over(self) -> None:
        """When the game waits for another member of a group, ask them to take the keyboard."""
        for number, group in enumerate(self.shared):
            if self.state.is_over:
                continue
            awaited = sorted(s for s in self.state.awaiting if s in group)
            holder = self._holder[number]
            # Nobody of the group is awaited (a computer plays): the keyboard still needs
            # someone who has taken it, or "where am I" would answer nobody.
            want = awaited[0] if awaited else holder
            key = "hand_over" if awaited else "hand_over_idle"
            if self._pending.get(number) == want:
                continue
            if want == holder and not self.outputs[want].muted:
                continue
            exposed = not self.outputs[holder].muted  # its news may still be on the screen
            for seat in group:
                self.outputs[seat].mute()
            self._pending[number] = want
            self._pending_since[number] = time.monotonic()
            if exposed and self.on_hand_over is not None:
                with contextlib.suppress(OSError, ValueError):
                    self.on_hand_over()
            if not self._explained:
                self._explained = True
                self._explain_sharing(number, want)
            self._ask_to_take(want, key)

    def _take_over(self, group: int, seat: int) -> None:
        """The member asked has the keyboard: now, and only now, their own news is read."""
        del self._pending[group]
        self._holder[group] = seat
        if seat in self.state.awaiting:
            # The student's time starts now, not while the keyboard was being passed to them.
            self._note(seat, "turn")
        out = self.outputs[seat]
        out.unmute()
        view = self.view_of(seat)
        out.show(self._drawing(view, out.lang))
        out.show_status(self._status(view))
        out.announce_turn(self.kit.presenter.prompt(view, out.lang, out.verbosity))
