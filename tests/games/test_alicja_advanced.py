"""Alicja w Krainie Słów, the advanced game: the eight characters, each ability in its window,
and the rulebook's examples ("Gąsienica 3 → 1 bonus point")."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

import pytest

from braille_words.games.alicja import characters as ch
from braille_words.games.alicja.commands import parse, to_command
from braille_words.games.alicja.computer import Computer
from braille_words.games.alicja.rules import (
    ChooseTheme,
    Encore,
    LayLetter,
    Options,
    PlaceCaterpillar,
    Rules,
    Say,
    SpendToken,
    State,
    TimeUp,
    TurnCat,
    TurnHat,
    load_data,
)
from braille_words.games.base import RuleViolation

DATA = load_data()
ADVANCED = Options(advanced=True)


class Lemmas:
    """A lexicon that knows a few Polish lemmas (lwów → lew)."""

    FORMS: ClassVar[dict[str, tuple[str, ...]]] = {"lwów": ("lew",), "lwy": ("lew",)}

    def contains(self, word: str) -> bool:
        return True

    def lemmas(self, word: str) -> tuple[str, ...]:
        return self.FORMS.get(word, (word,))


def table(cards: Sequence[str], letters: tuple[str, ...] = ("ż", "h", "f"),
          secrets: tuple[tuple[int, str], ...] = ()) -> tuple[Rules, State]:
    """An advanced round with these characters seat by seat (seat 0 the Queen), the theme
    chosen and the talk started, the row ``letters``."""
    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new([f"P{i + 1}" for i in range(len(cards))], 1)
    s = replace(s, characters=tuple(cards),
                tokens=tuple(ch.TIME_TOKENS.get(c, 0) for c in cards), secrets=secrets)
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    if ch.CATERPILLAR in cards:
        s, _ = rules.apply(s, cards.index(ch.CATERPILLAR), PlaceCaterpillar(0))
    return rules, replace(s, letters=letters)


def test_the_advanced_table_has_a_10_second_teapot_and_a_blue_purple_and_green_letter() -> None:
    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new(["A", "B", "C", "D"], 3)
    assert s.teapot_seconds == 10 and s.view_for(0)["teapot_seconds"] == 10
    blue, purple, green = s.letters
    assert blue in DATA.blue and purple in DATA.purple and green in DATA.green
    basic, _ = Rules(Lemmas(), Options(), DATA).new(["A", "B", "C"], 3)
    assert basic.teapot_seconds == 15 and len(basic.letters) == 2
    slow, _ = Rules(Lemmas(), Options(advanced=True, teapot_seconds=20), DATA).new(
        ["A", "B", "C"], 3)
    assert slow.teapot_seconds == 20  # a table setting: Braille typists need longer


@pytest.mark.parametrize("seed", range(30))
def test_the_queen_always_plays_and_three_players_never_get_alice_or_the_caterpillar(
        seed: int) -> None:
    three = ch.deal(3, seed)
    assert three[0] == ch.QUEEN and not set(three) & {ch.ALICE, ch.CATERPILLAR}
    eight = ch.deal(8, seed)
    assert eight[0] == ch.QUEEN and sorted(eight) == sorted(ch.CHARACTERS)


def test_the_queen_draws_a_secret_red_letter_the_rabbit_a_purple_one_seen_by_their_owner_only(
) -> None:
    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, events = rules.new([f"P{i}" for i in range(8)], 4)
    queen, rabbit = s.holder(ch.QUEEN), s.holder(ch.RABBIT)
    assert queen == 0 and rabbit is not None
    secret = dict(s.secrets)
    assert secret[queen] in DATA.red and secret[rabbit] in DATA.purple
    assert secret[rabbit] not in s.letters  # the Rabbit drew from the stack, not the row
    assert s.view_for(queen)["secret"] == secret[queen]
    assert s.view_for(rabbit)["secret"] == secret[rabbit]
    others = [seat for seat in range(8) if seat not in (queen, rabbit)]
    assert all(s.view_for(seat)["secret"] is None for seat in others)
    told = [e for e in events if e.kind == "secret_letter"]
    assert {e.to for e in told} == {queen, rabbit}  # a private event, never public


def test_the_queens_red_letter_laid_after_her_turn_binds_opponents_until_her_next_turn() -> None:
    rules, s = table([ch.QUEEN, ch.CAT, ch.TWINS], secrets=((0, "a"),))
    with pytest.raises(RuleViolation):
        rules.apply(s, 0, LayLetter())  # not before her turn is over
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, events = rules.apply(s, 0, LayLetter())  # "natychmiast po zakończeniu swojej kolejki"
    assert s.laid == ((0, "a"),) and "letter_laid" in [e.kind for e in events]
    assert "a" in s.forbidden_for(1) and "a" not in s.forbidden_for(0)
    s, _ = rules.apply(s, 1, Say("lew"))  # no A, no letter of the row
    assert s.out == ()
    s, _ = rules.apply(s, 2, Say("akrobata"))  # A is the Queen's law now
    assert s.out == (2,)
    assert s.current == 0 and s.laid == ()  # discarded at the start of her next turn


def test_the_queens_letter_replaces_the_rabbits_and_the_rabbits_the_queens() -> None:
    rules, s = table([ch.QUEEN, ch.RABBIT, ch.CAT, ch.TWINS],
                     secrets=((1, "ę"), (0, "o")))
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, _ = rules.apply(s, 1, Say("lew", lay=True))  # the Rabbit lays his with his word
    assert s.laid == ((1, "ę"),)
    s, _ = rules.apply(s, 2, Say("namiot"))
    s, _ = rules.apply(s, 3, Say("arena"))
    s, _ = rules.apply(s, 0, Say("trapez", lay=True))
    assert s.laid == ((0, "o"),)  # the purple card is discarded, the red lies in its place


def test_a_laid_letter_whose_placer_goes_out_leaves_the_row_at_once() -> None:
    rules, s = table([ch.QUEEN, ch.CAT, ch.TWINS, ch.DEUCE], secrets=((0, "a"),))
    s, _ = rules.apply(s, 0, Say("klaun", lay=True))
    s, _ = rules.apply(s, 1, Say("namiot"))
    s, _ = rules.apply(s, 2, Say("treser"))
    s, _ = rules.apply(s, 3, Say("słoń"))
    s, _ = rules.apply(s, 0, TimeUp())
    assert 0 in s.out and s.laid == ()


def test_the_caterpillar_lays_his_token_before_an_opponent_and_gets_half_their_card() -> None:
    """The rulebook: "jeśli gracz z żetonem Pana Gąsienicy zdobędzie 3 punkty, ty dostajesz
    za to 1 dodatkowy punkt" — with four players card 3 is worth 1 cup, card 4 is worth 2:
    half of 2 is 1, and half of 3 would be 1 too."""
    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new(["A", "B", "C", "D", "E", "F"], 2)
    s = replace(s, characters=(ch.QUEEN, ch.CATERPILLAR, ch.ALICE, ch.CAT, ch.TWINS,
                               ch.DEUCE), tokens=(0, 0, 0, 0, 2, 0))
    assert s.awaiting == {0, 1}  # the Queen chooses, the Caterpillar places: both before talk
    with pytest.raises(RuleViolation):
        rules.apply(s, 1, PlaceCaterpillar(1))  # never before himself
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    assert s.phase == "theme"
    s, _ = rules.apply(s, 1, PlaceCaterpillar(3))
    assert s.phase == "talk" and s.caterpillar == 3
    # Out in order: the Caterpillar first (card 1), then 0, 2, 4, 5; seat 3 stays (card 6).
    order = [1, 0, 2, 4, 5]
    events: list[Any] = []
    for seat in order:
        s = replace(s, current=seat)
        s, events = rules.apply(s, seat, TimeUp())
    bonus = {e.params["seat"]: e.params["cups"] for e in events if e.kind == "bonus"}
    six = DATA.cup_value(6, 6)  # 4 cups on the last card with six players
    assert bonus[1] == six // 2  # out first, he still scores his token's half
    assert DATA.cup_value(3, 6) // 2 == 0 and 2 not in bonus  # Alicja out third: 1 cup


def test_gasienica_3_gives_1_bonus_point() -> None:
    """The rulebook's example, on the card values: a target scoring 3 gives the Caterpillar 1,
    and Alicja with a card worth 3 gets 1 more."""
    assert ch.half(3) == 1 and ch.half(2) == 1 and ch.half(1) == 0
    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new([f"P{i}" for i in range(6)], 2)
    cards = (ch.QUEEN, ch.CATERPILLAR, ch.ALICE, ch.CAT, ch.TWINS, ch.DEUCE)
    s = replace(s, characters=cards, tokens=(0, 0, 0, 0, 2, 0))
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    s, _ = rules.apply(s, 1, PlaceCaterpillar(2))
    events: list[Any] = []
    for seat in (0, 1, 3, 4):  # Alicja (seat 2) goes out fifth: card 5, 3 cups at six
        s = replace(s, current=seat)
        s, events = rules.apply(s, seat, TimeUp())
    s = replace(s, current=2)
    s, events = rules.apply(s, 2, TimeUp())
    assert DATA.cup_value(5, 6) == 3
    bonus = {e.params["seat"]: e.params["cups"] for e in events if e.kind == "bonus"}
    assert bonus == {1: 1, 2: 1}  # Gąsienica 3 → 1, Alicja 3 → 1


def test_the_cheshire_cat_skips_one_turn_a_round_and_not_once_time_has_run_out() -> None:
    rules, s = table([ch.QUEEN, ch.CAT, ch.TWINS])
    with pytest.raises(RuleViolation):
        rules.apply(s, 0, TurnCat())  # not the Queen's ability
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, _ = rules.apply(s, 1, TurnCat())
    assert s.current == 2 and 1 in s.sideways and s.out == ()
    s, _ = rules.apply(s, 2, Say("namiot"))
    s, _ = rules.apply(s, 0, Say("treser"))
    with pytest.raises(RuleViolation):
        rules.apply(s, 1, TurnCat())  # once a round: the card is turned
    s, _ = rules.apply(s, 1, TimeUp())
    assert 1 in s.out  # time ran out: the turn is over, nothing skips it any more


def test_the_twins_spend_two_time_tokens_each_restarting_the_teapot_even_in_one_turn() -> None:
    rules, s = table([ch.QUEEN, ch.TWINS, ch.CAT])
    s, _ = rules.apply(s, 0, Say("klaun"))
    with pytest.raises(RuleViolation):
        rules.apply(s, 0, SpendToken())  # the Queen holds none, and it is not her turn
    before = s.view_for(0)["teapot"]
    s, _ = rules.apply(s, 1, SpendToken())
    s, _ = rules.apply(s, 1, SpendToken())  # "Możesz w jednej kolejce odrzucić oba"
    assert s.tokens[1] == 0 and s.view_for(0)["teapot"] == before + 2 and s.current == 1
    with pytest.raises(RuleViolation):
        rules.apply(s, 1, SpendToken())


def test_the_hatter_turns_his_card_and_no_letter_binds_him_that_turn_the_laid_one_included(
) -> None:
    rules, s = table([ch.QUEEN, ch.HATTER, ch.CAT], letters=("h",), secrets=((0, "a"),))
    s, _ = rules.apply(s, 0, Say("klaun", lay=True))
    s, _ = rules.apply(s, 1, TurnHat())
    assert s.forbidden_for(1) == ()
    s, _ = rules.apply(s, 1, SpendToken())  # his token, still in the turn he turned the card
    s, _ = rules.apply(s, 1, Say("hałas"))  # H of the row and the Queen's A: both ignored
    assert s.out == () and s.forbidden_for(1) == ("h", "a")  # his next turn binds him again
    s, _ = rules.apply(s, 2, Say("namiot"))
    s, _ = rules.apply(s, 0, Say("trapez"))
    with pytest.raises(RuleViolation):
        rules.apply(s, 1, TurnHat())  # once a round (the rules README)


def test_dwojka_kier_makes_the_player_who_just_finished_play_another_turn_once_a_round(
) -> None:
    rules, s = table([ch.QUEEN, ch.CAT, ch.DEUCE, ch.TWINS], secrets=((0, "o"),))
    s, _ = rules.apply(s, 0, Say("klaun", lay=True))
    assert "o" not in s.forbidden_for(2)  # the Queen's red letter is not his
    assert "o" in s.forbidden_for(1)
    s, _ = rules.apply(s, 2, Encore())  # out of turn, right after the Queen's word
    assert s.current == 0 and 2 in s.sideways
    assert s.laid == ()  # the forced turn is "her next turn": her letter is discarded
    s, _ = rules.apply(s, 0, Say("lew"))
    assert s.current == 1  # then on as before
    with pytest.raises(RuleViolation):
        rules.apply(s, 2, Encore())  # once a round


def test_dwojka_kier_loses_his_immunity_once_his_card_is_turned() -> None:
    rules, s = table([ch.QUEEN, ch.CAT, ch.DEUCE, ch.TWINS], secrets=((0, "o"),))
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, _ = rules.apply(s, 2, Encore())
    s, _ = rules.apply(s, 0, Say("lew", lay=True))
    assert "o" in s.forbidden_for(2)


def test_dwojka_kier_acts_only_after_an_opponents_word_stands() -> None:
    rules, s = table([ch.QUEEN, ch.CAT, ch.DEUCE, ch.TWINS])
    with pytest.raises(RuleViolation):
        rules.apply(s, 2, Encore())  # nobody has finished a turn yet
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, _ = rules.apply(s, 1, Say("namiot"))
    s, _ = rules.apply(s, 2, Say("trapez"))
    with pytest.raises(RuleViolation):
        rules.apply(s, 2, Encore())  # never after his own word


def test_a_player_who_is_out_turns_the_card_down_and_its_ability_is_gone() -> None:
    rules, s = table([ch.QUEEN, ch.TWINS, ch.DEUCE, ch.CAT])
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, _ = rules.apply(s, 1, TimeUp())
    s, _ = rules.apply(s, 2, Say("trapez"))
    with pytest.raises(RuleViolation):
        rules.apply(s, 1, SpendToken())
    s, _ = rules.apply(s, 3, Say("arena"))
    s, _ = rules.apply(s, 0, Say("namiot"))
    with pytest.raises(RuleViolation):
        rules.apply(s, 1, Encore())  # not his card, and he is out
    assert s.view_for(0)["characters"][1] == ch.TWINS and 1 not in s.active


def test_characters_pass_left_and_the_game_ends_when_everyone_played_every_character() -> None:
    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new([f"P{i}" for i in range(5)], 6)
    held: list[set[str]] = [set() for _ in range(5)]
    first = s.characters
    rounds = 0
    rng = random.Random(1)
    while not s.is_over:
        if s.round != rounds:
            rounds = s.round
            for seat, card in enumerate(s.characters):
                held[seat].add(card)
            assert s.characters == tuple(first[(seat - rounds + 1) % 5] for seat in range(5))
            assert s.queen == s.holder(ch.QUEEN)
        seat = min(s.awaiting)
        s, _ = rules.apply(s, seat, Computer().choose_move(rules, s, seat, "medium", rng))
    assert rounds == 5 and all(h == set(first) for h in held)


def _game(players: int, seed: int, options: Options) -> list[tuple[State, int | None, Any]]:
    rules = Rules(Lemmas(), options, DATA)
    s, _ = rules.new([f"C{i}" for i in range(players)], seed)
    steps: list[tuple[State, int | None, Any]] = []
    rng = random.Random(seed)
    levels = ("beginner", "medium", "strong")
    for _ in range(3000):
        if s.is_over:
            break
        seat = min(s.awaiting)
        move = Computer().choose_move(rules, s, seat, levels[seat % 3], rng)
        steps.append((s, seat, move))
        s, _ = rules.apply(s, seat, move)
    steps.append((s, None, None))
    return steps


def test_a_seeded_game_of_eight_computers_in_the_advanced_game_finishes() -> None:
    steps = _game(8, 11, ADVANCED)
    last = steps[-1][0]
    assert last.is_over and last.round == 8
    used = {type(m).__name__ for _, _, m in steps}
    assert {"PlaceCaterpillar", "Say", "ChooseTheme"} <= used


def test_a_seeded_game_of_three_computers_in_the_advanced_game_has_no_alice_or_caterpillar(
) -> None:
    steps = _game(3, 12, ADVANCED)
    assert steps[-1][0].is_over
    assert all(not set(s.characters) & {ch.ALICE, ch.CATERPILLAR} for s, _, _ in steps)


@pytest.mark.parametrize("options", [ADVANCED, Options(advanced=True, madness=True),
                                     Options(advanced=True, children=True)])
def test_the_advanced_game_survives_json_hides_secrets_and_every_move_types_back(
        options: Options) -> None:
    rules = Rules(Lemmas(), options, DATA)
    steps = _game(6, 5, options)
    rng = random.Random(2)
    for number, (state, mover, move) in enumerate(steps):
        assert rules.state_from_json(json.loads(json.dumps(state.to_json()))) == state
        for seat in range(6):
            other = rules.hidden_variant(state, seat, rng)
            assert other.view_for(seat) == state.view_for(seat)
        if move is None or mover is None:
            continue
        assert rules.move_from_json(json.loads(json.dumps(move.to_json()))) == move
        view = state.view_for(mover)
        for lang in ("pl", "en"):
            assert parse(to_command(move, view, lang), view) == move
        if number % 3 == 0:
            other = rules.hidden_variant(state, mover, rng)
            here = Computer().choose_move(rules, state, mover, "medium", random.Random(number))
            there = Computer().choose_move(rules, other, mover, "medium", random.Random(number))
            assert here == there


def test_abilities_in_the_basic_game_are_refused_with_a_reason() -> None:
    rules = Rules(Lemmas(), Options(), DATA)
    s, _ = rules.new(["A", "B", "C"], 1)
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    for move in (SpendToken(), TurnCat(), TurnHat()):
        with pytest.raises(RuleViolation) as refused:
            rules.apply(s, 0, move)
        assert refused.value.reasons[0].code == "not_advanced"


@pytest.mark.parametrize(("line", "move"), [
    ("żeton", SpendToken()), ("token", SpendToken()),
    ("pomijam", TurnCat()), ("skip", TurnCat()),
    ("kapelusznik", TurnHat()), ("hatter", TurnHat()),
    ("połóż literę", LayLetter()), ("lay letter", LayLetter()),
    ("jeszcze raz", Encore()), ("again", Encore()),
    ("klaun +litera", Say("klaun", lay=True)), ("clown +letter", Say("clown", lay=True)),
    ("klaun !litera", Say("klaun", lay=True)),  # + and ! share a cell in Polish Braille
    ("powiedz kapelusznik", Say("kapelusznik")),  # the word, not the ability
])
def test_each_ability_has_a_polish_and_an_english_command(line: str, move: Any) -> None:
    _rules, s = table([ch.QUEEN, ch.CAT, ch.TWINS])
    if isinstance(move, Say):  # a typed word is for the turn it is typed in
        move = replace(move, turn=s.turn_mark)
    assert parse(line, s.view_for(0)) == move


def test_the_caterpillar_is_placed_by_number_or_name_and_help_lists_every_ability() -> None:
    from braille_words.games.alicja.commands import HELP

    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new(["Ola", "Jan", "Ewa", "Ala"], 1)
    assert parse("gąsienica 3", s.view_for(1)) == PlaceCaterpillar(2)
    assert parse("caterpillar ala", s.view_for(1)) == PlaceCaterpillar(3)
    for lang, words in (("pl", ("żeton", "pomijam", "kapelusznik", "połóż literę",
                                "jeszcze raz", "gąsienica Ola")),
                        ("en", ("token", "skip", "hatter", "lay letter", "again",
                                "caterpillar Ben"))):
        listed = [syntax for syntax, _ in HELP[lang]]
        assert all(w in listed for w in words)


def test_the_row_is_drawn_after_the_theme_nobody_sees_it_while_the_queen_chooses() -> None:
    """The rulebook's order: the Queen keeps a theme, then draws the forbidden letters."""
    from braille_words.games.alicja.presenter import read

    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new(["A", "B", "C"], 2)
    assert all(s.view_for(seat)["letters"] == [] for seat in range(3))
    assert read("litery", s.view_for(0), "pl", "beginner") == \
        "Zakazane litery Królowa Kier wylosuje, gdy wybierze temat."
    s, _ = rules.apply(s, 0, ChooseTheme(1))
    assert s.view_for(1)["letters"] == list(s.letters) and len(s.letters) == 3


def test_every_event_of_an_advanced_game_is_said_in_full_and_terse_in_both_languages() -> None:
    """Each event a played game produces (and one of each ability, forced below) renders in
    Polish and English, for beginners and experts, with every placeholder filled."""
    from braille_words.games.alicja.presenter import Presenter
    from braille_words.present.messages import lookup, render

    rules = Rules(Lemmas(), Options(advanced=True, madness=True), DATA)
    events: list[Any] = []
    s, got = rules.new([f"P{i}" for i in range(8)], 3)
    events += got
    rng = random.Random(3)
    while not s.is_over:
        seat = min(s.awaiting)
        s, got = rules.apply(s, seat, Computer().choose_move(rules, s, seat, "beginner", rng))
        events += got
    r2, s2 = table([ch.QUEEN, ch.TWINS, ch.CAT, ch.HATTER, ch.DEUCE], secrets=((0, "a"),))
    for seat, move in ((0, Say("klaun", lay=True)), (1, SpendToken()), (4, Encore()),
                       (0, Say("lew")), (1, Say("treser")), (2, TurnCat()), (3, TurnHat())):
        s2, got = r2.apply(s2, seat, move)
        events += got
    names = [f"Gracz{i}" for i in range(8)]
    presenter = Presenter()
    kinds = {e.kind for e in events}
    assert {"token_spent", "cat_skips", "hatter_flips", "deuce_encore", "letter_laid",
            "letter_discarded", "bonus", "caterpillar_placed", "secret_letter"} <= kinds
    for event in events:
        # What the table adds to every event's parameters (``SeatNews.event_text``).
        given = {"table_clock": "yes", "word_lang": "pl"}
        params = {**given, **event.params,
                  **presenter.event_params(event.kind, event.params, 0, names, "pl")}
        for lang in ("pl", "en"):
            params.update(presenter.event_params(event.kind, event.params, 0, names, lang))
            for verbosity in ("beginner", "expert"):
                template = lookup(lang, "alicja", event.kind, verbosity)
                assert template is not None, (event.kind, lang)
                wanted = {field for _, field, _, _ in string.Formatter().parse(template)
                          if field}
                assert wanted <= set(params), (event.kind, lang, wanted - set(params))
                said = render(lang, "alicja", event.kind, params, verbosity=verbosity)
                assert "{" not in said, (event.kind, lang, said)


def test_spell_alone_spells_the_forbidden_letters_or_before_them_the_themes_offered() -> None:
    from braille_words.games.alicja.presenter import Presenter

    rules = Rules(Lemmas(), ADVANCED, DATA)
    s, _ = rules.new(["A", "B", "C"], 2)
    offered = " ".join(DATA.themes[i].name for i in s.themes)
    assert Presenter().rack_letters(s.view_for(1)) == offered  # nothing is forbidden yet
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    assert Presenter().rack_letters(s.view_for(1)) == "".join(s.letters)
