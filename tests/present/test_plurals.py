"""Nouns agree with numbers by the CLDR plural rules (issue 16 §4: "masz 2 płytek")."""

from __future__ import annotations

import pytest

from braille_words.present.messages import fill, plural, plural_category

TILE = "płytka|płytki|płytek"


def _cldr_pl(n: int) -> str:
    """The CLDR rule for Polish integers, written out as the standard states it."""
    if n == 1:
        return "one"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "few"
    return "many"


@pytest.mark.parametrize("n", [*range(31), *range(100, 126), 1000, 1001, 1002, 1012, 1022])
def test_polish_follows_cldr(n: int) -> None:
    assert plural_category(n, "pl") == _cldr_pl(n)
    assert plural(n, TILE, "pl") == {"one": "płytka", "few": "płytki", "many": "płytek"}[
        _cldr_pl(n)
    ]


@pytest.mark.parametrize("n", [0, 1, 2, 5, 11, 21, 101])
def test_english_is_one_or_other(n: int) -> None:
    assert plural(n, "tile|tiles", "en") == ("tile" if n == 1 else "tiles")


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (0, "0 płytek"),
        (1, "1 płytka"),
        (2, "2 płytki"),
        (4, "4 płytki"),
        (5, "5 płytek"),
        (12, "12 płytek"),
        (14, "14 płytek"),  # the rulebook's starting rack
        (22, "22 płytki"),
        (25, "25 płytek"),
        (84, "84 płytki"),  # the bank after two racks
        (112, "112 płytek"),  # the whole set
        (104, "104 płytki"),
    ],
)
def test_rulebook_counts(n: int, said: str) -> None:
    assert fill("{n} {n:plural:płytka|płytki|płytek}", {"n": n}, "pl") == said


def test_a_hash_is_the_number_and_a_list_counts_its_items() -> None:
    assert fill("{n:plural:# płytka|# płytki|# płytek}", {"n": 3}, "pl") == "3 płytki"
    template = "{letters:plural:Zostaje litera|Zostają litery|Zostaje liter} {letters}."
    assert fill(template, {"letters": ["A"]}, "pl") == "Zostaje litera A."
    assert fill(template, {"letters": ["A", "B"]}, "pl") == "Zostają litery A, B."
    # Rules hand some lists over already written out.
    assert fill(template, {"letters": "A, B, C, D, E"}, "pl") == "Zostaje liter A, B, C, D, E."


def test_without_a_language_three_forms_read_the_polish_way() -> None:
    assert fill("{n:plural:płytka|płytki|płytek}", {"n": 3}) == "płytki"
    assert fill("{n:plural:tile|tiles}", {"n": 3}) == "tiles"


def test_the_catalogues_use_it_where_a_number_meets_a_noun() -> None:
    from braille_words.present.messages import render

    def said(lang: str, key: str, **params: object) -> str:
        return render(lang, "word_rummikub", key, params)

    assert said("pl", "tiles_drawn", name="Ola", count=2) == "Ola dobiera 2 płytki."
    assert said("pl", "tiles_drawn", name="Ola", count=1) == "Ola dobiera 1 płytkę."
    assert said("en", "tiles_drawn", name="Ola", count=1) == "Ola drew 1 tile."
    assert said("pl", "rack_left_over", letters="A") == "Zostaje litera ze stojaka: A."
    assert said("pl", "joker_left_over", count=2).startswith("Zostają 2 jokery")
    assert said("pl", "bank", n=84) == "W banku są 84 płytki."
