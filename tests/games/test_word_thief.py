"""Word Thief (Hoțul de cuvinte): the rulebook's examples and the rules README's values.

Hands and the table are set by hand from the real deck, so every card keeps its id, value and
suit; the words are checked against a small English word list."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.games.base import RuleViolation
from braille_words.games.word_thief.deck import load_deck
from braille_words.games.word_thief.making import Placed
from braille_words.games.word_thief.rules import (
    Lay,
    Options,
    Pass,
    Rules,
    State,
    StealMove,
    TableWord,
    only_plural,
)
from braille_words.lexicon import Lexicon
from braille_words.tiles import Card

WORDS = ["work", "reworked", "works", "worked", "front", "frown", "cat", "tea", "team",
         "meat", "steam", "teams", "box", "boxes", "ox", "oxen", "at", "to", "cart", "trace",
         "crate", "react", "caret", "act", "art", "rat", "tar", "wed", "dew", "red", "tear",
         "eat"]
LEX = Lexicon.from_words(WORDS, "en")
DECK = load_deck()
CARDS = DECK.cards()


def codes(exc: pytest.ExceptionInfo[RuleViolation]) -> set[str]:
    return {r.code for r in exc.value.reasons}


def take(spec: str, pool: list[Card]) -> tuple[Card, ...]:
    """Cards for letters, "R" any suit, "r:red" a red R, "?" a wild; taken out of ``pool``."""
    out: list[Card] = []
    for item in spec.split():
        letter, _, suit = item.partition(":")
        wanted = None if letter == "?" else letter.lower()
        card = next(c for c in pool if c.letter == wanted and (not suit or c.suit == suit))
        pool.remove(card)
        out.append(card)
    return tuple(out)


def table_word(owner: int, spec: str, pool: list[Card]) -> TableWord:
    cards = take(spec, pool)
    return TableWord(owner, tuple(Placed(c, c.letter or "?") for c in cards))


def arrange(hands: list[str], table: list[tuple[int, str]] = (), current: int = 0,
            options: Options | None = None) -> State:
    """A game set up in the middle: each hand and table word spelled card by card."""
    pool = list(CARDS)
    hand_cards = [take(h, pool) for h in hands]
    words = tuple(table_word(owner, spec, pool) for owner, spec in table)
    return State(seats=tuple(f"P{i + 1}" for i in range(len(hands))), seed=1, dealer=0,
                 hands=tuple(hand_cards), draw=tuple(pool), used=(), table=words,
                 scores=(0,) * len(hands), current=current, options=options or Options())


def rules(**options: bool) -> Rules:
    return Rules(LEX, Options(**options))


def test_the_deck_has_104_letters_in_four_suits_of_26_and_4_wilds() -> None:
    letters = [c for c in CARDS if c.letter is not None]
    assert len(letters) == 104 and len(CARDS) == 108
    assert Counter(c.suit for c in letters) == {s: 26 for s in DECK.suits}
    red = "".join(sorted(c.letter or "" for c in letters if c.suit == "red"))
    assert red == "aaacdeeeghiilmnooprrsstuvx"  # the rules README's red suit


def test_work_is_worth_14_and_front_9_laid_front_scores_14_with_its_bonus() -> None:
    r = rules()
    s = arrange(["w:green o:blue r:red k:yellow x e e", "i i i i i i i"])
    after, _events = r.apply(s, 0, Lay("work"))
    assert after.scores[0] == 14  # W5 O1 R1 K7, mixed suits: no doubling, 4 letters: no bonus
    s = arrange(["f:green r:red o:red n:blue t:red x e", "i i i i i i i"])
    after, _ = r.apply(s, 0, Lay("front"))
    assert after.scores[0] == 9 + 5  # the word's value 9, +5 for five letters
    assert [w.text for w in after.table] == ["front"]


def test_stealing_work_with_r_e_e_d_makes_reworked_for_20_plus_its_length_bonus() -> None:
    r = rules()
    s = arrange(["i i i i i i i", "r:blue e:red e:green d:yellow x z a"],
                table=[(0, "w:green o:blue r:red k:yellow")], current=1)
    after, _events = r.apply(s, 1, StealMove(0, ("reworked",)))
    assert after.scores[1] == 20 + 20  # REWORKED 20, +20 for eight letters
    assert after.scores[0] == -14  # the victim loses WORK's value (ours, a setting)
    assert [(w.owner, w.text) for w in after.table] == [(1, "reworked")]


def test_the_victim_keeps_their_points_when_the_setting_is_off() -> None:
    r = rules(victim_loses=False)
    s = arrange(["i i i i i i i", "r:blue e:red e:green d:yellow x z a"],
                table=[(0, "w:green o:blue r:red k:yellow")], current=1,
                options=Options(victim_loses=False))
    after, _ = r.apply(s, 1, StealMove(0, ("reworked",)))
    assert after.scores[0] == 0


def test_front_broken_into_frown_and_cat_scores_28_and_cat_of_one_suit_is_locked() -> None:
    r = rules()
    s = arrange(["i i i i i i i", "w:yellow c:red a:red x z q j"],
                table=[(0, "f:green r:blue o:yellow n:green t:red")], current=1)
    after, events = r.apply(s, 1, StealMove(0, ("frown", "cat")))
    assert after.scores[1] == (13 + 5) + 10  # FROWN 13 +5 (five letters); CAT 5 doubled
    assert [w.text for w in after.table] == ["frown"]  # CAT, all red, went to the used pile
    assert any(e.kind == "word_locked" and e.params["word"] == "CAT" for e in events)
    assert after.scores[0] == -9


def test_a_steal_keeps_the_stolen_letters_in_order_tea_to_team_but_not_meat() -> None:
    r = rules()
    table = [(0, "t:red e:blue a:green")]
    s = arrange(["i i i i i i i", "m x z q j k v"], table=table, current=1)
    after, _ = r.apply(s, 1, StealMove(0, ("team",)))
    assert [w.text for w in after.table] == ["team"]
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 1, StealMove(0, ("meat",)))
    assert codes(exc) == {"out_of_order"}
    assert exc.value.reasons[0].text == (
        "MEAT does not keep the letters of TEA in their order (T, E, A).")
    free = arrange(["i i i i i i i", "m x z q j k v"], table=table, current=1,
                   options=Options(rearrange=True))
    after, _ = rules(rearrange=True).apply(free, 1, StealMove(0, ("meat",)))
    assert [w.text for w in after.table] == ["meat"]  # the variant: letters rearranged freely


def test_a_steal_must_not_only_make_the_word_plural() -> None:
    r = rules()
    s = arrange(["i i i i i i i", "s e d x z q j"], table=[(0, "w:green o:blue r:red k:yellow")],
                current=1)
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 1, StealMove(0, ("works",)))
    assert codes(exc) == {"plural_only"}
    after, _ = r.apply(s, 1, StealMove(0, ("worked",)))
    assert [w.text for w in after.table] == ["worked"]


def test_a_steal_makes_new_words_not_the_stolen_word_again() -> None:
    """"Cuvinte noi": AT cut into A and T may not come back as AT (the hand's T) beside CAT
    (the stolen T), as the computer once cut REOPENED into BERTH and REOPENED."""
    r = rules()
    s = arrange(["i i i i i i i", "t c a x z q j"], table=[(0, "a:red t:blue")], current=1)
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 1, StealMove(0, ("at", "cat")))
    assert codes(exc) == {"same_word"}
    after, _ = r.apply(s, 1, StealMove(0, ("cat",)))
    assert [w.text for w in after.table] == ["cat"]


def test_plurals_are_decided_by_an_english_morphology_library() -> None:
    assert only_plural("works", "work") and only_plural("boxes", "box")
    assert only_plural("oxen", "ox")
    assert not only_plural("worked", "work") and not only_plural("steam", "team")
    assert not only_plural("teams", "tea")


def test_a_player_may_not_steal_their_own_word() -> None:
    r = rules()
    s = arrange(["r e e d x z q", "i i i i i i i"], table=[(0, "w:green o:blue r:red k:yellow")])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, StealMove(0, ("reworked",)))
    assert codes(exc) == {"own_word"}


def test_every_new_word_needs_a_card_from_the_hand() -> None:
    r = rules()
    s = arrange(["i i i i i i i", "c x z q j k v"], table=[(0, "c:red a:blue r:red t:green")],
                current=1)
    with pytest.raises(RuleViolation) as exc:  # ACT + RAT would need A and T from the hand
        r.apply(s, 1, StealMove(0, ("act", "rat")))
    assert codes(exc) == {"steal_missing"}



def test_a_wild_stands_for_any_letter_scores_nothing_and_can_lock_a_word() -> None:
    r = rules()
    s = arrange(["c:red ? t:red x z q j", "i i i i i i i"])
    after, _events = r.apply(s, 0, Lay("cat"))
    assert after.scores[0] == (3 + 0 + 1) * 2  # the wild takes red: one suit, doubled
    assert after.table == ()  # and locked
    s = arrange(["c:red ? t:blue x z q j", "i i i i i i i"])
    after, _ = r.apply(s, 0, Lay("cat"))
    assert after.scores[0] == 3 + 0 + 1


def test_a_stolen_wild_may_become_another_letter() -> None:
    r = rules()
    s = arrange(["i i i i i i i", "a x z q j k v"], table=[(0, "t:red ? r:blue")], current=1)
    after, _ = r.apply(s, 1, StealMove(0, ("tear",)))  # T?R was TAR; the wild is now E
    (word,) = after.table
    assert word.text == "tear" and [p.letter for p in word.cards if p.wild] == ["e"]


def test_the_computer_finds_steals_that_turn_a_stolen_wild_into_another_letter() -> None:
    from braille_words.games.word_thief.computer import candidates

    s = arrange(["i i i i i i i", "a x z q j k v"], table=[(0, "t:red ? r:blue")], current=1)
    assert StealMove(0, ("tear",)) in candidates(rules(), s, 1, "strong")


def test_all_seven_cards_in_one_turn_earn_20() -> None:
    r = Rules(Lexicon.from_words(["reworks"], "en"))
    s = arrange(["r:red e:blue w:green o:yellow r:blue k:yellow s:green", "i i i i i i i"])
    after, _events = r.apply(s, 0, Lay("reworks"))
    value = 1 + 1 + 5 + 1 + 1 + 7 + 1
    assert after.scores[0] == value + 15 + 20
    assert len(after.hands[0]) == 7  # refilled


def test_a_pass_costs_10_and_swaps_three_cards_while_cards_are_left_to_draw() -> None:
    r = rules()
    s = arrange(["x z q j k v b", "i i i i i i i"])
    after, _ = r.apply(s, 0, Pass(("x", "z", "q")))
    assert after.scores[0] == -10 and len(after.hands[0]) == 7
    assert {"x", "z", "q"} <= {c.letter for c in after.used}
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Pass(("x",)))
    assert codes(exc) == {"wrong_discard"}


def test_with_the_draw_pile_empty_a_pass_is_free_and_a_round_of_passes_ends_the_game() -> None:
    r = rules()
    s = replace(arrange(["x z", "q j"]), draw=())
    s, _ = r.apply(s, 0, Pass())
    assert s.scores == (0, 0) and not s.over
    s, _events = r.apply(s, 1, Pass())
    assert s.over
    assert s.scores == (-18, -18)  # X8 Z10 and Q10 J8 left in hand are subtracted
    assert s.result()["winners"] == [0, 1]  # ties share the win


def test_the_game_ends_when_the_draw_pile_is_empty_and_a_player_goes_out() -> None:
    r = rules()
    s = replace(arrange(["c:red a:blue t:green", "x z"]), draw=())
    after, _ = r.apply(s, 0, Lay("cat"))
    assert after.over and after.scores == (5, -18)


def test_the_dealer_draws_closest_to_a_and_the_player_on_the_left_starts() -> None:
    r = rules()
    for seed in range(20):
        state, events = r.new(["A", "B", "C"], seed)
        dealt = next(e for e in events if e.kind == "dealer_drawn")
        last = dealt.params["draws"][-1]
        assert state.current == (state.dealer + 1) % 3
        assert all(len(h) == 7 for h in state.hands)
        assert min(letter for letter in last if letter != "?") in last


def test_a_wild_drawn_for_the_dealer_draws_again_and_keeps_its_player_in_the_running() -> None:
    """Seed 6: the draw was W, E, wild. The wild's player draws again (the others keep their
    cards): with three players they draw R and the E deals; with four a D, and they deal."""
    r = rules()
    state, events = r.new(["A", "B", "C"], 6)
    dealt = next(e for e in events if e.kind == "dealer_drawn")
    assert dealt.params["draws"] == [["W", "E", "?"], ["R"]]
    assert state.dealer == 1
    state, events = r.new(["A", "B", "C", "D"], 6)
    dealt = next(e for e in events if e.kind == "dealer_drawn")
    assert dealt.params["draws"] == [["W", "E", "?", "R"], ["D"]]
    assert state.dealer == 2 and state.current == 3


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 6))
def test_the_dealer_drew_closest_to_a_and_ties_and_wilds_drew_again(seed: int,
                                                                    players: int) -> None:
    """Replaying the rounds: everyone's last card is a letter, the dealer's is the closest to
    A and nobody else's is as close (ties drew again), and nobody was left out."""
    state, events = rules().new([f"P{i}" for i in range(players)], seed)
    rounds = next(e for e in events if e.kind == "dealer_drawn").params["draws"]
    holding: dict[int, str] = {}
    drawing = list(range(players))
    for letters in rounds:
        assert len(letters) == len(drawing)
        holding.update(zip(drawing, letters, strict=True))
        if "?" in letters:
            drawing = [s for s in drawing if holding[s] == "?"]
        else:
            best = min(holding.values())
            drawing = [s for s, letter in holding.items() if letter == best]
            holding = {s: holding[s] for s in drawing}
    assert drawing == [state.dealer]
    assert state.current == (state.dealer + 1) % players


def test_tea_to_eat_is_refused_for_adding_no_card_and_for_the_order_both_said() -> None:
    table = [(0, "t:red e:blue a:green")]
    s = arrange(["i i i i i i i", "m x z q j k v"], table=table, current=1)
    with pytest.raises(RuleViolation) as exc:
        rules().apply(s, 1, StealMove(0, ("eat",)))
    assert [r.code for r in exc.value.reasons] == ["adds_nothing", "out_of_order"]
    assert exc.value.reasons[0].text == (
        "EAT adds no card of yours to TEA: a steal adds at least one.")
    free = arrange(["i i i i i i i", "m x z q j k v"], table=table, current=1,
                   options=Options(rearrange=True))
    with pytest.raises(RuleViolation) as exc:  # rearranged freely, the order is no reason
        rules(rearrange=True).apply(free, 1, StealMove(0, ("eat",)))
    assert codes(exc) == {"adds_nothing"}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.lists(st.integers(0, 1000), max_size=25))
def test_cards_are_never_created_or_lost(seed: int, moves: list[int]) -> None:
    r = Rules(Lexicon.from_words([*WORDS, "a", "i"], "en"))
    state, _ = r.new(["A", "B", "C"], seed)
    rng = random.Random(seed)
    for pick in moves:
        seat = state.current
        hand = state.hands[seat]
        letters = "".join(c.letter or "e" for c in hand)
        tries = [Lay(w) for w in WORDS if all(letters.count(ch) >= w.count(ch) for ch in w)]
        tries += [StealMove(i, (w,)) for i in range(len(state.table)) for w in WORDS[:8]]
        k = min(3, len(hand))
        tries.append(Pass(tuple((c.letter or "?") for c in hand[:k])) if state.draw
                     else Pass())
        move = tries[pick % len(tries)] if rng.random() < 0.9 else tries[-1]
        try:
            state, _ = r.apply(state, seat, move)
        except RuleViolation:
            state, _ = r.apply(state, seat, tries[-1])
        assert sorted(c.id for c in state.all_cards()) == list(range(108))
        if state.over:
            break


def test_a_failed_steal_says_which_letters_are_missing_or_left_over() -> None:
    r = rules()
    s = arrange(["i i i i i i i", "r:blue e:red x z q j v"],
                table=[(0, "w:green o:blue r:red k:yellow")], current=1)
    with pytest.raises(RuleViolation) as exc:  # REWORKED needs E, D more than the hand has
        r.apply(s, 1, StealMove(0, ("reworked",)))
    reasons = exc.value.reasons
    assert [r.code for r in reasons] == ["steal_missing"]
    assert reasons[0].params["missing"] == "D, E"
    s = arrange(["i i i i i i i", "c x z q j k v"],
                table=[(0, "c:red a:blue r:red t:green")], current=1)
    with pytest.raises(RuleViolation) as exc:  # ACT from CART leaves its R unused
        r.apply(s, 1, StealMove(0, ("act",)))
    assert "steal_left_over" in codes(exc)


def test_a_steal_may_be_written_like_rummikubs_rebuild() -> None:
    from braille_words.games.word_thief.commands import parse

    view = arrange(["i i i i i i i", "r e e d x z q"]).view_for(1)
    assert parse("ukradnij 2 +reed = reworked", view) == StealMove(1, ("reworked",))
    assert parse("2 = frown cat", view) == StealMove(1, ("frown", "cat"))
    assert parse("steal 1 reworked", view) == StealMove(0, ("reworked",))


def test_four_computers_play_a_seeded_game_to_its_end(english: object) -> None:
    from braille_words.games.word_thief.computer import choose_move

    r = Rules(english)
    state, _ = r.new(["A", "B", "C", "D"], 11)
    rng = random.Random(11)
    for _ in range(2000):
        if state.over:
            break
        seat = state.current
        state, _ = r.apply(state, seat, choose_move(r, state, seat, "strong", rng))
    assert state.over
    assert sorted(c.id for c in state.all_cards()) == list(range(108))


def test_abbreviations_are_not_words_the_computer_may_lay_et_is_refused(
    english: object,
) -> None:
    """The computer laid ET; the rulebook allows no abbreviations (lexicon/en-abbreviations.txt,
    dropped when the lexicon is built). ETA, EAT and TEA stay."""
    r = Rules(english)  # type: ignore[arg-type]
    s = arrange(["e t a z j q x", "i i i i i i i"])
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Lay("et"))
    assert codes(exc) == {"not_a_word"}
    for word in ("eta", "eat", "tea"):
        r.apply(s, 0, Lay(word))


def test_the_steal_finder_finds_the_rulebooks_steals_and_what_a_scan_finds(
    english: object,
) -> None:
    """REWORKED from WORK, FROWN + CAT from FRONT; its one-word steals are exactly those a
    scan of the whole word list finds (a word holding the stolen letters in order, not only
    their plural). Every split is held to a reference in test_word_thief_finder.py."""
    from collections import Counter

    from braille_words.games.word_thief.computer import steals_of
    from braille_words.games.word_thief.finder import holds_in_order

    assert ("reworked",) in steals_of(english, "work", "reedxqz", 0)
    assert ("frown", "cat") in steals_of(english, "front", "wcaxyzq", 0)
    words = list(english.words())  # type: ignore[attr-defined]
    hand = Counter("eatsr")
    scan = {
        w for w in words
        if len(w) > 3 and holds_in_order(w, "tea") and not only_plural(w, "tea")
        and sum((Counter(w) - Counter("tea") - hand).values()) <= 1
    }
    found = {s[0] for s in steals_of(english, "tea", "eatsr", 1) if len(s) == 1}
    assert found == scan


def test_a_routing_key_on_a_table_word_reads_it_with_its_cards_for_a_steal() -> None:
    from braille_words.games.word_thief.presenter import read, route

    s = arrange(["i i i i i i i", "r e e d x z q"], table=[(0, "w:green o:blue r:red k:yellow")],
                current=1)
    _selection, line = route(("word", 0, 2), None)
    assert line == "word 1"
    from braille_words.speech.speaker import strip_marks

    said = strip_marks(read(line, s.view_for(1), "pl", "beginner") or "")
    assert said.startswith("Słowo 1: WORK, gracza P1; karty, razem 14 pkt: double-u zielony, o ")
    assert said.endswith("Aby je ukraść: ukradnij 1 i nowe słowa.")


def test_a_cards_suit_is_its_dots_7_and_8_and_a_wild_is_the_full_cell() -> None:
    """Red none, blue dot 7, green dot 8, yellow both: read from our English table, which
    must agree with the rule for every letter (its YAML tests show some)."""
    from braille_words.braille.cells import DOT7, DOT8
    from braille_words.braille.translator import letter_cell
    from braille_words.games.word_thief.presenter import card_cell, hand_line

    dots = {"red": 0, "blue": DOT7, "green": DOT8, "yellow": DOT7 | DOT8}
    for letter in "abcdefghijklmnopqrstuvwxyz":
        for suit, extra in dots.items():
            assert card_cell(letter, suit) == letter_cell(letter, "en") | extra, (letter, suit)
    assert card_cell(None, None) == 0b111111
    s = arrange(["w:green o:blue r:red k:yellow ? e e", "i i i i i i i"])
    assert hand_line(s.view_for(0)).cells()[:5] == bytes([0xBA, 0x55, 0x17, 0xC5, 0x3F])


def test_a_routing_key_on_a_card_of_the_hand_reads_it_with_its_suit() -> None:
    from braille_words.games.word_thief.presenter import read, route
    from braille_words.speech.speaker import strip_marks

    s = arrange(["w:green o:blue r:red k:yellow ? e e", "i i i i i i i"])
    _selection, line = route(("rack", 3), None)
    assert strip_marks(read(line or "", s.view_for(0), "en", "beginner")) == (
        "Card 4: kay yellow (7).")
    assert read("karta 9", s.view_for(0), "pl", "beginner") == (
        "Nie masz karty 9; w ręce masz 7 kart.")


def test_english_words_are_marked_for_an_english_voice_in_polish_sentences() -> None:
    from braille_words.games.word_thief.presenter import event_params
    from braille_words.speech.speaker import strip_marks

    params = event_params("word_laid", {"seat": 0, "word": "WORK", "points": 14}, 0,
                          ["Ola", "Jan"], "pl")
    assert params["word_said"] != "WORK" and strip_marks(params["word_said"]) == "WORK"
    english = event_params("word_laid", {"seat": 0, "word": "WORK", "points": 14}, 0,
                           ["Ola", "Jan"], "en")
    assert english["word_said"] == "WORK"  # an English sentence needs no switch


def test_the_drawer_hears_the_cards_drawn_once_and_the_others_how_many() -> None:
    from braille_words.games.word_thief.presenter import event_params
    from braille_words.present.messages import render

    names = ["Ola", "Jan"]
    for seat, expected in ((0, ""), (1, "Ola dobiera 4 karty.")):
        params = {"seat": 0, "count": 4}
        params.update(event_params("others_drew", params, seat, names, "pl"))
        assert render("pl", "word_thief", "others_drew", params) == expected


@pytest.mark.parametrize("data", [{"kind": "steal", "target": "x", "words": []},
                                  {"kind": "lay"}, {"kind": "fly", "word": "a"}, {}])
def test_a_damaged_journal_move_is_a_sentence(data: dict[str, object]) -> None:
    from braille_words.errors import InputError
    from braille_words.games.word_thief.rules import move_from_json

    with pytest.raises(InputError, match="not a Word Thief move"):
        move_from_json(data)


def test_front_laid_for_14_says_5_of_them_are_for_its_length_and_the_table_its_cards_9() -> None:
    """Play-tested: "BOUNDED: 25 points", then "table" said "BOUNDED (Computer, 10 points)" —
    two scores for one word, with nothing to say why. The rulebook's FRONT: 9 for its cards,
    +5 for five letters; the table names what its cards are worth (what a thief takes)."""
    from braille_words.games.registry import find_game
    from braille_words.games.word_thief.presenter import event_params
    from braille_words.present.messages import render

    r = rules()
    s = arrange(["f:green r:red o:red n:blue t:red x e", "i i i i i i i"])
    after, events = r.apply(s, 0, Lay("front"))
    laid = next(e for e in events if e.kind == "word_laid")
    params = dict(laid.params)
    params.update(event_params("word_laid", params, 1, ["Ola", "Jan"], "en"))
    assert render("en", "word_thief", "word_laid", params) == \
        "Ola lays FRONT: 14 points (5 of them for its length)."
    presenter = find_game("word_thief").presenter
    table = presenter.read("table", after.view_for(1), "en", "beginner")
    assert table is not None and "cards worth 9" in table
    work = arrange(["w:green o:blue r:red k:yellow x e e", "i i i i i i i"])
    _, events = r.apply(work, 0, Lay("work"))
    params = dict(events[0].params)
    params.update(event_params("word_laid", params, 1, ["Ola", "Jan"], "pl"))
    said = render("pl", "word_thief", "word_laid", params)
    assert said.endswith(": 14 pkt.")  # four letters: no bonus to explain
    # On a 14-cell display the terse form keeps to the number: "Ola kładzie WORK: 14."
    terse = render("pl", "word_thief", "word_laid", params, verbosity="expert")
    assert terse.endswith(": 14.") and "pkt" not in terse
