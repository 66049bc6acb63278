"""What 7 słów says and shows about a round once the writing is over."""

from __future__ import annotations

import pytest
from test_seven_words_support import WordList

from braille_words.games.seven_words.presenter import braille_view, read_words
from braille_words.games.seven_words.rules import Done, Options, Rules, State, Submit, TimeUp


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


def test_the_words_said_name_a_missing_word_in_words_not_a_dash() -> None:
    from braille_words.games.seven_words.presenter import event_params

    params = {"words": [{"seat": 0, "word": "kot", "score": 6}, {"seat": 1, "word": None,
                                                                 "score": 0}]}
    said = event_params("words_revealed", params, 0, ["Ola", "Jan"], "pl")["words_said"]
    assert said == "Ola: KOT 6; Jan: bez słowa"


def test_a_wrong_challenge_says_what_it_costs() -> None:
    from braille_words.present.messages import render

    said = render("pl", "seven_words", "penalty_marked",
                  {"seat_name": "Ola", "why": "wrong_challenge", "points": 2})
    assert said == "Ola: kara minus 2 pkt (niesłuszne wyzwanie)."


def test_no_polish_sentence_assumes_the_player_is_a_boy() -> None:
    """ "Zdążyłeś", "powiedziałeś": a girl is told she is a boy. Sentences to "you" use forms
    that fit everyone."""
    import re

    from braille_words.present.messages import catalogue

    def sentences(table: object) -> list[str]:
        if isinstance(table, str):
            return [table]
        if isinstance(table, dict):
            return [s for value in table.values() for s in sentences(value)]
        return []

    gendered = [s for s in sentences(catalogue("pl")) if re.search(r"\w(łeś|łaś)\b", s)]
    assert gendered == []


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_hint_at_a_table_without_a_clock_says_how_the_round_ends(lang: str) -> None:
    """Played by a child with --no-timer: round 1's cards held no word the hint saw, it said
    only "Nie widzę słowa z tych kart.", and nothing ends the round but "koniec czasu"."""
    from braille_words.present.messages import render

    ends = {"pl": "„koniec czasu”", "en": '"time up"'}[lang]
    assert ends in render(lang, "seven_words", "no_hint", {"table_clock": "no", "written": ""})
    assert ends not in render(lang, "seven_words", "no_hint",
                              {"table_clock": "yes", "written": ""})


def test_a_hint_while_the_table_takes_challenges_says_gotowe() -> None:
    """Played by a child following hints: after the words, "Wyzwanie? … albo „gotowe”." and
    the hint said "Nie widzę słowa z tych kart." — the round waited on the child's
    "gotowe" and nothing said so. Once the seat has said it, the hint has nothing to add."""
    from braille_words.games.seven_words.computer import hint
    from braille_words.games.seven_words.presenter import describe_move

    rules, state = _after_time_up()
    assert state.phase == "challenges"
    move = hint(rules, state, 0)
    assert move == Done()
    assert describe_move(move, "pl") == "Jeśli nie kwestionujesz żadnego słowa, napisz: gotowe"
    state, _ = rules.apply(state, 0, Done())
    assert hint(rules, state, 0) is None


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_hint_after_the_seats_word_is_written_says_it_is_written(lang: str) -> None:
    """Played by speech following hints: GEOGRAFICZNYCH written, the hourglass running, and
    "podpowiedź" answered "Nie widzę słowa z tych kart." as if the child had no word."""
    from braille_words.games.seven_words.computer import hint
    from braille_words.games.seven_words.presenter import Presenter
    from braille_words.present.messages import render
    from braille_words.speech.speaker import strip_marks

    rules = Rules(WordList(), Options())
    state, _ = rules.new(["Ola", "Janek"], 1)
    before = Presenter().no_hint_params(state.view_for(0), lang)
    assert "widzę" in render("pl", "seven_words", "no_hint", {**before, "table_clock": "yes"})
    state, _ = rules.apply(state, 0, Submit("oko"))
    assert state.phase == "writing" and hint(rules, state, 0) is None
    params = Presenter().no_hint_params(state.view_for(0), lang)
    said = strip_marks(render(lang, "seven_words", "no_hint", {**params, "table_clock": "yes"}))
    assert said == {"pl": "Twoje słowo OKO jest zapisane; czekamy na pozostałych.",
                    "en": "Your word OKO is written; waiting for the others."}[lang]
    assert Presenter().no_hint_params(state.view_for(1), lang) == {"written": ""}


@pytest.mark.parametrize(("lang", "waits"), [
    ("pl", "Nie masz więcej wyzwań: czekamy na pozostałych."),
    ("en", "You are done with challenges: the others are still deciding."),
])
def test_ones_own_gotowe_in_the_challenges_is_answered_while_others_still_decide(
    lang: str, waits: str,
) -> None:
    """Played in English: a player's own "done" in the challenges met silence while the
    others were still deciding. The last one's "gotowe" ends the round, which says enough."""
    from braille_words.present.messages import render

    rules, state = _after_time_up()
    state, first = rules.apply(state, 0, Done())
    [event] = [e for e in first if e.kind == "seat_done"]
    params = {**event.params, "mine": "yes", "seat_name": "Ola"}
    assert render(lang, "seven_words", "seat_done", params) == waits
    state, _ = rules.apply(state, 1, Done())
    state, last = rules.apply(state, 2, Done())
    [event] = [e for e in last if e.kind == "seat_done"]
    assert render(lang, "seven_words", "seat_done",
                  {**event.params, "mine": "yes", "seat_name": "Ewa"}) == ""
