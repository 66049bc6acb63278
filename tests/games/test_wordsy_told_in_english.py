"""Wordsy (7 słów in English words) as an English-speaking player hears and reads it (issue 38).

Played to its end by ear and on a 40-cell display: a written word came back in lower case
("Careful: spawned looks like the same family as spawn"), which contracted English Braille
writes in contractions, not as the letters written; a card set aside was a bare "w" (UEB's
wordsign for WILL) by a "2-on-2 rule" nothing had told; the sheet and the final scores said
"penalties 1" for a challenge that cost 2 points; and the rules never said that a word of an
earlier round's family does not count.
"""

from __future__ import annotations

import pytest
from test_seven_words_support import WordList

from braille_words.games.seven_words.presenter import final, read_sheet
from braille_words.games.seven_words.rules import Challenge, Done, Options, Rules, Submit
from braille_words.present.messages import render
from braille_words.present.rulebook import rules_told

WORD_KEYS = ("word_written", "word_unknown", "word_family_warning", "same_family",
             "not_in_lexicon", "already_written", "ruling_needed", "not_a_word")


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("key", WORD_KEYS)
def test_a_written_word_is_said_in_capitals_so_braille_spells_it(key: str, lang: str) -> None:
    said = render(lang, "seven_words", key,
                  {"word": "spawned", "earlier": "spawn", "score": 13, "word_lang": "en"})
    assert "SPAWNED" in said and "spawned" not in said
    if "{earlier" in (render(lang, "seven_words", key, {}) or ""):
        assert "SPAWN" in said


@pytest.mark.parametrize(("lang", "told"), [("en", '"about the deck"'), ("pl", "„o talii”")])
def test_a_card_set_aside_is_named_in_capitals_with_the_command_that_tells_why(
    lang: str, told: str
) -> None:
    said = render(lang, "seven_words", "card_rejected",
                  {"letter": "w", "letters": ["w"], "bonus": 1, "why": "too many rare cards"})
    assert " W " in said and " w " not in said and told in said


@pytest.mark.parametrize(("lang", "told"), [("en", "Cards H, Ń, F are set aside"),
                                            ("pl", "Karty H, Ń, F odłożone")])
def test_the_cards_one_deal_sets_aside_are_told_in_one_sentence(lang: str, told: str) -> None:
    # Played by ear: "Karta H odłożona: zasada 2 na 2 (…)" came three times before the cards.
    said = render(lang, "seven_words", "card_rejected",
                  {"letter": "h", "letters": ["h", "ń", "f"], "bonus": 1, "why": "rare"})
    assert said.startswith(told) and said.count("2") == 2


def test_the_sheet_and_the_final_scores_say_what_a_penalty_cost() -> None:
    rules = Rules(WordList(), Options())
    state, _ = rules.new(["Ola", "Janek"], 1)
    state, _ = rules.apply(state, 0, Submit("dom"))
    state, _ = rules.apply(state, 1, Submit("kot"))
    state, _ = rules.apply(state, 1, Challenge(0))  # DOM is a word: a wrong challenge
    state, _ = rules.apply(state, 0, Done())
    state, _ = rules.apply(state, 1, Done())
    assert state.penalties[1] == 1 and state.penalty_points == 2
    assert "Penalties: minus 2." in read_sheet(state.view_for(1), "en", "beginner")
    assert "Kary: minus 2." in read_sheet(state.view_for(1), "pl", "beginner")
    assert "Penalties: 0." in read_sheet(state.view_for(0), "en", "beginner")
    names = ["Ola", "Janek"]
    assert "penalties minus 2)" in final(state.result(), "en", names, 1)
    assert "kary minus 2)" in final(state.result(), "pl", names, 1)


@pytest.mark.parametrize(
    ("lang", "words", "example"),
    [("en", "en", "HAPPY, HAPPIER, HAPPINESS"), ("pl", "pl", "ŚMIECH, ŚMIECHY, ŚMIESZNIE"),
     ("pl", "en", "HAPPY, HAPPIER, HAPPINESS")],
)
def test_the_rules_tell_the_family_rule_with_examples_in_the_words_played(
    lang: str, words: str, example: str
) -> None:
    said = rules_told("seven_words", "rules 3" if lang == "en" else "zasady 3", lang, words=words)
    assert said is not None and example in said
    assert ("family" if lang == "en" else "rodzin") in said


@pytest.mark.parametrize(("lang", "words"), [("en", "en"), ("en", "pl"), ("pl", "en")])
def test_the_words_line_on_the_cells_holds_the_words_and_no_language_mark(
    lang: str, words: str
) -> None:
    """Read at 40 cells, Wordsy's words line was "Words: Player: '\\x000e'pl:STEWARDSHIP…":
    the line marked English words as Polish for a voice, and liblouis wrote the marks out."""
    from braille_words.braille.lines import text_line
    from braille_words.braille.translator import Mode
    from braille_words.games.seven_words.deck import load_deck
    from braille_words.games.seven_words.presenter import braille_view, read_words

    rules = Rules(WordList(), Options(), load_deck(words=words))
    state, _ = rules.new(["Ola", "Janek"], 1)
    state, _ = rules.apply(state, 0, Submit("dom"))
    view = state.view_for(0)
    line = next(x.line for x in braille_view(view, lang, None, words) if x.name == "words")
    plain = read_words(view, lang, "expert", lang)  # the same words, in the sentence's language
    assert "DOM" in plain
    assert line.cells() == text_line(plain, lang, Mode.LITERARY).cells()
