"""The table's votes and reaction windows, shared by every game.

Several games stop for the other players after a move: Rummikub Słowny's thematic game votes
on whether a turn's words fit the theme, Alicja's players vote on a word's theme, Scrabble karty's
players accept a move or ask to check it, 7 słów's players challenge words, and Word Thief's
table rules on a word. Two shapes cover them all, as pure values in a game's state:

- ``TableVote``: the seats other than the one voted on say yes or no; when all have voted, or
  the table closes the vote (its clock, or a player), the ballots are counted and whoever has
  not voted abstains. A tie lets the move stand.
- ``ReactionWindow``: after a move, the seats it is open to may act out of turn (accept, check,
  play a card against it) or pass; it closes when all have passed or acted.

One set of words for votes (``tak``/``yes``, ``nie``/``no``, ``zamknij głosowanie``/``close
vote``) is parsed here for every game, and one table clock closes a vote (``vote_seconds``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from braille_words.games.base import RuleViolation

# Whole words only: a lone "t" or "n" means something else in a game's own commands.
YES_WORDS = frozenset({"tak", "yes", "accept", "akceptuj", "przyjmij"})
NO_WORDS = frozenset({"nie", "no", "reject", "odrzuć", "odrzuc"})
CLOSE_WORDS = frozenset(
    {
        "zamknij głosowanie",
        "zamknij glosowanie",
        "close vote",
        "close the vote",
        "koniec głosowania",
    }
)


def parse_ballot(line: str) -> bool | None:
    """True for a yes, False for a no, None when ``line`` is neither."""
    low = " ".join(line.lower().split())
    if low in YES_WORDS:
        return True
    if low in NO_WORDS:
        return False
    return None


def is_close(line: str) -> bool:
    return " ".join(line.lower().split()) in CLOSE_WORDS


class VoteView(TypedDict):
    """A vote as a seat sees it (and as the journal keeps it): ballots are (seat, accepted)."""

    seat: int
    words: list[str]
    voters: list[int]
    ballots: list[tuple[int, bool]]


@dataclass(frozen=True)
class TableVote:
    """A vote on ``seat``'s move (``words`` say what is voted on) by ``voters``."""

    seat: int
    words: tuple[str, ...]
    voters: tuple[int, ...]
    ballots: tuple[tuple[int, bool], ...] = ()

    @classmethod
    def on(cls, seat: int, words: Sequence[str], players: int) -> TableVote:
        """A vote of every other seat at a table of ``players``."""
        return cls(seat, tuple(words), tuple(s for s in range(players) if s != seat))

    @property
    def awaiting(self) -> frozenset[int]:
        voted = {s for s, _ in self.ballots}
        return frozenset(s for s in self.voters if s not in voted)

    @property
    def complete(self) -> bool:
        return not self.awaiting

    def cast(self, seat: int, accept: bool) -> TableVote:
        if seat == self.seat:
            raise RuleViolation.one("own_vote", "The table votes on your move: the others vote.")
        if seat not in self.voters:
            raise RuleViolation.one("not_a_voter", "You have no vote in this one.")
        if seat not in self.awaiting:
            raise RuleViolation.one("already_voted", "You have already voted.")
        return replace(self, ballots=(*self.ballots, (seat, accept)))

    def accepted(self) -> bool:
        """The move stands unless more seats rejected it than accepted it (a tie stands)."""
        yes = sum(1 for _, accept in self.ballots if accept)
        return yes >= len(self.ballots) - yes

    def to_json(self) -> VoteView:
        return {
            "seat": self.seat,
            "words": list(self.words),
            "voters": list(self.voters),
            "ballots": [(s, a) for s, a in self.ballots],
        }

    @staticmethod
    def from_json(d: Mapping[str, Any], players: int | None = None) -> TableVote:
        seat = int(d["seat"])
        voters = d.get("voters")
        if voters is None:  # saved before votes named their voters: every other seat
            voters = [s for s in range(players or 0) if s != seat]
        return TableVote(
            seat,
            tuple(str(w) for w in d["words"]),
            tuple(int(s) for s in voters),
            tuple((int(s), bool(a)) for s, a in d["ballots"]),
        )


@dataclass(frozen=True)
class ReactionWindow:
    """After ``mover``'s move, the seats in ``open_to`` may act out of turn or pass."""

    mover: int
    open_to: tuple[int, ...]
    passed: tuple[int, ...] = ()

    @classmethod
    def after(cls, mover: int, players: int) -> ReactionWindow:
        return cls(mover, tuple(s for s in range(players) if s != mover))

    @property
    def awaiting(self) -> frozenset[int]:
        return frozenset(s for s in self.open_to if s not in self.passed)

    @property
    def closed(self) -> bool:
        return not self.awaiting

    def may_react(self, seat: int) -> bool:
        return seat in self.awaiting

    def pass_(self, seat: int) -> ReactionWindow:
        """``seat`` lets the move be (or has acted on it): one seat fewer to wait for."""
        if seat not in self.open_to:
            raise RuleViolation.one("not_reacting", "This move is not yours to react to.")
        if seat in self.passed:
            raise RuleViolation.one("already_reacted", "You have already answered this move.")
        return replace(self, passed=(*self.passed, seat))

    def close(self) -> ReactionWindow:
        """Everyone still silent lets the move be (the table's clock ran out)."""
        return replace(self, passed=(*self.passed, *sorted(self.awaiting)))

    def to_json(self) -> dict[str, Any]:
        return {"mover": self.mover, "open_to": list(self.open_to), "passed": list(self.passed)}

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> ReactionWindow:
        return ReactionWindow(
            int(d["mover"]),
            tuple(int(s) for s in d["open_to"]),
            tuple(int(s) for s in d["passed"]),
        )
