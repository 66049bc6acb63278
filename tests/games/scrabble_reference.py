"""A slow, plain generator of Scrabble karty moves, for checking the fast one.

It shares nothing with ``movegen``'s search (no anchors, no cross-check masks, no left parts,
no word graph): it looks at every stretch of every line, row by row and column by column, and
for each one asks which words fit it, then checks the rules one by one with
``lexicon.__contains__``:

* a stretch is a run of squares with an empty square or the edge at both ends, two squares
  or more, holding between one and len(hand) empty squares; on a board with letters it must
  touch one (hold one, or have a letter beside one of its empty squares);
* each empty square may take the letters whose cross word is a word (every letter tried);
* the words fitting the stretch come either from trying every ordered choice of hand cards
  for its empty squares (``brute_fits``: only membership is asked; a second for 7 cards, or
  for 6 with a blank, but a minute for 7 with two blanks), or from the lookup file's own
  wildcard search (``dawg_fits``: ``dawg.similar_keys`` over the file behind
  ``__contains__``, never our graph; it answers "which keys fit k?t" in C, which keeps 30
  positions with blanks to seconds). The tests check the two against each other through
  the fast generator: the plain one on short hands, the wildcard one on 7 cards;
* every word found is checked again with ``__contains__``, against the hand's cards (a blank
  may be any letter; where a letter and a blank could both fill a square, both moves are
  listed), and a lone card making a word both ways is listed once, across.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import Any

from braille_words.games.scrabble_cards.best import order
from braille_words.games.scrabble_cards.deck import BLANK, load_deck
from braille_words.games.scrabble_cards.movegen import (
    EMPTY,
    Board,
    Placement,
    all_moves,
    first_moves,
)
from braille_words.games.scrabble_cards.notation import coord
from braille_words.lexicon import Lexicon

Fits = Callable[[list[str | frozenset[str]]], Iterator[str]]
"""Words fitting a stretch: each square is a board letter or the set of letters it may take."""

PLACEHOLDERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def dawg_fits(lexicon: Lexicon) -> Fits:
    """Fitting words from the compiled lookup file's wildcard search."""
    import dawg

    from braille_words.lexicon import store

    member = dawg.DAWG()
    member.load(str(store.dawg_path(lexicon.lang)))

    def fits(squares: list[str | frozenset[str]]) -> Iterator[str]:
        mapping: dict[str, list[str]] = {}
        key = []
        for i, sq in enumerate(squares):
            if isinstance(sq, str):
                key.append(sq)
            else:
                mapping[PLACEHOLDERS[i]] = sorted(sq)
                key.append(PLACEHOLDERS[i])
        yield from member.similar_keys("".join(key), member.compile_replaces(mapping))

    return fits


def _cards(hand: str) -> tuple[dict[str, int], int]:
    counts: dict[str, int] = {}
    for ch in hand:
        if ch != "?":
            counts[ch] = counts.get(ch, 0) + 1
    return counts, hand.count("?")


def brute_fits(lexicon: Lexicon, hand: str, words: Iterable[str] | None = None) -> Fits:
    """Fitting words by laying every ordered choice of the hand's cards (a blank as each
    letter its square allows) and asking ``__contains__`` about each. Given the lexicon's
    ``words`` (a short list, in tests), a choice is dropped as soon as no word starts so."""
    starts = None if words is None else {w[:i] for w in words for i in range(len(w) + 1)}

    def fits(squares: list[str | frozenset[str]]) -> Iterator[str]:
        counts, blanks = _cards(hand)
        found: set[str] = set()

        def lay(i: int, text: str, blanks: int) -> None:
            if starts is not None and text not in starts:
                return
            if i == len(squares):
                if text in lexicon:
                    found.add(text)
                return
            sq = squares[i]
            if isinstance(sq, str):
                lay(i + 1, text + sq, blanks)
                return
            for ch in sorted(sq):
                if counts.get(ch, 0):
                    counts[ch] -= 1
                    lay(i + 1, text + ch, blanks)
                    counts[ch] += 1
                elif blanks:
                    lay(i + 1, text + ch, blanks - 1)

        lay(0, "", blanks)
        return iter(sorted(found))

    return fits


def reference_moves(board: Board, hand: str, lexicon: Lexicon, fits: Fits) -> set[Placement]:
    n = len(board)
    letters = lexicon.alphabet.letters
    empty_board = all(ch == EMPTY for line in board for ch in line)
    counts, blanks = _cards(hand)
    usable = set(letters) if blanks else {ch for ch in counts}
    in_hand = frozenset(counts)

    def at(r: int, c: int) -> str:
        return board[r][c] if 0 <= r < n and 0 <= c < n else EMPTY

    def cross_word(r: int, c: int, ch: str, across: bool) -> str:
        """The word through (r, c) with ``ch`` there, ``across`` or down ("" if alone)."""
        dr, dc = (0, 1) if across else (1, 0)
        a, b = r, c
        while at(a - dr, b - dc) != EMPTY:
            a, b = a - dr, b - dc
        out = []
        while (a, b) == (r, c) or at(a, b) != EMPTY:
            out.append(ch if (a, b) == (r, c) else board[a][b])
            a, b = a + dr, b + dc
        return "".join(out) if len(out) > 1 else ""

    moves: set[Placement] = set()
    for across in (True, False):
        for line in range(n):
            squares = [(line, i) if across else (i, line) for i in range(n)]
            for s in range(n):
                if s > 0 and at(*squares[s - 1]) != EMPTY:
                    continue
                for e in range(s + 1, n):
                    if e + 1 < n and at(*squares[e + 1]) != EMPTY:
                        continue
                    stretch = squares[s : e + 1]
                    holes = [sq for sq in stretch if at(*sq) == EMPTY]
                    if not 1 <= len(holes) <= len(hand):
                        continue
                    touches = empty_board or len(holes) < len(stretch) or any(
                        at(r + dr, c + dc) != EMPTY
                        for r, c in holes for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                    if not touches:
                        continue
                    if not across and len(holes) == 1 and cross_word(
                            *holes[0], "a", True):
                        continue  # a lone card with an across word is listed across
                    allowed: list[str | frozenset[str]] = []
                    for r, c in stretch:
                        if at(r, c) != EMPTY:
                            allowed.append(board[r][c])
                            continue
                        fit = frozenset(ch for ch in usable if not cross_word(
                            r, c, ch, not across) or cross_word(r, c, ch, not across) in lexicon)
                        allowed.append(fit)
                    if any(not x for x in allowed):
                        continue
                    words: set[str] = set()
                    spots = [i for i, x in enumerate(allowed) if not isinstance(x, str)]
                    for wild in _subsets(spots, blanks):
                        # The squares in ``wild`` take blanks (any letter); the others
                        # only the hand's letters: each query is then a narrow one.
                        narrow = [x if isinstance(x, str) or i in wild else x & in_hand
                                  for i, x in enumerate(allowed)]
                        if all(narrow):
                            words.update(fits(narrow))
                    for word in sorted(words):
                        assert word in lexicon
                        for laid in _layings(word, stretch, board, counts, blanks):
                            r0, c0 = stretch[0]
                            moves.add(Placement(across, r0, c0, word, laid))
    return moves


def _subsets(items: list[int], most: int) -> Iterator[frozenset[int]]:
    """Every set of at most ``most`` of ``items``."""
    for size in range(min(most, len(items)) + 1):
        for chosen in combinations(items, size):
            yield frozenset(chosen)


def _layings(
    word: str,
    stretch: Sequence[tuple[int, int]],
    board: Board,
    counts: dict[str, int],
    blanks: int,
) -> Iterator[tuple[tuple[int, int, str, bool], ...]]:
    """Every way the hand's cards lay ``word``'s letters on the stretch's empty squares."""
    holes = [(r, c, word[i]) for i, (r, c) in enumerate(stretch) if board[r][c] == EMPTY]
    need: dict[str, int] = {}
    for _r, _c, ch in holes:
        need[ch] = need.get(ch, 0) + 1
    if sum(max(0, k - counts.get(ch, 0)) for ch, k in need.items()) > blanks:
        return
    left = dict(counts)

    def lay(i: int, blanks: int) -> Iterator[tuple[tuple[int, int, str, bool], ...]]:
        if i == len(holes):
            yield ()
            return
        r, c, ch = holes[i]
        if left.get(ch, 0):
            left[ch] -= 1
            for rest in lay(i + 1, blanks):
                yield ((r, c, ch, False), *rest)
            left[ch] += 1
        if blanks:
            for rest in lay(i + 1, blanks - 1):
                yield ((r, c, ch, True), *rest)

    yield from lay(0, blanks)


# ----- seeded positions (the tests and the benchmark play on the same ones) -----


def lay(rows: Sequence[str], move: Placement) -> list[str]:
    """The board after ``move``."""
    grid = [list(r) for r in rows]
    for r, c, ch, _blank in move.laid:
        assert grid[r][c] == EMPTY
        grid[r][c] = ch
    return ["".join(r) for r in grid]


LETTER_BAG = [letter for letter, (count, _points) in load_deck().letters.items()
              if letter != BLANK for _ in range(count)]


def mid_game(
    seed: int,
    lexicon: Lexicon,
    blanks: int | None = None,
    turns: int = 9,
    n: int = 15,
    cards: int = 7,
) -> tuple[list[str], str]:
    """A board after ``turns`` seeded random moves (the first across the centre), and a
    hand of ``cards`` cards from what is left in the bag, ``blanks`` of them blanks
    (``seed % 3`` unless given)."""
    rng = random.Random(seed)
    bag = LETTER_BAG[:]
    rng.shuffle(bag)
    rows = ["." * n] * n
    hand: list[str] = []
    for turn in range(turns):
        while len(hand) < 7 and bag:
            hand.append(bag.pop())
        if turn == 0:
            centre = n // 2
            moves = sorted(m for m in first_moves(n, "".join(hand), lexicon, (centre, centre))
                           if m.across)
        else:
            moves = sorted(all_moves(rows, "".join(hand), lexicon))
        if not moves:
            bag[:0] = hand
            hand = []
            continue
        move = rng.choice(moves)
        rows = lay(rows, move)
        for _r, _c, ch, _b in move.laid:
            hand.remove(ch)
    if blanks is None:
        blanks = seed % 3
    return rows, "".join(rng.sample(bag, cards - blanks)) + BLANK * blanks


def board_words(rows: Sequence[str]) -> list[str]:
    """The board as a position file gives it: every run of two letters or more, across
    (``8H kot``) and down (``H8 kot``), so a game can start from a ``mid_game`` board."""
    n = len(rows)
    out: list[str] = []
    for across in (True, False):
        for line in range(n):
            text = "".join(rows[line][i] if across else rows[i][line] for i in range(n))
            start = 0
            for run in text.split(EMPTY):
                if len(run) >= 2:
                    row, col = (line, start) if across else (start, line)
                    out.append(f"{coord(row, col, across)} {run}")
                start += len(run) + 1
    return out


def every_placement_shortlist(
    rules: Any, state: Any, seat: int, level: str, keep: int, vocabulary: str | None = None
) -> list[Placement]:
    """The computer's shortlist the plain way: every placement listed (``placements``),
    each scored by the cheap score, the best ``keep`` by (-score, ``order``); all of them in
    ``order`` when there are no more. The computer finds the same list without listing them
    all (``best``)."""
    from braille_words.games.scrabble_cards import computer

    words = vocabulary or level
    found = computer.placements(rules, state, seat)
    if computer.vocabulary_size(words, rules.deck.lang, computer.COMMON_WORDS) is not None:
        found = {p for p in found if computer.common(rules, words, p.word)}
    if len(found) <= keep:
        return sorted(found, key=order)
    score = computer.QuickScore(rules, state, seat, level)
    return sorted(found, key=lambda p: (-score(p), order(p)))[:keep]
