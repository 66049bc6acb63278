"""The eight characters of Alicja's advanced game: who is dealt which, what each holds at the
start of a round, and which laid letter each one may ignore.

The rulebook's "Postacie z Krainy Czarów" page, with the rules README's readings: the first
(youngest) player holds the Queen of Hearts, the others are dealt at random; with three
players Alicja and Pan Gąsienica stay in the box; every card passes to the left after a round,
so after as many rounds as players everyone has played every character. Pure: no clock, no
file.
"""

from __future__ import annotations

import random

QUEEN = "queen"  # Królowa Kier: chooses the theme, a secret red letter
RABBIT = "rabbit"  # Biały Królik: a secret purple letter
CATERPILLAR = "caterpillar"  # Pan Gąsienica: his token before an opponent, half their card
CAT = "cat"  # Kot z Cheshire: once a round, skip a turn
TWINS = "twins"  # Bliźniacy: two time tokens
ALICE = "alice"  # Alicja: half her own card
HATTER = "hatter"  # Kapelusznik: a time token; once a round, no forbidden letter for a turn
DEUCE = "deuce"  # Dwójka Kier: once a round, an opponent plays another turn; the red is not his

CHARACTERS: tuple[str, ...] = (QUEEN, RABBIT, CATERPILLAR, CAT, TWINS, ALICE, HATTER, DEUCE)
NOT_WITH_THREE = frozenset({ALICE, CATERPILLAR})
"""The rulebook: "W grze 3-osobowej nie wolno używać Alicji oraz Pana Gąsienicy"."""

TIME_TOKENS = {TWINS: 2, HATTER: 1}
SECRET_COLOUR = {QUEEN: "red", RABBIT: "purple"}
"""Who draws a secret letter at the start of a round, and from which stack."""


def deal(players: int, seed: int) -> tuple[str, ...]:
    """The first round's cards, seat by seat: the Queen to seat 0 (the youngest player), the
    rest drawn at random from those allowed at this many players."""
    rng = random.Random(f"{seed}/characters")
    others = [c for c in CHARACTERS[1:] if players > 3 or c not in NOT_WITH_THREE]
    rng.shuffle(others)
    return (QUEEN, *others[: players - 1])


def passed_left(cards: tuple[str, ...]) -> tuple[str, ...]:
    """Every card to the player on the left (the next seat): "Każdy gracz przekazuje swoją
    kartę postaci graczowi z lewej"."""
    n = len(cards)
    return tuple(cards[(seat - 1) % n] for seat in range(n))


def half(cups: int) -> int:
    """Alicja's and Pan Gąsienica's bonus: half a card's cups, rounded down (3 → 1)."""
    return cups // 2


def ignores_laid(mine: str, sideways: bool, placer: str) -> bool:
    """Whether a letter laid by the holder of ``placer`` is not forbidden to the holder of
    ``mine``: the Queen's red letter is not Dwójka Kier's while his card is upright."""
    return placer == QUEEN and mine == DEUCE and not sideways
