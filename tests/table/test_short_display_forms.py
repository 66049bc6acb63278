"""On a 14-cell display every sentence a player must read at a moment that matters has a
short form (issue 33 §6, issue 39's leftovers): the speech stays whole, the cells get the
terse one. Counted in windows as the pager cuts them."""

from __future__ import annotations

import pytest

from braille_words.braille import text_line
from braille_words.braille.view import Pager
from braille_words.displays.emulators.base import Emulator
from braille_words.games.registry import find_game
from tests.table.conftest import RummikubOnDisplay

CELLS = 14
GAMES = ("rummikub", "siedem-slow", "alicja", "scrabble-karty", "word-thief")


def _windows(sentence: str, lang: str = "pl") -> int:
    pager = Pager(text_line(sentence, lang), CELLS)
    count = 1
    while pager.pan_right():
        count += 1
    return count


def test_a_rummikub_nudge_on_14_cells_is_its_letters_and_does_not_spell_the_word(
    baum14: Emulator, rummikub_on_display: RummikubOnDisplay
) -> None:
    """Play-tested at 14 cells: the first hint took seven windows ("Możesz ułożyć słowo z 8
    liter ze swoich liter: wu, ka, u, er, zet, o, en, a"), and named the letters in the word's
    order, so it spelled WKURZONA, the answer the nudge is meant to leave to the player."""
    session, out = rummikub_on_display(baum14, seed=5)
    session.handle(0, "podpowiedź")
    said, shown = out.news.last, out.news.last_shown
    assert said.startswith("Podpowiedź: Możesz ułożyć słowo z")  # heard whole
    assert shown != said and _windows(shown) <= 4, shown
    letters = shown.split(": ")[-1].rstrip(".").split()
    assert letters and all(len(x) == 1 and x.isupper() for x in letters), shown
    rack = [letter for _id, letter in session.state.view_for(0)["rack"] if letter]
    places = [rack.index(x.lower()) for x in letters if x.lower() in rack]
    assert places == sorted(places), "the letters are not in the rack's order"
    session.handle(0, "podpowiedź")  # the whole move, asked again
    assert "napisz:" in out.news.last


def test_a_nudge_on_a_long_display_is_the_full_sentence(
    baum: Emulator, rummikub_on_display: RummikubOnDisplay
) -> None:
    session, out = rummikub_on_display(baum, seed=5)
    session.handle(0, "podpowiedź")
    assert out.news.last.startswith("Podpowiedź: Możesz ułożyć słowo z")
    assert out.news.last_shown == out.news.last


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_end_on_14_cells_names_the_winner_and_every_score_in_a_few_windows(
    game: str, lang: str
) -> None:
    """Rummikub's results, each score taken apart ("Gracz 91 (3 słowa za 20 punktów,
    najdłuższe …, podwójne punkty …)"), took a dozen windows read after the game was over."""
    presenter = find_game(game).presenter
    names = ["Ola", "Ada", "Bartek", "Jan"]
    brief = presenter.final_brief({"scores": [91, 114, 87, 60], "winners": [1]}, lang, names)
    assert all(name in brief for name in names) and "114" in brief and "91" in brief
    assert brief.index("Ada") < brief.index("Ola"), "the winner comes first"
    assert _windows(brief, lang) <= 2 + len(names), brief  # a window a player


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_game_words_the_end_on_a_short_display_alike(lang: str) -> None:
    """Scrabble karty said "Koniec. Ola: 277; Ada: 165." where the four others said "Wygrywa:
    Ada. …": one wording, the winner named (a tie too), then the scores in seat order."""
    names = ["Ola", "Ada"]
    for result in ({"scores": [91, 114], "winners": [1]},
                   {"scores": [100, 100], "winners": [0, 1]}):
        said = {find_game(game).presenter.final_brief(result, lang, names) for game in GAMES}
        assert len(said) == 1, said
    ties = find_game("scrabble-karty").presenter.final_brief(
        {"scores": [100, 100], "winners": [0, 1]}, lang, names)
    assert ties == {"pl": "Wygrywają Ola, Ada. Ola: 100; Ada: 100.",
                    "en": "Winners: Ola, Ada. Ola: 100; Ada: 100."}[lang]


def test_a_solo_end_on_14_cells_says_the_score_against_the_target() -> None:
    presenter = find_game("siedem-slow").presenter
    brief = presenter.final_brief({"scores": [95], "winners": [], "target": 100, "won": False},
                                  "pl", ["Ola"])
    assert brief == "Ola: 95. Cel 100: nie."
    won = presenter.final_brief({"scores": [120], "winners": [0], "target": 100, "won": True},
                                "en", ["Ola"])
    assert won == "Ola: 120. Target 100: reached."


def test_the_end_on_14_cells_reaches_the_cells_in_its_short_form(
    baum14: Emulator, rummikub_on_display: RummikubOnDisplay
) -> None:
    session, out = rummikub_on_display(baum14, seed=5)
    session.news[0].final({"scores": [91, 114], "winners": [1], "words_scored": [3, 4],
                           "longest": ["kot", "pies"]}, ["Ola", "Jan"], 0)
    assert out.news.last.startswith("Koniec gry. Wyniki: Ola: 91 (3 słowa")
    assert out.news.last_shown == "Wygrywa Jan. Ola: 91; Jan: 114."


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize(("game", "keys"), [
    ("word_rummikub", ("game_started", "game_started_words_en")),
    ("seven_words", ("game_started", "game_started_words_en")),
    ("scrabble_cards", ("game_started", "game_started_words_en")),
])
def test_on_14_cells_each_games_start_names_its_rules_command_in_at_most_four_windows(
    game: str, keys: tuple[str, ...], lang: str
) -> None:
    """Played at 14 cells without speech: Rummikub's start ("Rummikub Słowny, graczy: 2."
    "Ola: Y." "Ada: S." "Zaczyna Ada.") and 7 słów's never named "zasady", and a child
    reading the cells alone did not learn that the game tells its rules. How many play and
    who drew which letter to start are details speech gives; who starts stays."""
    from braille_words.present.messages import render

    command = {"pl": "„zasady”", "en": '"rules"'}[lang]
    for key in keys:
        terse = render(lang, game, key, {"players": 2, "rounds": 7, "size": 15, "clock": 0},
                       verbosity="expert")
        assert command in terse and _windows(terse, lang) <= 4, terse
    draw = {"name": "Ola", "letter": "L"}
    assert render(lang, "word_rummikub", "starter_draw", draw, verbosity="expert") == ""
    assert "Ola" in render(lang, "word_rummikub", "starter_draw", draw)  # heard whole
