"""A seat's input: its display's keys, Braille typing and chords, turned into steps.

A key comes in as a display command's name (and argument); what comes back is a list of
``Step`` values the seat carries out: move on the surface, show the typing line again, send a
command line to the table, say one of the seat's own sentences. The letters being typed and
the pick made with a routing key are this part's own state: a routing key's target goes to
the game's ``router``, which answers with the new pick and perhaps a command.

Interrupting speech is not a step: every key but a chord and the stop key itself silences the
seat first (``SILENT``), before anything else happens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from braille_words.braille import BrailleInput, Mode, typing_mode
from braille_words.errors import BrailleWordsError
from braille_words.table.seat.boards import GRID_MOVES

Router = Callable[[Any, Any], tuple[Any, str | None]]
"""(routing target, current selection) → (new selection, command line to run or None)."""

SILENT = frozenset({"stop_speech", "braille_chord"})
"""Keys that do not interrupt speech (a chord is typed while the answer is still said)."""

# Lines the jump commands look for, in order of preference.
JUMPS: dict[str, tuple[str, ...]] = {
    "jump_rack": ("rack", "cards"),
    "jump_board": ("board", "table"),
    "jump_table": ("table", "board"),
    "jump_messages": ("message",),
}

_KINDS: dict[str, str] = {
    **dict.fromkeys(("pan_left", "pan_right", "line_up", "line_down", "top", "bottom"), "move"),
    **dict.fromkeys(GRID_MOVES, "grid"),
    **dict.fromkeys(("read_row", "read_column", "read_square"), "read"),
    **dict.fromkeys(("next_word", "next_anchor"), "board"),
    **dict.fromkeys(("help", "repeat", "where"), "send"),
    "stop_speech": "hush",
}


@dataclass(frozen=True)
class Step:
    """One thing a key asks of the seat.

    ``kind`` is one of: ``move`` (pan or change lines: ``arg`` the key), ``grid`` (move a
    board's cursor), ``jump`` (to the first of the lines ``arg`` names), ``read`` (a board's
    row, column or square), ``board`` (next word or anchor), ``route`` (routing key ``arg``),
    ``typed`` (the typing line changed), ``redraw`` (the pick changed), ``send`` (the command
    line ``arg`` to the table), ``words`` (the seat's own sentence ``arg``), ``catalogue`` (the
    table's sentence ``arg``), ``refused`` (why typing failed), ``edge``, ``cue`` (the sound
    ``arg``), ``keep_place`` (the answer to come leaves the reader where they are), ``hush``.
    """

    kind: str
    arg: Any = None
    keep_place: bool = False


class SeatKeys:
    """Typing, the routing-key pick, and what each key of the seat's display means."""

    def __init__(self, lang: str, mode: Mode = Mode.LITERARY) -> None:
        self.lang = lang
        self.mode = mode
        """The Braille the seat reads (its ``braille`` setting); it types the same kind."""
        self.typing = BrailleInput(lang, typing_mode(lang, mode))
        self.selection: Any = None
        self.router: Router | None = None
        self.wants_letter: Callable[[Any], bool] | None = None
        """Whether the pick waits for one letter (the game's ``wants_letter``): one chord
        is then a whole line."""
        self.cancel_line: Callable[[str], str | None] | None = None
        """The game's line for the display's cancel key (set by the table from the game)."""

    def relearn(self, lang: str) -> None:
        """Another language (a student's computer joined): typing starts again in it."""
        self.lang = lang
        self.typing = BrailleInput(lang, typing_mode(lang, self.mode))

    def press(self, name: str, arg: int | None = None) -> list[Step]:
        """What the display key ``name`` asks for."""
        kind = _KINDS.get(name)
        if kind is not None:
            return [Step(kind, name)]
        if name in JUMPS:
            return [Step("jump", JUMPS[name])]
        if name == "route" and arg is not None:
            return [Step("route", arg)]
        if name == "braille_chord" and arg is not None:
            steps = self._type(lambda: self.typing.add_chord(arg))
            wants = self.wants_letter
            if wants is not None and wants(self.selection) and len(self.typing) == 1 and (
                    self.typing.text().isalpha()):
                steps += self.enter()  # the one letter the pick waits for: no Enter needed
            return steps
        if name == "space":
            return self._type(self.typing.space)
        if name == "backspace":
            return self._type(self.typing.backspace)
        if name in ("enter", "confirm"):
            return self.enter()
        if name == "cancel":
            return self.cancel()
        return []

    def _type(self, action: Callable[[], object]) -> list[Step]:
        try:
            action()
        except BrailleWordsError as exc:
            return [Step("refused", str(exc))]
        return [Step("typed")]

    def enter(self) -> list[Step]:
        """Enter alone, as at the terminal: "what now?" in the game, the end read (the table
        asks a reader to press Enter when done), a shared keyboard taken over."""
        if not len(self.typing):
            return [Step("send", "")]
        try:
            line = self.typing.submit()
        except BrailleWordsError as exc:
            return [Step("refused", str(exc))]
        return [Step("typed"), Step("send", line)]

    def cancel(self) -> list[Step]:
        """Take back the last step: typed letters first, then a pick; only with nothing
        pending does the game's own cancel command (``cancel_line``) go to the game."""
        if len(self.typing):
            self.typing.clear()
            return [Step("typed"), Step("words", "typed_cleared")]
        if self.selection is not None:
            self.selection = None
            return [Step("redraw"), Step("words", "pick_dropped", keep_place=True)]
        if self.cancel_line is not None and (line := self.cancel_line(self.lang)):
            return [Step("send", line)]
        return [Step("edge"), Step("words", "nothing_to_cancel", keep_place=True)]

    def routed(self, target: Any) -> list[Step]:
        """A routing key (or a page's button) over ``target``: the game's router picks,
        places or reads; a pick is answered without moving the display."""
        if self.router is None:
            return []
        before = self.selection
        self.selection, command = self.router(target, self.selection)
        steps = [Step("redraw")] if self.selection != before else []
        if command is None and before is not None and self.selection is None:
            return [*steps, Step("catalogue", "pick_dropped", keep_place=True)]
        if command is not None:
            if self.selection is not None:
                steps.append(Step("keep_place"))  # only a pick is answered in place
            return [*steps, Step("send", command)]
        if self.selection is not None:
            steps.append(Step("cue", "picked"))
        return steps

    def pick(self, selection: Any) -> bool:
        """A pick made by typing (``płytka 3``); True when it changed the pick."""
        if selection == self.selection:
            return False
        self.selection = selection
        return True

    def left_over(self) -> str:
        """The letters still on the typing line when the turn moved on without them."""
        return self.typing.text() if len(self.typing) else ""
