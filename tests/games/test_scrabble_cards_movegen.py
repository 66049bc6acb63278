"""Scrabble karty's move generator: the rules of a legal placement, case by case, and the
fast search agreeing move for move with a slow reference (``scrabble_reference``).

Hand-made boards use a few Polish words (``Lexicon.from_words``); the seeded mid-game
positions use the full compiled Polish lexicon."""

from __future__ import annotations

import gc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scrabble_reference import brute_fits, dawg_fits, mid_game, reference_moves

from braille_words.games.scrabble_cards import movegen
from braille_words.games.scrabble_cards.movegen import (
    Placement,
    Word,
    all_moves,
    anchors,
    cross_checks,
    first_moves,
)
from braille_words.lexicon import Lexicon

WORDS = ["kot", "koty", "ty", "my", "ok", "to", "tok", "kto", "ko", "oko", "kok", "tom",
         "mot", "kom", "om", "motek", "tyk", "o", "i"]  # one-letter words are no moves
LEX = Lexicon.from_words(WORDS, "pl")


def board(*rows: str) -> list[str]:
    """A square board from the rows drawn, padded with empty squares right and below."""
    n = max(len(rows), *(len(r) for r in rows))
    return [r.ljust(n, ".") for r in rows] + ["." * n] * (n - len(rows))


def empty(n: int) -> list[str]:
    return ["." * n] * n


def small_reference(rows: list[str], hand: str, words: list[str] = WORDS) -> set[Placement]:
    lexicon = LEX if words is WORDS else Lexicon.from_words(words, "pl")
    return reference_moves(rows, hand, lexicon, brute_fits(lexicon, hand, words))


# ----- one card, two words -----


def test_one_card_making_two_words_is_one_across_move_and_both_words_count() -> None:
    rows = board(".....",
                 "...t.",
                 "kot..",
                 ".....")
    moves = all_moves(rows, "y", LEX)
    koty = Placement(True, 2, 0, "koty", ((2, 3, "y", False),))
    assert koty in moves
    assert Placement(False, 1, 3, "ty", ((2, 3, "y", False),)) not in moves
    assert koty.words(rows) == [Word(2, 0, True, "koty", ((2, 3),)),
                                Word(1, 3, False, "ty", ((2, 3),))]
    assert moves == small_reference(rows, "y")


def test_a_card_whose_cross_word_is_no_word_is_not_a_move() -> None:
    rows = board(".....",
                 "...t.",
                 "kot..",
                 ".....")
    without_ty = Lexicon.from_words([w for w in WORDS if w != "ty"], "pl")
    assert not any(m.word == "koty" for m in all_moves(rows, "y", without_ty))


def test_a_lone_card_with_only_a_down_word_is_a_down_move() -> None:
    rows = board(".....",
                 "..t..",
                 ".....",
                 ".....")
    # Below the t: only a down word. Beside it: an across word, reported across.
    assert all_moves(rows, "y", LEX) == {Placement(False, 1, 2, "ty", ((2, 2, "y", False),)),
                                         Placement(True, 1, 2, "ty", ((1, 3, "y", False),))}


def test_a_hook_extends_a_board_word_while_the_main_word_runs_down() -> None:
    # "my" down column 3, its y hooked onto "kot": koty across.
    rows = board(".....",
                 ".....",
                 "kot..",
                 ".....")
    moves = all_moves(rows, "my", LEX)
    hook = Placement(False, 1, 3, "my", ((1, 3, "m", False), (2, 3, "y", False)))
    assert hook in moves
    assert [w.word for w in hook.words(rows)] == ["my", "koty"]
    assert moves == small_reference(rows, "my")


def test_a_word_may_run_through_board_letters() -> None:
    rows = board(".......",
                 "..o....",
                 ".......")
    moves = all_moves(rows, "kt", LEX)
    assert Placement(False, 0, 2, "kot", ((0, 2, "k", False), (2, 2, "t", False))) in moves
    assert Placement(True, 1, 1, "kot", ((1, 1, "k", False), (1, 3, "t", False))) in moves
    assert moves == small_reference(rows, "kt")


def test_every_move_touches_the_board() -> None:
    rows = board(".......",
                 "...o...",
                 ".......",
                 ".......",
                 ".......")
    for move in all_moves(rows, "kotmy", LEX):
        squares = {(r, c) for r, c, _ch, _b in move.laid}
        near = {(r + dr, c + dc) for r, c in squares
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert (1, 3) in near


# ----- the first move -----


def test_the_first_word_goes_anywhere_on_an_empty_board() -> None:
    moves = all_moves(empty(5), "kot", LEX)
    words = {"kot", "ko", "ok", "to", "tok", "kto"}
    assert {m.word for m in moves} == words
    # Each word at every start that leaves room, across and down.
    assert len(moves) == sum(2 * 5 * (5 - len(w) + 1) for w in words)
    assert Placement(False, 2, 4, "kto", ((2, 4, "k", False), (3, 4, "t", False),
                                          (4, 4, "o", False))) in moves
    assert moves == small_reference(empty(5), "kot")


def test_the_first_moves_through_a_square_are_those_of_all_that_cover_it() -> None:
    every = all_moves(empty(5), "ko?", LEX)
    assert first_moves(5, "ko?", LEX) == every
    for square in [(2, 2), (0, 4), (4, 0), (1, 3)]:
        covering = {m for m in every if square in {(r, c) for r, c, _ch, _b in m.laid}}
        assert first_moves(5, "ko?", LEX, through=square) == covering


def test_an_empty_board_has_no_anchors_and_one_card_is_no_first_word() -> None:
    assert anchors(empty(5)) == []
    assert all_moves(empty(5), "k", LEX) == set()


# ----- blanks -----


def test_a_blank_and_a_hand_letter_that_fill_the_same_square_are_both_listed() -> None:
    rows = board("k.t")
    moves = all_moves(rows, "o?", LEX)
    assert Placement(True, 0, 0, "kot", ((0, 1, "o", False),)) in moves
    assert Placement(True, 0, 0, "kot", ((0, 1, "o", True),)) in moves
    assert moves == small_reference(rows, "o?")


def test_two_blanks_may_make_a_word_the_hand_has_no_letters_for() -> None:
    rows = board(".....",
                 "..o..",
                 ".....")
    moves = all_moves(rows, "??", LEX)
    tok = Placement(True, 1, 1, "tok", ((1, 1, "t", True), (1, 3, "k", True)))
    assert tok in moves and tok.blanks == "tk"
    assert moves == small_reference(rows, "??")


# ----- what fits a square -----


def test_cross_checks_name_the_letters_that_make_the_cross_word_a_word() -> None:
    rows = board("k....",
                 ".....",
                 "t....")
    assert cross_checks(rows, LEX, 1, 0, True) == frozenset("o")
    assert cross_checks(rows, LEX, 1, 0, False) == frozenset(LEX.alphabet.letters)
    assert cross_checks(rows, LEX, 0, 0, True) == frozenset()


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.text(alphabet="kotmy..", min_size=4, max_size=4), min_size=4,
                     max_size=4),
       row=st.integers(0, 3), col=st.integers(0, 3), across=st.booleans())
def test_cross_checks_are_the_letters_whose_cross_word_is_a_word(
    rows: list[str], row: int, col: int, across: bool
) -> None:
    grid = [list(r) for r in rows]
    grid[row][col] = "."
    rows = ["".join(r) for r in grid]
    dr, dc = (1, 0) if across else (0, 1)  # the cross word runs the other way
    fit = set()
    for letter in LEX.alphabet.letters:
        trial = [list(r) for r in rows]
        trial[row][col] = letter
        r, c = row, col
        while r - dr >= 0 and c - dc >= 0 and trial[r - dr][c - dc] != ".":
            r, c = r - dr, c - dc
        word = ""
        while r < 4 and c < 4 and trial[r][c] != ".":
            word, r, c = word + trial[r][c], r + dr, c + dc
        if len(word) == 1 or word in LEX:
            fit.add(letter)
    assert cross_checks(rows, LEX, row, col, across) == fit


def test_a_square_off_the_board_is_refused() -> None:
    with pytest.raises(ValueError, match="off the 3×3 board"):
        cross_checks(board("k.t"), LEX, -1, 0, True)
    with pytest.raises(ValueError, match="off the 5×5 board"):
        first_moves(5, "kot", LEX, through=(2, 5))


def test_a_square_where_nothing_fits_takes_no_card() -> None:
    rows = board("m....",
                 ".....",
                 "m....")
    assert cross_checks(rows, LEX, 1, 0, True) == frozenset()
    assert not any((1, 0) in {(r, c) for r, c, _ch, _b in m.laid}
                   for m in all_moves(rows, "kotyo", LEX))


def test_anchors_are_the_empty_squares_beside_a_letter() -> None:
    rows = board(".....",
                 "..k..",
                 ".....")
    assert anchors(rows) == [(0, 2), (1, 1), (1, 3), (2, 2)]


def test_the_kept_graph_edges_may_be_dropped_between_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = board(".....",
                 "..o..",
                 ".....")
    before = all_moves(rows, "kt?", LEX)
    monkeypatch.setattr(movegen, "MOST_NODES", 1)
    walker = movegen._walker(LEX.graph)  # the search below fills it past one node
    assert all_moves(rows, "kt?", LEX) == before == small_reference(rows, "kt?")
    assert movegen._walker(LEX.graph) is not walker


def test_the_garbage_collector_is_left_as_the_search_found_it() -> None:
    rows = board("k.t")
    all_moves(rows, "o", LEX)
    assert gc.isenabled()
    gc.disable()
    try:
        all_moves(rows, "o", LEX)
        first_moves(3, "ok", LEX)
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(ValueError):
        all_moves(rows, "1", LEX)
    assert gc.isenabled()


# ----- bad input -----


def test_a_malformed_board_or_hand_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="row 1"):
        all_moves(["...", "..", "..."], "kot", LEX)
    with pytest.raises(ValueError, match="alphabet"):
        all_moves(["...", ".x.", "..."], "kot", LEX)
    with pytest.raises(ValueError, match="hand"):
        all_moves(["...", "...", "..."], "k1", LEX)


# ----- the fast search agrees with the reference -----

rows_strategy = st.lists(
    st.text(alphabet="kotmy......", min_size=5, max_size=5), min_size=5, max_size=5)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=rows_strategy, hand=st.text(alphabet="kotmy??", max_size=4))
def test_the_fast_search_finds_exactly_the_reference_moves_on_any_small_board(
    rows: list[str], hand: str
) -> None:
    assert all_moves(rows, hand, LEX) == small_reference(rows, hand)


def test_a_21_square_board_is_searched_to_its_far_corner() -> None:
    rows = ["." * 21 for _ in range(21)]
    rows[20] = "." * 17 + "kot."
    rows[19] = "." * 20 + "m"
    moves = all_moves(rows, "yk", LEX)
    # y in the corner: koty across, my down.
    assert Placement(True, 20, 17, "koty", ((20, 20, "y", False),)) in moves
    assert moves == small_reference(rows, "yk")
    rows[19] = "." * 20 + "o"  # then the down word would be "oy"
    assert Placement(True, 20, 17, "koty", ((20, 20, "y", False),)) not in all_moves(
        rows, "yk", LEX)


# ----- seeded mid-game positions on the real lexicon -----

@pytest.mark.slow
@pytest.mark.parametrize("seed", range(30))
def test_the_fast_search_agrees_with_the_reference_in_mid_game(
    seed: int, polish: Lexicon
) -> None:
    rows, hand = mid_game(seed, polish)
    assert sum(ch != "." for r in rows for ch in r) >= 12
    fast = all_moves(rows, hand, polish)
    slow = reference_moves(rows, hand, polish, dawg_fits(polish))
    assert fast == slow, (sorted(fast - slow)[:3], sorted(slow - fast)[:3])
    for move in list(fast)[:200]:
        for word in move.words(rows):
            assert word.word in polish


@pytest.mark.slow
@pytest.mark.parametrize("seed", [100, 101])
def test_the_fast_search_agrees_with_the_reference_on_a_21_square_table(
    seed: int, polish: Lexicon
) -> None:
    rows, hand = mid_game(seed, polish, blanks=1, turns=12, n=21)
    fast = all_moves(rows, hand, polish)
    assert fast == reference_moves(rows, hand, polish, dawg_fits(polish))
    assert any(c >= 15 or r >= 15 for m in fast for r, c, _ch, _b in m.laid)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "blanks", "cards"),
                         [(200, 0, 7), (201, 0, 7), (202, 1, 6), (206, 2, 4)])
def test_every_laying_of_the_cards_tried_word_by_word_finds_the_same_moves(
    seed: int, blanks: int, cards: int, polish: Lexicon
) -> None:
    """The plainest reference: every ordered choice of the hand's cards on every stretch,
    each word only asked of ``__contains__`` (a blank tries every letter its square takes);
    hands with blanks are kept short so that it takes a second."""
    rows, hand = mid_game(seed, polish, blanks=blanks, cards=cards)
    plain = reference_moves(rows, hand, polish, brute_fits(polish, hand))
    assert all_moves(rows, hand, polish) == plain
    assert plain


def test_a_search_with_two_blanks_imports_no_numpy() -> None:
    """A whole Scrabble karty game stays under 50 MB (issue 36): numpy's import and a
    whole-graph pass over its arrays had made it 60 MB, a third of it for the walker's masks
    of second letters, now made node by node as the search reaches them."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from braille_words.lexicon import get_lexicon\n"
        "import braille_words.games.scrabble_cards.computer\n"
        "from braille_words.games.scrabble_cards.movegen import all_moves\n"
        "board = ['.' * 15] * 7 + ['....kotara.....'] + ['.' * 15] * 7\n"
        "lexicon = get_lexicon('pl')\n"
        "print(len(all_moves(board, 'onirm??', lexicon)) > 1000)\n"
        "print('numpy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=dict(os.environ))
    assert done.stdout.split() == ["True", "False"]
