"""Each game tells its own rules, and every command its help names works (issue 33 §2).

A child alone with the game heard "karta 1" give 0 cups and learned why only from the totals;
help listed ``wartości`` (Rummikub) and ``o talii`` (7 słów), which the game then refused or
took as a word.
"""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest

from braille_words.errors import BrailleWordsError
from braille_words.games.kit import GameKit
from braille_words.games.registry import GAMES, find_game
from braille_words.present.messages import lookup, render
from braille_words.present.rulebook import parts, rules_told, values
from braille_words.speech.speaker import plain_game_words
from braille_words.table.vocabulary import (
    BOARD_JUMPS,
    HINT_WORDS,
    READING,
    SPELL_PREFIXES,
    VERBOSITY_WORDS,
)

KITS = [find_game(game_id) for game_id in GAMES]
IDS = [kit.id for kit in KITS]
WORDS_A_MINUTE = 130
"""Polish speech at a child's listening rate: a part of the rules is said in under a minute."""
UNKNOWN = {"unknown_verb", "unknown_command"}
WORD_EXAMPLES = {"kot", "klaun"}
"""Help lines that are a word to play, not a command: the game rightly takes them as words."""


def _view(kit: GameKit[Any, Any, Any], lexicon: Any) -> Any:
    rules = kit.make_rules(lexicon, {})
    names = ["Gracz", "Ada", "Bolek"][: max(2, kit.players[0])]
    state, _ = rules.new(names, 3)
    return state.view_for(0)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_every_game_tells_its_rules_in_parts_under_a_minute_with_our_values(
    kit: GameKit[Any, Any, Any], lang: str, polish: Any, english: Any
) -> None:
    view = _view(kit, english if kit.word_lang == "en" else polish)
    total = parts(kit.id, lang)
    assert total >= 3
    word = "zasady" if lang == "pl" else "rules"
    for number in range(1, total + 1):
        template = lookup(lang, kit.id, f"rules_{number}")
        assert template, f"rules_{number} is missing in {lang}"
        said = kit.presenter.read(f"{word} {number}", view, lang, "beginner")
        assert said is not None
        # Every value it names is filled: from data.toml, or counted from it by the game.
        assert "?" not in re.sub(r"[„“\"][^„“”\"]*[”\"]", "", said) or "?" in template
        assert len(said.split()) <= WORDS_A_MINUTE, (number, len(said.split()))
        if number < total:
            assert f"{word} {number + 1}" in said.lower()  # it names the next part
    assert kit.presenter.read(word, view, lang, "beginner") == kit.presenter.read(
        f"{word} 1", view, lang, "beginner")
    beyond = kit.presenter.read(f"{word} {total + 1}", view, lang, "beginner")
    assert beyond is not None and str(total) in beyond


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_rules_say_the_values_of_the_data_file(kit: GameKit[Any, Any, Any]) -> None:
    """A value in a part comes from data.toml: the template names it, the text says it."""
    named = set()
    for number in range(1, parts(kit.id, "pl") + 1):
        named |= _fields(lookup("pl", kit.id, f"rules_{number}") or "")
    from_data = named & set(values(kit.id))
    assert from_data, "the rules name none of the game's own values"
    told = rules_told(kit.id, "zasady 1", "pl", {"slots": 8}) or ""
    template = lookup("pl", kit.id, "rules_1") or ""
    for name in _fields(template) & set(values(kit.id)):
        value = values(kit.id)[name]
        said = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        assert said in told


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_the_opening_of_a_game_offers_its_rules(kit: GameKit[Any, Any, Any], lang: str) -> None:
    said = render(lang, kit.id, "game_started", {"players": 2, "rounds": 2, "size": 15},
                  verbosity="beginner")
    assert ("„zasady”" if lang == "pl" else '"rules"') in said


def _alternatives(syntax: str) -> list[str]:
    """The commands one help line names: "gotowe (lub: koniec tury)", "tak / nie",
    "worek, wymiany, wyniki" are each several."""
    found = []
    inner = re.findall(r"\((?:lub|or): ([^)]*)\)", syntax)
    syntax = re.sub(r"\s*\([^)]*\)", "", syntax)
    for text in [syntax, *inner]:
        for piece in re.split(r",\s*|\s+/\s+", text):
            if piece.strip():
                found.append(piece.strip())
    return found


def _works(kit: GameKit[Any, Any, Any], line: str, view: Any, lang: str) -> str | None:
    """None when the table does what ``line`` names; else what went wrong."""
    low = line.lower()
    if (low in READING or low in VERBOSITY_WORDS or low in HINT_WORDS or low in BOARD_JUMPS
            or low.split()[0] in SPELL_PREFIXES):
        return None  # a command every game shares, answered by the table
    if kit.presenter.read(low, view, lang, "beginner") is not None:
        return None
    try:
        move = kit.commands.parse(line, view)
    except BrailleWordsError as exc:
        # Refused for this moment of the game (no words on the table yet) is fine;
        # not knowing the command is not.
        return f"unknown: {exc}" if exc.code in UNKNOWN else None
    data = {k: v for k, v in move.to_json().items() if k not in ("type", "kind")}
    values_said = json.dumps(data, ensure_ascii=False).lower()
    if f'"{low}"' in values_said and low not in WORD_EXAMPLES:
        return f"taken as a word: {values_said}"
    return None


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_every_command_help_names_works_as_written(
    kit: GameKit[Any, Any, Any], lang: str, polish: Any, english: Any
) -> None:
    view = _view(kit, english if kit.word_lang == "en" else polish)
    wrong = {}
    for syntax, _meaning in kit.help(lang):
        # ⟦…⟧ marks the game's own words for the voice; the player types them plain
        for line in _alternatives(plain_game_words(syntax)):
            problem = _works(kit, line, view, lang)
            if problem:
                wrong[line] = problem
    assert not wrong, wrong
