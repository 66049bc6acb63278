"""Alicja's options and moves: what a player (or the table) may do, as journal-ready values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from braille_words.games.base import MoveBase, read_move
from braille_words.games.options import GameOptions, at_least


@dataclass
class Options(GameOptions):
    """``advanced``: the rulebook's advanced game (characters, a green letter, a 10 s teapot).
    ``children``: only the children's themes, and ``children_letters`` forbidden letters (the
    rulebook: one, or none). ``madness`` ("Za mało szaleństwa?"): ``wild_letters`` forbidden
    letters (4 to 6: one of each colour, then blue and purple again), and a forbidden letter
    typed at any time, even out of turn, puts its speaker out. ``teapot_seconds``: the
    teapot's time when not the data file's (15 s basic, 10 s advanced). ``tie_break``: the
    rulebook's "Jeśli mimo tego naprawdę bardzo zależy wam na wyłonieniu zwycięzcy" — of the
    players tied for most cups, the one with the higher scoring card of the last round wins
    (the later one out; off by default: "zwyciężają wszyscy")."""

    advanced: bool = False
    children: bool = False
    madness: bool = False
    teapot_seconds: int | None = field(default=None, metadata=at_least(3, 600))
    wild_letters: int = field(default=4, metadata=at_least(4, 6))
    children_letters: int = field(default=1, metadata=at_least(0, 1))
    tie_break: bool = False

    game_name: ClassVar[str] = "Alicja"


@dataclass(frozen=True)
class ChooseTheme(MoveBase):
    index: int
    kind: ClassVar[str] = "theme"


@dataclass(frozen=True)
class Say(MoveBase):
    """A word (or words) in one's turn; ``lay``: the Queen or the Rabbit lays their secret
    letter over the row right after it, if the word stands. ``turn``: a computer's word names
    the turn it was thought of for (``State.turn_mark``) and is refused in any other — the
    table plays it after a think time, and meanwhile a vote or Dwójka Kier's extra turn may
    have had that very word said. A person's word is for now (empty)."""

    text: str
    lay: bool = False
    turn: str = ""
    kind: ClassVar[str] = "say"


@dataclass(frozen=True)
class Challenge(MoveBase):
    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True)
class Vote(MoveBase):
    stands: bool
    kind: ClassVar[str] = "vote"


@dataclass(frozen=True)
class TimeUp(MoveBase):
    """The teapot ran out (or a vote's time): the table's move."""

    kind: ClassVar[str] = "time_up"


@dataclass(frozen=True)
class Ruling(MoveBase):
    """The teacher decides a challenged word at once (``stands``), instead of the vote."""

    stands: bool
    kind: ClassVar[str] = "ruling"


@dataclass(frozen=True)
class Talk(MoveBase):
    """Words typed out of turn in "Za mało szaleństwa?": table talk, checked for forbidden
    letters like any word ("niezależnie od tego, kiedy to zrobi")."""

    text: str
    kind: ClassVar[str] = "talk"


@dataclass(frozen=True)
class SpendToken(MoveBase):
    """Bliźniacy or Kapelusznik discard a time token: the teapot starts again."""

    kind: ClassVar[str] = "token"


@dataclass(frozen=True)
class TurnCat(MoveBase):
    """Kot z Cheshire turns his card: this turn is skipped."""

    kind: ClassVar[str] = "cat"


@dataclass(frozen=True)
class TurnHat(MoveBase):
    """Kapelusznik turns his card: no letter is forbidden to him this turn."""

    kind: ClassVar[str] = "hat"


@dataclass(frozen=True)
class LayLetter(MoveBase):
    """The Queen or the Rabbit lays the secret letter over the row, right after their turn."""

    kind: ClassVar[str] = "lay"


@dataclass(frozen=True)
class Encore(MoveBase):
    """Dwójka Kier turns his card: the player who just finished plays another turn."""

    kind: ClassVar[str] = "encore"


@dataclass(frozen=True)
class PlaceCaterpillar(MoveBase):
    """Pan Gąsienica lays his token before an opponent (``target``, a seat)."""

    target: int
    kind: ClassVar[str] = "caterpillar"


@dataclass(frozen=True)
class Wait(MoveBase):
    """A player out of the round asks to hear less until it ends ("czekam"): the turns, the
    words and the ballots go unsaid to them; who goes out and the cups are still said. Said
    again, everything is heard again."""

    kind: ClassVar[str] = "wait"


Move = (ChooseTheme | Say | Challenge | Vote | TimeUp | Ruling | Talk | SpendToken | TurnCat
        | TurnHat | LayLetter | Encore | PlaceCaterpillar | Wait)

MOVES: tuple[type[Any], ...] = (ChooseTheme, Say, Challenge, Vote, TimeUp, Ruling, Talk,
                                SpendToken, TurnCat, TurnHat, LayLetter, Encore,
                                PlaceCaterpillar, Wait)


def move_from_json(data: Mapping[str, Any]) -> Move:
    return cast(Move, read_move(data, MOVES, "an Alicja move"))
