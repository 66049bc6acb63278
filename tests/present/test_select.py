"""A word chosen by an event's code is chosen in the catalogue of the language said, so no
Polish or English word is built in a game's code (issue 10 §4)."""

from __future__ import annotations

from braille_words.present.messages import fill, render

WHY = "{why:select:wrong_challenge=niesłuszne wyzwanie|*=inny powód: #}"


def test_a_code_chooses_its_words() -> None:
    assert fill(f"Kara ({WHY}).", {"why": "wrong_challenge"}, "pl") == "Kara (niesłuszne wyzwanie)."


def test_another_code_takes_the_catch_all_with_the_code_in_it() -> None:
    assert fill(WHY, {"why": "late"}, "pl") == "inny powód: late"


def test_without_a_catch_all_the_code_itself_is_said() -> None:
    assert fill("{x:select:a=A}", {"x": "b"}, "en") == "b"


def test_a_vote_verdict_is_worded_in_each_language() -> None:
    params = {"name": "Ola", "accepted": False}
    assert render("pl", "word_rummikub", "vote_result", params) == "Stół odrzuca ruch gracza Ola."
    params["accepted"] = True
    assert render("en", "word_rummikub", "vote_result", params) == (
        "The table accepts the turn of Ola."
    )


def test_seven_words_reasons_are_said_in_polish_from_the_catalogue() -> None:
    said = render("pl", "seven_words", "bonus_awarded",
                  {"seat_name": "Ola", "points": 3, "why": "fastest_and_best"})
    assert said == "Ola: premia +3 (najszybszy i najlepszy)."
