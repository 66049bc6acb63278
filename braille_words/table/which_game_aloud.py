"""Which saved game is yours, asked through the person's own speech and Braille display.

A blind child at the default set-up hears our speech and reads our Braille display, not a
screen reader: a question only printed in the terminal reached neither, and the child could
not say which game was theirs. Here the question goes where the game's sentences go, to a
seat of its own (``SeatOutput``) opened on the speech and display the person chose, in their
language: spoken, on the cells (each game also a line of its own to move to), with the
table's "powtórz", "cisza" and any key silencing the speech. The answer is typed (the
terminal, key by key; the display's Braille keys) or pressed: a routing key over a game's
line chooses it, the display's cancel key is "none". Nothing of a game but what
``which_game`` may tell (its game, its players' names, when) is said before the choice: no
game is even opened.
"""

from __future__ import annotations

import functools
import queue
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from braille_words.braille.lines import NamedLine, text_line
from braille_words.present.messages import text
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.which_game import NO, YES, choose, describe, line

if TYPE_CHECKING:
    from braille_words.table.terminal import TerminalReader

CLOSE_WAIT = 15.0
"""Seconds the last sentence ("no game was resumed") may take to be said before the voice
is closed."""


def chooser_seat(saved: Sequence[SeatConfig], lang: str, speech: str | None,
                 display: str | None) -> SeatConfig:
    """The devices the question goes to: those given (``--speech``, ``--display``), else
    those of the first person of the newest game (the computer's own display and voice at a
    classroom computer). A set-up that would show and say nothing (a script's game, saved
    with neither) prints the question as text."""
    you = next((s for s in saved if s.is_human), None)
    seat = SeatConfig(
        name="", lang=lang,
        speech=speech or (you.speech if you is not None else "auto"),
        display=display or (you.display if you is not None else "console"),
        sound=you.sound if you is not None else None,
        braille=you.braille if you is not None else "auto",
    )
    if seat.speech == "none" and seat.display == "none":
        seat.speech = "text"
    return seat


def choose_aloud(paths: list[Path], lang: str, seat: SeatConfig) -> Path | None:
    """The game the person says is theirs (``which_game.choose``), asked on ``seat``'s
    devices and answered at the terminal or on the display."""
    from braille_words.table.devices import open_outputs, sounds_may_load
    from braille_words.table.terminal import AboveTyping

    out = open_outputs([seat])[0]
    answers: queue.Queue[str | None] = queue.Queue()
    reader = _terminal(out, answers)
    if reader is None:  # a terminal read only line by line: asked there, as a script is
        out.close()
        return choose(paths, lang, interactive=True)
    plain = sys.stdout
    chosen: Path | None = None
    try:
        threading.Thread(target=reader.run, name="which-game-keys", daemon=True).start()
        if plain.isatty():  # sentences and Braille lines go above the half-typed line
            sys.stdout = AboveTyping(reader, plain)
        sounds_may_load()
        chosen = choose_on(out, answers, paths, lang)
    finally:
        sys.stdout = plain
        reader.restore()
        if chosen is None and out.speaker is not None:
            out.speaker.wait(timeout=CLOSE_WAIT)
        out.close()
    return chosen


def choose_on(out: SeatOutput, answers: queue.Queue[str | None], paths: list[Path],
              lang: str) -> Path | None:
    """The choice made through ``out``: each sentence announced there, the games shown as
    lines of its display, the display's keys answering into ``answers`` (as typed lines
    do; None: the keyboard is gone)."""
    from braille_words.displays.console import ConsoleDisplay

    games = [describe(p) for p in paths]
    if len(games) == 1:
        routed = {"game1": YES.get(lang, YES["en"])[0]}
    else:
        routed = {f"game{n}": str(n) for n in range(1, len(games) + 1)}
    out.submit = answers.put
    out.keys.router = functools.partial(_routed, routed)
    out.keys.cancel_line = lambda _lang: NO.get(lang, NO["en"])[0]
    mode = out.surface.braille_mode
    lines = [NamedLine(name, text_line(f"{n}. {line(game, lang)}", lang, mode, name=name))
             for n, (name, game) in enumerate(zip(routed, games, strict=True), 1)]

    def say(sentence: str) -> None:
        out.announce(sentence)
        if lines:  # under the first sentence, not on the cells before it
            out.show(list(lines))
            lines.clear()

    # A display with keys of its own (not the console's picture of one) hears what they do.
    keys = [] if out.display is None or isinstance(out.display, ConsoleDisplay) else [
        text(lang, "resume_display_keys")]

    def ask(prompt: str) -> str:
        while keys:
            out.announce(keys.pop())
        if prompt.strip():
            out.announce(prompt.strip(), cue="your_turn")
        answer = answers.get()
        if answer is None:
            raise EOFError
        return answer

    return choose(paths, lang, interactive=True, ask=ask, say=say,
                  hush=out.stop_speech)


def _routed(answers: dict[str, str], target: Any, selection: Any) -> tuple[Any, str | None]:
    """A routing key over a game's line answers with that game (its number, or yes)."""
    name = target[0] if isinstance(target, tuple) and target else None
    return None, answers.get(name) if isinstance(name, str) else None


def _terminal(out: SeatOutput, answers: queue.Queue[str | None]) -> TerminalReader | None:
    """The keyboard key by key (any key silences the speech, the arrows pan the console
    display), its lines into ``answers``; None where it is not a terminal."""
    from braille_words.displays.console import ConsoleDisplay
    from braille_words.displays.events import DisplayCommand
    from braille_words.table.terminal import NotATerminalError, TerminalReader

    def pan(name: str) -> None:
        if isinstance(out.display, ConsoleDisplay):
            out.on_display_command(DisplayCommand(name, None))

    stop: Callable[[], None] = out.stop_speech
    try:
        return TerminalReader(sys.stdin.fileno(), on_key=stop, on_line=answers.put,
                              secret=lambda: False, on_pan=pan)
    except (NotATerminalError, OSError, ValueError):
        return None

