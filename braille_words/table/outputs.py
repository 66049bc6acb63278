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
from typing import Any, Protocol, TextIO

from braille_words.braille import BrailleInput, Pager, text_line
from braille_words.braille.lines import NamedLine
from braille_words.braille.translator import Mode, text_to_cells
from braille_words.errors import BrailleWordsError


class Speaker(Protocol):
    def say(self, text: str, lang: str | None = None, priority: Any = ...) -> None: ...

    def stop(self) -> None: ...

    def wait(self, timeout: float | None = None) -> bool: ...

    def describe(self) -> str: ...

    def close(self) -> None: ...


class Earcons(Protocol):
    def play(self, name: str) -> None: ...


Router = Callable[[Any, Any], tuple[Any, str | None]]
"""(routing target, current selection) → (new selection, command line to run or None)."""


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
        spell: Callable[[str, str], str] | None = None,
    ) -> None:
        self.name = name
        self.lang = lang
        self.verbosity = verbosity
        self.speaker = speaker
        self.earcons = earcons
        self.transcript = transcript
        self.label = label
        self._spell = spell
        self.last: str = ""
        self.said: list[str] = []
        self._lock = threading.RLock()
        self.display: Any | None = None
        self.braille_mode = Mode.LITERARY
        self._message: NamedLine | None = None
        self._view: list[NamedLine] = []
        self._line_index = 0
        self._pager: Pager | None = None
        self.selection: Any = None
        self.router: Router | None = None
        self.closed = threading.Event()
        self.cancel_line: Callable[[str], str | None] | None = None
        """The game's line for the display's cancel key (set by the table from the game)."""
        self.submit: Callable[[str], None] | None = None
        self.typing = BrailleInput(lang)
        self._status_text = ""
        self._keep_place = 0
        self._draw: Callable[[Any], Sequence[NamedLine]] | None = None
        self.muted = False
        self.private_display = False
        """Set when others share this seat's speaker but not its Braille display."""
        self._last_public = False
        if display is not None:
            self.attach_display(display)

    def mute(self) -> None:
        """Hold this seat's news back: someone else sits at the speaker or screen it shares."""
        with self._lock:
            self.muted = True

    def unmute(self) -> None:
        """This seat has the shared devices again: show its display as it stands now."""
        with self._lock:
            self.muted = False
            self._status_text = ""
            self._refresh(reset=True)

    def attach_display(self, display: Any | None) -> None:
        with self._lock:
            self.display = display
            self._refresh(reset=True)

    # -- speech and transcript ------------------------------------------------------------

    def announce(self, sentence: str, cue: str | None = None, *, public: bool = False) -> None:
        """Say ``sentence`` once on every channel this seat has.

        A muted seat says nothing, unless the sentence is ``public`` (anyone at the shared
        speaker may hear it, such as whose turn it is now); a muted seat whose Braille display
        is its own still shows it there, where nobody else reads.
        """
        if not sentence:
            return
        with self._lock:  # muting happens on the table's thread, a display reads on its own
            aloud = public or not self.muted
            if not aloud and not (self.private_display and self.display is not None):
                return
            self.last = sentence
            self._last_public = public
            self.said.append(sentence)
            if aloud:
                if cue is not None and self.earcons is not None:
                    earcons = self.earcons
                    self._safely(lambda: earcons.play(cue))
                self._speak(sentence)
            if self.display is not None:
                try:
                    line = text_line(sentence, self.lang, self.braille_mode, name="message")
                except BrailleWordsError:
                    line = None
                if line is not None:
                    # The answer to a pick stays off the cells: the reader keeps their place
                    # on the rack or table (speech says it); other news is shown at once.
                    keep = self.current_line if self._keep_place > 0 else None
                    self._keep_place = max(0, self._keep_place - 1)
                    self._message = NamedLine("message", line)
                    self._refresh(reset=keep is None, keep=keep)

    def _speak(self, sentence: str) -> None:
        if self.speaker is not None:
            speaker = self.speaker
            self._safely(lambda: speaker.say(sentence, self.lang))
        if self.transcript is not None:
            prefix = f"[{self.label}] " if self.label else ""
            self.transcript.write(prefix + sentence + "\n")
            self.transcript.flush()

    def cue(self, name: str, *, public: bool = False) -> None:
        """A sound alone (a tick of the hourglass); ``public`` sounds even at a muted seat."""
        if self.earcons is not None and (public or not self.muted):
            earcons = self.earcons
            self._safely(lambda: earcons.play(name))

    def announce_turn(self, sentence: str) -> None:
        """The "your turn" announcement, with its own sound so it is heard over chatter."""
        self.announce(sentence, cue="your_turn")

    def repeat(self) -> None:
        with self._lock:
            if self.last and (self._last_public or not self.muted):
                self.said.append(self.last)
                self._speak(self.last)

    def stop_speech(self) -> None:
        if self.speaker is not None:
            self._safely(self.speaker.stop)

    def spell(self, letters: str) -> str:
        if self._spell is not None:
            return self._spell(letters, self.lang)
        from braille_words.speech.spelling import spell

        return str(spell(letters, self.lang))

    # -- Braille --------------------------------------------------------------------------

    def show(self, lines: Sequence[NamedLine] | Callable[[Any], Sequence[NamedLine]]) -> None:
        """Replace the game lines of this seat's display (the latest message stays first).

        Given a function of the current pick (a routing-key selection), the lines are drawn
        again whenever the pick changes, so a picked tile shows as picked.
        """
        with self._lock:
            self._draw = lines if callable(lines) else None
            if self._draw is not None and self.selection is not None:
                self.selection = None  # the game moved: a pick from before means nothing now
            self._view = list(self._draw(self.selection) if self._draw else lines)  # type: ignore[arg-type]
            self._refresh(reset=False)

    def _redraw(self) -> None:
        if self._draw is not None:
            self._view = list(self._draw(self.selection))
            self._refresh(reset=False)

    @property
    def lines(self) -> list[NamedLine]:
        typed = [NamedLine("input", self.typing.line("input"))] if len(self.typing) else []
        message = [self._message] if self._message is not None else []
        return typed + message + self._view

    @property
    def current_line(self) -> str | None:
        lines = self.lines
        return lines[self._line_index].name if 0 <= self._line_index < len(lines) else None

    def _refresh(self, *, reset: bool, keep: str | None = None) -> None:
        if self.display is None:
            return
        lines = self.lines
        if not lines:
            return
        names = [n.name for n in lines]
        if reset:
            self._line_index = 0
        elif keep is not None and keep in names:
            self._line_index = names.index(keep)
        self._line_index = max(0, min(self._line_index, len(lines) - 1))
        line = lines[self._line_index].line
        width = int(getattr(self.display, "cells", 40) or 40)
        if self._pager is None or self._pager.width != width or reset:
            self._pager = Pager(line, width)
        else:
            self._pager.set_line(line)
        self._write()

    def _write(self) -> None:
        if self.display is None or self._pager is None:
            return
        if self.muted and not self.private_display and self.current_line != "message":
            return  # a rack or table line of a seat that has handed the screen over
        cells = self._pager.frame().cells
        display = self.display
        self._safely(lambda: display.write(cells))

    def frame(self) -> bytes:
        """What this seat's display shows now (for tests and the console)."""
        with self._lock:
            return self._pager.frame().cells if self._pager is not None else b""

    def _move_line(self, step: int) -> bool:
        lines = self.lines
        target = self._line_index + step
        if not 0 <= target < len(lines):
            return False
        self._line_index = target
        self._pager = None
        self._refresh(reset=False, keep=lines[target].name)
        return True

    def on_display_command(self, command: Any) -> None:
        """A key pressed on this seat's display (called on the display's reader thread)."""
        name: str = command.name
        arg: int | None = command.arg
        with self._lock:
            if name != "stop_speech" and name != "braille_chord":
                self.stop_speech()
            if name in ("pan_left", "pan_right", "line_up", "line_down", "top", "bottom"):
                self._navigate(name)
            elif name == "route" and arg is not None:
                self._route(arg)
            elif name == "braille_chord" and arg is not None:
                self._type(lambda: self.typing.add_chord(arg))
            elif name == "space":
                self._type(self.typing.space)
            elif name == "backspace":
                self._type(self.typing.backspace)
            elif name in ("enter", "confirm"):
                self._enter()
            elif name == "cancel":
                # Takes back the last thing done: the letters typed, else the tile picked,
                # else the game's own step back (Rummikub's "cofnij"), never the whole turn.
                if len(self.typing):
                    self.typing.clear()
                    self._refresh(reset=True)
                elif self.selection is not None:
                    self.selection = None
                    self._redraw()
                elif self.cancel_line is not None:
                    line = self.cancel_line(self.lang)
                    if line:
                        self._send(line)
            elif name in ("help", "repeat", "where"):
                self._send(name)
            elif name == "stop_speech":
                self.stop_speech()

    def show_status(self, status: str) -> None:
        """A few characters (your turn, seconds left) for displays that have status cells."""
        display = self.display
        hidden = self.muted and not self.private_display
        if display is None or hidden or not int(getattr(display, "status_cells", 0) or 0):
            return
        with self._lock:
            if status == self._status_text:
                return
            self._status_text = status
            try:
                cells = text_to_cells(status, self.lang, Mode.COMPUTER)
            except BrailleWordsError:
                return
            self._safely(lambda: display.write_status(cells))

    def on_display_status(self, status: str) -> None:
        from braille_words.present.messages import text

        self.announce(text(self.lang, status, self.verbosity))

    def _navigate(self, name: str) -> None:
        moved = False
        if self._pager is None:
            return
        if name == "pan_right":
            moved = self._pager.pan_right() or self._move_line(1)
        elif name == "pan_left":
            moved = self._pager.pan_left() or self._move_line(-1)
            if moved and self._pager is not None and self._pager.at_start:
                self._pager.end()
        elif name == "line_up":
            moved = self._move_line(-1)
        elif name == "line_down":
            moved = self._move_line(1)
        elif name == "top":
            moved = self._move_line(-self._line_index)
        elif name == "bottom":
            moved = self._move_line(len(self.lines) - 1 - self._line_index)
        if not moved and self.earcons is not None:
            earcons = self.earcons
            self._safely(lambda: earcons.play("edge"))
        self._write()

    def _route(self, key: int) -> None:
        if self._pager is None:
            return
        hit = self._pager.route(key)
        if hit is None:
            return
        if self.router is None:
            return
        before = self.selection
        self.selection, command = self.router(hit.target, self.selection)
        if self.selection != before:
            self._redraw()
        if command is not None:
            if self.selection is not None:
                self._keep_place += 1  # only a pick is answered without moving the display
            self._send(command)
        elif self.selection is not None and self.earcons is not None:
            earcons = self.earcons
            self._safely(lambda: earcons.play("picked"))

    def _type(self, action: Callable[[], object]) -> None:
        try:
            action()
        except BrailleWordsError as exc:
            self.announce(str(exc), cue="rejected")
            return
        self._refresh(reset=True)

    def _enter(self) -> None:
        if not len(self.typing):
            return
        try:
            line = self.typing.submit()
        except BrailleWordsError as exc:
            self.announce(str(exc), cue="rejected")
            return
        self._refresh(reset=True)
        self._send(line)

    def _send(self, line: str) -> None:
        if self.submit is not None:
            self.submit(line)

    def close(self) -> None:
        self.closed.set()  # a display still being looked for stops looking
        for part in (self.speaker, self.display, self.earcons):
            close = getattr(part, "close", None)
            if close is not None:
                self._safely(close)

    @staticmethod
    def _safely(action: Callable[[], object]) -> None:
        """A broken output device must not stop the game: note it and go on."""
        try:
            action()
        except Exception as exc:
            print(f"braille-words: an output device failed: {exc}", file=sys.stderr)
