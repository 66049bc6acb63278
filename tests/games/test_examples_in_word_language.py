"""A game played in English words gives its examples in English words (issue 38): its prompts,
errors, help and rules ("zasady") never offer "8H kotek" to a player of English words, in
Polish messages or English ones; a game of Polish words keeps its Polish examples."""

from __future__ import annotations

import re

import pytest

from braille_words.games.registry import find_game
from braille_words.present.messages import catalogue, render
from braille_words.present.rulebook import parts, rules_told

GAMES = ("word_rummikub", "seven_words", "alicja", "scrabble_cards")
POLISH_EXAMPLES = re.compile(
    r"\b(kotek|ko\?tek|kot(?! z Cheshire|:|, pomija)|klaun|bilet|treser|lwów|szyszka|smutny|"
    r"zaszczyt|lwa|lew)\b", re.IGNORECASE)
"""The Polish words the games quote as examples ("gotowe" is a command, Alice's Kot z Cheshire
a character)."""
POLISH_LETTERS = re.compile(r"Polish letter|polskie litery|polską literą", re.IGNORECASE)


def _every_sentence(game: str, lang: str, word_lang: str) -> dict[str, str]:
    """Every sentence of the game's catalogue in ``lang``, both forms, filled for a game of
    ``word_lang`` words."""
    said = {}
    for key, entry in catalogue(lang).get(game, {}).items():
        forms = ("beginner", "expert") if isinstance(entry, dict) else ("beginner",)
        for verbosity in forms:
            said[f"{key}/{verbosity}"] = render(lang, game, key, {"word_lang": word_lang},
                                                verbosity=verbosity)
    return said


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_of_english_words_quotes_no_polish_example(game: str, lang: str) -> None:
    sentences = _every_sentence(game, lang, "en")
    kit = find_game(game, "en")
    for number, (syntax, meaning) in enumerate(kit.help(lang)):
        sentences[f"help {number}"] = f"{syntax}: {meaning}"
    for number in range(1, parts(game, lang) + 1):
        sentences[f"zasady {number}"] = rules_told(game, f"zasady {number}", lang, None,
                                                   "en") or ""
    polish = {key: said for key, said in sentences.items()
              if POLISH_EXAMPLES.search(said) or POLISH_LETTERS.search(said)}
    assert not polish, polish


@pytest.mark.parametrize("game", GAMES)
def test_a_game_of_polish_words_keeps_its_polish_examples(game: str) -> None:
    sentences = _every_sentence(game, "pl", "pl")
    help_lines = [f"{s}: {m}" for s, m in find_game(game).help("pl")]
    assert any(POLISH_EXAMPLES.search(said) for said in [*sentences.values(), *help_lines])


def test_card_scrabbles_first_prompt_in_english_words_offers_an_english_word() -> None:
    kit = find_game("scrabble_cards", "en")
    for lang in ("pl", "en"):
        said = render(lang, "scrabble_cards", "your_turn", {"first": "yes", "word_lang": "en"})
        assert "8H kitten" in said and "kotek" not in said
    assert "8H kotek" in render("pl", "scrabble_cards", "your_turn", {"first": "yes"})
    assert any("kitten" in syntax for syntax, _ in kit.help("en"))
