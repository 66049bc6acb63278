"""A teacher's exercise file that cannot be set out is refused with a sentence of the
catalogues, in Polish and in English, in every game (issue 32): the teacher's page says it
in the page's language, and the sentence blames what in the file is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from braille_words.errors import BrailleWordsError
from braille_words.games.registry import all_games
from braille_words.present.messages import error_text
from braille_words.table.launch import load_lexicon, read_position

MISSING = re.compile(r"(^|\s)\?($|[\s.,;:])")

FILES: dict[str, str] = {
    "broken": "{",
    "a_list": "[1, 2]",
    "unknown_setting": json.dumps({"rakcs": ["kot"]}),
    "wrong_type": json.dumps({"racks": 5, "hands": 5}),
    "too_many_k": json.dumps({"racks": ["k" * 40, "a"], "hands": ["k" * 7, "a"],
                              "bag": "k" * 40}),
}


def _refusal(game: Any, path: Path) -> BrailleWordsError:
    rules = game.make_rules(load_lexicon(game.word_lang), {})
    with pytest.raises(BrailleWordsError) as caught:
        rules.from_position(["Ola", "Jan"], 1, read_position(path))
    return caught.value


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("kind", sorted(FILES))
def test_a_bad_exercise_is_refused_in_both_languages_from_the_catalogue(
        game: Any, kind: str, tmp_path: Path) -> None:
    path = tmp_path / f"{kind}.json"
    path.write_text(FILES[kind], encoding="utf-8")
    error = _refusal(game, path)
    assert error.code is not None, f"{game.id} {kind}: {error} is no catalogue sentence"
    polish, english = error_text(error, "pl"), error_text(error, "en")
    # every parameter filled: a missing one reads as a lone "?"
    assert polish != english and not MISSING.search(polish) and not MISSING.search(english)
    assert "ćwiczeni" in polish.lower() and ("exercise" in english or "position" in english)


def test_the_refusal_blames_what_in_the_file_is_wrong(tmp_path: Path) -> None:
    game = next(g for g in all_games() if g.id == "scrabble_cards")
    path = tmp_path / "k.json"
    path.write_text(json.dumps({"hands": ["a", "b"], "bag": "k" * 30}), encoding="utf-8")
    error = _refusal(game, path)
    assert error_text(error, "pl").startswith("W talii nie ma już karty K dla worka")
    assert error_text(error, "en").startswith("The deck has no K card left for the bag")
    path.write_text(json.dumps({"hands": ["a", "b"], "current": 5}), encoding="utf-8")
    assert error_text(_refusal(game, path), "en") == (
        "In the exercise, current must be a player number from 0 to 1.")
