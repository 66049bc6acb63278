"""Alicja's theme lists hold whole words and phrases (issue 33 §3).

The computer said DIABELSKI (a fragment of DIABELSKI MŁYN, listed beside it), and the child's
DIABELSKI MŁYN was then out as a repeat. A computer speaks from these lists, so no entry may be
a piece of another, and a phrase shares a word with another entry only when it is that entry.
"""

from __future__ import annotations

from braille_words.games.alicja.data import load_data

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
