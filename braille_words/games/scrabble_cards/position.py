"""Scrabble karty from a teacher's position file (``--position FILE``): a board, hands, a bag.

``{"board": ["8H kotek", "H8 kra"], "hands": ["ala?ma x2", "dom palindrome"],
"bag": "abc", "current": 0, "scores": [10, 0]}``. Board words are in the game's notation (row
first across, column first down; ``?k`` a blank showing K); a word crossing an earlier one
shares its card. A hand is its letters (``?`` a blank) and premium cards by code, separated by
spaces. Without ``bag`` every card left over is in the bag, shuffled by the seed; with it the
bag holds just those cards (letters, and premium cards by code as in a hand) and the other
cards are out of the game. Cards come from the
game's own deck, so a position cannot hold more Ź cards than the bag has.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from braille_words.errors import InputError
from braille_words.games.base import Event
from braille_words.games.options import check_options
from braille_words.games.scrabble_cards.notation import LETTERS, parse_place, parse_word
from braille_words.tiles import Card, normalize

if TYPE_CHECKING:
    from braille_words.games.scrabble_cards.rules import Rules, State


@dataclass(frozen=True)
class Position:
    hands: tuple[str, ...]
    board: tuple[str, ...] = ()
    bag: str | None = None
    current: int = 0
    scores: tuple[int, ...] = ()


class _Pool:
    """The deck's cards not yet given a place."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)

    def take(self, what: str, place: str, number: int = 0) -> Card:
        """A card for ``place`` ("board": word ``number``, "hand" ``number``, "bag"); the
        exercise asks for more of a card than the deck has: said as the file's mistake, in
        the teacher's language."""
        for card in self.cards:
            if (what == "?" and card.is_joker) or card.letter == what or card.premium == what:
                self.cards.remove(card)
                return card
        raise InputError.coded("position_no_card", "scrabble_cards", card=what.upper(),
                               place=place, number=number)


def _tokens(hand: str, codes: Collection[str]) -> list[str]:
    """A hand's cards: a word that is a premium card's code is that card, anything else is
    letters (and ``?`` blanks) one by one."""
    out: list[str] = []
    for part in normalize(hand).split():
        if part in codes:
            out.append(part)
        else:
            out.extend(part)
    return out


def _connected(table: Collection[tuple[int, int]]) -> None:
    """Refuse a board whose words do not all hang together: on the table every word is
    laid against the words before it, so a board in two pieces cannot come from a game."""
    if not table:
        return
    squares = set(table)
    start = next(iter(squares))
    seen = {start}
    todo = [start]
    while todo:
        row, col = todo.pop()
        for sq in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if sq in squares and sq not in seen:
                seen.add(sq)
                todo.append(sq)
    if len(seen) != len(squares):
        raise InputError.coded("position_apart", "scrabble_cards")


def state_from_position(
    rules: Rules, seats: Sequence[str], seed: int, position: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    from braille_words.games.scrabble_cards.rules import Placed, State

    codes = {*rules.deck.word_premiums, *rules.deck.conditional}
    pos = check_options(Position, "position", position, strict=True)
    n = len(seats)
    if len(pos.hands) != n:
        raise InputError.coded("position_hands_count", "scrabble_cards", players=n)
    if not 0 <= pos.current < n:
        raise InputError.coded("position_current", "common", highest=n - 1)
    if pos.scores and len(pos.scores) != n:
        raise InputError.coded("position_scores_count", "scrabble_cards", players=n)
    size = rules.options.board_size
    pool = _Pool(rules.deck.cards())
    table: dict[tuple[int, int], Placed] = {}
    for number, text in enumerate(pos.board, start=1):
        head, _, word = normalize(text).partition(" ")
        try:
            row, col, across = parse_place(head)
            letters = parse_word(word)
        except InputError:
            raise InputError.coded("position_board_word", "scrabble_cards", number=number,
                                   text=text) from None
        for i, (letter, blank) in enumerate(letters):
            sq = (row, col + i) if across else (row + i, col)
            if not (0 <= sq[0] < size and 0 <= sq[1] < size):
                raise InputError.coded("position_off_board", "scrabble_cards", number=number,
                                       size=size)
            if sq in table:
                if table[sq].letter != letter:
                    raise InputError.coded("position_clash", "scrabble_cards", number=number,
                                           letter=letter.upper(),
                                           other=table[sq].letter.upper())
                continue
            card = pool.take("?" if blank else letter, "board", number)
            table[sq] = Placed(sq[0], sq[1], card.id, letter, blank)
    _connected(table)
    hands: list[tuple[Card, ...]] = []
    for number, hand in enumerate(pos.hands, start=1):
        tokens = _tokens(hand, codes)
        for t in tokens:
            if t not in LETTERS and t != "?" and t not in codes:
                raise InputError.coded("position_not_a_card", "scrabble_cards", number=number,
                                       token=t, codes=sorted(codes))
        if len(tokens) > rules.deck.hand_size:
            raise InputError.coded("position_hand_full", "scrabble_cards", number=number,
                                   most=rules.deck.hand_size)
        hands.append(tuple(pool.take(t, "hand", number) for t in tokens))
    rest = list(pool.cards)
    if pos.bag is None:
        random.Random(seed).shuffle(rest)
        bag, spent = rest, []
    else:
        wanted = _Pool(rest)
        bag = [wanted.take(t, "bag") for t in _tokens(pos.bag, codes)]
        spent = wanted.cards
    state = State(
        seats=tuple(seats), seed=seed, size=size, table=tuple(table.values()),
        hands=tuple(hands), bag=tuple(bag), spent=tuple(spent),
        scores=tuple(pos.scores) if pos.scores else (0,) * n, current=pos.current,
        exchanges=(0,) * n, clock_out=(False,) * n, options=rules.options,
        values=rules.premium_values,
    )
    events = [Event("game_started", {"players": n, "size": size, "seats": list(seats),
                                     "clock": rules.options.clock_minutes or 0})]
    events.append(Event("turn_started", {"seat": pos.current}))
    return replace(state, phase="turn"), events
