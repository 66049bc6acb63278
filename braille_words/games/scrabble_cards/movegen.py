"""Scrabble karty's move generator: every legal placement of a hand on the table.

The computer player weighs every move it could make, and a player asking "what fits here?"
wants the letters a square takes; both are questions about the whole board and the whole
lexicon, asked on every turn, so they must be fast in plain Python.

The method is Appel and Jacobson's ("The world's fastest Scrabble program", 1988), walked over
the lexicon's own compiled word graph (``lexicon.graph``, memory-mapped; nothing is built for
this game):

* **anchors** — empty squares next to a letter; every move but the first covers one, so a
  search starts only there;
* **cross-checks** — for each empty square, the set of letters that make the perpendicular
  word through it a word (all letters when nothing lies above or below). Computed once per
  board and per direction, as bit masks over the alphabet, so a laid card's cross word costs
  one ``&`` in the search;
* **left parts** — the letters before an anchor: the board's letters when it touches a word
  on its left, else cards from the hand on the empty squares before it that are no anchors
  (which makes each move found from its leftmost anchor only, hence once);
* **extend right** — from the anchor, follow the graph: a board letter must be an edge of
  the node, an empty square takes each edge the hand (or a blank) and the cross-check allow,
  and a move is recorded wherever the word may end.

Down moves are across moves of the transposed board. A move of one card forms a word each
way it touches; it is reported once, across when it makes an across word of two or more
letters, else down.

The first move on an empty table goes anywhere (the rulebook: "w dowolnym miejscu"), so it
is every word the hand makes at every square and in both directions; ``anchors`` of an empty
board is empty.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from braille_words.lexicon import Lexicon
from braille_words.lexicon.graph import WordGraph

Board = Sequence[str]
"""N strings of N characters: "." for an empty square, else a lowercase letter (a blank on
the table is just the letter it stands for)."""

EMPTY = "."
BLANK = "?"

Laid = tuple[tuple[int, int, str, bool], ...]


class Word(NamedTuple):
    """One word a move forms: where it starts, its direction, its letters, and the squares
    of it that the move filled (the ones that score as new)."""

    row: int
    col: int
    across: bool
    word: str
    new: tuple[tuple[int, int], ...]


@dataclass(frozen=True, order=True)
class Placement:
    """One legal move: the cards laid and the main word they make.

    ``row``/``col`` is the square of the main word's first letter; ``word`` is the whole main
    word with the board's letters in it; ``laid`` holds (row, col, letter, from_blank) for
    each card laid, in reading order.
    """

    across: bool
    row: int
    col: int
    word: str
    laid: Laid

    def squares(self) -> list[tuple[int, int]]:
        """The squares of the main word, first letter first."""
        if self.across:
            return [(self.row, self.col + i) for i in range(len(self.word))]
        return [(self.row + i, self.col) for i in range(len(self.word))]

    def cross_words(self, board: Board) -> list[Word]:
        """The words perpendicular to the main word that the laid cards form (two letters or
        more), in the order of the cards."""
        out: list[Word] = []
        for r, c, letter, _blank in self.laid:
            word = _run(board, r, c, letter, not self.across)
            if word is not None:
                out.append(word)
        return out

    def words(self, board: Board) -> list[Word]:
        """Every word the move forms: the main word first, then the cross words."""
        new = tuple((r, c) for r, c, _letter, _blank in self.laid)
        return [Word(self.row, self.col, self.across, self.word, new), *self.cross_words(board)]

    @property
    def blanks(self) -> str:
        """The letters the blanks laid stand for, in reading order."""
        return "".join(letter for _r, _c, letter, blank in self.laid if blank)


def _run(board: Board, row: int, col: int, letter: str, across: bool) -> Word | None:
    """The word through (row, col) in one direction when ``letter`` is laid there, or None
    when the square has no neighbour that way (a lone letter is no word)."""
    n = len(board)
    dr, dc = (0, 1) if across else (1, 0)
    r, c = row - dr, col - dc
    while min(r, c) >= 0 and board[r][c] != EMPTY:
        r, c = r - dr, c - dc
    start = (r + dr, c + dc)
    r, c = start
    letters: list[str] = []
    while r < n and c < n and (board[r][c] != EMPTY or (r, c) == (row, col)):
        letters.append(letter if (r, c) == (row, col) else board[r][c])
        r, c = r + dr, c + dc
    if len(letters) < 2:
        return None
    return Word(start[0], start[1], across, "".join(letters), ((row, col),))


# ----- the graph, as the search reads it -----

Kids = dict[int, dict[int, int]]

_KIDS: weakref.WeakKeyDictionary[WordGraph, Kids] = weakref.WeakKeyDictionary()


def _kids_of(graph: WordGraph) -> Kids:
    """Each node's out-edges as a dict letter -> child, filled as searches first reach the
    node and kept for the graph's lifetime: a dict lookup is several times quicker than the
    graph's binary search over a memory map, and searches revisit the same upper nodes on
    every turn."""
    table = _KIDS.get(graph)
    if table is None:
        table = {}
        _KIDS[graph] = table
    return table


def _make_kids(graph: WordGraph, table: Kids, node: int) -> dict[int, int]:
    start = graph.first[node]
    end = start + graph.count[node]
    kids = dict(zip(graph.label[start:end], graph.target[start:end], strict=True))
    table[node] = kids
    return kids


# ----- the board -----


def _grid(board: Board, lexicon: Lexicon) -> list[list[int]]:
    """The board as letter indices (-1 empty), or a ValueError for a malformed board."""
    n = len(board)
    if n == 0:
        raise ValueError("the board has no squares")
    index = {c: i for i, c in enumerate(lexicon.alphabet.letters)}
    grid: list[list[int]] = []
    for r, line in enumerate(board):
        if len(line) != n:
            raise ValueError(f"row {r} has {len(line)} squares, not {n}")
        row: list[int] = []
        for ch in line:
            if ch == EMPTY:
                row.append(-1)
            elif ch in index:
                row.append(index[ch])
            else:
                raise ValueError(f"{ch!r} on row {r} is not a letter of the {lexicon.lang} "
                                 "alphabet")
        grid.append(row)
    return grid


def _hand(hand: str, lexicon: Lexicon) -> tuple[list[int], int]:
    letters = lexicon.alphabet.letters
    index = {c: i for i, c in enumerate(letters)}
    counts = [0] * len(letters)
    blanks = 0
    for ch in hand:
        if ch == BLANK:
            blanks += 1
        elif ch in index:
            counts[index[ch]] += 1
        else:
            raise ValueError(f"{ch!r} in the hand is neither a letter of the {lexicon.lang} "
                             "alphabet nor a blank")
    return counts, blanks


def anchors(board: Board) -> list[tuple[int, int]]:
    """Empty squares next to a letter (above, below, left or right), in reading order.

    Every move after the first covers at least one. On an empty board there are none: the
    first word goes anywhere, so no square is special.
    """
    n = len(board)
    out: list[tuple[int, int]] = []
    for r in range(n):
        for c in range(n):
            if board[r][c] != EMPTY:
                continue
            if ((r > 0 and board[r - 1][c] != EMPTY) or (r + 1 < n and board[r + 1][c] != EMPTY)
                    or (c > 0 and board[r][c - 1] != EMPTY)
                    or (c + 1 < n and board[r][c + 1] != EMPTY)):
                out.append((r, c))
    return out


def _cross_mask(
    grid: list[list[int]], graph: WordGraph, kids: Kids, r: int, c: int, full: int
) -> tuple[int, bool]:
    """(mask of letters that fit (r, c) for an across word, whether a letter lies above or
    below). The letters above are walked once; each child of that node then walks the
    letters below."""
    n = len(grid)
    top = r
    while top > 0 and grid[top - 1][c] >= 0:
        top -= 1
    bottom = r
    while bottom + 1 < n and grid[bottom + 1][c] >= 0:
        bottom += 1
    if top == r and bottom == r:
        return full, False
    final = graph.final
    node = 0
    for i in range(top, r):
        k = kids.get(node)
        if k is None:
            k = _make_kids(graph, kids, node)
        node = k.get(grid[i][c], -1)
        if node < 0:
            return 0, True
    k = kids.get(node)
    if k is None:
        k = _make_kids(graph, kids, node)
    mask = 0
    below = [grid[i][c] for i in range(r + 1, bottom + 1)]
    for letter, child in k.items():
        m = child
        for x in below:
            km = kids.get(m)
            if km is None:
                km = _make_kids(graph, kids, m)
            m = km.get(x, -1)
            if m < 0:
                break
        else:
            if final[m]:
                mask |= 1 << letter
    return mask, True


def cross_checks(
    board: Board, lexicon: Lexicon, row: int, col: int, across: bool
) -> frozenset[str]:
    """The letters a card laid on the empty square (row, col) may be, as part of a word in
    the direction ``across``: those that make the perpendicular word through the square (the
    letters above and below it for an across word) a word. Every letter when no letter lies
    that way; no letter on a square that holds one already."""
    grid = _grid(board, lexicon)
    if grid[row][col] >= 0:
        return frozenset()
    if not across:
        grid = [list(x) for x in zip(*grid, strict=True)]
        row, col = col, row
    letters = lexicon.alphabet.letters
    full = (1 << len(letters)) - 1
    mask, _ = _cross_mask(grid, lexicon.graph, _kids_of(lexicon.graph), row, col, full)
    return frozenset(ch for i, ch in enumerate(letters) if mask >> i & 1)


# ----- the search -----


def all_moves(board: Board, hand: str, lexicon: Lexicon) -> set[Placement]:
    """Every legal placement of cards from ``hand`` on ``board``.

    ``hand`` holds the letter cards, "?" for each blank. A blank may stand for any letter;
    where a hand letter and a blank could both fill a square, both moves are listed. A move
    lays one card or more in one line with the board's letters between them; its main word
    and every cross word are words of the lexicon (two letters or more); it touches a letter
    on the board unless the board is empty.
    """
    grid = _grid(board, lexicon)
    counts, blanks = _hand(hand, lexicon)
    graph = lexicon.graph
    kids = _kids_of(graph)
    letters = lexicon.alphabet.letters
    moves: set[Placement] = set()
    if not any(x >= 0 for line in grid for x in line):
        _first_moves(len(grid), graph, kids, letters, counts, blanks, moves)
        return moves
    if not any(counts) and not blanks:
        return moves
    n = len(grid)
    full = (1 << len(letters)) - 1
    for across in (True, False):
        g = grid if across else [list(x) for x in zip(*grid, strict=True)]
        for r in range(n):
            cells = g[r]
            cross = [0] * n
            crossed = [False] * n
            spots: list[int] = []
            for c in range(n):
                if cells[c] >= 0:
                    continue
                cross[c], crossed[c] = _cross_mask(g, graph, kids, r, c, full)
                if crossed[c] or (c > 0 and cells[c - 1] >= 0) or (
                        c + 1 < n and cells[c + 1] >= 0):
                    spots.append(c)
            if spots:
                emit = _emitter(moves, across, r, crossed)
                _line_moves(graph, kids, letters, cells, cross, spots, counts, blanks, emit)
    return moves


Emit = Callable[[int, str, tuple[tuple[int, str, bool], ...]], None]


def _emitter(
    moves: set[Placement], across: bool, line: int, crossed: list[bool]
) -> Emit:
    """Turns a word found on one line (its end square, letters, cards laid as (square,
    letter, from_blank)) into a Placement on the board. On the transposed board a lone card
    that also has an across word is left out: the across pass reports it."""
    add = moves.add
    if across:
        def emit(end: int, word: str, laid: tuple[tuple[int, str, bool], ...]) -> None:
            add(Placement(True, line, end - len(word), word,
                          tuple([(line, c, ch, b) for c, ch, b in laid])))
    else:
        def emit(end: int, word: str, laid: tuple[tuple[int, str, bool], ...]) -> None:
            if len(laid) == 1 and crossed[laid[0][0]]:
                return
            add(Placement(False, end - len(word), line, word,
                          tuple([(c, line, ch, b) for c, ch, b in laid])))
    return emit


def _line_moves(
    graph: WordGraph,
    kids: Kids,
    letters: Sequence[str],
    cells: list[int],
    cross: list[int],
    spots: list[int],
    counts: list[int],
    blanks: int,
    emit: Emit,
) -> None:
    """Every across move on one line whose leftmost anchor is one of ``spots``."""
    n = len(cells)
    final = graph.final
    left_blanks = blanks
    tiles = sum(counts) + blanks

    def node_kids(node: int) -> dict[int, int]:
        k = kids.get(node)
        return k if k is not None else _make_kids(graph, kids, node)

    def fill(node: int, col: int, word: str, laid: tuple[tuple[int, str, bool], ...]) -> None:
        # ``col`` is empty: lay each card the graph, the hand and the cross-check allow.
        nonlocal left_blanks
        mask = cross[col]
        k = kids.get(node)
        if k is None:
            k = _make_kids(graph, kids, node)
        for letter, child in k.items():
            if not mask >> letter & 1:
                continue
            ch = letters[letter]
            if counts[letter]:
                counts[letter] -= 1
                go(child, col + 1, word + ch, (*laid, (col, ch, False)))
                counts[letter] += 1
            if left_blanks:
                left_blanks -= 1
                go(child, col + 1, word + ch, (*laid, (col, ch, True)))
                left_blanks += 1

    def go(node: int, col: int, word: str, laid: tuple[tuple[int, str, bool], ...]) -> None:
        # A card was just laid before ``col``: read the board's letters that follow, then
        # the word may end (an empty square or the edge), and more cards may follow.
        while col < n and cells[col] >= 0:
            k = kids.get(node)
            if k is None:
                k = _make_kids(graph, kids, node)
            node = k.get(cells[col], -1)
            if node < 0:
                return
            word += letters[cells[col]]
            col += 1
        if final[node] and len(word) > 1:
            emit(col, word, laid)
        if col < n and len(laid) < tiles:
            fill(node, col, word, laid)

    def left(node: int, word: str, parts: tuple[tuple[str, bool], ...], limit: int,
             anchor: int) -> None:
        # The hand's cards before the anchor, on squares that are no anchors.
        nonlocal left_blanks
        start = anchor - len(parts)
        fill(node, anchor, word,
             tuple([(start + i, ch, b) for i, (ch, b) in enumerate(parts)]))
        if not limit:
            return
        for letter, child in node_kids(node).items():
            ch = letters[letter]
            if counts[letter]:
                counts[letter] -= 1
                left(child, word + ch, (*parts, (ch, False)), limit - 1, anchor)
                counts[letter] += 1
            if left_blanks:
                left_blanks -= 1
                left(child, word + ch, (*parts, (ch, True)), limit - 1, anchor)
                left_blanks += 1

    previous = -1
    for anchor in spots:
        if anchor > 0 and cells[anchor - 1] >= 0:
            # The board's word to the left is the left part.
            start = anchor - 1
            while start > 0 and cells[start - 1] >= 0:
                start -= 1
            node = 0
            for col in range(start, anchor):
                node = node_kids(node).get(cells[col], -1)
                if node < 0:
                    break
            if node >= 0:
                fill(node, anchor, "".join(letters[x] for x in cells[start:anchor]), ())
        else:
            limit = min(anchor - previous - 1, tiles - 1)
            left(0, "", (), limit, anchor)
        previous = anchor


def _first_moves(
    n: int,
    graph: WordGraph,
    kids: Kids,
    letters: Sequence[str],
    counts: list[int],
    blanks: int,
    moves: set[Placement],
) -> None:
    """Every word the hand makes, at every square of an empty board, both ways.

    The words are found once on a line with no anchors or cross-checks (every square of an
    empty line is free), starting at its first square, and then shifted to every start that
    leaves room for them."""
    found: list[tuple[str, tuple[tuple[int, str, bool], ...]]] = []
    full = (1 << len(letters)) - 1
    cells = [-1] * n

    def keep(end: int, word: str, laid: tuple[tuple[int, str, bool], ...]) -> None:
        found.append((word, laid))

    if n > 1:
        # One anchor at the first square and nothing to its left: each word once.
        _line_moves(graph, kids, letters, cells, [full] * n, [0], counts, blanks, keep)
    for word, laid in found:
        for line in range(n):
            for start in range(n - len(word) + 1):
                across = tuple([(line, start + c, ch, b) for c, ch, b in laid])
                down = tuple([(start + c, line, ch, b) for c, ch, b in laid])
                moves.add(Placement(True, line, start, word, across))
                moves.add(Placement(False, start, line, word, down))
