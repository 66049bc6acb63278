"""Scrabble karty's computer player and the hint, over the move generator (``movegen``).

On its turn it asks the generator for every legal placement of its hand on the board, lets the
rules judge each (the rules score exactly as they score a person), adds the premium cards
worth adding, and picks by level: a strong computer the move worth most, a medium one among
the better moves, a beginner among the short ones. A word premium is kept for a word worth it
(strong) or played at once (medium); a conditional card goes with any move that meets its
condition. With no move it exchanges its clumsiest cards while it may, else passes. As a
rival it checks a move whenever its lexicon lacks a word (the rules README), and plays a
conditional card against a move that meets it (medium and strong).

It reads only what its seat may know: the board, the last move, its own hand, the bag's size.
"""

from __future__ import annotations

import random

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer
from braille_words.games.scrabble_cards.board import lines_of
from braille_words.games.scrabble_cards.movegen import Placement, all_moves
from braille_words.games.scrabble_cards.rules import (
    WORD_PREMIUMS,
    Accept,
    Against,
    Check,
    Exchange,
    Lay,
    Move,
    Pass,
    Rules,
    State,
)

LEVELS = ("beginner", "medium", "strong")
KEEP_PREMIUM_BELOW = 8
"""A strong computer keeps a word premium for a main word worth at least this much."""
AWKWARD = frozenset("ąćęńóśźżfhjł")
"""Letters a computer is glad to exchange when it finds no move."""


def lay_of(placement: Placement) -> Lay:
    """The typed move of a placement: the whole main word, ``?`` before a blank's letter."""
    blanks = {(r, c) for r, c, _x, blank in placement.laid if blank}
    dr, dc = (0, 1) if placement.across else (1, 0)
    word = "".join(
        ("?" if (placement.row + dr * i, placement.col + dc * i) in blanks else "") + letter
        for i, letter in enumerate(placement.word)
    )
    return Lay(placement.row, placement.col, placement.across, word)


def hand_text(state: State, seat: int) -> str:
    return "".join(c.letter or "?" for c in state.hands[seat] if not c.is_premium)


def placements(rules: Rules, state: State, seat: int) -> list[Placement]:
    """Every legal placement of the seat's letters; on an empty table only those through
    the centre (the first word may go anywhere, and one place serves as well as another)."""
    board = lines_of(state.board(), state.size)
    found = all_moves(board, hand_text(state, seat), rules.lexicon)
    if not state.table:
        centre = state.size // 2
        found = {p for p in found if any((r, c) == (centre, centre) for r, c, _x, _b in p.laid)}
    return sorted(found)


def _points(rules: Rules, state: State, seat: int, lay: Lay) -> tuple[int, tuple[str, ...]]:
    try:
        judged = rules.judge(state, seat, lay)
    except (RuleViolation, InputError):
        return -1, ()
    return judged.points, judged.meets


def with_premiums(rules: Rules, state: State, seat: int, lay: Lay, meets: tuple[str, ...],
                  level: str) -> Lay:
    """The move with the premium cards worth adding to it."""
    extras: list[int] = []
    main_value = 0
    if state.table:
        main = lay.word.replace("?", "")
        main_value = sum(rules.deck.value(x) for x in main)
    for k, card in enumerate(state.hands[seat]):
        if card.premium in WORD_PREMIUMS and state.table and level != "beginner":
            if level == "medium" or main_value >= KEEP_PREMIUM_BELOW:
                extras.append(k)
        elif card.premium is not None and card.premium in meets:
            extras.append(k)
    if not extras:
        return lay
    better = Lay(lay.row, lay.col, lay.across, lay.word, tuple(extras))
    return better if _points(rules, state, seat, better)[0] >= 0 else lay


def scored_moves(rules: Rules, state: State, seat: int, level: str) -> list[tuple[int, Lay]]:
    out: list[tuple[int, Lay]] = []
    for placement in placements(rules, state, seat):
        lay = lay_of(placement)
        points, meets = _points(rules, state, seat, lay)
        if points < 0:
            continue
        lay = with_premiums(rules, state, seat, lay, meets, level)
        points = _points(rules, state, seat, lay)[0] if lay.extras else points
        out.append((points, lay))
    out.sort(key=lambda pm: (-pm[0], pm[1].row, pm[1].col, pm[1].word))
    return out


def exchange_or_pass(rules: Rules, state: State, seat: int, level: str) -> Move:
    hand = state.hands[seat]
    limit = state.options.exchanges
    may = len(state.bag) >= rules.deck.exchange_min_bag and (
        limit is None or state.exchanges[seat] < limit)
    if level == "beginner" or not may:
        return Pass()
    out = tuple(k for k, c in enumerate(hand)
                if c.letter is not None and (c.letter in AWKWARD or c.value >= 3))
    if not out:
        out = tuple(k for k, c in enumerate(hand) if c.letter is not None)
    return Exchange(out) if out else Pass()


def answer(rules: Rules, state: State, seat: int, level: str) -> Move:
    """A rival's answer to a move: check what its lexicon lacks, else play a conditional
    card against it if one counts, else accept."""
    last = state.last
    assert last is not None
    lexicon = rules.lexicon
    if lexicon is not None and any(not lexicon.contains(w.word) for w in last.words):
        return Check()
    if level != "beginner":
        for k, card in enumerate(state.hands[seat]):
            if card.premium is None or card.premium in WORD_PREMIUMS:
                continue
            try:
                rules.apply(state, seat, Against(k))
            except (RuleViolation, InputError):
                continue
            return Against(k)
    return Accept()


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    if state.phase == "verdict":
        return answer(rules, state, seat, level)
    if state.clock_out[seat]:
        return Pass()
    moves = scored_moves(rules, state, seat, level)
    if not moves:
        return exchange_or_pass(rules, state, seat, level)
    if level == "strong":
        return moves[0][1]
    if level == "medium":
        top = moves[0][0]
        good = [m for p, m in moves if p >= top * 0.6][:8]
        return rng.choice(good)
    short = sorted(moves, key=lambda pm: (len(pm[1].word), pm[1].row, pm[1].col, pm[1].word))
    return rng.choice([m for _p, m in short[:10]])


class Computer(ComputerPlayer[Rules, State, Move]):
    """Scrabble karty's computer player as the table calls it."""

    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        if state.phase == "verdict" and seat in state.awaiting:
            return answer(rules, state, seat, "strong")
        if state.phase != "turn" or seat != state.current:
            return None
        moves = scored_moves(rules, state, seat, "strong")
        return moves[0][1] if moves else None

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return Accept() if state.phase == "verdict" else Pass()

