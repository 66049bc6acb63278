"""The one interface between the table and a game: its pure half (rules, states, moves).

The table (seats, turn loop, journal, clock, announcements) knows a game only through what is
declared here, the way python-chess knows a variant through its board class: a game is a folder
under ``games/`` whose ``__init__`` builds a ``GameKit`` of typed parts, and adding a game is
adding that folder and one line to ``games/registry.py``. mypy follows every call the table
makes into a game, and ``tests/games/test_contract.py`` runs the same checks over every
registered game.

The parts:

- ``GameRules``: pure rules (a new deal, a move applied to a state, moves to and from JSON, what
  the table does when time is up, exercises from a position file).
- ``GameState``: what a seat may know (``view_for``), whom the game waits for, the result.
- ``CommandLanguage``: typed lines to moves and moves back to typeable lines, with help.
- ``ComputerPlayer``: a move for a computer seat, a hint for a person.
- ``GamePresenter``: every sentence, Braille line and sound cue of the game; the optional hooks
  have defaults, so a simple game writes only what it needs.

Nothing here does I/O; the table's clock, speech and displays stay on the table's side. The
other half, the parts that talk to people (commands, computer, presenter, the kit), is
``games/kit.py``: rules modules import only this one, which import-linter holds.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypedDict

from typing_extensions import TypeVar

from braille_words.errors import InputError

if TYPE_CHECKING:
    from braille_words.games.base import Event

class BaseView(TypedDict):
    """The keys every game's view has, and all the table itself reads of one.

    A game's view is a ``TypedDict`` that extends this one with the game's own keys (its
    ``view.py``), so mypy checks every key its presenter, commands and computer read. Views
    are JSON-shaped, so one can be sent to a seat over the network as it is.
    """

    game: str
    seat: int
    seats: list[str]
    awaiting: list[int]


View = dict[str, Any]
"""An untyped view: what a game without its own view type gives (the default of ``V``)."""

V = TypeVar("V", bound=BaseView, default=Any)
"""A game's view type: what one seat may know of a state (``GameState.view_for``)."""

V_co = TypeVar("V_co", bound=BaseView, default=Any, covariant=True)


class Move(Protocol):
    """A move of any game: a value that is journaled as JSON and replayed from it."""

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol[V_co]):
    """A game's state as the table reads it. States are immutable values."""

    @property
    def awaiting(self) -> Collection[int]:
        """The seats the game waits for now (several at once in 7 słów's writing phase)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def view_for(self, seat: int) -> V_co:
        """All that ``seat`` may ever be told: nothing of another seat's rack or secret word."""
        ...

    def result(self) -> dict[str, Any]: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound="GameState[Any]")
M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class TimerRequest:
    """A countdown the game wants running now. A new ``key`` means a new countdown.

    A game chooses its clock's sound, so the table never has to know which game's clock it is
    running: ``ticking`` clocks sound every ``beat`` seconds, ``cue`` names the sound (the
    hourglass's ``"tick"``; ``"teapot"`` plays the teapot's tune, a note a beat).
    """

    key: Any
    seconds: float
    warning_at: float
    ticking: bool = False
    cue: str = "tick"
    beat: float = 1.0


@dataclass(frozen=True)
class SeatClockRequest:
    """A chess clock per seat, as a game with a game clock asks for it (Scrabble karty's
    ``clock_minutes``): each seat starts with ``seconds`` for the whole game, and only the
    ``running`` seat's time runs (None: nobody's, e.g. while rivals judge a move). Seats in
    ``out`` have already been told their time ran out. The table runs it, says
    ``warnings`` (seconds left) to the seat, and plays ``GameRules.clock_out`` when a seat's
    time is gone."""

    seconds: float
    running: int | None
    out: frozenset[int] = frozenset()
    warnings: tuple[float, ...] = (300.0, 60.0, 10.0)


class GameRules(ABC, Generic[S, M]):
    """Pure rules: no printing, speaking, sleeping, clock or file. A refused move raises
    ``RuleViolation`` (or ``InputError``) and leaves the state as it was."""

    lexicon: Any = None
    """The game's word list (``contains(word)``), which the table also asks when it offers a
    word typed without its Polish letters back to the player."""

    finish_typing_seconds: float = 0.0
    """How long a player whose move is half typed when the game's clock runs out may go on
    typing it (7 słów: a word being written may be finished after the sand has run out). The
    table holds the time-up move back that long, or until the typing seats have sent their
    lines; 0 plays it at once."""

    table_moves: tuple[type, ...] = ()
    """Moves the table itself makes (time is up, the table's ruling): any seat may send them,
    though the game does not wait for that seat."""

    @abstractmethod
    def new(self, seats: Sequence[str], seed: int) -> tuple[S, list[Event]]: ...

    @abstractmethod
    def apply(self, state: S, seat: int, move: M) -> tuple[S, list[Event]]: ...

    @abstractmethod
    def move_from_json(self, data: Mapping[str, Any]) -> M: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def hidden_variant(self, state: S, seat: int, rng: random.Random) -> S:
        """A state that differs from ``state`` only in what ``seat`` may not know (other
        racks, the order of the bag, words not yet revealed), for the contract test: the seat's
        view, and its computer player's move, must be the same in both."""

    def is_table_move(self, move: M) -> bool:
        return isinstance(move, self.table_moves)

    def may_act(self, state: S, seat: int, move: M) -> bool:
        """Whether ``seat`` may try ``move`` now. By default the seats the game waits for,
        and anyone for a table move; a game with a reaction window (a conditional card played
        against a rival's move, a ruling on a word) widens it for the seats the window is open
        to. The rules still judge the move; this only decides who is heard."""
        return seat in state.awaiting or self.is_table_move(move)

    def time_up(self, state: S) -> tuple[int, M] | None:
        """The move the table plays, and for which seat, when the game's countdown runs out;
        None when running out changes nothing."""
        return None

    def clock_out(self, state: S, seat: int) -> tuple[int, M] | None:
        """The move the table plays, and for which seat, when ``seat``'s game clock (a
        ``SeatClockRequest``) runs out; None when that changes nothing."""
        return None

    def teacher_ruling(self, state: S, stands: bool) -> tuple[int, M] | None:
        """The move a teacher's ruling makes now (``stands``: the disputed word stands), and
        for which seat; None when nothing waits for a ruling. The teacher's console and page
        call it through the table's controls."""
        return None

    def table_must_decide(self, state: S) -> bool:
        """Whether the game waits for the table as a whole (a ruling) rather than a seat: with
        nobody but computers at the table, a computer then decides."""
        return False

    def from_position(
        self, seats: Sequence[str], seed: int, position: Mapping[str, Any]
    ) -> tuple[S, list[Event]]:
        """A game set up from a teacher's position file (an exercise)."""
        raise InputError.coded("position_unsupported")
