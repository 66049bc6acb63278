"""The 13 conditional cards' conditions, judged on one move (the rules README's wording).

Word conditions are judged on the main word, the table's letters included, a blank counting
as the letter it stands for; every occurrence of a vowel counts. The move conditions (all 7
cards, two or more words, crossing two words, a blank as a vowel) look at the move as a whole.
A card the data file names but this module does not know is never met, so a teacher's typo
refuses the card instead of giving points away.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class MoveFacts:
    """What a condition may look at."""

    word: str
    """The main word, lower case, blanks as their letters."""
    words: int
    """How many words the move formed."""
    all_cards: bool
    """The mover held 7 cards and all 7 left the hand."""
    crossed: int
    """Words already on the table the main word runs through."""
    blank_letters: tuple[str, ...]
    """The letters blanks laid in this move stand for."""
    vowels: str


def _vowel_count(facts: MoveFacts) -> int:
    return sum(1 for ch in facts.word if ch in facts.vowels)


CONDITIONS: dict[str, Callable[[MoveFacts], bool]] = {
    "long7": lambda f: len(f.word) >= 7,
    "long9": lambda f: len(f.word) >= 9,
    "all7": lambda f: f.all_cards,
    "nasal": lambda f: any(ch in f.word for ch in "ąę"),
    "rare": lambda f: any(ch in f.word for ch in "źńć"),
    "two_of_zso": lambda f: sum(1 for ch in "żśó" if ch in f.word) >= 2,
    "palindrome": lambda f: len(f.word) >= 2 and f.word == f.word[::-1],
    "same_ends": lambda f: len(f.word) >= 2 and f.word[0] == f.word[-1],
    "one_vowel": lambda f: _vowel_count(f) == 1,
    "two_words": lambda f: f.words >= 2,
    "crosses_two": lambda f: f.crossed >= 2,
    "blank_vowel": lambda f: any(ch in f.vowels for ch in f.blank_letters),
    "two_letters": lambda f: len(f.word) == 2,
    # The English cards (data.en.toml) in place of the three Polish letter cards.
    "double_letter": lambda f: any(a == b for a, b in zip(f.word, f.word[1:], strict=False)),
    "rare_jqxz": lambda f: any(ch in f.word for ch in "jqxz"),
    "two_of_kvwy": lambda f: sum(1 for ch in "kvwy" if ch in f.word) >= 2,
}


def met(card: str, facts: MoveFacts) -> bool:
    """Whether the conditional card ``card`` counts for this move."""
    judge = CONDITIONS.get(card)
    return judge is not None and judge(facts)
