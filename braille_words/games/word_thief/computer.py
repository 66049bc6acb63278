"""Word Thief's computer player: it looks for words in its hand and for steals on the table.

It reads only its own hand and the table (what ``view_for`` shows it), asks the English
lexicon for anagrams of its hand and the steal finder (one per turn, shared by the table's
words) for every steal, and tries candidates through the pure rules, which judge and score
each exactly as they judge a person (plurals, order, a card of its own in every new word,
which cards make a word one suit).

There are thousands of steals on a busy table, too many to try one by one through the rules,
so each gets a ceiling first: its words' letter values, doubled where the word could be one
suit (its stolen cards one suit and the hand holding that suit's cards for the rest, wilds
making up), plus the length bonuses and the all-seven bonus. No move scores above its
ceiling, so the strong computer tries moves from the highest ceiling down and stops when the
best score it has found is at least the next ceiling: that is the best move by the rules.
Words the finder groups together (same piece, same hand cards) share a ceiling, so a group
is only opened when its ceiling comes up. A medium computer plays one of the better moves it
tries, a beginner one of any it finds among common words. With nothing to play it passes,
swapping its costliest cards.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer
from braille_words.games.word_thief.finder import Finder, Piece
from braille_words.games.word_thief.making import Placed
from braille_words.games.word_thief.rules import (
    Lay,
    Move,
    Pass,
    Rules,
    State,
    StealMove,
    only_plural,
)
from braille_words.tiles import Card

LEVELS = ("beginner", "medium", "strong")
TRIES = 120
"""Candidate moves a beginner or medium computer tries through the rules per turn."""
COMMON = {"beginner": 8000, "medium": 30000}
"""How many of the most frequent English forms a level plays (the strong one knows all)."""


def _common(rules: Rules, level: str, word: str) -> bool:
    most = COMMON.get(level)
    rank = getattr(rules.lexicon, "frequency_rank", None)
    if most is None or not callable(rank):
        return True
    found = rank(word)
    return found is not None and found <= most


def _letters(cards: Any) -> tuple[str, int]:
    letters = "".join(c.letter for c in cards if c.letter is not None)
    return letters, sum(1 for c in cards if c.letter is None)


def finder_for(lexicon: Any, letters: str, wilds: int, *, ordered: bool = True) -> Finder | None:
    """The steal finder of a hand of ``letters`` and ``wilds``, kept for one look at the
    whole table (``finder``); None when the lexicon has no word graph."""
    graph = getattr(lexicon, "graph", None)
    return None if graph is None else Finder(graph, letters, wilds, ordered=ordered)


def steals_of(
    lexicon: Any, stolen: str, letters: str, wilds: int, *, ordered: bool = True
) -> list[tuple[str, ...]]:
    """Every legal steal of ``stolen`` with a hand of ``letters`` and ``wilds``, in any
    number of words (``finder``), less those the rules refuse whatever the cards: a new word
    that is the stolen word, and one word that is only its plural."""
    finder = finder_for(lexicon, letters, wilds, ordered=ordered)
    if finder is None:
        return []
    return [s for s in finder.steals(stolen)
            if stolen not in s and not (len(s) == 1 and only_plural(s[0], stolen))]


class Ceiling:
    """What a word can score at most, made of given cards and some of one hand's: its
    letters' values, doubled when it can be one suit, and its length bonus."""

    def __init__(self, rules: Rules, hand: Sequence[Card]) -> None:
        self.rules = rules
        self.values = rules.deck.values
        self.wilds = sum(1 for c in hand if c.letter is None)
        self.by_suit: dict[str, Counter[str]] = {
            s: Counter(c.letter for c in hand if c.suit == s and c.letter is not None)
            for s in rules.deck.suits}
        self.letters = Counter(c.letter for c in hand if c.letter is not None)
        self.full = len(hand) == rules.deck.hand
        self.hand_size = len(hand)
        self._cache: dict[tuple[str, tuple[int, ...]], int] = {}

    def word(self, word: str, piece: Sequence[Placed] = (), key: tuple[int, ...] = ()) -> int:
        """The ceiling of ``word`` holding the stolen cards ``piece``; ``key`` names the piece
        (its table word and places) for the cache."""
        cache_key = (word, key)
        found = self._cache.get(cache_key)
        if found is not None:
            return found
        values = self.values
        need = Counter(word) - Counter(p.letter for p in piece if not p.wild)
        # Letters the hand has no card of are wilds (the hand's or a stolen one), worth 0;
        # a stolen wild beyond those stands for some letter, at best the cheapest.
        lacking = need - self.letters
        paid = Counter(word) - lacking
        base = sum(values.get(c, 0) * k for c, k in paid.items())
        extra = sum(1 for p in piece if p.wild) - sum(lacking.values())
        if extra > 0:
            base -= sum(sorted(values.get(c, 0) for c in paid.elements())[:extra])
        suits = {p.card.suit for p in piece if not p.wild}
        double = False
        if len(suits) <= 1:
            spare = self.wilds + sum(1 for p in piece if p.wild)
            for suit in suits or self.by_suit:
                have = self.by_suit.get(suit or "", Counter())
                if sum((need - have).values()) <= spare:
                    double = True
                    break
        found = base * (2 if double else 1) + self.rules.deck.length_points(len(word))
        self._cache[cache_key] = found
        return found

    def all_cards(self, used: int) -> int:
        """The bonus for using ``used`` cards of the hand: all seven of a full hand."""
        return self.rules.deck.all_cards_bonus if self.full and used == self.hand_size else 0


Candidate = tuple[int, Move]
"""A move and its ceiling."""


def _lays(rules: Rules, state: State, seat: int, ceiling: Ceiling) -> list[Candidate]:
    hand = state.hands[seat]
    letters, wilds = _letters(hand)
    anagrams = getattr(rules.lexicon, "anagrams", None)
    if not callable(anagrams):
        return []
    found = anagrams(letters, wilds, min_len=rules.deck.min_word, max_len=len(hand))
    return [(ceiling.word(w) + ceiling.all_cards(len(w)), Lay(w))
            for w in sorted({f.word for f in found})]


def _steal_groups(
    rules: Rules, state: State, seat: int, ceiling: Ceiling
) -> Iterator[tuple[int, int, tuple[tuple[Piece, ...], tuple[list[str], ...]], Any]]:
    """Every group of steals of every word of another player: (ceiling, table number, the
    pieces and their word lists, the stolen cards)."""
    letters, wilds = _letters(state.hands[seat])
    finder = finder_for(rules.lexicon, letters, wilds, ordered=not state.options.rearrange)
    if finder is None:
        return
    for number, target in enumerate(state.table):
        if target.owner == seat:
            continue
        cards = target.cards
        # A stolen wild may become another letter: the finder takes it as any letter (None).
        stolen = [None if p.wild else p.letter for p in cards]
        for pieces, groups in finder.chains(stolen):
            top = 0
            used = 0
            for piece, words in zip(pieces, groups, strict=True):
                placed = [cards[i] for i in piece]
                key = (number, *piece)
                if ceiling.wilds or any(p.wild for p in placed):
                    top += max(ceiling.word(w, placed, key) for w in words)
                else:  # a group's words are anagrams of each other: one ceiling
                    top += ceiling.word(words[0], placed, key)
                used += len(words[0]) - len(piece)
            yield top + ceiling.all_cards(used), number, (pieces, groups), cards


def _open(
    rules: Rules, ceiling: Ceiling, number: int, chain: tuple[tuple[Piece, ...],
                                                               tuple[list[str], ...]],
    cards: Any,
) -> Iterator[Candidate]:
    """The steals of one group, each with its own ceiling."""
    pieces, groups = chain
    used = sum(len(words[0]) - len(piece) for piece, words in zip(pieces, groups, strict=True))
    bonus = ceiling.all_cards(used)
    scored = [[(ceiling.word(w, [cards[i] for i in piece], (number, *piece)), w) for w in words]
              for piece, words in zip(pieces, groups, strict=True)]
    for combo in itertools.product(*scored):
        yield (sum(c for c, _ in combo) + bonus,
               StealMove(number, tuple(w for _, w in combo)))


def ranked(rules: Rules, state: State, seat: int, level: str = "strong") -> Iterator[Candidate]:
    """Every move worth trying (lays, and steals of every other player's word), from the
    highest ceiling down; below the strong level only moves of common words."""
    ceiling = Ceiling(rules, state.hands[seat])
    counter = itertools.count()
    heap: list[tuple[int, int, Move | None, Any]] = []
    for top, move in _lays(rules, state, seat, ceiling):
        heap.append((-top, next(counter), move, None))
    for top, number, chain, cards in _steal_groups(rules, state, seat, ceiling):
        heap.append((-top, next(counter), None, (number, chain, cards)))
    heapq.heapify(heap)
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while heap:
        neg, _, move, group = heapq.heappop(heap)
        if move is None:
            number, chain, cards = group
            for top, steal in _open(rules, ceiling, number, chain, cards):
                heapq.heappush(heap, (-top, next(counter), steal, None))
            continue
        if isinstance(move, StealMove):
            key = (move.target, tuple(sorted(move.words)))
            if key in seen:
                continue
            seen.add(key)
            if not all(_common(rules, level, w) for w in move.words):
                continue
        elif isinstance(move, Lay) and not _common(rules, level, move.word):
            continue
        yield -neg, move


def candidates(rules: Rules, state: State, seat: int, level: str) -> list[Move]:
    """The first moves worth trying, highest ceiling first (at most ``TRIES``)."""
    return [move for _, move in itertools.islice(ranked(rules, state, seat, level), TRIES)]


def _score(rules: Rules, state: State, seat: int, move: Move) -> int | None:
    try:
        after, _ = rules.apply(state, seat, move)
    except (RuleViolation, InputError):
        return None
    return after.scores[seat] - state.scores[seat]


def best_move(rules: Rules, state: State, seat: int) -> tuple[int, Move] | None:
    """The best-scoring move by the rules, or None: moves are tried from the highest
    ceiling down until the best score found is at least the next ceiling."""
    best: tuple[int, Move] | None = None
    for top, move in ranked(rules, state, seat):
        if best is not None and best[0] >= top:
            break
        points = _score(rules, state, seat, move)
        if points is not None and (best is None or points > best[0]):
            best = (points, move)
    return best


def pass_move(rules: Rules, state: State, seat: int) -> Pass:
    """A pass: with cards to draw, the costliest cards go (wilds are kept)."""
    if not state.draw:
        return Pass()
    hand = sorted((c for c in state.hands[seat] if c.letter is not None),
                  key=lambda c: (-c.value, c.letter or ""))
    count = min(rules.deck.pass_exchange, len(state.hands[seat]))
    chosen = [c.letter or "?" for c in hand[:count]]
    while len(chosen) < count:
        chosen.append("?")
    return Pass(tuple(chosen))


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    if level == "strong":
        best = best_move(rules, state, seat)
        return pass_move(rules, state, seat) if best is None else best[1]
    scored: list[tuple[int, Move]] = []
    for move in candidates(rules, state, seat, level):
        points = _score(rules, state, seat, move)
        if points is not None:
            scored.append((points, move))
    if not scored:
        return pass_move(rules, state, seat)
    scored.sort(key=lambda pm: -pm[0])
    top = scored[0][0]
    share = 0.6 if level == "medium" else 0.0
    good = [m for p, m in scored if p >= top * share]
    return rng.choice(good[:6])


class Computer(ComputerPlayer[Rules, State, Move]):
    """Word Thief's computer player as the table calls it."""

    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        move = choose_move(rules, state, seat, "medium", random.Random(state.turns))
        return None if isinstance(move, Pass) else move

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return pass_move(rules, state, seat)
