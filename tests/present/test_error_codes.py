"""Every error a player can meet is a code with a Polish and an English sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from braille_words.errors import InputError, in_language
from braille_words.present.messages import error_text, fill, lookup

ROOT = Path(__file__).resolve().parents[2] / "braille_words"
CODERS = {"coded", "_error", "error"}
"""Calls whose first argument is an error code: ``InputError.coded``, each game's ``_error`` and
``cmd.error`` (the command parser's, which adds an example)."""


def _raised_codes() -> set[tuple[str, str]]:
    """(section, code) of every coded error in the source, found by reading it."""
    found: set[tuple[str, str]] = set()
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        section = "common"
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "GAME" for t in node.targets)
                and isinstance(node.value, ast.Constant)
            ):
                section = str(node.value.value)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if name in CODERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                explicit = node.args[1] if name == "coded" and len(node.args) > 1 else None
                where = (
                    str(explicit.value)
                    if isinstance(explicit, ast.Constant)
                    else section
                    if explicit is not None or name != "coded"
                    else "common"
                )
                found.add((where, first.value))
    return found


CODES = sorted(_raised_codes())


def test_the_scan_finds_the_games_errors() -> None:
    assert ("word_rummikub", "unknown_verb") in CODES
    assert ("seven_words", "no_player") in CODES
    assert len(CODES) > 30


@pytest.mark.parametrize(("section", "code"), CODES, ids=[f"{s}.{c}" for s, c in CODES])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_error_code_has_a_sentence(section: str, code: str, lang: str) -> None:
    template = lookup(lang, section, code) or lookup(lang, "common", code)
    assert template, f"{lang}: [{section}] {code} has no sentence"
    # Every parameter named in one language is named in the other.
    other = "en" if lang == "pl" else "pl"
    other_template = lookup(other, section, code) or lookup(other, "common", code) or ""
    fields = set(re.findall(r"\{(\w+)", template))
    assert fields == set(re.findall(r"\{(\w+)", other_template))


def test_no_player_sentence_is_split_by_language_in_code_any_more() -> None:
    for path in (ROOT / "games").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "_say(" not in source, path
        # A third text is a sentence in the other language, unless it names a verbosity.
        split = r"_t\(\s*lang,\s*\"[^\"]*\",\s*\"(?!beginner\"|expert\")"
        assert not re.search(split, source), path


def test_a_coded_error_is_said_in_the_seats_language() -> None:
    exc = InputError.coded("no_joker_as", "word_rummikub", w=1, letter="A")
    assert error_text(exc, "pl") == "W słowie 1 nie ma jokera jako A."
    assert error_text(exc, "en") == "Word 1 has no joker standing for A."
    assert str(exc) == "Word 1 has no joker standing for A."  # for logs
    # The table's in_language(str(exc), lang) says it in the seat's language too.
    assert in_language(str(exc), "pl") == "W słowie 1 nie ma jokera jako A."


def test_an_example_follows_in_the_seats_words() -> None:
    exc = InputError.coded("takes_no_numbers", "word_rummikub", example="gotowe")
    assert error_text(exc, "pl") == "To polecenie nie potrzebuje liczb. Na przykład: gotowe"
    assert error_text(exc, "en") == "This command takes no numbers. For example: \"gotowe\""


def test_old_two_language_messages_still_split() -> None:
    exc = InputError("Nie znam „x”. / Unknown 'x'.")
    assert error_text(exc, "pl") == "Nie znam „x”."
    assert error_text(exc, "en") == "Unknown 'x'."


def test_fill_is_unchanged_for_a_plain_template() -> None:
    assert fill("{a:up}", {"a": "kot"}) == "KOT"
