"""The computer's best few placements, found without listing every placement (``best``),
are the very list that scoring every placement of the move generator gives: same moves,
same order, ties broken the same way, so the computer's move does not change.

Small boards use a few Polish words and scores drawn by Hypothesis (anything the search's
bound allows, down to a score that leaves points out); the seeded mid-game positions use the
full Polish lexicon and the computer's own cheap score."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scrabble_reference import board_words, every_placement_shortlist, mid_game

from braille_words.games.scrabble_cards.best import Worth, best_first_moves, best_moves, order
from braille_words.games.scrabble_cards.computer import JUDGED, choose_move, lay_of, shortlist
from braille_words.games.scrabble_cards.movegen import Placement, all_moves, first_moves
from braille_words.games.scrabble_cards.rules import Accept, Options, Pass, Rules
from braille_words.lexicon import Lexicon

WORDS = ["kot", "koty", "ty", "my", "ok", "to", "tok", "kto", "ko", "oko", "kok", "tom",
         "mot", "kom", "om", "motek", "tyk", "kotek", "motyk", "tomy", "kotom", "okoty"]
LEX = Lexicon.from_words(WORDS, "pl")
LETTERS = LEX.alphabet.letters


def bound_score(board: list[str], hand: str, worth: Worth, less: int) -> Any:
    """The most a placement may score under ``worth`` (the main word's letters times the
    factor, each cross word's letters, the bonus with every card laid), less up to ``less``
    points picked by the placement itself: many ties, and scores under the bound."""
    value = {ch: worth.values[i] for i, ch in enumerate(LETTERS)}
    cards = len(hand)

    def table(r: int, c: int) -> int:
        return worth.table[r][c]

    def score(p: Placement) -> int:
        laid = {(r, c): (ch, blank) for r, c, ch, blank in p.laid}
        main = 0
        for r, c in p.squares():
            if (r, c) in laid:
                ch, blank = laid[(r, c)]
                main += 0 if blank else value[ch]
            else:
                main += table(r, c)
        total = main * worth.factor
        for word in p.cross_words(board):
            (r0, c0), = word.new
            ch, blank = laid[(r0, c0)]
            total += 0 if blank else value[ch]
            dr, dc = (0, 1) if word.across else (1, 0)
            total += sum(table(word.row + dr * i, word.col + dc * i)
                         for i in range(len(word.word)) if (word.row + dr * i,
                                                            word.col + dc * i) != (r0, c0))
        if len(p.laid) == cards:
            total += worth.bonus
        return max(0, total - zlib.crc32(repr(p).encode()) % (less + 1))

    return score


def plain_best(moves: set[Placement], keep: int, score: Any) -> list[Placement]:
    if len(moves) <= keep:
        return sorted(moves, key=order)
    return sorted(moves, key=lambda p: (-score(p), order(p)))[:keep]


rows_strategy = st.lists(
    st.text(alphabet="kotmye.......", min_size=6, max_size=6), min_size=6, max_size=6)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=rows_strategy, hand=st.text(alphabet="kotmye??", min_size=1, max_size=6),
       values=st.lists(st.integers(0, 9), min_size=len(LETTERS), max_size=len(LETTERS)),
       blanks=st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5))),
       factor=st.sampled_from([1, 2, 3, 6]), bonus=st.sampled_from([0, 50]),
       keep=st.integers(1, 6), less=st.integers(0, 3), refuse=st.integers(0, 3))
def test_the_best_placements_are_those_of_scoring_every_placement(
    rows: list[str], hand: str, values: list[int], blanks: set[tuple[int, int]],
    factor: int, bonus: int, keep: int, less: int, refuse: int
) -> None:
    if all(ch == "." for row in rows for ch in row):
        rows[2] = "..kot."
    table = [[0 if ch == "." or (r, c) in blanks else values[LETTERS.index(ch)]
              for c, ch in enumerate(row)] for r, row in enumerate(rows)]
    worth = Worth(values, table, factor, bonus)
    score = bound_score(rows, hand, worth, less)

    def accept(word: str) -> bool:  # a level that knows only some words
        return refuse == 0 or zlib.crc32(word.encode()) % (refuse + 1) != 0

    moves = {p for p in all_moves(rows, hand, LEX) if accept(p.word)}
    assert best_moves(rows, hand, LEX, worth, keep, score, accept) == plain_best(
        moves, keep, score)


@settings(max_examples=40, deadline=None)
@given(hand=st.text(alphabet="kotmye??", min_size=2, max_size=7), keep=st.integers(1, 30),
       size=st.integers(5, 9))
def test_the_best_first_words_are_those_of_scoring_every_first_word(
    hand: str, keep: int, size: int
) -> None:
    centre = size // 2

    def score(p: Placement) -> int:  # a word's worth: its cards, not its place
        return sum(0 if blank else 1 + "kotmye".index(ch) for _r, _c, ch, blank in p.laid)

    moves = first_moves(size, hand, LEX, (centre, centre))
    assert best_first_moves(size, hand, LEX, (centre, centre), keep, score) == plain_best(
        moves, keep, score)


def game(polish: Any, hand: str, rows: list[str] | None, seed: int,
         bag: str | None = None) -> tuple[Rules, Any]:
    rules = Rules(polish, Options(board_size=15))
    position: dict[str, Any] = {"hands": [hand, ""],
                                "board": board_words(rows) if rows else []}
    if bag is not None:
        position["bag"] = bag
    state, _ = rules.from_position(["Ola", "Jan"], seed, position)
    return rules, state


LEVELS = [("strong", None), ("medium", None), ("strong", "medium")]  # the last: the hint


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_the_computer_shortlists_what_scoring_every_placement_shortlists(
    seed: int, polish: Lexicon
) -> None:
    for blanks in (0, 1, 2):
        rows, hand = mid_game(seed, polish, blanks)
        rules, state = game(polish, " ".join(hand), rows, seed)
        for level, vocabulary in LEVELS:
            keep = JUDGED[level]
            assert shortlist(rules, state, 0, level, keep, vocabulary) == (
                every_placement_shortlist(rules, state, 0, level, keep, vocabulary))


@pytest.mark.slow
@pytest.mark.parametrize("extra", ["x2", "x3 x2", "long7"])
def test_premium_cards_a_table_blank_and_a_short_hand_keep_the_same_shortlist(
    extra: str, polish: Lexicon
) -> None:
    """Word premiums multiply the main word (always for a medium computer, for a strong one
    only from 8 points), a conditional card bars the bonus for seven cards, a blank on the
    table counts nothing, and a hand of fewer than seven cards earns no bonus."""
    rows, hand = mid_game(40, polish, blanks=2, cards=5)
    rules, state = game(polish, " ".join(hand) + " " + extra, rows, 40)
    blank_move = next(p for p in shortlist(rules, state, 0, "strong", 24) if p.blanks)
    for level, vocabulary in LEVELS:
        keep = JUDGED[level]
        assert shortlist(rules, state, 0, level, keep, vocabulary) == (
            every_placement_shortlist(rules, state, 0, level, keep, vocabulary))
    # The blank now on the table.
    state, _ = rules.apply(state, 0, lay_of(blank_move))
    state, _ = rules.apply(state, 1, Accept())
    state, _ = rules.apply(state, 1, Pass())
    for level, vocabulary in LEVELS:
        keep = JUDGED[level]
        assert shortlist(rules, state, 0, level, keep, vocabulary) == (
            every_placement_shortlist(rules, state, 0, level, keep, vocabulary))


@pytest.mark.parametrize("hand", ["k o t e k ? ?", "k o t e k a a", "ź ?", "a b"])
def test_the_first_word_shortlist_is_that_of_every_first_word(hand: str, polish: Lexicon) -> None:
    rules, state = game(polish, hand, None, 1)
    for level, vocabulary in LEVELS:
        keep = JUDGED[level]
        assert shortlist(rules, state, 0, level, keep, vocabulary) == (
            every_placement_shortlist(rules, state, 0, level, keep, vocabulary))


def test_a_hand_of_one_card_shortlists_the_same(polish: Lexicon) -> None:
    """Fewer placements than the computer judges: all of them, in their fixed order."""
    rules, state = game(polish, "ń", ["." * 15] * 7 + ["......ćma......"] + ["." * 15] * 7, 1)
    found = shortlist(rules, state, 0, "strong", 24)
    assert found == every_placement_shortlist(rules, state, 0, "strong", 24)
    assert len(found) < 24
    assert choose_move(rules, state, 0, "strong", random.Random(1)) is not None
