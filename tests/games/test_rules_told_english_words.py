"""A game played in English words tells its rules, values and place with the English title and
the values of ``data.en.toml`` (issue 38), whatever language its messages are in; played in
Polish words it says what it always said."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.kit import GameKit
from braille_words.games.registry import find_game
from braille_words.present.rulebook import values
from braille_words.speech.speaker import plain_game_words

GAMES = ["word_rummikub", "seven_words", "alicja", "scrabble_cards"]
RULES = {"pl": "zasady", "en": "rules"}
VALUES = {"pl": "nasze wartości", "en": "our values"}
WHERE_TITLES = {"word_rummikub": "Word Rummikub", "seven_words": "Wordsy (7 Words)"}
"""The games whose ``gdzie`` names the game."""
NAMES = ["Ada", "Bolek", "Cyryl"]


def _said(kit: GameKit[Any, Any, Any], lexicon: Any, line: str, lang: str) -> str:
    rules = kit.make_rules(lexicon, {})
    state, _ = rules.new(NAMES[: max(2, kit.players[0])], 3)
    view = state.view_for(0)
    if line == "where":
        return plain_game_words(kit.presenter.where(view, lang, "beginner", NAMES))
    said = kit.presenter.read(line, view, lang, "beginner")
    assert said is not None, line
    return plain_game_words(said)


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_our_values_in_english_words_name_the_english_data_file(
    game: str, lang: str, english: Any, polish: Any
) -> None:
    english_said = _said(find_game(game, "en"), english, VALUES[lang], lang)
    polish_said = _said(find_game(game, "pl"), polish, VALUES[lang], lang)
    assert "data.en.toml" in english_said
    assert "data.en.toml" not in polish_said and "data.toml" in polish_said


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", list(WHERE_TITLES))
def test_where_am_i_in_english_words_names_the_english_title(
    game: str, lang: str, english: Any, polish: Any
) -> None:
    kit = find_game(game, "en")
    assert _said(kit, english, "where", lang).startswith(WHERE_TITLES[game] + ",")
    own = find_game(game, "pl")
    assert _said(own, polish, "where", lang).startswith(own.title + ",")


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", ["word_rummikub", "seven_words"])
def test_the_rules_in_english_words_ask_for_english_words(
    game: str, lang: str, english: Any, polish: Any
) -> None:
    english_said = _said(find_game(game, "en"), english, RULES[lang], lang).lower()
    polish_said = _said(find_game(game, "pl"), polish, RULES[lang], lang).lower()
    assert ("angielsk" if lang == "pl" else "english") in english_said
    assert ("polsk" if lang == "pl" else "polish") in polish_said


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_wordsy_values_name_the_english_decks_rare_letters(lang: str, english: Any) -> None:
    """The English deck's rare letters (Q, Z… for +2) are not the Polish ones (Ź, Ń…)."""
    said = _said(find_game("seven_words", "en"), english, VALUES[lang], lang)
    assert "Q" in said and "Ź" not in said


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_card_scrabble_rules_give_an_english_letters_value(lang: str, english: Any,
                                                           polish: Any) -> None:
    """Q is worth 8 in English; Ź, the Polish example, is no English card."""
    assert values("scrabble_cards", "en")["letters_q_1"] == 8
    said = _said(find_game("scrabble_cards", "en"), english, RULES[lang], lang)
    assert "Q 8" in said or "Q aż 8" in said
    assert "Ź" not in said
    own = _said(find_game("scrabble_cards", "pl"), polish, RULES[lang], lang)
    assert "Ź 9" in own or "Ź aż 9" in own


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_word_rummikub_english_jokers_come_from_the_english_data(lang: str,
                                                                 english: Any) -> None:
    """The jokers of the English tile set are told from ``data.en.toml``."""
    said = _said(find_game("word_rummikub", "en"), english, RULES[lang], lang)
    assert str(values("word_rummikub", "en")["tiles_jokers"]) in said


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_alice_brailles_its_theme_letters_and_words_in_the_word_language(
    lang: str, english: Any
) -> None:
    """English words inside a Polish-messages game are English Braille (its capital sign is
    dot 6, Polish Braille's dots 46): the theme line and the words said, the words said
    uncontracted."""
    from braille_words.braille import Mode, text_line

    kit = find_game("alicja", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(NAMES, 3)
    view = {**state.view_for(0), "forbidden": ["q", "z"], "said": [(1, "Clown; CIRCUS")]}
    lines = {item.name: item.line for item in kit.presenter.braille_view(view, lang)}
    theme = " / ".join(kit.presenter.rack_letters({**view, "forbidden": []}).split(" "))
    assert lines["theme"].cells() == text_line(f"{theme}: Q Z", "en", Mode.LITERARY).cells()
    # The words said are spelled letter for letter (UEB grade 1): grade 2 would write the
    # "ow" of Clown in one cell, and a forbidden letter hides in a contraction.
    assert lines["words"].cells() == text_line("Clown; CIRCUS", "en", Mode.UNCONTRACTED).cells()
    assert lines["words"].cells() != text_line("Clown; CIRCUS", "en", Mode.LITERARY).cells()
    assert lines["words"].cells() != text_line("Clown; CIRCUS", "pl", Mode.LITERARY).cells()


POLISH_LETTERS = set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_in_english_words_speak_of_no_polish_letters(
    game: str, lang: str, english: Any, polish: Any
) -> None:
    """Alice in English words told "a forbidden A does not forbid Ą": a letter no English
    word has. The Polish-words game keeps the sentence."""
    kit = find_game(game, "en")
    for part in range(1, 9):
        said = kit.presenter.read(f"{RULES[lang]} {part}", _view(kit, english), lang, "beginner")
        if said is None:
            break
        text = plain_game_words(said)
        # English messages hold no Polish letter; Polish ones name no Polish letter to play
        assert not (POLISH_LETTERS & set(text) if lang == "en" else "Ą" in text), (part, said)
    own = find_game("alicja", "pl")
    told = own.presenter.read(f"{RULES[lang]} 2", _view(own, polish), lang, "beginner")
    assert told is not None and "Ą" in told


def _view(kit: GameKit[Any, Any, Any], lexicon: Any) -> Any:
    rules = kit.make_rules(lexicon, {})
    state, _ = rules.new(NAMES[: max(2, kit.players[0])], 3)
    return state.view_for(0)
