"""What a teacher may do to a running table, whatever face they use.

The terminal console of a classroom at one computer and the teacher's web page call the same
``TableControl``: one set of commands, two faces. Each call only puts a ``Control`` on the
session's input queue, so it is safe from any thread (the page's server, the keyboard's
reader) and is carried out by the game loop between moves, journaled and announced there
like a move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from braille_words.table.seats import SeatConfig
    from braille_words.table.session import AnySession

TEACHER = -3
"""Queue source for the teacher (the console or the teacher's page)."""

ACTIONS = (
    "pause",
    "go_on",
    "more_time",
    "skip",
    "computer",
    "person",
    "say",
    "end",
    "end_lesson",
    "status",
    "rule",
    "next",
    "undo",
    "replace",
)


@dataclass(frozen=True)
class Control:
    """One teacher's command. ``seat`` is 0-based; None means the whole table."""

    action: str
    seat: int | None = None
    seconds: int = 0
    message: str = ""
    level: str | None = None
    stands: bool = True
    """For "rule": whether the disputed word stands."""
    position: str = ""
    """For "next": the position file the next game starts from (an exercise); "" deals
    afresh."""

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise ValueError(f"unknown table control {self.action!r}")


def computers_own_seat(seats: Sequence[SeatConfig], dealt: Sequence[Mapping[str, Any]],
                       seat: int) -> bool:
    """Whether ``seat`` is the computer's own (dealt to it, and played by it now): no student
    sits there, so neither ``zamiana`` nor the page's "Posadź" offers to seat one."""
    kind = dealt[seat].get("kind", "human") if 0 <= seat < len(dealt) else "human"
    return not seats[seat].is_human and kind == "computer"


def replace_refusal(seats: Sequence[SeatConfig], dealt: Sequence[Mapping[str, Any]],
                    seat: int, name: str) -> str | None:
    """Why ``zamiana`` cannot put ``name`` at ``seat`` (a key the console's catalogue and the
    teacher's page both word), or None. ``dealt``: the seats as the game was dealt (the
    journal's header). The computer's own seat has no student to replace and nothing a
    student could play it with (no display, no voice, no join code): putting a name there
    made the computer play under the student's name, and the report credit the student
    with the computer's score. A computer's name as the new student would swap a student
    onto that seat. A student's seat the computer holds for a while (``komputer Ola``)
    takes a new student: ``gracz`` gives it to them."""
    new = " ".join(name.split())
    if not new or new == seats[seat].name:
        return "replace_refused"
    if computers_own_seat(seats, dealt, seat):
        return "replace_computer_seat"
    if any(i != seat and not s.is_human and s.name.casefold() == new.casefold()
           for i, s in enumerate(seats)):
        return "replace_with_computer"
    return None


COMPUTER_FOR = "computer_for"
"""The seat setting that says why the computer holds a seat: "away" (the host gave it while
the student's computer was gone) or "teacher"."""

MORE_TIME_SECONDS = 60
"""What "more time" gives when the teacher names no number: a minute, as a person would."""


class TableControl:
    """The table's remote: each method asks the game loop to do one thing."""

    def __init__(self, put: Callable[[Control], None]) -> None:
        self._put = put

    def pause(self) -> None:
        """Clocks and hourglass stop; nobody may move (everyone may still read)."""
        self._put(Control("pause"))

    def go_on(self) -> None:
        self._put(Control("go_on"))

    def more_time(self, seconds: int = MORE_TIME_SECONDS, seat: int | None = None) -> None:
        """More time on the running clock (the turn's limit, the hourglass, the teapot).

        For one ``seat``: on the running clock if the game is waiting for that seat (a clock
        all seats share, as 7 słów's hourglass, then runs longer for all of them); otherwise
        the time is kept for that seat's next turn and added when its clock starts, once —
        what a teacher means by "more time for Ola" while someone else is moving. While no
        countdown runs at all (a game or table without clocks) nothing is kept, and the
        teacher is told so."""
        self._put(Control("more_time", seat=seat, seconds=seconds))

    def skip(self) -> None:
        """The seat (or seats) the game waits for lose this turn, as if their time ran out."""
        self._put(Control("skip"))

    def computer_plays(self, seat: int, level: str | None = None, *, away: bool = False) -> None:
        """``away``: the host gives the seat of a student whose computer dropped off (and
        gives it back when it returns, after a restart too); else the teacher's choice."""
        self._put(Control("computer", seat=seat, level=level, message="away" if away else ""))

    def person_plays(self, seat: int) -> None:
        """The person is back: the computer gives the seat back to them."""
        self._put(Control("person", seat=seat))

    def replace(self, seat: int, name: str) -> None:
        """Another student sits at ``seat`` from now on (``name``): the game goes on, and the
        report credits each move to whoever made it (the journal says who sat there when)."""
        self._put(Control("replace", seat=seat, message=name))

    def say(self, message: str, seat: int | None = None) -> None:
        """A sentence spoken and brailled at one seat, or at every seat."""
        self._put(Control("say", seat=seat, message=message))

    def rule(self, stands: bool) -> None:
        """Settle a disputed word (a challenge, a theme vote) at once: it stands, or not."""
        self._put(Control("rule", stands=stands))

    def next_game(self, position: str = "") -> None:
        """This game ends (saved, as by ``end_game``) and the next starts at the same seats:
        from the position file ``position`` (an exercise), or a fresh deal."""
        self._put(Control("next", position=position))

    def take_back(self) -> None:
        """The last move of a person is taken back, with every computer's reply since: the
        game is as it was before it, for every seat and in the journal (a resume finds it
        so). Taking back only a computer's reply would let the computer play the same reply
        at once; the teacher wants the student to try again. At a table of computers alone,
        the last move."""
        self._put(Control("undo"))

    def end_game(self, *, lesson: bool = False) -> None:
        """The game stops for every seat; it is saved and can be resumed. At the end of a
        ``lesson`` the teacher hears one sentence for every table (``end_lesson``'s caller
        says it), not each table's own."""
        self._put(Control("end_lesson" if lesson else "end"))

    def status(self) -> None:
        """The teacher hears (and reads) where the table stands."""
        self._put(Control("status"))


def end_lesson(sessions: Iterable[AnySession]) -> tuple[int, str]:
    """The end of a lesson, one action for every table (the host's console, the teacher's
    page): each game still playing ends as by "koniec" (saved, its students told they may
    close). How many were ended, and the command that brings them back next lesson."""
    ended, resume = 0, ""
    for session in sessions:
        if session.playing:
            session.control.end_game(lesson=True)
            ended += 1
            resume = resume or session.resume_command
    return ended, resume
