"""What a new English-speaking blind player met playing every game with English words and
English messages (issue 38's follow-up), by speech, at 40 cells in UEB grade 2 and at 14
cells: each test is a place where the words heard or felt led them wrong."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from braille_words.errors import InputError
from braille_words.games.alicja.rules import ChooseTheme
from braille_words.games.registry import find_game
from braille_words.games.word_rummikub.commands import parse
from braille_words.present.messages import error_text, render

ROOT = Path(__file__).resolve().parents[2] / "braille_words"
CATALOGUES = ROOT / "games"


def test_on_an_empty_table_a_rummikub_put_is_answered_with_an_example_of_new() -> None:
    """"There are no words on the table yet (a new word is 'new'). For example: "put 3 2 1""
    sent the player back to the command that cannot be done yet."""
    empty = {"table": [], "rack": [[100 + k, ch] for k, ch in enumerate("catdog")], "loose": []}
    for line, lang, example in (("put 3 2 1", "en", '"new 3 5 7"'),
                                ("połóż 3 2 1", "pl", "nowe 3 5 7")):
        with pytest.raises(InputError) as exc:
            parse(line, empty)
        said = error_text(exc.value, lang)
        assert said.endswith(example), said
        assert "3 2 1" not in said


def _flat(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, dict) and not {"full", "terse"} & set(value):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


@pytest.mark.parametrize("catalogue", sorted(
    [*CATALOGUES.glob("*/catalogue.pl.toml"), ROOT / "present" / "catalogues" / "pl.toml"]))
def test_every_short_form_a_polish_reader_gets_an_english_reader_gets_too(
    catalogue: Path,
) -> None:
    """At 14 cells an English reader of Word Rummikub got whole sentences where a Polish
    reader got short ones: the opening took 12 windows ("Ola drew L to decide who starts.
    Jan drew V to decide who starts."), 7 with the short forms."""
    english = catalogue.with_name(catalogue.name.replace(".pl.", ".en."))
    polish = _flat(tomllib.loads(catalogue.read_text(encoding="utf-8")))
    theirs = _flat(tomllib.loads(english.read_text(encoding="utf-8")))
    missing = [key for key, value in polish.items()
               if isinstance(value, dict) and "terse" in value
               and not (isinstance(theirs.get(key), dict) and "terse" in theirs[key])]
    assert not missing, missing


def test_the_english_rummikub_opening_on_14_cells_is_short() -> None:
    said = [render("en", "word_rummikub", "game_started_words_en", {"players": 2},
                   verbosity="expert"),
            render("en", "word_rummikub", "starter_draw", {"name": "Ola", "letter": "L"},
                   verbosity="expert")]
    assert said == ['Word Rummikub (rules: "rules").', ""]


def test_the_queen_of_hearts_asking_for_a_hint_is_told_to_choose_a_theme(english: Any) -> None:
    """She heard "I cannot think of a word." while the game waited on her choice."""
    kit = find_game("alicja", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(["Ola", "Jan", "Ada"], 5)
    assert state.phase == "theme"
    queen = state.current
    move = kit.computer.hint(rules, state, queen)
    assert isinstance(move, ChooseTheme)
    assert kit.presenter.describe_move(move, "en", state.view_for(queen)) == '"theme 1"'
    assert kit.computer.hint(rules, state, (queen + 1) % 3) is None  # not hers to choose


def test_a_card_scrabble_hint_to_accept_is_quoted_to_be_spelled() -> None:
    """"Hint: accept" (the verdict on another's move) was the one line to type left bare."""
    from braille_words.games.scrabble_cards.presenter import Presenter
    from braille_words.games.scrabble_cards.rules import Accept

    assert Presenter().describe_move(Accept(), "en", None) == '"accept"'
    assert Presenter().describe_move(Accept(), "pl", None) == "akceptuj"
