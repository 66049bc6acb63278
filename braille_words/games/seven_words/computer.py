"""Computer players for 7 słów, and the best-word search behind them.

A word's score depends only on how many times it holds each letter that is on the table,
capped by the number of cards of that letter (at most two by the "2 na 2" rule); vowels and
letters not on the table are free. So the lexicon's four million forms collapse to far fewer
*signatures* — for each card letter, 0, 1 or "2 or more" — and every word of a signature scores
the same on any table.

The search (``SignatureIndex.best``) never scores a word. It walks the lattice of "which cards
of the table does the word use", best cards first: choosing a card narrows a bitset of the
signatures that still hold every chosen card (one AND of two big integers), and a branch is
cut as soon as the points already chosen plus every card still open cannot beat the best word
found. An empty bitset ends a branch: no word of the lexicon holds those letters together.
With eight cards the lattice has at most 3^8 corners and the bound cuts most of them.

Why not walk the lexicon's letter graph (its DAWG) directly? ``GraphSearch`` does, with the
same bound (each node knows which card letters some word below it still holds, once and
twice): its paths spell vowels and free letters in order though the score ignores both, so it
visits tens of thousands of nodes per table where the index does a handful of ANDs. The
benchmark prints both: the walk is about 20x faster than a plain scan, the index over 10 000x.
Grouping the lexicon takes ~20 s and ~250 MB, so ``lexicon build`` does it once and stores the
index beside the lexicon (``lexicon/signatures.py``); a game maps it in milliseconds.

Levels: ``strong`` finds the best word of the whole lexicon, instantly; ``medium`` one of the
best common words (Zipf 3 or more, about once per million words; frequencies are the
lexicon's, computed at build time), after some thought; ``beginner`` a good (not always the
best) common word, slowly. ``plan`` returns the move
with a think time in seconds, so the table can wait that long before it applies the move; the
rules stay clock-free.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from braille_words.games.kit import ComputerPlayer, with_points
from braille_words.games.kit import Plan as GamePlan
from braille_words.games.seven_words.deck import AreaCard, DeckSpec
from braille_words.games.seven_words.rules import (
    Challenge,
    Correct,
    Done,
    Move,
    Rules,
    Ruling,
    State,
    Submit,
    _same_family,
)
from braille_words.lexicon import signatures
from braille_words.lexicon.common import knows, vocabulary_size
from braille_words.lexicon.unsuitable import unsuitable

LEVELS: tuple[str, ...] = ("beginner", "medium", "strong")
WORDS_PER_SIGNATURE = signatures.WORDS_PER_SIGNATURE  # family clashes need spares
BEGINNER_MIN_ZIPF = signatures.LEVEL_MIN_ZIPF["beginner"]  # about once per million words
VOCABULARY: dict[str, str] = {"beginner": "beginner", "medium": "beginner", "strong": "all"}
"""The words each level searches (a compiled index's key). The medium computer searched the
forms seen at Zipf 1 or more and wrote SKONFEDEROWANYCH to a child playing alone: it now
writes the beginner's common words, and is stronger by choosing the better of them."""
THINK_SECONDS: dict[str, tuple[float, float]] = {
    "beginner": (20.0, 28.0),
    "medium": (8.0, 18.0),
    "strong": (4.0, 10.0),
}

Scorer = Callable[[list[int]], int]


def _plain(values: list[int]) -> int:
    return sum(values)


@dataclass(frozen=True)
class Found:
    """The best score on a table and the signatures (as a bitset) that reach it."""

    score: int
    signatures: int


class SignatureIndex:
    """Words grouped by which card letters they hold (0, 1, 2+), with a bitset per letter."""

    def __init__(self, words: Iterable[str], card_letters: Iterable[str]) -> None:
        spelled = list(words)
        letters = sorted(set(card_letters))
        keys, groups = signatures.group(enumerate(spelled), letters)
        self._index(letters, keys, [tuple(spelled[i] for i in g) for g in groups])

    @classmethod
    def from_level(cls, level: signatures.Level) -> SignatureIndex:
        """An index mapped from the file ``lexicon build`` wrote (words spelled on demand)."""
        index = cls.__new__(cls)
        index.letters = list(level.letters)
        index.keys = []
        index.words = level.words
        index.size = level.size
        index.everything = (1 << level.size) - 1
        index.bits = level.bits
        return index

    @classmethod
    def from_groups(
        cls, card_letters: Iterable[str], keys: list[str], words: list[tuple[str, ...]]
    ) -> SignatureIndex:
        """An index from signatures already worked out (a cache file)."""
        index = cls.__new__(cls)
        index._index(sorted(set(card_letters)), keys, words)
        return index

    def _index(self, letters: list[str], keys: list[str], words: list[tuple[str, ...]]) -> None:
        self.letters = letters
        self.keys = keys
        # Tuples of strings drop out of the collector's view, so a search never pays for a
        # full collection walking half a million groups.
        self.words: Sequence[tuple[str, ...]] = words
        n = len(self.keys)
        self.size = n
        self.everything = (1 << n) - 1
        # bits[letter][k-1]: signatures holding ``letter`` at least k times.
        self.bits: dict[str, tuple[int, int]] = {
            c: (int.from_bytes(one, "little"), int.from_bytes(two, "little"))
            for c, (one, two) in signatures.letter_bits(letters, keys).items()
        }

    def best(
        self,
        area: Sequence[AreaCard],
        *,
        allowed: int | None = None,
        scorer: Scorer = _plain,
    ) -> Found:
        """The best score any allowed signature reaches on ``area``, by branch and bound.

        ``scorer`` turns the values of the used cards into points; it must not fall when a
        card is added (the plain sum, or the veteran handicap, both qualify).
        """
        by_letter: dict[str, list[int]] = {}
        for card in area:
            by_letter.setdefault(card.letter, []).append(card.value)
        items: list[tuple[str, list[int]]] = []
        for letter, values in by_letter.items():
            if letter in self.bits:
                items.append((letter, sorted(values, reverse=True)[:2]))
        items.sort(key=lambda it: -sum(it[1]))
        start = self.everything if allowed is None else allowed
        best_score = -1
        best_bits = 0
        bits = self.bits
        n_items = len(items)
        # Everything still open from item i on, for the bound.
        rest: list[list[int]] = [[] for _ in range(n_items + 1)]
        for i in range(n_items - 1, -1, -1):
            rest[i] = rest[i + 1] + items[i][1]

        def visit(i: int, mask: int, chosen: list[int]) -> None:
            nonlocal best_score, best_bits
            if scorer(chosen + rest[i]) <= best_score:
                return
            if i == n_items:
                best_score = scorer(chosen)
                best_bits = mask
                return
            letter, values = items[i]
            one, two = bits[letter]
            if len(values) == 2:
                m = mask & two
                if m:
                    visit(i + 1, m, [*chosen, values[0], values[1]])
            m = mask & one
            if m:
                visit(i + 1, m, [*chosen, values[0]])
            visit(i + 1, mask, chosen)

        if start:
            visit(0, start, [])
        return Found(max(best_score, 0), best_bits)

    def members(self, mask: int, limit: int) -> list[int]:
        """Up to ``limit`` signature numbers in ``mask``, lowest first."""
        out: list[int] = []
        while mask and len(out) < limit:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


def _cap(key: str) -> str:
    return signatures.cap(key)


def card_letters(deck: DeckSpec) -> list[str]:
    return sorted(set(deck.common) | set(deck.rare))


def lexicon_words(lexicon: object) -> Iterable[str]:
    """Every word of a lexicon: ``words()`` of ours, or iteration of a plain collection."""
    words = getattr(lexicon, "words", None)
    if callable(words):
        found: Iterable[str] = words()
        return found
    if isinstance(lexicon, Iterable):
        return lexicon
    raise TypeError("the computer player needs a lexicon that can list its words")


# ------------------------------------------------------------------- the graph walk


class GraphSearch:
    """The same question answered by walking the lexicon's letter graph (its DAWG).

    Kept beside the signature index as its measured alternative: it needs no index (half a
    second to mark, for every node, which card letters some word below it still holds, once
    and twice) and little memory, but each table costs a walk of tens of thousands of nodes
    where the index needs a few bitset ANDs. ``benchmarks/bench_seven_words.py`` prints both.

    The walk carries how many of each table letter the prefix holds; a node is left as soon
    as the points gathered plus what its masks say is still reachable cannot beat the best
    word found, and a (node, counts) pair is walked once.
    """

    def __init__(self, graph: Any, card_letters: Iterable[str]) -> None:
        self.letters: tuple[str, ...] = tuple(graph.letters)
        self.first: list[int] = list(graph.first)
        self.target: list[int] = list(graph.target)
        self.count: list[int] = list(graph.count)
        self.final: list[int] = list(graph.final)
        self.label: list[int] = list(graph.label)
        cards = set(card_letters)
        bit_of = [(1 << i) if c in cards else 0 for i, c in enumerate(self.letters)]
        n = len(self.count)
        once = [0] * n
        twice = [0] * n
        first, count, target, label = self.first, self.count, self.target, self.label
        # Children come after their parents in the arrays: fill the masks from the end.
        for node in range(n - 1, -1, -1):
            a = b = 0
            start = first[node]
            for e in range(start, start + count[node]):
                child = target[e]
                bit = bit_of[label[e]]
                a |= bit | once[child]
                b |= twice[child] | (bit & once[child])
            once[node] = a
            twice[node] = b
        self.once = once
        self.twice = twice

    @property
    def node_count(self) -> int:
        return len(self.count)

    def best(
        self,
        area: Sequence[AreaCard],
        *,
        scorer: Scorer = _plain,
        accept: Callable[[str], bool] | None = None,
    ) -> tuple[int, str | None]:
        """The best score on ``area`` and a word reaching it (``accept`` may refuse words)."""
        groups: dict[str, list[int]] = {}
        for card in area:
            groups.setdefault(card.letter, []).append(card.value)
        names = [c for c in groups if c in self.letters]
        slot = {self.letters.index(c): i for i, c in enumerate(names)}
        values = [sorted(groups[c], reverse=True)[:2] for c in names]
        bits = [1 << self.letters.index(c) for c in names]
        k = len(names)
        first, count, target, label, final = (
            self.first,
            self.count,
            self.target,
            self.label,
            self.final,
        )
        once, twice, letters = self.once, self.twice, self.letters
        best_score = 0
        best_word: str | None = None
        seen: set[tuple[int, tuple[int, ...]]] = set()
        memo = accept is None
        prefix: list[str] = []

        def chosen(counts: tuple[int, ...]) -> list[int]:
            out: list[int] = []
            for i in range(k):
                out.extend(values[i][: counts[i]])
            return out

        def visit(node: int, counts: tuple[int, ...]) -> None:
            nonlocal best_score, best_word
            if memo:
                key = (node, counts)
                if key in seen:
                    return
                seen.add(key)
            have = chosen(counts)
            if final[node]:
                points = scorer(have)
                if points > best_score or best_word is None:
                    word = "".join(prefix)
                    if accept is None or accept(word):
                        best_score, best_word = points, word
            a, b = once[node], twice[node]
            hope = list(have)
            for i in range(k):
                c, v = counts[i], values[i]
                if c == 0 and a & bits[i]:
                    hope.append(v[0])
                    if len(v) == 2 and b & bits[i]:
                        hope.append(v[1])
                elif c == 1 and len(v) == 2 and a & bits[i]:
                    hope.append(v[1])
            if scorer(hope) <= best_score and best_word is not None:
                return
            start = first[node]
            for e in range(start, start + count[node]):
                li = label[e]
                prefix.append(letters[li])
                j = slot.get(li)
                if j is None or counts[j] >= len(values[j]):
                    visit(target[e], counts)
                else:
                    visit(target[e], (*counts[:j], counts[j] + 1, *counts[j + 1 :]))
                prefix.pop()

        visit(0, (0,) * k)
        return best_score, best_word


# ------------------------------------------------------------------- per-lexicon indexes

_INDEXES: weakref.WeakKeyDictionary[Any, dict[str, SignatureIndex]] = weakref.WeakKeyDictionary()


def _common_words(lexicon: Any, min_zipf: float) -> list[str]:
    """Lexicon words at least as frequent as ``min_zipf``, most frequent first (the
    frequencies the lexicon was built with; none for a word list that has none)."""
    most_frequent = getattr(lexicon, "most_frequent", None)
    return list(most_frequent(min_zipf=min_zipf)) if callable(most_frequent) else []


def _built_with_index(lexicon: Any) -> bool:
    """Whether ``lexicon build`` writes a signature index beside this language's words: it
    does for Polish; an English lexicon has none, and its index is built here (the English
    word list is small enough: see the report of issue 38)."""
    from braille_words.lexicon import lemmas

    return getattr(lexicon, "lang", "pl") in lemmas.LANGS


def index_for(rules: Rules, level: str) -> SignatureIndex:
    """The index a level searches: the whole lexicon, or its common words.

    A compiled lexicon's index was built with it (``lexicon build``) and is mapped; a
    lexicon in memory (tests, small lists) gets one built here. Kept per lexicon in memory.
    Raises BrailleWordsError ("run braille-words lexicon build") when a compiled lexicon's
    index is missing or stale. Call it at the start of a game.
    """
    lexicon: Any = rules.lexicon
    try:
        memo = _INDEXES.setdefault(lexicon, {})
    except TypeError:  # not weak-referenceable: keep it on the rules object
        memo = rules.__dict__.setdefault("_ai_indexes", {})
    key = VOCABULARY.get(level, "all")
    if key in memo:
        return memo[key]
    letters = card_letters(rules.deck)
    index: SignatureIndex | None = None
    school = getattr(lexicon, "school_words", None)
    if school is not None and key != "all":
        # The teacher's words for the class (``lexicon.school``): what beginners know.
        index = SignatureIndex(list(school), letters)
    elif isinstance(getattr(lexicon, "stamp", None), str) and _built_with_index(lexicon):
        mapped = signatures.for_lexicon(lexicon, key)
        if mapped.letters == letters:
            index = SignatureIndex.from_level(mapped)
    if index is None:  # a lexicon in memory, or a deck of other letters than the built one
        if key == "all":
            index = SignatureIndex(lexicon_words(lexicon), letters)
        else:
            index = SignatureIndex(_common_words(lexicon, BEGINNER_MIN_ZIPF), letters)
    memo[key] = index
    return index


# ------------------------------------------------------------------- choosing a word


def _scorer_for(rules: Rules, state: State, seat: int) -> Scorer:
    if seat not in state.veterans:
        return _plain
    d = rules.deck

    def veteran(values: list[int]) -> int:
        ranked = sorted(values, reverse=True)
        normal = d.veteran_normal_letters
        return sum(ranked[:normal]) + d.veteran_other_letter * len(ranked[normal:])

    return veteran


def _allowed(rules: Rules, state: State, word: str) -> bool:
    if not rules.lexicon.contains(word):
        return False
    return not any(_same_family(rules.lexicon, u, word) for u in state.used_words())


def _zipf(lexicon: Any, word: str) -> float:
    zipf = getattr(lexicon, "zipf", None)
    return float(zipf(word)) if callable(zipf) else 0.0


def english_vocabulary(level: str, lang: str | None) -> int | None:
    """How many of the most frequent forms ``level`` knows in English words, the measure of
    every other game's English hints and computers (``ENGLISH_VOCABULARY``); None: no limit
    past the level's index (Polish words, whose index is cut by frequency already, and the
    strong level). The English index's beginner cut (about once per million words) let a
    hint offer DIMINISHING and SYMBOLIZE to a child playing Wordsy."""
    return vocabulary_size(level, "en", {}) if lang == "en" else None


def best_words(
    rules: Rules, state: State, seat: int, level: str, *, want: int = 1
) -> list[tuple[int, str]]:
    """Up to ``want`` (score, word) pairs, best first, the rules' family check respected.

    Each round of the search finds the best score still reachable; signatures whose words
    are all refused (or already listed) are struck out and the search runs again.
    """
    index = index_for(rules, level)
    lang = getattr(rules.lexicon, "lang", None)
    area = state.area_cards()
    scorer = _scorer_for(rules, state, seat)
    allowed = index.everything
    most = english_vocabulary(level, lang)
    out: list[tuple[int, str]] = []
    for _ in range(64):
        if len(out) >= want or not allowed:
            break
        found = index.best(area, allowed=allowed, scorer=scorer)
        if found.signatures == 0:
            break
        for sig in index.members(found.signatures, 16):
            allowed &= ~(1 << sig)
            words = sorted(index.words[sig], key=lambda w: (-_zipf(rules.lexicon, w), w))
            for word in words:
                if level != "strong" and unsuitable(word, lang):
                    continue  # no swear word from a computer or a hint that knows common words
                if not knows(rules.lexicon, most, word):
                    continue
                if _allowed(rules, state, word):
                    out.append((state.score_of(seat, word), word))
                    break
            if len(out) >= want:
                break
    out.sort(key=lambda p: (-p[0], p[1]))
    return out[:want]


@dataclass(frozen=True)
class Plan:
    """A computer player's move and how long it pretends to think before making it."""

    move: Move
    think_seconds: float


def plan(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Plan:
    """What ``seat`` does now at ``level``; deterministic given ``rng``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    low, high = THINK_SECONDS[level]
    think = rng.uniform(low, high)
    if state.phase == "writing":
        if level == "beginner":
            options = best_words(rules, state, seat, level, want=6)
            if options:
                # A beginner settles for one of the first good words that come to mind.
                top = options[0][0]
                good = [w for p, w in options if p * 10 >= top * 7]
                return Plan(Submit(rng.choice(good)), think)
        else:
            # Two computers at one table must not write the same word every round: each
            # settles for one of the best few (a strong one loses at most a point).
            options = best_words(rules, state, seat, level, want=3 if level == "strong" else 5)
            if options:
                top = options[0][0]
                near = [w for p, w in options
                        if (p >= top - 1 if level == "strong" else p * 100 >= top * 85)]
                return Plan(Submit(rng.choice(near)), think)
        return Plan(Submit("a" if rules.lexicon.contains("a") else "oko"), think)
    if state.phase == "challenges":
        if level != "beginner" and not state.done[seat]:
            for target, word in enumerate(state.words):
                if (
                    target != seat
                    and word is not None
                    and not state.challenged[target]
                    and not rules.lexicon.contains(word)
                ):
                    return Plan(Challenge(target), min(think, 3.0))
        return Plan(Done(), min(think, 2.0))
    if state.phase == "correction":
        return Plan(Correct(None), min(think, 2.0))
    if state.phase == "ruling" and state.pending is not None:
        earlier = str(state.pending.get("earlier", ""))
        same = _same_family(rules.lexicon, earlier, str(state.pending["word"]))
        return Plan(Ruling(same), min(think, 2.0))
    return Plan(Done(), 0.0)


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    """The contract's entry point: ``plan`` without the think time."""
    return plan(rules, state, seat, level, rng).move


def hint(rules: Rules, state: State, seat: int) -> Move | None:
    """A good common word for this table (what a beginner is shown), or None. While the
    table takes challenges, ``gotowe`` for a seat still awaited: a child who asked for a
    hint there heard "Nie widzę słowa z tych kart." and did not know the round waited on
    them."""
    if state.phase == "challenges" and not state.done[seat]:
        return Done()
    if state.phase != "writing" or state.words[seat] is not None:
        return None
    options = best_words(rules, state, seat, "beginner")
    if not options:
        return None
    points, word = options[0]
    return with_points(Submit(word), points)  # the hint says what it scores (issue 33)


def fallback_move(rules: Rules, state: State, seat: int) -> Move:
    """A move that is always legal for an awaited seat, so a computer never stalls the table."""
    if state.phase == "writing":
        for word in ("a", "i", "o", "oko", "kot"):
            if rules.lexicon.contains(word) and not any(
                _same_family(rules.lexicon, u, word) for u in state.used_words()
            ):
                return Submit(word)
        return Submit("a")
    if state.phase == "correction":
        return Correct(None)
    return Done()


class Computer(ComputerPlayer[Rules, State, Move]):
    """7 słów's computer player as the table calls it: it thinks for a while, as people do."""

    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def plan(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> GamePlan[Move]:
        planned = plan(rules, state, seat, level, rng)
        return GamePlan(planned.move, planned.think_seconds)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        return hint(rules, state, seat)

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return fallback_move(rules, state, seat)
