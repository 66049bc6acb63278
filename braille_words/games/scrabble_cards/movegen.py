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

What keeps it fast in Python (measured by ``benchmarks/bench_scrabble.py``; a slow reference
in ``tests/games/scrabble_reference.py`` checks it move for move):

* the left parts do not depend on the anchor, so they are walked once per hand and grouped
  by the letters that may follow them; an anchor takes only the groups that fit its
  cross-check (and, before a word on the board, the parts whose next-but-one letter can be
  that word's first);
* a blank is tried only for a letter the hand lacks; the moves that differ only in which
  card was the blank are spelled out when a word is recorded, once per pattern of laid
  letters. With two blanks this spares walking the same word many times over;
* each node's edges are a dict and a letter mask, kept for the graph's lifetime, and a
  child is entered only when a card left fits the next square;
* the garbage collector waits while the answer's objects are made.

The first move on an empty table goes anywhere (the rulebook: "w dowolnym miejscu"), so it
is every word the hand makes at every square and in both directions (``first_moves`` gives
those through one square); ``anchors`` of an empty board is empty.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

from braille_words.lexicon import Lexicon
from braille_words.lexicon.graph import WordGraph

Board = Sequence[str]
"""N strings of N characters: "." for an empty square, else a lowercase letter (a blank on
the table is just the letter it stands for)."""

EMPTY = "."
ABSENT = "#"  # no letter: stands for any letter the hand lacks
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


class Placement(NamedTuple):
    """One legal move: the cards laid and the main word they make.

    ``row``/``col`` is the square of the main word's first letter; ``word`` is the whole main
    word with the board's letters in it; ``laid`` holds (row, col, letter, from_blank) for
    each card laid, in reading order. (A named tuple, not a frozen dataclass: a hand with two
    blanks has 65 000 placements, and a tuple is made and hashed in C, three times quicker.)
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
        more), in the order of the cards; ``board`` is the table before the move."""
        out: list[Word] = []
        for r, c, letter, _blank in self.laid:
            word = _run(board, r, c, letter, not self.across)
            if word is not None:
                out.append(word)
        return out

    def words(self, board: Board) -> list[Word]:
        """Every word the move forms (each scores): the main word first, then the cross
        words; ``board`` is the table before the move."""
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


class _Walker:
    """The word graph as the search reads it: each node's out-edges as a dict letter ->
    child and as a bit mask of those letters, made when a search first reaches the node and
    kept for the graph's lifetime. A dict lookup is several times quicker than the graph's
    binary search over the memory map, searches revisit the same upper nodes on every turn,
    and a mask tells at once whether any edge fits a square (one ``&`` with its
    cross-check) before a loop over the edges starts."""

    __slots__ = ("_count", "_first", "_label", "_target", "befores", "final", "firsts", "height",
                 "kids", "seconds")

    def __init__(self, graph: WordGraph) -> None:
        self._first = graph.first
        self._count = graph.count
        self._label = graph.label
        self._target = graph.target
        self.final = graph.final
        self.height = graph.height
        """node -> the length of the longest word ending below it"""
        self.kids: dict[int, dict[int, int]] = {}
        self.firsts: dict[int, int] = {}
        """node -> mask of the letters of its edges"""
        self.seconds: dict[int, int] = {}
        """node -> mask of the letters that may come second after it (``second``)"""
        self.befores: dict[int, int] = {}
        """node * 256 + letter -> mask of the node's letters whose child has that letter"""

    def expand(self, node: int) -> dict[int, int]:
        start = self._first[node]
        end = start + self._count[node]
        labels = self._label[start:end]
        kids = dict(zip(labels, self._target[start:end], strict=True))
        mask = 0
        for letter in labels:
            mask |= 1 << letter
        self.kids[node] = kids
        self.firsts[node] = mask
        return kids

    def second(self, node: int) -> int:
        """The mask of the letters that may come second after ``node``: a left part must be
        able to reach the board's letter after its anchor. Made from the graph's arrays
        without a dict of edges for each child, once a node and kept with the walker: a
        whole graph's masks made at once took numpy, whose import and working arrays came to
        a third of a game's memory."""
        mask = self.seconds.get(node)
        if mask is not None:
            return mask
        first, count, label, target = self._first, self._count, self._label, self._target
        start = first[node]
        mask = 0
        for child in target[start:start + count[node]]:
            begin = first[child]
            for letter in label[begin:begin + count[child]]:
                mask |= 1 << letter
        self.seconds[node] = mask
        return mask

    def before(self, node: int, letter: int) -> int:
        """The mask of the letters of ``node`` that ``letter`` may follow: a card laid just
        before a letter on the board must be one of them (half the letters a search tried
        there were not)."""
        kids = self.kids.get(node)
        if kids is None:
            kids = self.expand(node)
        mask = 0
        all_kids = self.kids
        for x, child in kids.items():
            grand = all_kids.get(child)
            if grand is None:
                grand = self.expand(child)
            if letter in grand:
                mask |= 1 << x
        self.befores[node * 256 + letter] = mask
        return mask

    def step(self, node: int, letter: int) -> int:
        """The child of ``node`` by ``letter``, or -1."""
        kids = self.kids.get(node)
        if kids is None:
            kids = self.expand(node)
        return kids.get(letter, -1)


_WALKERS: weakref.WeakKeyDictionary[WordGraph, _Walker] = weakref.WeakKeyDictionary()
MOST_NODES = 100_000
"""Nodes the kept edges may cover (some 40 MB) before they are dropped and made anew: ten
searches of hands with two blanks reach about 50 000 of the Polish graph's 150 000."""


def _walker(graph: WordGraph) -> _Walker:
    walker = _WALKERS.get(graph)
    if walker is None or len(walker.kids) > MOST_NODES:
        walker = _Walker(graph)
        _WALKERS[graph] = walker
    return walker


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
    grid: list[list[int]], walker: _Walker, r: int, c: int, full: int
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
    node = 0
    for i in range(top, r):
        node = walker.step(node, grid[i][c])
        if node < 0:
            return 0, True
    kids = walker.kids[node] if node in walker.kids else walker.expand(node)
    final = walker.final
    mask = 0
    for letter, child in kids.items():
        for i in range(r + 1, bottom + 1):
            child = walker.step(child, grid[i][c])
            if child < 0:
                break
        else:
            if final[child]:
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
    if not (0 <= row < len(grid) and 0 <= col < len(grid)):
        raise ValueError(f"square ({row}, {col}) is off the {len(grid)}×{len(grid)} board")
    if grid[row][col] >= 0:
        return frozenset()
    if not across:
        grid = [list(x) for x in zip(*grid, strict=True)]
        row, col = col, row
    letters = lexicon.alphabet.letters
    full = (1 << len(letters)) - 1
    mask, _ = _cross_mask(grid, _walker(lexicon.graph), row, col, full)
    return frozenset(ch for i, ch in enumerate(letters) if mask >> i & 1)


# ----- the search -----


class _Hand:
    """The hand's cards during one search: letter counts and blanks still free, and the
    ways each string of laid letters can be made of the cards (real or blank).

    The search lays each letter once — a real card while the hand has one, else a blank,
    which never makes a word impossible that another choice allows — and the variants that
    differ only in which card was a blank are spelled out when a move is recorded. With two
    blanks this keeps the search from walking the same word up to 22 times."""

    def __init__(self, counts: list[int], blanks: int, letters: Sequence[str]) -> None:
        self.counts = counts
        """Letters left during the search (it lays and takes back cards)."""
        self.blanks = blanks
        self.cards = sum(counts) + blanks
        self._whole = {ch: counts[i] for i, ch in enumerate(letters) if counts[i]}
        # Letters the hand lacks are alike here (each needs a blank), so they are written as
        # one sign before a string is looked up: far fewer strings to work out.
        self._lacking = {ord(ch): ABSENT for i, ch in enumerate(letters) if not counts[i]}
        self._ways: dict[str, list[tuple[bool, ...]]] = {}

    def ways(self, laid: str) -> list[tuple[bool, ...]]:
        """Every assignment of blank flags to ``laid`` that the hand's cards allow."""
        if not self.blanks:
            key = str(len(laid))
            known = self._ways.get(key)
            if known is None:
                known = self._ways[key] = [(False,) * len(laid)]
            return known
        key = laid.translate(self._lacking)
        known = self._ways.get(key)
        if known is not None:
            return known
        left = dict(self._whole)
        out: list[tuple[bool, ...]] = []

        def choose(i: int, blanks: int, flags: tuple[bool, ...]) -> None:
            if i == len(key):
                out.append(flags)
                return
            letter = key[i]
            if left.get(letter):
                left[letter] -= 1
                choose(i + 1, blanks, (*flags, False))
                left[letter] += 1
            if blanks:
                choose(i + 1, blanks - 1, (*flags, True))

        choose(0, self.blanks, ())
        self._ways[key] = out
        return out


def all_moves(board: Board, hand: str, lexicon: Lexicon) -> set[Placement]:
    """Every legal placement of cards from ``hand`` on ``board``.

    ``hand`` holds the letter cards, "?" for each blank. A blank may stand for any letter;
    where a hand letter and a blank could both fill a square, both moves are listed. A move
    lays one card or more in one line with the board's letters between them; its main word
    and every cross word are words of the lexicon (two letters or more); it touches a letter
    on the board unless the board is empty. (On an empty board that is every word at every
    place: with a blank in hand half a million moves; ``first_moves`` gives those through
    one square.)
    """
    with collector_waits():
        return _all_moves(board, hand, lexicon)


@contextlib.contextmanager
def collector_waits() -> Iterator[None]:
    """The garbage collector held off while a search runs. Its answer is tens of thousands
    of new objects, all kept: the collector's passes over them find nothing to free and
    cost a third of the time."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _all_moves(board: Board, hand: str, lexicon: Lexicon) -> set[Placement]:
    grid = _grid(board, lexicon)
    counts, blanks = _hand(hand, lexicon)
    cards = _Hand(counts, blanks, lexicon.alphabet.letters)
    walker = _walker(lexicon.graph)
    letters = lexicon.alphabet.letters
    moves: set[Placement] = set()
    if not cards.cards:
        return moves
    if not any(x >= 0 for line in grid for x in line):
        _first_moves(len(grid), walker, letters, cards, moves)  # large: see first_moves
        return moves
    search = _Search(walker, letters, cards, min(len(grid), cards.cards) - 1)
    for line in _lines(grid, walker, len(letters)):
        search.line(line.cells, line.cross, line.spots, _emitter(moves.add, line, cards))
    return moves


class _Line(NamedTuple):
    """One row (``across``) or column of the board as the search reads it: its squares as
    letter indices (-1 empty), each empty square's cross-check mask and whether a letter lies
    beside it across the line, and the squares a move may start from."""

    across: bool
    number: int
    cells: list[int]
    cross: list[int]
    crossed: list[bool]
    spots: list[int]


def _lines(grid: list[list[int]], walker: _Walker, alphabet: int) -> list[_Line]:
    """Every row, then every column, that a move may cover, with its cross-checks worked out
    once (a search of two phases reads them twice)."""
    n = len(grid)
    full = (1 << alphabet) - 1
    out: list[_Line] = []
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
                cross[c], crossed[c] = _cross_mask(g, walker, r, c, full)
                if crossed[c] or (c > 0 and cells[c - 1] >= 0) or (
                        c + 1 < n and cells[c + 1] >= 0):
                    spots.append(c)
            if spots:
                out.append(_Line(across, r, cells, cross, crossed, spots))
    return out


Emit = Callable[[int, str, int, int], None]
"""Called for each word a search finds on a line: the square after its end, the word, how
many cards it lays, and what it scores at most (0 when the search counts no points)."""


def _emitter(sink: Callable[[Placement], object], line: _Line, cards: _Hand) -> Emit:
    """Turns a word found on one line into its Placements on the board, each given to
    ``sink``: one for each way the hand's cards lay it. On the transposed board a lone card
    that also has an across word is left out: the across pass reports it."""
    holes_at: dict[int, list[int]] = {}
    ways = cards.ways
    across, number, cells, crossed = line.across, line.number, line.cells, line.crossed

    def emit(end: int, word: str, _used: int, _got: int) -> None:
        start = end - len(word)
        holes = holes_at.get(start * 256 + end)
        if holes is None:
            holes = [c for c in range(start, end) if cells[c] < 0]
            holes_at[start * 256 + end] = holes
        if across:
            laid = "".join([word[c - start] for c in holes])
            for flags in ways(laid):
                sink(Placement(True, number, start, word, tuple(
                    [(number, c, ch, b) for c, ch, b in zip(holes, laid, flags, strict=True)])))
        else:
            if len(holes) == 1 and crossed[holes[0]]:
                return
            laid = "".join([word[c - start] for c in holes])
            for flags in ways(laid):
                sink(Placement(False, start, number, word, tuple(
                    [(c, number, ch, b) for c, ch, b in zip(holes, laid, flags, strict=True)])))

    return emit


class LineWorth(NamedTuple):
    """What a line's squares add to a placement's score at most, for a search that drops
    every start of a word that cannot reach the score it needs (``best``)."""

    plain: list[int]
    """letter -> what a hand card of that letter adds on a square with no cross word (the
    same for every line of one search)"""
    weights: list[list[int]]
    """per square: letter -> what a hand card of that letter laid there adds"""
    spares: list[list[int]]
    """per square: letter -> what a blank laid there as that letter may add: the search lays
    the hand's own card at the first square that takes its letter and blanks after it, but
    the card may count more on a later square with a cross word"""
    side: list[int]
    """per square: what the table's letters of its cross word add (0: no cross word)"""
    after: list[int]
    """per square: what the table's letters right after it (up to an empty square) add"""
    table: list[int]
    """per square: what the table's letter there adds to the main word"""
    rest: list[list[int]]
    """per empty square: cards still to lay -> the most they and the squares they cover add"""
    need: list[list[int]] | None
    """per empty square: cards still to lay -> the letters the word needs from there to lay
    them all (the search then drops a node whose longest word below is shorter); None when
    the search does not ask every card to be laid"""


LeftPart = tuple[int, int, str, tuple[int, ...], int, int, int]
"""(length, node, letters, real letters taken, blanks taken, mask of the letters that may
follow, mask of the letters the hand still holds)"""


class _Search:
    """The search of one hand over the lines of one board."""

    def __init__(
        self, walker: _Walker, letters: Sequence[str], cards: _Hand, longest: int
    ) -> None:
        self.walker = walker
        self.letters = letters
        self.cards = cards
        self.have = 0
        for letter, count in enumerate(cards.counts):
            if count:
                self.have |= 1 << letter
        self._bits: dict[int, tuple[int, ...]] = {}
        """letter mask -> its letters, in order"""
        self.lefts = self._left_parts(longest)
        self._fitting: dict[tuple[int, int], list[LeftPart]] = {}
        self._follow: list[tuple[int, list[int]]] | None = None
        """the left parts' places by the letters that may follow them (``_by_follow``)"""
        self._seconds_made = False
        """Whether the walker has made every left part's ``second`` mask"""
        self.cut = [-1]
        """With a ``LineWorth``: a start of a word that cannot score this much is dropped
        (``best`` raises it as it finds placements)."""
        self.extra = 0
        """With a ``LineWorth``: what laying every card adds on top of ``rest``."""
        self.least = 1
        """The fewest cards a word found must lay to be given to ``emit``."""
        self._taken_worth: dict[tuple[int, ...], int] = {}
        """cards taken by a left part -> what they add at ``_worth_of``'s letter values"""
        self._worth_of: list[int] = []

    def _left_parts(self, longest: int) -> list[LeftPart]:
        """Every start of a word the hand can lay, up to ``longest`` letters, shortest
        first. They do not depend on the anchor, so they are walked once per search and not
        once per anchor; each anchor then takes those short enough for the free squares
        before it and able to go on with a letter it allows."""
        walker = self.walker
        kids = walker.kids
        firsts = walker.firsts
        letters = self.letters
        counts = self.cards.counts
        blanks = self.cards.blanks
        bits = self._bits
        if 0 not in kids:
            walker.expand(0)
        level: list[LeftPart] = [(0, 0, "", (), 0, firsts[0], self.have)]
        out = level[:]
        # Length by length (so shortest first): each part's edges that the cards left allow.
        for length in range(1, longest + 1):
            longer: list[LeftPart] = []
            add = longer.append
            for _length, node, word, taken, spent, follow, have in level:
                k = kids[node]
                steps: Iterable[tuple[int, int]]
                if spent < blanks:
                    steps = k.items()
                else:  # only the hand's own letters are left
                    fits = follow & have
                    if not fits:
                        continue
                    steps = [(x, k[x]) for x in bits.get(fits) or self._letters(fits)]
                for letter, child in steps:
                    if child not in kids:
                        walker.expand(child)
                    left = counts[letter]
                    if left and taken:
                        left -= taken.count(letter)
                    if left > 0:
                        add((length, child, word + letters[letter], (*taken, letter), spent,
                             firsts[child], have ^ (1 << letter) if left == 1 else have))
                    elif spent < blanks:
                        add((length, child, word + letters[letter], taken, spent + 1,
                             firsts[child], have))
            out += longer
            level = longer
        return out

    def _letters(self, mask: int) -> tuple[int, ...]:
        """The letters of a mask, in order (kept: the search asks for the same masks)."""
        order = self._bits[mask] = tuple(x for x in range(mask.bit_length()) if mask >> x & 1)
        return order

    def _by_follow(self) -> list[tuple[int, list[int]]]:
        """The left parts' places in ``lefts``, grouped by the letters that may follow each
        from what the hand has left: a search's 15 000 parts share some 900 such masks, so
        an anchor's cross-check is tested once a group and not once a part."""
        full = (1 << len(self.letters)) - 1
        blanks = self.cards.blanks
        groups: dict[int, list[int]] = {}
        for place, part in enumerate(self.lefts):
            follow = part[5] & (full if part[4] < blanks else part[6])
            if follow:
                places = groups.get(follow)
                if places is None:
                    groups[follow] = [place]
                else:
                    places.append(place)
        return list(groups.items())

    def _fit(self, mask: int, then: int) -> list[LeftPart]:
        """The left parts that may be followed by a letter of ``mask`` from what the hand
        has left, and then by the board letter ``then`` (-1: no board letter follows),
        shortest first. Kept for each (mask, then) of the search, since an anchor's
        cross-check and the letter after it recur (a hand with two blanks has 14 000
        parts); the parts are tested a group at a time (``_by_follow``)."""
        key = (mask, then)
        fitting = self._fitting.get(key)
        if fitting is not None:
            return fitting
        if then < 0:
            groups = self._follow
            if groups is None:
                groups = self._follow = self._by_follow()
            chosen = [places for follow, places in groups if follow & mask]
            lefts = self.lefts
            if len(chosen) == 1:
                fitting = [lefts[i] for i in chosen[0]]
            else:  # each group in order: their merge is the parts' order, shortest first
                fitting = [lefts[i] for i in sorted(itertools.chain.from_iterable(chosen))]
        else:  # of those for the mask alone (fewer), those that reach the board's letter
            seconds = self.walker.seconds
            if not self._seconds_made:
                second = self.walker.second
                for part in self.lefts:
                    second(part[1])
                self._seconds_made = True
            bit = 1 << then
            fitting = [part for part in self._fit(mask, -1) if seconds[part[1]] & bit]
        self._fitting[key] = fitting
        return fitting

    def line(
        self,
        cells: list[int],
        cross: list[int],
        spots: list[int],
        emit: Emit,
        worth: LineWorth | None = None,
    ) -> None:
        """Every across move on one line whose leftmost anchor is one of ``spots``, given to
        ``emit``; the cards laid are the word's empty squares.

        Given ``worth``, each start of a word also carries what its placements score at
        most (its best way of laying the cards: a blank only where the hand lacks the
        letter), and it is dropped when that and the most the cards left may add stay
        under ``cut``, or (with ``need``) when no word below it is long enough to lay every
        card."""
        walker = self.walker
        kids = walker.kids
        firsts = walker.firsts
        expand = walker.expand
        final = walker.final
        height = walker.height
        befores = walker.befores
        before = walker.before
        letters = self.letters
        bits = self._bits
        n = len(cells)
        counts = self.cards.counts
        blanks = self.cards.blanks
        most = self.cards.cards
        hand_have = self.have
        left_blanks = blanks
        have = hand_have
        # The board's letters from each square on (none when the square is empty): a card
        # laid before them is followed by all of them at once.
        runs: list[tuple[int, ...]] = [()] * (n + 1)
        run_words = [""] * (n + 1)
        for col in range(n - 1, -1, -1):
            if cells[col] >= 0:
                runs[col] = (cells[col], *runs[col + 1])
                run_words[col] = letters[cells[col]] + run_words[col + 1]
        if worth is None:
            nothing = [0] * len(letters)
            weights = spares = [nothing] * n
            side, after, table = [0] * n, [0] * n, [0] * n
            rest: list[list[int]] | None = None
            need: list[list[int]] | None = None
        else:
            _plain, weights, spares, side, after, table, rest, need = worth
        cut = self.cut
        extra = self.extra
        least = self.least
        plain = weights[0] if worth is None else worth.plain
        if plain is not self._worth_of:
            self._taken_worth, self._worth_of = {}, plain
        taken_worth = self._taken_worth

        def fill(node: int, col: int, word: str, used: int, got: int) -> None:
            # ``col`` is empty: lay each letter the graph, the hand and the cross-check
            # allow, then read the board's letters after it; the word may end there, and
            # more cards may follow.
            nonlocal left_blanks, have
            if rest is not None:
                if got + rest[col][most - used] + extra < cut[0]:
                    return
                if need is not None and height[node] < need[col][most - used]:
                    return
            k = kids.get(node)
            if k is None:
                k = expand(node)
            fits = firsts[node] & cross[col]
            if not left_blanks:
                fits &= have
            after_col = col + 1
            run = runs[after_col]
            if run and fits:
                ahead = befores.get(node * 256 + run[0], -1)
                fits &= ahead if ahead >= 0 else before(node, run[0])
            if not fits:
                return
            order = bits.get(fits)
            if order is None:
                order = tuple(x for x in range(fits.bit_length()) if fits >> x & 1)
                bits[fits] = order
            run_word = run_words[after_col]
            end = after_col + len(run)
            used += 1
            more = end < n and used < most
            nexts = cross[end] if more else 0
            weight = weights[col]
            spare = spares[col]
            got += side[col] + after[col]
            for letter in order:
                child = k[letter]
                for x in run:
                    kc = kids.get(child)
                    if kc is None:
                        kc = expand(child)
                    child = kc.get(x, -1)
                    if child < 0:
                        break
                if child < 0:
                    continue
                # Go on only when a card left in the hand fits the next empty square.
                left = counts[letter]
                go_on = 0
                if nexts:
                    go_on = firsts.get(child, -1)
                    if go_on < 0:
                        expand(child)
                        go_on = firsts[child]
                    go_on &= nexts
                    if go_on and (left_blanks == 0 or (left_blanks == 1 and not left)):
                        go_on &= have ^ (1 << letter) if left == 1 else have
                if final[child] and used >= least:
                    text = word + letters[letter] + run_word
                    if len(text) > 1:
                        emit(end, text, used,
                             got + weight[letter] if left else got + spare[letter])
                elif not go_on:
                    continue
                else:
                    text = word + letters[letter] + run_word
                if go_on:
                    if left:
                        counts[letter] = left - 1
                        if left == 1:
                            have ^= 1 << letter
                            fill(child, end, text, used, got + weight[letter])
                            have |= 1 << letter
                        else:
                            fill(child, end, text, used, got + weight[letter])
                        counts[letter] = left
                    else:
                        left_blanks -= 1
                        fill(child, end, text, used, got + spare[letter])
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
                    node = walker.step(node, cells[col])
                    if node < 0:
                        break
                if node >= 0:
                    fill(node, anchor, run_words[start][: anchor - start], 0,
                         sum(table[start:anchor]))
            else:
                # The hand's cards before the anchor, on squares that are no anchors.
                limit = min(anchor - previous - 1, most - 1)
                then = cells[anchor + 1] if anchor + 1 < n else -1
                bounds = rest[anchor] if rest is not None else None
                needs = need[anchor] if need is not None else None
                for part in self._fit(cross[anchor], then):
                    length, node, word, taken, spent, _follow, rest_have = part
                    if length > limit:
                        break
                    got = 0
                    if bounds is not None:
                        # Squares before an anchor have no cross words.
                        got = taken_worth.get(taken, -1)
                        if got < 0:
                            got = taken_worth[taken] = sum([plain[x] for x in taken])
                        if got + bounds[most - length] + extra < cut[0] or (
                                needs is not None and height[node] < needs[most - length]):
                            continue
                    for x in taken:
                        counts[x] -= 1
                    left_blanks = blanks - spent
                    have = rest_have
                    fill(node, anchor, word, length, got)
                    left_blanks = blanks
                    have = hand_have
                    for x in taken:
                        counts[x] += 1
            previous = anchor


def first_moves(
    size: int, hand: str, lexicon: Lexicon, through: tuple[int, int] | None = None
) -> set[Placement]:
    """The moves of the first word on an empty board of ``size`` squares a side: every word
    of two letters or more the hand makes, at every start, across and down — or, given
    ``through``, only those covering that square.

    ``all_moves`` of an empty board is this without ``through``. That set is large: each
    word lies at some 150 places, so a hand of 7 letters makes some 30 000 moves, one blank
    half a million and two blanks millions. A computer player, for which one place serves as
    well as another, asks for the moves through one square (about one in fifty of them)."""
    if size < 1:
        raise ValueError("the board has no squares")
    if through is not None and not (0 <= through[0] < size and 0 <= through[1] < size):
        raise ValueError(f"square {through} is off the {size}×{size} board")
    counts, blanks = _hand(hand, lexicon)
    cards = _Hand(counts, blanks, lexicon.alphabet.letters)
    moves: set[Placement] = set()
    with collector_waits():
        _first_moves(size, _walker(lexicon.graph), lexicon.alphabet.letters, cards, moves,
                     through)
    return moves


def _first_moves(
    n: int,
    walker: _Walker,
    letters: Sequence[str],
    cards: _Hand,
    moves: set[Placement],
    through: tuple[int, int] | None = None,
) -> None:
    """Every word the hand makes, at every square of an empty board, both ways (through one
    square when asked)."""
    spans = _first_spans(n, through)
    for word in _first_words(n, walker, letters, cards):
        for flags in cards.ways(word):
            moves.update(_first_placements(word, flags, spans))


def _first_words(n: int, walker: _Walker, letters: Sequence[str], cards: _Hand) -> list[str]:
    """Every word of two letters or more the hand makes that fits a line of ``n`` squares.

    They are found once on a line with no anchors or cross-checks (every square of an empty
    line is free), starting at its first square, and then shifted to every start that
    leaves room for them."""
    found: list[str] = []
    full = (1 << len(letters)) - 1

    def keep(_end: int, word: str, _used: int, _got: int) -> None:
        if len(word) > 1:
            found.append(word)

    if n > 1 and cards.cards:
        # One anchor at the first square and nothing to its left: each word once.
        _Search(walker, letters, cards, 0).line([-1] * n, [full] * n, [0], keep)
    return found


Spans = Callable[[int], list[tuple[bool, int, int, int]]]


def _first_spans(n: int, through: tuple[int, int] | None) -> Spans:
    """A word's length -> (across, line, first start, last start) of the places a first
    word of that length may lie: anywhere, or covering ``through``."""

    def spans(size: int) -> list[tuple[bool, int, int, int]]:
        if through is None:
            return [(across, line, 0, n - size) for across in (True, False)
                    for line in range(n)]
        row, col = through
        return [(True, row, max(0, col - size + 1), min(col, n - size)),
                (False, col, max(0, row - size + 1), min(row, n - size))]

    return spans


def _first_placements(word: str, flags: tuple[bool, ...], spans: Spans) -> list[Placement]:
    """The placements of one first word laid one way (``flags``: which cards are blanks)."""
    laid = list(zip(word, flags, strict=True))
    out: list[Placement] = []
    for across, line, first, last in spans(len(word)):
        for start in range(first, last + 1):
            if across:
                out.append(Placement(True, line, start, word, tuple(
                    [(line, start + i, ch, b) for i, (ch, b) in enumerate(laid)])))
            else:
                out.append(Placement(False, start, line, word, tuple(
                    [(start + i, line, ch, b) for i, (ch, b) in enumerate(laid)])))
    return out
