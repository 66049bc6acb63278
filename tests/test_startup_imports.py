"""Start-up weight: the command line imports what a command needs when it needs it.

No timing here (benchmarks/bench_startup.py measures it); only which heavy modules a light
command pulls in, seen from a fresh interpreter.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

HEAVY = ("numpy", "sounddevice", "wordfreq")


def _modules_after(code: str) -> set[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_importing_the_command_line_imports_no_heavy_module() -> None:
    loaded = _modules_after("import braille_words.cli")
    assert not loaded & set(HEAVY)


def test_top_level_help_imports_no_layer() -> None:
    loaded = _modules_after(
        "from braille_words import cli\n"
        "try:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert not loaded & set(HEAVY)
    assert not {
        m for m in loaded if m.startswith(("braille_words.table.", "braille_words.lexicon"))
    }


def test_the_game_table_module_does_not_load_numpy_or_sound() -> None:
    loaded = _modules_after("import braille_words.table.launch, braille_words.table.cli")
    assert not loaded & set(HEAVY)


def test_the_command_table_says_what_the_modules_register() -> None:
    """`--help` lists commands from a table, without importing their modules: it must stay
    true to what each module really registers."""
    from braille_words.cli import COMMAND_MODULES, COMMANDS, build_parser

    assert set(COMMANDS) == set(COMMAND_MODULES)
    full = build_parser()
    light = build_parser("")
    assert _commands(light) == _commands(full)


def _commands(parser: argparse.ArgumentParser) -> list[tuple[str, str | None]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return [(a.dest, a.help) for a in action._choices_actions]
    return []
