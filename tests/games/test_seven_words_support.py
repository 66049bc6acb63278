"""Shared helpers for the 7 słów tests: a small dictionary and ways to lay out the table.

The rulebook's examples refer to pictures of play areas we do not have, so tests lay the
cards out themselves — by moving real cards of the one deck, never by inventing cards, so the
"60 cards, none created or lost" invariant holds in every test too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from braille_words.games.seven_words.rules import Done, Rules, State
from braille_words.tiles import normalize

WORDS = [
    "wyselekcjonowany",
    "lumpenproletariat",
    "europarlamentarzysta",
    "snopowiązałka",
    "antropomorfizacja",
    "satysfakcjonujący",
    "absolwent",
    "dźwiękonaśladownictwo",
    "dziesięciogroszówka",
    "blachodachówka",
    "rozluźniony",
    "podpajęczynówkowy",
    "słowotwórczy",
    "dom",
    "domowy",
    "domownik",
    "przydomowy",
    "śmiech",
    "śmiechy",
    "śmialiśmy",
    "śmiesznie",
    "wzdycha",
    "wzdychał",
    "oko",
    "ucho",
    "ewa",
    "echo",
    "aura",
    "idea",
    "oaza",
    "ego",
    "ul",
    "kot",
    "koty",
    "pies",
    "psy",
    "las",
    "lasy",
    "rak",
    "raki",
    "woda",
    "wody",
]

FAMILIES = (
    ("dom", "domowy", "domownik", "przydomowy"),
    ("śmiech", "śmiechy", "śmialiśmy", "śmiesznie"),
    ("wzdycha", "wzdychał"),
    ("kot", "koty"),
    ("pies", "psy"),
    ("las", "lasy"),
    ("rak", "raki"),
    ("woda", "wody"),
)


class WordList:
    """A dictionary of a few words with word families, answering what the rules ask."""

    def __init__(
        self, words: Iterable[str] = WORDS, families: Iterable[Sequence[str]] = FAMILIES
    ) -> None:
        self.words = {normalize(w) for w in words}
        self.family_of: dict[str, int] = {}
        for i, fam in enumerate(families):
            for w in fam:
                self.family_of[normalize(w)] = i

    def contains(self, word: str) -> bool:
        return word in self.words

    def same_family(self, a: str, b: str) -> bool:
        fa, fb = self.family_of.get(a), self.family_of.get(b)
        return a == b or (fa is not None and fa == fb)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(sorted(self.words))


def card_ids(state: State) -> list[int]:
    return sorted(state.deck + state.discard + state.area)


def _pick(state: State, letter: str, taken: set[int]) -> int:
    for cid, card in enumerate(state.cards):
        if card.letter == letter and cid not in taken:
            return cid
    raise AssertionError(f"no card {letter} left in the deck")


def set_area(state: State, letters: Sequence[str]) -> State:
    """Lay out ``letters`` (slot order: two above 5, two above 4, …) from the real deck.

    A letter may be written "ł+1": the bonus is the deck's, the suffix only helps the reader.
    """
    chosen: list[int] = []
    for spec in letters:
        chosen.append(_pick(state, spec.split("+")[0], set(chosen)))
    old = state.area
    state.deck = [c for c in old + state.deck if c not in chosen]
    state.discard = [c for c in state.discard if c not in chosen]
    state.area = chosen
    return state


def stack_deck(state: State, letters: Sequence[str]) -> State:
    """Put cards of ``letters`` on top of the draw pile, in that order."""
    top: list[int] = []
    for letter in letters:
        cid = next(
            c for c in state.deck + state.discard
            if state.cards[c].letter == letter and c not in top
        )
        top.append(cid)
    state.discard = [c for c in state.discard if c not in top]
    state.deck = top + [c for c in state.deck if c not in top]
    return state


def everyone_done(rules: Rules, state: State) -> State:
    """Close the challenge phase with no challenges."""
    for seat in sorted(state.awaiting):
        state, _ = rules.apply(state, seat, Done())
    return state
