"""The family rule of 7 słów and Alicja, with the rulebooks' own examples."""

from __future__ import annotations

import pytest

from braille_words.lexicon import Lexicon


@pytest.mark.parametrize(
    ("word", "other", "root"),
    [
        # 7 słów: "dom, domowy, domownik, przydomowy … Rdzeniem … jest wyraz »dom«".
        ("domowy", "dom", "dom"),
        ("domownik", "dom", "dom"),
        ("przydomowy", "domowy", "dom"),
        # Alicja: "jeśli jakiś gracz powie »dom«, to inny gracz nie może powiedzieć »domek«".
        ("domek", "dom", "dom"),
        # 7 słów: "nie można zamienić słowa »śmiech« na »śmiesznie«".
        ("śmiesznie", "śmiech", "śmiech"),
        ("zrobić", "robić", "rob"),  # an aspect pair: a prefix on one verb
    ],
)
def test_derived_words_share_a_root(small_pl: Lexicon, word: str, other: str, root: str) -> None:
    link = small_pl.kinship(word, other)
    assert link is not None and link.kind == "derivation" and link.probable
    assert link.root == root
    assert small_pl.same_family(other, word)


@pytest.mark.parametrize(
    ("word", "other", "lemma"),
    [
        ("śmiechy", "śmiech", "śmiech"),  # plural: "nie można użyć »śmiechy« … »śmiech«"
        ("wzdycha", "wzdychał", "wzdychać"),  # another tense
        ("domy", "dom", "dom"),
        ("psy", "pies", "pies"),
    ],
)
def test_forms_of_one_word_are_one_family_for_certain(
    small_pl: Lexicon, word: str, other: str, lemma: str
) -> None:
    link = small_pl.kinship(word, other)
    assert link is not None and link.kind == "inflection" and not link.probable
    assert link.root == lemma


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("domofon", "dom"),  # Alicja: compounds are allowed, "na przykład »domofon«"
        ("kotwica", "kot"),
        ("kot", "pies"),
        ("kotlet", "kot"),
        ("domowy", "mowa"),  # "do" is no prefix here: the stem is just "dom"
    ],
)
def test_unrelated_words_and_compounds_are_not_one_family(
    small_pl: Lexicon, word: str, other: str
) -> None:
    assert small_pl.kinship(word, other) is None


def test_the_explanation_names_the_root_and_both_words(small_pl: Lexicon) -> None:
    link = small_pl.kinship("domowy", "dom")
    assert link is not None
    assert link.describe("en") == "'domowy' shares the root 'dom' with 'dom'"
    assert "dom" in link.describe("pl") and "domowy" in link.describe("pl")


def test_a_clash_prefers_a_certain_link_to_a_probable_one(small_pl: Lexicon) -> None:
    clash = small_pl.family_clash("domy", ["kot", "domowy", "dom"])
    assert clash is not None and clash.other == "dom" and clash.kind == "inflection"
    assert small_pl.family_clash("domofon", ["kot", "dom"]) is None
    same = small_pl.family_clash("Dom", ["dom"])
    assert same is not None and same.kind == "same"


def test_a_family_lists_lemmas_and_roots(small_pl: Lexicon) -> None:
    fam = small_pl.family("domowy")
    assert fam.lemmas == ("domowy",)
    assert "dom" in fam.roots


def test_english_plurals_are_one_family() -> None:
    en = Lexicon.from_words(["work", "works"], "en")
    assert en.same_family("works", "work")
    assert not en.same_family("work", "word")
