"""An English table takes British and American spellings both (issue 38): the word list was
American only, so AXE and COLOUR were no words and the computers voted AXE off Alice's fire
station. A Polish student learning English learns British spellings; an American player
writes COLOR. The common-word levels know the British forms by their own counts too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from braille_words.lexicon.common import common_words, knows
from braille_words.lexicon.sources import (
    DEFAULT_SOURCES,
    FORMER_DEFAULT_SOURCES,
    Settings,
    collect_words,
)

BRITISH = ["axe", "colour", "grey", "centre", "organise", "theatre", "tyre", "travelled"]
AMERICAN = ["ax", "color", "gray", "center", "organize", "theater", "tire", "traveled"]


def test_the_english_sources_hold_both_spellings() -> None:
    if not all(Path(p).is_file() for p in DEFAULT_SOURCES["en"]):
        pytest.skip("the Debian scowl package is not installed")
    words = set(collect_words(Settings.default("en")))
    assert set(BRITISH) <= words
    assert set(AMERICAN) <= words
    assert "colourize" in words  # Oxford spelling: British with -ize


def test_a_lexicon_built_from_the_former_american_default_is_rebuilt_with_both() -> None:
    """A lexicon remembers its sources so a teacher's --source survives a plain build; the
    American list alone was never anyone's choice, and the next `lexicon build` (setup.sh)
    reads today's default."""
    former = Settings("en", FORMER_DEFAULT_SOURCES["en"][0], extra=("/school/extra.txt",))
    assert former.current().sources == DEFAULT_SOURCES["en"]
    assert former.current().extra == ("/school/extra.txt",)
    own = Settings("en", ("/school/words.txt",))
    assert own.current() == own
    assert Settings.default("pl").current() == Settings.default("pl")


@pytest.mark.parametrize("word", BRITISH + AMERICAN)
def test_the_compiled_english_lexicon_knows_both_spellings(word: str, english: Any) -> None:
    assert english.contains(word)
    assert english.frequency_rank(word) is not None


def test_common_british_forms_are_common_words_of_the_levels(english: Any) -> None:
    """wordfreq counts British forms on their own (COLOUR Zipf 4.5, AXE 3.8): a medium
    computer and a hint may offer them, a beginner the most common."""
    for word in ("colour", "centre", "favourite", "grey", "axe"):
        assert knows(english, 12_000, word), word
    assert knows(english, 8_000, "colour")
    known = common_words(english, 12_000)
    assert known is not None
    assert {k.word for k in known.anagrams("axe")} >= {"axe"}


def test_alice_takes_axe_at_the_fire_station(english: Any) -> None:
    """A computer challenged AXE on the fire-station theme: no word of its lexicon."""
    from braille_words.games.alicja.computer import fits
    from braille_words.games.alicja.data import load_data
    from braille_words.games.registry import find_game

    kit = find_game("alicja", "en")
    rules = kit.make_rules(english, {})
    themes = load_data(words="en").themes
    fire = next(i for i, t in enumerate(themes) if t.name == "fire station")
    view = {"themes": [fire], "round": 0}
    assert fits(rules, view, ["axe"])
    assert fits(rules, view, ["colour"])


@pytest.mark.parametrize(("word", "other"), [
    ("grey", "gray"), ("colours", "color"), ("travelled", "traveled"), ("axes", "ax"),
    ("organised", "organize"), ("centre", "center"), ("colourise", "colorize"),
])
def test_a_word_in_its_other_spelling_is_a_form_of_the_same_word(
    word: str, other: str, english: Any
) -> None:
    """GREY after GRAY is the same word again (Alice's repeat, Wordsy's family), not a new one."""
    from braille_words.lexicon.family import kinship

    found = kinship(word, other, "en", contains=english.contains)
    assert found is not None and found.kind == "inflection"


@pytest.mark.parametrize(("word", "other"), [("four", "for"), ("tour", "tor"), ("pour", "por")])
def test_words_every_spelling_has_are_not_linked_by_a_spelling_rule(
    word: str, other: str, english: Any
) -> None:
    """FOUR is no British FOR: only forms SCOWL lists for one spelling alone are paired."""
    from braille_words.lexicon.family import kinship

    assert kinship(word, other, "en", contains=english.contains) is None


def test_in_english_alice_grey_after_gray_is_a_repeat(english: Any) -> None:
    from braille_words.games.registry import find_game

    rules = find_game("alicja", "en").make_rules(english, {})
    assert rules._repeat([(0, "gray")], ["grey"]) == ("gray", 0, "grey", "form")
    assert rules._repeat([(0, "colour")], ["color"]) == ("colour", 0, "color", "form")
