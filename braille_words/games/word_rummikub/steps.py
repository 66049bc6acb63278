"""The small steps of a Rummikub Słowny turn, each on the working arrangement.

A turn is built step by step (put a tile, start a word, split, move, take back, free a joker)
before its words are checked. Each step is one method of ``Workbench``, which holds the
arrangement being changed; the rules pick the method by the move's type, so a new step is a new
method and a line in ``STEPS`` rather than another branch of one long chain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from braille_words.games.base import Event, RuleViolation
from braille_words.games.word_rummikub import rules  # a cycle: used only when a step runs
from braille_words.tiles import Alphabet, Tile

if TYPE_CHECKING:
    from braille_words.games.word_rummikub.rules import (
        MoveTile,
        NewWord,
        Place,
        Split,
        State,
        SwapJoker,
        TakeBack,
        Turn,
    )


def _violation(code: str, text: str, /, **params: Any) -> RuleViolation:
    return RuleViolation.one(code, text, **params)


class Workbench:
    """The working table, rack and loose jokers of the seat whose turn it is, while one step
    changes them."""

    def __init__(self, state: State, alphabet: Alphabet) -> None:
        t = state.turn
        self.state = state
        self.alphabet = alphabet
        self.seat = state.current
        self.name = state.seats[self.seat]
        self.table = [list(w) for w in t.table]
        self.rack = list(t.rack)
        self.loose = list(t.loose)
        self.freed = t.freed

    def word_at(self, i: int, allow_new: bool = False) -> list[rules.Cell]:
        if allow_new and i == len(self.table):
            self.table.append([])
            return self.table[-1]
        if not 0 <= i < len(self.table):
            raise _violation(
                "no_such_word", f"There is no word {i + 1} on the table "
                f"(it has {len(self.table)} word(s)).", word=i + 1,
            )
        return self.table[i]

    def check_pos(self, w: list[rules.Cell], i: int, p: int, end_ok: bool) -> None:
        hi = len(w) if end_ok else len(w) - 1
        if not 0 <= p <= hi:
            raise _violation(
                "no_such_position",
                f"Word {i + 1} has no position {p + 1} (choose 1 to {hi + 1}).",
                word=i + 1, position=p + 1,
            )

    def take_own(self, tile_id: int) -> Tile:
        for pool in (self.rack, self.loose):
            for k, tile in enumerate(pool):
                if tile.id == tile_id:
                    return pool.pop(k)
        raise _violation(
            "no_such_tile", "That tile is not on your rack.", tile=tile_id
        )

    def cell_for(self, tile: Tile, letter: str | None) -> rules.Cell:
        if tile.letter is not None:
            return rules.Cell(tile, tile.letter)
        if letter is None:
            raise _violation(
                "joker_needs_letter",
                "Say which letter the joker stands for, e.g. put 3 2 1 a.",
            )
        if letter not in self.alphabet:
            raise _violation("not_a_letter", f"{letter!r} is not a letter.", letter=letter)
        return rules.Cell(tile, letter)

    def tidy(self) -> rules.Table:
        return tuple(tuple(w) for w in self.table if w)


    def place(self, move: Place) -> tuple[Turn, Event]:
        w = self.word_at(move.word, allow_new=True)
        self.check_pos(w, move.word, move.position, end_ok=True)
        tile = self.take_own(move.tile)
        cell = self.cell_for(tile, move.letter)
        w.insert(move.position, cell)
        event = Event(
            "tile_placed",
            {"seat": self.seat, "name": self.name, "letter": cell.letter.upper(),
             "word": move.word + 1, "position": move.position + 1},
        )
        return self.turn(), event

    def new_word(self, move: NewWord) -> tuple[Turn, Event]:
        if not move.tiles:
            raise _violation("empty_word", "Name at least one tile for the new word.")
        if len(set(move.tiles)) != len(move.tiles):
            raise _violation("duplicate_tile", "The same tile is named twice.")
        tiles = [self.take_own(i) for i in move.tiles]
        n_jokers = sum(1 for x in tiles if x.is_joker)
        if len(move.jokers) != n_jokers:
            raise _violation(
                "joker_needs_letter",
                f"Say the letter each joker stands for ({n_jokers} joker(s) named).",
            )
        letters = iter(move.jokers)
        cells = [self.cell_for(x, None if x.letter else next(letters)) for x in tiles]
        self.table.append(cells)
        event = Event(
            "word_started",
            {"seat": self.seat, "name": self.name, "letters": rules.word_text(cells).upper(),
             "word": len(self.table)},
        )
        return self.turn(), event

    def split(self, move: Split) -> tuple[Turn, Event]:
        w = self.word_at(move.word)
        if not 1 <= move.position <= len(w) - 1:
            raise _violation(
                "split_edge",
                f"Word {move.word + 1} can only be split between two of its letters "
                f"(position 2 to {len(w)}).",
                word=move.word + 1,
            )
        left, right = w[: move.position], w[move.position :]
        self.table[move.word : move.word + 1] = [left, right]
        event = Event(
            "word_split",
            {"seat": self.seat, "name": self.name, "word": move.word + 1,
             "left": rules.word_text(left).upper(), "right": rules.word_text(right).upper()},
        )
        return self.turn(), event

    def move_tile(self, move: MoveTile) -> tuple[Turn, Event]:
        src = self.word_at(move.from_word)
        self.check_pos(src, move.from_word, move.from_position, end_ok=False)
        if move.to_word == move.from_word:
            self.check_pos(src, move.to_word, move.to_position, end_ok=False)
            cell = src.pop(move.from_position)
            src.insert(move.to_position, cell)
        else:
            dst = self.word_at(move.to_word, allow_new=True)
            self.check_pos(dst, move.to_word, move.to_position, end_ok=True)
            cell = src.pop(move.from_position)
            dst.insert(move.to_position, cell)
        event = Event(
            "tile_moved",
            {"seat": self.seat, "name": self.name, "letter": cell.letter.upper(),
             "from_word": move.from_word + 1, "to_word": move.to_word + 1},
        )
        return self.turn(), event

    def take_back(self, move: TakeBack) -> tuple[Turn, Event]:
        w = self.word_at(move.word)
        self.check_pos(w, move.word, move.position, end_ok=False)
        cell = w[move.position]
        own = {x.id for x in self.state.racks[self.seat]}
        to = "rack"
        if cell.tile.id in own:
            self.rack.append(cell.tile)
        elif cell.tile.id in self.freed:
            self.loose.append(cell.tile)  # a freed joker: it must still be laid this turn
            to = "loose"
        else:
            raise _violation(
                "not_your_tile",
                "Only tiles you laid this turn go back to your rack; that one was on the "
                "table.",
            )
        del w[move.position]
        event = Event(
            "tile_taken_back",
            {"seat": self.seat, "name": self.name, "letter": cell.letter.upper(),
             "word": move.word + 1, "to": to},
        )
        return self.turn(), event

    def swap_joker(self, move: SwapJoker) -> tuple[Turn, Event]:
        if not self.state.laid_down[self.seat]:
            raise _violation(
                "joker_before_first",
                "You may take a joker off the table only after your first lay-down.",
            )
        w = self.word_at(move.word)
        self.check_pos(w, move.word, move.position, end_ok=False)
        joker = w[move.position]
        if not joker.tile.is_joker:
            raise _violation(
                "not_a_joker",
                f"Position {move.position + 1} of word {move.word + 1} is "
                f"{joker.letter.upper()}, not a joker.",
                word=move.word + 1, position=move.position + 1,
            )
        if move.tile is not None:
            source = next((x for x in self.rack if x.id == move.tile), None)
            if source is None:
                raise _violation(
                    "no_such_tile", "That tile is not on your rack.", tile=move.tile
                )
            if source.letter != joker.letter:
                raise _violation(
                    "swap_wrong_letter",
                    f"The joker stands for {joker.letter.upper()}; put a "
                    f"{joker.letter.upper()} in its place.",
                    letter=joker.letter.upper(),
                )
            self.rack.remove(source)
            w[move.position] = rules.Cell(source, joker.letter)
        elif move.from_word is not None and move.from_position is not None:
            sw = self.word_at(move.from_word)
            self.check_pos(sw, move.from_word, move.from_position, end_ok=False)
            src_cell = sw[move.from_position]
            if src_cell.tile.is_joker or src_cell.letter != joker.letter:
                raise _violation(
                    "swap_wrong_letter",
                    f"The joker stands for {joker.letter.upper()}; put a "
                    f"{joker.letter.upper()} in its place.",
                    letter=joker.letter.upper(),
                )
            del sw[move.from_position]
            at = move.position
            if sw is w and move.from_position < at:
                at -= 1
            w[at] = src_cell
        else:
            raise _violation(
                "swap_needs_source", "Name the tile that goes in place of the joker."
            )
        self.loose.append(joker.tile)
        self.freed = tuple(sorted({*self.freed, joker.tile.id}))
        event = Event(
            "joker_swapped",
            {"seat": self.seat, "name": self.name, "letter": joker.letter.upper(),
             "word": move.word + 1},
        )
        return self.turn(), event

    def turn(self) -> Turn:
        return rules.Turn(self.tidy(), tuple(self.rack), tuple(self.loose), self.freed)


Step = Callable[[Workbench, Any], "tuple[Turn, Event]"]
