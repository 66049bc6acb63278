"""Alicja w Krainie Słów, the basic game: the rulebook's rules and the rules README's values."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

import pytest

from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Rules,
    Say,
    State,
    TimeUp,
    Vote,
    load_data,
)
from braille_words.games.base import RuleViolation

DATA = load_data()


class Lemmas:
    """A lexicon that knows a few Polish lemmas (lwów → lew)."""

    FORMS: ClassVar[dict[str, tuple[str, ...]]] = {
        "lwów": ("lew",), "lwy": ("lew",), "lew": ("lew",), "domy": ("dom",),
    }

    def contains(self, word: str) -> bool:
        return True

    def lemmas(self, word: str) -> tuple[str, ...]:
        return self.FORMS.get(word, (word,))


def talking(players: int = 3, letters: tuple[str, ...] = ("ż", "h")) -> tuple[Rules, State]:
    r = Rules(Lemmas(), data=DATA)
    s, _ = r.new([f"P{i + 1}" for i in range(players)], 1)
    s, _ = r.apply(s, s.current, ChooseTheme(0))
    return r, replace(s, letters=letters)


def test_a_round_sets_the_table_two_themes_one_kept_one_blue_and_one_purple_letter() -> None:
    r = Rules(Lemmas(), data=DATA)
    s, _events = r.new(["A", "B", "C"], 3)
    assert s.phase == "theme" and len(s.themes) == 2 and s.current == s.queen == 0
    blue, purple = s.letters
    assert blue in DATA.blue and purple in DATA.purple
    s, _ = r.apply(s, 0, ChooseTheme(1))
    assert s.phase == "talk" and len(s.themes) == 1


def test_a_forbidden_letter_anywhere_puts_the_speaker_out_and_a_is_not_a_with_ogonek() -> None:
    r, s = talking(letters=("h",))
    after, _events = r.apply(s, 0, Say("Thor"))  # H is written even when it is silent
    assert 0 in after.out
    r, s = talking(letters=("ą",))
    after, _ = r.apply(s, 0, Say("klaun"))  # A is not Ą
    assert after.out == () and after.current == 1


def test_a_word_already_said_or_another_form_of_it_puts_the_speaker_out() -> None:
    r, s = talking()
    s, _ = r.apply(s, 0, Say("lew"))
    s, _ = r.apply(s, 1, Say("treser lwów"))  # LWÓW is a form of LEW
    assert s.out == (1,)
    r, s = talking()
    s, _ = r.apply(s, 0, Say("dom"))
    s, _ = r.apply(s, 1, Say("domofon"))  # a compound holding an earlier word is allowed
    assert s.out == ()


def test_little_words_are_no_repeats_but_their_letters_count() -> None:
    r, s = talking(letters=("z",))
    s, _ = r.apply(s, 0, Say("klaun i lew"))
    s, _ = r.apply(s, 1, Say("namiot i akrobata"))
    assert s.out == ()
    s, _ = r.apply(s, 2, Say("ptak z dziobem"))  # Z in a little word still counts
    assert s.out == (2,)


def test_the_teapot_running_out_puts_the_player_out() -> None:
    r, s = talking()
    s, _ = r.apply(s, 0, TimeUp())
    assert s.out == (0,) and s.current == 1


def test_a_challenged_word_goes_out_only_if_more_vote_against_a_tie_keeps_it() -> None:
    r, s = talking(players=4)
    s, _ = r.apply(s, 0, Say("klaun"))
    s, _ = r.apply(s, 2, Challenge())
    assert s.phase == "vote" and s.awaiting == frozenset({1, 2, 3})
    with pytest.raises(RuleViolation):
        r.apply(s, 0, Vote(True))  # the speaker does not vote
    s, _ = r.apply(s, 1, Vote(True))
    s, _ = r.apply(s, 2, Vote(False))
    s, _events = r.apply(s, 3, TimeUp())  # the vote's time: player 4 abstains; 1:1 keeps it
    assert s.out == () and s.phase == "talk" and s.current == 1
    s, _ = r.apply(s, 1, Say("słonia"))
    s, _ = r.apply(s, 0, Challenge())
    s, _ = r.apply(s, 0, Vote(False))
    s, _ = r.apply(s, 2, Vote(False))
    s, _ = r.apply(s, 3, Vote(True))
    assert s.out == (1,)


def test_cups_follow_the_order_out_and_the_last_standing_takes_the_last_card() -> None:
    r, s = talking(players=3)
    s, _ = r.apply(s, 0, TimeUp())  # P1 out first: card 1, 0 cups
    s, _ = r.apply(s, 1, TimeUp())  # P2 out second: card 2, 0 cups; P3 stays: card 3, 1 cup
    assert s.cups == (0, 0, 1)
    assert s.round == 2 and s.queen == 1 and s.phase == "theme"


@pytest.mark.parametrize(("players", "card", "cups"),
                         [(5, 5, 4), (6, 5, 3), (7, 7, 6), (8, 7, 5), (8, 8, 6), (4, 4, 2)])
def test_the_5_and_7_cards_count_by_the_number_of_players(players: int, card: int,
                                                          cups: int) -> None:
    assert DATA.cup_value(card, players) == cups


def test_as_many_rounds_as_players_and_ties_share_the_win() -> None:
    r = Rules(Lemmas(), data=DATA)
    s, _ = r.new(["A", "B", "C"], 2)
    for _ in range(3):
        s, _ = r.apply(s, s.current, ChooseTheme(0))
        while s.phase == "talk":
            s, _ = r.apply(s, s.current, TimeUp())
    assert s.is_over and sum(s.cups) == 3 and s.result()["winners"] == [0, 1, 2]


def test_sixty_themes_some_for_children() -> None:
    assert len(DATA.themes) == 60 and sum(t.children for t in DATA.themes) >= 30


def test_a_game_survives_json() -> None:
    r, s = talking()
    s, _ = r.apply(s, 0, Say("klaun"))
    again: Any = r.state_from_json(s.to_json())
    assert again == s


def test_a_derivative_from_the_family_file_is_a_repeat_a_look_alike_is_not() -> None:
    """The rulebook: "dom" then "domek" is out; "domofon" (a compound) and "kotlet" (only a
    look-alike of "kot") are allowed. Lemmas do not link "dom" and "domek": the data file does."""
    r, s = talking()
    s, _ = r.apply(s, 0, Say("dom"))
    s, _ = r.apply(s, 1, Say("domek"))
    assert s.out == (1,)
    r, s = talking()
    s, _ = r.apply(s, 0, Say("kotek"))
    s, _ = r.apply(s, 1, Say("kot"))  # both directions
    assert s.out == (1,)
    r, s = talking()
    s, _ = r.apply(s, 0, Say("kot"))
    s, _ = r.apply(s, 1, Say("kotlet"))
    assert s.out == ()


def test_a_teacher_may_settle_a_challenge_at_once() -> None:
    """The rules README: a challenged word is voted on by the players "or the teacher decides"."""
    r, s = talking(players=4)
    s, _ = r.apply(s, 0, Say("klaun"))
    s, _ = r.apply(s, 2, Challenge())
    made = r.teacher_ruling(s, False)
    assert made is not None
    s, _ = r.apply(s, *made)
    assert s.out == (0,) and s.phase == "talk"
    assert r.teacher_ruling(s, True) is None  # nothing waits for a ruling now


def test_not_mad_enough_four_letters_one_of_each_colour_and_children_one_blue() -> None:
    from braille_words.games.alicja.rules import Options

    mad = Rules(Lemmas(), Options(madness=True), DATA)
    s, _ = mad.new(["A", "B", "C"], 5)
    blue, purple, green, red = s.letters
    assert (blue in DATA.blue and purple in DATA.purple and green in DATA.green
            and red in DATA.red)
    young = Rules(Lemmas(), Options(children=True), DATA)
    s, _ = young.new(["A", "B", "C"], 5)
    assert len(s.letters) == 1 and s.letters[0] in DATA.blue
    assert all(DATA.themes[t].children for t in s.themes)
