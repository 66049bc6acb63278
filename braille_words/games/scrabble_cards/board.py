"""The table's geometry: which words a set of newly laid cards forms, and how they score.

Scrabble karty has no premium squares, so the board is only letters at squares. A move lays
cards in one line; the words it forms are its main word (along that line, through any cards
already there) and one cross word for each new card that touches cards across the line. This
module knows nothing of hands, turns or lexicons: the rules and the computer both ask it.

Squares are (row, column), 0-based; a board is a mapping square → ``Letter`` (its letter and
whether a blank stands for it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Square = tuple[int, int]


@dataclass(frozen=True)
class Letter:
    """A letter on the table: ``blank`` when a blank card stands for it (worth 0)."""

    letter: str
    blank: bool = False


Board = Mapping[Square, Letter]


@dataclass(frozen=True)
class Formed:
    """One word a move forms: where it starts, its direction, its letters, and which of its
    squares the move itself filled."""

    row: int
    col: int
    across: bool
    letters: tuple[Letter, ...]
    new: frozenset[Square]

    @property
    def text(self) -> str:
        return "".join(x.letter for x in self.letters)

    def squares(self) -> list[Square]:
        dr, dc = (0, 1) if self.across else (1, 0)
        return [(self.row + dr * i, self.col + dc * i) for i in range(len(self.letters))]

    def value(self, values: Mapping[str, int]) -> int:
        """The sum of its letters' values; a blank is worth 0."""
        return sum(0 if x.blank else values.get(x.letter, 0) for x in self.letters)


def _step(across: bool) -> tuple[int, int]:
    return (0, 1) if across else (1, 0)


def run_through(board: Board, square: Square, across: bool) -> tuple[Square, list[Square]]:
    """The maximal run of filled squares through ``square`` along a direction (``square``
    itself counted as filled): its first square and all its squares."""
    dr, dc = _step(across)
    r, c = square
    while (r - dr, c - dc) in board:
        r, c = r - dr, c - dc
    start = (r, c)
    squares: list[Square] = []
    while (r, c) in board or (r, c) == square:
        squares.append((r, c))
        r, c = r + dr, c + dc
    return start, squares


def words_formed(board: Board, laid: Mapping[Square, Letter], across: bool) -> list[Formed]:
    """The words ``laid`` forms on ``board``: the main word along ``across`` first (even when
    it is one letter long: the caller refuses it), then each cross word of two letters or
    more, in the order of the laid squares."""
    after: dict[Square, Letter] = {**board, **laid}
    first = min(laid)
    start, squares = run_through(after, first, across)
    main = Formed(start[0], start[1], across, tuple(after[s] for s in squares),
                  frozenset(s for s in squares if s in laid))
    out = [main]
    for square in sorted(laid):
        cstart, csquares = run_through(after, square, not across)
        if len(csquares) >= 2:
            out.append(Formed(cstart[0], cstart[1], not across,
                              tuple(after[s] for s in csquares), frozenset({square})))
    return out


def in_one_line(squares: Sequence[Square]) -> bool | None:
    """True when all squares share a row (across), False when they share a column (down),
    None when they do neither; one square is across."""
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    if len(rows) == 1:
        return True
    if len(cols) == 1:
        return False
    return None


def touches(board: Board, laid: Sequence[Square]) -> bool:
    """Whether a laid square is next to (or is) a card already on the table."""
    for r, c in laid:
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (nr, nc) in board:
                return True
    return False


def words_crossed(board: Board, main: Formed) -> int:
    """How many words already on the table the main word runs through: the existing words
    across its line (through each old card of it) and the pieces of it that were words
    before the move."""
    found: set[tuple[Square, bool]] = set()
    old = [s for s in main.squares() if s not in main.new]
    for square in old:
        start, squares = run_through(board, square, not main.across)
        if len(squares) >= 2:
            found.add((start, not main.across))
        start, squares = run_through(board, square, main.across)
        if len(squares) >= 2:
            found.add((start, main.across))
    return len(found)


def lines_of(board: Board, size: int) -> list[str]:
    """The board as ``size`` strings of ``size`` characters ("." empty), the move
    generator's form."""
    rows = [["."] * size for _ in range(size)]
    for (r, c), x in board.items():
        if 0 <= r < size and 0 <= c < size:
            rows[r][c] = x.letter
    return ["".join(row) for row in rows]
