"""7 słów: the deck, the "2 na 2" draw, scoring, bonuses, challenges and the end of the game,
checked against the rulebook's own examples."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from template_check import filled
from test_seven_words_support import WordList, card_ids, everyone_done, set_area, stack_deck

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.seven_words.deck import AreaCard, load_deck, word_score
from braille_words.games.seven_words.rules import (
    EVENT_KINDS,
    REASON_CODES,
    Challenge,
    Correct,
    Done,
    Keep,
    Options,
    Rules,
    Ruling,
    State,
    Submit,
    TimeUp,
    move_from_json,
)

LEX = WordList()


def area(*letters: str) -> list[AreaCard]:
    """A play area from letters in slot order, bonuses from our deck."""
    deck = load_deck()
    bonus = {lt: b for lt, b in deck.cards()}
    return [AreaCard(i, lt, deck.columns[i // 2], bonus[lt]) for i, lt in enumerate(letters)]


def new_game(n: int = 3, seed: int = 1, **opts: object) -> tuple[Rules, State]:
    rules = Rules(LEX, Options(**opts))  # type: ignore[arg-type]
    state, _ = rules.new([f"p{i}" for i in range(n)], seed)
    return rules, state


def kinds(events: list) -> list[str]:  # type: ignore[type-arg]
    return [e.kind for e in events]


# ----------------------------------------------------------------- the deck


def test_deck_has_60_cards_44_common_16_rare_consonants_only() -> None:
    deck = load_deck()
    cards = deck.cards()
    assert len(cards) == 60
    assert sum(1 for _, b in cards if b == 0) == 44
    assert sum(1 for _, b in cards if b > 0) == 16
    assert {b for _, b in cards if b} == {1, 2}
    assert not set(deck.vowels) & {lt for lt, _ in cards}
    assert deck.columns == (5, 4, 3, 2)


def test_setup_deals_eight_cards_two_per_column_right_column_first() -> None:
    rules, _ = new_game()
    state, events = rules.new(["a", "b", "c"], 7)
    dealt = [e for e in events if e.kind == "card_dealt"]
    assert len(dealt) == 8
    assert [e.params["column"] for e in dealt] == [2, 2, 3, 3, 4, 4, 5, 5]
    assert len(state.area) == 8 and -1 not in state.area
    assert card_ids(state) == list(range(60))


def test_same_seed_gives_the_same_game() -> None:
    _, a = new_game(seed=42)
    _, b = new_game(seed=42)
    _, c = new_game(seed=43)
    assert a.to_json() == b.to_json()
    assert a.area != c.area or a.deck != c.deck


def test_a_broken_deck_file_is_named_in_a_sentence(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from braille_words.games.seven_words.deck import DATA_FILE

    good = DATA_FILE.read_text(encoding="utf-8")
    bad = tmp_path / "deck.toml"
    bad.write_text(good.replace("values = [5, 4, 3, 2]", "values = 'x'"), encoding="utf-8")
    with pytest.raises(InputError, match="values"):
        load_deck(bad)
    bad.write_text(good.replace("[rare]", "[rare]\nb = [1, 1]"), encoding="utf-8")
    with pytest.raises(InputError, match="common and as rare"):
        load_deck(bad)
    bad.write_text("not toml [", encoding="utf-8")
    with pytest.raises(InputError, match="TOML"):
        load_deck(bad)


# ----------------------------------------------------------------- 2 na 2


def _end_round_with_no_challenges(rules: Rules, state: State, words: list[str]) -> tuple:  # type: ignore[type-arg]
    events: list = []  # type: ignore[type-arg]
    for seat, w in enumerate(words):
        state, ev = rules.apply(state, seat, Submit(w))
        events += ev
    for seat in range(state.players):
        state, ev = rules.apply(state, seat, Done())
        events += ev
    return state, events


def test_two_on_two_example_a_a_third_card_of_one_letter_is_set_aside() -> None:
    rules, state = new_game(2)
    # The two N cards on the left slide right; the next two cards drawn are N again.
    set_area(state, ["n", "n", "b", "d", "c", "k", "m", "t"])
    stack_deck(state, ["n", "n", "p", "g", "j", "w"])
    state, events = _end_round_with_no_challenges(rules, state, ["oko", "ucho"])
    rejected = [x for e in events if e.kind == "card_rejected" for x in e.params["letters"]]
    assert rejected == ["n", "n"]
    # both told in one sentence, not one sentence a card
    assert sum(1 for e in events if e.kind == "card_rejected") == 1
    letters = Counter(state.cards[c].letter for c in state.area)
    assert letters["n"] == 2
    assert card_ids(state) == list(range(60))


def test_two_on_two_example_b_a_third_rare_card_is_set_aside() -> None:
    rules, state = new_game(2)
    set_area(state, ["ł", "ń", "b", "d", "c", "k", "m", "t"])
    stack_deck(state, ["h", "p", "g", "j", "w"])
    state, events = _end_round_with_no_challenges(rules, state, ["oko", "ucho"])
    rejected = [x for e in events if e.kind == "card_rejected" for x in e.params["letters"]]
    assert rejected == ["h"]
    assert sum(1 for c in state.area if state.cards[c].value > 0) == 2


def test_after_a_round_the_right_cards_go_the_left_slide_right_and_four_come_in() -> None:
    rules, state = new_game(2)
    set_area(state, ["b", "d", "c", "k", "m", "t", "g", "j"])
    left = state.area[:4]
    right = state.area[4:]
    state, events = _end_round_with_no_challenges(rules, state, ["oko", "ucho"])
    assert state.area[4:] == left
    assert set(right) <= set(state.discard)
    assert sum(1 for e in events if e.kind == "card_dealt") >= 4
    assert state.round == 2


# ----------------------------------------------------------------- scoring


def test_wyselekcjonowany_scores_22_with_one_for_the_l_card() -> None:
    # L+1 and S over 5; W, B over 4; N, S over 3; W, C over 2. One S used, two shown: the
    # better column (5). Two W used, two shown: both (4 + 2). Two N used, one shown: once (3).
    play = area("l", "s", "w", "b", "n", "s", "w", "c")
    assert word_score("wyselekcjonowany", play) == 22
    assert play[0].bonus == 1


def test_lumpenproletariat_scores_26_with_two_for_two_l_cards() -> None:
    play = area("l", "p", "l", "t", "r", "m", "b", "d")
    assert word_score("lumpenproletariat", play) == 26
    assert sum(c.bonus for c in play if c.letter == "l") == 2


def test_letters_outside_the_play_area_and_vowels_are_free() -> None:
    play = area("b", "d", "c", "k", "m", "t", "g", "j")
    assert word_score("oaza", play) == 0
    assert word_score("kot", play) == 4 + 3


def test_the_rules_score_a_written_word_against_the_table() -> None:
    rules, state = new_game(2)
    set_area(state, ["l", "s", "w", "b", "n", "s", "w", "c"])
    state, events = rules.apply(state, 0, Submit("WYSELEKCJONOWANY"))
    mine = [e for e in events if e.kind == "word_written"]
    assert mine[0].params == {"word": "wyselekcjonowany", "score": 22} and mine[0].to == 0


# ----------------------------------------------------------------- the round


def test_a_written_word_is_private_until_all_words_are_in() -> None:
    rules, state = new_game(3)
    state, events = rules.apply(state, 1, Submit("oko"))
    for e in events:
        if "oko" in json.dumps(e.params, ensure_ascii=False):
            assert e.to == 1
    assert state.awaiting == frozenset({0, 2})
    assert "word" not in state.view_for(0)["words"][1]
    assert state.view_for(1)["words"][1]["word"] == "oko"
    state, _ = rules.apply(state, 0, Submit("ucho"))
    state, events = rules.apply(state, 2, Submit("echo"))
    revealed = [e for e in events if e.kind == "words_revealed"]
    assert revealed and revealed[0].to is None
    assert [w["word"] for w in revealed[0].params["words"]] == ["ucho", "oko", "echo"]
    assert state.phase == "challenges"
    assert state.view_for(0)["words"][1]["word"] == "oko"


def test_first_word_makes_the_fastest_player_and_turns_the_hourglass() -> None:
    rules, state = new_game(3)
    state, events = rules.apply(state, 2, Submit("oko"))
    assert "fastest" in kinds(events) and "hourglass_started" in kinds(events)
    assert state.fastest == 2 and state.table_decision == "time_up"
    state, events = rules.apply(state, 0, Submit("ucho"))
    assert "fastest" not in kinds(events) and state.fastest == 2


def test_time_up_ends_the_writing_and_a_late_seat_has_no_word() -> None:
    rules, state = new_game(3)
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, TimeUp())
    assert exc.value.reasons[0].code == "hourglass_not_running"
    state, _ = rules.apply(state, 0, Submit("oko"))
    state, events = rules.apply(state, 0, TimeUp())
    assert "words_revealed" in kinds(events)
    with pytest.raises(RuleViolation):
        rules.apply(state, 1, Submit("ucho"))
    state = everyone_done(rules, state)
    last = state.history[-1]["results"]
    assert last[1]["word"] is None and last[1]["score"] == 0 and last[1]["bonus"] == 0


def test_a_written_word_cannot_be_changed() -> None:
    rules, state = new_game(2)
    state, _ = rules.apply(state, 0, Submit("oko"))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Submit("ucho"))
    assert exc.value.reasons[0].code == "already_written"


def test_hyphens_apostrophes_and_two_words_are_refused_with_every_reason() -> None:
    rules, state = new_game(2)
    for text in ("biało-czerwony", "rock'n'roll", "dwa słowa", "k2", ""):
        with pytest.raises(RuleViolation) as exc:
            rules.apply(state, 0, Submit(text))
        assert exc.value.reasons[0].code == "not_a_word"
    state, _ = rules.apply(state, 0, Submit("oko"))
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Submit("x-y"))
    assert {r.code for r in exc.value.reasons} == {"already_written", "not_a_word"}


def test_an_unknown_word_is_flagged_privately_to_its_writer() -> None:
    rules, state = new_game(2)
    state, events = rules.apply(state, 0, Submit("grzdyl"))
    unknown = [e for e in events if e.kind == "word_unknown"]
    assert unknown and unknown[0].to == 0


def _round(rules: Rules, state: State, words: dict[int, str]) -> State:
    for seat, w in words.items():
        state, _ = rules.apply(state, seat, Submit(w))
    return everyone_done(rules, state)


def test_rulebook_bonus_examples_snopowiazalka_and_antropomorfizacja() -> None:
    rules, state = new_game(3)
    # Round 1: Sławek (0) fastest with 18; Ania (1) 19 marks the first box; Marek (2) 3.
    set_area(state, ["s", "p", "ł", "t", "w", "m", "b", "r"])
    state = _round(rules, state, {0: "snopowiązałka", 1: "europarlamentarzysta", 2: "dom"})
    r1 = state.history[0]["results"]
    assert [r["score"] for r in r1] == [18, 19, 3]
    assert [r["bonus"] for r in r1] == [0, 1, 0]
    assert state.no_flip == 0
    # Round 2: Sławek holds "Nie obracaj": writing first does not make him fastest.
    state, events = rules.apply(state, 0, Submit("oko"))
    assert "fastest" not in kinds(events)
    state = _round(rules, state, {1: "ucho", 2: "ewa"})
    assert state.history[1]["fastest"] == 1 and state.no_flip == 1
    # Round 3: Sławek fastest with 21, Ania 19, Marek 21: a tie is enough for the +2 box.
    set_area(state, ["n", "c", "w", "m", "f", "t", "d", "k"])
    state = _round(
        rules,
        state,
        {0: "antropomorfizacja", 1: "satysfakcjonujący", 2: "dźwiękonaśladownictwo"},
    )
    r3 = state.history[2]["results"]
    assert [r["score"] for r in r3] == [21, 19, 21]
    assert [r["bonus"] for r in r3] == [2, 0, 0]


def test_with_two_players_there_is_no_do_not_turn_card() -> None:
    rules, state = new_game(2)
    state = _round(rules, state, {0: "oko", 1: "ucho"})
    assert state.no_flip is None
    state, events = rules.apply(state, 0, Submit("echo"))
    assert "fastest" in kinds(events)


def test_five_players_the_fastest_needs_to_beat_three_opponents() -> None:
    rules, state = new_game(5)
    set_area(state, ["s", "p", "ł", "t", "w", "m", "b", "r"])
    # 0 fastest with 18; 1 has 19 (+1), 2..4 have less: 18 >= three opponents -> +2.
    state = _round(
        rules,
        state,
        {0: "snopowiązałka", 1: "europarlamentarzysta", 2: "dom", 3: "oko", 4: "ucho"},
    )
    assert [r["bonus"] for r in state.history[0]["results"]] == [2, 1, 0, 0, 0]
    rules, state = new_game(4)
    set_area(state, ["s", "p", "ł", "t", "w", "m", "b", "r"])
    state = _round(
        rules, state, {0: "snopowiązałka", 1: "europarlamentarzysta", 2: "dom", 3: "oko"}
    )
    assert [r["bonus"] for r in state.history[0]["results"]] == [0, 1, 0, 0]


# ----------------------------------------------------------------- challenges


def _revealed(rules: Rules, state: State, words: dict[int, str]) -> State:
    for seat, w in words.items():
        state, _ = rules.apply(state, seat, Submit(w))
    return state


def test_a_right_challenge_scores_the_word_nothing_and_no_bonus() -> None:
    rules, state = new_game(3)
    set_area(state, ["s", "p", "ł", "t", "w", "m", "b", "r"])
    state = _revealed(rules, state, {2: "sprawdzamy", 0: "oko", 1: "ucho"})
    state, events = rules.apply(state, 0, Challenge(2))
    assert "challenge_upheld" in kinds(events)
    state = everyone_done(rules, state)
    r = state.history[0]["results"]
    assert r[2]["score"] == 0 and r[2]["bonus"] == 0 and not r[2]["valid"]
    assert state.penalties == [0, 0, 0]


def test_a_wrong_challenge_marks_a_penalty_of_two_points() -> None:
    rules, state = new_game(2)
    state = _revealed(rules, state, {0: "oko", 1: "ucho"})
    state, events = rules.apply(state, 1, Challenge(0))
    assert "challenge_failed" in kinds(events) and "penalty_marked" in kinds(events)
    assert state.penalties == [0, 1]
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 1, Challenge(0))
    assert exc.value.reasons[0].code == "already_challenged"
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Challenge(0))
    assert exc.value.reasons[0].code == "own_word"


def test_family_rule_the_lexicon_warns_and_the_table_decides() -> None:
    rules, state = new_game(2)
    state = _round(rules, state, {0: "śmiech", 1: "oko"})
    state, events = rules.apply(state, 0, Submit("śmiesznie"))
    assert any(e.kind == "word_family_warning" and e.to == 0 for e in events)
    state, events = rules.apply(state, 1, Submit("ucho"))
    assert [e.params["earlier"] for e in events if e.kind == "family_warning"] == ["śmiech"]
    state, events = rules.apply(state, 1, Challenge(0))
    assert state.phase == "ruling" and state.table_decision == "ruling"
    assert state.awaiting == frozenset()
    upheld, _ = rules.apply(state, 1, Ruling(True))
    assert upheld.invalid[0] and upheld.penalties == [0, 0]
    overruled, _ = rules.apply(state, 1, Ruling(False))
    assert not overruled.invalid[0] and overruled.penalties == [0, 1]


def test_two_players_may_use_the_same_word_in_one_round() -> None:
    rules, state = new_game(2)
    state = _revealed(rules, state, {0: "oko", 1: "oko"})
    state, events = rules.apply(state, 0, Challenge(1))
    assert "challenge_failed" in kinds(events)


def test_lenient_table_lets_a_challenged_word_be_corrected_to_its_form() -> None:
    rules, state = new_game(2, lenient=True)
    state = _revealed(rules, state, {0: "snopowiązalka", 1: "oko"})
    state, events = rules.apply(state, 1, Challenge(0))
    assert state.phase == "correction" and state.awaiting == frozenset({0})
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Correct("europarlamentarzysta"))
    assert exc.value.reasons[0].code == "not_what_was_meant"
    state, events = rules.apply(state, 0, Correct("snopowiązałka"))
    assert "word_corrected" in kinds(events)
    assert state.words[0] == "snopowiązałka" and state.penalties == [0, 0]


def test_lenient_table_takes_one_word_of_a_hyphenated_entry() -> None:
    rules, state = new_game(2, lenient=True)
    state = _revealed(rules, state, {0: "kot-pies", 1: "oko"})
    state, _ = rules.apply(state, 1, Challenge(0))
    state, _ = rules.apply(state, 0, Correct("pies"))
    assert state.words[0] == "pies"
    rules, state = new_game(2, lenient=True)
    state = _revealed(rules, state, {0: "kot-pies", 1: "oko"})
    state, _ = rules.apply(state, 1, Challenge(0))
    state, events = rules.apply(state, 0, Correct(None))
    assert "word_withdrawn" in kinds(events) and state.invalid[0]


# ----------------------------------------------------------------- the end


SHEET = [
    # (area, seat 0 word, its score, seat 1 word, who is fastest)
    (["ń", "b", "ł", "j", "n", "s", "w", "m"], "absolwent", 13, "absolwent", 1),
    (["ń", "d", "d", "t", "w", "n", "ł", "c"], "dźwiękonaśladownictwo", 21, "ucho", 0),
    (["s", "p", "ż", "c", "d", "s", "h", "g"], "dziesięciogroszówka", 17, "dziesięciogroszówka", 1),
    (["d", "n", "h", "w", "c", "f", "m", "j"], "blachodachówka", 17, "oko", 0),
    (["z", "l", "g", "ś", "p", "r", "c", "w"], "rozluźniony", 14, "rozluźniony", 1),
    (["k", "c", "z", "n", "p", "r", "j", "c"], "podpajęczynówkowy", 23, "ewa", 0),
    (["w", "z", "p", "r", "k", "r", "ł", "c"], "słowotwórczy", 19, "echo", 1),
]


def test_score_sheet_example_97_plus_7_minus_2_is_102() -> None:
    rules, state = new_game(2)
    for i, (letters, mine, score, theirs, fastest) in enumerate(SHEET):
        set_area(state, letters)
        order = [(fastest, mine if fastest == 0 else theirs)]
        order.append((1 - fastest, theirs if fastest == 0 else mine))
        for seat, w in order:
            state, _ = rules.apply(state, seat, Submit(w))
        if i == 6:  # a wrong challenge: ECHO exists
            state, _ = rules.apply(state, 0, Challenge(1))
        state = everyone_done(rules, state)
        assert state.history[-1]["results"][0]["score"] == score
    assert state.is_over
    me = state.result()["players"][0]
    assert sorted(me["words"]) == [13, 14, 17, 17, 19, 21, 23]
    assert sum(me["kept"]) == 97 and me["kept"] == [23, 21, 19, 17, 17]
    assert me["bonus"] == 7 and me["penalties"] == 1
    assert me["total"] == 102
    assert state.result()["winners"] == [0]
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Submit("oko"))
    assert exc.value.reasons[0].code == "game_over"


def _sheet_state(word_scores: list[list[int]], bonuses: list[int]) -> State:
    _, state = new_game(len(word_scores))
    d = state.to_json()
    d["phase"] = "over"
    d["history"] = [
        {
            "round": r + 1,
            "area": [],
            "fastest": None,
            "main": None,
            "results": [
                {
                    "seat": s,
                    "word": "x",
                    "score": word_scores[s][r],
                    "bonus": bonuses[s] if r == 0 else 0,
                    "valid": True,
                    "corrected": False,
                }
                for s in range(len(word_scores))
            ],
        }
        for r in range(7)
    ]
    return State.from_json(d)


def test_a_tie_goes_to_the_best_word_then_the_next() -> None:
    st = _sheet_state([[20, 10, 10, 10, 10, 0, 0], [15, 15, 10, 10, 10, 0, 0]], [0, 0])
    assert st.result()["scores"] == [60, 60]
    assert st.result()["winners"] == [0]
    st = _sheet_state([[20, 15, 10, 5, 5, 0, 0], [20, 15, 10, 8, 2, 0, 0]], [0, 0])
    assert st.result()["winners"] == [1]


def test_a_tie_on_every_word_is_shared() -> None:
    st = _sheet_state([[20, 10, 10, 10, 10, 1, 0], [20, 10, 10, 10, 10, 0, 3]], [1, 1])
    assert st.result()["winners"] == [0, 1]


# ----------------------------------------------------------------- contract


def test_state_round_trips_through_json_exactly() -> None:
    rules, state = new_game(3, veterans=(1,), lenient=True)
    state, _ = rules.apply(state, 0, Submit("oko"))
    text = json.dumps(state.to_json(), ensure_ascii=False)
    again = State.from_json(json.loads(text))
    assert again.to_json() == state.to_json()
    assert again == state


def test_moves_round_trip_and_garbage_is_an_input_error() -> None:
    for move in (
        Submit("oko"),
        Keep(("l", "s")),
        TimeUp(),
        Challenge(2),
        Done(),
        Ruling(True),
        Correct(None),
        Correct("pies"),
    ):
        assert move_from_json(json.loads(json.dumps(move.to_json()))) == move
    for bad in ({}, {"type": "word"}, {"type": "challenge", "target": "x"}, {"type": "zzz"}):
        with pytest.raises(InputError):
            move_from_json(bad)


def test_every_event_and_reason_has_an_english_template() -> None:
    rules, state = new_game(3, lenient=True)
    seen: set[str] = set()
    state, ev = rules.new(["a", "b", "c"], 5)
    seen |= set(kinds(ev))
    state, ev = rules.apply(state, 0, Submit("śmiech"))
    seen |= set(kinds(ev))
    state, ev = rules.apply(state, 1, TimeUp())
    seen |= set(kinds(ev))
    for e in ev:
        filled(EVENT_KINDS[e.kind], e.params)
    assert seen <= set(EVENT_KINDS)
    try:
        rules.apply(state, 0, Submit("x"))
    except RuleViolation as exc:
        for r in exc.reasons:
            assert r.code in REASON_CODES


def test_view_shows_the_table_and_own_word_only() -> None:
    rules, state = new_game(3)
    state, _ = rules.apply(state, 0, Submit("oko"))
    view = state.view_for(2)
    assert len(view["area"]) == 8 and view["awaiting"] == [1, 2]
    assert "oko" not in json.dumps(view, ensure_ascii=False)
    json.dumps(state.view_for(0))


def test_wrong_seat_counts_and_options_are_sentences() -> None:
    with pytest.raises(InputError):
        Rules(LEX).new([f"p{i}" for i in range(7)], 1)
    with pytest.raises(InputError):
        Rules(LEX, Options(veterans=(4,))).new(["a", "b"], 1)
    with pytest.raises(InputError):
        Options.from_json({"solo_level": "impossible"})
    assert Options.from_json(Options(veterans=(1,)).to_json()) == Options(veterans=(1,))


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    rules, state = new_game(2)
    state.discard, state.deck = state.discard + state.deck, []
    state, events = _end_round_with_no_challenges(rules, state, ["oko", "ucho"])
    assert "deck_reshuffled" in kinds(events) and state.reshuffles == 1
    assert card_ids(state) == list(range(60)) and -1 not in state.area
    again = State.from_json(state.to_json())
    assert again == state


def test_options_typed_as_text_are_understood_or_refused_in_a_sentence() -> None:
    typed = Options.from_json(
        {"hourglass": "nie", "lenient": "yes", "veterans": "0, 2", "main_player": "1"}
    )
    assert typed == Options(hourglass=False, lenient=True, veterans=(0, 2), main_player=1)
    for bad in ({"hourglass": "maybe"}, {"veterans": "a,b"}, {"main_player": "x"}, {"x": 1}):
        with pytest.raises(InputError):
            Options.from_json(bad)


@pytest.mark.parametrize(("lang", "told"), [("pl", "BERBERYS już było"),
                                            ("en", "BERBERYS was already used")])
def test_the_very_word_again_is_told_as_a_repeat_not_as_its_own_family(
    lang: str, told: str
) -> None:
    # Played by ear: BERBERYS twice was "BERBERYS looks like the same family as BERBERYS".
    from braille_words.games.seven_words.presenter import event_params
    from braille_words.present.messages import render

    rules, state = new_game(2)
    state = _round(rules, state, {0: "berberys", 1: "oko"})
    state, events = rules.apply(state, 0, Submit("berberys"))
    warned = [e for e in events if e.kind == "word_family_warning"]
    assert len(warned) == 1
    params = {**warned[0].params, **event_params(warned[0].kind, dict(warned[0].params), 0,
                                                 ["Ola", "Ada"], lang)}
    said = render(lang, "seven_words", "word_family_warning", params)
    assert told in said and ("rodziny" not in said and "family" not in said)
    # a real family stays a family
    params = {"word": "śmiesznie", "earlier": "śmiech"}
    params.update(event_params("word_family_warning", params, 0, ["Ola", "Ada"], lang))
    assert "ŚMIECH" in render(lang, "seven_words", "word_family_warning", params)
