"""Scrabble karty's rules, each test named after the rule it checks (the rulebook and the
rules README's values; the rulebook gives no scored examples, so the words are ours, real
Polish words from the lexicon)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.scrabble_cards.rules import (
    Accept,
    Against,
    Check,
    ClockOut,
    Done,
    Exchange,
    Lay,
    Move,
    Options,
    Pass,
    Premium,
    Put,
    Rules,
    State,
    TakeBack,
)

SEATS = ["Ola", "Jan", "Ewa"]


def game(
    polish: Any, hands: list[str], board: tuple[str, ...] = (), bag: str | None = None,
    **options: Any,
) -> tuple[Rules, State]:
    rules = Rules(polish, Options(**options))
    position: dict[str, Any] = {"hands": hands, "board": list(board)}
    if bag is not None:
        position["bag"] = bag
    state, _ = rules.from_position(SEATS[: len(hands)], 3, position)
    return rules, state


def play(rules: Rules, state: State, *moves: tuple[int, Move]) -> State:
    for seat, move in moves:
        state, _ = rules.apply(state, seat, move)
    return state


def codes(exc: pytest.ExceptionInfo[RuleViolation]) -> list[str]:
    return [r.code for r in exc.value.reasons]


# ---- scoring


def test_first_word_counts_double(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kotek")), (1, Accept()))
    assert state.scores[0] == (2 + 1 + 2 + 1 + 2) * 2


def test_no_word_premium_on_the_first_word(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a x2", "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kotek", (6,)))
    assert codes(exc) == ["no_premium_first"]


def test_a_cross_making_two_words_scores_both(polish: Any) -> None:
    # OJ lies on row 8; A on G9 and N on H9 make AN across and ON down column H.
    rules, state = game(polish, ["a n", "d o m"], board=("8H oj",))
    state = play(rules, state, (0, Lay(8, 6, True, "an")), (1, Accept()))
    assert state.scores[0] == (1 + 1) + (1 + 1)
    assert state.last is not None and [w.word for w in state.last.words] == ["an", "on"]


@pytest.mark.parametrize(("card", "factor"), [("x2", 2), ("x3", 3)])
def test_a_word_premium_card_multiplies_the_main_word_only(
    polish: Any, card: str, factor: int
) -> None:
    rules, state = game(polish, [f"a n {card}", "d o m"], board=("8H oj",))
    state = play(rules, state, (0, Lay(8, 6, True, "an", (2,))), (1, Accept()))
    assert state.scores[0] == 2 * factor + 2
    assert all(c.premium != card for c in state.hands[0])


def test_word_premium_cards_multiply_each_other(polish: Any) -> None:
    rules, state = game(polish, ["a n x2 x3", "d o m"], board=("8H oj",))
    state = play(rules, state, (0, Lay(8, 6, True, "an", (2, 3))), (1, Accept()))
    assert state.scores[0] == 2 * 6 + 2


def test_a_blank_is_worth_nothing(polish: Any) -> None:
    rules, state = game(polish, ["k a ? a k", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "ka?jak")), (1, Accept()))
    assert state.scores[0] == (2 + 1 + 0 + 1 + 2) * 2
    assert any(p.blank and p.letter == "j" for p in state.table)


def test_a_blank_must_be_named_with_a_question_mark(polish: Any) -> None:
    rules, state = game(polish, ["k a ? a k", "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kajak"))
    assert codes(exc) == ["not_in_hand"]


def test_all_seven_cards_earn_fifty(polish: Any) -> None:
    rules, state = game(polish, ["k o t k a m i", "d o m"])
    state = play(rules, state, (0, Lay(7, 4, True, "kotkami")), (1, Accept()))
    assert state.scores[0] == (2 + 1 + 2 + 2 + 1 + 2 + 1) * 2 + 50


def test_premium_cards_count_toward_the_seven(polish: Any) -> None:
    # KAJAK and the palindrome card are 6 of 7: no +50; with 2 more cards, not all 7 either.
    rules, state = game(polish, ["k a j a k palindrome two_letters", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kajak", (5,))), (1, Accept()))
    assert state.scores[0] == 9 * 2 + 10


# ---- conditional cards


def test_a_conditional_card_adds_its_light_value_to_its_owners_move(polish: Any) -> None:
    rules, state = game(polish, ["k a j a k palindrome", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kajak", (5,))), (1, Accept()))
    assert state.scores[0] == 9 * 2 + 10
    assert any(c.premium == "palindrome" for c in state.spent)


def test_a_conditional_card_is_refused_when_the_word_misses_its_condition(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k palindrome", "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kotek", (5,)))
    assert codes(exc) == ["condition_not_met"]
    after, _ = rules.apply(state, 0, Lay(7, 7, True, "kotek"))
    assert [c.premium for c in after.hands[0]] == ["palindrome"]


def test_a_rival_plays_a_conditional_card_against_the_move_for_its_dark_value(
    polish: Any,
) -> None:
    rules, state = game(polish, ["k a j a k", "d o m palindrome"])
    state = play(rules, state, (0, Lay(7, 7, True, "kajak")), (1, Against(3)), (1, Accept()))
    assert state.scores == (9 * 2 - 5, 0)
    assert [c.premium for c in state.hands[1]].count("palindrome") == 0
    assert any(c.premium == "palindrome" for c in state.spent)


def test_a_card_played_against_a_move_taken_back_stays_with_the_rival(polish: Any) -> None:
    rules, state = game(polish, ["k a k a k", "d o m palindrome", "e w a"])
    state = play(rules, state, (0, Lay(7, 7, True, "kakak")), (1, Against(3)), (2, Check()))
    assert state.scores == (0, 0, 0)
    assert any(c.premium == "palindrome" for c in state.hands[1])


def test_no_card_against_ones_own_move_nor_one_whose_condition_fails(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k palindrome", "d o m nasal"])
    state = play(rules, state, (0, Lay(7, 7, True, "kotek")))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, Against(3))
    assert codes(exc) == ["condition_not_met"]
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Against(0))
    assert codes(exc) == ["own_move"]


# ---- exchanges


def test_an_exchange_needs_seven_cards_in_the_bag(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"], bag="abcdef")
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Exchange((0, 1)))
    assert codes(exc) == ["bag_too_small"]
    rules, state = game(polish, ["k o t e k a a", "d o m"], bag="abcdefg")
    after, _ = rules.apply(state, 0, Exchange((0, 1)))
    assert len(after.hands[0]) == 7 and len(after.hands[1]) == 7 and len(after.bag) == 3


def test_a_card_named_many_times_is_said_to_be_repeated_once(polish: Any) -> None:
    """Issue 30: "wymień 1 1 1 1 1 1 1 1 1 1" said "Karta 1 podana dwa razy." nine times."""
    rules, state = game(polish, ["k o t e k a a", "d o m"], bag="abcdefgh")
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Exchange((0,) * 10 + (8, 8)))
    assert codes(exc) == ["card_repeated", "no_such_card"]


def test_at_most_three_exchanges_in_a_ranked_game(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"], exchanges=3)
    for _ in range(3):
        state = play(rules, state, (0, Exchange((0,))), (1, Pass()))
    assert state.view_for(0)["exchanges_left"] == 0
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Exchange((0,)))
    assert codes(exc) == ["no_exchanges"]


def test_exchanges_are_unlimited_in_an_ordinary_game(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    for _ in range(4):
        state = play(rules, state, (0, Exchange((0,))), (1, Pass()))
    assert state.view_for(0)["exchanges_left"] is None


# ---- accept and check


def test_an_accepted_move_stands_and_scores(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    state, _ = rules.apply(state, 0, Lay(7, 7, True, "kotek"))
    assert state.awaiting == {1} and state.scores == (0, 0)
    state = play(rules, state, (1, Accept()))
    assert state.scores[0] == 16 and state.current == 1 and state.phase == "turn"


def test_a_word_failing_the_check_takes_the_move_back(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k k a", "d o m"])
    hand = sorted(c.id for c in state.hands[0])
    state = play(rules, state, (0, Lay(7, 7, True, "kotekk")), (1, Check()))
    assert state.scores == (0, 0) and not state.table
    assert sorted(c.id for c in state.hands[0]) == hand
    assert state.current == 1 and state.idle == 1


def test_a_check_of_good_words_lets_the_move_stand(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kotek")), (1, Check()))
    assert state.scores[0] == 16 and state.table


def test_a_wrong_word_every_rival_accepts_stands(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k k a", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kotekk")), (1, Accept()))
    assert state.scores[0] > 0


def test_check_immediate_refuses_a_word_the_lexicon_lacks(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k k a", "d o m"], check="immediate")
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kotekk"))
    assert codes(exc) == ["not_a_word"]
    after, _ = rules.apply(state, 0, Lay(7, 7, True, "kotek"))
    assert after.phase == "verdict"  # the rivals may still answer with a conditional card


# ---- placing


def test_a_later_word_must_join_the_table(polish: Any) -> None:
    rules, state = game(polish, ["d o m", "k o t"], board=("8H oj",))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(2, 2, True, "dom"))
    assert codes(exc) == ["not_connected"]


def test_the_whole_word_is_named_with_the_table_letters(polish: Any) -> None:
    rules, state = game(polish, ["k t e k", "d o m"], board=("H7 jo",))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 8, True, "tek"))
    assert codes(exc) == ["word_continues"]
    after, _ = rules.apply(state, 0, Lay(7, 6, True, "kotek"))
    assert after.last is not None and after.last.words[0].word == "kotek"


def test_a_refused_move_gives_every_reason(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a x2", "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kotekz", (6,)))
    assert codes(exc) == ["not_in_hand"]
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kotek", (6, 0)))
    assert codes(exc) == ["not_premium"]


def test_a_move_built_card_by_card_is_judged_as_a_whole(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    for k, col in enumerate(range(7, 12)):
        state, _ = rules.apply(state, 0, Put(k, 7, col))
    state, _ = rules.apply(state, 0, TakeBack(7, 11))
    state, _ = rules.apply(state, 0, Put(4, 9, 11))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Done())
    assert codes(exc) == ["not_in_line"]
    state, _ = rules.apply(state, 0, TakeBack(9, 11))
    state, _ = rules.apply(state, 0, Put(4, 7, 11))
    state = play(rules, state, (0, Done()), (1, Accept()))
    assert state.scores[0] == 16


def test_a_blank_laid_by_routing_needs_its_letter(polish: Any) -> None:
    rules, state = game(polish, ["k a ? a k", "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Put(2, 7, 9))
    assert codes(exc) == ["blank_letter"]
    state, _ = rules.apply(state, 0, Put(2, 7, 9, "j"))
    assert state.pending[-1].letter == "j"


def test_a_premium_card_goes_with_a_built_move(polish: Any) -> None:
    rules, state = game(polish, ["k a j a k palindrome", "d o m"])
    for k, col in enumerate(range(7, 12)):
        state, _ = rules.apply(state, 0, Put(k, 7, col))
    state = play(rules, state, (0, Premium(5)), (0, Done()), (1, Accept()))
    assert state.scores[0] == 28


# ---- the end


def test_the_last_card_with_the_bag_empty_takes_the_others_letters(polish: Any) -> None:
    rules, state = game(polish, ["a n x2", "ź k ? x3"], board=("8H oj",), bag="")
    state = play(rules, state, (0, Lay(8, 6, True, "an")), (1, Accept()))
    assert state.over
    assert state.scores == (4 + 9 + 2, -(9 + 2))


def test_premium_cards_left_in_the_bag_do_not_keep_the_game_going(polish: Any) -> None:
    """"a w woreczku nie ma już więcej liter": the game ends when the mover holds no letter
    and no letter card is left in the bag, premium cards there or not."""
    rules, state = game(polish, ["a n", "ź k ? x3"], board=("8H oj",), bag="x2 palindrome")
    state = play(rules, state, (0, Lay(8, 6, True, "an")), (1, Accept()))
    assert state.over
    assert state.scores == (4 + 9 + 2, -(9 + 2))
    assert len(state.bag) == 2  # the two premium cards never drawn
    rules, state = game(polish, ["a n", "ź k ? x3"], board=("8H oj",), bag="x2 k")
    state = play(rules, state, (0, Lay(8, 6, True, "an")), (1, Accept()))
    assert not state.over  # a letter card in the bag: the game goes on


def test_a_player_with_only_premium_cards_and_no_letter_in_the_bag_has_gone_out(
    polish: Any,
) -> None:
    rules, state = game(polish, ["a n", "ź k ? x3"], board=("8H oj",), bag="x2 palindrome")
    state = play(rules, state, (0, Lay(8, 6, True, "an")), (1, Accept()))
    assert state.over and state.last is not None and state.last.seat == 0
    rules, state = game(polish, ["ź k ?", "x2"], board=("8H oj",), bag="palindrome")
    state = play(rules, state, (0, Pass()))  # player 1 starts a turn holding no letter
    assert state.over and state.scores == (-(9 + 2), 9 + 2)


def test_no_card_is_played_against_the_move_that_ends_the_game(polish: Any) -> None:
    rules, state = game(polish, ["a n", "ź k two_letters"], board=("8H oj",), bag="")
    state = play(rules, state, (0, Lay(8, 6, True, "an")))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, Against(2))
    assert codes(exc) == ["ending_move"]


def test_everyone_passing_twice_in_a_row_ends_the_game_each_losing_their_letters(
    polish: Any,
) -> None:
    rules, state = game(polish, ["a n x2", "ź k ?"], board=("8H oj",), bag="")
    state = play(rules, state, (0, Pass()), (1, Pass()), (0, Pass()))
    assert not state.over
    state = play(rules, state, (1, Pass()))
    assert state.over and state.scores == (-2, -11)


def test_a_lost_turn_counts_as_a_pass_and_an_exchange_breaks_the_run(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k k a", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kotekk")), (1, Check()), (1, Pass()),
                 (0, Pass()))
    assert state.idle == 3
    state = play(rules, state, (1, Exchange((0,))))
    assert state.idle == 0 and not state.over


def test_when_every_clock_has_run_out_each_loses_their_letters(polish: Any) -> None:
    rules, state = game(polish, ["a n", "ź k"], board=("8H oj",), clock_minutes=20)
    state = play(rules, state, (0, ClockOut(1)))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(play(rules, state, (0, Pass())), 1, Lay(8, 6, True, "an"))
    assert codes(exc) in (["clock_out"], ["not_your_turn"])
    state = play(rules, state, (0, ClockOut(0)))
    assert state.over and state.scores == (-2, -11)


# ---- the state


def test_a_state_survives_json_exactly(polish: Any) -> None:
    rules, state = game(polish, ["k a j a k", "d o m palindrome"])
    state = play(rules, state, (0, Lay(7, 7, True, "ka?jak".replace("?", ""))), (1, Against(3)))
    again = rules.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_a_seat_never_sees_another_hand(polish: Any) -> None:
    _rules, state = game(polish, ["k a j a k", "d o m palindrome"])
    view = state.view_for(1)
    assert [c["letter"] for c in view["hand"]][:3] == ["d", "o", "m"]
    assert "kajak" not in json.dumps(view)


def test_a_position_with_more_cards_than_the_deck_is_refused(polish: Any) -> None:
    with pytest.raises(InputError):
        game(polish, ["ź ź", "d o m"])


def test_a_rival_answers_a_move_before_making_one(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    state = play(rules, state, (0, Lay(7, 7, True, "kotek")))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, Lay(6, 8, False, "dom"))
    assert codes(exc) == ["answer_first"]
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Pass())
    assert codes(exc) == ["verdict_pending"]


def test_a_clock_is_called_only_in_a_game_with_a_clock(polish: Any) -> None:
    rules, state = game(polish, ["a n", "ź k"], board=("8H oj",))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, ClockOut(0))
    assert codes(exc) == ["no_clock"]


def test_a_skipped_player_passes_and_a_skipped_rival_accepts(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    assert rules.time_up(state) == (0, Pass())
    state = play(rules, state, (0, Lay(7, 7, True, "kotek")))
    assert rules.time_up(state) == (1, Accept())


def test_a_position_sets_board_hands_and_bag_from_the_deck(polish: Any) -> None:
    _rules, state = game(polish, ["a l a ? m a x2", "d o m palindrome"],
                         board=("8H kotek", "H8 kra"), bag="abc")
    assert [c.premium for c in state.hands[0]][-1] == "x2"
    assert len(state.bag) == 3 and len(state.table) == 7  # KOTEK and RA below its K
    ids = sorted([c.id for c in state.all_cards()] + state.table_ids())
    assert ids == list(range(112))


@pytest.mark.parametrize(("position", "words"), [
    ({"hands": ["a"]}, "one hand for each"),
    ({"hands": ["a", "b"], "board": ["kotek"]}, "must be like 8H kotek"),
    ({"hands": ["a", "b"], "board": ["8H kotek", "H8 lot"]}, "puts L where"),
    ({"hands": ["a1", "b"]}, "Hand 1 of the exercise has"),
    ({"hands": ["a", "b"], "board": ["8N kotek"]}, "runs off"),
])
def test_a_position_that_cannot_be_played_is_refused_with_a_sentence(
    polish: Any, position: dict[str, Any], words: str
) -> None:
    rules = Rules(polish, Options())
    with pytest.raises(InputError) as exc:
        rules.from_position(SEATS[:2], 1, position)
    assert words in str(exc.value)


def test_a_premium_card_marked_and_left_out_of_a_typed_move_is_said_to_stay_in_hand(
    polish: Any,
) -> None:
    rules, state = game(polish, ["k a j a k palindrome", "d o m"])
    state, _ = rules.apply(state, 0, Premium(5))
    after, events = rules.apply(state, 0, Lay(8, 8, True, "kajak"))
    stays = [e for e in events if e.kind == "premium_unmarked"]
    assert [(e.params["card"], e.to) for e in stays] == [("palindrome", 0)]
    assert [c.premium for c in after.hands[0]] == ["palindrome"]
