"""What 7 słów says and shows about a round once the writing is over."""

from __future__ import annotations

from test_seven_words_support import WordList

from braille_words.games.seven_words.presenter import braille_view, read_words
from braille_words.games.seven_words.rules import Options, Rules, State, Submit, TimeUp


def _after_time_up() -> tuple[Rules, State]:
    rules = Rules(WordList(), Options())
    state, _ = rules.new(["Ola", "Janek", "Ewa"], 1)
    state, _ = rules.apply(state, 0, Submit("oko"))
    state, _ = rules.apply(state, 0, TimeUp())
    return rules, state


def test_a_seat_without_a_word_after_the_hourglass_is_said_to_have_none() -> None:
    _, state = _after_time_up()
    said = read_words(state.view_for(0), "pl", "expert")
    assert "Janek: bez słowa" in said and "pisze" not in said
    said_en = read_words(state.view_for(0), "en", "expert")
    assert "Janek: no word" in said_en


def test_what_the_game_waits_for_has_its_own_line_on_the_cells() -> None:
    _, state = _after_time_up()
    view = state.view_for(0)
    assert view["phase"] == "challenges" and 0 in view["awaiting"]
    assert braille_view(view, "pl")[0].name == "task"
    writing = Rules(WordList(), Options()).new(["Ola", "Janek"], 1)[0]
    assert "task" not in [line.name for line in braille_view(writing.view_for(0), "pl")]
