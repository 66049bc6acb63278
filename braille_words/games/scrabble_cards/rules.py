"""Scrabble karty: the rules, the state and the moves (``../shared/rules/scrabble-karty.pl.txt``
and the rules README, whose values and readings stand where the issue differs).

A turn lays a word (the main word, through cards already on the table, plus every cross word it
makes), passes, or exchanges cards. The hand is refilled to seven cards at the start of each
turn; premium cards count toward the seven. The first word goes anywhere and counts double; a
word-premium card multiplies the main word (never the first one); a conditional card adds its
light value to its owner's move, or, played by a rival right after a move that stands, takes
its dark value from the mover. After a move the rivals accept it or ask for a check; a word the
lexicon lacks takes the move back and the mover scores nothing. ``check=immediate`` lets the
program check at once: a word the lexicon lacks is then refused and the player tries again.

A move can be typed whole (``Lay``: ``8H kotek``) or built card by card from routing keys
(``Put``, ``TakeBack``, ``Clear``, ``Premium``, then ``Done``, which judges it as a whole and
gives every reason at once when it is refused).

Public entry points: ``GAME_ID``, ``Options``, ``Rules``, ``State``, the moves,
``move_from_json``, ``EVENT_KINDS``, ``REASON_CODES``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol, cast

from braille_words.errors import InputError
from braille_words.games.base import Event, MoveBase, Reason, ReasonCodes, RuleViolation, read_move
from braille_words.games.interface import GameRules
from braille_words.games.options import GameOptions, at_least, choices
from braille_words.games.scrabble_cards.board import (
    Formed,
    Letter,
    Square,
    in_one_line,
    run_through,
    touches,
    words_crossed,
    words_formed,
)
from braille_words.games.scrabble_cards.conditions import CONDITIONS, MoveFacts, met
from braille_words.games.scrabble_cards.deck import BLANK, DeckSpec, load_deck
from braille_words.games.scrabble_cards.notation import (
    POLISH,
    coord,
    parse_word,
    square_name,
)
from braille_words.games.scrabble_cards.view import (
    CardView,
    LastView,
    PendingView,
    ScrabbleView,
    SquareView,
    WordView,
)
from braille_words.tiles import Card, alphabet

GAME_ID = "scrabble_cards"
PLAYERS = (2, 4)
WORD_PREMIUMS = ("x2", "x3")


class WordList(Protocol):
    def contains(self, word: str) -> bool: ...


EVENT_KINDS: dict[str, str] = {
    "game_started": "Scrabble karty for {players} players on a {size} by {size} table.",
    "turn_started": "{seat}'s turn.",
    "cards_drawn": "You draw {cards}.",
    "others_drew": "Player {seat} draws {count} cards.",
    "word_laid": "Player {seat}: {word}, {coord} {across}, {points} points, total {total}.",
    "word_scored": "{word}: {points} points.",
    "premium_played": "Player {seat} plays {card}.",
    "all_cards": "Player {seat} used all seven cards: +{points}.",
    "verdict_asked": "Accept the move, or check it.",
    "accepted": "Player {seat} accepts.",
    "checked": "Player {seat} asks for a check.",
    "check_passed": "Every word is in the lexicon: the move stands.",
    "move_stands": "The move stands: player {seat} has {total}.",
    "move_taken_back": "{words} not in the lexicon: the move is taken back, no points.",
    "against_announced": "Player {rival} will play {card} against the move.",
    "against_played": "Player {rival} plays {card} against player {seat}: -{points}.",
    "card_put": "{letter} on {coord}.",
    "card_taken": "{letter} back from {coord}.",
    "build_cleared": "The cards laid this turn are back in your hand.",
    "premium_marked": "{card} goes with the move.",
    "premium_unmarked": "{card} stays in your hand.",
    "passed": "Player {seat} passes.",
    "exchanged": "Player {seat} exchanges {count} cards.",
    "clock_out": "Player {seat}'s clock has run out: they can only pass.",
    "hand_left": "Player {seat} has {points} points of letters left: -{points}.",
    "hand_given": "Player {seat} gives {points} points of letters to player {to}.",
    "went_out": "Player {seat} has no letters left and no letter is left in the bag.",
    "all_idle": "Every player passed or lost a turn twice in a row.",
    "all_clocks_out": "Every clock has run out.",
    "bag_empty": "The bag is empty.",
    "game_over": "The game is over.",
}

REASON_CODES = ReasonCodes({
    "game_ended": "The game is over.",
    "not_your_turn": "It is player {player}'s turn.",
    "verdict_pending": "The rivals are accepting or checking the last move.",
    "no_verdict": "There is no move to accept or check now.",
    "answer_first": "First answer {player}'s move: accept or check.",
    "own_move": "This is your own move.",
    "answered": "You have answered this move already.",
    "off_board": "{word} runs off the table at {coord}.",
    "square_taken": "{coord} holds {letter}, not {wanted}.",
    "not_in_hand": "Your hand lacks {missing}.",
    "nothing_laid": "The word lays none of your cards.",
    "too_short": "A word has at least 2 letters.",
    "word_continues": "On the table the word reads {word} from {coord}: name the whole word.",
    "not_connected": "The word must cross, extend or touch a word on the table.",
    "no_premium_first": "The first word counts double already: no word-premium card on it.",
    "condition_not_met": "{card}: the move does not meet its condition.",
    "not_a_word": "{word} is not in the lexicon.",
    "no_such_card": "You have no card {number}.",
    "not_premium": "Card {number} is not a premium card.",
    "not_letter": "Card {number} is a premium card: it is not laid on a square.",
    "not_conditional": "Card {number} is not a conditional card.",
    "card_repeated": "Card {number} is named twice.",
    "card_laid": "Card {number} is laid already this turn.",
    "blank_letter": "Say which letter the blank stands for: put {number} {square} and the "
    "letter.",
    "not_a_letter": "{letter} is not a Polish letter.",
    "square_busy": "{coord} is taken.",
    "nothing_there": "You laid nothing on {coord}.",
    "nothing_pending": "Lay cards on squares first.",
    "not_in_line": "The cards you laid are not in one row or one column.",
    "gap": "The cards you laid leave a gap at {coord}.",
    "bag_too_small": "An exchange needs at least {min} cards in the bag; it has {bag}.",
    "no_exchanges": "You have used all {limit} of your exchanges.",
    "nothing_exchanged": "Name the cards to exchange by their numbers.",
    "ending_move": "This move ends the game: no card can be played against it.",
    "clock_out": "Your clock has run out: you can only pass.",
    "no_clock": "This game has no clock (clock_minutes).",
    "against_twice": "That card is played against this move already.",
})


_reason, _refuse = REASON_CODES.reason, REASON_CODES.refuse


# --------------------------------------------------------------------------- options


@dataclass
class Options(GameOptions):
    """``board_size``: the table's side (ours; 15 by default). ``check``: "on-request" (the
    rivals accept or check) or "immediate" (the program checks every move at once).
    ``exchanges``: exchanges per player (3 in a ranked game; unset: unlimited).
    ``clock_minutes``: a game clock per player (unset: none)."""

    board_size: int = field(default=15, metadata=at_least(7, 26))
    check: str = field(default="on-request", metadata=choices("on-request", "immediate"))
    exchanges: int | None = None
    clock_minutes: int | None = field(default=None, metadata=at_least(1))

    game_name: ClassVar[str] = "Scrabble karty"


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Lay(MoveBase):
    """Lay ``word`` from square (row, col), across or down. ``word`` is the whole main word,
    cards already on the table included; a blank is ``?`` before the letter it stands for.
    ``extras``: hand places (0-based) of premium cards played with the move."""

    row: int
    col: int
    across: bool
    word: str
    extras: tuple[int, ...] = ()
    kind: ClassVar[str] = "lay"


@dataclass(frozen=True)
class Put(MoveBase):
    """Lay hand card ``card`` (0-based) on a square, building a move; a blank needs
    ``letter``."""

    card: int
    row: int
    col: int
    letter: str = ""
    kind: ClassVar[str] = "put"


@dataclass(frozen=True)
class TakeBack(MoveBase):
    row: int
    col: int
    kind: ClassVar[str] = "take_back"


@dataclass(frozen=True)
class Clear(MoveBase):
    kind: ClassVar[str] = "clear"


@dataclass(frozen=True)
class Premium(MoveBase):
    """Play (or stop playing) hand card ``card``, a premium card, with the move being built."""

    card: int
    kind: ClassVar[str] = "premium"


@dataclass(frozen=True)
class Done(MoveBase):
    """The cards laid this turn are the move: judge it as a whole."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True)
class Pass(MoveBase):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Exchange(MoveBase):
    cards: tuple[int, ...]
    kind: ClassVar[str] = "exchange"


@dataclass(frozen=True)
class Accept(MoveBase):
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Check(MoveBase):
    kind: ClassVar[str] = "check"


@dataclass(frozen=True)
class Against(MoveBase):
    """Play conditional card ``card`` (hand place) against the move waiting for answers."""

    card: int
    kind: ClassVar[str] = "against"


@dataclass(frozen=True)
class ClockOut(MoveBase):
    """The table's move: ``seat``'s game clock has run out."""

    seat: int
    kind: ClassVar[str] = "clock_out"


Move = (Lay | Put | TakeBack | Clear | Premium | Done | Pass | Exchange | Accept | Check
        | Against | ClockOut)
_MOVES = (Lay, Put, TakeBack, Clear, Premium, Done, Pass, Exchange, Accept, Check, Against,
          ClockOut)


def move_from_json(data: Mapping[str, Any]) -> Move:
    return cast(Move, read_move(data, _MOVES, "a Scrabble karty move"))


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class Placed:
    """A card on the table: its square, the card, the letter it shows."""

    row: int
    col: int
    card: int
    letter: str
    blank: bool = False

    def to_json(self) -> list[Any]:
        return [self.row, self.col, self.card, self.letter, self.blank]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Placed:
        return cls(int(data[0]), int(data[1]), int(data[2]), str(data[3]), bool(data[4]))


@dataclass(frozen=True)
class Scored:
    word: str
    row: int
    col: int
    across: bool
    points: int

    def to_json(self) -> list[Any]:
        return [self.word, self.row, self.col, self.across, self.points]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Scored:
        return cls(str(data[0]), int(data[1]), int(data[2]), bool(data[3]), int(data[4]))


@dataclass(frozen=True)
class Last:
    """The last move laid: while the rivals answer it, and after it stands."""

    seat: int
    laid: tuple[Placed, ...]
    premiums: tuple[int, ...]
    """Card ids of the premium cards played with it."""
    words: tuple[Scored, ...]
    """The main word first."""
    points: int
    meets: tuple[str, ...]
    """The conditional cards whose condition the move meets."""
    ends: bool
    """Standing, it ends the game (no letter left in the mover's hand nor in the bag)."""
    stands: bool = False
    answered: tuple[int, ...] = ()
    against: tuple[tuple[int, int], ...] = ()
    """(rival, card id) of each conditional card played against it."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "laid": [p.to_json() for p in self.laid],
            "premiums": list(self.premiums),
            "words": [w.to_json() for w in self.words],
            "points": self.points,
            "meets": list(self.meets),
            "ends": self.ends,
            "stands": self.stands,
            "answered": list(self.answered),
            "against": [list(a) for a in self.against],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Last:
        return cls(
            seat=int(d["seat"]),
            laid=tuple(Placed.from_json(p) for p in d["laid"]),
            premiums=tuple(int(x) for x in d["premiums"]),
            words=tuple(Scored.from_json(w) for w in d["words"]),
            points=int(d["points"]),
            meets=tuple(str(x) for x in d["meets"]),
            ends=bool(d["ends"]),
            stands=bool(d["stands"]),
            answered=tuple(int(x) for x in d["answered"]),
            against=tuple((int(a), int(b)) for a, b in d["against"]),
        )


@dataclass(frozen=True)
class Pending:
    """A card laid this turn, not yet judged: the card's id, its square, the letter shown."""

    card: int
    row: int
    col: int
    letter: str

    def to_json(self) -> list[Any]:
        return [self.card, self.row, self.col, self.letter]


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    seed: int
    size: int
    table: tuple[Placed, ...]
    hands: tuple[tuple[Card, ...], ...]
    bag: tuple[Card, ...]
    spent: tuple[Card, ...]
    scores: tuple[int, ...]
    current: int
    phase: str = "turn"
    pending: tuple[Pending, ...] = ()
    pending_premiums: tuple[int, ...] = ()
    last: Last | None = None
    exchanges: tuple[int, ...] = ()
    idle: int = 0
    clock_out: tuple[bool, ...] = ()
    over: bool = False
    turns: int = 0
    options: Options = field(default_factory=Options)
    values: tuple[tuple[str, int, int], ...] = ()
    """Each premium card's (code, light or factor, dark), for views: from the data file."""

    @property
    def awaiting(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.phase == "verdict" and self.last is not None:
            return frozenset(s for s in range(len(self.seats))
                             if s != self.last.seat and s not in self.last.answered)
        return frozenset({self.current})

    @property
    def is_over(self) -> bool:
        return self.over

    def board(self) -> dict[Square, Letter]:
        return {(p.row, p.col): Letter(p.letter, p.blank) for p in self.table}

    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it is: the invariant is that none is created or
        lost (cards on the table are counted by id)."""
        out = [c for hand in self.hands for c in hand] + list(self.bag) + list(self.spent)
        return out

    def table_ids(self) -> list[int]:
        return [p.card for p in self.table]

    def _card_view(self, card: Card) -> CardView:
        extra = {code: (light, dark) for code, light, dark in self.values}
        if card.premium is not None:
            light, dark = extra.get(card.premium, (0, 0))
            return {"letter": None, "premium": card.premium, "value": light, "dark": dark}
        return {"letter": card.letter, "premium": None, "value": card.value, "dark": 0}

    def view_for(self, seat: int) -> ScrabbleView:
        mine = 0 <= seat < len(self.hands)
        hand = list(self.hands[seat]) if mine else []
        place = {c.id: k for k, c in enumerate(hand)}
        own_turn = mine and seat == self.current and self.phase == "turn"
        pending: list[PendingView] = [
            {"card": place[p.card], "row": p.row, "col": p.col, "letter": p.letter}
            for p in self.pending if p.card in place
        ] if own_turn else []
        board: list[SquareView] = [
            {"row": p.row, "col": p.col, "letter": p.letter, "blank": p.blank} for p in self.table
        ]
        limit = self.options.exchanges
        exchanges_left = None if limit is None or not mine else max(0, limit - self.exchanges[seat])
        return {
            "game": GAME_ID,
            "seat": seat,
            "seats": list(self.seats),
            "awaiting": sorted(self.awaiting),
            "size": self.size,
            "board": board,
            "hand": [self._card_view(c) for c in hand],
            "hand_counts": [len(h) for h in self.hands],
            "pending": pending,
            "pending_premiums": [place[c] for c in self.pending_premiums if c in place]
            if own_turn else [],
            "phase": self.phase,
            "current": self.current,
            "last": self._last_view(),
            "scores": list(self.scores),
            "bag": len(self.bag),
            "exchanges_left": exchanges_left,
            "clock_out": list(self.clock_out),
            "clock_minutes": self.options.clock_minutes,
            "check": self.options.check,
            "turns": self.turns,
            "over": self.over,
        }

    def _last_view(self) -> LastView | None:
        last = self.last
        if last is None:
            return None
        codes = {c.id: c.premium or "" for hand in self.hands for c in hand}
        codes.update({c.id: c.premium or "" for c in self.spent})
        main = last.words[0]
        words: list[WordView] = [
            {"word": w.word, "row": w.row, "col": w.col, "across": w.across, "points": w.points}
            for w in last.words
        ]
        return {
            "seat": last.seat,
            "word": main.word,
            "row": main.row,
            "col": main.col,
            "across": main.across,
            "words": words,
            "points": last.points,
            "premiums": [codes.get(c, "") for c in last.premiums],
            "stands": last.stands,
            "answered": list(last.answered),
            "against": [[s, codes.get(c, "")] for s, c in last.against],
            "meets": list(last.meets),
        }

    def result(self) -> dict[str, Any]:
        best = max(self.scores) if self.scores else 0
        return {
            "scores": list(self.scores),
            "winners": [s for s, p in enumerate(self.scores) if p == best],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "size": self.size,
            "table": [p.to_json() for p in self.table],
            "hands": [[c.id for c in h] for h in self.hands],
            "bag": [c.id for c in self.bag],
            "spent": [c.id for c in self.spent],
            "scores": list(self.scores),
            "current": self.current,
            "phase": self.phase,
            "pending": [p.to_json() for p in self.pending],
            "pending_premiums": list(self.pending_premiums),
            "last": self.last.to_json() if self.last is not None else None,
            "exchanges": list(self.exchanges),
            "idle": self.idle,
            "clock_out": list(self.clock_out),
            "over": self.over,
            "turns": self.turns,
            "options": self.options.to_json(),
        }


# --------------------------------------------------------------------------- rules


class Rules(GameRules[State, Move]):
    """Scrabble karty. ``lexicon`` is Polish (``contains``)."""

    table_moves = (ClockOut,)

    def __init__(
        self, lexicon: WordList | None, options: Options | None = None,
        deck: DeckSpec | None = None,
    ) -> None:
        self.lexicon = lexicon
        self.options = options or Options()
        self.deck = deck or load_deck()
        self._cards = {c.id: c for c in self.deck.cards()}
        self._values = {letter: v for letter, (_n, v) in self.deck.letters.items()}
        premium = [(k, f, 0) for k, (_n, f) in self.deck.word_premiums.items()]
        premium += [(k, light, dark) for k, (light, dark) in self.deck.conditional.items()]
        self.premium_values = tuple(premium)

    # ---- set-up

    def new(self, seats: Sequence[str], seed: int) -> tuple[State, list[Event]]:
        n = len(seats)
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise InputError(f"Scrabble karty is for {PLAYERS[0]} to {PLAYERS[1]} players, "
                             f"not {n}")
        cards = list(self._cards.values())
        random.Random(seed).shuffle(cards)
        hands: list[tuple[Card, ...]] = [() for _ in range(n)]
        state = State(
            seats=tuple(seats), seed=seed, size=self.options.board_size, table=(),
            hands=tuple(hands), bag=tuple(cards), spent=(), scores=(0,) * n, current=0,
            exchanges=(0,) * n, clock_out=(False,) * n, options=self.options,
            values=self.premium_values,
        )
        events = [Event("game_started", {"players": n, "size": state.size,
                                         "clock": self.options.clock_minutes or 0,
                                         "seats": list(seats)})]
        for seat in range(1, n):  # everyone holds seven from the start; the first at turn start
            state = self._refill(state, seat, events)
        return self._start_turn(state, 0, events)

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        try:
            cards = self._cards
            last = data.get("last")
            return State(
                seats=tuple(str(s) for s in data["seats"]),
                seed=int(data["seed"]),
                size=int(data["size"]),
                table=tuple(Placed.from_json(p) for p in data["table"]),
                hands=tuple(tuple(cards[int(i)] for i in h) for h in data["hands"]),
                bag=tuple(cards[int(i)] for i in data["bag"]),
                spent=tuple(cards[int(i)] for i in data["spent"]),
                scores=tuple(int(s) for s in data["scores"]),
                current=int(data["current"]),
                phase=str(data["phase"]),
                pending=tuple(Pending(int(a), int(b), int(c), str(d))
                              for a, b, c, d in data["pending"]),
                pending_premiums=tuple(int(x) for x in data["pending_premiums"]),
                last=Last.from_json(last) if last is not None else None,
                exchanges=tuple(int(x) for x in data["exchanges"]),
                idle=int(data["idle"]),
                clock_out=tuple(bool(x) for x in data["clock_out"]),
                over=bool(data["over"]),
                turns=int(data["turns"]),
                options=Options.from_json(data.get("options", {})),
                values=self.premium_values,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"this is not a saved Scrabble karty game: {exc}") from None

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """Other hands and the bag dealt again from the same cards; cards the table already
        knows of (laid this turn, played against a move) stay where they are."""
        pinned = {p.card for p in state.pending} | set(state.pending_premiums)
        if state.last is not None:
            pinned |= {c for _s, c in state.last.against}
        others = [s for s in range(len(state.hands)) if s != seat]
        pool = [c for s in others for c in state.hands[s] if c.id not in pinned]
        pool += list(state.bag)
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            hand: list[Card] = []
            for c in state.hands[s]:
                hand.append(c if c.id in pinned else pool.pop())
            hands[s] = tuple(hand)
        return replace(state, hands=tuple(hands), bag=tuple(pool))

    def may_act(self, state: State, seat: int, move: Move) -> bool:
        return seat in state.awaiting or self.is_table_move(move)

    def time_up(self, state: State) -> tuple[int, Move] | None:
        """What the table does for a seat that is skipped (the teacher's "pomiń"): a rival
        waited for accepts, the player to move passes."""
        if state.over:
            return None
        if state.phase == "verdict":
            return min(state.awaiting), Accept()
        return state.current, Pass()

    def clock_out(self, state: State, seat: int) -> tuple[int, Move] | None:
        """The table's chess clock ran out for ``seat`` (``clock_minutes``)."""
        if state.over or self.options.clock_minutes is None or state.clock_out[seat]:
            return None
        return seat, ClockOut(seat)

    # ---- moves

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if state.over:
            raise _refuse("game_ended")
        if isinstance(move, ClockOut):
            if self.options.clock_minutes is None:
                raise _refuse("no_clock")
            return self._clock_out(state, move.seat)
        if state.phase == "verdict":
            return self._answer(state, seat, move)
        if isinstance(move, Accept | Check | Against):
            raise _refuse("no_verdict")
        if seat != state.current:
            raise _refuse("not_your_turn", player=state.current + 1)
        if state.clock_out[seat] and not isinstance(move, Pass):
            raise _refuse("clock_out")
        if isinstance(move, Lay):
            return self._lay(state, seat, move)
        if isinstance(move, Done):
            return self._done(state, seat)
        if isinstance(move, Put):
            return self._put(state, seat, move)
        if isinstance(move, TakeBack):
            return self._take_back(state, seat, move)
        if isinstance(move, Clear):
            return replace(state, pending=(), pending_premiums=()), [
                Event("build_cleared", {}, to=seat)]
        if isinstance(move, Premium):
            return self._premium(state, seat, move)
        if isinstance(move, Pass):
            events = [Event("passed", {"seat": seat})]
            return self._idle(replace(state, pending=(), pending_premiums=()), events)
        if isinstance(move, Exchange):
            return self._exchange(state, seat, move)
        raise InputError(f"not a Scrabble karty move: {move!r}")

    # ---- the hand

    def _hand_card(self, state: State, seat: int, place: int) -> Card:
        hand = state.hands[seat]
        if not 0 <= place < len(hand):
            raise _refuse("no_such_card", number=place + 1)
        return hand[place]

    def _refill(self, state: State, seat: int, events: list[Event]) -> State:
        hand = list(state.hands[seat])
        bag = list(state.bag)
        drawn: list[Card] = []
        while len(hand) < self.deck.hand_size and bag:
            drawn.append(bag.pop())
            hand.append(drawn[-1])
        if not drawn:
            return state
        params: dict[str, Any] = {"cards": [_card_code(c) for c in drawn]}
        if not state.turns and not state.hands[seat]:
            params["dealt"] = True  # the opening hand: its first turn lists it all
        events.append(Event("cards_drawn", params, to=seat))
        events.append(Event("others_drew", {"seat": seat, "count": len(drawn)}))
        if not bag:
            events.append(Event("bag_empty", {}))
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        return replace(state, hands=tuple(hands), bag=tuple(bag))

    # ---- building a move card by card

    def _put(self, state: State, seat: int, move: Put) -> tuple[State, list[Event]]:
        card = self._hand_card(state, seat, move.card)
        reasons: list[Reason] = []
        if card.is_premium:
            reasons.append(_reason("not_letter", number=move.card + 1))
        if any(p.card == card.id for p in state.pending):
            reasons.append(_reason("card_laid", number=move.card + 1))
        letter = card.letter or move.letter.strip().lower()
        if card.is_joker and not letter:
            reasons.append(_reason("blank_letter", number=move.card + 1,
                                   square=square_name(move.row, move.col)))
        elif card.is_joker and letter not in alphabet(self.deck.lang):
            reasons.append(_reason("not_a_letter", letter=letter.upper()))
        name = square_name(move.row, move.col)
        if not (0 <= move.row < state.size and 0 <= move.col < state.size):
            reasons.append(_reason("off_board", word=letter.upper(), coord=name))
        elif (move.row, move.col) in state.board() or any(
                (p.row, p.col) == (move.row, move.col) for p in state.pending):
            reasons.append(_reason("square_busy", coord=name))
        if reasons:
            raise RuleViolation(reasons)
        pending = (*state.pending, Pending(card.id, move.row, move.col, letter))
        event = Event("card_put", {"letter": letter.upper(), "blank": card.is_joker,
                                   "coord": name}, to=seat)
        return replace(state, pending=pending), [event]

    def _take_back(self, state: State, seat: int, move: TakeBack) -> tuple[State, list[Event]]:
        found = [p for p in state.pending if (p.row, p.col) == (move.row, move.col)]
        name = square_name(move.row, move.col)
        if not found:
            raise _refuse("nothing_there", coord=name)
        pending = tuple(p for p in state.pending if p is not found[0])
        event = Event("card_taken", {"letter": found[0].letter.upper(), "coord": name}, to=seat)
        return replace(state, pending=pending), [event]

    def _premium(self, state: State, seat: int, move: Premium) -> tuple[State, list[Event]]:
        card = self._hand_card(state, seat, move.card)
        if not card.is_premium:
            raise _refuse("not_premium", number=move.card + 1)
        if card.id in state.pending_premiums:
            chosen = tuple(c for c in state.pending_premiums if c != card.id)
            kind = "premium_unmarked"
        else:
            chosen = (*state.pending_premiums, card.id)
            kind = "premium_marked"
        return replace(state, pending_premiums=chosen), [
            Event(kind, {"card": card.premium}, to=seat)]

    def _done(self, state: State, seat: int) -> tuple[State, list[Event]]:
        """The cards laid this turn, judged as one move."""
        if not state.pending:
            raise _refuse("nothing_pending")
        lay = self.lay_of(state, seat)
        return self._lay(state, seat, lay, state.pending)

    def lay_of(self, state: State, seat: int) -> Lay:
        """The typed move the cards laid this turn make (``RuleViolation`` when they are not
        in one line or leave a gap)."""
        squares = [(p.row, p.col) for p in state.pending]
        across = in_one_line(squares)
        if across is None:
            raise _refuse("not_in_line")
        laid = {(p.row, p.col): Letter(p.letter) for p in state.pending}
        board = state.board()
        if len(squares) == 1:
            _start, run = run_through(board, squares[0], True)
            across = len(run) >= 2 or len(run_through(board, squares[0], False)[1]) < 2
        after = {**board, **laid}
        start, run = run_through(after, min(squares), across)
        missing = [s for s in squares if s not in run]
        if missing:
            dr, dc = (0, 1) if across else (1, 0)
            gap = (run[-1][0] + dr, run[-1][1] + dc)
            raise _refuse("gap", coord=square_name(*gap))
        blanks = {(p.row, p.col) for p in state.pending
                  if self._cards[p.card].is_joker}
        word = "".join(("?" if s in blanks else "") + after[s].letter for s in run)
        place = {c.id: k for k, c in enumerate(state.hands[seat])}
        extras = tuple(place[c] for c in state.pending_premiums if c in place)
        return Lay(start[0], start[1], across, word, extras)

    # ---- laying a word

    def _lay(
        self, state: State, seat: int, move: Lay, pending: Sequence[Pending] = ()
    ) -> tuple[State, list[Event]]:
        judged = self.judge(state, seat, move, pending)
        return self._laid(state, seat, judged)

    def judge(
        self, state: State, seat: int, move: Lay, pending: Sequence[Pending] = ()
    ) -> Judged:
        """A move checked as a whole: its cards, words and points, or every reason it is
        refused. The state is not changed."""
        letters = parse_word(move.word)
        hand = list(state.hands[seat])
        board = state.board()
        reasons: list[Reason] = []
        dr, dc = (0, 1) if move.across else (1, 0)
        laid: dict[Square, Letter] = {}
        need: list[tuple[Square, str, bool]] = []
        for i, (letter, blank) in enumerate(letters):
            sq = (move.row + dr * i, move.col + dc * i)
            if not (0 <= sq[0] < state.size and 0 <= sq[1] < state.size):
                reasons.append(_reason("off_board", word=_shown(letters),
                                       coord=square_name(*sq)))
                break
            if sq in board:
                if board[sq].letter != letter:
                    reasons.append(_reason("square_taken", coord=square_name(*sq),
                                           letter=board[sq].letter.upper(),
                                           wanted=letter.upper()))
                continue
            need.append((sq, letter, blank))
            laid[sq] = Letter(letter, blank)
        # the cards: those laid by routing keys, or letter cards first, then blanks
        used: dict[Square, Card] = {}
        free = list(hand)
        by_square = {(p.row, p.col): p.card for p in pending}
        missing: list[str] = []
        jokers = 0
        for sq, letter, blank in need:
            card = None
            if sq in by_square:
                card = next((c for c in free if c.id == by_square[sq]), None)
            if card is None:
                card = next((c for c in free if (c.is_joker if blank else c.letter == letter)),
                            None)
            if card is None:
                if blank:
                    jokers += 1  # said as "a joker", not "?T" (read "question mark T")
                else:
                    missing.append(letter.upper())
                continue
            free.remove(card)
            used[sq] = card
        if missing or jokers:
            # the joker's spelling is taught only to a hand that holds one: a child without
            # a joker heard how to write it and looked for one
            holds = "yes" if any(c.is_joker for c in free) else "no"
            reasons.append(_reason("not_in_hand", missing=", ".join(missing), joker=holds,
                                   jokers=jokers, both="yes" if missing and jokers else "no"))
        extras: list[Card] = []
        for k in move.extras:
            if not 0 <= k < len(hand):
                reasons.append(_reason("no_such_card", number=k + 1))
            elif not hand[k].is_premium:
                reasons.append(_reason("not_premium", number=k + 1))
            elif hand[k] in extras:
                reasons.append(_reason("card_repeated", number=k + 1))
            else:
                extras.append(hand[k])
        if not laid and not any(r.code == "off_board" for r in reasons):
            reasons.append(_reason("nothing_laid"))
        if reasons:
            raise RuleViolation(reasons)
        formed = words_formed(board, laid, move.across)
        main = formed[0]
        first = not board
        if (main.row, main.col) != (move.row, move.col) or len(main.letters) != len(letters):
            reasons.append(_reason("word_continues", word=main.text.upper(),
                                   coord=coord(main.row, main.col, main.across)))
        if len(main.letters) < 2:
            reasons.append(_reason("too_short"))
        if first and any(c.premium in WORD_PREMIUMS for c in extras):
            reasons.append(_reason("no_premium_first"))
        if not first and not touches(board, list(laid)) and len(main.new) == len(main.letters):
            reasons.append(_reason("not_connected"))
        held7 = len(hand) == self.deck.hand_size
        all_cards = held7 and len(used) + len(extras) == len(hand)
        facts = MoveFacts(
            word=main.text, words=len(formed), all_cards=all_cards,
            crossed=words_crossed(board, main),
            blank_letters=tuple(x.letter for x in laid.values() if x.blank),
            vowels=self.deck.vowels,
        )
        for card in extras:
            if card.premium not in WORD_PREMIUMS and not met(card.premium or "", facts):
                reasons.append(_reason("condition_not_met", card=card.premium))
        if self.options.check == "immediate" and self.lexicon is not None:
            for w in formed:
                if len(w.letters) >= 2 and not self.lexicon.contains(w.text):
                    reasons.append(_reason("not_a_word", word=w.text.upper()))
        if reasons:
            raise RuleViolation(reasons)
        factor = 2 if first else 1
        for card in extras:
            if card.premium in WORD_PREMIUMS:
                factor *= self.deck.word_premiums[card.premium][1]
        scored = [Scored(main.text, main.row, main.col, main.across,
                         main.value(self._values) * factor)]
        scored += [Scored(w.text, w.row, w.col, w.across, w.value(self._values))
                   for w in formed[1:]]
        bonus = self.deck.all_cards_bonus if all_cards else 0
        light = 0
        for card in extras:
            if card.premium is not None and card.premium in self.deck.conditional:
                light += self.deck.conditional[card.premium][0]
        points = sum(w.points for w in scored) + bonus + light
        meets = tuple(code for code in self.deck.conditional if met(code, facts))
        placed = tuple(Placed(sq[0], sq[1], used[sq].id, x.letter, x.blank)
                       for sq, x in sorted(laid.items()))
        left = [c for c in free if c not in extras]
        ends = not _letters_in(state.bag) and not _letters_in(left)
        return Judged(placed, tuple(c.id for c in extras), tuple(scored), points, meets, ends,
                      bonus, formed)

    def _laid(self, state: State, seat: int, judged: Judged) -> tuple[State, list[Event]]:
        gone = {p.card for p in judged.placed} | set(judged.premiums)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in state.hands[seat] if c.id not in gone)
        last = Last(seat, judged.placed, judged.premiums, judged.words, judged.points,
                    judged.meets, judged.ends)
        main = judged.words[0]
        events = [Event("word_laid", {
            "seat": seat, "word": main.word.upper(), "coord": coord(main.row, main.col,
                                                                    main.across),
            "across": main.across, "points": judged.points,
            "total": state.scores[seat] + judged.points,
            "waits": self.options.check != "immediate"})]
        for w in judged.words[1:]:
            events.append(Event("word_scored", {"word": w.word.upper(), "points": w.points}))
        for c in judged.premiums:
            events.append(Event("premium_played", {"seat": seat,
                                                   "card": self._cards[c].premium}))
        if judged.bonus:
            events.append(Event("all_cards", {"seat": seat, "points": judged.bonus}))
        # A premium card marked to go with the move, left out of a move typed in full
        # ("8H kotek"), stays in the hand: the player is told, not left believing it went.
        for c in state.pending_premiums:
            if c not in judged.premiums:
                events.append(Event("premium_unmarked", {"card": self._cards[c].premium},
                                    to=seat))
        # Premium cards played with the move are spent at once (back to the hand if it is
        # taken back), so every card is always somewhere.
        spent = (*state.spent, *(self._cards[c] for c in judged.premiums))
        after = replace(state, table=(*state.table, *judged.placed), hands=tuple(hands),
                        spent=spent, pending=(), pending_premiums=(), last=last,
                        phase="verdict")
        events.append(Event("verdict_asked", {"seat": seat,
                                              "immediate": self.options.check == "immediate"}))
        return after, events

    # ---- the rivals' answers

    def _answer(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        last = state.last
        assert last is not None
        if not isinstance(move, Accept | Check | Against):
            if seat in state.awaiting:
                raise _refuse("answer_first", player=state.seats[last.seat])
            raise _refuse("verdict_pending")
        if seat == last.seat:
            raise _refuse("own_move")
        if seat in last.answered:
            raise _refuse("answered")
        if isinstance(move, Against):
            return self._against(state, seat, move)
        if isinstance(move, Check):
            events = [Event("checked", {"seat": seat})]
            bad = [w.word for w in last.words
                   if self.lexicon is not None and not self.lexicon.contains(w.word)]
            if bad:
                return self._take_back_move(state, bad, events)
            events.append(Event("check_passed", {}))
            return self._stand(state, events)
        answered = (*last.answered, seat)
        after = replace(state, last=replace(last, answered=answered))
        events = [Event("accepted", {"seat": seat})]
        if not after.awaiting:
            return self._stand(after, events)
        return after, events

    def _against(self, state: State, seat: int, move: Against) -> tuple[State, list[Event]]:
        last = state.last
        assert last is not None
        card = self._hand_card(state, seat, move.card)
        if card.premium not in self.deck.conditional:
            raise _refuse("not_conditional", number=move.card + 1)
        if last.ends:
            raise _refuse("ending_move")
        if any(c == card.id for _s, c in last.against):
            raise _refuse("against_twice")
        if card.premium not in last.meets:
            raise _refuse("condition_not_met", card=card.premium)
        after = replace(state, last=replace(last, against=(*last.against, (seat, card.id))))
        return after, [Event("against_announced", {"rival": seat, "card": card.premium,
                                                   "seat": last.seat})]

    def _stand(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        last = state.last
        assert last is not None
        mover = last.seat
        scores = list(state.scores)
        scores[mover] += last.points
        hands = list(state.hands)
        spent = list(state.spent)
        for rival, card_id in last.against:
            card = self._cards[card_id]
            dark = self.deck.conditional[card.premium or ""][1]
            scores[mover] -= dark
            hands[rival] = tuple(c for c in hands[rival] if c.id != card_id)
            spent.append(card)
            events.append(Event("against_played", {"rival": rival, "seat": mover,
                                                    "card": card.premium, "points": dark}))
        # The total was said with the move ("razem 14"): said again only when a card played
        # against the move changed it (``changed``), not "Ruch zostaje: Ada ma 14" each time.
        events.append(Event("move_stands", {"seat": mover, "points": last.points,
                                            "total": scores[mover],
                                            "changed": "yes" if last.against else "no"}))
        after = replace(state, scores=tuple(scores), hands=tuple(hands), spent=tuple(spent),
                        last=replace(last, stands=True), phase="turn", idle=0)
        if last.ends:
            return self._went_out(after, mover, events)
        return self._next(after, events)

    def _take_back_move(
        self, state: State, bad: Sequence[str], events: list[Event]
    ) -> tuple[State, list[Event]]:
        """A word failed the check: the cards go back, no points, the turn lost."""
        last = state.last
        assert last is not None
        ids = {p.card for p in last.laid}
        back = [self._cards[p.card] for p in last.laid] + [self._cards[c] for c in last.premiums]
        hands = list(state.hands)
        hands[last.seat] = (*hands[last.seat], *back)
        events.append(Event("move_taken_back", {"seat": last.seat,
                                                "words": [w.upper() for w in bad]}))
        played = set(last.premiums)
        after = replace(state, table=tuple(p for p in state.table if p.card not in ids),
                        hands=tuple(hands), last=None, phase="turn",
                        spent=tuple(c for c in state.spent if c.id not in played))
        return self._idle(after, events)

    # ---- passing, exchanging, the clock

    def _idle(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """A pass or a lost turn: everyone twice in a row ends the game."""
        after = replace(state, idle=state.idle + 1)
        if after.idle >= 2 * len(state.seats):
            events.append(Event("all_idle", {}))
            return self._end_each_loses(after, events)
        return self._next(after, events)

    def _exchange(self, state: State, seat: int, move: Exchange) -> tuple[State, list[Event]]:
        reasons: list[Reason] = []
        hand = state.hands[seat]
        if not move.cards:
            reasons.append(_reason("nothing_exchanged"))
        seen: set[int] = set()
        for k in move.cards:
            if not 0 <= k < len(hand):
                reasons.append(_reason("no_such_card", number=k + 1))
            elif k in seen:
                reasons.append(_reason("card_repeated", number=k + 1))
            seen.add(k)
        if len(state.bag) < self.deck.exchange_min_bag:
            reasons.append(_reason("bag_too_small", min=self.deck.exchange_min_bag,
                                   bag=len(state.bag)))
        limit = self.options.exchanges
        if limit is not None and state.exchanges[seat] >= limit:
            reasons.append(_reason("no_exchanges", limit=limit))
        if reasons:
            raise RuleViolation(reasons)
        out = [hand[k] for k in sorted(seen)]
        bag = list(state.bag)
        drawn = [bag.pop() for _ in out]
        rng = random.Random(f"{state.seed}-{state.turns}-exchange")
        for card in out:
            bag.insert(rng.randrange(len(bag) + 1), card)
        hands = list(state.hands)
        hands[seat] = (*(c for c in hand if c not in out), *drawn)
        exchanges = list(state.exchanges)
        exchanges[seat] += 1
        events = [Event("exchanged", {"seat": seat, "count": len(out)}),
                  Event("cards_drawn", {"cards": [_card_code(c) for c in drawn]}, to=seat)]
        after = replace(state, hands=tuple(hands), bag=tuple(bag), exchanges=tuple(exchanges),
                        idle=0, pending=(), pending_premiums=())
        return self._next(after, events)

    def _clock_out(self, state: State, seat: int) -> tuple[State, list[Event]]:
        if not 0 <= seat < len(state.seats) or state.clock_out[seat]:
            return state, []
        flags = list(state.clock_out)
        flags[seat] = True
        after = replace(state, clock_out=tuple(flags))
        events = [Event("clock_out", {"seat": seat})]
        if all(flags):
            events.append(Event("all_clocks_out", {}))
            return self._end_each_loses(after, events)
        if after.phase == "turn" and after.current == seat:
            events.append(Event("passed", {"seat": seat}))
            return self._idle(replace(after, pending=(), pending_premiums=()), events)
        return after, events

    # ---- turns and the end

    def _next(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        n = len(state.seats)
        return self._start_turn(replace(state, turns=state.turns + 1), (state.current + 1) % n,
                                events)

    def _start_turn(
        self, state: State, seat: int, events: list[Event]
    ) -> tuple[State, list[Event]]:
        state = replace(state, current=seat, phase="turn", pending=(), pending_premiums=())
        state = self._refill(state, seat, events)
        if not _letters_in(state.bag) and not _letters_in(state.hands[seat]):
            return self._went_out(state, seat, events)
        events.append(Event("turn_started", {"seat": seat}))
        if state.clock_out[seat]:
            events.append(Event("passed", {"seat": seat}))
            return self._idle(state, events)
        return state, events

    def letters_left(self, hand: Sequence[Card]) -> int:
        """What a hand's letters are worth at the end (blanks and premium cards 0)."""
        return sum(c.value for c in hand if c.letter is not None)

    def _went_out(self, state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
        events.append(Event("went_out", {"seat": seat}))
        scores = list(state.scores)
        for other, hand in enumerate(state.hands):
            left = self.letters_left(hand)
            if other != seat and left:
                scores[other] -= left
                scores[seat] += left
                events.append(Event("hand_given", {"seat": other, "to": seat, "points": left}))
        return self._over(replace(state, scores=tuple(scores)), events)

    def _end_each_loses(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        scores = list(state.scores)
        for seat, hand in enumerate(state.hands):
            left = self.letters_left(hand)
            if left:
                scores[seat] -= left
                events.append(Event("hand_left", {"seat": seat, "points": left}))
        return self._over(replace(state, scores=tuple(scores)), events)

    def _over(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        over = replace(state, over=True, phase="over", pending=(), pending_premiums=())
        events.append(Event("game_over", {"scores": list(over.scores),
                                          "winners": over.result()["winners"]}))
        return over, events

    # ---- a teacher's position

    def from_position(
        self, seats: Sequence[str], seed: int, position: Mapping[str, Any]
    ) -> tuple[State, list[Event]]:
        from braille_words.games.scrabble_cards.position import state_from_position

        return state_from_position(self, seats, seed, position)


@dataclass(frozen=True)
class Judged:
    """A move that passed every check: what it lays, plays and scores."""

    placed: tuple[Placed, ...]
    premiums: tuple[int, ...]
    words: tuple[Scored, ...]
    points: int
    meets: tuple[str, ...]
    ends: bool
    bonus: int
    formed: list[Formed]


def _card_code(card: Card) -> str:
    """A card as events carry it: its letter, "?" a blank, a premium card's code."""
    return card.letter or (BLANK if card.is_joker else card.premium or "")


def _shown(letters: Sequence[tuple[str, bool]]) -> str:
    return "".join(x for x, _b in letters).upper()


__all__ = [
    "CONDITIONS",
    "EVENT_KINDS",
    "GAME_ID",
    "POLISH",
    "REASON_CODES",
    "Accept",
    "Against",
    "Check",
    "Clear",
    "ClockOut",
    "Done",
    "Exchange",
    "Lay",
    "Move",
    "Options",
    "Pass",
    "Premium",
    "Put",
    "Rules",
    "State",
    "TakeBack",
    "coord",
    "move_from_json",
    "parse_word",
    "square_name",
]


def _letters_in(cards: Sequence[Card]) -> bool:
    """Whether any of ``cards`` is a letter (a blank is one; a premium card is not): the game
    ends when the mover holds none and the bag has none — "a w woreczku nie ma już więcej
    liter" — so premium cards left in the bag do not keep it going."""
    return any(c.kind != "premium" for c in cards)
