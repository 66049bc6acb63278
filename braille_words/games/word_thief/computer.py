"""Word Thief's computer player: it looks for words in its hand and for steals on the table.

It reads only its own hand and the table (what ``view_for`` shows it), asks the English
lexicon for anagrams of its hand and the steal finder (one per turn, shared by the table's
words) for steals, and tries each candidate through the pure rules, which judge it exactly
as they judge a person (plurals, order, a card of its own in every new word). A strong
computer plays the best-scoring move, a medium one one of the better ones, a beginner one of
any it finds among common words. With nothing to play it passes, swapping its costliest cards.
"""

from __future__ import annotations

import random
from typing import Any

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer
from braille_words.games.word_thief.finder import Finder
from braille_words.games.word_thief.rules import Lay, Move, Pass, Rules, State, StealMove

LEVELS = ("beginner", "medium", "strong")
TRIES = 120
"""Candidate moves tried through the rules per turn (enough for a strong game, bounded)."""
COMMON = {"beginner": 8000, "medium": 12000}
"""How many of the most frequent English forms a level plays (the strong one knows all);
hints use the medium vocabulary. At 30 000 a medium computer and the hints still played QI,
MORT and LOOS (ranks 16 000–27 000), words no child learning English knows."""


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


def finder_for(lexicon: Any, letters: str, wilds: int) -> Finder | None:
    """The steal finder of a hand of ``letters`` and ``wilds``, kept for one look at the
    whole table (``finder``); None when the lexicon has no word graph."""
    graph = getattr(lexicon, "graph", None)
    return None if graph is None else Finder(graph, letters, wilds)


def steals_of(
    lexicon: Any, stolen: str, letters: str, wilds: int, *, pairs: bool = True
) -> list[tuple[str, ...]]:
    """Every steal of ``stolen`` with a hand of ``letters`` and ``wilds``: longer words that
    hold its letters in order, and (with ``pairs``) two words from a two-way cut that the hand
    pays for together (``finder``). The rules still judge each one (plurals, the wilds)."""
    finder = finder_for(lexicon, letters, wilds)
    return [] if finder is None else finder.steals(stolen, pairs=pairs)


def candidates(rules: Rules, state: State, seat: int, level: str) -> list[Move]:
    """Moves worth trying: words from the hand, and for each word of another player, words
    that hold all its letters and some of the hand's."""
    hand = state.hands[seat]
    letters, wilds = _letters(hand)
    lexicon = rules.lexicon
    anagrams = getattr(lexicon, "anagrams", None)
    if not callable(anagrams):
        return []
    moves: list[Move] = []
    found = anagrams(letters, wilds, min_len=rules.deck.min_word, max_len=len(hand))
    words = sorted({f.word for f in found}, key=lambda w: (-len(w), w))
    moves += [Lay(w) for w in words if _common(rules, level, w)][:60]
    finder = finder_for(lexicon, letters, wilds)
    for number, target in enumerate(state.table):
        if target.owner == seat or finder is None:
            continue
        # A stolen wild may become another letter: the finder takes it as any letter (None).
        stolen = [None if p.wild else p.letter for p in target.cards]
        found_steals = sorted(set(finder.steals(stolen)),
                              key=lambda ws: (-sum(map(len, ws)), ws))
        moves += [StealMove(number, ws) for ws in found_steals
                  if target.text not in ws and all(_common(rules, level, w) for w in ws)][:30]
    return moves


def _score(rules: Rules, state: State, seat: int, move: Move) -> int | None:
    try:
        after, _ = rules.apply(state, seat, move)
    except (RuleViolation, InputError):
        return None
    return after.scores[seat] - state.scores[seat]


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
    scored: list[tuple[int, Move]] = []
    for move in candidates(rules, state, seat, level)[:TRIES]:
        points = _score(rules, state, seat, move)
        if points is not None:
            scored.append((points, move))
    if not scored:
        return pass_move(rules, state, seat)
    scored.sort(key=lambda pm: -pm[0])
    if level == "strong":
        return scored[0][1]
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
