"""Alicja's ``zasady`` names every variant of the rulebook and how to start it (issue 33).

The rules told the basic and the advanced game only: the children's game, "Za mało
szaleństwa?" and the tie-break were in the program (``Options``) and nowhere in what a child
hears. Each option and ``--variant`` the part names must be one the program takes.
"""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from braille_words.games.alicja.moves import Options
from braille_words.games.alicja.presenter import Presenter
from braille_words.games.alicja.rules import Rules, load_data
from braille_words.table.cli import VARIANTS


class _Lexicon:
    def contains(self, word: str) -> bool:
        return True

    def lemmas(self, word: str) -> tuple[str, ...]:
        return (word,)


def _part(lang: str, low: str, options: Options) -> str:
    state, _ = Rules(_Lexicon(), options, data=load_data()).new(["Ola", "Jan", "Ewa", "Ada"], 1)
    told = Presenter().read(low, state.view_for(0), lang, "beginner")
    assert told is not None
    return told


@pytest.mark.parametrize(("lang", "ask"), [("pl", "zasady 5"), ("en", "rules 5")])
def test_the_rules_name_each_variant_and_the_options_that_start_it(lang: str, ask: str) -> None:
    told = _part(lang, ask, Options())
    named = set(re.findall(r"--option (\w+)=", told))
    assert named == {"children_letters", "wild_letters", "tie_break"}
    assert named <= {f.name for f in fields(Options)}
    variants = [*re.findall(r"--variant (\w+)", told), "children", "wild"]
    for variant in variants:
        assert VARIANTS[variant], variant  # each names an option of Alicja's
        assert set(VARIANTS[variant]) <= {f.name for f in fields(Options)}


@pytest.mark.parametrize(("lang", "options", "said"), [
    ("pl", Options(), "Ta gra: podstawowa."),
    ("pl", Options(children=True, advanced=True), "Ta gra: zaawansowana, z dziećmi."),
    ("pl", Options(madness=True), "Ta gra: za mało szaleństwa."),
    ("en", Options(children=True), "This game: with children."),
])
def test_the_rules_say_which_variant_this_table_plays(lang: str, options: Options,
                                                      said: str) -> None:
    ask = "zasady 5" if lang == "pl" else "rules 5"
    assert said in _part(lang, ask, options)
