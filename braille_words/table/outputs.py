"""A seat's own outputs: its voice, its Braille display, its sounds, its transcript line.

Everything said to a seat goes through its ``SeatOutput`` and nowhere else, which is what keeps
one student's rack off another student's display and headphones. The output also remembers the
last thing said (for "repeat") and holds the seat's Braille surface: the lines it can move
between and the routing targets under each cell.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO


class Speaker(Protocol):
    def say(self, text: str, lang: str | None = None, priority: Any = ...) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class Earcons(Protocol):
    def play(self, name: str) -> None: ...


@dataclass
class BrailleLine:
    """One line a seat can read: its cells and, per cell, what a routing key there means."""

    name: str
    cells: bytes
    targets: Sequence[Any]
    text: str = ""


@dataclass
class BrailleSurface:
    """The lines of a seat's display and where the reader is among them.

    The first line is the latest message; the others come from the game's view (rack, table
    words, scores). Panning moves a window of the display's width along the current line, never
    starting mid-word when it can help it.
    """

    width: int
    lines: list[BrailleLine] = field(default_factory=list)
    line: int = 0
    offset: int = 0

    def current(self) -> BrailleLine | None:
        if not self.lines:
            return None
        self.line = max(0, min(self.line, len(self.lines) - 1))
        return self.lines[self.line]

    def window(self) -> bytes:
        cur = self.current()
        if cur is None:
            return bytes(self.width)
        return cur.cells[self.offset : self.offset + self.width].ljust(self.width, b"\x00")

    def target_at(self, cell: int) -> Any:
        cur = self.current()
        if cur is None:
            return None
        index = self.offset + cell
        return cur.targets[index] if 0 <= index < len(cur.targets) else None

    def pan(self, step: int) -> bool:
        cur = self.current()
        if cur is None:
            return False
        if step > 0 and self.offset + self.width < len(cur.cells):
            self.offset += self.width
            return True
        if step < 0 and self.offset > 0:
            self.offset = max(0, self.offset - self.width)
            return True
        if step > 0 and self.line + 1 < len(self.lines):
            self.line, self.offset = self.line + 1, 0
            return True
        if step < 0 and self.line > 0:
            self.line -= 1
            prev = self.lines[self.line]
            self.offset = max(0, (len(prev.cells) - 1) // self.width * self.width)
            return True
        return False

    def move_line(self, step: int) -> bool:
        target = self.line + step
        if 0 <= target < len(self.lines):
            self.line, self.offset = target, 0
            return True
        return False


class SeatOutput:
    """Speech, Braille, sound and transcript for one seat."""

    def __init__(
        self,
        *,
        name: str,
        lang: str,
        verbosity: str,
        speaker: Speaker | None = None,
        display: Any | None = None,
        earcons: Earcons | None = None,
        transcript: TextIO | None = None,
        label: str | None = None,
        render_message: Callable[[str, str], BrailleLine] | None = None,
        spell: Callable[[str, str], str] | None = None,
    ) -> None:
        self.name = name
        self.lang = lang
        self.verbosity = verbosity
        self.speaker = speaker
        self.display = display
        self.earcons = earcons
        self.transcript = transcript
        self.label = label
        self._render_message = render_message
        self._spell = spell
        self.last: str = ""
        self.said: list[str] = []
        self._lock = threading.RLock()
        width = int(getattr(display, "cells", 40) or 40)
        self.surface = BrailleSurface(width)
        self._view: list[BrailleLine] = []
        self._message: BrailleLine | None = None

    # -- speech and transcript ------------------------------------------------------------

    def announce(self, sentence: str, cue: str | None = None) -> None:
        """Say ``sentence`` once on every channel this seat has."""
        if not sentence:
            return
        with self._lock:
            self.last = sentence
            self.said.append(sentence)
            if cue is not None and self.earcons is not None:
                self._safely(lambda: self.earcons.play(cue) if self.earcons else None)
            if self.speaker is not None:
                speaker = self.speaker
                self._safely(lambda: speaker.say(sentence, self.lang))
            if self.transcript is not None:
                prefix = f"[{self.label}] " if self.label else ""
                self.transcript.write(prefix + sentence + "\n")
                self.transcript.flush()
            if self._render_message is not None:
                self._message = self._render_message(sentence, self.lang)
                self._refresh(reset=True)

    def announce_turn(self, sentence: str) -> None:
        """The "your turn" announcement, with its own sound so it is heard over chatter."""
        self.announce(sentence, cue="your_turn")

    def repeat(self) -> None:
        if self.last:
            last = self.last
            self.said.append(last)
            if self.speaker is not None:
                speaker = self.speaker
                self._safely(lambda: speaker.say(last, self.lang))
            if self.transcript is not None:
                prefix = f"[{self.label}] " if self.label else ""
                self.transcript.write(prefix + last + "\n")
                self.transcript.flush()

    def stop_speech(self) -> None:
        if self.speaker is not None:
            speaker = self.speaker
            self._safely(speaker.stop)

    def spell(self, letters: str) -> str:
        if self._spell is not None:
            return self._spell(letters, self.lang)
        return ", ".join(letters.upper())

    # -- Braille --------------------------------------------------------------------------

    def show(self, lines: Sequence[BrailleLine]) -> None:
        """Replace the game lines of this seat's display (the message line stays first)."""
        with self._lock:
            self._view = list(lines)
            self._refresh(reset=False)

    def _refresh(self, *, reset: bool) -> None:
        lines = ([self._message] if self._message is not None else []) + self._view
        keep = self.surface.current()
        self.surface.lines = lines
        if reset:
            self.surface.line, self.surface.offset = 0, 0
        elif keep is not None:
            names = [line.name for line in lines]
            if keep.name in names:
                self.surface.line = names.index(keep.name)
        self._write()

    def _write(self) -> None:
        if self.display is None:
            return
        window = self.surface.window()
        display = self.display
        self._safely(lambda: display.write(window))

    def navigate(self, command: str) -> bool:
        """Display navigation keys; True when handled (and the display redrawn)."""
        with self._lock:
            moved = {
                "pan_left": lambda: self.surface.pan(-1),
                "pan_right": lambda: self.surface.pan(1),
                "line_up": lambda: self.surface.move_line(-1),
                "line_down": lambda: self.surface.move_line(1),
                "top": lambda: self.surface.move_line(-self.surface.line),
                "bottom": lambda: self.surface.move_line(
                    len(self.surface.lines) - 1 - self.surface.line
                ),
            }.get(command)
            if moved is None:
                return False
            if not moved() and self.earcons is not None:
                earcons = self.earcons
                self._safely(lambda: earcons.play("edge"))
            self._write()
            return True

    def close(self) -> None:
        for part in (self.speaker, self.display):
            close = getattr(part, "close", None)
            if close is not None:
                self._safely(close)

    @staticmethod
    def _safely(action: Callable[[], object]) -> None:
        """A broken output device must not stop the game: note it once and go on."""
        try:
            action()
        except Exception as exc:
            print(f"braille-words: an output device failed: {exc}", file=sys.stderr)
