"""Alicja's theme lists hold whole words and phrases a child knows (issue 33 §3).

The computer said DIABELSKI (a fragment of DIABELSKI MŁYN, listed beside it), and the child's
DIABELSKI MŁYN was then out as a repeat. A computer speaks from these lists, so no entry may be
a piece of another, and a phrase shares a word with another entry only when it is that entry.
"""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.alicja.data import Theme, load_data, words_of
from braille_words.lexicon.unsuitable import unsuitable

FRAGMENTS = {"diabelski", "śmigus", "połykacz", "polecony", "szpitalny", "prywatny"}
"""Pieces of phrases the lists held alone ("diabelski młyn", "śmigus dyngus", "połykacz
ognia", "list polecony"): said alone they are no theme word."""


def test_no_theme_list_holds_a_fragment_of_a_phrase() -> None:
    for theme in load_data().themes:
        assert not FRAGMENTS & set(theme.words), theme.name


def test_a_phrase_repeats_a_word_of_its_list_only_when_it_is_that_word() -> None:
    data = load_data()
    for theme in data.themes:
        owners: dict[str, set[str]] = {}
        for entry in theme.words:
            for word in entry.split():
                if word not in data.little:
                    owners.setdefault(word, set()).add(entry)
        shared = {word: entries for word, entries in owners.items() if len(entries) > 1}
        assert not shared, (theme.name, shared)


def _spoken(theme: Theme) -> list[tuple[str, str]]:
    """Each (entry, word) a computer may say or a hint offer from ``theme`` (little words
    left out); a capitalised entry is a proper name the list chose (Jowisz, Sahara)."""
    return [(entry, word) for entry in theme.words for word in words_of(entry)]


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_theme_word_a_computer_may_say_passes_the_child_filter(lang: str) -> None:
    """Every level of Alicja's computer and every hint speaks from these lists, so each word
    passes ``unsuitable``, the filter of every game's child levels: LATTE (morfeusz2 knows
    it not) and TEDDY (a name in SCOWL) were on them."""
    data = load_data(words=lang)
    refused = {(t.name, word) for t in data.themes for _entry, word in _spoken(t)
               if word not in data.little and unsuitable(word, lang)}
    assert not refused


def test_a_polish_lower_case_theme_word_is_a_common_word_to_morfeusz2() -> None:
    """A name on a list is written with a capital (a planet in "kosmos"); every other word is
    read by morfeusz2 as common words, the rule of pl-uncommon-forms.txt. WELOCIRAPTOR,
    ŚWIADKOWA, ŚLINOCIĄG and BUJACZEK were not."""
    pytest.importorskip("morfeusz2")
    import morfeusz2

    from braille_words.lexicon.uncommon_forms import is_polish_common_word

    morf = morfeusz2.Morfeusz()
    unknown = {(t.name, word) for t in load_data().themes for entry, word in _spoken(t)
               if entry[:1].islower() and not is_polish_common_word(word, morf)}
    assert not unknown


def test_a_childrens_theme_word_is_one_the_word_counts_know(polish: Any) -> None:
    """A word of a children's theme was counted in what people write (a name on the list
    excepted): EKRANIK, POCZTOWIEC, DIPLODOK and KRASZANKI were never seen by the counts,
    so no child can be expected to know them."""
    unseen = {(t.name, word) for t in load_data().themes if t.children
              for entry, word in _spoken(t)
              if entry[:1].islower() and polish.frequency_rank(word) is None}
    assert not unseen


SPECIALIST = {
    "woltyżerka", "konferansjer", "kuglarz", "sztukmistrz", "mielizna", "synoptyk", "hełmofon",
    "sikawka", "rabata", "warzywnik", "kuszetka", "zawiadowca", "semafor", "juhas", "turnia",
    "kosówka", "meandry", "rozlewisko", "kinomaniak", "przyłbica", "abordaż", "beduin",
    "narzuta", "dzwoniec", "kustosz", "odrestaurowanie", "gablota", "rezurekcja", "trzonowiec",
    "siekacz", "pocztylion",
}
"""Trade words the children's themes held, read through by hand (issue 33): a grown-up's
word for a vaulting act, a sleeping berth or a dwarf pine, none a child says at a table."""


def test_a_childrens_theme_holds_no_trade_word() -> None:
    for theme in load_data().themes:
        if theme.children:
            assert not SPECIALIST & set(theme.words), theme.name
