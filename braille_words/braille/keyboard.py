"""Typing on a Braille display's keyboard: chords become letters and words.

A display's Perkins keys send one chord at a time (a bitmask of dots, dot 1 = bit 0). The
chords are kept as cells and back-translated by liblouis with the same table the words are
shown in, so a player types a Polish word with ą ę ł ń ó ś ź ż exactly as they read it.
The whole buffer is back-translated at once, because in literary braille a capital or number
sign changes the meaning of the cells after it.

Literary braille is read back uncontracted (UEB grade 1 for English), even for a reader of
grade 2: a word game's words are typed letter by letter, and in grade 2 a letter typed alone
is a whole word ("b" is "but"), so a player typing a word's first letters would get another.
"""

from __future__ import annotations

from collections.abc import Hashable

from braille_words.braille.cells import spoken_dots
from braille_words.braille.translator import Mode, cells_to_text, undefined_cells
from braille_words.braille.view import Line, Segment
from braille_words.errors import InputError
from braille_words.tiles import normalize


def typing_mode(lang: str, mode: Mode) -> Mode:
    """The Braille a seat reading ``mode`` types in. An English reader of literary braille
    types UEB grade 1 (capital and number signs: "czas 60" as ⠉⠵⠁⠎⠀⠼⠋⠚); a reader of computer
    braille types it. Polish seats type Polish computer braille, as they always did (its
    capitals are one cell with dot 7)."""
    if lang == "pl" or mode is Mode.COMPUTER:
        return Mode.COMPUTER
    return Mode.UNCONTRACTED


class BrailleInput:
    """An edit buffer of Braille cells with a cursor (an insertion point)."""

    def __init__(
        self, lang: str = "pl", mode: Mode = Mode.COMPUTER, *, max_cells: int = 64
    ) -> None:
        self.lang = lang
        self.mode = mode
        self.max_cells = max_cells
        self._cells = bytearray()
        self._cursor = 0

    @property
    def cells(self) -> bytes:
        return bytes(self._cells)

    @property
    def cursor(self) -> int:
        """Where the next chord goes: 0 … len(cells)."""
        return self._cursor

    def __len__(self) -> int:
        return len(self._cells)

    def add_chord(self, dots: int) -> None:
        """Insert one cell at the cursor; a chord of no dots is a space."""
        if not 0 <= dots <= 0xFF:
            raise InputError(f"{dots} is not a Braille chord (dots 1 to 8 only)")
        if len(self._cells) >= self.max_cells:
            raise InputError(f"the text is full ({self.max_cells} cells); submit or delete some")
        self._cells.insert(self._cursor, dots)
        self._cursor += 1

    def space(self) -> None:
        self.add_chord(0)

    def backspace(self) -> bool:
        """Delete the cell before the cursor; False when there is none (the caller may beep)."""
        if self._cursor == 0:
            return False
        del self._cells[self._cursor - 1]
        self._cursor -= 1
        return True

    def delete(self) -> bool:
        """Delete the cell under the cursor; False at the end."""
        if self._cursor >= len(self._cells):
            return False
        del self._cells[self._cursor]
        return True

    def move_cursor(self, position: int) -> None:
        """Put the cursor before cell ``position`` (a routing key pressed on the input line)."""
        self._cursor = min(max(position, 0), len(self._cells))

    def clear(self) -> None:
        self._cells.clear()
        self._cursor = 0

    def text(self) -> str:
        """The text typed so far, as liblouis reads it (undefined cells as ``\\dots/``);
        literary braille read back uncontracted (the module says why)."""
        mode = Mode.UNCONTRACTED if self.mode is Mode.LITERARY else self.mode
        return cells_to_text(bytes(self._cells), self.lang, mode)

    def submit(self) -> str:
        """The typed text, normalised (NFC, lower case, trimmed), and an empty buffer.

        Raises ``InputError`` without clearing when nothing was typed or a chord is not a
        character of the table, naming its dots so the player can find and retype it.
        """
        text = self.text()
        bad = undefined_cells(text)
        if bad:
            raise InputError(
                f"the chord of dots {spoken_dots(_cell(bad[0]))} is not a letter; "
                "delete it and type it again"
            )
        word = normalize(text)
        if not word:
            raise InputError("nothing was typed")
        self.clear()
        return word

    def line(self, name: Hashable = "input", *, status: bytes = b"") -> Line:
        """The buffer as a Braille line: cell i routes to ``(name, i)``, a trailing blank cell
        routes to ``(name, len)``, and the line's cursor is the buffer's cursor."""
        n = len(self._cells)
        segment = Segment.per_cell(bytes(self._cells) + b"\x00", [(name, i) for i in range(n + 1)])
        return Line([segment], status=status, cursor=self._cursor)


def _cell(dot_numbers: str) -> int:
    cell = 0
    for ch in dot_numbers:
        if ch != "0":
            cell |= 1 << (int(ch) - 1)
    return cell
