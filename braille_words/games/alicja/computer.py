"""Alicja's computer player: it says a word of the theme's list that holds no forbidden letter
and repeats nothing said this round, and votes by the same list.

The theme lists are in ``data.toml`` (ours, a teacher may extend them). Out of words, a
computer still has to speak: it says the first word of the list and, like a person who could
think of nothing better, is put out for it.
"""

from __future__ import annotations

import random

from braille_words.games.alicja.rules import (
    ChooseTheme,
    Move,
    Rules,
    Say,
    State,
    TimeUp,
    Vote,
    words_of,
)
from braille_words.games.kit import ComputerPlayer

LEVELS = ("beginner", "medium", "strong")


def safe_words(rules: Rules, state: State) -> list[str]:
    """The theme's words this round allows: no forbidden letter, no repeat."""
    theme = rules.data.themes[state.themes[0]]
    out = []
    for word in theme.words:
        words = words_of(word)
        if any(x in w for w in words for x in state.letters):
            continue
        if rules._repeat(state.said, words) is not None:
            continue
        out.append(word)
    return out


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    if state.phase == "theme":
        return ChooseTheme(rng.randrange(2))
    if state.phase == "vote" and state.last is not None:
        theme = rules.data.themes[state.themes[0]]
        said = words_of(state.said[state.last][1])
        known = {w for t in theme.words for w in words_of(t)}
        fits = any(w in known for w in said) or all(
            rules.lexicon.contains(w) for w in said if hasattr(rules.lexicon, "contains"))
        return Vote(fits)
    if state.phase != "talk":
        return TimeUp()
    words = safe_words(rules, state)
    if not words:
        theme = rules.data.themes[state.themes[0]]
        return Say(theme.words[0] if theme.words else "herbata")
    if level == "strong":
        return Say(words[0])
    return Say(rng.choice(words[:4]))


class Computer(ComputerPlayer[Rules, State, Move]):
    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        if state.phase != "talk":
            return None
        words = safe_words(rules, state)
        return Say(words[0]) if words else None

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return TimeUp()


