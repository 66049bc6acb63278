"""The ``braille-words`` command.

Each layer registers its own sub-commands (``lexicon``, ``play``, ``emulate``, ``say``…) so this
module stays a thin dispatcher. Every expected failure reaches the player as one clear sentence
and an exit status, never a traceback: Ctrl+C too, even while the program is still loading
its modules (so this module imports little before ``main`` can catch it).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence

from braille_words import __version__

TYPE_CHECKING = False
"""(``typing`` itself is a module to load: checkers take this name as ``typing``'s.)"""
if TYPE_CHECKING:
    import argparse
    from typing import Any, Protocol

    from braille_words.errors import BrailleWordsError

    class _Registrar(Protocol):
        def __call__(self, subparsers: Any) -> None: ...

# Modules that add top-level sub-commands through ``register(subparsers)`` and entries under
# ``devices`` through ``register_devices(subparsers)``.
COMMAND_MODULES: tuple[str, ...] = (
    "braille_words.lexicon.cli",
    "braille_words.table.cli",
    "braille_words.net.cli",
    "braille_words.displays.cli",
    "braille_words.speech.cli",
    "braille_words.audio.cli",
    "braille_words.reports.cli",
)

# The top-level commands each module registers, with their one-line help: `--help`, and a
# command's own parsing, import only the module they need (a test keeps this true to what
# the modules register). ``devices`` gathers entries from every module, so it imports all.
COMMANDS: dict[str, tuple[tuple[str, str], ...]] = {
    "braille_words.lexicon.cli": (
        ("lexicon", "build the word lists, check words, find anagrams"),
    ),
    "braille_words.table.cli": (
        ("play", "play a game (default: Rummikub Słowny, you against the computer)"),
        ("resume", "go on with your unfinished game (asks which when several)"),
        ("results", "read a finished game again: what happened, and who won"),
        ("roster", "a classroom roster: print an example, or check one before the lesson"),
    ),
    "braille_words.net.cli": (
        ("host", "run classroom tables that students join from their own computers"),
        ("join", "join a teacher's table from this computer (found on the network, or "
                 "HOST:PORT)"),
    ),
    "braille_words.displays.cli": (
        ("show", "show a text on a Braille display and print the keys pressed"),
        ("emulate", "pretend to be a Braille display on a pseudo-terminal"),
    ),
    "braille_words.speech.cli": (
        ("say", "speak a sentence on a sound device (to try a seat's voice and headphones)"),
    ),
    "braille_words.audio.cli": (),
    "braille_words.reports.cli": (
        ("report", "a report per student from game journals: words, refusals, hints, time"),
        ("forget", "remove a student's records, or every record older than some days"),
    ),
}

Handler = Callable[["argparse.Namespace"], int]



def _wanted_module(argv: Sequence[str]) -> str | None:
    """The one module the command line needs, "" for none (top-level help or version),
    None for all of them (``devices``, or a command this table does not know)."""
    command = next((a for a in argv if not a.startswith("-")), None)
    if command is None:
        return ""
    for module, commands in COMMANDS.items():
        if any(command == name for name, _ in commands):
            return module
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every layer's sub-commands; with ``only``, just that module's
    are really registered (``""``: none) and the others stand in by name and help."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="braille-words",
        description="Word games by Braille display, speech and sound.",
    )
    parser.add_argument("--version", action="version", version=f"braille-words {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    devices = sub.add_parser("devices", help="list Braille displays or sound devices")
    devices_sub = devices.add_subparsers(dest="devices_kind", metavar="KIND")
    devices.set_defaults(func=lambda _args: _usage(devices))
    for name in COMMAND_MODULES:
        if only is not None and name != only:
            for command, help_text in COMMANDS.get(name, ()):
                sub.add_parser(command, help=help_text, add_help=False)
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue  # that layer is not built in this checkout
            raise
        register: _Registrar | None = getattr(module, "register", None)
        if register is not None:
            register(sub)
        register_devices: _Registrar | None = getattr(module, "register_devices", None)
        if register_devices is not None:
            register_devices(devices_sub)
    return parser


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    if argv is None:
        argv = sys.argv[1:]
    try:
        # Ctrl+C while the command's modules load: nothing has started, nothing to save.
        parser = build_parser(_wanted_module(argv))
        args = parser.parse_args(argv)
    except KeyboardInterrupt:
        return 130
    from braille_words.errors import BrailleWordsError

    func: Handler | None = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return func(args)
    except BrailleWordsError as exc:
        print(f"braille-words: {_in_their_language(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Whoever read our output went away (`| head`): nothing more can be said to them.
        # Point stdout at nothing so the interpreter's own flush at exit stays quiet.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception:
        where = _write_crash_report()
        print(
            f"braille-words: something went wrong inside the program. {_what_is_saved()} "
            f"Details for the developers: {where}",
            file=sys.stderr,
        )
        return 70


def _in_their_language(exc: BrailleWordsError) -> str:
    """The error in the language of the person who met it: the one the command knew (a seat's,
    a saved game's), else the one the system speaks; English when neither says."""
    lang = exc.lang or _system_lang()
    if lang is None:
        return str(exc)
    from braille_words.present.messages import error_text

    return error_text(exc, lang)


def _system_lang() -> str | None:
    """Polish or English, as the locale names it (``LANG=pl_PL.UTF-8``); else None."""
    import os

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return next((lang for lang in ("pl", "en") if value.startswith(lang)), None)
    return None


def _what_is_saved() -> str:
    """Only a journal that holds the game is called a save: a crash before any game started
    (or after it ended) must not send the player to look for one."""
    journal = sys.modules.get("braille_words.table.journal")
    saved: list[Any] = journal.games_saved_here() if journal is not None else []
    if not saved:
        return "No game had been saved."
    if len(saved) == 1:
        return f"Your game is saved: 'braille-words resume {saved[0]}' goes on with it."
    return "Your game is saved: 'braille-words resume' goes on with it."


def _write_crash_report() -> str:
    """Put the traceback in a file, not on the player's screen or Braille display."""
    import os
    import tempfile
    import traceback
    from pathlib import Path

    base = os.environ.get("BRAILLE_WORDS_DATA")
    if base is None:
        from platformdirs import user_data_dir

        base = user_data_dir("braille-words")
    try:
        os.makedirs(base, exist_ok=True)
        path = os.path.join(base, "crash.log")
        from braille_words.private_files import append_private

        with append_private(Path(path)) as f:  # what a game held may be in it
            f.write(traceback.format_exc() + "\n")
        return path
    except OSError:
        pass
    try:  # the data folder refused (read-only, full): the system's temporary folder
        fd, path = tempfile.mkstemp(prefix="braille-words-crash-", suffix=".log")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(traceback.format_exc())
        return path
    except OSError:
        return "(none: no folder would take them)"  # never a traceback on the player's screen


if __name__ == "__main__":
    sys.exit(main())
