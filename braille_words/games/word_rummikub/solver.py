"""The declarative rebuild of Rummikub Słowny: "take these words and letters, make these words".

A blind player cannot drag twenty tiles around one by one; saying ``2 3 +AA = SZYSZKA OCZY KAT``
is how a sighted player thinks of the move anyway. This module finds which physical tiles go
where (which rack tile, which joker stands for what) or says exactly what is missing or left
over, so the player can fix the sentence instead of guessing. It knows nothing of turns or
scores: the rules module checks the result like any other arrangement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from braille_words.games.base import Reason, RuleViolation
from braille_words.tiles import Tile

JOKER_MARKS = frozenset("?*")
"""What a player types for a joker in the rack part of a rebuild."""

Placed = tuple[Tile, str]
"""A tile and the letter it shows (a joker's chosen letter)."""


@dataclass(frozen=True)
class Solution:
    """The tiles of each made word, and what the rack, the loose jokers and the table gave."""

    words: tuple[tuple[Placed, ...], ...]
    rack_used: tuple[Tile, ...]
    loose_used: tuple[Tile, ...]
    freed: tuple[int, ...]
    """Ids of table jokers the rebuild took off the table (they may take a new letter)."""


def _count_phrase(counts: Counter[str]) -> str:
    """'one more A', '2 more A and one more K' — the sentence a player needs to fix a rebuild."""
    parts = []
    for letter, n in sorted(counts.items()):
        shown = letter.upper()
        parts.append(f"one more {shown}" if n == 1 else f"{n} more {shown}")
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0]


def _letters_phrase(letters: Sequence[str]) -> str:
    return ", ".join(c.upper() for c in letters)


def solve(
    taken: Sequence[tuple[int, Sequence[Placed]]],
    rack: Sequence[Tile],
    rack_letters: str | None,
    loose: Sequence[Tile],
    make: Sequence[str],
    may_free_jokers: bool,
) -> Solution:
    """Assign tiles to the letters of ``make``.

    ``taken`` holds (word number as the player sees it, its placed tiles). ``rack_letters`` names
    the rack tiles to use ('?' for a joker); ``None`` lets the solver take whatever rack letters
    the words still need. Every taken table tile and every named rack tile must be used; jokers
    freed from the table (``loose``) are used when a letter is missing. A table joker keeps its
    letter unless a real tile of that letter makes it spare and ``may_free_jokers`` (the player
    has laid down before) lets it become another letter. Raises ``RuleViolation`` with every
    reason at once.
    """
    reasons: list[Reason] = []
    # A joker leaves the table only "by being replaced with the right letter": every letter the
    # taken words show (a joker's too) must still be shown by the words made.
    shown = Counter(letter for _number, cells in taken for _tile, letter in cells)
    lost = shown - Counter("".join(make))
    for number, cells in taken:
        for tile, letter in cells:
            if tile.is_joker and lost[letter] > 0:
                lost[letter] -= 1
                reasons.append(
                    Reason(
                        "joker_not_replaced",
                        f"The joker in word {number} shows {letter.upper()}: to free it, put a "
                        f"real {letter.upper()} in the words you make.",
                        {"word": number, "letter": letter.upper()},
                    )
                )
    if reasons:
        raise RuleViolation(reasons)
    # Real tiles that must be used, by letter: (tile, origin word number or 0 for the rack).
    real: dict[str, list[tuple[Tile, int]]] = {}
    fixed: dict[str, list[Tile]] = {}
    for number, cells in taken:
        for tile, letter in cells:
            if tile.is_joker:
                fixed.setdefault(letter, []).append(tile)
            else:
                real.setdefault(letter, []).append((tile, number))
    spare_rack = list(rack)
    named_jokers: list[Tile] = []
    # "+?" names only the joker: the rack gives the other letters, the joker the missing one.
    auto = rack_letters is None or all(ch in JOKER_MARKS for ch in rack_letters)
    if rack_letters is not None:
        missing: list[str] = []
        for ch in rack_letters:
            want = None if ch in JOKER_MARKS else ch
            for i, t in enumerate(spare_rack):
                if t.letter == want:
                    tile = spare_rack.pop(i)
                    if tile.is_joker:
                        named_jokers.append(tile)
                    else:
                        real.setdefault(ch, []).append((tile, 0))
                    break
            else:
                missing.append("joker" if want is None else ch.upper())
        if missing:
            reasons.append(
                Reason(
                    "rack_lacks",
                    f"Your rack does not hold: {', '.join(missing)}.",
                    {"letters": ", ".join(missing)},
                )
            )
            raise RuleViolation(reasons)
    # Real tiles first, then the table jokers that already show the letter.
    slots: list[list[Placed | None]] = []
    short: list[tuple[int, int, str]] = []
    rack_used: list[Tile] = []
    for w, word in enumerate(make):
        row: list[Placed | None] = []
        for p, letter in enumerate(word):
            if real.get(letter):
                # Table tiles first: they must all be used, so a letter left over is the
                # rack's own whenever the rack named one.
                entries = real[letter]
                at = next((i for i, (_t, o) in enumerate(entries) if o != 0), len(entries) - 1)
                tile, origin = entries.pop(at)
                if origin == 0:
                    rack_used.append(tile)
                row.append((tile, letter))
            elif fixed.get(letter):
                row.append((fixed[letter].pop(), letter))
            else:
                row.append(None)
                short.append((w, p, letter))
        slots.append(row)
    freed: list[Tile] = [t for tiles in fixed.values() for t in tiles]
    if freed and not may_free_jokers:
        reasons.append(
            Reason(
                "joker_before_first",
                "You may take a joker off the table only after your first lay-down.",
                {},
            )
        )
    free: list[Tile] = list(loose) + named_jokers + (freed if may_free_jokers else [])
    loose_ids = {t.id for t in loose}
    loose_used: list[Tile] = []
    still_short: Counter[str] = Counter()
    for w, p, letter in short:
        # A loose joker must be placed this turn; otherwise real rack tiles come before a joker.
        own = next((t for t in spare_rack if t.letter == letter), None) if auto else None
        if own is not None and not (free and free[0].id in loose_ids):
            spare_rack.remove(own)
            rack_used.append(own)
            slots[w][p] = (own, letter)
            continue
        if free:
            joker = free.pop(0)
            if joker.id in loose_ids:
                loose_used.append(joker)
            slots[w][p] = (joker, letter)
            continue
        if auto:
            pick = next((t for t in spare_rack if t.letter == letter), None)
            if pick is None and rack_letters is None:
                pick = next((t for t in spare_rack if t.is_joker), None)
            if pick is not None:
                spare_rack.remove(pick)
                rack_used.append(pick)
                slots[w][p] = (pick, letter)
                continue
        still_short[letter] += 1
    if still_short:
        where = "" if auto else " (name it after + if it is on your rack)"
        reasons.append(
            Reason(
                "letters_missing",
                f"You need {_count_phrase(still_short)}{where}.",
                # Each catalogue words the sentence; the letters go in as a plain list.
                {"letters": _letters_phrase(sorted(still_short.elements()))},
            )
        )
    by_word: dict[int, list[str]] = {}
    rack_left: list[str] = []
    for letter, rest in real.items():
        for _tile, origin in rest:
            if origin == 0:
                rack_left.append(letter)
            else:
                by_word.setdefault(origin, []).append(letter)
    for number in sorted(by_word):
        letters = sorted(by_word[number])
        reasons.append(
            Reason(
                "table_left_over",
                f"The letters {_letters_phrase(letters)} of word {number} are left over — "
                "every letter taken from the table must be used.",
                {"word": number, "letters": _letters_phrase(letters)},
            )
        )
    if rack_left:
        letters = sorted(rack_left)
        reasons.append(
            Reason(
                "rack_left_over",
                f"The letters {_letters_phrase(letters)} you named from your rack are left over — "
                "use them in a word or leave them out after +.",
                {"letters": _letters_phrase(letters)},
            )
        )
    spare_jokers = [t for t in free if t.id not in loose_ids]
    if spare_jokers:
        reasons.append(
            Reason(
                "joker_left_over",
                f"{len(spare_jokers)} joker(s) would be left over — a joker you name or take off "
                "the table must stand in a word.",
                {"count": len(spare_jokers)},
            )
        )
    if reasons:
        raise RuleViolation(reasons)
    words = tuple(tuple(p for p in row if p is not None) for row in slots)
    return Solution(
        words=words,
        rack_used=tuple(rack_used + named_jokers),
        loose_used=tuple(loose_used),
        freed=tuple(t.id for t in freed),
    )
