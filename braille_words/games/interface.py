"""The one interface between the table and a game.

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

Nothing here does I/O; the table's clock, speech and displays stay on the table's side.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from braille_words.errors import InputError

if TYPE_CHECKING:
    from braille_words.braille.lines import NamedLine
    from braille_words.games.base import Event

View = dict[str, Any]
"""What one seat may know of a state (``GameState.view_for``): JSON-shaped, so it can also be
sent to a seat over the network. Each game documents its keys beside its ``view_for``."""


class Move(Protocol):
    """A move of any game: a value that is journaled as JSON and replayed from it."""

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """A game's state as the table reads it. States are immutable values."""

    @property
    def awaiting(self) -> Collection[int]:
        """The seats the game waits for now (several at once in 7 słów's writing phase)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def view_for(self, seat: int) -> View:
        """All that ``seat`` may ever be told: nothing of another seat's rack or secret word."""
        ...

    def result(self) -> dict[str, Any]: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState)
M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class TimerRequest:
    """A countdown the game wants running now. A new ``key`` means a new countdown.

    A game chooses its clock's sound: ``cue`` names the earcon family (``"hourglass"`` ticks
    like sand, ``"teapot"`` bubbles, ``"clock"`` is a move limit) and ``beat`` how often it
    sounds, so the table never has to know which game's clock it is running.
    """

    key: Any
    seconds: float
    warning_at: float
    ticking: bool = False
    cue: str = "clock"
    beat: float = 1.0


class GameRules(ABC, Generic[S, M]):
    """Pure rules: no printing, speaking, sleeping, clock or file. A refused move raises
    ``RuleViolation`` (or ``InputError``) and leaves the state as it was."""

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

    def time_up(self, state: S) -> tuple[int, M] | None:
        """The move the table plays, and for which seat, when the game's countdown runs out;
        None when running out changes nothing."""
        return None

    def table_must_decide(self, state: S) -> bool:
        """Whether the game waits for the table as a whole (a ruling) rather than a seat: with
        nobody but computers at the table, a computer then decides."""
        return False

    def from_position(
        self, seats: Sequence[str], seed: int, position: Mapping[str, Any]
    ) -> tuple[S, list[Event]]:
        """A game set up from a teacher's position file (an exercise)."""
        raise InputError("this game cannot start from a position file")


class CommandLanguage(ABC, Generic[M]):
    """What a player types (in Polish or English), to moves and back."""

    @abstractmethod
    def parse(self, line: str, view: View) -> M:
        """The move ``line`` asks for; ``InputError`` with a sentence when it asks for none."""

    @abstractmethod
    def to_command(self, move: M, view: View, lang: str = "en") -> str:
        """A line that ``parse`` turns back into ``move``: hints are said as typeable lines."""

    @abstractmethod
    def help(self, lang: str) -> list[tuple[str, str]]:
        """(syntax, meaning) of every game command, in ``lang``."""


@dataclass(frozen=True)
class Plan(Generic[M]):
    """A computer's move and how long it pretends to think before playing it."""

    move: M
    think_seconds: float = 0.0


R = TypeVar("R", bound="GameRules[Any, Any]")


class ComputerPlayer(ABC, Generic[R, S, M]):
    """A computer seat and the hints given to people. It is handed the state because the
    table's journal replays it deterministically; it reads only what ``state.view_for(seat)``
    would show (the contract test checks its moves do not change when other racks do)."""

    levels: tuple[str, ...] = ("beginner", "medium", "strong")

    @abstractmethod
    def choose_move(
        self, rules: R, state: S, seat: int, level: str, rng: random.Random
    ) -> M: ...

    def plan(self, rules: R, state: S, seat: int, level: str, rng: random.Random) -> Plan[M]:
        """The move with its think time; games whose computer is timed override this."""
        return Plan(self.choose_move(rules, state, seat, level, rng))

    def hint(self, rules: R, state: S, seat: int) -> M | None:
        return None

    def fallback_move(self, rules: R, state: S, seat: int) -> M | None:
        """A move that is always legal, for when a chosen move was refused."""
        return None


Router = Callable[[Any, Any], tuple[Any, "str | None"]]
"""(routing target, current selection) → (new selection, command line to run or None)."""


class GamePresenter(ABC):
    """Every player-facing word, Braille line and sound of one game, from views only."""

    @abstractmethod
    def read(self, low: str, view: View, lang: str, verbosity: str) -> str | None:
        """The answer to a reading command (rack, table, scores…), or None if ``low`` is none."""

    @abstractmethod
    def prompt(self, view: View, lang: str, verbosity: str) -> str: ...

    @abstractmethod
    def where(self, view: View, lang: str, verbosity: str, names: Sequence[str]) -> str: ...

    @abstractmethod
    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        ...

    @abstractmethod
    def braille_view(self, view: View, lang: str, selection: Any = None) -> list[NamedLine]: ...

    @abstractmethod
    def rack_letters(self, view: View) -> str:
        """The letters ``literuj`` spells when given nothing to spell."""

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return None

    def event_params(
        self, kind: str, params: Mapping[str, Any], seat: int, names: Sequence[str]
    ) -> dict[str, Any]:
        """Parameters a sentence needs beyond the event's own (names, a verdict's word)."""
        return {}

    def prompt_key(self, view: View) -> Any:
        """The prompt is said again when this changes while the same seats are awaited."""
        return None

    def private_input(self, view: View) -> bool:
        """Whether what the seat types now is secret (7 słów words before all are in)."""
        return False

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        """A routing key on ``target``: the new selection and the line it sends, if any."""
        return selection, None

    def describe_move(self, move: Any, lang: str, view: View | None = None) -> str:
        """A move (a hint) said as the line a player would type."""
        return str(move.to_json())

    def timer(self, view: View) -> TimerRequest | None:
        """The countdown the game wants running now, read from the table's view."""
        return None

    def cancel_line(self, lang: str) -> str | None:
        """What the display's cancel key sends when nothing is picked or typed."""
        return None


@dataclass(frozen=True)
class GameKit(Generic[R, S, M]):
    """One game as the table sees it: typed factories, no module names."""

    id: str
    title: str
    aliases: tuple[str, ...]
    word_lang: str
    """The language of the game's words: letters are spelled, Brailled and voiced in it,
    whatever language the messages are in."""
    players: tuple[int, int]
    make_rules: Callable[[Any, Mapping[str, Any]], R]
    """(lexicon, options) → rules; options are checked with a sentence for a teacher."""
    commands: CommandLanguage[M]
    computer: ComputerPlayer[R, S, M]
    presenter: GamePresenter
    event_kinds: Mapping[str, str] = field(default_factory=dict)
    """Every event kind with its English template: the fallback and the catalogue's checklist."""
    reason_codes: Mapping[str, str] = field(default_factory=dict)
    default_players: str = "human,computer:medium"
    option_names: Mapping[str, str] = field(default_factory=dict)

    @property
    def lang(self) -> str:
        return self.word_lang

    def event_template(self, kind: str) -> str | None:
        return self.event_kinds.get(kind)


@dataclass(frozen=True)
class GameEntry:
    """A registered game before its parts are loaded: what a game list or ``--help`` needs.

    ``load`` imports the game's rules, computer and presenter on first use, so listing the
    games (or starting another one) does not pay for every game's modules.
    """

    id: str
    title: str
    aliases: tuple[str, ...]
    players: tuple[int, int]
    word_lang: str
    load: Callable[[], GameKit[Any, Any, Any]]
    default_players: str = "human,computer:medium"
