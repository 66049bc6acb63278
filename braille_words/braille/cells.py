"""Braille cells as bytes, and the conversions every other layer needs.

A cell is one byte in ISO 11548-1 order: dot 1 is bit 0 … dot 8 is bit 7. Display protocols
(Baum, HandyTech, BrlAPI's ``writeDots``) send exactly these bytes, and Unicode Braille
Patterns are U+2800 plus the same byte, so one representation serves drivers, the console
display and readable test expectations.
"""

from __future__ import annotations

from collections.abc import Iterable

from braille_words.errors import InputError

BRAILLE_BASE = 0x2800

DOT1, DOT2, DOT3, DOT4, DOT5, DOT6, DOT7, DOT8 = (1 << i for i in range(8))

# Dot 7 alone marks a capital letter in 8-dot computer braille, and dot 8 a digit in Polish
# computer braille, so neither can mark the cursor by itself. Dots 7 and 8 together are never
# added by the game's own cells (tiles are shown in lower case and every game symbol uses
# dots 1-6 only), so the cursor stays unambiguous on tile, word and literary-braille lines.
CURSOR_DOTS = DOT7 | DOT8
# A tile chosen for an exchange or a move: dot 8 under the letter.
SELECTED_DOTS = DOT8
# A joker standing for a letter is shown as that letter with dot 7 (its capital).
ASSIGNED_JOKER_DOTS = DOT7


def to_unicode(cells: Iterable[int]) -> str:
    """Cells as Unicode Braille Patterns, for the console display, logs and tests."""
    return "".join(chr(BRAILLE_BASE + _check_cell(c)) for c in cells)


def from_unicode(text: str) -> bytes:
    """Unicode Braille Patterns (U+2800…U+28FF) back to cells; a space counts as a blank cell."""
    out = bytearray()
    for ch in text:
        code = ord(ch)
        if ch == " ":
            out.append(0)
        elif BRAILLE_BASE <= code <= BRAILLE_BASE + 0xFF:
            out.append(code - BRAILLE_BASE)
        else:
            raise InputError(f"'{ch}' is not a Braille cell (U+2800 to U+28FF)")
    return bytes(out)


def dots(cell: int) -> str:
    """The dot numbers of a cell, e.g. ``"1256"``; ``"0"`` for a blank cell (liblouis' spelling)."""
    _check_cell(cell)
    return "".join(str(i + 1) for i in range(8) if cell & (1 << i)) or "0"


def cell_from_dots(numbers: str) -> int:
    """A cell from dot numbers such as ``"1256"``, ``"1-2-5-6"`` or ``"0"`` (blank)."""
    cell = 0
    for ch in numbers.replace("-", ""):
        if ch == "0":
            continue
        if ch not in "12345678":
            raise InputError(f"'{numbers}' is not a list of dot numbers 1 to 8")
        cell |= 1 << (int(ch) - 1)
    return cell


def spoken_dots(cell: int) -> str:
    """Dot numbers joined by dashes, the way Braille teachers say them ("1-2-5-6")."""
    numbers = dots(cell)
    return "blank" if numbers == "0" else "-".join(numbers)


def cursor_cell(cell: int, mask: int = DOT7 | DOT8) -> int:
    """``cell`` with the cursor on it, in the cursor's shown phase.

    Dots 7 and 8 of a cell already carry meaning (a joker's dot 7, a card laid this turn's
    dot 8, both on a joker laid this turn), so no steady cursor of dots 7-8 leaves every
    cell readable: a joker under a dots 7-8 cursor felt like a plain letter under it. The
    board's cursor therefore blinks (``Pager.toggle_cursor``) and only ever adds dots: what
    stays up in both phases is the cell, what comes and goes is the cursor. A cell that
    already has the cursor's dots gets all eight in the shown phase, so the cursor is felt
    there too while its own dots 7-8 stay up."""
    _check_cell(cell)
    return 0xFF if cell & mask == mask else cell | mask


def add_dots(cells: bytes, mask: int) -> bytes:
    """Every cell with the dots of ``mask`` added (a selection or cursor overlay)."""
    _check_cell(mask)
    return bytes(c | mask for c in cells)


def _check_cell(cell: int) -> int:
    if not 0 <= cell <= 0xFF:
        raise InputError(f"{cell} is not a Braille cell (a cell is a number from 0 to 255)")
    return cell
