"""How a word is made from cards: which hand cards spell it, and how a stolen word's cards fit
into the thief's new words.

Kept apart from the turn rules because the computer player asks the same questions of many
candidate words. Everything here is pure and deterministic: the same hand and words always
give the same cards, so a journal replays a move from its words alone.

A steal, as the rules README has it: the stolen word is cut into contiguous pieces, one per
new word; each piece keeps its letters in order inside its new word, and hand cards go
anywhere around and between them (WORK → REWORKED; FRONT → FRON+W = FROWN and T → CAT;
TEA → TEAM yes, TEA → MEAT no). Every stolen card is used and every new word holds at least
one hand card. The "rearrange freely" variant drops the order: the stolen cards may be
rearranged before they are cut, so any split of them is allowed (CAT → TAX + CO).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations

from braille_words.tiles import Card


@dataclass(frozen=True)
class Placed:
    """A card in a word on the table, and the letter it shows (a wild: the one it stands for)."""

    card: Card
    letter: str

    @property
    def wild(self) -> bool:
        return self.card.letter is None


Word = tuple[Placed, ...]


def word_text(word: Sequence[Placed]) -> str:
    return "".join(p.letter for p in word)


def one_suit(word: Sequence[Placed]) -> str | None:
    """The suit every card of ``word`` is (wilds take any), or None when they differ."""
    suits = {p.card.suit for p in word if not p.wild}
    if len(suits) == 1:
        return next(iter(suits))
    return None if suits else "wild"


def from_hand(
    letters: str, hand: Sequence[Card], fixed: Sequence[Placed] = (), suits: Sequence[str] = ()
) -> list[Card] | None:
    """Hand cards for ``letters`` (real cards first, wilds for the rest), or None when the
    hand lacks them. A choice that makes the whole word (with ``fixed`` cards already in it)
    one suit is preferred, so the word scores double and is locked."""
    return next(hand_choices(letters, hand, fixed, suits), None)


def hand_choices(
    letters: str, hand: Sequence[Card], fixed: Sequence[Placed] = (), suits: Sequence[str] = ()
) -> Iterator[list[Card]]:
    """Each way ``from_hand`` would choose cards, in its order of preference: one suit
    first, then real cards before wilds. A steal of several words tries the next when the
    first leaves too little for the words after it (a one-suit choice may spend a wild
    another word needs)."""
    fixed_suits = {p.card.suit for p in fixed if not p.wild}
    tries: list[str | None] = [s for s in suits if not fixed_suits - {s}]
    tries.append(None)
    given: list[list[int]] = []
    for suit in tries:
        chosen = _pick(letters, hand, suit)
        if chosen is not None and [c.id for c in chosen] not in given:
            given.append([c.id for c in chosen])
            yield chosen


def _pick(letters: str, hand: Sequence[Card], suit: str | None) -> list[Card] | None:
    pool = list(hand)
    chosen: list[Card] = []
    for letter in letters:
        card = next(
            (c for c in pool if c.letter == letter and (suit is None or c.suit == suit)), None
        )
        if card is None:
            card = next((c for c in pool if c.letter is None), None)
        if card is None:
            return None
        pool.remove(card)
        chosen.append(card)
    return chosen


@dataclass(frozen=True)
class Steal:
    """A way to make ``words`` from a stolen word: the new words' cards, in order."""

    words: tuple[Word, ...]
    hand_used: tuple[Card, ...]


def embeddings(piece: Sequence[Placed], word: str, ordered: bool) -> Iterator[tuple[int, ...]]:
    """The positions of ``word`` the piece's cards can take (its letters in order unless the
    variant lets them be rearranged); a wild takes any letter."""
    n = len(piece)
    if n > len(word):
        return
    if ordered:
        yield from _ordered(piece, word, 0, 0)
        return
    for positions in permutations(range(len(word)), n):
        if all(p.wild or p.letter == word[i] for p, i in zip(piece, positions, strict=True)):
            yield positions


def _ordered(piece: Sequence[Placed], word: str, k: int, start: int) -> Iterator[tuple[int, ...]]:
    if k == len(piece):
        yield ()
        return
    for i in range(start, len(word) - (len(piece) - k) + 1):
        if piece[k].wild or piece[k].letter == word[i]:
            for rest in _ordered(piece, word, k + 1, i + 1):
                yield (i, *rest)


def cuts(word: Sequence[Placed], parts: int) -> Iterator[tuple[Word, ...]]:
    """``word`` cut into ``parts`` contiguous, non-empty pieces, in every way."""
    for stops in combinations(range(1, len(word)), parts - 1):
        bounds = (0, *stops, len(word))
        yield tuple(tuple(word[a:b]) for a, b in pairwise(bounds))


def splits(word: Sequence[Placed], parts: int) -> Iterator[tuple[Word, ...]]:
    """``word``'s cards split into ``parts`` non-empty pieces of any cards (the variant in
    which stolen letters are rearranged freely: rearranged, any split is a cut), each split
    once, its pieces in the order of their first cards."""
    n = len(word)

    def place(i: int, blocks: list[list[int]]) -> Iterator[list[list[int]]]:
        if n - i < parts - len(blocks):
            return
        if i == n:
            yield blocks
            return
        for block in blocks:
            block.append(i)
            yield from place(i + 1, blocks)
            block.pop()
        if len(blocks) < parts:
            blocks.append([i])
            yield from place(i + 1, blocks)
            blocks.pop()

    for blocks in place(0, []):
        yield tuple(tuple(word[i] for i in block) for block in blocks)


def find_steal(
    stolen: Sequence[Placed],
    words: Sequence[str],
    hand: Sequence[Card],
    suits: Sequence[str],
    *,
    ordered: bool = True,
) -> Steal | None:
    """The first way (deterministic) to make ``words`` from ``stolen`` and hand cards, or
    None. Each new word gets one piece and at least one hand card."""
    if not words or sum(len(w) for w in words) <= len(stolen):
        return None
    for pieces in (cuts if ordered else splits)(stolen, len(words)):
        for order in _orders(pieces, words, ordered):
            found = _assign(pieces, [words[i] for i in order], hand, suits, ordered)
            if found is not None:
                made, used = found
                back = [made[order.index(i)] for i in range(len(words))]
                return Steal(tuple(back), tuple(used))
    return None


def _orders(
    pieces: Sequence[Word], words: Sequence[str], ordered: bool
) -> Iterator[tuple[int, ...]]:
    """The orders of ``words`` (as ``permutations`` gives them) in which each word can hold
    its piece; the others are skipped at once, so a steal of five words does not try 120
    orders for every cut."""
    holds = [[len(w) > len(p) and next(embeddings(p, w, ordered), None) is not None
              for w in words] for p in pieces]
    n = len(words)

    def extend(k: int, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if k == n:
            yield used
            return
        for i in range(n):
            if i not in used and holds[k][i]:
                yield from extend(k + 1, (*used, i))

    yield from extend(0, ())


def _assign(
    pieces: Sequence[Word],
    words: Sequence[str],
    hand: Sequence[Card],
    suits: Sequence[str],
    ordered: bool,
) -> tuple[list[Word], list[Card]] | None:
    def place(k: int, pool: list[Card]) -> tuple[list[Word], list[Card]] | None:
        if k == len(pieces):
            return [], []
        piece, word = pieces[k], words[k]
        if len(word) <= len(piece):
            return None
        for positions in embeddings(piece, word, ordered):
            rest = [i for i in range(len(word)) if i not in positions]
            for cards in hand_choices("".join(word[i] for i in rest), pool, piece, suits):
                ids = {c.id for c in cards}
                after = place(k + 1, [c for c in pool if c.id not in ids])
                if after is None:
                    continue
                slots: list[Placed | None] = [None] * len(word)
                for placed, i in zip(piece, positions, strict=True):
                    slots[i] = Placed(placed.card, word[i])
                for card, i in zip(cards, rest, strict=True):
                    slots[i] = Placed(card, word[i])
                built = tuple(p for p in slots if p is not None)
                return [built, *after[0]], [*cards, *after[1]]
        return None

    return place(0, list(hand))
