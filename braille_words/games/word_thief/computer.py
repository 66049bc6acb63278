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
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer, with_kind, with_points
from braille_words.games.word_thief.finder import Finder, Node, Piece
from braille_words.games.word_thief.making import Placed
from braille_words.games.word_thief.plurals import only_plural
from braille_words.games.word_thief.rules import (
    Lay,
    Move,
    Pass,
    Rules,
    State,
    StealMove,
)
from braille_words.lexicon.common import ENGLISH_VOCABULARY, knows
from braille_words.tiles import Card

LEVELS = ("beginner", "medium", "strong")
TRIES = 120
"""Candidate moves a beginner or medium computer tries through the rules per turn."""
STRONG_TRIES = 150
"""At most this many moves a strong computer tries through the rules once it has one that
stands: the ceilings are exact without wilds (the issue's positions need one try), but a
wild's letters shared by several words can leave a few hundred moves a point or two above
the best, each a full judgement of the rules."""
COMMON = ENGLISH_VOCABULARY
"""How many of the most frequent English forms a level plays (the strong one knows all);
hints use the medium vocabulary. At 30 000 a medium computer and the hints still played QI,
MORT and LOOS (ranks 16 000–27 000), words no child learning English knows."""


def _common(rules: Rules, level: str, word: str) -> bool:
    return knows(rules.lexicon, COMMON.get(level), word)


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
        # Plain dicts, not Counter arithmetic: with a wild a turn asks this of some 15 000
        # words, and Counter's subtraction was most of a 5-second turn.
        values, letters = self.values, self.letters
        counts: dict[str, int] = {}
        for c in word:
            counts[c] = counts.get(c, 0) + 1
        need = dict(counts)
        stolen_wilds = 0
        for p in piece:
            if p.wild:
                stolen_wilds += 1
            elif p.letter in need:
                need[p.letter] -= 1
        # Letters the hand has no card of are wilds (the hand's or a stolen one), worth 0;
        # a stolen wild beyond those stands for some letter, at best the cheapest.
        base = lacking = 0
        for c, k in counts.items():
            short = max(0, need[c] - letters.get(c, 0))
            lacking += short
            base += values.get(c, 0) * (k - short)
        extra = stolen_wilds - lacking
        if extra > 0:
            paid = [values.get(c, 0) for c, k in counts.items()
                    for _ in range(k - max(0, need[c] - letters.get(c, 0)))]
            base -= sum(sorted(paid)[:extra])
        suits = {p.card.suit for p in piece if not p.wild}
        double = False
        if len(suits) <= 1:
            spare = self.wilds + stolen_wilds
            for suit in suits or self.by_suit:
                have: Mapping[str, int] = self.by_suit.get(suit or "", {})
                if sum(max(0, n - have.get(c, 0)) for c, n in need.items()) <= spare:
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


class _Target:
    """One word of another player, its steals as the finder's lattice, and the best ceiling
    from each node of it to the end of a steal (so paths come out best first)."""

    def __init__(self, finder: Finder, ceiling: Ceiling, number: int, cards: Any) -> None:
        self.number = number
        self.cards = cards
        self.ceiling = ceiling
        self.finder = finder
        stolen = [None if p.wild else p.letter for p in cards]
        self.start, self.edges = finder.lattice(stolen)
        self._edge: dict[tuple[Piece, int], int] = {}
        self._best: dict[Node, int] = {}

    def edge(self, piece: Piece, words: list[str]) -> int:
        """The highest ceiling of the words of one group holding ``piece``."""
        key = (piece, id(words))
        found = self._edge.get(key)
        if found is None:
            placed = [self.cards[i] for i in piece]
            name = (self.number, *piece)
            if self.ceiling.wilds or any(p.wild for p in placed):
                found = max(self.ceiling.word(w, placed, name) for w in words)
            else:  # a group's words are anagrams of each other: one ceiling
                found = self.ceiling.word(words[0], placed, name)
            self._edge[key] = found
        return found

    def end(self, node: Node) -> int:
        """The all-seven bonus, if a steal ending at ``node`` earns it."""
        return self.ceiling.all_cards(self.ceiling.hand_size - self.finder.cards_left(node))

    def best(self, node: Node) -> int:
        """The highest ceiling of the rest of a steal from ``node``."""
        found = self._best.get(node)
        if found is None:
            found = max(self.edge(piece, words)
                        + (self.best(after) if after[0] else self.end(after))
                        for piece, words, after in self.edges[node])
            self._best[node] = found
        return found

    def steals(
        self, path: tuple[tuple[Piece, list[str]], ...], end: Node
    ) -> Iterator[Candidate]:
        """The steals of one path of groups, each with its own ceiling."""
        bonus = self.end(end)
        scored = [[(self.ceiling.word(w, [self.cards[i] for i in piece], (self.number, *piece)),
                    w) for w in words] for piece, words in path]
        for combo in itertools.product(*scored):
            yield (sum(c for c, _ in combo) + bonus,
                   StealMove(self.number, tuple(w for _, w in combo)))


def ranked(rules: Rules, state: State, seat: int, level: str = "strong") -> Iterator[Candidate]:
    """Every move worth trying (lays, and steals of every other player's word), from the
    highest ceiling down; below the strong level only moves of common words. Steals come
    from each target's lattice best first: a path is followed only when its ceiling so far
    plus the best it can still make comes up, so the thousands (with a wild, millions) of
    steals of a busy table are never all listed."""
    hand = state.hands[seat]
    ceiling = Ceiling(rules, hand)
    letters, wilds = _letters(hand)
    finder = finder_for(rules.lexicon, letters, wilds, ordered=not state.options.rearrange)
    counter = itertools.count()
    heap: list[tuple[int, int, Any, Any]] = []
    for top, move in _lays(rules, state, seat, ceiling):
        heap.append((-top, next(counter), move, None))
    if finder is not None:
        for number, word in enumerate(state.table):
            if word.owner == seat:
                continue
            target = _Target(finder, ceiling, number, word.cards)
            if target.start is not None:
                heap.append((-target.best(target.start), next(counter), None,
                             (target, target.start, 0, ())))
    heapq.heapify(heap)
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while heap:
        neg, _, move, partial = heapq.heappop(heap)
        if move is None:
            target, node, so_far, path = partial
            for piece, words, after in target.edges[node]:
                if level != "strong":
                    words = [w for w in words if _common(rules, level, w)]
                    if not words:
                        continue
                step = so_far + target.edge(piece, words)
                walked = (*path, (piece, words))
                if after[0]:
                    heapq.heappush(heap, (-(step + target.best(after)), next(counter), None,
                                          (target, after, step, walked)))
                else:
                    for top, steal in target.steals(walked, after):
                        heapq.heappush(heap, (-top, next(counter), steal, None))
            continue
        if isinstance(move, StealMove):
            key = (move.target, tuple(sorted(move.words)))
            if key in seen:
                continue
            seen.add(key)
            stolen = state.table[move.target].text
            if stolen in move.words or (len(move.words) == 1
                                        and only_plural(move.words[0], stolen)):
                continue  # the rules refuse these whatever the cards
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
    ceiling down until the best score found is at least the next ceiling (or, with one
    found, ``STRONG_TRIES`` have been tried)."""
    best: tuple[int, Move] | None = None
    for tried, (top, move) in enumerate(ranked(rules, state, seat)):
        if best is not None and (best[0] >= top or tried >= STRONG_TRIES):
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


def _scored(rules: Rules, state: State, seat: int, level: str) -> list[tuple[int, Move]]:
    """A level's candidate moves that the rules take, with their points, best first."""
    scored: list[tuple[int, Move]] = []
    for move in candidates(rules, state, seat, level):
        points = _score(rules, state, seat, move)
        if points is not None:
            scored.append((points, move))
    scored.sort(key=lambda pm: -pm[0])
    return scored


def _pick(scored: list[tuple[int, Move]], level: str, rng: random.Random) -> tuple[int, Move]:
    """A medium computer's pick among its good moves (at least 60% of its best); a
    beginner's among any. ``scored`` is best first and not empty."""
    top = scored[0][0]
    share = 0.6 if level == "medium" else 0.0
    good = [pm for pm in scored if pm[0] >= top * share]
    return rng.choice(good[:6])


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    if level == "strong":
        best = best_move(rules, state, seat)
        return pass_move(rules, state, seat) if best is None else best[1]
    scored = _scored(rules, state, seat, level)
    if not scored:
        return pass_move(rules, state, seat)
    return _pick(scored, level, rng)[1]


class Computer(ComputerPlayer[Rules, State, Move]):
    """Word Thief's computer player as the table calls it."""

    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        scored = _scored(rules, state, seat, "medium")
        if not scored:
            # The pass itself, with the cards to give up: "możesz spasować" left a child to
            # guess which three cards a pass wants.
            return pass_move(rules, state, seat)
        # The hint says what it scores (issue 33), and whether it is the best move (issue
        # 35): the best when it is of common words, else a medium computer's simpler pick.
        best = best_move(rules, state, seat)
        if best is None or scored[0][0] >= best[0]:
            points, move = scored[0]
            return with_kind(with_points(move, points), "best")
        points, move = _pick(scored, "medium", random.Random(state.turns))
        return with_kind(with_points(move, points), "simpler")

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return pass_move(rules, state, seat)
