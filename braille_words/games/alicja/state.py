"""Alicja's state: one immutable value per moment of the game, its JSON, and each seat's view.

Everything at the table is public — the theme, the row of letters, the words said, the
characters face up, time tokens, the caterpillar's token, a laid letter — except the Queen's
and the Rabbit's secret letters before they are laid: ``view_for`` gives a secret letter to its
owner alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from braille_words.errors import InputError
from braille_words.games.alicja.characters import CATERPILLAR, HATTER, ignores_laid
from braille_words.games.alicja.moves import Options

GAME_ID = "alicja"


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    seed: int
    round: int
    queen: int
    phase: str  # "theme" (setting the table), "talk", "vote", "over"
    themes: tuple[int, ...]  # the two drawn (while choosing), else the chosen one
    letters: tuple[str, ...]  # the row of forbidden letters
    active: tuple[int, ...]  # players still in the round, in playing order
    current: int
    said: tuple[tuple[int, str], ...] = ()  # (speaker, words) this round
    out: tuple[int, ...] = ()  # players out this round, in order
    cups: tuple[int, ...] = ()
    last: int | None = None  # index in ``said`` of the word that may still be challenged
    challenger: int | None = None  # None during a vote: the program asked the table
    votes: tuple[tuple[int, bool], ...] = ()
    deck: tuple[int, ...] = ()  # theme order, top first
    options: Options = field(default_factory=Options)
    teapot_seconds: int = 15
    teapot: int = 0
    """Counts the teapot's starts this round: a new turn, a time token, a turn after a vote."""
    suspect: str = ""
    """During a vote the program called: the earlier word the challenged one may derive from."""
    # The advanced game
    characters: tuple[str, ...] = ()  # each seat's card this round ("" in the basic game)
    sideways: tuple[int, ...] = ()  # seats whose card is turned on its side
    tokens: tuple[int, ...] = ()  # time tokens per seat
    secrets: tuple[tuple[int, str], ...] = ()  # (owner, letter) not laid yet: private
    laid: tuple[tuple[int, str], ...] = ()  # (placer, letter) over the row: at most one
    caterpillar: int | None = None  # the seat Pan Gąsienica's token lies before
    hat: bool = False  # Kapelusznik turned his card this turn: no letter is forbidden to him
    just: int | None = None  # the player who just finished a turn with a word that stands
    quiet: tuple[int, ...] = ()  # seats out of the round who asked to hear less ("czekam")

    @property
    def turn_mark(self) -> str:
        """This turn's name (round and teapot start), which a computer's planned word carries."""
        return f"{self.round}.{self.teapot}"

    @property
    def advanced(self) -> bool:
        return bool(self.characters)

    def holder(self, character: str) -> int | None:
        """The seat holding ``character`` this round, if it plays."""
        return self.characters.index(character) if character in self.characters else None

    def character(self, seat: int) -> str:
        return self.characters[seat] if 0 <= seat < len(self.characters) else ""

    def upright(self, seat: int) -> bool:
        """The card is face up and not turned: its abilities may be used."""
        return seat in self.active and seat not in self.sideways

    def forbidden_for(self, seat: int, *, in_turn: bool = True) -> tuple[str, ...]:
        """The letters ``seat`` may not say now: the row, and a laid letter unless they laid
        it (or it is the Queen's red and they are an upright Dwójka Kier). Kapelusznik's
        turned card frees his own turn of every letter."""
        if in_turn and self.hat and seat == self.current and self.character(seat) == HATTER:
            return ()
        letters = list(self.letters)
        for placer, letter in self.laid:
            if placer == seat:
                continue
            mine = self.character(seat)
            if ignores_laid(mine, seat in self.sideways, self.character(placer)):
                continue
            letters.append(letter)
        return tuple(letters)

    @property
    def awaiting(self) -> frozenset[int]:
        if self.phase == "theme":
            waiting = {self.current} if len(self.themes) == 2 else set()
            if self.caterpillar is None:
                holder = self.holder(CATERPILLAR)
                if holder is not None:
                    waiting.add(holder)
            return frozenset(waiting)
        if self.phase == "talk":
            return frozenset({self.current})
        if self.phase == "vote":
            speaker = self.said[self.last][0] if self.last is not None else -1
            voted = {s for s, _ in self.votes}
            return frozenset(s for s in range(len(self.seats)) if s != speaker and s not in voted)
        return frozenset()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def view_for(self, seat: int) -> dict[str, Any]:
        secret = next((x for s, x in self.secrets if s == seat), None)
        # The rulebook draws the row after the theme is chosen: nobody sees it before.
        drawn = self.phase != "theme"
        return {
            "game": GAME_ID,
            "seat": seat,
            "seats": list(self.seats),
            "awaiting": sorted(self.awaiting),
            "round": self.round,
            "rounds": len(self.seats),
            "queen": self.queen,
            "phase": self.phase,
            "themes": list(self.themes),
            "letters": list(self.letters) if drawn else [],
            "forbidden": list(self.forbidden_for(seat)) if drawn else [],
            "active": list(self.active),
            "current": self.current,
            "said": [[s, w] for s, w in self.said],
            "out": list(self.out),
            "cups": list(self.cups),
            "last": self.last,
            "challenger": self.challenger,
            "suspect": self.suspect,
            "voted": [s for s, _ in self.votes],
            "teapot": self.teapot,
            "teapot_seconds": self.teapot_seconds,
            "madness": self.options.madness,
            "children": self.options.children,
            "characters": list(self.characters),
            "sideways": list(self.sideways),
            "tokens": list(self.tokens),
            "secret": secret,
            "has_secret": [s for s, _ in self.secrets],
            "laid": [[s, x] for s, x in self.laid],
            "caterpillar": self.caterpillar,
            "hat": self.hat,
            "just": self.just,
            "quiet": seat in self.quiet,
        }

    def result(self) -> dict[str, Any]:
        """Most cups wins, and all tied players win; with the ``tie_break`` option, once the
        last round is scored, the tied player who took the higher scoring card in it (the
        later one out: the cards only grow) wins alone, and ``tied`` names them all."""
        best = max(self.cups) if self.cups else 0
        tied = [s for s, c in enumerate(self.cups) if c == best]
        result: dict[str, Any] = {"scores": list(self.cups), "winners": tied}
        ended = not self.active and self.round >= len(self.seats)
        if self.options.tie_break and len(tied) > 1 and ended:
            result["winners"] = [max(tied, key=self.out.index)]
            result["tied"] = tied
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats), "seed": self.seed, "round": self.round,
            "queen": self.queen, "phase": self.phase, "themes": list(self.themes),
            "letters": list(self.letters), "active": list(self.active),
            "current": self.current, "said": [[s, w] for s, w in self.said],
            "out": list(self.out), "cups": list(self.cups), "last": self.last,
            "challenger": self.challenger, "votes": [[s, v] for s, v in self.votes],
            "deck": list(self.deck), "options": self.options.to_json(),
            "teapot_seconds": self.teapot_seconds, "teapot": self.teapot,
            "suspect": self.suspect, "characters": list(self.characters),
            "sideways": list(self.sideways), "tokens": list(self.tokens),
            "secrets": [[s, x] for s, x in self.secrets],
            "laid": [[s, x] for s, x in self.laid], "caterpillar": self.caterpillar,
            "hat": self.hat, "just": self.just, "quiet": list(self.quiet),
        }


def _seat_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def state_from_json(data: Mapping[str, Any]) -> State:
    """The state ``State.to_json`` wrote (a basic game saved before the advanced one existed
    reads too: the new keys have their defaults)."""
    try:
        return State(
            seats=tuple(str(s) for s in data["seats"]), seed=int(data["seed"]),
            round=int(data["round"]), queen=int(data["queen"]), phase=str(data["phase"]),
            themes=tuple(int(t) for t in data["themes"]),
            letters=tuple(str(x) for x in data["letters"]),
            active=tuple(int(s) for s in data["active"]), current=int(data["current"]),
            said=tuple((int(s), str(w)) for s, w in data["said"]),
            out=tuple(int(s) for s in data["out"]),
            cups=tuple(int(c) for c in data["cups"]),
            last=_seat_or_none(data["last"]),
            challenger=_seat_or_none(data["challenger"]),
            votes=tuple((int(s), bool(v)) for s, v in data["votes"]),
            deck=tuple(int(t) for t in data["deck"]),
            options=Options.from_json(data.get("options", {})),
            teapot_seconds=int(data.get("teapot_seconds", 15)),
            teapot=int(data.get("teapot", 0)),
            suspect=str(data.get("suspect", "")),
            characters=tuple(str(c) for c in data.get("characters", [])),
            sideways=tuple(int(s) for s in data.get("sideways", [])),
            tokens=tuple(int(t) for t in data.get("tokens", [])),
            secrets=tuple((int(s), str(x)) for s, x in data.get("secrets", [])),
            laid=tuple((int(s), str(x)) for s, x in data.get("laid", [])),
            caterpillar=_seat_or_none(data.get("caterpillar")),
            hat=bool(data.get("hat", False)),
            just=_seat_or_none(data.get("just")),
            quiet=tuple(int(s) for s in data.get("quiet", [])),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"this is not a saved Alicja game: {exc}") from None

