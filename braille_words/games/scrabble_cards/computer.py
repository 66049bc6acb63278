"""Scrabble karty's computer player and the hint, over the move generator (``movegen``).

On its turn it finds the best few legal placements of its hand by a cheap score of the words
each forms (letter values, blanks 0, the first word doubled, the word premiums it would add, +50
for all seven cards) without listing every placement (``best``), lets the rules judge them
(the rules score exactly as they score a person, conditional cards included), adds the premium
cards worth adding, and picks by level: a strong computer the move worth most, a medium one among
the better moves, a beginner among the short ones. A word premium is kept for a word worth it
(strong) or played at once (medium); a conditional card goes with any move that meets its
condition. With no move it exchanges its clumsiest cards while it may, else passes. As a
rival it checks a move whenever its lexicon lacks a word (the rules README), and plays a
conditional card against a move that meets it (medium and strong).

It reads only what its seat may know: the board, the last move, its own hand, the bag's size.
"""

from __future__ import annotations

import heapq
import random

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer, with_points
from braille_words.games.scrabble_cards.best import Worth, best_first_moves, best_moves, order
from braille_words.games.scrabble_cards.board import lines_of
from braille_words.games.scrabble_cards.movegen import (
    EMPTY,
    Placement,
    all_moves,
    collector_waits,
    first_moves,
)
from braille_words.games.scrabble_cards.rules import (
    WORD_PREMIUMS,
    Accept,
    Against,
    Check,
    Exchange,
    Lay,
    Move,
    Pass,
    Rules,
    State,
)
from braille_words.lexicon.common import knows, vocabulary_size
from braille_words.lexicon.unsuitable import unsuitable

LEVELS = ("beginner", "medium", "strong")
KEEP_PREMIUM_BELOW = 8
"""A strong computer keeps a word premium for a main word worth at least this much."""
AWKWARD = frozenset("ąćęńóśźżfhjł")
"""Letters a computer is glad to exchange when it finds no move."""
JUDGED = {"strong": 24, "medium": 40, "beginner": 30}
"""How many placements, the best by the cheap score (the beginner's: the shortest), the rules
judge in full. With two blanks a hand has 20 000–50 000 placements mid-game: judging each
took seconds; the cheap score misses only the conditional cards, worth at most 20."""


def lay_of(placement: Placement) -> Lay:
    """The typed move of a placement: the whole main word, ``?`` before a blank's letter."""
    blanks = {(r, c) for r, c, _x, blank in placement.laid if blank}
    dr, dc = (0, 1) if placement.across else (1, 0)
    word = "".join(
        ("?" if (placement.row + dr * i, placement.col + dc * i) in blanks else "") + letter
        for i, letter in enumerate(placement.word)
    )
    return Lay(placement.row, placement.col, placement.across, word)


def hand_text(state: State, seat: int) -> str:
    return "".join(c.letter or "?" for c in state.hands[seat] if not c.is_premium)


def placements(rules: Rules, state: State, seat: int) -> set[Placement]:
    """Every legal placement of the seat's letters; on an empty table only those through
    the centre (the first word may go anywhere, and one place serves as well as another)."""
    if not state.table:
        centre = state.size // 2
        return first_moves(state.size, hand_text(state, seat), rules.lexicon,
                           through=(centre, centre))
    board = lines_of(state.board(), state.size)
    return all_moves(board, hand_text(state, seat), rules.lexicon)


class QuickScore:
    """A placement's points without the rules: every word it forms at its letter values
    (blanks, laid now or on the table, 0), the main word doubled on an empty table or
    multiplied by the word premiums the computer would add, +50 when all seven cards go."""

    def __init__(self, rules: Rules, state: State, seat: int, level: str) -> None:
        table = state.board()
        self.board = lines_of(table, state.size)
        self.blanks = {sq for sq, x in table.items() if x.blank}
        letters = rules.lexicon.alphabet.letters
        self.letters = letters
        self.values = {letter: rules.deck.value(letter) for letter in letters}
        self.first = not table
        self._worth: dict[str, int] = {}
        hand = state.hands[seat]
        plays_premiums = not self.first and level != "beginner"
        self.premiums = [rules.deck.word_premiums[c.premium][1] for c in hand
                         if c.premium is not None and c.premium in WORD_PREMIUMS
                         ] if plays_premiums else []
        self.strong = level == "strong"
        self.full = len(hand) == rules.deck.hand_size
        self.cards = len(hand)
        self.bonus = rules.deck.all_cards_bonus
        n = len(self.board)
        # Running sums of the table's blanks' letter values along every row and column: what
        # a main word over the table's blanks loses, whatever its length.
        self._blank_sums: tuple[list[list[int]], list[list[int]]] = ([], [])
        for across, sums in ((True, self._blank_sums[0]), (False, self._blank_sums[1])):
            for line in range(n):
                running = [0]
                for i in range(n):
                    sq = (line, i) if across else (i, line)
                    worth = self.values.get(self.board[sq[0]][sq[1]], 0)
                    running.append(running[-1] + (worth if sq in self.blanks else 0))
                sums.append(running)
        # Every empty square's cross-word value both ways, worked out once (450 squares on
        # 15×15): the score of each of up to 65 000 placements is then two list lookups a card.
        self._across: list[list[int | None]] = [
            [self._side(r, c, True) for c in range(n)] for r in range(n)]
        self._down: list[list[int | None]] = [
            [self._side(r, c, False) for c in range(n)] for r in range(n)]

    def worth(self) -> Worth:
        """What this score counts at most, for the search of the best placements: the word
        premiums always (a strong computer keeps them for a main word worth 8)."""
        letters = self.letters
        factor = 1
        for times in self.premiums:
            factor *= times
        table = [[0 if (r, c) in self.blanks else self.values.get(x, 0)
                  for c, x in enumerate(line)] for r, line in enumerate(self.board)]
        return Worth([self.values[x] for x in letters], table, factor,
                     self.bonus if self.full else 0)

    def _side(self, row: int, col: int, across: bool) -> int | None:
        """What the table's letters of the cross word through an empty square are worth
        (a main word ``across`` crosses it down), or None when that square has no
        neighbour that way; the same for every placement, so worked out once."""
        dr, dc = (1, 0) if across else (0, 1)
        board, n = self.board, len(self.board)
        total, seen = 0, False
        for step in (-1, 1):
            r, c = row + dr * step, col + dc * step
            while 0 <= r < n and 0 <= c < n and board[r][c] != EMPTY:
                seen = True
                if (r, c) not in self.blanks:
                    total += self.values.get(board[r][c], 0)
                r, c = r + dr * step, c + dc * step
        return total if seen else None

    def __call__(self, placement: Placement) -> int:
        if self.first:  # one word, every card laid now: no cross words, no table blanks
            value = sum(0 if blank else self.values[letter]
                        for _r, _c, letter, blank in placement.laid)
            bonus = self.bonus if self.full and len(placement.laid) == self.cards else 0
            return 2 * value + bonus
        across = placement.across
        sides = self._across if across else self._down
        values = self.values
        # The main word at full value, less its blanks: those laid now (below) and those
        # already on the table (rare: looked for only when the table has any). A word's
        # value is worked out once: 65 000 placements of two blanks hold some 20 000 words.
        word = placement.word
        main = self._worth.get(word)
        if main is None:
            main = self._worth[word] = sum(map(values.__getitem__, word))
        total = 0
        for r, c, letter, blank in placement.laid:
            side = sides[r][c]
            if blank:
                main -= values[letter]
                if side is not None:
                    total += side
            elif side is not None:
                total += side + values[letter]
        if self.blanks:  # two lookups in running sums along the main word's line
            if across:
                line, start = self._blank_sums[0][placement.row], placement.col
            else:
                line, start = self._blank_sums[1][placement.col], placement.row
            main -= line[start + len(placement.word)] - line[start]
        factor, premiums = 1, 0
        if self.premiums and (not self.strong or main >= KEEP_PREMIUM_BELOW):
            for times in self.premiums:
                factor *= times
            premiums = len(self.premiums)
        total += main * factor
        if self.full and len(placement.laid) + premiums == self.cards:
            total += self.bonus
        return total


def _points(rules: Rules, state: State, seat: int, lay: Lay,
            clean: bool = False) -> tuple[int, tuple[str, ...]]:
    """The move's points and the conditions it meets; -1 when the rules refuse it, or, when
    ``clean``, when any word it forms is a swear word or an insult (``unsuitable``): the main
    word was checked against the level's vocabulary, but a medium computer's FEST made TITS
    across and a hint's INN made DAMN."""
    return _judged(rules, state, seat, lay, clean)[:2]


def _judged(rules: Rules, state: State, seat: int, lay: Lay,
            clean: bool = False) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """``_points`` and the words the move forms besides its main word."""
    try:
        judged = rules.judge(state, seat, lay)
    except (RuleViolation, InputError):
        return -1, (), ()
    if clean and any(unsuitable(w.word, rules.deck.lang) for w in judged.words):
        return -1, (), ()
    return judged.points, judged.meets, tuple(w.word.lower() for w in judged.words[1:])


def with_premiums(rules: Rules, state: State, seat: int, lay: Lay, meets: tuple[str, ...],
                  level: str) -> Lay:
    """The move with the premium cards worth adding to it."""
    extras: list[int] = []
    main_value = 0
    if state.table:
        main = lay.word.replace("?", "")
        main_value = sum(rules.deck.value(x) for x in main)
    for k, card in enumerate(state.hands[seat]):
        if card.premium in WORD_PREMIUMS and state.table and level != "beginner":
            if level == "medium" or main_value >= KEEP_PREMIUM_BELOW:
                extras.append(k)
        elif card.premium is not None and card.premium in meets:
            extras.append(k)
    if not extras:
        return lay
    better = Lay(lay.row, lay.col, lay.across, lay.word, tuple(extras))
    return better if _points(rules, state, seat, better)[0] >= 0 else lay


COMMON_WORDS: dict[str, int] = {"beginner": 20_000, "medium": 50_000}
"""How many of the most frequent Polish forms a level lays as its main word (the strong one
knows all; in English words, ``lexicon.common.ENGLISH_VOCABULARY``), as in Rummikub Słowny;
hints use the medium vocabulary. A child was hinted
"K10 ii", "G1 sroż", "C9 abbuś": words nobody at a school table knows."""


def common(rules: Rules, vocabulary: str, word: str) -> bool:
    """Whether ``word`` is among the forms ``vocabulary`` (a level) knows; a lexicon without
    frequencies (a test's small list) is known whole."""
    return knows(rules.lexicon, vocabulary_size(vocabulary, rules.deck.lang, COMMON_WORDS), word)


def shortlist(rules: Rules, state: State, seat: int, level: str,
              keep: int | None = None, vocabulary: str | None = None) -> list[Placement]:
    """The placements worth judging in full: the best ``keep`` by the cheap score (the
    beginner's: the shortest words), every one when ``keep`` is None; only words the
    ``vocabulary`` (the level's by default) knows."""
    words = vocabulary or level
    known = None
    if vocabulary_size(words, rules.deck.lang, COMMON_WORDS) is not None:
        def known(word: str) -> bool:
            return common(rules, words, word)
    if keep is not None and level != "beginner":
        # The best by the cheap score, found without making every placement (``best``).
        score = QuickScore(rules, state, seat, level)
        hand = hand_text(state, seat)
        if not state.table:
            centre = state.size // 2
            return best_first_moves(state.size, hand, rules.lexicon, (centre, centre), keep,
                                    score, known)
        return best_moves(score.board, hand, rules.lexicon, score.worth(), keep, score, known)
    found = placements(rules, state, seat)
    if known is not None:
        found = {p for p in found if known(p.word)}
    if keep is None or len(found) <= keep:
        return sorted(found, key=order)
    return heapq.nsmallest(keep, found, key=lambda p: (len(p.word), order(p)))


def scored_moves(rules: Rules, state: State, seat: int, level: str,
                 keep: int | None = None, vocabulary: str | None = None,
                 spend: str | None = None) -> list[tuple[int, Lay]]:
    """The moves the rules accept, with their points, best first: of every placement, or of
    the ``keep`` best by the cheap score; word premiums added as ``spend`` (a level) adds
    them, the level's own way by default."""
    out: list[tuple[int, Lay]] = []
    known: list[tuple[int, Lay]] = []
    # A level that knows only common words (and every hint) forms no unsuitable word at all,
    # and, when it can, no word across it does not know: a child following hints heard
    # "GRAŁA … Także AJE, ŁAJ" and a medium computer's WY made YH.
    words = vocabulary or level
    clean = vocabulary_size(words, rules.deck.lang, COMMON_WORDS) is not None
    for placement in shortlist(rules, state, seat, level, keep, vocabulary):
        lay = lay_of(placement)
        points, meets, crossing = _judged(rules, state, seat, lay, clean)
        if points < 0:
            continue
        lay = with_premiums(rules, state, seat, lay, meets, spend or level)
        points = _points(rules, state, seat, lay)[0] if lay.extras else points
        out.append((points, lay))
        if clean and all(common(rules, words, w) for w in crossing):
            known.append((points, lay))
    best = known if known else out  # with no such move, one that crosses a rarer word
    best.sort(key=lambda pm: (-pm[0], pm[1].row, pm[1].col, pm[1].word))
    return best


def exchange_or_pass(rules: Rules, state: State, seat: int, level: str) -> Move:
    hand = state.hands[seat]
    if level == "beginner" or not may_exchange(rules, state, seat):
        return Pass()
    out = tuple(k for k, c in enumerate(hand)
                if c.letter is not None and (c.letter in AWKWARD or c.value >= 3))
    if not out:
        out = tuple(k for k, c in enumerate(hand) if c.letter is not None)
    return Exchange(out) if out else Pass()


def may_exchange(rules: Rules, state: State, seat: int) -> bool:
    """Whether ``seat`` may exchange now: enough cards in the bag, exchanges left."""
    limit = state.options.exchanges
    return len(state.bag) >= rules.deck.exchange_min_bag and (
        limit is None or state.exchanges[seat] < limit)


def hint_without_word(rules: Rules, state: State, seat: int) -> Move:
    """A hint when no word can be laid: exchange the cards that block the hand (its premium
    cards, which need a word, and its awkward letters; every card when none is awkward), or
    pass when no exchange is allowed. "Nie widzę dobrego ruchu" alone left a child with
    seven premium cards passing turn after turn, never told that cards can be exchanged."""
    if not may_exchange(rules, state, seat):
        return Pass()
    hand = state.hands[seat]
    out = tuple(k for k, c in enumerate(hand)
                if c.is_premium or (c.letter is not None and (c.letter in AWKWARD
                                                               or c.value >= 3)))
    return Exchange(out or tuple(range(len(hand))))


HARD_CARD_LIGHT = 10
"""A conditional card worth this much to its player is one whose condition a child's words
seldom meet (ours: 7 or 9 letters, all seven cards, a palindrome): its light value is our
measure of how hard it is. Such a card sat in a child's hand, a letter short at every turn,
until no word fitted at all (issue 33)."""
STUCK_WORD_BELOW = 10
"""A hint exchanges a hand's hard conditional cards, with its awkward letters, when the best
word it sees scores less than this for each such card (one card: under 10 points; two: under
20): a turn given up for a hand that is a letter or two longer at every turn after it."""
STUCK_EXCHANGE_BAG = 20
"""Only while the bag holds this many cards: the cards exchanged go back into it, and late in
a game (played at 14 cells) a small bag gave the same hard cards back, exchange after exchange,
while a premium card left in the hand at the end costs nothing."""


def stuck_cards(rules: Rules, state: State, seat: int, lay: Lay) -> tuple[int, ...]:
    """The hand's hard conditional cards that ``lay`` (the hint's word) does not play."""
    played = set(lay.extras)
    light = {card: values[0] for card, values in rules.deck.conditional.items()}
    return tuple(k for k, c in enumerate(state.hands[seat])
                 if k not in played and light.get(c.premium or "", 0) >= HARD_CARD_LIGHT)


def hint_with_stuck_cards(rules: Rules, state: State, seat: int,
                          best: tuple[int, Lay]) -> Move | None:
    """An exchange of the hard conditional cards and the awkward letters, when the word the
    hint would offer is worth less than keeping them costs (``STUCK_WORD_BELOW``) and an
    exchange is allowed while the bag is large (``STUCK_EXCHANGE_BAG``); None to offer the
    word (with no word, ``hint_without_word``). The exchange carries the points of the word
    it gives up, which the hint says. A hard card is still played with a word that meets it
    (``with_premiums``), and against a rival's move that meets it (``answer``)."""
    if not state.table:
        # The first word of the game is laid, whatever it scores: an exchange would give the
        # opening, and the board's first premium squares, to the rival.
        return None
    stuck = stuck_cards(rules, state, seat, best[1])
    if not stuck or best[0] >= STUCK_WORD_BELOW * len(stuck):
        return None
    if len(state.bag) < STUCK_EXCHANGE_BAG or not may_exchange(rules, state, seat):
        return None
    awkward = tuple(k for k, c in enumerate(state.hands[seat])
                    if c.letter is not None and (c.letter in AWKWARD or c.value >= 3))
    return with_points(Exchange(tuple(sorted({*stuck, *awkward}))), best[0])


def answer(rules: Rules, state: State, seat: int, level: str) -> Move:
    """A rival's answer to a move: check what its lexicon lacks, else play a conditional
    card against it if one counts, else accept."""
    last = state.last
    assert last is not None
    lexicon = rules.lexicon
    if lexicon is not None and any(not lexicon.contains(w.word) for w in last.words):
        return Check()
    if level != "beginner":
        for k, card in enumerate(state.hands[seat]):
            if card.premium is None or card.premium in WORD_PREMIUMS:
                continue
            try:
                rules.apply(state, seat, Against(k))
            except (RuleViolation, InputError):
                continue
            return Against(k)
    return Accept()


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    if state.phase == "verdict":
        return answer(rules, state, seat, level)
    if state.clock_out[seat]:
        return Pass()
    # The collector held off for the whole move, not only while the placements are listed:
    # scoring them makes tens of thousands of objects more, and each collection pass would
    # walk all 65 000 placements of a two-blank hand again to free nothing.
    with collector_waits():
        moves = scored_moves(rules, state, seat, level, JUDGED[level])
    if not moves:
        return exchange_or_pass(rules, state, seat, level)
    if level == "strong":
        return moves[0][1]
    if level == "medium":
        top = moves[0][0]
        good = [m for p, m in moves if p >= top * 0.6][:8]
        return rng.choice(good)
    short = sorted(moves, key=lambda pm: (len(pm[1].word), pm[1].row, pm[1].col, pm[1].word))
    return rng.choice([m for _p, m in short[:10]])


class Computer(ComputerPlayer[Rules, State, Move]):
    """Scrabble karty's computer player as the table calls it."""

    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        if state.phase == "verdict" and seat in state.awaiting:
            return answer(rules, state, seat, "strong")
        if state.phase != "turn" or seat != state.current:
            return None
        # A hint spends a word premium on the move it offers, as the medium computer does:
        # kept for a longer word the child never found, the premium cards filled the hand
        # until it held no letter and every turn was a pass (issue 33, played to the end).
        moves = scored_moves(rules, state, seat, "strong", JUDGED["strong"], "medium",
                             spend="medium")
        if not moves:
            return hint_without_word(rules, state, seat)
        points, lay = moves[0]
        stuck = hint_with_stuck_cards(rules, state, seat, (points, lay))
        if stuck is not None:
            return stuck
        return with_points(lay, points)  # the hint says what it scores (issue 33)

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        return Accept() if state.phase == "verdict" else Pass()

