"""Rummikub Słowny (Braille edition): the rules, the state and the moves.

The turn in progress lives in the state (a working copy of the table and the rack, plus the
steps taken), because a blind player builds a turn in many small steps and a crash or a
journal replay must resume in the middle of one. Step moves change only the working copy and
may pass through arrangements that are not words yet; ``EndTurn`` checks the whole arrangement
against the turn's start and names every problem at once. The state is immutable (tuples all
the way down), so a rejected move cannot leave a half-changed state behind.

Values the rulebook leaves to us (and the tile set) are in ``data.toml`` beside it, read by
``settings.py`` when first needed (never on import); a table may pass its own ``Settings``.

Public entry points: ``GAME_ID``, ``Options``, ``Rules`` (``new``, ``apply``; for the table also
``check_turn`` — what ``EndTurn`` would say now, to warn before the player ends — and
``timeout_move`` — the move to apply when the move limit runs out), ``State``, the move
classes, ``move_from_json``, ``EVENT_KINDS``, ``REASON_CODES``, ``make_set``
and ``arranged_state`` (a position set up by hand, for lessons and tests).

Numbering in moves is 0-based (the command language shows players 1-based numbers). A word a
listener holds on to keeps its number: words made by a ``Rebuild`` take the places of the words
taken apart, in order, and only extra words go to the end (``_place_made_words``).

The thematic variant (``Options.theme``): a turn that passes every other check is not
committed at once; every other seat votes (``CastVote``) and the turn stands unless more seats
reject it than accept it. A rejected turn is taken back and counts as a pass (the player draws).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, ClassVar, Protocol, cast

from braille_words.errors import InputError
from braille_words.games.base import Event, Reason, ReasonCodes, RuleViolation
from braille_words.games.frozen import replaced
from braille_words.games.interface import GameRules
from braille_words.games.options import check_options, choices, options_json
from braille_words.games.view_parts import ByIdentity
from braille_words.games.votes import TableVote
from braille_words.games.word_rummikub.settings import (
    Settings,
    default_settings,
    make_set,
)
from braille_words.games.word_rummikub.solver import solve
from braille_words.games.word_rummikub.steps import Step, Workbench
from braille_words.games.word_rummikub.view import OptionsView, RackTile, ResultView, RummikubView
from braille_words.tiles import Tile, alphabet

GAME_ID = "word_rummikub"

TILE_POINTS = 1
"""What one tile is worth: "Wszystkie litery, w tym również Jokery, są warte jeden punkt" (the
rulebook); a word scores its length times this."""


class WordList(Protocol):
    """All the rules need from a lexicon."""

    def contains(self, word: str) -> bool: ...


# --------------------------------------------------------------------------- options


def _ours(name: str) -> Any:
    """An option's default from our data file, read when Options are made, not on import."""
    return field(default_factory=lambda: getattr(default_settings(), name))



@dataclass(frozen=True)
class Options:
    """The variants and the teacher's settings for one game.

    ``previous_starter`` is the seat that began the previous game at this table: the next game
    starts with the seat on its left (the next in play order) instead of a draw.
    ``move_limit_seconds`` 0 means no limit; the table enforces it and then applies
    ``TimeUp``. ``theme`` switches on the thematic variant (see the module docstring).
    """

    lang: str = field(default="pl", metadata=choices("pl", "en"))
    previous_starter: int | None = None
    theme: str | None = None
    move_limit_seconds: int = _ours("move_limit_seconds")
    joker_penalty: int = _ours("joker_penalty")
    first_word_min: int = _ours("first_word_min")
    word_min: int = _ours("word_min")
    rack_size: int = _ours("rack_size")
    deal: int = _ours("deal")
    first_lay_down_many_words: bool = _ours("first_lay_down_many_words")
    pass_round_needs_empty_bank: bool = _ours("pass_round_needs_empty_bank")
    vote_seconds: int = _ours("vote_seconds")

    def to_json(self) -> OptionsView:
        return cast(OptionsView, options_json(self))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Options:
        # A teacher's typo ("sixty") must stop the game before it starts, not crash the
        # clock at the first turn (and again at every resume).
        return check_options(cls, "Rummikub", data)


# --------------------------------------------------------------------------- table pieces


@dataclass(frozen=True)
class Cell:
    """A tile on the table and the letter it shows (a joker: the letter it stands for)."""

    tile: Tile
    letter: str

    def to_json(self) -> list[object]:
        return [self.tile.id, self.tile.letter, self.letter]

    @staticmethod
    def from_json(data: Any) -> Cell:
        if not isinstance(data, list) or len(data) != 3 or not isinstance(data[2], str):
            raise InputError(f"not a table tile: {data!r}")
        return Cell(Tile.from_json(data[:2]), data[2])


Word = tuple[Cell, ...]
Table = tuple[Word, ...]


def _rack_view(tiles: tuple[Tile, ...]) -> list[RackTile]:
    return [(t.id, t.letter) for t in tiles]


_RACK_VIEWS = ByIdentity(_rack_view)
"""A rack's part of a view, made once per rack: a move leaves the other seats' racks as
they were (the very tuples), and their views hold the very same part again."""
_OPTIONS_VIEWS = ByIdentity(Options.to_json)
"""The options' part of every view, made once per game (``Options`` is frozen)."""


def _table_view(table: Table) -> list[dict[str, Any]]:
    return [{"text": word_text(w), "tiles": [(c.tile.id, c.letter, c.tile.is_joker) for c in w]}
            for w in table]


_TABLE_VIEWS = ByIdentity(_table_view)
"""The table's part of every view, made once per table: a draw or a pass leaves the table
as it was (the very tuple), and the next views hold the very same part, which a network
seat's view then sends as unchanged without comparing it word by word (``view_delta``)."""


def word_text(word: Sequence[Cell]) -> str:
    return "".join(c.letter for c in word)


def _table_json(table: Table) -> list[list[list[object]]]:
    return [[c.to_json() for c in w] for w in table]


def _table_from(data: Any) -> Table:
    return tuple(tuple(Cell.from_json(c) for c in w) for w in data)


def _tiles_json(tiles: Sequence[Tile]) -> list[list[object]]:
    return [t.to_json() for t in tiles]


def _tiles_from(data: Any) -> tuple[Tile, ...]:
    return tuple(Tile.from_json(t) for t in data)


@dataclass(frozen=True)
class Snapshot:
    """The working arrangement before one step, for ``Undo``."""

    table: Table
    rack: tuple[Tile, ...]
    loose: tuple[Tile, ...]
    freed: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "table": _table_json(self.table),
            "rack": _tiles_json(self.rack),
            "loose": _tiles_json(self.loose),
            "freed": list(self.freed),
        }

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Snapshot:
        return Snapshot(
            _table_from(d["table"]), _tiles_from(d["rack"]), _tiles_from(d["loose"]),
            tuple(int(x) for x in d["freed"]),
        )


@dataclass(frozen=True)
class Turn:
    """The turn in progress: the working table and rack, jokers taken off the table and
    waiting to be placed again (``loose``), which jokers were freed this turn (they may show a
    new letter), and the steps to undo."""

    table: Table
    rack: tuple[Tile, ...]
    loose: tuple[Tile, ...] = ()
    freed: tuple[int, ...] = ()
    history: tuple[Snapshot, ...] = ()

    def snapshot(self) -> Snapshot:
        return Snapshot(self.table, self.rack, self.loose, self.freed)

    def to_json(self) -> dict[str, Any]:
        d = self.snapshot().to_json()
        d["history"] = [s.to_json() for s in self.history]
        return d

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Turn:
        s = Snapshot.from_json(d)
        return Turn(
            s.table, s.rack, s.loose, s.freed,
            tuple(Snapshot.from_json(h) for h in d["history"]),
        )


Vote = TableVote
"""The thematic game's vote on a turn: the table's shared vote (``games/votes.py``)."""


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class State:
    """Everything about one game. Immutable: every move builds a new one."""

    options: Options
    seats: tuple[str, ...]
    bank: tuple[Tile, ...]
    racks: tuple[tuple[Tile, ...], ...]
    table: Table
    scores: tuple[int, ...]
    laid_down: tuple[bool, ...]
    current: int
    starter: int
    turn: Turn
    passes: int = 0
    turns_played: int = 0
    vote: Vote | None = None
    over: bool = False
    end_reason: str | None = None
    penalties: tuple[int, ...] = field(default_factory=tuple)
    words_scored: tuple[int, ...] = ()
    """Per seat, the turns that scored a word; with ``doubled`` and ``longest`` what the end
    says the points came from (issue 33: "Gracz 91" alone left a child wondering). Empty in a
    save from before they were kept: read through ``tally``."""
    doubled: tuple[int, ...] = ()
    """Per seat, the points added by doubling a turn that emptied the rack."""
    longest: tuple[str, ...] = ()
    """Per seat, the longest word they scored for ("" before any)."""

    # ---- the game contract

    @cached_property
    def awaiting(self) -> frozenset[int]:
        # Made once per state: the table asks it of every seat at every move.
        if self.over:
            return frozenset()
        if self.vote is not None:
            return self.vote.awaiting
        return frozenset({self.current})

    @property
    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any]:
        return dict(self.outcome())

    def tally(self, seat: int) -> tuple[int, int, str]:
        """``seat``'s scoring turns, points from doubling and longest word (0, 0, "" in a
        save from before they were kept)."""
        def at(values: tuple[Any, ...], empty: Any) -> Any:
            return values[seat] if seat < len(values) else empty
        return at(self.words_scored, 0), at(self.doubled, 0), at(self.longest, "")

    def outcome(self) -> ResultView:
        """Scores, penalties, winners and why the game ended, and where each score came from
        (the turns that scored, the doubling, the longest word)."""
        best = max(self.scores)
        tallies = [self.tally(s) for s in range(len(self.seats))]
        return {
            "scores": list(self.scores),
            "penalties": list(self.penalties) or [0] * len(self.seats),
            "words_scored": [t[0] for t in tallies],
            "doubled": [t[1] for t in tallies],
            "longest": [t[2].upper() for t in tallies],
            "winners": [s for s, v in enumerate(self.scores) if v == best] if self.over else [],
            "reason": self.end_reason,
        }

    def rack_of(self, seat: int) -> tuple[Tile, ...]:
        """The rack as it stands now (the working rack for the seat whose turn it is)."""
        return self.turn.rack if seat == self.current and not self.over else self.racks[seat]

    @property
    def turn_changed(self) -> bool:
        """True when the turn in progress differs from the turn's start."""
        t = self.turn
        return bool(t.loose) or t.table != self.table or t.rack != self.racks[self.current]

    def view_for(self, seat: int) -> RummikubView:
        """All and only what ``seat`` may know: its own rack, the (working) table, sizes."""
        public = self._public_view
        return {
            "game": GAME_ID,
            "seat": seat,
            "seats": public["seats"],
            "current": self.current,
            "starter": self.starter,
            "awaiting": public["awaiting"],
            "table": public["table"],
            "rack": _RACK_VIEWS(self.rack_of(seat)),
            "loose": public["loose"],
            "rack_sizes": public["rack_sizes"],
            "bank": len(self.bank),
            "tile_points": TILE_POINTS,
            "scores": public["scores"],
            "laid_down": public["laid_down"],
            "turn_changed": public["turn_changed"],
            "can_undo": bool(self.turn.history),
            "turns_played": self.turns_played,
            "vote": public["vote"],
            "over": self.over,
            "result": public["result"],
            "options": public["options"],
        }

    @cached_property
    def _public_view(self) -> dict[str, Any]:
        """The parts of a view that are the same for every seat, made once per state (a
        move is announced to every seat, each with its own view) and shared by those views,
        which are read-only. Nothing in it is any one seat's own."""
        return {
            "seats": list(self.seats),
            "awaiting": sorted(self.awaiting),
            "table": _TABLE_VIEWS(self.turn.table),
            "loose": _RACK_VIEWS(self.turn.loose),
            "rack_sizes": [len(self.rack_of(s)) for s in range(len(self.seats))],
            "scores": list(self.scores),
            "laid_down": list(self.laid_down),
            "turn_changed": self.turn_changed,
            "vote": self.vote.to_json() if self.vote else None,
            "result": self.outcome() if self.over else None,
            "options": _OPTIONS_VIEWS(self.options),
        }

    # ---- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "options": self.options.to_json(),
            "seats": list(self.seats),
            "bank": _tiles_json(self.bank),
            "racks": [_tiles_json(r) for r in self.racks],
            "table": _table_json(self.table),
            "scores": list(self.scores),
            "laid_down": list(self.laid_down),
            "current": self.current,
            "starter": self.starter,
            "turn": self.turn.to_json(),
            "passes": self.passes,
            "turns_played": self.turns_played,
            "vote": self.vote.to_json() if self.vote else None,
            "over": self.over,
            "end_reason": self.end_reason,
            "penalties": list(self.penalties),
            "words_scored": list(self.words_scored),
            "doubled": list(self.doubled),
            "longest": list(self.longest),
        }

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> State:
        try:
            if d.get("game") != GAME_ID:
                raise InputError("this save is not a Rummikub Słowny game")
            return State(
                options=Options.from_json(d["options"]),
                seats=tuple(str(s) for s in d["seats"]),
                bank=_tiles_from(d["bank"]),
                racks=tuple(_tiles_from(r) for r in d["racks"]),
                table=_table_from(d["table"]),
                scores=tuple(int(x) for x in d["scores"]),
                laid_down=tuple(bool(x) for x in d["laid_down"]),
                current=int(d["current"]),
                starter=int(d["starter"]),
                turn=Turn.from_json(d["turn"]),
                passes=int(d["passes"]),
                turns_played=int(d["turns_played"]),
                vote=TableVote.from_json(d["vote"], len(d["seats"])) if d["vote"] else None,
                over=bool(d["over"]),
                end_reason=d["end_reason"],
                penalties=tuple(int(x) for x in d["penalties"]),
                words_scored=tuple(int(x) for x in d.get("words_scored", ())),
                doubled=tuple(int(x) for x in d.get("doubled", ())),
                longest=tuple(str(x) for x in d.get("longest", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"the Rummikub save is damaged: {exc}") from None

    def all_tiles(self) -> list[int]:
        """Ids of every tile where the turn in progress has them (for the no-loss invariant)."""
        ids = [t.id for t in self.bank]
        for s, rack in enumerate(self.racks):
            if s != self.current or self.over:
                ids += [t.id for t in rack]
        if not self.over:
            ids += [t.id for t in self.turn.rack] + [t.id for t in self.turn.loose]
            ids += [c.tile.id for w in self.turn.table for c in w]
        else:
            ids += [c.tile.id for w in self.table for c in w]
        return ids


def _map_tiles(state: State, change: Callable[[Tile], Tile]) -> State:
    """``state`` with every tile passed through ``change`` wherever it lies."""

    def tiles(row: Sequence[Tile]) -> tuple[Tile, ...]:
        return tuple(change(t) for t in row)

    def table(t: Table) -> Table:
        return tuple(tuple(Cell(change(c.tile), c.letter) for c in w) for w in t)

    def snap(s: Snapshot) -> Snapshot:
        return Snapshot(table(s.table), tiles(s.rack), tiles(s.loose), s.freed)

    turn = state.turn
    return replaced(
        state,
        bank=tiles(state.bank),
        racks=tuple(tiles(r) for r in state.racks),
        table=table(state.table),
        turn=Turn(
            table(turn.table), tiles(turn.rack), tiles(turn.loose), turn.freed,
            tuple(snap(h) for h in turn.history),
        ),
    )


def arranged_state(
    racks: Sequence[str],
    table: Sequence[str] = (),
    laid_down: Sequence[bool] | None = None,
    current: int = 0,
    bank: str | None = None,
    options: Options | None = None,
    settings: Settings | None = None,
) -> State:
    """A game set up in the middle, for puzzles, lessons and tests.

    Racks and table words are spelled out ('?' a joker on a rack; on the table '?x' is a joker
    showing x); the tiles come from the real set so ids stay unique. ``bank=None`` puts every
    other tile in the bank (in set order); a string puts just those letters there and leaves
    the rest out of the game.
    """
    pool = make_set(settings)

    def take(letter: str | None) -> Tile:
        for k, t in enumerate(pool):
            if t.letter == letter:
                return pool.pop(k)
        raise InputError.coded("position_no_tile", "word_rummikub", letter=_shown(letter))

    rack_tiles = tuple(tuple(take(None if ch == "?" else ch) for ch in r) for r in racks)
    words = []
    for text in table:
        if not text:
            raise InputError("a word on the table needs at least one letter")
        cells = []
        i = 0
        while i < len(text):
            if text[i] == "?":
                shows = text[i + 1] if i + 1 < len(text) else "?"
                if shows == "?" or not shows.isalpha():
                    raise InputError(
                        f"a joker on the table needs the letter it shows ('?a'), in {text!r}"
                    )
                cells.append(Cell(take(None), shows))
                i += 2
            else:
                cells.append(Cell(take(text[i]), text[i]))
                i += 1
        words.append(tuple(cells))
    bank_tiles = tuple(pool) if bank is None else tuple(take(c) for c in bank)
    n = len(racks)
    return State(
        options=options or Options(),
        seats=tuple(f"P{i + 1}" for i in range(n)),
        bank=bank_tiles,
        racks=rack_tiles,
        table=tuple(words),
        scores=(0,) * n,
        laid_down=tuple(laid_down) if laid_down is not None else (True,) * n,
        current=current,
        starter=0,
        turn=Turn(tuple(words), rack_tiles[current]),
        penalties=(0,) * n,
    )


# --------------------------------------------------------------------------- moves


class _MoveBase:
    """What every move shares: a journal name and the JSON form the journal stores."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d


@dataclass(frozen=True)
class Place(_MoveBase):
    """Put a rack tile (or a loose joker) into word ``word`` before ``position`` (0-based);
    ``word == len(table)`` starts a new word. A joker needs ``letter``."""

    tile: int
    word: int
    position: int
    letter: str | None = None
    kind: ClassVar[str] = "place"


@dataclass(frozen=True)
class NewWord(_MoveBase):
    """Lay rack tiles (by id, in order) as a new word; ``jokers`` are the letters the jokers
    among them stand for, in order."""

    tiles: tuple[int, ...]
    jokers: str = ""
    kind: ClassVar[str] = "new_word"


@dataclass(frozen=True)
class Split(_MoveBase):
    """Cut word ``word`` before ``position`` into two words."""

    word: int
    position: int
    kind: ClassVar[str] = "split"


@dataclass(frozen=True)
class MoveTile(_MoveBase):
    """Move the tile at word ``from_word`` position ``from_position`` into word ``to_word``
    before ``to_position`` (``to_word == len(table)`` starts a new word)."""

    from_word: int
    from_position: int
    to_word: int
    to_position: int
    kind: ClassVar[str] = "move_tile"


@dataclass(frozen=True)
class TakeBack(_MoveBase):
    """Take a tile you laid this turn back to your rack."""

    word: int
    position: int
    kind: ClassVar[str] = "take_back"


@dataclass(frozen=True)
class SwapJoker(_MoveBase):
    """Put a real tile showing the joker's letter in its place: rack tile ``tile``, or the table
    tile at ``from_word``/``from_position``. The joker must then be placed again this turn."""

    word: int
    position: int
    tile: int | None = None
    from_word: int | None = None
    from_position: int | None = None
    kind: ClassVar[str] = "swap_joker"


@dataclass(frozen=True)
class Rebuild(_MoveBase):
    """Declarative move: take table words ``take`` (0-based) and rack letters ``rack`` ('?' for a
    joker; ``None``: whatever the words need) and make the words ``make``. It replaces those words
    in the working arrangement (the made words go at the end of the table); with ``end`` it
    also ends the turn, all or nothing."""

    take: tuple[int, ...]
    rack: str | None
    make: tuple[str, ...]
    end: bool = False
    kind: ClassVar[str] = "rebuild"


@dataclass(frozen=True)
class Undo(_MoveBase):
    kind: ClassVar[str] = "undo"


@dataclass(frozen=True)
class ResetTurn(_MoveBase):
    kind: ClassVar[str] = "reset"


@dataclass(frozen=True)
class EndTurn(_MoveBase):
    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Draw(_MoveBase):
    """Draw one tile and pass (only when nothing was laid this turn)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class TimeUp(_MoveBase):
    """The move limit ran out: the turn is taken back and the player draws and passes."""

    kind: ClassVar[str] = "time_up"


@dataclass(frozen=True)
class CastVote(_MoveBase):
    """Thematic variant: accept or reject the turn waiting for a vote."""

    accept: bool
    kind: ClassVar[str] = "vote"


@dataclass(frozen=True)
class CloseVote(_MoveBase):
    """Thematic variant: count the ballots cast so far; whoever has not voted abstains.

    A player who is away from the table must not hold the game up: the table's clock closes
    the vote after ``vote_seconds``, and without a clock any other player may close it.
    """

    kind: ClassVar[str] = "close_vote"


TABLE_MOVES: tuple[type, ...] = (CloseVote,)
"""Moves any seat may make, whoever the game waits for."""

STEPS: dict[type, Step] = {
    Place: Workbench.place,
    NewWord: Workbench.new_word,
    Split: Workbench.split,
    MoveTile: Workbench.move_tile,
    TakeBack: Workbench.take_back,
    SwapJoker: Workbench.swap_joker,
}
"""The steps of a turn, by the move that asks for them."""


Move = (
    Place | NewWord | Split | MoveTile | TakeBack | SwapJoker | Rebuild | Undo | ResetTurn
    | EndTurn | Draw | TimeUp | CastVote | CloseVote
)
_MOVE_TYPES: dict[str, type[Any]] = {
    c.kind: c
    for c in (
        Place, NewWord, Split, MoveTile, TakeBack, SwapJoker, Rebuild, Undo, ResetTurn,
        EndTurn, Draw, TimeUp, CastVote, CloseVote,
    )
}


def move_from_json(d: Mapping[str, Any]) -> Move:
    """The move stored by ``to_json`` (the journal's replay)."""
    try:
        cls = _MOVE_TYPES[d["type"]]
        kwargs = {
            f.name: tuple(d[f.name]) if isinstance(d[f.name], list) else d[f.name]
            for f in fields(cls)
            if f.name in d
        }
        move: Move = cls(**kwargs)
    except (KeyError, TypeError) as exc:
        raise InputError(f"not a Rummikub move: {d!r} ({exc})") from None
    return move


# --------------------------------------------------------------------------- catalogues

EVENT_KINDS: dict[str, str] = {
    "game_started": "A game of Rummikub Słowny for {players} players begins.",
    "starter_draw": "{name} drew {letter} to decide who starts.",
    "starter_tie": "A tie between {names}: they draw again.",
    "starter_chosen": "{name} starts.",
    "rack_dealt": "Your tiles: {letters}.",
    "turn_started": "{name}'s turn.",
    "tile_placed": "{name} put {letter} into word {word} at position {position}.",
    "word_started": "{name} laid {letters} as word {word}.",
    "word_split": "{name} split word {word} into {left} and {right}.",
    "tile_moved": "{name} moved {letter} from word {from_word} to word {to_word}.",
    "tile_taken_back": "{name} took {letter} back from word {word}.",
    "joker_swapped": "{name} put {letter} in place of the joker in word {word}; "
    "the joker must be placed again.",
    "table_rebuilt": "{name} laid {count:plural:a new word|new words}: {words}.",  # rack alone
    "words_rebuilt": "{name} takes {taken} from the table, adds {added} and makes {words}.",
    "words_rearranged": "{name} rearranges {taken} into {words}.",
    "step_undone": "{name} undid a step.",
    "turn_reset": "{name} took the turn back to its start.",
    "turn_ended": "{name} scored {points} for {word}.",
    "rack_emptied": "{name} laid every tile: the points are doubled.",
    "tiles_drawn": "{name} drew {count} tile(s).",
    "tiles_received": "You drew {letters}.",
    "passed": "{name} passed.",
    "bank_emptied": "The bank is empty: from now on, drawing passes.",
    "time_up": "{name}'s time is up.",
    "vote_opened": "Does {words} fit the theme {theme}? Vote yes or no.",
    "vote_cast": "{name} voted.",
    "vote_result": "The table {accepted:select:True=accepts|*=rejects} the turn of {name}.",
    "vote_closed": "The vote is closed; {missing} did not vote.",
    "joker_penalty": "{name} loses {points} for jokers left on the rack.",
    "game_over": "The game is over. Winners: {winners}.",
}

REASON_CODES = ReasonCodes({
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "vote_pending": "The table is voting on a word; vote accept or reject.",
    "no_vote": "There is nothing to vote on.",
    "own_vote": "The table votes on your word: the others close the vote.",
    "no_such_tile": "That tile is not on your rack.",
    "no_such_word": "There is no word {word} on the table.",
    "word_named_twice": "Word {word} is named twice.",
    "no_such_position": "Word {word} has no position {position}.",
    "joker_needs_letter": "Say which letter the joker stands for.",
    "not_a_letter": "{letter} is not a letter.",
    "foreign_letters": "{word} has {letters}, which no tile shows.",
    "empty_word": "Name at least one tile for the new word.",
    "duplicate_tile": "The same tile is named twice.",
    "split_edge": "Word {word} can only be split between two of its letters.",
    "not_your_tile": "Only tiles you laid this turn go back to your rack.",
    "joker_before_first": "You may take a joker off the table only after your first lay-down.",
    "not_a_joker": "Position {position} of word {word} is not a joker.",
    "swap_wrong_letter": "The joker stands for {letter}; put a {letter} in its place.",
    "swap_needs_source": "Name the tile that goes in place of the joker.",
    "nothing_to_undo": "There is no step to undo.",
    "reset_first": "You have changed the table this turn: reset the turn, then draw.",
    "joker_loose": "The joker taken off the table must be placed again this turn.",
    "no_own_tile": "Lay at least one tile of your own, or draw a tile to pass.",
    "word_too_short": "Word {word} ({text}) is shorter than {min} letters.",
    "not_a_word": "Word {word} ({text}) is not in the dictionary.",
    "word_repeated": "{text} is already on the table; a word may not be laid twice.",
    "joker_relettered": "A joker on the table keeps its letter unless you swap it out.",
    "joker_not_replaced": "The joker in word {word} shows {letter}: to free it, put a real "
    "{letter} in the words you make.",
    "first_table_changed": "In your first lay-down the words on the table stay as they are.",
    "first_word_too_short": "Your first lay-down needs a word of at least {min} letters.",
    "first_one_word": "Your first lay-down is one word.",
    "rack_lacks": "Your rack does not hold: {letters}.",
    "letters_missing": "You still need the letters {letters}.",
    "table_left_over": "The letters {letters} of word {word} are left over.",
    "rack_left_over": "The letters {letters} named from your rack are left over.",
    "joker_left_over": "{count} joker(s) would be left over.",
})


def _reason(code: str, text: str, /, **params: Any) -> Reason:
    return Reason(code, text, params)


def _violation(code: str, text: str, /, **params: Any) -> RuleViolation:
    return RuleViolation([_reason(code, text, **params)])


def _shown(letter: str | None) -> str:
    return "joker" if letter is None else letter.upper()


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class TurnCheck:
    """What ``EndTurn`` would do with the arrangement as it stands."""

    reasons: tuple[Reason, ...]
    points: int = 0
    word: str = ""
    doubled: bool = False
    changed: tuple[str, ...] = ()


def _place_made_words(
    table: Table, take: Sequence[int], made: Sequence[Word]
) -> tuple[Table, list[int], int]:
    """Put the words a rebuild made where the words it took apart stood.

    A listener follows the table by word numbers ("słowo 3"), so every word the rebuild did not
    touch keeps its number: the first word made takes the place of the first word taken, the
    second of the second, and only words beyond that go to the end. When fewer words are made
    than taken, the places left over close up and the words after them move down: the number
    of the first word that moved (1-based, 0 when none did) is returned so it can be said.
    Returns the new table, the 1-based number of each word made, and that number.
    """
    slots = sorted(take)
    words: list[Word | None] = list(table)
    for slot, word in zip(slots, made, strict=False):
        words[slot] = word
    for slot in slots[len(made):]:
        words[slot] = None
    extra = list(made[len(slots):])
    closed = slots[len(made):]
    kept = [w for w in words if w is not None]
    new_table = tuple(kept) + tuple(extra)
    # The places closed up all lie after the places filled, so a filled place keeps its number.
    numbers = [slot + 1 for slot in slots[: len(made)]]
    numbers += [len(kept) + k + 1 for k in range(len(extra))]
    moved = closed and any(i > closed[0] and i not in closed for i in range(len(table)))
    return new_table, numbers, closed[0] + 1 if moved else 0


class Rules(GameRules["State", "Move"]):
    """Rummikub Słowny. ``lexicon`` decides which words exist (no abbreviations, foreign or
    hyphenated words are in it); ``options`` the variant and the teacher's values."""

    def __init__(
        self, lexicon: WordList, options: Options | None = None, settings: Settings | None = None
    ) -> None:
        self.lexicon = lexicon
        self.options = options or Options()
        self.settings = settings if settings is not None else default_settings()
        # The words are spelled in the tiles' language; the older ``lang`` option still
        # asks for English words over the Polish box.
        lang = self.options.lang if self.options.lang != "pl" else self.settings.lang
        self.alphabet = alphabet(lang)

    # ---- set-up

    def new(self, seats: Sequence[str], seed: int) -> tuple[State, list[Event]]:
        """Draw for the starter (or rotate from ``previous_starter``), shuffle, deal 14 each."""
        n = len(seats)
        if not 2 <= n <= 4:
            raise InputError(f"Rummikub Słowny is for 2 to 4 players, not {n}")
        rng = random.Random(seed)
        tiles = make_set(self.settings)
        events = [Event("game_started", {"players": n, "seats": list(seats)})]
        prev = self.options.previous_starter
        if prev is not None:
            starter = (prev + 1) % n
        else:
            starter = self._draw_for_start(seats, tiles, rng, events)
        events.append(Event("starter_chosen", {"seat": starter, "name": seats[starter]}))
        bank = list(tiles)
        rng.shuffle(bank)
        racks: list[tuple[Tile, ...]] = [() for _ in seats]
        deal = self.options.deal
        for k in range(n):
            seat = (starter + k) % n
            racks[seat], bank = tuple(bank[:deal]), bank[deal:]
        for seat in range(n):
            events.append(
                Event(
                    "rack_dealt",
                    {"seat": seat, "letters": [_shown(t.letter) for t in racks[seat]]},
                    to=seat,
                )
            )
        state = State(
            options=self.options,
            seats=tuple(seats),
            bank=tuple(bank),
            racks=tuple(racks),
            table=(),
            scores=(0,) * n,
            laid_down=(False,) * n,
            current=starter,
            starter=starter,
            turn=Turn((), racks[starter]),
            penalties=(0,) * n,
        )
        events.append(Event("turn_started", {"seat": starter, "name": seats[starter]}))
        return state, events

    def _draw_for_start(
        self, seats: Sequence[str], tiles: Sequence[Tile], rng: random.Random,
        events: list[Event],
    ) -> int:
        """Each contender draws a tile; closest to A starts; the tied draw again.

        A joker is no letter, so it counts as farthest from A."""
        contenders = list(range(len(seats)))
        far = len(self.alphabet)
        while True:
            order = list(tiles)
            rng.shuffle(order)
            ranks: dict[int, int] = {}
            for k, seat in enumerate(contenders):
                t = order[k]
                ranks[seat] = far if t.letter is None else self.alphabet.index(t.letter)
                events.append(
                    Event(
                        "starter_draw",
                        {"seat": seat, "name": seats[seat], "letter": _shown(t.letter)},
                    )
                )
            best = min(ranks.values())
            tied = [s for s in contenders if ranks[s] == best]
            if len(tied) == 1:
                return tied[0]
            events.append(
                Event("starter_tie", {"seats": tied, "names": ", ".join(seats[s] for s in tied)})
            )
            contenders = tied

    table_moves = TABLE_MOVES

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return State.from_json(data)

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """The other racks and the bank dealt again from the same tiles."""
        hidden = [t for t in state.bank]
        for other in range(len(state.seats)):
            if other != seat:
                hidden += state.rack_of(other)
        letters = [t.letter for t in hidden]
        rng.shuffle(letters)
        relabel = {t.id: Tile(t.id, letter) for t, letter in zip(hidden, letters, strict=True)}
        return _map_tiles(state, lambda t: relabel.get(t.id, t))

    def time_up(self, state: State) -> tuple[int, Move] | None:
        if state.vote is not None and state.awaiting:
            # Closed in the name of a seat still to vote: the voted player may not close it.
            return min(state.awaiting), self.timeout_move(state)
        return int(state.current), self.timeout_move(state)

    def from_position(
        self, seats: Sequence[str], seed: int, position: Mapping[str, Any]
    ) -> tuple[State, list[Event]]:
        from braille_words.games.word_rummikub.position import from_position

        return from_position(self, seats, seed, position)

    def timeout_move(self, state: State | None = None) -> Move:
        """What the table applies when its countdown runs out: the move limit or the vote's."""
        if state is not None and state.vote is not None:
            return CloseVote()
        return TimeUp()

    # ---- moves

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """The state after ``move`` by ``seat`` and what happened; ``RuleViolation`` otherwise."""
        if state.over:
            raise _violation("game_over", "The game is over.")
        if state.vote is not None:
            if isinstance(move, CloseVote):
                if seat == state.vote.seat:
                    raise _violation(
                        "own_vote", "The table votes on your word: the others close the vote."
                    )
                return self._close_vote(state)
            if not isinstance(move, CastVote):
                raise _violation(
                    "vote_pending", "The table is voting on a word; vote accept or reject."
                )
            if seat not in state.awaiting:
                raise _violation("not_your_turn", "It is not your turn to vote.")
            return self._vote(state, seat, move)
        if isinstance(move, CastVote | CloseVote):
            raise _violation("no_vote", "There is nothing to vote on.")
        if seat != state.current:
            raise _violation(
                "not_your_turn", f"It is {state.seats[state.current]}'s turn, not yours."
            )
        name = state.seats[seat]
        if isinstance(move, EndTurn):
            return self._end_turn(state)
        if isinstance(move, Draw):
            if state.turn_changed:
                raise _violation(
                    "reset_first",
                    "You have changed the table this turn: type reset to take your tiles "
                    "back, then draw.",
                )
            return self._pass(state, [])
        if isinstance(move, TimeUp):
            return self._pass(state, [Event("time_up", {"seat": seat, "name": name})])
        if isinstance(move, Undo):
            if not state.turn.history:
                raise _violation("nothing_to_undo", "There is no step to undo this turn.")
            s = state.turn.history[-1]
            turn = Turn(s.table, s.rack, s.loose, s.freed, state.turn.history[:-1])
            return replaced(state, turn=turn), [Event("step_undone", {"seat": seat, "name": name})]
        if isinstance(move, ResetTurn):
            turn = Turn(state.table, state.racks[seat])
            return replaced(state, turn=turn), [Event("turn_reset", {"seat": seat, "name": name})]
        if isinstance(move, Rebuild):
            new_state, events = self._rebuild(state, move)
            if move.end:
                after, more = self._end_turn(new_state)
                return after, events + more
            return new_state, events
        turn, event = self._step(state, move)
        turn = replaced(turn, history=(*state.turn.history, state.turn.snapshot()))
        return replaced(state, turn=turn), [event]

    def _step(self, state: State, move: Move) -> tuple[Turn, Event]:
        """One small change to the working arrangement (not yet checked as words)."""
        step = STEPS.get(type(move))
        if step is None:
            raise InputError(f"not a Rummikub move: {move!r}")
        return step(Workbench(state, self.alphabet), move)

    def _rebuild(self, state: State, move: Rebuild) -> tuple[State, list[Event]]:
        t = state.turn
        seat = state.current
        twice = sorted({i + 1 for i in move.take if move.take.count(i) > 1})
        if twice:
            raise _violation(
                "word_named_twice", f"Word {twice[0]} is named twice.", word=twice[0]
            )
        bad = [i + 1 for i in move.take if not 0 <= i < len(t.table)]
        if bad:
            raise _violation(
                "no_such_word",
                f"There is no word {', '.join(map(str, bad))} on the table "
                f"(it has {len(t.table)} word(s)).",
                word=bad[0],
            )
        if not move.make:
            raise _violation("empty_word", "Name the words you make after =.")
        for w in move.make:
            if not self.alphabet.is_word(w):
                foreign = sorted({c.upper() for c in w if c not in self.alphabet})
                raise _violation(
                    "foreign_letters",
                    f"{w.upper()} has {', '.join(foreign)}, which no tile shows.",
                    word=w.upper(),
                    letters=", ".join(foreign),
                )
        taken = [(i + 1, [(c.tile, c.letter) for c in t.table[i]]) for i in move.take]
        solution = solve(
            taken, t.rack, move.rack, t.loose, move.make, state.laid_down[seat]
        )
        used = {x.id for x in solution.rack_used} | {x.id for x in solution.loose_used}
        made = tuple(tuple(Cell(tile, letter) for tile, letter in w) for w in solution.words)
        table, numbers, renumbered = _place_made_words(t.table, move.take, made)
        turn = Turn(
            table=table,
            rack=tuple(x for x in t.rack if x.id not in used),
            loose=tuple(x for x in t.loose if x.id not in used),
            freed=tuple(sorted({*t.freed, *solution.freed})),
            history=(*t.history, t.snapshot()),
        )
        # Said as a change, so a listener can follow the table: which words were taken apart,
        # which tiles were added, what stands now.
        added = [
            "joker" if tile.is_joker else letter.upper()
            for word in solution.words
            for tile, letter in word
            if tile.id in used
        ]
        params: dict[str, Any] = {
            "seat": seat,
            "name": state.seats[seat],
            "words": ", ".join(
                f"{n} {w.upper()}" for n, w in zip(numbers, move.make, strict=True)
            ),
            "taken": ", ".join(f"{i + 1} {word_text(t.table[i]).upper()}" for i in move.take),
            "added": added,
            "renumbered": renumbered,
            "count": len(move.make),
        }
        kind = "table_rebuilt" if not move.take else "words_rebuilt" if added else (
            "words_rearranged"
        )
        return replaced(state, turn=turn), [Event(kind, params)]

    # ---- ending a turn

    def check_turn(self, state: State) -> TurnCheck:
        """Everything wrong with the working arrangement (empty when ``EndTurn`` would pass),
        and the score it would bring. The table may call it to warn before the player ends."""
        t = state.turn
        seat = state.current
        opt = self.options
        reasons: list[Reason] = []
        own = {x.id for x in state.racks[seat]}
        if t.loose:
            reasons.append(
                _reason("joker_loose", "The joker taken off the table must be placed again "
                        "this turn.")
            )
        laid = [c for w in t.table for c in w if c.tile.id in own]
        if not laid:
            reasons.append(
                _reason("no_own_tile", "Lay at least one tile of your own, or draw a tile to "
                        "pass.")
            )
        for i, w in enumerate(t.table):
            text = word_text(w)
            if len(w) < opt.word_min:
                reasons.append(
                    _reason("word_too_short",
                            f"Word {i + 1} ({text.upper()}) is shorter than {opt.word_min} "
                            "letters.", word=i + 1, text=text.upper(), min=opt.word_min)
                )
            elif not self.lexicon.contains(text):
                reasons.append(
                    _reason("not_a_word", f"Word {i + 1} ({text.upper()}) is not in the "
                            "dictionary.", word=i + 1, text=text.upper())
                )
        before = Counter(word_text(w) for w in state.table)
        after = Counter(word_text(w) for w in t.table)
        for text, n in sorted(after.items()):
            if n > 1 and n > before[text]:
                reasons.append(
                    _reason("word_repeated", f"{text.upper()} is already on the table; a word "
                            "may not be laid twice.", text=text.upper())
                )
        start_letters = {c.tile.id: c.letter for w in state.table for c in w if c.tile.is_joker}
        for w in t.table:
            for c in w:
                if (
                    c.tile.id in start_letters
                    and c.letter != start_letters[c.tile.id]
                    and c.tile.id not in t.freed
                ):
                    reasons.append(
                        _reason("joker_relettered", "A joker on the table keeps its letter "
                                "unless you swap it out.")
                    )
        if not state.laid_down[seat]:
            ends = Counter(tuple(w) for w in t.table)
            starts = Counter(tuple(w) for w in state.table)
            if t.freed or any(ends[w] < n for w, n in starts.items()):
                reasons.append(
                    _reason("first_table_changed", "In your first lay-down the words on the "
                            "table stay as they are: lay words of your own tiles only.")
                )
            new = list((ends - starts).elements())
            if new and max(len(w) for w in new) < opt.first_word_min:
                reasons.append(
                    _reason("first_word_too_short", "Your first lay-down needs a word of at "
                            f"least {opt.first_word_min} letters.", min=opt.first_word_min)
                )
            if len(new) > 1 and not opt.first_lay_down_many_words:
                reasons.append(_reason("first_one_word", "Your first lay-down is one word."))
        if reasons:
            return TurnCheck(tuple(reasons))
        scoring = [w for w in t.table if any(c.tile.id in own for c in w)]
        best = max(scoring, key=len)
        doubled = not t.rack
        start_words = Counter(tuple(w) for w in state.table)
        changed = tuple(
            word_text(w) for w in t.table if start_words[tuple(w)] == 0
        )
        points = len(best) * TILE_POINTS * (2 if doubled else 1)
        return TurnCheck((), points, word_text(best), doubled, changed)

    def _end_turn(self, state: State) -> tuple[State, list[Event]]:
        check = self.check_turn(state)
        if check.reasons:
            raise RuleViolation(check.reasons)
        if self.options.theme:
            vote = TableVote.on(state.current, check.changed, len(state.seats))
            return replaced(state, vote=vote), [
                Event("vote_opened", {"seat": state.current, "name": state.seats[state.current],
                                      "words": ", ".join(w.upper() for w in check.changed),
                                      "theme": self.options.theme})
            ]
        return self._commit(state, check)

    def _vote(self, state: State, seat: int, move: CastVote) -> tuple[State, list[Event]]:
        assert state.vote is not None
        vote = state.vote.cast(seat, move.accept)
        events = [Event("vote_cast", {"seat": seat, "name": state.seats[seat]})]
        state = replaced(state, vote=vote)
        if state.awaiting:
            return state, events
        after, more = self._count_votes(state)
        return after, events + more

    def _close_vote(self, state: State) -> tuple[State, list[Event]]:
        missing = ", ".join(state.seats[s] for s in sorted(state.awaiting))
        events = [Event("vote_closed", {"missing": missing})] if missing else []
        after, more = self._count_votes(state)
        return after, events + more

    def _count_votes(self, state: State) -> tuple[State, list[Event]]:
        """The turn stands unless more seats rejected it than accepted it."""
        vote = state.vote
        assert vote is not None
        events: list[Event] = []
        accepted = vote.accepted()
        player = state.seats[vote.seat]
        events.append(
            Event("vote_result", {"seat": vote.seat, "name": player, "accepted": accepted})
        )
        state = replaced(state, vote=None)
        if accepted:
            after, more = self._commit(state, self.check_turn(state))
        else:
            after, more = self._pass(state, [])
        return after, events + more

    def _commit(self, state: State, check: TurnCheck) -> tuple[State, list[Event]]:
        seat = state.current
        name = state.seats[seat]
        t = state.turn
        events = [
            Event("turn_ended", {"seat": seat, "name": name, "points": check.points,
                                 "word": check.word.upper(), "doubled": check.doubled,
                                 "words": [w.upper() for w in check.changed]})
        ]
        if check.doubled:
            events.append(Event("rack_emptied", {"seat": seat, "name": name}))
        rack = t.rack
        want = self.options.rack_size if not rack else self.options.rack_size - len(rack)
        bank = state.bank
        drawn: tuple[Tile, ...] = ()
        if want > 0:
            drawn, bank = bank[:want], bank[want:]
            rack = rack + drawn
            events += self._draw_events(seat, name, drawn, bank)
        scores = list(state.scores)
        scores[seat] += check.points
        n = len(state.seats)
        tallies = [state.tally(s) for s in range(n)]
        turns, doubled, longest = tallies[seat]
        tallies[seat] = (
            turns + 1,
            doubled + (check.points // 2 if check.doubled else 0),
            check.word if len(check.word) > len(longest) else longest,
        )
        laid = list(state.laid_down)
        laid[seat] = True
        racks = list(state.racks)
        racks[seat] = rack
        after = replaced(
            state, table=t.table, racks=tuple(racks), bank=bank, scores=tuple(scores),
            laid_down=tuple(laid), passes=0,
            words_scored=tuple(x[0] for x in tallies), doubled=tuple(x[1] for x in tallies),
            longest=tuple(x[2] for x in tallies),
        )
        if not rack:
            return self._finish(after, "rack_emptied", events)
        return self._next(after, events)

    def _pass(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        seat = state.current
        name = state.seats[seat]
        drawn, bank = state.bank[:1], state.bank[1:]
        racks = list(state.racks)
        racks[seat] = racks[seat] + drawn
        # "drew": the sentence is the draw's own; "Gracz pasuje. Gracz dobiera 1 płytkę."
        # was heard by a child who had typed "dobierz" (the rulebook: who cannot lay a word
        # draws a tile). A draw from an empty bank is said as a pass.
        events = [*events, Event("passed", {"seat": seat, "name": name,
                                            "drew": "yes" if drawn else "no"})]
        events += self._draw_events(seat, name, drawn, bank)
        counts = not drawn or not self.options.pass_round_needs_empty_bank
        passes = state.passes + 1 if counts else 0
        after = replaced(state, bank=bank, racks=tuple(racks), passes=passes)
        if passes >= len(state.seats):
            return self._finish(after, "all_passed", events)
        return self._next(after, events)

    @staticmethod
    def _draw_events(seat: int, name: str, drawn: Sequence[Tile],
                     left: Sequence[Tile]) -> list[Event]:
        if not drawn:
            return []
        events = [
            Event("tiles_drawn", {"seat": seat, "name": name, "count": len(drawn)}),
            Event("tiles_received", {"seat": seat, "letters": [_shown(t.letter) for t in drawn]},
                  to=seat),
        ]
        if not left:
            # Said once, when it happens: a child playing by hints went on hearing "dobierz"
            # and "możesz dobrać płytkę" with no tile left to draw, and "dobierz" passed.
            events.append(Event("bank_emptied", {}))
        return events

    def _next(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        nxt = (state.current + 1) % len(state.seats)
        after = replaced(
            state, current=nxt, turn=Turn(state.table, state.racks[nxt]),
            turns_played=state.turns_played + 1,
        )
        events.append(Event("turn_started", {"seat": nxt, "name": state.seats[nxt]}))
        return after, events

    def _finish(self, state: State, reason: str, events: list[Event]) -> tuple[State, list[Event]]:
        scores = list(state.scores)
        penalties = [0] * len(state.seats)
        for s, rack in enumerate(state.racks):
            jokers = sum(1 for t in rack if t.is_joker)
            if jokers:
                penalties[s] = jokers * self.options.joker_penalty
                scores[s] -= penalties[s]
                events.append(
                    Event("joker_penalty", {"seat": s, "name": state.seats[s],
                                            "points": penalties[s]})
                )
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        after = replaced(
            state, scores=tuple(scores), penalties=tuple(penalties), over=True,
            end_reason=reason, turn=Turn(state.table, ()), turns_played=state.turns_played + 1,
        )
        events.append(
            Event("game_over", {"reason": reason, "scores": scores, "winner_seats": winners,
                                "winners": ", ".join(state.seats[s] for s in winners)})
        )
        return after, events
