"""7 słów variants: solo with the SOLO card, the no-hourglass game, the veteran handicap."""

from __future__ import annotations

import pytest
from test_seven_words_support import WordList, everyone_done, set_area

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.seven_words.rules import Keep, Options, Rules, State, Submit, TimeUp

LEX = WordList()

# Areas on which a word scores a known amount (slot order: 5, 5, 4, 4, 3, 3, 2, 2).
A_21 = (["ń", "d", "d", "t", "w", "n", "ł", "c"], "dźwiękonaśladownictwo", 21)
A_17 = (["s", "p", "ż", "c", "d", "s", "h", "g"], "dziesięciogroszówka", 17)
A_13 = (["ń", "b", "ł", "j", "n", "s", "w", "m"], "absolwent", 13)
B_17 = (["d", "n", "h", "w", "c", "f", "m", "j"], "blachodachówka", 17)
A_23 = (["k", "c", "z", "n", "p", "r", "j", "c"], "podpajęczynówkowy", 23)
A_19 = (["w", "z", "p", "r", "k", "r", "ł", "c"], "słowotwórczy", 19)
A_14 = (["z", "l", "g", "ś", "p", "r", "c", "w"], "rozluźniony", 14)


def solo(level: str = "easy") -> tuple[Rules, State]:
    rules = Rules(LEX, Options(solo_level=level))
    state, events = rules.new(["ala"], 3)
    assert [e.kind for e in events][-2:] == ["solo_field", "hourglass_started"]
    return rules, state


def solo_round(
    rules: Rules, state: State, spec: tuple[list[str], str, int], *, late: bool = False
) -> State:
    letters, word, score = spec
    set_area(state, letters)
    if late:
        state, _ = rules.apply(state, 0, TimeUp())
        assert state.awaiting == frozenset({0})  # no time limit any more, still to write
    state, _ = rules.apply(state, 0, Submit(word))
    assert state.history[-1]["results"][0]["score"] == score
    return state


def field(state: State) -> str:
    return str(state.view_for(0)["solo_field"])


def test_solo_card_fields_bonuses_and_penalty_over_a_whole_game() -> None:
    rules, state = solo()
    assert field(state) == "1"
    state = solo_round(rules, state, A_21)  # in time, 21 on "1": +2, stays on "1"
    assert (state.history[-1]["results"][0]["bonus"], field(state)) == (2, "1")
    state = solo_round(rules, state, A_17)  # in time, 17 on "1": +2, under 20: down to "2"
    assert (state.history[-1]["results"][0]["bonus"], field(state)) == (2, "2")
    state = solo_round(rules, state, A_13)  # under 15: no bonus; down to red
    assert (state.history[-1]["results"][0]["bonus"], field(state)) == (0, "red")
    state = solo_round(rules, state, B_17, late=True)  # late: no bonus; red: X, back to "2"
    assert (state.history[-1]["results"][0]["bonus"], field(state)) == (0, "2")
    assert state.penalties == [1]
    state = solo_round(rules, state, A_23)  # in time, 23 on "2": +1, and up to "1"
    assert (state.history[-1]["results"][0]["bonus"], field(state)) == (1, "1")
    state = solo_round(rules, state, A_19, late=True)  # late 19: down to "2"
    assert (state.history[-1]["results"][0]["bonus"], field(state)) == (0, "2")
    state = solo_round(rules, state, A_14)  # 14: down to red
    assert state.is_over
    res = state.result()
    assert res["players"][0]["kept"] == [23, 21, 19, 17, 17]
    assert res["scores"] == [97 + 5 - 2]
    assert res["won"] and res["target"] == 100 and res["winners"] == [0]


def test_solo_twenty_late_keeps_the_hourglass_where_it_is() -> None:
    rules, state = solo()
    state = solo_round(rules, state, A_17)  # down to "2"
    state = solo_round(rules, state, A_21, late=True)
    assert field(state) == "2" and state.history[-1]["results"][0]["bonus"] == 0


@pytest.mark.parametrize(("level", "target"), [("medium", 110), ("hard", 120), ("brutal", 120)])
def test_solo_levels_raise_the_target(level: str, target: int) -> None:
    _, state = solo(level)
    assert state.view_for(0)["solo_target"] == target


def test_solo_brutal_ignores_the_middle_field() -> None:
    rules, state = solo("brutal")
    state = solo_round(rules, state, A_17)  # +2 on top, under 20: straight to red
    assert field(state) == "red"
    state = solo_round(rules, state, A_13)  # red, under 20: X and the hourglass stays on red
    assert field(state) == "red" and state.penalties == [1]
    state = solo_round(rules, state, A_21)  # in time, 21 on red: small bonus, up to the top
    assert field(state) == "1" and state.history[-1]["results"][0]["bonus"] == 1


def test_solo_the_dictionary_judges_as_the_word_is_written() -> None:
    rules, state = solo()
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Submit("grzdyl"))
    assert exc.value.reasons[0].code == "not_in_lexicon"
    state, _ = rules.apply(state, 0, Submit("śmiech"))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Submit("śmialiśmy"))
    assert exc.value.reasons[0].code == "same_family"
    assert exc.value.reasons[0].params["earlier"] == "śmiech"


def test_solo_needs_the_hourglass() -> None:
    with pytest.raises(InputError):
        Rules(LEX, Options(hourglass=False)).new(["ala"], 1)


# ----------------------------------------------------------------- no hourglass


def test_no_hourglass_main_player_takes_the_fastest_players_part() -> None:
    rules = Rules(LEX, Options(hourglass=False, main_player=0))
    state, events = rules.new(["a", "b", "c"], 9)
    assert ("main_player", 0) in [(e.kind, e.params.get("seat")) for e in events]
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, TimeUp())
    assert exc.value.reasons[0].code == "no_hourglass"
    # Round 1: the main player is best: +2. Nobody beats them.
    set_area(state, ["s", "p", "ł", "t", "w", "m", "b", "r"])
    state, ev = rules.apply(state, 1, Submit("snopowiązałka"))
    assert "fastest" not in [e.kind for e in ev] and state.table_decision is None
    state, _ = rules.apply(state, 0, Submit("europarlamentarzysta"))
    state, _ = rules.apply(state, 2, Submit("dom"))
    state = everyone_done(rules, state)
    assert [r["bonus"] for r in state.history[0]["results"]] == [2, 0, 0]
    # Fewest +2 are seats 1 and 2, equal on +1: the first to the left of 0 is 1.
    assert state.main == 1
    # Round 2: main 1 scores 18, seat 2 scores 19: +1 for seat 2.
    set_area(state, ["s", "p", "ł", "t", "w", "m", "b", "r"])
    state, _ = rules.apply(state, 0, Submit("oko"))
    state, _ = rules.apply(state, 1, Submit("snopowiązałka"))
    state, _ = rules.apply(state, 2, Submit("europarlamentarzysta"))
    state = everyone_done(rules, state)
    assert [r["bonus"] for r in state.history[1]["results"]] == [0, 0, 1]
    # Seat 1 has no +2 and no +1, seat 2 has a +1: seat 1 stays the main player.
    assert state.main == 1
    assert state.no_flip is None


# ----------------------------------------------------------------- veterans


def test_veteran_scores_four_letters_normally_and_others_one_point() -> None:
    rules = Rules(LEX, Options(veterans=(1,)))
    state, _ = rules.new(["a", "b"], 1)
    set_area(state, ["l", "s", "w", "b", "n", "s", "w", "c"])
    state, _ = rules.apply(state, 0, Submit("wyselekcjonowany"))
    state, events = rules.apply(state, 1, Submit("wyselekcjonowany"))
    shown = next(e for e in events if e.kind == "words_revealed").params["words"]
    # Used cards L6 S5 W4 N3 W2 C2: the best four in full (18), the other two 1 each.
    assert [w["score"] for w in shown] == [22, 20]


def test_veteran_may_name_the_letters_that_keep_their_value() -> None:
    rules = Rules(LEX, Options(veterans=(0,)))
    state, _ = rules.new(["a", "b"], 1)
    set_area(state, ["l", "s", "w", "b", "n", "s", "w", "c"])
    state, _ = rules.apply(state, 0, Keep(("w", "w", "c", "n")))
    state, events = rules.apply(state, 0, Submit("wyselekcjonowany"))
    assert next(e for e in events if e.kind == "word_written").params["score"] == 4 + 2 + 2 + 3 + 2


def test_keep_is_for_veterans_and_letters_on_the_table() -> None:
    rules = Rules(LEX, Options(veterans=(0,)))
    state, _ = rules.new(["a", "b"], 1)
    set_area(state, ["l", "s", "w", "b", "n", "s", "w", "c"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, Keep(("l",)))
    assert exc.value.reasons[0].code == "not_veteran"
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Keep(("l", "l", "s", "w", "b")))
    assert {r.code for r in exc.value.reasons} == {"too_many_letters", "letter_not_in_play"}


def test_the_solo_bonus_is_said_in_the_players_language() -> None:
    """Issue 16 §4: the reason came out in English, "(in time on field 2)", in a Polish game."""
    from braille_words.present.messages import render

    rules, state = solo()
    letters, word, _score = A_21
    set_area(state, letters)
    state, events = rules.apply(state, 0, Submit(word))
    bonus = next(e for e in events if e.kind == "bonus_awarded")
    params = {**bonus.params, "seat_name": "Ola"}
    assert render("pl", "seven_words", "bonus_awarded", params) == (
        "Ola: premia +2 (słowo na czas na polu 1).")
