"""Alicja w Krainie Słów, the basic game: say a word on the theme, never a forbidden letter.

A round: the Queen of Hearts (the round's first player) draws two themes and keeps one, two
forbidden letters are drawn (one blue, one purple), and the players take turns saying a word
(or words) on the theme, each within the teapot's time. A forbidden letter anywhere, a word
already said this round (or another form of it, or one of its family), or the teapot running
out puts the speaker out; a word any other player challenges is put to a vote, and goes out
only if more vote against it than for it. Players out take the scoring cards in order; the last
one standing takes the last card. As many rounds as players; most cups wins, ties share.

The values the rulebook leaves out (cups per card, the letter deck, the teapot) are ours, in
``data.toml`` and the rules README. The advanced game (characters, the green and red letters,
time tokens) and the variants are not built yet.

Public entry points: ``GAME_ID``, ``Options``, ``Rules``, ``State``, the moves, ``EVENT_KINDS``,
``REASON_CODES``, ``load_data``.
"""

from __future__ import annotations

import random
import tomllib
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, cast

from braille_words.errors import InputError
from braille_words.games.base import Event, MoveBase, Reason, RuleViolation, read_move
from braille_words.games.interface import GameRules
from braille_words.games.options import GameOptions

GAME_ID = "alicja"
PLAYERS = (3, 8)
DATA_FILE = Path(__file__).resolve().parent / "data.toml"


@dataclass(frozen=True)
class Theme:
    name: str
    children: bool
    words: tuple[str, ...]


@dataclass(frozen=True)
class Data:
    """Everything the game takes from its data file."""

    teapot_seconds: int
    vote_seconds: int
    cups: Mapping[int, int]
    cups_5: tuple[int, int]  # (six or more players, five)
    cups_7: tuple[int, int]  # (eight players, seven)
    little: frozenset[str]
    blue: tuple[str, ...]
    purple: tuple[str, ...]
    green: tuple[str, ...]
    red: tuple[str, ...]
    themes: tuple[Theme, ...]
    families: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Each word of a listed family pair, and the words it is of one family with."""

    def cup_value(self, card: int, players: int) -> int:
        if card == 5:
            return self.cups_5[0] if players >= 6 else self.cups_5[1]
        if card == 7:
            return self.cups_7[0] if players >= 8 else self.cups_7[1]
        return self.cups.get(card, 0)


def load_data(path: str | Path | None = None) -> Data:
    source = Path(path) if path is not None else DATA_FILE
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
        play, letters = data["play"], data["letters"]
        return Data(
            teapot_seconds=int(play["teapot_seconds"]),
            vote_seconds=int(play["vote_seconds"]),
            cups={int(k): int(v) for k, v in play["cups"].items()},
            cups_5=(int(play["cups_5"]["six_or_more"]), int(play["cups_5"]["five"])),
            cups_7=(int(play["cups_7"]["eight"]), int(play["cups_7"]["seven"])),
            little=frozenset(str(w) for w in play["little"]),
            blue=tuple(str(x) for x in letters["blue"]),
            purple=tuple(str(x) for x in letters["purple"]),
            green=tuple(str(x) for x in letters["green"]),
            red=tuple(str(x) for x in letters["red"]),
            themes=tuple(
                Theme(str(t["name"]), bool(t.get("children", False)),
                      tuple(str(w) for w in t.get("words", [])))
                for t in data["theme"]
            ),
            families=_families(data.get("families", {}).get("pairs", [])),
        )
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise InputError(f"the Alicja data file {source} is not usable: {exc}") from None


def _families(pairs: Sequence[Sequence[str]]) -> dict[str, frozenset[str]]:
    kin: dict[str, set[str]] = {}
    for pair in pairs:
        words = [normalize(str(w)) for w in pair]
        for w in words:
            kin.setdefault(w, set()).update(x for x in words if x != w)
    return {w: frozenset(k) for w, k in kin.items()}


EVENT_KINDS: dict[str, str] = {
    "game_started": "Alicja begins: {players} players, {rounds} rounds.",
    "round_started": "Round {round}: player {queen} is the Queen of Hearts.",
    "themes_drawn": "The Queen draws two themes: {first} or {second}.",
    "theme_chosen": "The theme is {theme}. Forbidden letters: {letters}.",
    "turn_started": "Player {seat}'s turn.",
    "word_said": "Player {seat} says {words}.",
    "player_out": "Player {seat} is out ({why}) and takes card {card}.",
    "challenged": "Player {challenger} challenges {words} of player {seat}: vote.",
    "vote_cast": "Player {seat} votes.",
    "vote_result": "For {yes}, against {no}: {words} {result}.",
    "round_won": "Player {seat} stays to the end and takes card {card}.",
    "cups_scored": "Cups this round: {cups}.",
    "game_over": "The game is over.",
}

REASON_CODES: dict[str, str] = {
    "game_ended": "The game is over.",
    "not_your_turn": "It is player {player}'s turn.",
    "queen_chooses": "The Queen of Hearts chooses the theme first.",
    "empty": "Say a word.",
    "no_vote": "There is nothing to vote on.",
    "no_teapot": "The teapot is not timing anyone now.",
    "nothing_to_challenge": "There is no word to challenge now.",
    "own_word": "You cannot challenge your own word.",
    "already_voted": "You have already voted.",
    "not_a_voter": "The speaker does not vote on their own word.",
    "bad_theme": "Choose theme 1 or 2.",
}


def _reason(code: str, **params: Any) -> Reason:
    return Reason(code, REASON_CODES[code].format(**params), params)


def _refuse(code: str, **params: Any) -> RuleViolation:
    return RuleViolation([_reason(code, **params)])


# --------------------------------------------------------------------------- options


@dataclass
class Options(GameOptions):
    """``children``: only the children's themes, and one forbidden letter (blue).
    ``madness`` ("Za mało szaleństwa?"): four forbidden letters, one of each colour."""

    children: bool = False
    madness: bool = False

    game_name: ClassVar[str] = "Alicja"


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class ChooseTheme(MoveBase):
    index: int
    kind: ClassVar[str] = "theme"


@dataclass(frozen=True)
class Say(MoveBase):
    text: str
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


Move = ChooseTheme | Say | Challenge | Vote | TimeUp | Ruling


def move_from_json(data: Mapping[str, Any]) -> Move:
    moves = (ChooseTheme, Say, Challenge, Vote, TimeUp, Ruling)
    return cast(Move, read_move(data, moves, "an Alicja move"))


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    seed: int
    round: int
    queen: int
    phase: str  # "theme", "talk", "vote", "over"
    themes: tuple[int, ...]  # the two drawn (while choosing), else the chosen one
    letters: tuple[str, ...]
    active: tuple[int, ...]  # players still in the round, in playing order
    current: int
    said: tuple[tuple[int, str], ...] = ()  # (speaker, words) this round
    out: tuple[int, ...] = ()  # players out this round, in order
    cups: tuple[int, ...] = ()
    last: int | None = None  # index in ``said`` of the word that may still be challenged
    challenger: int | None = None
    votes: tuple[tuple[int, bool], ...] = ()
    deck: tuple[int, ...] = ()  # theme order, top first
    options: Options = field(default_factory=Options)

    @property
    def awaiting(self) -> frozenset[int]:
        if self.phase in ("theme", "talk"):
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
            "letters": list(self.letters),
            "active": list(self.active),
            "current": self.current,
            "said": [[s, w] for s, w in self.said],
            "out": list(self.out),
            "cups": list(self.cups),
            "last": self.last,
            "challenger": self.challenger,
            "voted": [s for s, _ in self.votes],
        }

    def result(self) -> dict[str, Any]:
        best = max(self.cups) if self.cups else 0
        return {"scores": list(self.cups),
                "winners": [s for s, c in enumerate(self.cups) if c == best]}

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats), "seed": self.seed, "round": self.round,
            "queen": self.queen, "phase": self.phase, "themes": list(self.themes),
            "letters": list(self.letters), "active": list(self.active),
            "current": self.current, "said": [[s, w] for s, w in self.said],
            "out": list(self.out), "cups": list(self.cups), "last": self.last,
            "challenger": self.challenger, "votes": [[s, v] for s, v in self.votes],
            "deck": list(self.deck), "options": self.options.to_json(),
        }


def normalize(text: str) -> str:
    """Lower case, NFC: Ą and A stay different letters, as the rules README says."""
    return unicodedata.normalize("NFC", text).lower()


def words_of(text: str) -> list[str]:
    return [w.strip(".,!?;:\"'„”") for w in normalize(text).split() if w.strip(".,!?;:\"'„”")]


# --------------------------------------------------------------------------- rules


class Rules(GameRules[State, Move]):
    """Alicja's basic game. ``lexicon`` gives lemmas (another form of a word already said);
    no word is refused for being absent from it — fit is the table's question."""

    table_moves = (TimeUp, Ruling)

    def __init__(self, lexicon: Any, options: Options | None = None,
                 data: Data | None = None) -> None:
        self.lexicon = lexicon
        self.options = options or Options()
        self.data = data or load_data()
        lemmas = getattr(lexicon, "lemmas", None)
        self._lemmas: Callable[[str], Sequence[str]] | None = lemmas if callable(lemmas) else None

    # ---- set-up

    def new(self, seats: Sequence[str], seed: int) -> tuple[State, list[Event]]:
        n = len(seats)
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise InputError(f"Alicja is for {PLAYERS[0]} to {PLAYERS[1]} players, not {n}")
        pool = [i for i, t in enumerate(self.data.themes)
                if t.children or not self.options.children]
        random.Random(seed).shuffle(pool)
        state = State(seats=tuple(seats), seed=seed, round=0, queen=0, phase="theme",
                      themes=(), letters=(), active=(), current=0, cups=(0,) * n,
                      deck=tuple(pool), options=self.options)
        events = [Event("game_started", {"players": n, "rounds": n})]
        state = self._start_round(state, 1, 0, events)
        return state, events

    def _start_round(self, state: State, number: int, queen: int,
                     events: list[Event]) -> State:
        n = len(state.seats)
        deck = state.deck
        drawn, deck = deck[:2], deck[2:] + deck[:2]
        events.append(Event("round_started", {"round": number, "queen": queen}))
        names = [self.data.themes[i].name for i in drawn]
        events.append(Event("themes_drawn", {"queen": queen, "first": names[0],
                                             "second": names[1]}))
        rng = random.Random(f"{state.seed}/{number}")
        letters = [rng.choice(self.data.blue)]
        if not state.options.children:
            letters.append(rng.choice(self.data.purple))
        if state.options.madness and not state.options.children:
            letters += [rng.choice(self.data.green), rng.choice(self.data.red)]
        order = tuple((queen + k) % n for k in range(n))
        return replace(state, round=number, queen=queen, phase="theme", themes=drawn,
                       letters=tuple(letters), active=order, current=queen, said=(), out=(),
                       last=None, challenger=None, votes=(), deck=deck)

    # ---- json

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
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
                last=None if data["last"] is None else int(data["last"]),
                challenger=None if data["challenger"] is None else int(data["challenger"]),
                votes=tuple((int(s), bool(v)) for s, v in data["votes"]),
                deck=tuple(int(t) for t in data["deck"]),
                options=Options.from_json(data.get("options", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"this is not a saved Alicja game: {exc}") from None

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """Nothing is hidden but the order of the theme cards below the top."""
        rest = list(state.deck)
        rng.shuffle(rest)
        return replace(state, deck=tuple(rest))

    def may_act(self, state: State, seat: int, move: Move) -> bool:
        # Anyone but the speaker may challenge the last word while the next player talks.
        if isinstance(move, Challenge):
            return state.phase == "talk" and state.last is not None
        return super().may_act(state, seat, move)

    def teacher_ruling(self, state: State, stands: bool) -> tuple[int, Move] | None:
        if state.phase == "vote":
            return state.current, Ruling(stands)
        return None

    def time_up(self, state: State) -> tuple[int, Move] | None:
        if state.phase in ("talk", "vote"):
            return state.current, TimeUp()
        return None

    # ---- moves

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise _refuse("game_ended")
        events: list[Event] = []
        if isinstance(move, TimeUp):
            if state.phase == "vote":
                return self._count(state, events)
            if state.phase != "talk":
                # Only a person types it here (the clock never calls time outside a turn).
                raise _refuse("no_teapot")
            return self._out(state, state.current, "time", events)
        if isinstance(move, Ruling):
            if state.phase != "vote":
                raise _refuse("no_vote")
            # The teacher's word: counted as if every vote had gone that way.
            voters = sorted(state.awaiting | {s for s, _ in state.votes})
            return self._count(replace(state, votes=tuple((s, move.stands) for s in voters)),
                               events)
        if isinstance(move, Challenge):
            return self._challenge(state, seat, events)
        if isinstance(move, Vote):
            return self._vote(state, seat, move, events)
        if seat != state.current:
            raise _refuse("not_your_turn", player=state.current + 1)
        if isinstance(move, ChooseTheme):
            if state.phase != "theme":
                raise _refuse("bad_theme")
            if move.index not in (0, 1):
                raise _refuse("bad_theme")
            chosen = state.themes[move.index]
            events.append(Event("theme_chosen", {"theme": self.data.themes[chosen].name,
                                                 "letters": [x.upper() for x in state.letters]}))
            events.append(Event("turn_started", {"seat": state.current}))
            return replace(state, phase="talk", themes=(chosen,)), events
        if isinstance(move, Say):
            if state.phase == "theme":
                raise _refuse("queen_chooses")
            return self._spoken(state, seat, move, events)
        raise InputError(f"not an Alicja move: {move!r}")

    def _spoken(self, state: State, seat: int, move: Say,
             events: list[Event]) -> tuple[State, list[Event]]:
        words = words_of(move.text)
        if not words:
            raise _refuse("empty")
        text = " ".join(words)
        events.append(Event("word_said", {"seat": seat, "words": text}))
        said = (*state.said, (seat, text))
        state = replace(state, said=said, last=None)
        bad = sorted({x for w in words for x in state.letters if x in w})
        if bad:
            return self._out(state, seat, "letter", events, letters=[x.upper() for x in bad])
        repeat = self._repeat(state.said[:-1], words)
        if repeat is not None:
            return self._out(state, seat, "repeat", events, earlier=repeat.upper())
        state = replace(state, last=len(said) - 1)
        return self._next(state, seat, events)

    def _content(self, words: Sequence[str]) -> list[str]:
        return [w for w in words if w not in self.data.little]

    def _forms(self, word: str) -> set[str]:
        """The word, its lemmas, and the family the data file lists for any of them."""
        forms = {word}
        if self._lemmas is not None:
            forms |= set(self._lemmas(word))
        for form in list(forms):
            forms |= self.data.families.get(form, frozenset())
        return forms

    def _repeat(self, earlier: Sequence[tuple[int, str]], words: Sequence[str]) -> str | None:
        """An earlier word that one of ``words`` repeats, or is another form of."""
        before = [w for _, text in earlier for w in self._content(text.split())]
        for word in self._content(words):
            mine = self._forms(word)
            for old in before:
                if old == word or mine & self._forms(old):
                    return old
        return None

    def _next(self, state: State, seat: int,
              events: list[Event]) -> tuple[State, list[Event]]:
        order = list(state.active)
        k = order.index(seat) if seat in order else 0
        current = order[(k + 1) % len(order)]
        events.append(Event("turn_started", {"seat": current}))
        return replace(state, current=current), events

    def _out(self, state: State, seat: int, why: str, events: list[Event],
             **params: Any) -> tuple[State, list[Event]]:
        card = len(state.out) + 1
        events.append(Event("player_out", {"seat": seat, "why": why, "card": card, **params}))
        order = list(state.active)
        k = order.index(seat)
        active = tuple(s for s in order if s != seat)
        state = replace(state, active=active, out=(*state.out, seat), last=None)
        if len(active) == 1:
            return self._end_round(state, events)
        current = order[(k + 1) % len(order)]
        events.append(Event("turn_started", {"seat": current}))
        return replace(state, current=current), events

    def _challenge(self, state: State, seat: int,
                   events: list[Event]) -> tuple[State, list[Event]]:
        if state.phase != "talk" or state.last is None:
            raise _refuse("nothing_to_challenge")
        speaker, words = state.said[state.last]
        if seat == speaker:
            raise _refuse("own_word")
        events.append(Event("challenged", {"challenger": seat, "seat": speaker,
                                           "words": words}))
        return replace(state, phase="vote", challenger=seat, votes=()), events

    def _vote(self, state: State, seat: int, move: Vote,
              events: list[Event]) -> tuple[State, list[Event]]:
        if state.phase != "vote" or state.last is None:
            raise _refuse("no_vote")
        speaker = state.said[state.last][0]
        if seat == speaker:
            raise _refuse("not_a_voter")
        if any(s == seat for s, _ in state.votes):
            raise _refuse("already_voted")
        state = replace(state, votes=(*state.votes, (seat, move.stands)))
        events.append(Event("vote_cast", {"seat": seat}))
        if not state.awaiting:
            return self._count(state, events)
        return state, events

    def _count(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """More against than for: the speaker is out; a tie, or abstentions, keep the word."""
        assert state.last is not None
        speaker, words = state.said[state.last]
        yes = sum(1 for _, v in state.votes if v)
        no = sum(1 for _, v in state.votes if not v)
        stands = no <= yes
        events.append(Event("vote_result", {"yes": yes, "no": no, "words": words,
                                            "stands": stands}))
        state = replace(state, phase="talk", challenger=None, votes=(), last=None)
        if stands:
            events.append(Event("turn_started", {"seat": state.current}))
            return state, events
        # The speaker goes out; whoever was to speak after them (the one waiting now) still
        # does, as after any other way out.
        return self._out(state, speaker, "vote", events)

    def _end_round(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        n = len(state.seats)
        winner = state.active[0]
        events.append(Event("round_won", {"seat": winner, "card": n}))
        order = (*state.out, winner)
        cups = list(state.cups)
        got = []
        for k, seat in enumerate(order, start=1):
            value = self.data.cup_value(k, n)
            cups[seat] += value
            got.append([seat, value])
        events.append(Event("cups_scored", {"cups": got}))
        state = replace(state, cups=tuple(cups), out=order, active=())
        if state.round >= n:
            events.append(Event("game_over", {"scores": cups,
                                              "winners": state.result()["winners"]}))
            return replace(state, phase="over", current=-1), events
        state = self._start_round(state, state.round + 1, (state.queen + 1) % n, events)
        return state, events
