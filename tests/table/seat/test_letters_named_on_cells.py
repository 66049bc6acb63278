"""A letter said by its name in speech is the letter itself on the Braille cells (issue 38):
Card Scrabble's hand was "1 vee (4)" on an English reader's cells and Wordsy's cards "5: en,
pee", names spelled out in contracted Braille where the cards are V, N and P. Speech, the
transcript and every plain-text output keep the names; one mark (``speaker.named``, made by
``spelling.said_letter``) carries both, in English and Polish, in either message language."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.braille import text_to_cells
from braille_words.displays.base import Display
from braille_words.speech.espeak import espeak_text
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import for_cells, marked_spans, strip_marks
from braille_words.speech.spelling import said_letter, spell
from braille_words.table.outputs import SeatOutput


def _seat(lang: str) -> tuple[SeatOutput, Display]:
    out = SeatOutput(name="Ann", lang=lang, verbosity="beginner")
    display = Display(40)
    out.attach_display(display)
    return out, display


def test_a_card_said_by_its_name_is_its_letter_on_the_cells_and_its_name_aloud() -> None:
    out, display = _seat("en")
    out.announce(f"Hand: 1 {said_letter('v', 'en')} (4).")
    assert display.shown.startswith(text_to_cells("Hand: 1 v (4).", "en"))
    assert strip_marks(out.news.said[-1]) == "Hand: 1 vee (4)."


def test_a_polish_letter_said_by_its_polish_name_is_the_letter_on_polish_cells() -> None:
    out, display = _seat("pl")
    out.announce(f"Ręka: 1 {said_letter('ż', 'pl')} (5).")
    assert display.shown.startswith(text_to_cells("Ręka: 1 Ż (5).", "pl"))
    assert strip_marks(out.news.said[-1]) == "Ręka: 1 żet (5)."


@pytest.mark.parametrize(("word_lang", "lang", "letter", "name"),
                         [("pl", "en", "ź", "ziet"), ("en", "pl", "w", "double-u")])
def test_a_name_in_the_other_language_keeps_its_voice_and_the_cells_their_letter(
    word_lang: str, lang: str, letter: str, name: str
) -> None:
    sentence = f"1 {said_letter(letter, word_lang, lang)}"
    assert (name, word_lang) in marked_spans(sentence)
    shown = letter.lower() if lang == "en" else letter.upper()  # English Braille: no capital
    assert for_cells(sentence) == f"1 {shown}"
    assert strip_marks(sentence) == f"1 {name}"


def test_a_voice_is_given_the_name_never_the_mark() -> None:
    said, ssml = espeak_text(f"Cards: {said_letter('p', 'en')}.", "en", VoiceSettings())
    assert (said, ssml) == ("Cards: pee.", False)
    said, ssml = espeak_text(f"Karty: {said_letter('p', 'en', 'pl')}.", "pl", VoiceSettings())
    assert ssml and "pee" in said and "\x10" not in said and "P<" not in said


def test_spelling_out_letters_shows_the_letters_and_says_the_names() -> None:
    out, display = _seat("en")
    out.announce(spell("vex", "en", written=True))
    assert display.shown.startswith(text_to_cells("v, e, x", "en"))
    assert strip_marks(out.news.said[-1]) == "vee, e, ex"
    assert spell("vex", "en") == "vee, e, ex"  # a voice's own text, unmarked


def _sentences(word_lang: str, lang: str) -> dict[str, str]:
    """Each game's sentences that name letters, for a V and an N."""
    from braille_words.games.scrabble_cards.presenter import card_name
    from braille_words.games.seven_words.presenter import cards_sentence
    from braille_words.games.word_rummikub.presenter import Presenter as Rummikub

    view: Any = {"rack": [[1, "v"], [2, "n"]], "loose": [], "table": [], "seats": ["A", "B"],
                 "scores": [0, 0]}
    card: Any = {"premium": None, "letter": "v", "value": 4, "dark": 0}
    out = {
        "rummikub": Rummikub(word_lang=word_lang).read("rack", view, lang, "beginner") or "",
        "wordsy": cards_sentence([{"column": 5, "letter": "v", "slot": 0},
                                  {"column": 4, "letter": "n", "slot": 1}], lang, word_lang),
        "scrabble": card_name(card, lang, "beginner", word_lang),
    }
    if word_lang == "en":
        from braille_words.games.word_thief.presenter import said_letter as thief_letter

        out["word thief"] = thief_letter("v", lang)
    return out


@pytest.mark.parametrize(("word_lang", "lang"),
                         [("en", "en"), ("pl", "pl"), ("en", "pl"), ("pl", "en")])
def test_every_game_names_a_letter_aloud_and_shows_it_on_the_cells(
    word_lang: str, lang: str
) -> None:
    vee = {"en": "vee", "pl": "fau"}[word_lang]
    for game, sentence in _sentences(word_lang, lang).items():
        assert vee in strip_marks(sentence), game
        shown = "v" if lang == "en" else "V"  # the letter; English Braille: without a capital
        assert vee not in for_cells(sentence) and shown in for_cells(sentence), game


@pytest.mark.parametrize("word_lang", ["en", "pl"])
def test_an_english_reader_gets_a_hands_letters_without_a_capital_sign_each(
    word_lang: str,
) -> None:
    """UEB marks each capital with a cell (⠠) and a lone letter with a grade 1 indicator
    (⠰): a hand "N blue (1); N green (1)" was ⠰⠠⠝ a card, a capital that says nothing (the
    cards have no small letters). An English reader gets ⠰⠝; a number before a letter keeps
    its own rules; a Polish sentence keeps its capitals."""
    from braille_words.braille.cells import to_unicode

    n = said_letter("n", word_lang, "en")
    cells = to_unicode(text_to_cells(for_cells(f"Hand: {n} blue (1); {n} green (1)."), "en"))
    assert "⠰⠝⠀⠃⠇⠥⠑" in cells and "⠠⠝" not in cells and "⠠⠠" not in cells
    assert for_cells(said_letter("n", word_lang, "pl")) == "N"
    # the letter after a number: its grade 1 indicator, as before
    assert to_unicode(text_to_cells(for_cells(f"4 {said_letter('b', 'en')}"), "en")) == "⠼⠙⠀⠰⠃"
