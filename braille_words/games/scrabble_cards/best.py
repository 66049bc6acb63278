"""The few placements a score ranks highest, found without listing every placement.

The computer lets the rules judge only the best few placements by a cheap score (``computer``),
yet a hand with two blanks has up to 65 000 placements mid-game: making each one and scoring it
cost more than the search that found them. This search carries, for each start of a word,
what its placements can score at most, and drops the start when that cannot reach the score of
the ``keep``-th best placement found so far (branch and bound). The cheap score is a sum:

* each hand card's letter value (a blank 0), times the most the main word may be multiplied
  by, and once more on a square with a cross word;
* the table's letters of the main word (times that factor) and of each cross word (a blank on
  the table 0);
* a bonus for laying every card.

So a start of a word has scored what its squares so far add (its best way of laying the cards:
the search lays a blank only for a letter the hand lacks), and may add at most, for the cards
left, the squares they would cover next on the line, the hand's highest values and the bonus.

The bonus (50, when seven cards are laid) outweighs every word laid without it, so the
search runs twice when it may be had: first it looks only for placements laying every card,
dropping a start whose longest word in the graph is too short to take them all (the graph
keeps each node's height); then, with the cut those set, for the others, of which few can
reach it. Ties keep the order the computer has always used (``order``), so the move it picks
is the one the full list gave.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import NamedTuple

from braille_words.games.scrabble_cards.movegen import (
    Board,
    Laid,
    LineWorth,
    Placement,
    _emitter,
    _first_placements,
    _first_spans,
    _first_words,
    _grid,
    _Hand,
    _hand,
    _Line,
    _lines,
    _Search,
    _walker,
)
from braille_words.lexicon import Lexicon

NEVER = 1 << 20
"""More letters than any word has: the cards left cannot all be laid from this square."""


class Worth(NamedTuple):
    """What a score counts at most, for ``best_moves`` to tell which starts of words cannot
    score enough (the score may count less: a word premium kept for a better word)."""

    values: Sequence[int]
    """letter index -> what a hand card of that letter counts (a blank counts 0)"""
    table: Sequence[Sequence[int]]
    """row -> column -> what the table's letter there counts (0: no letter, or a blank)"""
    factor: int
    """the most the main word is multiplied by (word premium cards)"""
    bonus: int
    """what laying every card adds (0 when it never does)"""


Score = Callable[[Placement], int]


def order(placement: Placement) -> tuple[bool, int, int, str, Laid]:
    """A placement's place among equals, the same in every run (a set's order is not):
    across before down, then by square, word and cards."""
    return (not placement.across, placement.row, placement.col, placement.word,
            placement.laid)


def best_moves(
    board: Board,
    hand: str,
    lexicon: Lexicon,
    worth: Worth,
    keep: int,
    score: Score,
    accept: Callable[[str], bool] | None = None,
) -> list[Placement]:
    """The ``keep`` legal placements of ``hand`` on a board with letters that ``score``
    ranks highest, best first, equals in ``order``; all of them in ``order`` when there are
    no more than ``keep``. Only placements whose main word ``accept``s count.

    The same list as scoring every placement of ``movegen.all_moves``, provided ``score``
    never counts more than ``worth`` says: the factor times the main word's letters (hand
    cards and table letters), each cross word's letters, and the bonus with every card laid.
    """
    grid = _grid(board, lexicon)
    letters = lexicon.alphabet.letters
    counts, blanks = _hand(hand, lexicon)
    cards = _Hand(counts, blanks, letters)
    if not cards.cards:
        return []
    if not any(x >= 0 for line in grid for x in line):
        raise ValueError("the table is empty: ask best_first_moves")
    walker = _walker(lexicon.graph)
    search = _Search(walker, letters, cards, min(len(grid), cards.cards) - 1)
    lines = _lines(grid, walker, len(letters))
    most = cards.cards
    room = keep + 1  # one more than kept: tells "more than keep" from "keep"
    cut = search.cut
    heap: list[int] = []
    kept: list[tuple[int, Placement]] = []
    seen: set[Placement] = set()

    def take(placement: Placement) -> None:
        points = score(placement)
        if points < cut[0] or placement in seen:
            return
        seen.add(placement)
        kept.append((points, placement))
        if len(heap) < room:
            heapq.heappush(heap, points)
            if len(heap) == room:
                cut[0] = heap[0]
        elif points > heap[0]:
            heapq.heapreplace(heap, points)
            cut[0] = heap[0]

    # Placements that lay every card (only those, then none of those), or any.
    phases: tuple[bool | None, ...] = (True, False) if worth.bonus else (None,)
    for every in phases:
        worths, search.extra = _line_worths(lines, grid, worth, counts, most, every is True)
        search.least = most if every else 1
        for line, line_worth in zip(lines, worths, strict=True):
            emit = _bounded(_emitter(take, line, cards), every, most, search.extra, cut,
                            accept)
            search.line(line.cells, line.cross, line.spots, emit, line_worth)
    if len(heap) < room:
        return sorted((p for _points, p in kept), key=order)
    kept.sort(key=lambda sp: (-sp[0], order(sp[1])))
    return [p for _points, p in kept[:keep]]


def _bounded(
    inner: Callable[[int, str, int, int], None],
    every: bool | None,
    most: int,
    extra: int,
    cut: list[int],
    accept: Callable[[str], bool] | None,
) -> Callable[[int, str, int, int], None]:
    """The search's emit for one phase: a word found becomes placements only when it lays
    the cards the phase asks for, may still reach the cut, and is accepted."""

    def emit(end: int, word: str, used: int, got: int) -> None:
        if used == most:
            if every is False:
                return
            got += extra
        elif every:
            return
        if got < cut[0] or (accept is not None and not accept(word)):
            return
        inner(end, word, used, got)

    return emit


def _line_worths(
    lines: list[_Line],
    grid: list[list[int]],
    worth: Worth,
    counts: list[int],
    most: int,
    every: bool,
) -> tuple[list[LineWorth], int]:
    """What each line's squares may add to a score (``movegen.LineWorth``), and what the
    search adds on top when the word lays every card.

    When it must (``every``), the hand's cards are all counted from the start, with the
    bonus: only what depends on where they go is left to the squares (the table's letters
    and cross words, a card's value once more in a cross word), which makes the bound
    nearly exact and drops most starts of such words at their anchor."""
    n = len(grid)
    factor = worth.factor
    values = worth.values
    nothing = [0] * len(values)
    swap = [v if counts[x] else 0 for x, v in enumerate(values)]
    real = sorted((values[x] for x, k in enumerate(counts) for _ in range(k)), reverse=True)
    # top[k]: the most k of the hand's cards count
    top = [0, *accumulate(real)]
    top += [top[-1]] * (most + 1 - len(top))
    if every:
        main, crossing, held = nothing, swap, 0
        extra = worth.bonus + factor * top[-1]
    else:
        main = [factor * v for v in values]
        crossing = [factor * v + v for v in values]
        held, extra = factor, 0
    table_down = [list(x) for x in zip(*worth.table, strict=True)]
    grid_down = [list(x) for x in zip(*grid, strict=True)]
    out: list[LineWorth] = []
    for line in lines:
        g, tg = (grid, worth.table) if line.across else (grid_down, table_down)
        cells, crossed, r = line.cells, line.crossed, line.number
        table = [factor * x for x in tg[r]]
        weights = [crossing if crossed[c] else main for c in range(n)]
        spares = [swap if crossed[c] else nothing for c in range(n)]
        side = [0] * n
        for c in range(n):
            if cells[c] < 0 and crossed[c]:
                total = 0
                i = r - 1
                while i >= 0 and g[i][c] >= 0:
                    total += tg[i][c]
                    i -= 1
                i = r + 1
                while i < n and g[i][c] >= 0:
                    total += tg[i][c]
                    i += 1
                side[c] = total
        # run[c]: the table's letters from square c up to the next empty square.
        run = [0] * (n + 1)
        run_end = [n] * (n + 1)
        for c in range(n - 1, -1, -1):
            if cells[c] >= 0:
                run[c] = table[c] + run[c + 1]
                run_end[c] = run_end[c + 1]
            else:
                run_end[c] = c
        after = [run[c + 1] for c in range(n)]
        sums = [0, *accumulate(table)]
        empties = [c for c in range(n) if cells[c] < 0]
        rest: list[list[int]] = [[] for _ in range(n)]
        need: list[list[int]] = [[] for _ in range(n)]
        for place, col in enumerate(empties):
            ahead = empties[place:]
            rest_col = [0] * (most + 1)
            need_col = [0] * (most + 1)
            sides = crosses = 0
            for k in range(1, most + 1):
                if k > len(ahead):
                    rest_col[k] = rest_col[k - 1]
                    need_col[k] = NEVER
                    continue
                square = ahead[k - 1]
                sides += side[square]
                crosses += crossed[square]
                board = sums[square + 1] - sums[col] + after[square]
                rest_col[k] = sides + board + held * top[k] + top[min(k, crosses)]
                need_col[k] = run_end[square + 1] - col
            rest[col] = rest_col
            need[col] = need_col
        out.append(LineWorth(main, weights, spares, side, after, table, rest,
                             need if every else None))
    return out, extra


def best_first_moves(
    size: int,
    hand: str,
    lexicon: Lexicon,
    through: tuple[int, int],
    keep: int,
    score: Score,
    accept: Callable[[str], bool] | None = None,
) -> list[Placement]:
    """The first word's ``keep`` placements covering ``through`` that ``score`` ranks
    highest, as ``best_moves`` gives them mid-game; ``score`` may count only the word and
    which cards are blanks, not where it lies (an empty table has no cross words).

    A word lies at up to eight places through a square, each way: every word the hand makes
    is scored once per way of laying it, and only the best are laid out."""
    letters = lexicon.alphabet.letters
    counts, blanks = _hand(hand, lexicon)
    cards = _Hand(counts, blanks, letters)
    spans = _first_spans(size, through)
    entries: list[tuple[int, str, tuple[bool, ...], int]] = []
    for word in _first_words(size, _walker(lexicon.graph), letters, cards):
        if accept is not None and not accept(word):
            continue
        places = sum(last - first + 1 for _a, _l, first, last in spans(len(word))
                     if last >= first)
        if not places:
            continue
        for flags in cards.ways(word):
            sample = Placement(True, 0, 0, word, tuple(
                (0, i, ch, b) for i, (ch, b) in enumerate(zip(word, flags, strict=True))))
            entries.append((score(sample), word, flags, places))
    entries.sort(key=lambda e: -e[0])
    total = 0
    cut = -1
    for points, _word, _flags, places in entries:
        total += places
        if total > keep:
            cut = points
            break
    chosen = [(points, p) for points, word, flags, _places in entries if points >= cut
              for p in _first_placements(word, flags, spans)]
    if total <= keep:
        return sorted((p for _points, p in chosen), key=order)
    chosen.sort(key=lambda sp: (-sp[0], order(sp[1])))
    return [p for _points, p in chosen[:keep]]
