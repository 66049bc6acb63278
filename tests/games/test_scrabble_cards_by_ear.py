"""Scrabble karty by ear (issue 33 §5): premium cards named as cards, only the conditional
cards that match offered against a move, no internal card names, one word for the blank, a
shorter full help."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.braille.grid import _WORDS as GRID_WORDS
from braille_words.games.base import Event, RuleViolation
from braille_words.games.registry import find_game
from braille_words.games.scrabble_cards.presenter import Presenter, prompt, read
from braille_words.games.scrabble_cards.rules import Against, Lay, Options, Rules, State
from braille_words.present.messages import render, text
from braille_words.speech.speaker import strip_marks

SEATS = ["Ola", "Jan"]


def game(polish: Any, hands: list[str], board: tuple[str, ...] = ()) -> tuple[Rules, State]:
    rules = Rules(polish, Options())
    state, _ = rules.from_position(SEATS, 3, {"hands": hands, "board": list(board)})
    return rules, state


def said(event: Event, lang: str) -> str:
    params = {**event.params, **Presenter().event_params(event.kind, event.params, 0, SEATS,
                                                          lang)}
    return strip_marks(render(lang, "scrabble_cards", event.kind, params))


def test_drawn_premium_cards_are_named_as_cards_not_as_letters_or_counts() -> None:
    drawn = Event("cards_drawn", {"cards": ["d", "two_words", "c", "x2", "two_letters"]}, 0)
    assert said(drawn, "pl") == (
        "Dobierasz: de, karta warunkowa: co najmniej dwa słowa, ce, karta premii: podwójne "
        "słowo, karta warunkowa: słowo z 2 liter.")
    assert "conditional card: two words or more" in said(drawn, "en")
    assert "premium card: double word" in said(drawn, "en")


def test_only_the_conditional_cards_the_move_meets_are_offered_against_it(polish: Any) -> None:
    """Jan holds a palindrome card, a two-letter card and a seven-letter card; Ola lays ON (2
    letters, no palindrome): he hears his card 2 only, by its name."""
    rules, state = game(polish, ["o n", "d palindrome two_letters long7"], board=("8H dom",))
    state, _ = rules.apply(state, 0, Lay(8, 7, True, "on"))
    pl = prompt(state.view_for(1), "pl", "beginner")
    assert "(karta 3: słowo z 2 liter)" in pl and "palindrom" not in pl
    assert "„przeciw 3”" in pl
    en = prompt(state.view_for(1), "en", "beginner")
    assert "(card 3: a word of 2 letters)" in en and '"against 3"' in en


def test_no_card_offered_when_none_matches(polish: Any) -> None:
    rules, state = game(polish, ["o n", "d palindrome long7"], board=("8H dom",))
    state, _ = rules.apply(state, 0, Lay(8, 7, True, "on"))
    assert "przeciw" not in prompt(state.view_for(1), "pl", "beginner")


def test_a_card_that_does_not_match_is_refused_by_its_name_not_its_code(polish: Any) -> None:
    rules, state = game(polish, ["o n", "d long7"], board=("8H dom",))
    state, _ = rules.apply(state, 0, Lay(8, 7, True, "on"))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, Against(1))
    reason = exc.value.reasons[0]
    pl = render("pl", "scrabble_cards", reason.code, reason.params)
    en = render("en", "scrabble_cards", reason.code, reason.params)
    assert pl == "Ruch nie spełnia warunku karty warunkowej: słowo z 7 liter."
    assert en == "The move does not meet the condition of the card: a word of 7 letters."
    assert "long7" not in pl + en


def test_the_hand_and_the_board_call_the_blank_by_one_word(polish: Any) -> None:
    _rules, state = game(polish, ["k ? a", "d o m"], board=("8H kot",))
    view = state.view_for(0)
    for lang in ("pl", "en"):
        hand = read("ręka" if lang == "pl" else "hand", view, lang, "beginner") or ""
        word = render(lang, "scrabble_cards", "blank", {})
        assert f"2 {word} (0)" in hand
        assert GRID_WORDS[lang]["joker"].split()[0] == word  # the board's "dżoker jako A"


def test_the_whole_help_is_short_enough_to_listen_to() -> None:
    kit = find_game("scrabble-karty")
    for lang in ("pl", "en"):
        entries = kit.help(lang)
        whole = " ".join([text(lang, "help_intro")]
                         + [f"{syntax}: {meaning}." for syntax, meaning in entries])
        assert len(whole) < 1400, len(whole)  # it was 2 150


def test_every_conditional_card_is_refused_by_its_name(polish: Any) -> None:
    """Every conditional card's code has its name in the refusal, in both languages."""
    deck = Rules(polish, Options()).deck
    for code in deck.conditional:
        for lang in ("pl", "en"):
            sentence = render(lang, "scrabble_cards", "condition_not_met", {"card": code})
            name = render(lang, "scrabble_cards", f"card_{code}", {}, verbosity="expert")
            assert sentence.endswith(f": {name}."), (lang, code, sentence)


def test_a_card_played_with_a_move_is_called_by_its_kind() -> None:
    played = Event("premium_played", {"seat": 1, "card": "crosses_two"}, None)
    assert said(played, "pl") == "Jan dokłada kartę warunkową: krzyżuje dwa słowa."
    assert said(played, "en") == "Jan plays a conditional card: crosses two words."
    doubled = Event("premium_played", {"seat": 1, "card": "x2"}, None)
    assert said(doubled, "pl") == "Jan dokłada kartę premii: podwójne słowo."


@pytest.mark.parametrize(("hand", "taught"), [("k a ? a k", True), ("k a m a k", False)])
def test_how_to_write_a_joker_is_told_only_to_a_hand_that_holds_one(
        polish: Any, hand: str, taught: bool) -> None:
    rules, state = game(polish, [hand, "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kajak"))
    reason = exc.value.reasons[0]
    pl = render("pl", "scrabble_cards", reason.code, reason.params)
    en = render("en", "scrabble_cards", reason.code, reason.params)
    assert pl.startswith("W ręce brakuje: J.") and en.startswith("Your hand lacks J.")
    assert ("Dżokera" in pl) is taught and ("joker" in en) is taught
