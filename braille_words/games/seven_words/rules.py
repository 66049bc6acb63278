"""7 słów (Wordsy): seven rounds of finding the best word for eight open letter cards.

The rules are pure. Time is the table's: the first word written (by a seat not holding the
"Nie obracaj" card) makes that seat the fastest player and starts the hourglass; the table then
sends ``TimeUp`` when its clock runs out. The table also settles a challenge on a word the
lexicon says shares a family with an earlier one (``Ruling``), because the rulebook leaves
that judgement to the players. Both are *table moves*: accepted from any seat index, never
listed in ``awaiting``; ``State.table_decision`` says when one is expected.

Round flow: ``writing`` (every seat at once; a written word is private until all are in or
time is up) → ``challenges`` (every seat says ``Done`` or challenges a word; one challenge at
a time; with the lenient table a wrong form may be corrected in ``correction``; a family
question waits in ``ruling``) → scoring, the "Nie obracaj" card, the cards slide, next round.
Solo has no challenges: the lexicon checks a word as it is written.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Protocol

from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.base import PUBLIC, Event, Reason, ReasonCodes, RuleViolation
from braille_words.games.interface import GameRules
from braille_words.games.options import check_options, choices, options_json
from braille_words.games.seven_words.deck import (
    SOLO_LEVELS,
    AreaCard,
    DeckSpec,
    load_deck,
    score_cards,
    used_cards,
)
from braille_words.games.seven_words.view import (
    AreaCardView,
    PendingChallenge,
    RoundRecord,
    RoundResult,
    SevenWordsView,
    WordEntry,
)
from braille_words.tiles import Card, alphabet, normalize

GAME_ID = "seven_words"
MAX_PLAYERS = 6
SOLO_FIELDS: tuple[str, ...] = ("1", "2", "red")  # the SOLO card, top to bottom

_WHY = (
    "{why:select:beat_fastest=a better word than the fastest player's"
    "|fastest_and_best=the fastest and the best word|wrong_challenge=a wrong challenge"
    "|under_20_on_red=a word under 20 on the red field"
    "|solo_in_time_1=in time on field 1|solo_in_time_2=in time on field 2"
    "|solo_in_time_red=in time on the red field|*=#}"
)
"""A bonus's or a penalty's reason, said from its code (the catalogues word it the same way)."""

EVENT_KINDS: dict[str, str] = {
    "game_started": "7 words begins: {players} player(s), {rounds} rounds ({variant}).",
    "card_dealt": "{letter} (+{bonus}) is dealt above the {column}-point column.",
    "card_rejected": "{letters} set aside by the 2-on-2 rule ({why}).",
    "deck_reshuffled": "The discard pile of {cards} cards is shuffled into a new deck.",
    "round_started": "Round {round} of {rounds}.",
    "word_written": "You wrote {word}, worth {score} points.",
    "word_unknown": "Careful: {word} is not in our dictionary; it may be challenged.",
    "word_family_warning": "Careful: {word} looks like the same family as {earlier}.",
    "seat_wrote": "Player {seat} has written a word.",
    "fastest": "Player {seat} has the first word and turns the hourglass.",
    "hourglass_started": "The hourglass runs: {seconds} seconds.",
    "hourglass_stopped": "You laid the hourglass down in time.",
    "time_up": "Time is up.",
    "letters_kept": "Player {seat} keeps {letters} at full value.",
    "words_revealed": "The words: {words}.",
    "family_warning": "Player {seat}'s {word} may be of the same family as {earlier}.",
    "challenge_upheld": "Player {challenger} was right: {word} by player {seat} does not count.",
    "challenge_failed": "Player {challenger} was wrong: {word} stands; -{points} for them.",
    "ruling_needed": "The table decides: is {word} of the same family as {earlier}?",
    "correction_offered": "Player {seat} may correct {word} to its proper form.",
    "word_corrected": "Player {seat} corrects {old} to {new}, worth {score} points.",
    "word_withdrawn": "Player {seat} withdraws {word}; it scores nothing.",
    "seat_done": "Player {seat} has no more challenges.",
    "round_scored": "Round {round} scored: {results}.",
    "bonus_awarded": "Player {seat} gets a +{points} bonus (" + _WHY + ").",
    "penalty_marked": "Player {seat} marks a penalty of -{points} (" + _WHY + ").",
    "no_flip_card": "Player {seat} takes the Do-not-turn card for the next round.",
    "main_player": "Player {seat} is the main player this round.",
    "solo_field": "The hourglass moves to field {field} of the SOLO card.",
    "cards_slide": "The right-hand cards {discarded} are discarded and the left ones slide right.",
    "game_over": "Game over. {standings}",
}

REASON_CODES = ReasonCodes({
    "game_over": "The game is over.",
    "no_such_seat": "There is no player {seat}.",
    "not_writing": "Words can be written only while the round is on.",
    "already_written": "You have already written {word}; a written word cannot be changed.",
    "time_is_up": "Time is up; this round's words are already in.",
    "not_a_word": "{word} is not a word we can take: {why}.",
    "not_in_lexicon": "{word} is not in the dictionary.",
    "same_family": "{word} is of the same family as {earlier}, used in an earlier round.",
    "no_hourglass": "This game has no hourglass.",
    "hourglass_not_running": "The hourglass is not running.",
    "writing_over": "The time for words is over: the round is at its {phase}.",
    "not_veteran": "Only a veteran chooses letters that keep their value.",
    "too_many_letters": "Choose at most {limit} letters.",
    "letter_not_in_play": "{letter} is not on the table {times} time(s).",
    "not_challenging": "Challenges come after the words are revealed.",
    "own_word": "You cannot challenge your own word.",
    "no_word": "Player {seat} wrote no word this round.",
    "already_challenged": "{word} has already been challenged this round.",
    "already_done": "You have already said you have no more challenges.",
    "no_ruling_pending": "There is no challenge waiting for the table's decision.",
    "no_correction_pending": "There is no word waiting to be corrected.",
    "not_your_correction": "Only player {seat} may correct that word.",
    "not_what_was_meant": "{word} is not clearly the word that was written ({old}).",
    "unknown_move": "That is not a move of this game.",
})


class WordJudge(Protocol):
    """What the rules need of a lexicon: membership (families are used when offered)."""

    def contains(self, word: str) -> bool: ...


_reason = REASON_CODES.reason


# --------------------------------------------------------------------------- options


@dataclass
class Options:
    """Variants and settings.

    ``hourglass=False`` is the rulebook's no-hourglass variant (a main player instead of the
    fastest). ``veterans`` lists seats under the veteran handicap. ``lenient`` lets a
    challenged word be corrected to the form its writer meant (and accepts a hyphenated or
    two-word entry, one part of which is chosen if challenged). ``solo_level`` is easy (100),
    medium (110), hard (120) or brutal (120, no middle field). ``warn_on_entry`` tells a writer
    privately when the dictionary does not know their word.
    """

    hourglass: bool = True
    lenient: bool = False
    veterans: tuple[int, ...] = ()
    main_player: int = 0
    solo_level: str = field(default="easy", metadata=choices(*SOLO_LEVELS))
    warn_on_entry: bool = True

    def to_json(self) -> dict[str, Any]:
        return options_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Options:
        return check_options(cls, "7 słów", data)


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Submit:
    """Write this round's word (and, as the first, turn the hourglass)."""

    word: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "word", "word": self.word}


@dataclass(frozen=True)
class Keep:
    """A veteran names the play-area letters that score at full value this round."""

    letters: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "keep", "letters": list(self.letters)}


@dataclass(frozen=True)
class TimeUp:
    """Table move: the hourglass has run out."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "time_up"}


@dataclass(frozen=True)
class Challenge:
    """Say that ``target``'s word does not exist (or breaks the family rule)."""

    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "challenge", "target": self.target}


@dataclass(frozen=True)
class Done:
    """No (more) challenges from this seat this round."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "done"}


@dataclass(frozen=True)
class Ruling:
    """Table move: the table's decision on a family challenge (True: the challenge stands)."""

    upheld: bool

    def to_json(self) -> dict[str, Any]:
        return {"type": "ruling", "upheld": self.upheld}


@dataclass(frozen=True)
class Correct:
    """Lenient table: replace a challenged word by its proper form, or give it up (None)."""

    word: str | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "correct", "word": self.word}


Move = Submit | Keep | TimeUp | Challenge | Done | Ruling | Correct
TABLE_MOVES: tuple[type, ...] = (TimeUp, Ruling)


def move_from_json(d: Mapping[str, Any]) -> Move:
    """The move a journal line stores; a damaged line raises ``InputError``."""
    kind = d.get("type")
    try:
        if kind == "word" and isinstance(d["word"], str):
            return Submit(d["word"])
        if kind == "keep" and isinstance(d["letters"], list):
            return Keep(tuple(str(x) for x in d["letters"]))
        if kind == "time_up":
            return TimeUp()
        if kind == "challenge" and isinstance(d["target"], int):
            return Challenge(d["target"])
        if kind == "done":
            return Done()
        if kind == "ruling" and isinstance(d["upheld"], bool):
            return Ruling(d["upheld"])
        if kind == "correct" and (d["word"] is None or isinstance(d["word"], str)):
            return Correct(d["word"])
    except KeyError:
        pass
    raise InputError(f"not a 7 słów move: {dict(d)!r}")


# --------------------------------------------------------------------------- state


@dataclass
class State:
    """A whole game as plain JSON values, so a journal can store and replay it exactly.

    ``cards[i]`` is card i, a ``Card`` whose value is its bonus (in JSON: [letter, bonus]);
    ``area[slot]`` holds a card id, slot
    ``2*c + k`` being row k above column c (column 0 is worth ``columns[0]``). Every card id is
    in exactly one of ``deck`` (top first), ``area`` and ``discard``.
    """

    seats: list[str]
    seed: int
    columns: list[int]
    cards: list[Card]
    deck: list[int]
    discard: list[int]
    area: list[int]
    rounds: int
    round: int = 1
    phase: str = "writing"
    reshuffles: int = 0
    words: list[str | None] = field(default_factory=list)
    keeps: list[list[str]] = field(default_factory=list)
    invalid: list[bool] = field(default_factory=list)
    corrected: list[bool] = field(default_factory=list)
    challenged: list[bool] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)
    pending: PendingChallenge | None = None
    fastest: int | None = None
    hourglass_running: bool = False
    time_up: bool = False
    in_time: bool = False
    no_flip: int | None = None
    main: int | None = None
    hourglass: bool = True
    lenient: bool = False
    veterans: list[int] = field(default_factory=list)
    solo_level: str = "easy"
    solo_field: int = 0
    penalties: list[int] = field(default_factory=list)
    history: list[RoundRecord] = field(default_factory=list)
    kept_words: int = 5
    penalty_points: int = 2
    solo_target: int = 100
    hourglass_seconds: int = 30

    # -- serialisation
    def to_json(self) -> dict[str, Any]:
        data = copy.deepcopy(asdict(self))
        data["cards"] = [[c.letter, c.value] for c in self.cards]  # as saved before Card
        return data

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> State:
        known = {f.name for f in fields(cls)}
        if not isinstance(d, Mapping) or set(d) - known:
            raise InputError("this is not a saved 7 słów game")
        data = copy.deepcopy(dict(d))
        try:
            data["cards"] = [
                Card(i, str(letter), value=int(bonus))
                for i, (letter, bonus) in enumerate(data.get("cards", []))
            ]
            return cls(**data)
        except (TypeError, ValueError):
            raise InputError("this saved 7 słów game is incomplete") from None

    # -- what the table asks
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def awaiting(self) -> frozenset[int]:
        n = range(len(self.seats))
        if self.phase == "writing":
            return frozenset(s for s in n if self.words[s] is None)
        if self.phase == "challenges":
            return frozenset(s for s in n if not self.done[s])
        if self.phase == "correction" and self.pending is not None:
            return frozenset({int(self.pending["target"])})
        return frozenset()

    @property
    def table_decision(self) -> str | None:
        """``"time_up"`` while the table's clock runs for this round, ``"ruling"`` when a
        family challenge waits for the table; otherwise None."""
        if self.phase == "ruling":
            return "ruling"
        if self.phase == "writing" and self.hourglass_running:
            return "time_up"
        return None

    def area_cards(self) -> list[AreaCard]:
        per = len(self.area) // len(self.columns)
        return [
            AreaCard(slot, self.cards[cid].letter or "", self.columns[slot // per],
                     self.cards[cid].value)
            for slot, cid in enumerate(self.area)
        ]

    def score_of(self, seat: int, word: str) -> int:
        return score_cards(
            used_cards(word, self.area_cards()),
            veteran=seat in self.veterans,
            keep=self.keeps[seat] if self.keeps else (),
        )

    def used_words(self) -> list[str]:
        """Valid words of earlier rounds (the family rule looks at these)."""
        out: list[str] = []
        for rnd in self.history:
            for r in rnd["results"]:
                if r["word"] is not None and r["valid"]:
                    out.append(r["word"])
        return out

    def _public_area(self) -> list[AreaCardView]:
        return [
            {"slot": c.slot, "letter": c.letter, "column": c.column_value, "bonus": c.bonus}
            for c in self.area_cards()
        ]

    def view_for(self, seat: int) -> SevenWordsView:
        revealed = self.phase != "writing"
        words: list[WordEntry] = []
        for s, w in enumerate(self.words):
            entry: WordEntry = {"seat": s, "written": w is not None}
            if revealed or s == seat:
                entry["word"] = w
                entry["score"] = self.score_of(s, w) if w is not None else 0
                entry["invalid"] = self.invalid[s]
            words.append(entry)
        return {
            "game": GAME_ID,
            "seat": seat,
            "seats": list(self.seats),
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "area": self._public_area(),
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "words": words,
            "fastest": self.fastest,
            "hourglass": self.hourglass,
            "hourglass_running": self.hourglass_running,
            "hourglass_seconds": self.hourglass_seconds,
            "time_up": self.time_up,
            "no_flip": self.no_flip,
            "main": self.main,
            "veteran": seat in self.veterans,
            "keep": list(self.keeps[seat]) if 0 <= seat < len(self.keeps) else [],
            "challenged": list(self.challenged),
            "done": list(self.done),
            "pending": copy.deepcopy(self.pending),
            "awaiting": sorted(self.awaiting),
            "table_decision": self.table_decision,
            "solo_field": SOLO_FIELDS[self.solo_field] if self.solo else None,
            "solo_target": self.solo_target if self.solo else None,
            "penalties": list(self.penalties),
            "penalty_points": self.penalty_points,
            "history": copy.deepcopy(self.history),
            "totals": [self.total(s) for s in range(self.players)],
        }

    # -- scoring
    def word_scores(self, seat: int) -> list[int]:
        return [rnd["results"][seat]["score"] for rnd in self.history]

    def kept_scores(self, seat: int) -> list[int]:
        return sorted(self.word_scores(seat), reverse=True)[: self.kept_words]

    def bonus_total(self, seat: int) -> int:
        return sum(rnd["results"][seat]["bonus"] for rnd in self.history)

    def total(self, seat: int) -> int:
        return (
            sum(self.kept_scores(seat))
            + self.bonus_total(seat)
            - self.penalty_points * self.penalties[seat]
        )

    def result(self) -> dict[str, Any]:
        seats = range(self.players)
        per = [
            {
                "seat": s,
                "name": self.seats[s],
                "words": self.word_scores(s),
                "kept": self.kept_scores(s),
                "bonus": self.bonus_total(s),
                "penalties": self.penalties[s],
                "penalty_points": self.penalty_points * self.penalties[s],
                "total": self.total(s),
            }
            for s in seats
        ]

        def key(s: int) -> tuple[int, list[int]]:
            return (self.total(s), self.kept_scores(s))

        best = max(key(s) for s in seats)
        winners = [s for s in seats if key(s) == best]
        out: dict[str, Any] = {"scores": [p["total"] for p in per], "players": per}
        if self.solo:
            out["target"] = self.solo_target
            out["won"] = self.total(0) >= self.solo_target
            out["winners"] = [0] if out["won"] else []
        else:
            out["winners"] = winners
        return out


# --------------------------------------------------------------------------- rules


def _same_family(lexicon: object, a: str, b: str) -> bool:
    if a == b:
        return True
    check = getattr(lexicon, "same_family", None)
    if not callable(check):
        return False
    try:
        return bool(check(a, b))
    except BrailleWordsError:  # e.g. a two-word entry on a lenient table: not one word
        return False


_SEPARATORS = re.compile(r"[\s\-‐‑–—'’]+")


def _edit_distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


class Rules(GameRules["State", "Move"]):
    """The referee. ``lexicon`` needs ``contains``; ``same_family`` is used when it has one."""

    def __init__(
        self, lexicon: WordJudge, options: Options | None = None, deck: DeckSpec | None = None
    ) -> None:
        self.lexicon = lexicon
        self.options = options or Options()
        self.deck = deck or load_deck()
        self.alphabet = alphabet(self.deck.lang)
        """The letters of the game's words: the deck's language."""
        self.finish_typing_seconds = float(self.deck.finish_word_seconds)

    table_moves = TABLE_MOVES

    def teacher_ruling(self, state: State, stands: bool) -> tuple[int, Move] | None:
        """A family challenge settled by the teacher: the word stands, or the challenge is
        upheld."""
        if state.phase == "ruling" and state.pending is not None:
            return int(state.pending["challenger"]), Ruling(not stands)
        return None

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return State.from_json(data)

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """Other seats' words still secret replaced, and the deck in another order."""
        other = copy.deepcopy(state)
        rng.shuffle(other.deck)
        if other.phase == "writing":
            for s, word in enumerate(other.words):
                if s != seat and word is not None:
                    other.words[s] = "".join(rng.sample(word, len(word)))
                    other.invalid[s] = not other.invalid[s]
        return other

    def time_up(self, state: State) -> tuple[int, Move] | None:
        """The hourglass ran out: the table (any seat) turns the round to challenges."""
        return 0, TimeUp()

    def table_must_decide(self, state: State) -> bool:
        return state.table_decision == "ruling"

    # -- set-up
    def new(self, seats: Sequence[str], seed: int) -> tuple[State, list[Event]]:
        n = len(seats)
        opts = self.options
        if not 1 <= n <= MAX_PLAYERS:
            raise InputError(f"7 słów is for 1 to {MAX_PLAYERS} players, not {n}")
        if n == 1 and not opts.hourglass:
            raise InputError("solo 7 słów needs the hourglass; turn the no-hourglass variant off")
        if any(not 0 <= v < n for v in opts.veterans):
            raise InputError("a veteran seat number is not at the table")
        if not 0 <= opts.main_player < n:
            raise InputError(f"the main player must be a seat from 0 to {n - 1}")
        d = self.deck
        cards = [Card(i, letter, value=bonus) for i, (letter, bonus) in enumerate(d.cards())]
        order = list(range(len(cards)))
        random.Random(seed).shuffle(order)
        state = State(
            seats=list(seats),
            seed=seed,
            columns=list(d.columns),
            cards=cards,
            deck=order,
            discard=[],
            area=[-1] * d.slots,
            rounds=d.rounds,
            hourglass=opts.hourglass,
            lenient=opts.lenient,
            veterans=sorted(set(opts.veterans)),
            solo_level=opts.solo_level,
            penalties=[0] * n,
            kept_words=d.kept_words,
            penalty_points=d.penalty,
            solo_target=d.solo_targets[opts.solo_level],
            hourglass_seconds=d.hourglass_seconds,
            main=None if opts.hourglass or n == 1 else opts.main_player,
        )
        variant = "solo" if n == 1 else ("hourglass" if opts.hourglass else "no hourglass")
        events = [Event("game_started", {"players": n, "rounds": d.rounds, "variant": variant})]
        # The rulebook deals the right-hand column first, then the next ones leftwards.
        per = d.cards_per_column
        for col in reversed(range(len(d.columns))):
            for k in range(per):
                self._deal(state, col * per + k, events)
        _one_rejection(events)
        self._start_round(state, events)
        return state, events

    # -- drawing
    def _breaks_2_on_2(self, state: State, cid: int) -> str | None:
        card = state.cards[cid]
        in_play = [state.cards[c] for c in state.area if c >= 0]
        if card.value > 0 and sum(1 for c in in_play if c.value > 0) >= self.deck.max_rare_in_play:
            return "too many rare cards"
        same = sum(1 for c in in_play if c.letter == card.letter)
        if same >= self.deck.max_same_letter_in_play:
            return f"too many {(card.letter or '').upper()} cards"
        return None

    def _deal(self, state: State, slot: int, events: list[Event]) -> None:
        """Fill one slot, setting aside every card that would break the "2 na 2" rule."""
        per = len(state.area) // len(state.columns)
        tries = 0
        while True:
            if not state.deck:
                if not state.discard:
                    raise InputError("the 7 słów deck has run out of cards")
                state.reshuffles += 1
                pile = state.discard
                random.Random(f"{state.seed}/{state.reshuffles}").shuffle(pile)
                state.deck, state.discard = pile, []
                events.append(Event("deck_reshuffled", {"cards": len(state.deck)}))
            cid = state.deck.pop(0)
            why = self._breaks_2_on_2(state, cid)
            letter, bonus = state.cards[cid].letter, state.cards[cid].value
            if why is None:
                state.area[slot] = cid
                events.append(
                    Event(
                        "card_dealt",
                        {
                            "slot": slot,
                            "letter": letter,
                            "bonus": bonus,
                            "column": state.columns[slot // per],
                        },
                    )
                )
                return
            state.discard.append(cid)
            events.append(Event("card_rejected", {"letter": letter, "bonus": bonus, "why": why}))
            tries += 1
            if tries > 4 * len(state.cards):
                raise InputError("no card in the 7 słów deck fits the 2-on-2 rule")

    def _start_round(self, state: State, events: list[Event]) -> None:
        n = state.players
        state.phase = "writing"
        state.words = [None] * n
        state.keeps = [[] for _ in range(n)]
        state.invalid = [False] * n
        state.corrected = [False] * n
        state.challenged = [False] * n
        state.done = [False] * n
        state.pending = None
        state.fastest = None
        state.hourglass_running = False
        state.time_up = False
        state.in_time = False
        events.append(
            Event(
                "round_started",
                {
                    "round": state.round,
                    "rounds": state.rounds,
                    "area": state._public_area(),
                },
            )
        )
        if state.main is not None:
            events.append(Event("main_player", {"seat": state.main}))
        if state.solo:
            state.hourglass_running = True
            events.append(Event("solo_field", {"field": SOLO_FIELDS[state.solo_field]}))
            events.append(Event("hourglass_started", {"seconds": self.deck.hourglass_seconds}))

    # -- checks shared by entry and correction
    def _clean(self, text: str, *, allow_parts: bool) -> tuple[str | None, list[str]]:
        """The normalised word (or None) and its parts; a hyphen/space splits parts."""
        raw = normalize(text)
        parts = [p for p in _SEPARATORS.split(raw) if p]
        if not parts:
            return None, []
        if len(parts) > 1 and not allow_parts:
            return None, parts
        for p in parts:
            if not self.alphabet.is_word(p):
                return None, parts
        return (parts[0] if len(parts) == 1 else "-".join(parts)), parts

    def _word_problem(self, text: str, *, allow_parts: bool) -> tuple[str | None, Reason | None]:
        raw = normalize(text)
        word, parts = self._clean(text, allow_parts=allow_parts)
        if word is not None:
            return word, None
        if not parts:
            return None, _reason("not_a_word", word=text, why="it is empty")
        if len(parts) > 1 and not allow_parts:
            why = "hyphens, apostrophes and second words are not allowed"
            return None, _reason("not_a_word", word=raw, why=why)
        bad = next(ch for p in parts for ch in p if ch not in self.alphabet)
        language = "a Polish" if self.deck.lang == "pl" else "an English"
        return None, _reason("not_a_word", word=raw, why=f"'{bad}' is not {language} letter")

    def _family_clash(self, state: State, word: str) -> str | None:
        """An earlier word ``word`` repeats or is of the family of (``_repeat`` tells which)."""
        for earlier in state.used_words():
            if _same_family(self.lexicon, earlier, word):
                return earlier
        return None

    # -- moves
    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if state.is_over:
            raise RuleViolation([_reason("game_over")])
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise RuleViolation([_reason("no_such_seat", seat=seat)])
        new = State.from_json(state.to_json())
        events: list[Event] = []
        if isinstance(move, Submit):
            self._submit(new, seat, move, events)
        elif isinstance(move, Keep):
            self._keep(new, seat, move, events)
        elif isinstance(move, TimeUp):
            self._time_up(new, events, seat)
        elif isinstance(move, Challenge):
            self._challenge(new, seat, move, events)
        elif isinstance(move, Done):
            self._done(new, seat, events)
        elif isinstance(move, Ruling):
            self._ruling(new, move, events)
        elif isinstance(move, Correct):
            self._correct(new, seat, move, events)
        else:
            raise RuleViolation([_reason("unknown_move")])
        return new, events

    def _submit(self, st: State, seat: int, move: Submit, events: list[Event]) -> None:
        reasons: list[Reason] = []
        if st.phase != "writing":
            reasons.append(_reason("not_writing"))
        elif st.words[seat] is not None:
            reasons.append(_reason("already_written", word=st.words[seat]))
        elif st.time_up and not st.solo:
            reasons.append(_reason("time_is_up"))
        word, problem = self._word_problem(move.word, allow_parts=st.lenient and not st.solo)
        if problem is not None:
            reasons.append(problem)
        clash = self._family_clash(st, word) if word is not None else None
        known = word is not None and self.lexicon.contains(word)
        if st.solo and word is not None:
            # Nobody can challenge in solo: the dictionary is the judge as the word is written.
            if not known:
                reasons.append(_reason("not_in_lexicon", word=word))
            if clash is not None:
                reasons.append(_reason("same_family", word=word, earlier=clash,
                                       repeat=_repeat(word, clash)))
        if reasons:
            raise RuleViolation(reasons)
        assert word is not None
        st.words[seat] = word
        events.append(Event("word_written", {"word": word, "score": st.score_of(seat, word)}, seat))
        if self.options.warn_on_entry and not st.solo:
            if not known:
                events.append(Event("word_unknown", {"word": word}, seat))
            if clash is not None:
                events.append(Event("word_family_warning", {"word": word, "earlier": clash,
                                                            "repeat": _repeat(word, clash)}, seat))
        first = (not st.solo and st.hourglass and st.fastest is None and seat != st.no_flip)
        if not first:
            # The first word is told once, as the first ("Ada ma pierwsze słowo"), not also as
            # a word ("Ada ma słowo. Pierwsze słowo: Ada.": the same news twice).
            events.append(Event("seat_wrote", {"seat": seat}))
        if st.solo:
            if not st.time_up:
                st.in_time = True
                st.hourglass_running = False
                events.append(Event("hourglass_stopped", {}, seat))
            self._score_round(st, events)
            return
        if first:
            st.fastest = seat
            st.hourglass_running = True
            events.append(Event("fastest", {"seat": seat}))
            events.append(Event("hourglass_started", {"seconds": self.deck.hourglass_seconds}))
        if all(w is not None for w in st.words):
            self._reveal(st, events)

    def _keep(self, st: State, seat: int, move: Keep, events: list[Event]) -> None:
        reasons: list[Reason] = []
        limit = self.deck.veteran_normal_letters
        if seat not in st.veterans:
            reasons.append(_reason("not_veteran"))
        if st.phase != "writing":
            reasons.append(_reason("not_writing"))
        letters = [normalize(x) for x in move.letters]
        if len(letters) > limit:
            reasons.append(_reason("too_many_letters", limit=limit))
        shown = [c.letter for c in st.area_cards()]
        for letter in sorted(set(letters)):
            if letters.count(letter) > shown.count(letter):
                reasons.append(
                    _reason(
                        "letter_not_in_play", letter=letter.upper(), times=letters.count(letter)
                    )
                )
        if reasons:
            raise RuleViolation(reasons)
        st.keeps[seat] = letters
        events.append(Event("letters_kept", {"seat": seat, "letters": letters}, seat))

    def _time_up(self, st: State, events: list[Event], seat: int = 0) -> None:
        if not st.hourglass:
            raise RuleViolation([_reason("no_hourglass")])
        if st.phase != "writing":
            # "koniec czasu" typed once the words are read: said in the round's own terms
            # (a challenge, a correction), not as an hourglass that does not run.
            # A seat that has said "gotowe" is not asked to say it again.
            phase = "waiting" if st.phase == "challenges" and st.done[seat] else st.phase
            raise RuleViolation([_reason("writing_over", phase=phase)])
        if not st.hourglass_running:
            raise RuleViolation([_reason("hourglass_not_running")])
        st.time_up = True
        st.hourglass_running = False
        events.append(Event("time_up", {}))
        if not st.solo:
            self._reveal(st, events)

    def _reveal(self, st: State, events: list[Event]) -> None:
        st.hourglass_running = False
        shown = [
            {
                "seat": s,
                "word": w,
                "score": st.score_of(s, w) if w is not None else 0,
            }
            for s, w in enumerate(st.words)
        ]
        events.append(Event("words_revealed", {"words": shown}))
        for s, w in enumerate(st.words):
            if w is not None:
                clash = self._family_clash(st, w)
                if clash is not None:
                    events.append(Event("family_warning", {"seat": s, "word": w, "earlier": clash,
                                                           "repeat": _repeat(w, clash)}))
        st.phase = "challenges"

    def _challenge(self, st: State, seat: int, move: Challenge, events: list[Event]) -> None:
        reasons: list[Reason] = []
        t = move.target
        if st.phase != "challenges":
            reasons.append(_reason("not_challenging"))
        elif st.done[seat]:
            reasons.append(_reason("already_done"))
        if not isinstance(t, int) or not 0 <= t < st.players:
            reasons.append(_reason("no_such_seat", seat=t))
        elif t == seat:
            reasons.append(_reason("own_word"))
        elif st.words[t] is None:
            reasons.append(_reason("no_word", seat=t))
        elif st.challenged[t]:
            reasons.append(_reason("already_challenged", word=st.words[t]))
        if reasons:
            raise RuleViolation(reasons)
        word = st.words[t]
        assert word is not None
        st.challenged[t] = True
        pending: PendingChallenge = {"challenger": seat, "target": t, "word": word}
        if "-" in word or not self.lexicon.contains(word):
            if st.lenient:
                st.pending = pending
                st.phase = "correction"
                events.append(Event("correction_offered", {"seat": t, "word": word}))
            else:
                self._uphold(st, seat, t, events)
            return
        clash = self._family_clash(st, word)
        if clash is not None:
            st.pending = {**pending, "earlier": clash}
            st.phase = "ruling"
            events.append(Event("ruling_needed", {"seat": t, "word": word, "earlier": clash}))
            return
        self._fail(st, seat, t, events)

    def _uphold(self, st: State, challenger: int, target: int, events: list[Event]) -> None:
        st.invalid[target] = True
        events.append(
            Event(
                "challenge_upheld",
                {"challenger": challenger, "seat": target, "word": st.words[target]},
            )
        )

    def _fail(self, st: State, challenger: int, target: int, events: list[Event]) -> None:
        st.penalties[challenger] += 1
        events.append(
            Event(
                "challenge_failed",
                {"challenger": challenger, "seat": target, "word": st.words[target],
                 "points": st.penalty_points},
            )
        )
        events.append(Event("penalty_marked", {"seat": challenger, "why": "wrong_challenge",
                                               "points": st.penalty_points}))

    def _ruling(self, st: State, move: Ruling, events: list[Event]) -> None:
        if st.phase != "ruling" or st.pending is None:
            raise RuleViolation([_reason("no_ruling_pending")])
        challenger, target = int(st.pending["challenger"]), int(st.pending["target"])
        if move.upheld:
            self._uphold(st, challenger, target, events)
        else:
            self._fail(st, challenger, target, events)
        st.pending = None
        st.phase = "challenges"
        self._maybe_finish(st, events)

    def _correct(self, st: State, seat: int, move: Correct, events: list[Event]) -> None:
        if st.phase != "correction" or st.pending is None:
            raise RuleViolation([_reason("no_correction_pending")])
        target = int(st.pending["target"])
        if seat != target:
            raise RuleViolation([_reason("not_your_correction", seat=target)])
        old = str(st.pending["word"])
        if move.word is None:
            st.invalid[target] = True
            events.append(Event("word_withdrawn", {"seat": target, "word": old}))
        else:
            word, problem = self._word_problem(move.word, allow_parts=False)
            reasons: list[Reason] = [] if problem is None else [problem]
            if word is not None:
                if not self.lexicon.contains(word):
                    reasons.append(_reason("not_in_lexicon", word=word))
                clash = self._family_clash(st, word)
                if clash is not None:
                    reasons.append(_reason("same_family", word=word, earlier=clash,
                                       repeat=_repeat(word, clash)))
                parts = old.split("-")
                joined = "".join(parts)
                meant = (
                    word in parts
                    or _edit_distance(word, joined) <= 2
                    or _same_family(self.lexicon, joined, word)
                )
                if not meant:
                    reasons.append(_reason("not_what_was_meant", word=word, old=old))
            if reasons:
                raise RuleViolation(reasons)
            assert word is not None
            st.words[target] = word
            st.corrected[target] = True
            events.append(
                Event(
                    "word_corrected",
                    {"seat": target, "old": old, "new": word, "score": st.score_of(target, word)},
                )
            )
        st.pending = None
        st.phase = "challenges"
        self._maybe_finish(st, events)

    def _done(self, st: State, seat: int, events: list[Event]) -> None:
        if st.phase != "challenges":
            raise RuleViolation([_reason("not_challenging")])
        if st.done[seat]:
            raise RuleViolation([_reason("already_done")])
        st.done[seat] = True
        # "waiting": others still challenge, so the seat hears it waits (its own "gotowe" was
        # met with silence); the last one's "gotowe" ends the round, which says enough.
        events.append(Event("seat_done", {"seat": seat,
                                          "waiting": "no" if all(st.done) else "yes"}))
        self._maybe_finish(st, events)

    def _maybe_finish(self, st: State, events: list[Event]) -> None:
        if st.phase == "challenges" and all(st.done):
            self._score_round(st, events)

    # -- end of a round
    def _score_round(self, st: State, events: list[Event]) -> None:
        n = st.players
        d = self.deck
        scores = [
            st.score_of(s, w) if w is not None and not st.invalid[s] else 0
            for s, w in enumerate(st.words)
        ]
        valid = [w is not None and not st.invalid[s] for s, w in enumerate(st.words)]
        bonus = [0] * n
        reasons_given: list[tuple[int, int, str]] = []
        if st.solo:
            self._solo_round(st, scores[0], bonus, reasons_given, events)
        else:
            lead = st.fastest if st.hourglass else st.main
            if lead is not None:
                for s in range(n):
                    if s != lead and valid[s] and scores[s] > scores[lead]:
                        bonus[s] = d.small_bonus
                        reasons_given.append((s, d.small_bonus, "beat_fastest"))
                if valid[lead]:
                    others = [scores[s] for s in range(n) if s != lead]
                    if n <= 4:
                        best = scores[lead] >= max(others)
                    else:
                        best = sum(1 for x in others if x <= scores[lead]) >= 3
                    if best:
                        bonus[lead] = d.big_bonus
                        reasons_given.append((lead, d.big_bonus, "fastest_and_best"))
        results: list[RoundResult] = [
            {
                "seat": s,
                "word": st.words[s],
                "score": scores[s],
                "bonus": bonus[s],
                "valid": valid[s],
                "corrected": st.corrected[s],
            }
            for s in range(n)
        ]
        st.history.append(
            {
                "round": st.round,
                "area": st._public_area(),
                "fastest": st.fastest,
                "main": st.main,
                "results": results,
            }
        )
        events.append(Event("round_scored", {"round": st.round, "results": results}))
        for s, pts, why in reasons_given:
            events.append(Event("bonus_awarded", {"seat": s, "points": pts, "why": why}))
        if st.hourglass and n >= 3 and st.fastest is not None:
            st.no_flip = st.fastest
            events.append(Event("no_flip_card", {"seat": st.fastest}))
        if st.main is not None:
            st.main = self._next_main(st)
        if st.round >= st.rounds:
            st.phase = "over"
            st.hourglass_running = False
            res = st.result()
            standings = ", ".join(f"player {p['seat']}: {p['total']}" for p in res["players"])
            events.append(Event("game_over", {"standings": standings, "winners": res["winners"]}))
            return
        self._slide(st, events)
        st.round += 1
        self._start_round(st, events)

    def _solo_round(
        self,
        st: State,
        score: int,
        bonus: list[int],
        given: list[tuple[int, int, str]],
        events: list[Event],
    ) -> None:
        d = self.deck
        brutal = st.solo_level == "brutal"
        got = st.in_time and score >= d.solo_bonus_threshold
        if got:
            bonus[0] = d.big_bonus if st.solo_field == 0 else d.small_bonus
            given.append((0, bonus[0], f"solo_in_time_{SOLO_FIELDS[st.solo_field]}"))
        before = st.solo_field
        if score >= d.solo_advance_threshold:
            if got:
                st.solo_field = 0
        elif st.solo_field == 2:
            st.penalties[0] += 1
            events.append(Event("penalty_marked", {"seat": 0, "why": "under_20_on_red",
                                                   "points": st.penalty_points}))
            st.solo_field = 2 if brutal else 1
        else:
            st.solo_field = 2 if brutal else st.solo_field + 1
        if st.solo_field != before:
            events.append(Event("solo_field", {"field": SOLO_FIELDS[st.solo_field]}))

    def _next_main(self, st: State) -> int:
        """Fewest +2 bonuses, then fewest +1, then the first such seat left of the main one."""
        n = st.players
        big, small = self.deck.big_bonus, self.deck.small_bonus

        def counts(s: int) -> tuple[int, int]:
            got = [rnd["results"][s]["bonus"] for rnd in st.history]
            return (got.count(big), got.count(small))

        current = st.main if st.main is not None else 0
        order = [(current + i) % n for i in range(1, n + 1)]
        return min(order, key=lambda s: (counts(s), order.index(s)))

    def _slide(self, st: State, events: list[Event]) -> None:
        """Discard the right half, slide the left half right, deal the left half anew."""
        half = len(st.area) // 2
        discarded = st.area[half:]
        st.discard.extend(discarded)
        st.area[half:] = st.area[:half]
        st.area[:half] = [-1] * half
        events.append(
            Event(
                "cards_slide",
                {"discarded": ", ".join((st.cards[c].letter or "").upper() for c in discarded)},
            )
        )
        for slot in reversed(range(half)):
            self._deal(st, slot, events)
        _one_rejection(events)


def _repeat(word: str, earlier: str) -> str:
    """"yes" when a family clash is the very word again: "BERBERYS looks like the family of
    BERBERYS" told a child nothing; "BERBERYS was already used" does."""
    return "yes" if word.casefold() == earlier.casefold() else "no"


def _one_rejection(events: list[Event]) -> None:
    """The cards one deal set aside, told in one event: three "card H set aside (the 2-on-2
    rule)" sentences in a row were clutter a child had to sit through before the cards."""
    rejected = [e for e in events if e.kind == "card_rejected" and "letters" not in e.params]
    if not rejected:
        return
    first = events.index(rejected[0])
    merged = Event("card_rejected", {**rejected[0].params,
                                     "letters": [e.params["letter"] for e in rejected]})
    gone = {id(e) for e in rejected}
    events[:] = [e for e in events if id(e) not in gone]
    events.insert(first, merged)


__all__ = [
    "EVENT_KINDS",
    "GAME_ID",
    "PUBLIC",
    "REASON_CODES",
    "TABLE_MOVES",
    "Challenge",
    "Correct",
    "Done",
    "Keep",
    "Move",
    "Options",
    "Rules",
    "Ruling",
    "State",
    "Submit",
    "TimeUp",
    "WordJudge",
    "move_from_json",
]
