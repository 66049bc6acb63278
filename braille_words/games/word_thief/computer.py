"""Word Thief's computer player: it looks for words in its hand and for steals on the table.

It reads only its own hand and the table (what ``view_for`` shows it), asks the English
lexicon for anagrams of its hand and the steal finder (one per turn, shared by the table's
words) for every steal, and tries candidates through the pure rules, which judge and score
each exactly as they judge a person (plurals, order, a card of its own in every new word,
which cards make a word one suit).

There are thousands of steals on a busy table (with a wild, millions), too many to try one
by one through the rules, so each gets a ceiling first: the most its cards can score, one
suit where they can be (``Takes``, ``_Target.exact``), with the length bonuses and the
all-seven bonus. No move scores above its ceiling, so the strong computer tries moves from
the highest ceiling down and stops when the best score it has found is at least the next
ceiling: that is the best move by the rules. Words the finder groups together (same piece,
same hand cards) share a ceiling, so a group is only opened when its ceiling comes up, and
a steal's ceiling is what its words' cards score at best together, so the first move tried
is mostly the best. A medium computer plays one of the better moves it
tries, a beginner one of any it finds among common words. With nothing to play it passes,
swapping its costliest cards.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer, with_kind, with_points
from braille_words.games.word_thief.finder import (
    AnagramIndex,
    Finder,
    Group,
    Node,
    Piece,
    anagram_index,
)
from braille_words.games.word_thief.kept_index import kept
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
from braille_words.lexicon.unsuitable import unsuitable
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
    most = COMMON.get(level)
    if most is None:
        return True
    known = _vocabulary(rules.lexicon, most)
    return knows(rules.lexicon, most, word) if known is None else word in known


@functools.lru_cache(maxsize=8)
def _vocabulary(lexicon: Any, most: int) -> frozenset[str] | None:
    """The ``most`` most frequent forms of ``lexicon`` as a set (``knows`` of each, for a
    lexicon that cannot list them): a hint sifts some 15 000 steal words a turn, and
    ``knows`` walks the word graph for each (1.2 of a hint's 4 profiled seconds). Less
    what ``knows`` refuses however frequent: swear words, and forms counted for being
    something else (``unsuitable``; the set once held SPERM and KAT)."""
    top = getattr(lexicon, "most_frequent", None)
    if not callable(top):
        return None
    lang = getattr(lexicon, "lang", None)
    return frozenset(word for word in top(most) if not unsuitable(word, lang))


def _letters(cards: Any) -> tuple[str, int]:
    letters = "".join(c.letter for c in cards if c.letter is not None)
    return letters, sum(1 for c in cards if c.letter is None)


def finder_for(lexicon: Any, letters: str, wilds: int, *, ordered: bool = True) -> Finder | None:
    """The steal finder of a hand of ``letters`` and ``wilds``, kept for one look at the
    whole table (``finder``); None when the lexicon has no word graph."""
    graph = getattr(lexicon, "graph", None)
    if graph is None:
        return None
    return Finder(graph, letters, wilds, ordered=ordered, index=_index(lexicon, graph))


def _index(lexicon: Any, graph: Any) -> AnagramIndex | None:
    """A compiled word list's anagram index, mapped from the cache folder where an earlier
    game kept it (``kept_index``); None for a list made in memory (the finder builds it)."""
    lang, stamp = getattr(lexicon, "lang", None), getattr(lexicon, "stamp", None)
    if (getattr(lexicon, "source", "memory") == "memory" or not isinstance(lang, str)
            or not isinstance(stamp, str)):
        return None
    return anagram_index(graph, functools.partial(kept, kept_as=(lang, stamp)))


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
    """One hand's cards as the ceilings read them: its letters, its cards of each suit, its
    wilds (a lay's ceiling here, a steal's in ``Takes`` and ``_Target``)."""

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

    def lay(self, word: str) -> int:
        """The most ``word`` laid from the hand scores: its letters the hand holds (wilds
        stand in for the rest and score nothing), or twice those of one suit when the wilds
        make up the rest; its length bonus and the all-seven bonus."""
        values = self.values
        need = Counter(word)
        best = sum(values.get(c, 0) * min(n, self.letters[c]) for c, n in need.items())
        for have in self.by_suit.values():
            if sum(max(0, n - have[c]) for c, n in need.items()) <= self.wilds:
                best = max(best, 2 * sum(values.get(c, 0) * min(n, have[c])
                                         for c, n in need.items()))
        return best + self.rules.deck.length_points(len(word)) + self.all_cards(len(word))

    def all_cards(self, used: int) -> int:
        """The bonus for using ``used`` cards of the hand: all seven of a full hand."""
        return self.rules.deck.all_cards_bonus if self.full and used == self.hand_size else 0


Candidate = tuple[int, Move]
"""A move and its ceiling."""


def _lays(rules: Rules, state: State, seat: int, ceiling: Ceiling) -> list[tuple[int, Lay]]:
    hand = state.hands[seat]
    letters, wilds = _letters(hand)
    anagrams = getattr(rules.lexicon, "anagrams", None)
    if not callable(anagrams):
        return []
    found = anagrams(letters, wilds, min_len=rules.deck.min_word, max_len=len(hand))
    return [(ceiling.lay(w), Lay(w)) for w in sorted({f.word for f in found})]


class Takes:
    """What a steal's word can score from its hand cards, for every take of the finder's
    (which of the hand's letters it holds) and what is left of the hand when it is made,
    worked out once a turn with numpy (a hand of seven has at most 128 takes).

    A steal's words share the hand, so a ceiling of each word alone counted a card once for
    every word that could use it (KI + KI with one K): with a wild in hand the strong computer
    then tried 150 moves through the rules, ceilings 20 points above what they scored. The
    steal's ceiling is instead the sum over its words of

    - its stolen cards' values (twice when it can be one suit), and its length bonus;
    - ``kept``: the values of its take's letters still left in the hand after the words
      before it (each card counted once over the whole steal: the takes of a path through the
      finder's lattice, clipped by what is left, add up to what the hand holds of each letter);
    - if it can be one suit, ``suit_value``: its take's letters the hand holds in that suit
      once more (a one-suit word's hand cards are that suit's; a wild stands in for the rest
      and scores nothing).

    No steal scores more: its cards score once each and a one-suit word's cards once more.
    The hand's letters a word lacks in a suit (``suit_short``), with the wilds standing in
    for letters the hand has none of, must be covered by the hand's wilds for it to be one
    suit (as ``Ceiling.word``)."""

    def __init__(self, ceiling: Ceiling, finder: Finder) -> None:
        letters = finder.letters
        takes = np.array(finder.takes, dtype=np.int64).reshape(len(finder.takes), len(letters))
        values = np.array([ceiling.values.get(c, 0) for c in letters], dtype=np.int64)
        # [left][take], a left at a time (all pairs at once was a [left, take, letter] array
        # as big as the finder's, at the peak of a game)
        self.kept: list[list[int]] = [(np.minimum(takes, left) @ values).tolist()
                                      for left in takes]
        self.suit_value: dict[str, list[int]] = {}
        self.suit_short: dict[str, list[int]] = {}
        for suit, have in ceiling.by_suit.items():
            counts = np.array([have.get(c, 0) for c in letters], dtype=np.int64)
            self.suit_value[suit] = (np.minimum(takes, counts) @ values).tolist()
            self.suit_short[suit] = np.maximum(takes - counts, 0).sum(axis=1).tolist()
        self.size: list[int] = takes.sum(axis=1).tolist()


class _Target:
    """One word of another player, its steals as the finder's lattice, and the best ceiling
    from each node of it to the end of a steal (so paths come out best first)."""

    def __init__(self, finder: Finder, ceiling: Ceiling, takes: Takes, number: int,
                 cards: Any) -> None:
        self.rules = ceiling.rules
        self.number = number
        self.cards = cards
        self.ceiling = ceiling
        self.takes = takes
        self.finder = finder
        stolen = [None if p.wild else p.letter for p in cards]
        self.start, self.edges = finder.lattice(stolen)
        self._group: dict[tuple[Piece, Group], int] = {}
        self._pieces: dict[Piece, tuple[int, list[str]]] = {}
        self._best: dict[Node, int] = {}
        self._common: dict[tuple[int, str], list[str]] = {}
        self._kept = takes.kept
        self._bonus = ceiling.rules.deck.all_cards_bonus if ceiling.full else 0
        self._size = takes.size

    def edge(self, node: Node, piece: Piece, group: Group) -> int:
        """The ceiling of the words of one group holding ``piece``, made at ``node`` (see
        ``Takes``): the hand's cards it holds that are still left there, and ``group``'s."""
        found = self._group.get((piece, group))
        if found is None:
            found = self.group(piece, group)
        return found + self._kept[node[1]][group[0]]

    def group(self, piece: Piece, group: Group) -> int:
        """What the words of one group holding ``piece`` score at most besides their hand
        cards' values once (``Takes.kept``). One for the whole group: its words are the piece,
        the take, and as many letters the hand has no card of, which wilds stand in for (the
        finder keeps each word with its fewest wilds) and which score nothing, as a stolen
        wild scores nothing whatever letter it stands for (the finder groups a word by each
        letter it may be)."""
        take, lacking = group
        takes = self.takes
        cached = self._pieces.get(piece)
        if cached is None:
            placed = [self.cards[i] for i in piece if not self.cards[i].wild]
            held = {p.card.suit for p in placed}
            # One suit: the stolen cards' (any, if they are all wilds).
            cached = self._pieces[piece] = (
                sum(p.card.value for p in placed),
                [s for s in (held or takes.suit_value) if s in takes.suit_short]
                if len(held) <= 1 else [])
        stolen, suits = cached
        found = stolen
        # The hand's wilds standing in for the take's letters of other suits and those it
        # has none of.
        doubled = [takes.suit_value[suit][take] for suit in suits
                   if takes.suit_short[suit][take] + lacking <= self.ceiling.wilds]
        if doubled:
            found += stolen + max(doubled)
        found += self.rules.deck.length_points(len(piece) + takes.size[take] + lacking)
        self._group[piece, group] = found
        return found

    def common(self, words: list[str], level: str) -> list[str]:
        """The words of a group a level plays (all, strong): kept per group, so that a group
        reached by several paths is sifted once and its ceiling cached once."""
        if level == "strong":
            return words
        key = (id(words), level)
        found = self._common.get(key)
        if found is None:
            found = self._common[key] = [w for w in words if _common(self.rules, level, w)]
        return found

    def end(self, node: Node) -> int:
        """The all-seven bonus, if a steal ending at ``node`` earns it (no card left)."""
        return 0 if self._size[node[1]] + node[2] else self._bonus

    def best(self, node: Node) -> int:
        """The highest ceiling of the rest of a steal from ``node``."""
        found = self._best.get(node)
        if found is not None:
            return found
        kept, groups, best, end = self._kept[node[1]], self._group, self.best, self.end
        found = -1
        for piece, _, after, group in self.edges[node]:
            value = groups.get((piece, group))
            if value is None:
                value = self.group(piece, group)
            value += kept[group[0]] + (best(after) if after[0] else end(after))
            if value > found:
                found = value
        self._best[node] = found
        return found

    def steals(self, path: tuple[Step, ...]) -> Iterator[StealMove]:
        """The steals of one path of groups (one word of each group's)."""
        for words in itertools.product(*(words for _, _, words in path)):
            yield StealMove(self.number, words)

    def exact(self, path: tuple[Step, ...], end: Node) -> int:
        """The most the steals of a whole path can score: the ceilings the walk adds up may
        each count on a wild that another word spends (COZ one suit with the wild standing
        in for its green O, while PURGES needs the wild for its G), so at the end of the
        stolen word the path's words are looked at together. For each choice of which
        words are one suit (and which suit, when their stolen cards are all wilds), the hand's
        cards go first to the one-suit words of their suit (worth double there), then to the
        others; the wilds cover the rest, or that choice is impossible. The best choice is
        what a steal of the path scores at most (its words' cards chosen best)."""
        finder, ceiling, cards = self.finder, self.ceiling, self.cards
        letters, have = finder.letters, finder.have
        values = [ceiling.values.get(c, 0) for c in letters]
        by_suit = {s: [counts.get(c, 0) for c in letters] for s, counts in ceiling.by_suit.items()}
        words: list[tuple[tuple[int, ...], int, list[str | None]]] = []
        fixed = 0  # the length bonuses, the stand-ins' wilds, the all-seven bonus
        spent = 0
        for piece, (number, lacking), _ in path:
            placed = [cards[i] for i in piece if not cards[i].wild]
            suits = {p.card.suit for p in placed}
            ways: list[str | None] = [None]
            ways += sorted(suits) if len(suits) == 1 else [] if suits else sorted(by_suit)
            words.append((finder.takes[number], sum(p.card.value for p in placed), ways))
            fixed += self.rules.deck.length_points(len(piece) + self.takes.size[number] + lacking)
            spent += lacking
        fixed += self.end(end)
        best: int | None = None
        for choice in itertools.product(*(ways for _, _, ways in words)):
            points = sum(value * (1 if suit is None else 2)
                         for (_, value, _), suit in zip(words, choice, strict=True))
            wilds = spent
            for d, value in enumerate(values):
                plain = doubled = 0
                wanted: dict[str, int] = {}
                for (take, _, _), suit in zip(words, choice, strict=True):
                    if suit is None:
                        plain += take[d]
                    else:
                        wanted[suit] = wanted.get(suit, 0) + take[d]
                for suit, n in wanted.items():
                    doubled += min(n, by_suit[suit][d])
                given = min(plain, have[d] - doubled)
                points += value * (2 * doubled + given)
                wilds += plain + sum(wanted.values()) - doubled - given
            if wilds <= ceiling.wilds and (best is None or points > best):
                best = points
        assert best is not None  # a path of the lattice: its plain choice is paid for
        return best + fixed


Step = tuple[Piece, Group, list[str]]
"""One word of a steal on its way through a lattice: its piece, what it takes from the hand,
and its group's words."""


class Look:
    """What one seat sees on its turn, worked out once and read by every level's ranking
    (a hint ranks the medium moves and the strong ones): its hand's ceilings, its lays, and
    the steals of every other player's word as the finder's lattices."""

    def __init__(self, rules: Rules, state: State, seat: int) -> None:
        hand = state.hands[seat]
        self.ceiling = Ceiling(rules, hand)
        self.lays = _lays(rules, state, seat, self.ceiling)
        letters, wilds = _letters(hand)
        finder = finder_for(rules.lexicon, letters, wilds, ordered=not state.options.rearrange)
        self.targets: list[_Target] = []
        if finder is not None:
            takes = Takes(self.ceiling, finder)
            for number, word in enumerate(state.table):
                if word.owner == seat:
                    continue
                target = _Target(finder, self.ceiling, takes, number, word.cards)
                if target.start is not None:
                    self.targets.append(target)


def ranked(
    rules: Rules, state: State, seat: int, level: str = "strong", look: Look | None = None,
    one_word: bool = False,
) -> Iterator[Candidate]:
    """Every move worth trying (lays, and steals of every other player's word), from the
    highest ceiling down; below the strong level only moves of common words. Steals come
    from each target's lattice best first: a path is followed only when its ceiling so far
    plus the best it can still make comes up, so the thousands (with a wild, millions) of
    steals of a busy table are never all listed. ``look``: the seat's, if already made.
    ``one_word``: only steals making one word (a path of one piece)."""
    look = look or Look(rules, state, seat)
    counter = itertools.count()
    # An entry: minus its ceiling, a tie-break, and a lay, or a path through a target's
    # lattice (the node it has reached, its ceiling so far, its groups of words): a path at
    # the end of the stolen word stands for all its steals, which share its ceiling.
    heap: list[tuple[int, int, Lay | None, Any]] = []
    for top, move in look.lays:
        if _common(rules, level, move.word):
            heap.append((-top, next(counter), move, None))
    for target in look.targets:
        assert target.start is not None  # a Look keeps only words with a steal
        heap.append((-target.best(target.start), next(counter), None,
                     (target, target.start, 0, ())))
    heapq.heapify(heap)
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while heap:
        neg, _, lay, partial = heapq.heappop(heap)
        if lay is not None:
            yield -neg, lay
            continue
        target, node, so_far, path = partial
        if node is None:  # a whole path: its steals come up at its exact ceiling
            stolen = state.table[target.number].text
            for steal in target.steals(path):
                key = (steal.target, tuple(sorted(steal.words)))
                if key in seen:
                    continue
                seen.add(key)
                if stolen in steal.words or (len(steal.words) == 1
                                             and only_plural(steal.words[0], stolen)):
                    continue  # the rules refuse these whatever the cards
                yield -neg, steal
            continue
        if one_word and path:
            continue  # a second piece would be a second word
        for piece, words, after, group in target.edges[node]:
            words = target.common(words, level)
            if not words:
                continue
            step = so_far + target.edge(node, piece, group)
            walked = (*path, (piece, group, words))
            if after[0]:
                heapq.heappush(heap, (-(step + target.best(after)), next(counter), None,
                                      (target, after, step, walked)))
            else:
                heapq.heappush(heap, (-target.exact(walked, after), next(counter), None,
                                      (target, None, 0, walked)))


def candidates(
    rules: Rules, state: State, seat: int, level: str, look: Look | None = None
) -> list[Move]:
    """The first moves worth trying, highest ceiling first (at most ``TRIES``)."""
    return [move for _, move in
            itertools.islice(ranked(rules, state, seat, level, look), TRIES)]


def _score(rules: Rules, state: State, seat: int, move: Move) -> int | None:
    try:
        after, _ = rules.apply(state, seat, move)
    except (RuleViolation, InputError):
        return None
    return after.scores[seat] - state.scores[seat]


def best_move(
    rules: Rules, state: State, seat: int, look: Look | None = None,
    known: tuple[int, Move] | None = None,
) -> tuple[int, Move] | None:
    """The best-scoring move by the rules, or None: moves are tried from the highest
    ceiling down until the best score found (at first ``known``, a move already scored) is
    at least the next ceiling (or, with one found, ``STRONG_TRIES`` have been tried)."""
    best = known
    for tried, (top, move) in enumerate(ranked(rules, state, seat, "strong", look)):
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


PICK = 6
"""A beginner or medium computer picks among its best this many moves (a medium one among
those scoring at least 60% of its best)."""


def _scored(
    rules: Rules, state: State, seat: int, level: str, look: Look | None = None,
    one_word: bool = False,
) -> list[tuple[int, Move]]:
    """A level's ``PICK`` best moves that the rules take, with their points, best first:
    moves are tried from the highest ceiling down (at most ``TRIES``) until ``PICK`` of them
    score at least the next ceiling, which no move after it can beat. Trying all ``TRIES``
    (each a full judgement of the rules) was most of a hint's second."""
    scored: list[tuple[int, Move]] = []
    lowest: list[int] = []  # the ``PICK`` highest points found, lowest first (a heap)
    for tried, (top, move) in enumerate(ranked(rules, state, seat, level, look, one_word)):
        if tried >= TRIES or (len(lowest) == PICK and lowest[0] >= top):
            break
        points = _score(rules, state, seat, move)
        if points is not None:
            scored.append((points, move))
            if len(lowest) < PICK:
                heapq.heappush(lowest, points)
            else:
                heapq.heappushpop(lowest, points)
    scored.sort(key=lambda pm: -pm[0])  # stable: ties in the order their ceilings came
    return scored[:PICK]


def _pick(scored: list[tuple[int, Move]], level: str, rng: random.Random) -> tuple[int, Move]:
    """A medium computer's pick among its good moves (at least 60% of its best); a
    beginner's among any. ``scored`` is best first and not empty."""
    top = scored[0][0]
    share = 0.6 if level == "medium" else 0.0
    good = [pm for pm in scored if pm[0] >= top * share]
    return rng.choice(good[:PICK])


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
        look = Look(rules, state, seat)  # one finder and lattice for both rankings
        # One thing a child does ("make BUOY", "steal VICE and add N to make VINCE"): a
        # steal cut into four words ("steal 2 vice an buy oil") is a puzzle of its own,
        # offered only when nothing simpler scores (the hint says harder moves score more).
        scored = (_scored(rules, state, seat, "medium", look, one_word=True)
                  or _scored(rules, state, seat, "medium", look))
        if not scored:
            # The pass itself, with the cards to give up: "możesz spasować" left a child to
            # guess which three cards a pass wants.
            return pass_move(rules, state, seat)
        # The hint says what it scores (issue 33), and whether it is the best move (issue
        # 35): the best when it is of common words, else a medium computer's simpler pick.
        # The common move is a move too: the strong search stops as soon as nothing can
        # beat it.
        best = best_move(rules, state, seat, look, known=scored[0])
        if best is None or scored[0][0] >= best[0]:
            points, move = scored[0]
            return with_kind(with_points(move, points), "best")
        points, move = _pick(scored, "medium", random.Random(state.turns))
        return with_kind(with_points(move, points), "simpler")

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return pass_move(rules, state, seat)
