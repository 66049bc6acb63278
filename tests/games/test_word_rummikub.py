"""Rummikub Słowny rules, checked on the rulebook's own examples and its joker, scoring and
ending rules. A tiny in-memory word list stands in for the Polish lexicon so every word a test
relies on is visible here."""

from __future__ import annotations

import pytest

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.word_rummikub.rules import (
    EVENT_KINDS,
    REASON_CODES,
    CastVote,
    CloseVote,
    Draw,
    EndTurn,
    MoveTile,
    NewWord,
    Options,
    Place,
    Rebuild,
    ResetTurn,
    Rules,
    Split,
    State,
    SwapJoker,
    TakeBack,
    TimeUp,
    Undo,
    arranged_state,
    move_from_json,
    word_text,
)
from braille_words.games.word_rummikub.settings import default_settings, load_settings, make_set

WORDS = frozenset(
    [
        "zaszczyt", "szczyt", "koszyk", "kot", "szyk", "szyszka", "oczy", "kat", "kotek",
        "kasza", "koza", "szok", "sok", "kosz", "kasa", "osa", "okno", "oko", "tak", "sto",
        "lato", "lotka", "motyl", "zamek", "domek", "kotka", "akt",
    ]
)


class SmallLexicon:
    """Just enough of a lexicon for the rules: membership in a fixed set."""

    def __init__(self, words: frozenset[str] = WORDS) -> None:
        self.words = words

    def contains(self, word: str) -> bool:
        return word in self.words


def rules(**options: object) -> Rules:
    return Rules(SmallLexicon(), Options(**options))  # type: ignore[arg-type]


arrange = arranged_state


def rack_id(state: State, letter: str | None, nth: int = 0) -> int:
    found = [t.id for t in state.turn.rack if t.letter == letter]
    return found[nth]


def table_words(state: State) -> list[str]:
    return [word_text(w) for w in state.table]


def play(r: Rules, state: State, *moves: object) -> State:
    for m in moves:
        state, _ = r.apply(state, state.current, m)  # type: ignore[arg-type]
    return state


def codes(exc: pytest.ExceptionInfo[RuleViolation]) -> set[str]:
    return {reason.code for reason in exc.value.reasons}


def assert_tiles_complete(state: State) -> None:
    assert sorted(state.all_tiles()) == list(range(112))


# ----------------------------------------------------------------------------- set-up


def test_the_set_has_112_tiles_110_letters_and_2_jokers() -> None:
    tiles = make_set()
    assert len(tiles) == 112
    assert sum(1 for t in tiles if t.is_joker) == 2
    ours = default_settings()
    assert ours.letters["a"] == 9 and ours.letters["ź"] == 1


def test_each_player_gets_14_tiles_and_the_rest_is_the_bank() -> None:
    state, events = rules().new(["Ala", "Bartek", "Celina"], seed=7)
    assert [len(r) for r in state.racks] == [14, 14, 14]
    assert len(state.bank) == 112 - 42
    assert_tiles_complete(state)
    dealt = [e for e in events if e.kind == "rack_dealt"]
    assert {e.to for e in dealt} == {0, 1, 2}


def test_two_to_four_players() -> None:
    with pytest.raises(InputError):
        rules().new(["solo"], seed=1)
    with pytest.raises(InputError):
        rules().new(["a", "b", "c", "d", "e"], seed=1)


def test_starter_is_the_player_whose_tile_is_closest_to_a() -> None:
    for seed in range(30):
        state, events = rules().new(["a", "b", "c", "d"], seed=seed)
        draws = [e for e in events if e.kind == "starter_draw"]
        # the last round of draws decides; its best letter belongs to the starter
        last_round: dict[int, str] = {}
        for e in draws:
            if e.params["seat"] in last_round and len(last_round) > 0:
                last_round = {}
            last_round[e.params["seat"]] = e.params["letter"]
        order = "AĄBCĆDEĘFGHIJKLŁMNŃOÓPRSŚTUWYZŹŻ"
        rank = {s: order.index(ch) if ch != "joker" else 99 for s, ch in last_round.items()}
        assert min(rank, key=lambda s: rank[s]) == state.starter
        assert state.current == state.starter


def test_a_tie_for_the_start_is_drawn_again_among_the_tied_only() -> None:
    seen_tie = False
    for seed in range(300):
        _, events = rules().new(["a", "b", "c", "d"], seed=seed)
        ties = [e for e in events if e.kind == "starter_tie"]
        if ties:
            seen_tie = True
            tied = set(ties[0].params["seats"])
            after = events[events.index(ties[0]) + 1 :]
            redraw = {e.params["seat"] for e in after if e.kind == "starter_draw"}
            assert redraw <= tied
    assert seen_tie


def test_the_next_game_starts_with_the_player_left_of_the_previous_starter() -> None:
    state, events = rules(previous_starter=2).new(["a", "b", "c"], seed=5)
    assert state.starter == 0
    assert not [e for e in events if e.kind == "starter_draw"]
    state, _ = rules(previous_starter=0).new(["a", "b", "c"], seed=5)
    assert state.starter == 1


def test_the_same_seed_deals_the_same_game() -> None:
    a, _ = rules().new(["a", "b"], seed=11)
    b, _ = rules().new(["a", "b"], seed=11)
    assert a.to_json() == b.to_json()


def test_settings_come_from_the_data_file_and_a_teacher_may_change_them() -> None:
    text = """
[tiles]
jokers = 2
[tiles.letters]
"a" = 55
"k" = 55
[rules]
deal = 10
rack_size = 5
first_word_min = 4
word_min = 2
joker_penalty = 50
first_lay_down_many_words = false
pass_round_needs_empty_bank = false
move_limit_seconds = 60
move_limit_option = 60
"""
    s = load_settings(text)
    assert s.joker_penalty == 50 and s.letters == {"a": 55, "k": 55}
    with pytest.raises(InputError):
        load_settings("[tiles]\n")


# ----------------------------------------------------------------------------- rulebook examples


def test_example_1_za_and_szczyt_make_zaszczyt() -> None:
    r = rules()
    s = arrange(["zaooooo", "eeeeeee"], ["szczyt"])
    s = play(r, s, Place(rack_id(s, "z"), 0, 0), Place(rack_id(s, "a"), 0, 1), EndTurn())
    assert table_words(s) == ["zaszczyt"]
    assert s.scores == (8, 0)
    assert_tiles_complete(s)


def test_example_1_as_a_declarative_rebuild() -> None:
    r = rules()
    s = arrange(["zaooooo", "eeeeeee"], ["szczyt"])
    s = play(r, s, Rebuild((0,), "za", ("zaszczyt",), end=True))
    assert table_words(s) == ["zaszczyt"] and s.scores == (8, 0)


def test_example_2_t_splits_koszyk_into_kot_and_szyk() -> None:
    r = rules()
    s = arrange(["teeeeee", "iiiiiii"], ["koszyk"])
    s = play(r, s, Split(0, 2), Place(rack_id(s, "t"), 0, 2), EndTurn())
    assert table_words(s) == ["kot", "szyk"]
    assert s.scores == (3, 0)  # KOT holds the player's T; SZYK holds none of their tiles
    assert_tiles_complete(s)


def test_example_3_aa_rebuilds_koszyk_and_szczyt_into_szyszka_oczy_kat_for_7() -> None:
    r = rules()
    s = arrange(["aaeeeee", "iiiiiii"], ["koszyk", "szczyt"])
    s = play(r, s, Rebuild((0, 1), "aa", ("szyszka", "oczy", "kat"), end=True))
    assert table_words(s) == ["szyszka", "oczy", "kat"]
    assert s.scores == (7, 0)
    assert_tiles_complete(s)


def test_a_rebuild_leaves_every_word_it_did_not_touch_under_its_number() -> None:
    """Issue 16: a listener holds on to "word 3"; a rebuild of word 2 into two words must not
    move word 3. The first word made takes word 2's place, the extra one goes last."""
    r = rules()
    s = arrange(["teeeeee", "iiiiiii"], ["oko", "koszyk", "lato", "okno"])
    s, events = r.apply(s, 0, Rebuild((1,), "t", ("kot", "szyk"), end=False))
    assert [word_text(w) for w in s.turn.table] == ["oko", "kot", "lato", "okno", "szyk"]
    assert events[0].params["words"] == "2 KOT, 5 SZYK"
    assert events[0].params["taken"] == "2 KOSZYK" and events[0].params["renumbered"] == 0


def test_a_rebuild_that_merges_words_says_from_which_number_the_table_moved() -> None:
    r = rules()
    s = arrange(["aaeeeee", "iiiiiii"], ["oko", "koszyk", "lato", "szczyt", "okno"])
    s, events = r.apply(s, 0, Rebuild((1, 3), "aa", ("szyszka", "oczy", "kat"), end=False))
    # KOSZYK's place takes SZYSZKA, SZCZYT's takes OCZY; KAT goes last.
    assert [word_text(w) for w in s.turn.table] == [
        "oko", "szyszka", "lato", "oczy", "okno", "kat"
    ]
    assert events[0].params["renumbered"] == 0
    s = arrange(["eeeeeee", "iiiiiii"], ["oko", "ko", "szyk", "lato"])
    s, events = r.apply(s, 0, Rebuild((1, 2), "", ("koszyk",), end=False))
    assert [word_text(w) for w in s.turn.table] == ["oko", "koszyk", "lato"]
    assert events[0].params["words"] == "2 KOSZYK" and events[0].params["renumbered"] == 3


def test_example_3_step_by_step() -> None:
    r = rules()
    s = arrange(["aaeeeee", "iiiiiii"], ["koszyk", "szczyt"])
    # KOSZYK -> KO + SZYK ; SZCZYT -> SZ + CZYT ; ...
    s = play(
        r, s,
        Split(0, 2),                      # KO | SZYK | SZCZYT
        Split(2, 2),                      # KO | SZYK | SZ | CZYT
        MoveTile(3, 3, 0, 2),             # KOT | SZYK | SZ | CZY
        MoveTile(0, 1, 3, 0),             # KT | SZYK | SZ | OCZY
        Place(rack_id(s, "a"), 0, 1),     # KAT
        MoveTile(1, 3, 2, 2),             # KAT | SZY | SZK | OCZY
        Place(rack_id(s, "a", 1), 2, 3),  # SZKA
        MoveTile(1, 0, 2, 0),             # KAT | ZY | SSZKA | OCZY
        MoveTile(1, 0, 2, 1),             # KAT | Y | SZSZKA | OCZY
        MoveTile(1, 0, 2, 2),             # KAT | SZYSZKA | OCZY
    )
    assert [word_text(w) for w in s.turn.table] == ["kat", "szyszka", "oczy"]
    s = play(r, s, EndTurn())
    assert s.scores == (7, 0)


def test_the_14_tile_hand_lays_szyszka_oczy_kat_as_a_first_lay_down_and_doubles() -> None:
    r = rules()
    s = arrange(["katakszszczoyy", "iiiiiii"], laid_down=[False, False])
    s, events = r.apply(s, 0, Rebuild((), "katakszszczoyy", ("szyszka", "oczy", "kat"), True))
    assert table_words(s) == ["szyszka", "oczy", "kat"]
    assert s.scores == (14, 0)  # 7 for SZYSZKA, doubled: the whole rack was laid
    assert len(s.racks[0]) == 7  # all used: 7 new ones
    assert "rack_emptied" in {e.kind for e in events}


# ----------------------------------------------------------------------------- first lay-down


def test_first_lay_down_needs_a_word_of_six_letters() -> None:
    r = rules()
    s = arrange(["kotabcd", "iiiiiii"], laid_down=[False, False])
    s2 = play(r, s, Rebuild((), None, ("kot",)))
    with pytest.raises(RuleViolation) as exc:
        r.apply(s2, 0, EndTurn())
    assert codes(exc) == {"first_word_too_short"}


def test_first_lay_down_uses_own_tiles_only() -> None:
    r = rules()
    s = arrange(["zaooooo", "iiiiiii"], ["szczyt"], laid_down=[False, True])
    with pytest.raises(RuleViolation) as exc:
        play(r, s, Rebuild((0,), "za", ("zaszczyt",), end=True))
    assert "first_table_changed" in codes(exc)


def test_first_lay_down_may_be_one_word_only_when_the_teacher_says_so() -> None:
    r = rules(first_lay_down_many_words=False)
    s = arrange(["katakszszczoyy", "iiiiiii"], laid_down=[False, False])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Rebuild((), None, ("szyszka", "oczy", "kat"), True))
    assert codes(exc) == {"first_one_word"}


def test_without_a_six_letter_word_the_player_draws_one_tile_and_passes() -> None:
    r = rules()
    s = arrange(["kotabcd", "iiiiiii"], laid_down=[False, False])
    top = s.bank[0]
    s2, events = r.apply(s, 0, Draw())
    assert top in s2.racks[0] and len(s2.racks[0]) == 8
    assert s2.current == 1
    private = [e for e in events if e.kind == "tiles_received"]
    assert private and all(e.to == 0 for e in private)


# ----------------------------------------------------------------------------- later turns


def test_later_words_need_three_letters_and_must_be_words() -> None:
    r = rules()
    s = arrange(["koteeee", "iiiiiii"], ["szczyt"])
    with pytest.raises(RuleViolation) as exc:
        play(r, s, Rebuild((), "ko", ("ko",), end=True))
    assert codes(exc) == {"word_too_short"}
    with pytest.raises(RuleViolation) as exc:
        play(r, s, Rebuild((), "tko", ("tko",), end=True))
    assert codes(exc) == {"not_a_word"}


def test_every_reason_is_given_at_once() -> None:
    r = rules()
    s = arrange(["koteeee", "iiiiiii"], ["szczyt"])
    s = play(r, s, Split(0, 2))  # SZ | CZYT: neither is a word
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, EndTurn())
    assert codes(exc) == {"no_own_tile", "word_too_short", "not_a_word"}


def test_a_turn_must_use_at_least_one_of_your_tiles() -> None:
    r = rules()
    s = arrange(["eeeeeee", "iiiiiii"], ["koszyk"])
    s = play(r, s, Rebuild((0,), "", ("kosz", "yk")))
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, EndTurn())
    assert "no_own_tile" in codes(exc)


def test_a_word_already_on_the_table_may_not_be_laid_again() -> None:
    r = rules()
    s = arrange(["koteeee", "iiiiiii"], ["kot"])
    with pytest.raises(RuleViolation) as exc:
        play(r, s, Rebuild((), "kot", ("kot",), end=True))
    assert codes(exc) == {"word_repeated"}


def test_only_the_longest_word_holding_your_tile_scores() -> None:
    r = rules()
    s = arrange(["teeeeee", "iiiiiii"], ["koszyk", "zaszczyt"])
    s = play(r, s, Split(0, 2), Place(rack_id(s, "t"), 0, 2), EndTurn())
    # ZASZCZYT is longer but holds none of the player's tiles; KOT holds the T
    assert s.scores == (3, 0)


def test_refill_to_seven_at_the_end_of_the_turn() -> None:
    r = rules()
    s = arrange(["zaooooooo", "iiiiiii"], ["szczyt"])  # 9 tiles: 7 left, no refill
    s = play(r, s, Rebuild((0,), "za", ("zaszczyt",), True))
    assert len(s.racks[0]) == 7
    s = arrange(["zaooo", "iiiiiii"], ["szczyt"])  # 5 tiles: 3 left, draw 4
    s = play(r, s, Rebuild((0,), "za", ("zaszczyt",), True))
    assert len(s.racks[0]) == 7


def test_emptying_the_rack_doubles_the_points_and_draws_seven() -> None:
    r = rules()
    s = arrange(["za", "iiiiiii"], ["szczyt"])
    s = play(r, s, Rebuild((0,), None, ("zaszczyt",), True))
    assert s.scores == (16, 0)
    assert len(s.racks[0]) == 7


def test_draw_is_refused_once_tiles_are_laid_until_the_turn_is_reset() -> None:
    r = rules()
    s = arrange(["zaooooo", "iiiiiii"], ["szczyt"])
    s = play(r, s, Place(rack_id(s, "z"), 0, 0))
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Draw())
    assert codes(exc) == {"reset_first"}
    s = play(r, s, ResetTurn(), Draw())
    assert s.current == 1


def test_undo_takes_back_one_step_and_reset_all() -> None:
    r = rules()
    s0 = arrange(["zaooooo", "iiiiiii"], ["szczyt"])
    s1 = play(r, s0, Place(rack_id(s0, "z"), 0, 0))
    s2 = play(r, s1, Place(rack_id(s0, "a"), 0, 1))
    assert play(r, s2, Undo()).turn.table == s1.turn.table
    assert play(r, s2, ResetTurn()).turn == s0.turn
    with pytest.raises(RuleViolation):
        r.apply(s0, 0, Undo())


def test_take_back_returns_only_your_own_tiles() -> None:
    r = rules()
    s = arrange(["zaooooo", "iiiiiii"], ["szczyt"])
    s = play(r, s, Place(rack_id(s, "z"), 0, 0))
    back = play(r, s, TakeBack(0, 0))
    assert len(back.turn.rack) == 7
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, TakeBack(0, 1))
    assert codes(exc) == {"not_your_tile"}


def test_only_the_current_player_may_move() -> None:
    r = rules()
    s = arrange(["zaooooo", "iiiiiii"], ["szczyt"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 1, Draw())
    assert codes(exc) == {"not_your_turn"}


# ----------------------------------------------------------------------------- jokers


def test_a_joker_on_the_rack_may_be_laid_in_the_first_word() -> None:
    r = rules()
    s = arrange(["szczy?e", "iiiiiii"], laid_down=[False, False])
    s = play(r, s, Rebuild((), "szczy?", ("szczyt",), True))
    assert table_words(s) == ["szczyt"] and s.scores == (6, 0)
    joker = next(c for c in s.table[0] if c.tile.is_joker)
    assert joker.letter == "t"


def test_a_joker_is_swapped_for_its_letter_and_must_be_used_again_that_turn() -> None:
    r = rules()
    s = arrange(["osaeeee", "iiiiiii"], ["k?ot"])
    s1 = play(r, s, SwapJoker(0, 1, tile=rack_id(s, "o")))
    assert word_text(s1.turn.table[0]) == "kot"
    assert not any(c.tile.is_joker for c in s1.turn.table[0])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s1, 0, EndTurn())
    assert codes(exc) == {"joker_loose"}
    joker = s1.turn.loose[0].id
    s2 = play(r, s1, NewWord((joker, rack_id(s1, "s"), rack_id(s1, "a")), "o"), EndTurn())
    assert table_words(s2) == ["kot", "osa"]
    assert s2.scores == (3, 0)
    assert_tiles_complete(s2)


def test_a_freed_joker_taken_back_goes_to_the_tiles_to_lay_not_the_rack() -> None:
    """Issue 16 §4: `zdejmij` said the joker went back "na stojak"; it is still to be laid."""
    from braille_words.present.messages import render

    r = rules()
    s = arrange(["osaeeee", "iiiiiii"], ["k?ot"])
    s1 = play(r, s, SwapJoker(0, 1, tile=rack_id(s, "o")))
    joker = s1.turn.loose[0].id
    s2 = play(r, s1, Place(joker, 0, 3, "y"))
    s3, events = r.apply(s2, 0, TakeBack(0, 3))
    assert [t.id for t in s3.turn.loose] == [joker]
    said = render("pl", "word_rummikub", "tile_taken_back", dict(events[-1].params))
    assert "do płytek do ułożenia w tej turze" in said and "stojak" not in said


def test_joker_swap_with_a_letter_from_the_table() -> None:
    r = rules()
    s = arrange(["aeeeeee", "iiiiiii"], ["k?ot", "sok"])
    s1 = play(r, s, SwapJoker(0, 1, from_word=1, from_position=1))
    assert [word_text(w) for w in s1.turn.table] == ["kot", "sk"]
    joker = s1.turn.loose[0].id
    s2 = play(r, s1, Place(joker, 1, 1, "o"))
    assert [word_text(w) for w in s2.turn.table] == ["kot", "sok"] and not s2.turn.loose
    with pytest.raises(RuleViolation) as exc:
        r.apply(s2, 0, EndTurn())
    assert codes(exc) == {"no_own_tile"}


def test_a_joker_may_not_be_taken_before_the_first_lay_down() -> None:
    r = rules()
    s = arrange(["oeeeeee", "iiiiiii"], ["k?ot"], laid_down=[False, True])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, SwapJoker(0, 1, tile=rack_id(s, "o")))
    assert codes(exc) == {"joker_before_first"}


def test_a_joker_must_be_swapped_for_the_letter_it_stands_for() -> None:
    r = rules()
    s = arrange(["aeeeeee", "iiiiiii"], ["k?ot"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, SwapJoker(0, 1, tile=rack_id(s, "a")))
    assert codes(exc) == {"swap_wrong_letter"}


def test_a_joker_left_on_the_rack_at_the_end_costs_30() -> None:
    r = rules()
    s = arrange(["?eeeeee", "iiiiiii"], bank="")
    s = play(r, s, Draw())
    s = play(r, s, Draw())
    assert s.is_over and s.end_reason == "all_passed"
    assert s.scores == (-30, 0)
    assert s.result()["winners"] == [1]


def test_a_joker_placed_from_the_rack_needs_a_letter() -> None:
    r = rules()
    s = arrange(["?eeeeee", "iiiiiii"], ["kot"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Place(rack_id(s, None), 0, 3))
    assert codes(exc) == {"joker_needs_letter"}
    s = play(r, s, Place(rack_id(s, None), 0, 3, "e"), Place(rack_id(s, "e"), 0, 3))
    assert word_text(s.turn.table[0]) == "kotee"


# ----------------------------------------------------------------------------- the end


def test_the_game_ends_when_the_bank_is_empty_and_a_rack_is_emptied() -> None:
    r = rules()
    s = arrange(["za", "iiiiiii"], ["szczyt"], bank="")
    s, events = r.apply(s, 0, Rebuild((0,), None, ("zaszczyt",), True))
    assert s.is_over and s.end_reason == "rack_emptied"
    assert s.result() == {"scores": [16, 0], "penalties": [0, 0], "winners": [0],
                          "reason": "rack_emptied", "words_scored": [1, 0], "doubled": [8, 0],
                          "longest": ["ZASZCZYT", ""]}
    assert events[-1].kind == "game_over"
    assert s.awaiting == frozenset()


def test_a_full_round_of_passes_ends_the_game_and_ties_share_the_win() -> None:
    r = rules()
    s = arrange(["eeeeeee", "iiiiiii", "ooooooo"], bank="")
    s = play(r, s, Draw(), Draw())
    assert not s.is_over
    s = play(r, s, Draw())
    assert s.is_over and s.result()["winners"] == [0, 1, 2]


def test_passes_that_draw_a_tile_do_not_end_the_game_unless_the_teacher_says_so() -> None:
    s = arrange(["eeeeeee", "iiiiiii"])
    assert not play(rules(), s, Draw(), Draw()).is_over
    assert play(rules(pass_round_needs_empty_bank=False), s, Draw(), Draw()).is_over


def test_time_up_takes_the_turn_back_and_passes() -> None:
    r = rules(move_limit_seconds=60)
    s = arrange(["zaooooo", "iiiiiii"], ["szczyt"])
    s = play(r, s, Place(rack_id(s, "z"), 0, 0))
    assert r.timeout_move() == TimeUp()
    s = play(r, s, TimeUp())
    assert table_words(s) == ["szczyt"] and len(s.racks[0]) == 8 and s.current == 1
    assert_tiles_complete(s)


# ----------------------------------------------------------------------------- thematic variant


def test_a_themed_turn_waits_for_the_vote_and_a_majority_may_reject_it() -> None:
    opts = Options(theme="zwierzęta")
    r = Rules(SmallLexicon(), opts)
    s = arrange(["teeeeee", "iiiiiii", "nnnnnnr"], ["koszyk"], options=opts)
    s = play(r, s, Split(0, 2), Place(rack_id(s, "t"), 0, 2), EndTurn())
    assert s.vote is not None and s.awaiting == frozenset({1, 2})
    with pytest.raises(RuleViolation):
        r.apply(s, 0, EndTurn())
    accepted, _ = r.apply(s, 1, CastVote(True))
    accepted, _ = r.apply(accepted, 2, CastVote(False))  # one each: the turn stands
    assert accepted.scores == (3, 0, 0) and accepted.current == 1
    rejected, _ = r.apply(s, 1, CastVote(False))
    rejected, events = r.apply(rejected, 2, CastVote(False))
    assert table_words(rejected) == ["koszyk"] and rejected.scores == (0, 0, 0)
    assert len(rejected.racks[0]) == 8 and "passed" in {e.kind for e in events}


# ----------------------------------------------------------------------------- declarative rebuild


def test_rebuild_says_which_letter_is_missing() -> None:
    r = rules()
    s = arrange(["aeeeeee", "iiiiiii"], ["koszyk", "szczyt"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Rebuild((0, 1), "a", ("szyszka", "oczy", "kat")))
    assert [x.text for x in exc.value.reasons] == [
        "You need one more A (name it after + if it is on your rack)."
    ]


def test_rebuild_says_which_table_letters_are_left_over() -> None:
    r = rules()
    s = arrange(["teeeeee", "iiiiiii"], ["szczyt", "koszyk"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Rebuild((1,), "t", ("szyk", "t")))
    texts = [x.text for x in exc.value.reasons]
    assert "The letters K, O of word 2 are left over — every letter taken from the table "\
        "must be used." in texts


def test_rebuild_finds_the_rack_letters_itself_and_uses_a_joker_for_a_missing_one() -> None:
    r = rules()
    s = arrange(["kok?eee", "iiiiiii"], ["kot"])
    s = play(r, s, Rebuild((), None, ("kotek",)))
    made = s.turn.table[-1]
    assert word_text(made) == "kotek"
    assert [c.letter for c in made if c.tile.is_joker] == ["t"]
    assert len(s.turn.rack) == 2


def test_rebuild_refuses_a_word_named_twice() -> None:
    s = arrange(["koteeee", "iiiiiii"], ["szczyt"])
    with pytest.raises(RuleViolation) as exc:
        rules().apply(s, 0, Rebuild((0, 0), "kot", ("kot",)))
    assert codes(exc) == {"word_named_twice"}


def test_rebuild_names_letters_not_on_the_rack() -> None:
    r = rules()
    s = arrange(["aeeeeee", "iiiiiii"], ["kot"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Rebuild((), "źź", ("źźź",)))
    assert codes(exc) == {"rack_lacks"}


def test_rebuild_frees_a_table_joker_when_a_real_tile_takes_its_letter() -> None:
    r = rules()
    s = arrange(["otaeeee", "iiiiiii"], ["k?ot"])
    s = play(r, s, Rebuild((0,), "ota", ("kot", "tak"), True))
    assert table_words(s) == ["kot", "tak"]
    assert [c.letter for w in s.table for c in w if c.tile.is_joker] == ["k"]
    assert s.scores == (3, 0)
    before_first = arrange(["otaeeee", "iiiiiii"], ["k?ot"], laid_down=[False, True])
    with pytest.raises(RuleViolation) as exc:
        r.apply(before_first, 0, Rebuild((0,), "ota", ("kot", "tak")))
    assert "joker_before_first" in codes(exc)


# ----------------------------------------------------------------------------- contract


def test_state_round_trips_through_json_mid_turn() -> None:
    r = rules()
    s = arrange(["osaeeee", "iiiiiii"], ["k?ot", "szczyt"])
    s = play(r, s, SwapJoker(0, 1, tile=rack_id(s, "o")), Split(1, 2))
    assert State.from_json(s.to_json()) == s
    assert State.from_json(s.to_json()).to_json() == s.to_json()


def test_moves_round_trip_through_json() -> None:
    moves = [
        Place(1, 2, 3, "a"), NewWord((1, 2, 3), "k"), Split(1, 2), MoveTile(1, 2, 3, 4),
        TakeBack(0, 1), SwapJoker(0, 1, tile=4), SwapJoker(0, 1, from_word=2, from_position=0),
        Rebuild((0, 1), "aa", ("szyszka", "oczy", "kat"), True), Rebuild((), None, ("kot",)),
        Undo(), ResetTurn(), EndTurn(), Draw(), TimeUp(), CastVote(False),
    ]
    for m in moves:
        assert move_from_json(m.to_json()) == m
    with pytest.raises(InputError):
        move_from_json({"type": "teleport"})


def test_view_shows_only_your_own_rack() -> None:
    state, _ = rules().new(["a", "b"], seed=3)
    view = state.view_for(1)
    assert view["rack"] == [(t.id, t.letter) for t in state.racks[1]]
    assert view["rack_sizes"] == [14, 14]
    assert "racks" not in view and "bank" in view and isinstance(view["bank"], int)
    other = {t.id for t in state.racks[0]}
    assert all(ids[0] not in other for ids in view["rack"])


def test_every_event_and_reason_has_an_english_template() -> None:
    r = rules()
    s, events = r.new(["a", "b"], seed=1)
    s = play(r, s, Draw())
    assert all(e.kind in EVENT_KINDS for e in events)
    assert "first_word_too_short" in REASON_CODES and "word_repeated" in REASON_CODES


def test_options_round_trip_and_refuse_unknown_names() -> None:
    opts = Options(theme="zwierzęta", move_limit_seconds=60, previous_starter=1)
    assert Options.from_json(opts.to_json()) == opts
    with pytest.raises(InputError):
        Options.from_json({"colour": "red"})


def test_a_damaged_save_is_a_player_facing_error() -> None:
    with pytest.raises(InputError):
        State.from_json({"game": "word_rummikub", "seats": []})
    with pytest.raises(InputError):
        State.from_json({"game": "chess"})


def test_a_vote_closed_before_everyone_voted_counts_the_absent_as_abstaining() -> None:
    opts = Options(theme="zwierzęta")
    r = Rules(SmallLexicon(), opts)
    s = arrange(["teeeeee", "iiiiiii", "nnnnnnr"], ["koszyk"], options=opts)
    s = play(r, s, Split(0, 2), Place(rack_id(s, "t"), 0, 2), EndTurn())
    assert r.timeout_move(s) == CloseVote()
    with pytest.raises(RuleViolation) as own:
        r.apply(s, 0, CloseVote())  # the player voted on cannot close it
    assert own.value.reasons[0].code == "own_vote"
    nobody, events = r.apply(s, 1, CloseVote())
    assert events[0].kind == "vote_closed" and events[0].params["missing"] == "P2, P3"
    assert nobody.vote is None and nobody.scores == (3, 0, 0)  # no ballot: the turn stands
    one_no, _ = r.apply(s, 2, CastVote(False))
    one_no, events = r.apply(one_no, 1, CloseVote())
    assert events[0].params["missing"] == "P2" and one_no.scores == (0, 0, 0)
    assert_tiles_complete(one_no)
    with pytest.raises(RuleViolation):
        r.apply(one_no, 1, CloseVote())  # nothing left to vote on


# ------------------------------------------- the rebuild frees a joker only by replacing it


def test_a_rebuild_cannot_turn_a_table_joker_into_another_letter() -> None:
    """KOT with the O a joker, A on the rack: KATA would free the joker with no O for it."""
    r = Rules(SmallLexicon(WORDS | {"kata"}))
    s = arrange(["aeiu", "lasek"], ["k?ot"])
    with pytest.raises(RuleViolation) as caught:
        play(r, s, Rebuild((0,), "a", ("kata",), end=True))
    assert codes(caught) == {"joker_not_replaced"}
    with pytest.raises(RuleViolation) as caught:
        play(r, s, Rebuild((0,), None, ("kata",), end=True))
    assert codes(caught) == {"joker_not_replaced"}


def test_a_real_letter_in_its_place_frees_the_joker_for_another_letter() -> None:
    r = Rules(SmallLexicon(WORDS | {"kat"}))
    s = arrange(["oat", "lasek"], ["k?ot"])
    # KOT again with a real O, and the freed joker standing for the K of KAT.
    s = play(r, s, Rebuild((0,), "oat", ("kot", "kat"), end=True))
    assert table_words(s) == ["kot", "kat"]
    assert_tiles_complete(s)


def test_plus_joker_takes_the_rest_from_the_rack() -> None:
    """The help's promise: '+? = kotek' — the joker fills the missing letter, the rack the rest."""
    r = Rules(SmallLexicon(WORDS | {"pamięć"}))
    s = arrange(["aęmić?", "lasek"])
    s = play(r, s, Rebuild((), "?", ("pamięć",), end=True))
    assert table_words(s) == ["pamięć"]
    placed = {c.letter: c.tile.is_joker for c in s.table[0]}
    assert placed["p"] is True and placed["a"] is False


def test_a_spare_letter_named_from_the_rack_is_called_the_racks() -> None:
    r = Rules(SmallLexicon(WORDS | {"zwija", "wozi", "zwijam"}))
    s = arrange(["ab", "lasek"], ["zwija", "wozi"])
    with pytest.raises(RuleViolation) as caught:
        play(r, s, Rebuild((0, 1), "a", ("zwija", "wozi"), end=True))
    assert codes(caught) == {"rack_left_over"}


def test_rebuilt_words_take_the_place_of_the_first_word_taken_apart() -> None:
    """Issue 16: after '1 +s = …' the rebuilt word went to the end and renumbered the table;
    now the words before it keep their numbers, and a one-for-one rebuild keeps them all."""
    r = Rules(SmallLexicon(WORDS | {"kosza"}))
    s = arrange(["a" + "lasek", "lasek"], ["oko", "kosz", "lato"])
    s = play(r, s, Rebuild((1,), "a", ("kosza",), end=False))
    assert [word_text(w) for w in s.turn.table] == ["oko", "kosza", "lato"]


def test_a_made_word_with_a_letter_no_tile_shows_names_that_letter() -> None:
    """Issue 16: '1 = smutnyxyz' answered '„smutnyxyz” to nie litera.'"""
    r = rules()
    s = arrange(["kot", "lasek"], ["oko"])
    with pytest.raises(RuleViolation) as caught:
        play(r, s, Rebuild((0,), None, ("okxo",), end=False))
    assert codes(caught) == {"foreign_letters"}
    assert caught.value.reasons[0].params["letters"] == "X"


def test_importing_the_rules_reads_no_file() -> None:
    """Issue 10 §5: the rules read their TOML at import. Now the data file is read when a game
    first needs it, and a table may pass its own values."""
    import subprocess
    import sys

    probe = (
        "import braille_words.games.word_rummikub.rules\n"
        "from braille_words.games.word_rummikub.settings import default_settings\n"
        "print(default_settings.cache_info().currsize)\n"  # 0: never read
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "0"
    small = load_settings(
        "[tiles]\nletters = { a = 3, k = 2, t = 2, o = 2 }\njokers = 0\n"
        "[rules]\ndeal = 4\nrack_size = 4\nfirst_word_min = 3\nword_min = 2\n"
        "joker_penalty = 30\nfirst_lay_down_many_words = true\n"
        "pass_round_needs_empty_bank = true\nmove_limit_seconds = 0\n"
        "move_limit_option = 60\n"
    )
    state, _ = Rules(SmallLexicon(), Options(deal=4), small).new(["a", "b"], 1)
    assert sum(len(r) for r in state.racks) + len(state.bank) == 9
