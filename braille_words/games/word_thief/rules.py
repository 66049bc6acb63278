"""Word Thief (Hoțul de cuvinte): the rules, the state and the moves.

English words from a hand of seven cards in four suits. A turn lays one word, steals another
player's unlocked word by adding at least one hand card (lengthening it, or cutting it into
pieces that each become a new word), or passes. A word all of one suit scores double and is
locked: it leaves the table for the used pile and cannot be stolen. Values and what the
rulebook leaves open are in ``data.toml`` and the rules README ("Hoțul de cuvinte").

Moves name words, not cards: the rules choose the hand cards, deterministically (a one-suit
choice first), so a journal replays a move from its words. A wild stands for whatever letter
the word needs there.

Public entry points: ``GAME_ID``, ``Options``, ``Rules``, ``State``, the moves ``Lay``,
``StealMove``, ``Pass``, ``move_from_json``, ``EVENT_KINDS``, ``REASON_CODES``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol, cast

from braille_words.errors import InputError
from braille_words.games.base import Event, MoveBase, Reason, ReasonCodes, RuleViolation, read_move
from braille_words.games.interface import GameRules
from braille_words.games.options import GameOptions
from braille_words.games.word_thief.deck import DeckSpec, load_deck
from braille_words.games.word_thief.finder import holds_in_order
from braille_words.games.word_thief.making import (
    Placed,
    Word,
    find_steal,
    from_hand,
    one_suit,
    word_text,
)
from braille_words.games.word_thief.plurals import only_plural as only_plural
from braille_words.games.word_thief.view import (
    CardView,
    PlacedView,
    TableWordView,
    WordThiefView,
)
from braille_words.tiles import Card

GAME_ID = "word_thief"
PLAYERS = (2, 6)
_ENGLISH = re.compile(r"[a-z]+")


class WordList(Protocol):
    def contains(self, word: str) -> bool: ...


EVENT_KINDS: dict[str, str] = {
    "game_started": "Word Thief begins: {players} players.",
    "dealer_drawn": "Cards drawn for the dealer: {draws}. The dealer is player {dealer}.",
    "hand_dealt": "Your hand: {letters}.",
    "turn_started": "Player {seat}'s turn.",
    "word_laid": "Player {seat} lays {word} for {points} points.",
    "word_stolen": "Player {seat} steals {stolen} from player {victim} and makes {words}.",
    "word_scored": "{word}: {points} points.",
    "wild_changed": "The wild card of {stolen} was {was}; in {word} it is {now}.",
    "word_locked": "{word} is all {suit}: doubled and locked.",
    "victim_loses": "Player {victim} loses {points} points for {stolen}.",
    "all_cards": "Player {seat} used all seven cards: +{points}.",
    "cards_drawn": "You draw {letters}.",
    "others_drew": "Player {seat} draws {count} cards.",
    "passed": "Player {seat} passes.",
    "pass_penalty": "Player {seat} passes: -{points}, and swaps {count} cards.",
    "draw_empty": "The draw pile is empty.",
    "hand_left": "Player {seat} has {points} points of cards left: -{points}.",
    "game_over": "The game is over.",
}

REASON_CODES = ReasonCodes({
    "game_ended": "The game is over.",
    "not_your_turn": "It is player {player}'s turn.",
    "too_short": "A word has at least {min} letters.",
    "not_english": "{word} is not a word of English letters.",
    "not_a_word": "{word} is not in the dictionary.",
    "not_in_hand": "Your hand cannot make {word}: {missing} missing.",
    "no_such_word": "There is no word {number} on the table.",
    "own_word": "{word} is your own word; only another player's word can be stolen.",
    "plural_only": "{word} only makes {stolen} plural; a steal must do more.",
    "same_word": "{word} is the stolen word itself; a steal makes new words.",
    "adds_nothing": "{words} adds no card of yours to {stolen}: a steal adds at least one.",
    "out_of_order": "{word} does not keep the letters of {stolen} in their order ({letters}).",
    "cannot_steal": "{words} cannot be made from {stolen} and your hand: every stolen letter "
    "must be used, in order, and every new word needs a card of yours.",
    "steal_missing": "Your hand lacks {missing}.",
    "steal_left_over": "The letters {letters} of {stolen} are left over: a steal uses them all.",
    "no_words": "Say the new word or words.",
    "wrong_discard": "Swap exactly {count} of your cards.",
    "discard_not_in_hand": "You have no {letter} to swap.",
})


_reason, _refuse = REASON_CODES.reason, REASON_CODES.refuse


# --------------------------------------------------------------------------- options


@dataclass
class Options(GameOptions):
    """``rearrange``: the variant in which a thief may rearrange the stolen letters freely.
    ``victim_loses``: the victim of a steal loses the stolen word's letter value (ours)."""

    rearrange: bool = False
    victim_loses: bool = True

    game_name: ClassVar[str] = "Word Thief"


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Lay(MoveBase):
    """Lay one word from the hand."""

    word: str
    kind: ClassVar[str] = "lay"


@dataclass(frozen=True)
class StealMove(MoveBase):
    """Steal table word ``target`` (0-based) and make ``words`` from it and the hand."""

    target: int
    words: tuple[str, ...]
    kind: ClassVar[str] = "steal"


@dataclass(frozen=True)
class Pass(MoveBase):
    """Neither lay nor steal. While cards are left to draw it costs the penalty and swaps
    ``discard`` (letters, "?" a wild) for new cards."""

    discard: tuple[str, ...] = ()
    kind: ClassVar[str] = "pass"


Move = Lay | StealMove | Pass


def move_from_json(data: Mapping[str, Any]) -> Move:
    return cast(Move, read_move(data, (Lay, StealMove, Pass), "a Word Thief move"))


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class TableWord:
    owner: int
    cards: Word
    turn: int = 0
    """The game turn (``State.turns``) the word was made in: a player's turn prompt names
    the words new since their last turn instead of reading the whole table (issue 33)."""

    @property
    def text(self) -> str:
        return word_text(self.cards)


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    draw: tuple[Card, ...]
    used: tuple[Card, ...]
    table: tuple[TableWord, ...]
    scores: tuple[int, ...]
    current: int
    passes: int = 0
    over: bool = False
    turns: int = 0
    options: Options = field(default_factory=Options)

    @property
    def awaiting(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset({self.current})

    @property
    def is_over(self) -> bool:
        return self.over

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it is (the invariant: none created or lost)."""
        out = [c for hand in self.hands for c in hand]
        out += list(self.draw) + list(self.used)
        out += [p.card for w in self.table for p in w.cards]
        return out

    def view_for(self, seat: int) -> WordThiefView:
        def card(c: Card) -> CardView:
            return {"letter": c.letter, "suit": c.suit, "value": c.value}

        def placed(p: Placed) -> PlacedView:
            return {"letter": p.letter, "suit": p.card.suit, "wild": p.wild,
                    "value": p.card.value}

        table: list[TableWordView] = [
            {"number": i + 1, "owner": w.owner, "cards": [placed(p) for p in w.cards],
             "turn": w.turn}
            for i, w in enumerate(self.table)
        ]
        return {
            "game": GAME_ID,
            "seat": seat,
            "seats": list(self.seats),
            "awaiting": sorted(self.awaiting),
            "hand": [card(c) for c in self.hands[seat]] if 0 <= seat < len(self.hands) else [],
            "hand_counts": [len(h) for h in self.hands],
            "table": table,
            "scores": list(self.scores),
            "draw": len(self.draw),
            "current": self.current,
            "dealer": self.dealer,
            "over": self.over,
            "turns": self.turns,
        }

    def result(self) -> dict[str, Any]:
        best = max(self.scores) if self.scores else 0
        return {
            "scores": list(self.scores),
            "winners": [s for s, p in enumerate(self.scores) if p == best],
        }

    def to_json(self) -> dict[str, Any]:
        def word(w: TableWord) -> dict[str, Any]:
            return {"owner": w.owner, "cards": [[p.card.id, p.letter] for p in w.cards],
                    "turn": w.turn}

        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "dealer": self.dealer,
            "hands": [[c.id for c in h] for h in self.hands],
            "draw": [c.id for c in self.draw],
            "used": [c.id for c in self.used],
            "table": [word(w) for w in self.table],
            "scores": list(self.scores),
            "current": self.current,
            "passes": self.passes,
            "over": self.over,
            "turns": self.turns,
            "options": self.options.to_json(),
        }


# --------------------------------------------------------------------------- plurals


# --------------------------------------------------------------------------- rules


class Rules(GameRules[State, Move]):
    """Word Thief. ``lexicon`` is English: whether a word exists is its word."""

    def __init__(
        self, lexicon: WordList, options: Options | None = None, deck: DeckSpec | None = None
    ) -> None:
        self.lexicon = lexicon
        self.options = options or Options()
        self.deck = deck or load_deck()
        self._cards = {c.id: c for c in self.deck.cards()}

    # ---- set-up

    def new(self, seats: Sequence[str], seed: int) -> tuple[State, list[Event]]:
        n = len(seats)
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise InputError(f"Word Thief is for {PLAYERS[0]} to {PLAYERS[1]} players, not {n}")
        rng = random.Random(seed)
        cards = list(self._cards.values())
        rng.shuffle(cards)
        dealer, draws = self._draw_for_dealer(cards, n)
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(self.deck.hand * n):  # dealt one at a time, from the dealer's left
            hands[(dealer + 1 + k) % n].append(cards.pop())
        state = State(
            seats=tuple(seats),
            seed=seed,
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            draw=tuple(cards),
            used=(),
            table=(),
            scores=(0,) * n,
            current=(dealer + 1) % n,
            options=self.options,
        )
        events = [
            Event("game_started", {"players": n, "seats": list(seats)}),
            Event("dealer_drawn", {"draws": draws, "dealer": dealer}),
        ]
        for seat in range(n):
            events.append(Event("hand_dealt", {"letters": _letters(hands[seat])}, to=seat))
        events.append(Event("turn_started", {"seat": state.current}))
        return state, events

    @staticmethod
    def _draw_for_dealer(cards: Sequence[Card], n: int) -> tuple[int, list[list[str]]]:
        """Each player draws a card; the one closest to A deals. Ties and wilds draw again:
        a player who drew a wild draws again (a wild is no letter, so it can be neither
        closest to A nor out of the running), and once everyone in the running holds a
        letter, the players tied closest to A draw again. Each round lists the letters of
        those who drew in it, in seat order."""
        pile = iter(cards)
        holding: dict[int, str | None] = dict.fromkeys(range(n))
        drawing = list(range(n))
        rounds: list[list[str]] = []
        while True:
            for s in drawing:
                holding[s] = next(pile).letter
            rounds.append([(holding[s] or "?").upper() for s in drawing])
            drawing = [s for s in drawing if holding[s] is None]
            if drawing:  # the wilds draw again; the others keep their cards
                continue
            best = min(letter for letter in holding.values() if letter is not None)
            tied = [s for s, letter in holding.items() if letter == best]
            if len(tied) == 1:
                return tied[0], rounds
            holding = dict.fromkeys(tied)
            drawing = tied

    # ---- moves

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        try:
            cards = self._cards

            def word(d: Mapping[str, Any]) -> TableWord:
                return TableWord(
                    int(d["owner"]),
                    tuple(Placed(cards[int(i)], str(letter)) for i, letter in d["cards"]),
                    int(d.get("turn", 0)),
                )

            return State(
                seats=tuple(str(s) for s in data["seats"]),
                seed=int(data["seed"]),
                dealer=int(data["dealer"]),
                hands=tuple(tuple(cards[int(i)] for i in h) for h in data["hands"]),
                draw=tuple(cards[int(i)] for i in data["draw"]),
                used=tuple(cards[int(i)] for i in data["used"]),
                table=tuple(word(w) for w in data["table"]),
                scores=tuple(int(s) for s in data["scores"]),
                current=int(data["current"]),
                passes=int(data["passes"]),
                over=bool(data["over"]),
                turns=int(data["turns"]),
                options=Options.from_json(data.get("options", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"this is not a saved Word Thief game: {exc}") from None

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """Other hands and the draw pile dealt again from the same cards."""
        others = [s for s in range(len(state.hands)) if s != seat]
        pool = [c for s in others for c in state.hands[s]] + list(state.draw)
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            k = len(state.hands[s])
            hands[s], pool = tuple(pool[:k]), pool[k:]
        return replace(state, hands=tuple(hands), draw=tuple(pool))

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if state.over:
            raise _refuse("game_ended")
        if seat != state.current:
            raise _refuse("not_your_turn", player=state.current + 1)
        if isinstance(move, Lay):
            return self._lay(state, seat, move)
        if isinstance(move, StealMove):
            return self._steal(state, seat, move)
        if isinstance(move, Pass):
            return self._pass(state, seat, move)
        raise InputError(f"not a Word Thief move: {move!r}")

    # ---- laying and stealing

    def _check_word(self, word: str) -> str:
        word = word.strip().lower()
        if not _ENGLISH.fullmatch(word):
            raise _refuse("not_english", word=word.upper())
        if len(word) < self.deck.min_word:
            raise _refuse("too_short", min=self.deck.min_word)
        if not self.lexicon.contains(word):
            raise _refuse("not_a_word", word=word.upper())
        return word

    def score(self, word: Word) -> tuple[int, str | None]:
        """A word's points (doubled when one suit, then the length bonus) and its one suit."""
        base = sum(p.card.value for p in word if not p.wild)
        suit = one_suit(word)
        points = base * 2 if suit is not None else base
        return points + self.deck.length_points(len(word)), suit

    def _lay(self, state: State, seat: int, move: Lay) -> tuple[State, list[Event]]:
        word = self._check_word(move.word)
        hand = state.hands[seat]
        cards = from_hand(word, hand, (), self.deck.suits)
        if cards is None:
            raise _refuse("not_in_hand", word=word.upper(), missing=_missing(word, hand))
        made = tuple(Placed(c, letter) for c, letter in zip(cards, word, strict=True))
        events: list[Event] = []
        points, suit = self.score(made)
        events.append(Event("word_laid", {"seat": seat, "word": word.upper(), "points": points,
                                          "suit": suit or "",
                                          "bonus": self.deck.length_points(len(word))}))
        scores = list(state.scores)
        scores[seat] += points
        return self._after_play(state, seat, [made], cards, scores, events, state.table)

    def _steal(self, state: State, seat: int, move: StealMove) -> tuple[State, list[Event]]:
        if not 0 <= move.target < len(state.table):
            raise _refuse("no_such_word", number=move.target + 1)
        target = state.table[move.target]
        stolen = target.text
        if target.owner == seat:
            raise _refuse("own_word", word=stolen.upper())
        if not move.words:
            raise _refuse("no_words")
        words = [self._check_word(w) for w in move.words]
        if stolen in words:  # "cuvinte noi": REOPENED cut into BERTH and REOPENED is no steal
            raise _refuse("same_word", word=stolen.upper())
        if len(words) == 1 and only_plural(words[0], stolen):
            raise _refuse("plural_only", word=words[0].upper(), stolen=stolen.upper())
        found = find_steal(target.cards, words, state.hands[seat], self.deck.suits,
                           ordered=not state.options.rearrange)
        if found is None:
            raise self._why_not(stolen, words, state.hands[seat],
                                ordered=not state.options.rearrange)
        scored = [(made, *self.score(made)) for made in found.words]
        # The steal's points in all, and its words of one suit: a short display's few windows
        # for what the new words score and which leave the table (each word's points, a
        # window each, and "ON: zablokowane." two more, made a steal ten windows of 14 cells).
        events: list[Event] = [Event("word_stolen", {
            "seat": seat, "victim": target.owner, "stolen": stolen.upper(),
            "words": [w.upper() for w in words], "points": sum(p for _, p, _ in scored),
            "locked": [word_text(made).upper() for made, _, suit in scored if suit]})]
        # A wild keeps its card but may stand for another letter in the new word (WHEEL's
        # wild E is the J of JUNK): said, or the table reads a letter nobody laid.
        was = {p.card.id: p.letter for p in target.cards if p.wild}
        for made, _points, suit in scored:  # (a locked word's wild leaves the table with it)
            for p in made:
                if p.card.id in was and was[p.card.id] != p.letter:
                    events.append(Event("wild_changed", {
                        "seat": seat, "stolen": stolen.upper(), "word": word_text(made).upper(),
                        "was": was[p.card.id].upper(), "now": p.letter.upper(),
                        "suit": suit or ""}))
        scores = list(state.scores)
        for made, points, suit in scored:
            scores[seat] += points
            events.append(Event("word_scored", {"seat": seat, "word": word_text(made).upper(),
                                                "points": points, "suit": suit or "",
                                                "bonus": self.deck.length_points(len(made))}))
        if state.options.victim_loses:
            lost = sum(p.card.value for p in target.cards if not p.wild)
            scores[target.owner] -= lost
            events.append(Event("victim_loses", {"victim": target.owner, "points": lost,
                                                 "stolen": stolen.upper()}))
        table = state.table[: move.target] + state.table[move.target + 1 :]
        return self._after_play(state, seat, list(found.words), list(found.hand_used), scores,
                                events, table)

    @staticmethod
    def _why_not(
        stolen: str, words: Sequence[str], hand: Sequence[Card], *, ordered: bool = True
    ) -> RuleViolation:
        """Everything that keeps a steal from working, each said (a player hears all that
        is wrong at once): letters missing from the hand, stolen letters left over, no card
        of the thief's added, the stolen letters out of order (TEA → EAT is the last two);
        with none of these, a new word without a card of the thief's."""
        made = Counter("".join(words))
        need = made - Counter(stolen)
        have = Counter(c.letter for c in hand if c.letter is not None)
        wilds = sum(1 for c in hand if c.letter is None)
        short = need - have
        reasons: list[Reason] = []
        if sum(short.values()) > wilds:
            missing = ", ".join(letter.upper() for letter in sorted(short.elements()))
            reasons.append(_reason("steal_missing", missing=missing))
        left = Counter(stolen) - made
        if left:
            extra = ", ".join(letter.upper() for letter in sorted(left.elements()))
            reasons.append(_reason("steal_left_over", letters=extra, stolen=stolen.upper()))
        if not need:  # TEA → EAT: no card of the thief's in it
            reasons.append(_reason("adds_nothing", words=", ".join(w.upper() for w in words),
                                   stolen=stolen.upper()))
        if not left and ordered and len(words) == 1 and not holds_in_order(words[0], stolen):
            reasons.append(_reason("out_of_order", word=words[0].upper(), stolen=stolen.upper(),
                                   letters=", ".join(stolen.upper())))
        if not reasons:
            reasons.append(_reason("cannot_steal", words=", ".join(w.upper() for w in words),
                                   stolen=stolen.upper()))
        return RuleViolation(reasons)

    def _after_play(
        self,
        state: State,
        seat: int,
        made: list[Word],
        used_cards: Sequence[Card],
        scores: list[int],
        events: list[Event],
        table: tuple[TableWord, ...],
    ) -> tuple[State, list[Event]]:
        """Words to the table (or, locked, to the used pile), the bonus, the refill, the turn."""
        used = list(state.used)
        new_table = list(table)
        for word in made:
            suit = one_suit(word)
            if suit is not None:
                events.append(Event("word_locked", {"word": word_text(word).upper(),
                                                    "suit": suit}))
                used.extend(p.card for p in word)
            else:
                new_table.append(TableWord(seat, word, state.turns))
        ids = {c.id for c in used_cards}
        hand = [c for c in state.hands[seat] if c.id not in ids]
        if len(state.hands[seat]) == self.deck.hand and not hand:
            scores[seat] += self.deck.all_cards_bonus
            events.append(Event("all_cards", {"seat": seat,
                                              "points": self.deck.all_cards_bonus}))
        draw = list(state.draw)
        drawn: list[Card] = []
        while len(hand) < self.deck.hand and draw:
            drawn.append(draw.pop())
            hand.append(drawn[-1])
        if drawn:
            events.append(Event("cards_drawn", {"letters": _letters(drawn)}, to=seat))
            events.append(Event("others_drew", {"seat": seat, "count": len(drawn)}))
        if state.draw and not draw:
            events.append(Event("draw_empty", {}))
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        after = replace(state, hands=tuple(hands), draw=tuple(draw), used=tuple(used),
                        table=tuple(new_table), scores=tuple(scores), passes=0,
                        turns=state.turns + 1)
        if not draw and not hand:
            return self._end(after, events)
        return self._next(after, events)

    # ---- passing, turns and the end

    def _pass(self, state: State, seat: int, move: Pass) -> tuple[State, list[Event]]:
        hand = list(state.hands[seat])
        events: list[Event] = []
        scores = list(state.scores)
        draw = list(state.draw)
        used = list(state.used)
        if draw:
            count = min(self.deck.pass_exchange, len(hand))
            if len(move.discard) != count:
                raise _refuse("wrong_discard", count=count)
            for letter in move.discard:
                wanted = None if letter in ("?", "*") else letter.lower()
                card = next((c for c in hand if c.letter == wanted), None)
                if card is None:
                    raise _refuse("discard_not_in_hand", letter=(letter or "?").upper())
                hand.remove(card)
                used.append(card)
            drawn = [draw.pop() for _ in range(min(count, len(draw)))]
            hand += drawn
            scores[seat] -= self.deck.pass_penalty
            events.append(Event("pass_penalty", {"seat": seat, "points": self.deck.pass_penalty,
                                                 "count": count}))
            events.append(Event("cards_drawn", {"letters": _letters(drawn)}, to=seat))
            if not draw:
                events.append(Event("draw_empty", {}))
        else:
            events.append(Event("passed", {"seat": seat}))
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        after = replace(state, hands=tuple(hands), draw=tuple(draw), used=tuple(used),
                        scores=tuple(scores), passes=state.passes + 1, turns=state.turns + 1)
        if not draw and after.passes >= len(state.seats):
            return self._end(after, events)
        return self._next(after, events)

    def _next(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        current = (state.current + 1) % len(state.seats)
        events.append(Event("turn_started", {"seat": current}))
        return replace(state, current=current), events

    def _end(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        scores = list(state.scores)
        for seat, hand in enumerate(state.hands):
            left = sum(c.value for c in hand)
            if left:
                scores[seat] -= left
                events.append(Event("hand_left", {"seat": seat, "points": left}))
        over = replace(state, scores=tuple(scores), over=True)
        events.append(Event("game_over", {"scores": scores,
                                          "winners": over.result()["winners"]}))
        return over, events


def _letters(cards: Sequence[Card]) -> list[str]:
    return [(c.letter or "?").upper() for c in cards]


def _missing(word: str, hand: Sequence[Card]) -> str:
    pool = [c.letter for c in hand]
    wilds = pool.count(None)
    missing: list[str] = []
    for letter in word:
        if letter in pool:
            pool.remove(letter)
        elif wilds:
            wilds -= 1
        else:
            missing.append(letter.upper())
    return ", ".join(missing)
