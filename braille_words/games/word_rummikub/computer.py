"""Computer players and hints for Rummikub Słowny.

Every plan is a declarative ``Rebuild`` that ends the turn, so the rules' own solver and checks
decide whether it is legal: a plan is tried on the real rules before it is returned, and when
none passes the player draws. That keeps the computer from ever cheating, whatever bug its
search may have.

Levels:
- ``beginner``: a word from its own tiles, or a table word lengthened with them, picked at
  random among the shorter ones it finds — it plays, but not well.
- ``medium``: the best of those by points.
- ``strong``: also splits a table word in two (KOSZYK + T → KOT, SZYK), merges two table words,
  and lays further words from what is left on its rack (fewer tiles left, jokers played
  instead of costing 30 at the end).

The search asks the lexicon for anagrams from the longest length down and stops at the first
lengths that give words, because the long words are the points and a long minimum length
prunes the walk hard. The search is bounded by counted work, not by a clock (``_Budget``,
``WORK_BUDGET``): a rack of any size the rules allow, up to all 112 tiles, costs about what
an ordinary 14-tile move costs, and when the bound is reached the move is the best plan found
so far, not the best there is.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, cast

from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.kit import ComputerPlayer, with_points
from braille_words.games.word_rummikub.rules import (
    CastVote,
    Draw,
    EndTurn,
    Move,
    Rebuild,
    ResetTurn,
    Rules,
    State,
    word_text,
)
from braille_words.lexicon.common import common_words, vocabulary_size
from braille_words.tiles import MAX_WORD_LENGTH

LEVELS = ("beginner", "medium", "strong")

MAX_TRIES = 40
"""Plans checked against the rules per move, best first."""


class Found(Protocol):
    @property
    def word(self) -> str: ...

    @property
    def joker_letters(self) -> str: ...


class Searchable(Protocol):
    """What the computer needs of a lexicon: ``braille_words.lexicon.Lexicon`` has it."""

    def contains(self, word: str) -> bool: ...

    def anagrams(
        self, letters: str, jokers: int = 0, *, min_len: int = 1, max_len: int | None = None
    ) -> Sequence[Found]: ...


def longest_word(lex: object) -> int:
    """The length of the lexicon's longest word: no search for a longer one is made (a rack
    of seventy tiles spent the move's searches on lengths no word has)."""
    known = getattr(lex, "longest_word", None)
    if isinstance(known, int):
        return known
    graph = getattr(lex, "graph", None)
    return int(graph.height[0]) if graph is not None else MAX_WORD_LENGTH


class _Budget:
    """A lexicon that answers at most ``calls`` anagram searches, and none once the searches
    have done ``work`` units of work; then it finds nothing, and the move is the best plan
    found so far.

    The game rules must not read a clock (a replay must choose what the game chose, and a
    loaded machine must not make a weaker player), so the computer's thinking is bounded by
    counted work instead: the partial words a search looked at (``Anagrams.work``) and
    ``WORD_WORK`` for each word it listed, which the planner then tests in Python. A rack of
    14 tiles costs a few hundred thousand to two million units; a rack of 40 or 80 makes
    nearly every word a candidate and cost up to eighteen million (five seconds). With this
    bound a rack of any size costs about what an ordinary rack costs, and sees fewer plans."""

    def __init__(self, lex: Searchable, calls: int, work: int | None = None) -> None:
        self.lex = lex
        self.left = calls
        self.work_left = work
        self.longest_word = longest_word(lex)

    def contains(self, word: str) -> bool:
        return self.lex.contains(word)

    @property
    def spent(self) -> bool:
        """Whether no further search will be answered."""
        return self.left <= 0 or (self.work_left is not None and self.work_left <= 0)

    def anagrams(
        self, letters: str, jokers: int = 0, *, min_len: int = 1, max_len: int | None = None
    ) -> Sequence[Found]:
        if self.spent:
            return []
        self.left -= 1
        found = self.lex.anagrams(letters, jokers, min_len=min_len, max_len=max_len)
        if self.work_left is not None:
            self.work_left -= getattr(found, "work", 0) + WORD_WORK * len(found)
        return found


class _Common:
    """A lexicon that knows only its ``most`` most frequent forms: the words a child knows.

    Levels mean vocabulary too: a beginner computer laying PORZEŹBIONO teaches nothing, and
    a hint that says "= wsnutymi" helps nobody. The ranks come from word frequencies compiled
    with the lexicon; a lexicon without them (a test's small list) is taken whole. The known
    words are searched by their letter counts (``lexicon/common.py``), so a rack of any size
    costs what the vocabulary costs, not what the whole lexicon would."""

    def __init__(self, lex: Searchable, most: int) -> None:
        self.lex = lex
        self.known = common_words(lex, most)
        self.longest_word = longest_word(lex)

    def contains(self, word: str) -> bool:
        return self.lex.contains(word)

    def anagrams(
        self, letters: str, jokers: int = 0, *, min_len: int = 1, max_len: int | None = None
    ) -> Sequence[Found]:
        if self.known is None:
            return self.lex.anagrams(letters, jokers, min_len=min_len, max_len=max_len)
        return self.known.anagrams(letters, jokers, min_len=min_len, max_len=max_len)


COMMON_WORDS: dict[str, int] = {"beginner": 20_000, "medium": 50_000}
"""How many of the most frequent Polish forms each level plays (the strong one knows all; in
English words, ``lexicon.common.ENGLISH_VOCABULARY``);
hints use the medium vocabulary, so a hint is a word a 12-year-old knows."""

SEARCH_BUDGET = 400
"""Anagram searches one computer move may make (a typical strong move makes about 250)."""
WORK_BUDGET = 1_500_000
"""Work those searches may do in one move (``_Budget``). Measured on the Polish lexicon with
``benchmarks/bench_rummikub_racks.py``: a strong move with a 14-tile rack does 0.4 to 2
million units in 0.4 to 0.9 s of CPU (its move is unchanged by this bound on the benchmark's
positions); racks of 40 and 80 tiles did 2 to 18 million in 1 to 5 s and now stop here, in
about the time of an ordinary move."""
WORD_WORK = 40
"""Units a listed word costs beyond the search's partial words: the planner tests each one
in Python (its letters against a table word's), some forty times a partial word's cost."""
COVER_BUDGET = 40
"""Of those, searches for words that use up the whole rack."""


SEARCH_TILES = 18
"""Rack tiles a search with table words sees. A rack may grow to every tile of the set, and
the searches that lengthen, split or merge table words cost what their pool of letters
allows: a rack of seventy made a strong move take twenty seconds. Racks up to this size are
searched whole (as ever); a longer one is searched through this many of its tiles, every
letter it holds once before any twice (``varied``), and the move is the best found so. The
words laid from the rack alone still see all of it."""


def varied(letters: str, most: int) -> str:
    """At most ``most`` of ``letters``: each distinct letter once (in rack order), then each
    second copy, and so on; a joker ('?') is kept, last. Deterministic: replays agree."""
    if len(letters) <= most:
        return letters
    joker = "?" if "?" in letters else ""
    plain = letters.replace("?", "")
    seen: Counter[str] = Counter()
    rounds: list[tuple[int, int, str]] = []
    for place, ch in enumerate(plain):
        rounds.append((seen[ch], place, ch))
        seen[ch] += 1
    kept = sorted(rounds)[: most - len(joker)]
    return "".join(ch for _r, _p, ch in sorted(kept, key=lambda k: k[1])) + joker


@dataclass(frozen=True)
class Plan:
    move: Rebuild
    estimate: int
    tiles: int


def _lexicon(rules: Rules) -> Searchable:
    lex = rules.lexicon
    if not hasattr(lex, "anagrams"):
        raise InputError("the computer player needs a word list with anagram search")
    return cast(Searchable, lex)


def _covers(found: Found, need: Counter[str]) -> bool:
    """True when the word's real (non-joker) letters include every letter of ``need``."""
    real = Counter(found.word)
    real.subtract(found.joker_letters)
    return all(real[c] >= n for c, n in need.items())


def _search(
    lex: Searchable,
    letters: str,
    lo: int,
    hi: int,
    limit: int,
    need: Counter[str] | None = None,
    exclude: frozenset[str] = frozenset(),
    lengths: int = 2,
    keep: Callable[[str], bool] | None = None,
) -> list[str]:
    """Up to ``limit`` words from ``letters`` ('?' jokers), longest first, within ``lengths``
    distinct lengths that give any word; ``need``: letters each word must use as real tiles;
    ``keep``: any further test a word must pass."""
    hi = min(hi, len(letters), longest_word(lex))
    out: list[str] = []
    seen = 0
    for size in range(hi, lo - 1, -1):
        found = [
            a.word
            for a in lex.anagrams(letters, 0, min_len=size, max_len=size)
            if a.word not in exclude
            and (need is None or _covers(a, need))
            and (keep is None or keep(a.word))
        ]
        if found:
            out += found[: limit - len(out)]
            seen += 1
            if len(out) >= limit or seen >= lengths:
                break
    return out


def _minus(letters: str, used: str) -> str | None:
    """``letters`` without ``used`` (jokers cover missing ones), or None when impossible."""
    rest = list(letters)
    for ch in used:
        if ch in rest:
            rest.remove(ch)
        elif "?" in rest:
            rest.remove("?")
        else:
            return None
    return "".join(rest)


class _Planner:
    def __init__(self, rules: Rules, state: State, seat: int, level: str) -> None:
        self.rules = rules
        words: Searchable = _lexicon(rules)
        most = vocabulary_size(level, rules.alphabet.lang, COMMON_WORDS)
        if most is not None:
            words = _Common(words, most)
        self.lex = _Budget(words, SEARCH_BUDGET, WORK_BUDGET)
        self.cover_lex = _Budget(self.lex, COVER_BUDGET)
        self.state = state
        self.seat = seat
        self.level = level
        self.rack = "".join(t.letter or "?" for t in state.racks[seat])
        # With table words in the search a second joker multiplies the work by the alphabet
        # for a rare gain: those searches see at most one joker (the rack search sees all).
        first = self.rack.find("?")
        self.rack1 = self.rack if first < 0 else self.rack.replace("?", "") + "?"
        # With a table word in the search, a long rack makes nearly every word of the
        # lexicon a candidate: those searches see a bounded, varied part of it.
        self.rack1 = varied(self.rack1, SEARCH_TILES)
        self.table = [word_text(w) for w in state.table]
        self.on_table = frozenset(self.table)
        self.opt = rules.options
        self._covers: dict[tuple[str, int], tuple[str, ...] | None] = {}

    def plans(self) -> list[Plan]:
        if not self.state.laid_down[self.seat]:
            return self._rack_words(self.opt.first_word_min)
        plans = self._rack_words(self.opt.word_min)
        plans += self._extensions()
        if self.level == "strong":
            plans += self._splits()
            plans += self._merges()
        return plans

    def _extras(self, rest: str, made: Sequence[str]) -> tuple[str, ...]:
        """Further words from the rack's remainder (strong only): every tile if it can be done
        (the points double), else the longest words greedily (fewer tiles, jokers played)."""
        if self.level != "strong" or len(rest) < self.opt.word_min:
            return ()
        if rest.count("?") > 1:  # two jokers make every search dozens of times longer
            rest = rest.replace("?", "") + "?"
        rest = varied(rest, SEARCH_TILES)  # a long remainder: a bounded part of it
        taken = frozenset(self.on_table | set(made))
        cover = self._cover("".join(sorted(rest)), taken, 3)
        if cover is not None:
            return cover
        extra: list[str] = []
        for _ in range(2):
            if len(rest) < self.opt.word_min:
                break
            words = _search(
                self.lex, rest, self.opt.word_min, len(rest), 1, exclude=taken, lengths=1,
            )
            left = _minus(rest, words[0]) if words else None
            if left is None:
                break
            extra.append(words[0])
            taken = taken | {words[0]}
            rest = left
        return tuple(extra)

    def _cover(self, rest: str, taken: frozenset[str], depth: int) -> tuple[str, ...] | None:
        """Words using exactly the letters of ``rest`` (sorted), or None; bounded and
        remembered, since many plans leave the same remainder."""
        key = (rest, depth)
        if key in self._covers:
            return self._covers[key]
        answer: tuple[str, ...] | None = None
        if depth > 0 and len(rest) >= self.opt.word_min and len(rest) <= 12:
            words = _search(
                self.cover_lex, rest, self.opt.word_min, len(rest), 12, exclude=taken,
                lengths=3,
            )
            for w in words:
                left = _minus(rest, w)
                if left is None:
                    continue
                if not left:
                    answer = (w,)
                    break
                sub = self._cover("".join(sorted(left)), taken | {w}, depth - 1)
                if sub is not None and w not in sub:
                    answer = (w, *sub)
                    break
        self._covers[key] = answer
        return answer

    def _plan(self, take: tuple[int, ...], made: tuple[str, ...], from_rack: int) -> Plan:
        best = max(len(w) for w in made)
        return Plan(Rebuild(take, None, made, True), best, from_rack)

    def _rack_words(self, min_len: int) -> list[Plan]:
        limit = 30 if self.level == "beginner" else 8
        words = _search(
            self.lex, self.rack, min_len, len(self.rack), limit, exclude=self.on_table,
            lengths=6 if self.level == "beginner" else 2,
        )
        plans = []
        for w in words:
            rest = _minus(self.rack, w) or ""
            made = (w, *self._extras(rest, (w,)))
            plans.append(self._plan((), made, sum(map(len, made))))
        return plans

    def _extensions(self) -> list[Plan]:
        plans = []
        done: set[str] = set()
        for i, w in enumerate(self.table):
            if w in done:
                continue
            done.add(w)
            words = _search(
                self.lex, w + self.rack1, len(w) + 1, len(w) + min(len(self.rack1), 8),
                4, need=Counter(w), exclude=self.on_table,
                lengths=3 if self.level == "beginner" else 1,
            )
            for x in words:
                rest = _minus(self.rack, _minus(x, w) or "") or ""  # all of the rack
                made = (x, *self._extras(rest, (x,)))
                plans.append(self._plan((i,), made, len(x) - len(w)))
        return plans

    def _splits(self) -> list[Plan]:
        plans = []
        for i, w in enumerate(self.table):
            if len(w) < 4:
                continue
            wc = Counter(w)

            def splits_w(x: str, wc: Counter[str] = wc) -> bool:
                share = Counter(x) & wc
                return 0 < sum(share.values()) < sum(wc.values()) and share != Counter(x)

            xs = _search(
                self.lex, w + self.rack1, self.opt.word_min, len(w) + len(self.rack1), 6,
                exclude=self.on_table, lengths=3, keep=splits_w,
            )
            for x in xs:
                share = Counter(x) & wc
                from_rack = len(x) - sum(share.values())
                left = wc - share
                rest = _minus(self.rack1, "".join((Counter(x) - share).elements()))
                if rest is None:
                    continue
                pool = "".join(left.elements()) + rest
                ys = _search(
                    self.lex, pool, max(self.opt.word_min, sum(left.values())), len(pool), 1,
                    need=left, exclude=self.on_table | {x}, lengths=1,
                )
                if ys:
                    y = ys[0]
                    used = from_rack + len(y) - sum(left.values())
                    plans.append(self._plan((i,), (x, y), used))
        return plans

    def _merges(self) -> list[Plan]:
        plans = []
        n = len(self.table)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)
                 if len(self.table[i]) + len(self.table[j]) <= 10]
        rack = varied(self.rack.replace("?", ""), SEARCH_TILES)
        for i, j in pairs[:10]:
            both = self.table[i] + self.table[j]
            words = _search(
                self.lex, both + rack, len(both) + 1, len(both) + min(len(rack), 5), 1,
                need=Counter(both), exclude=self.on_table, lengths=1,
            )
            for x in words:
                plans.append(self._plan((i, j), (x,), len(x) - len(both)))
        return plans


def _score_after(rules: Rules, state: State, seat: int, move: Move) -> int | None:
    try:
        after, _ = rules.apply(state, seat, move)
    except RuleViolation:
        return None
    if after.vote is not None:  # themed game: the points come after the vote
        return rules.check_turn(replace(state, turn=after.turn)).points
    return after.scores[seat] - state.scores[seat]


def choose_move(
    rules: Rules, state: State, seat: int, level: str, rng: random.Random
) -> Move:
    """The computer's next move for ``seat``; always one the rules accept."""
    if level not in LEVELS:
        raise InputError(f"unknown level '{level}'; use one of: {', '.join(LEVELS)}")
    if state.vote is not None:
        return CastVote(True)  # the computer cannot judge a theme: it trusts the table
    if seat != state.current or state.over:
        raise InputError("it is not this computer player's turn")
    if state.turn_changed or state.turn.history:
        return ResetTurn()
    plans = _Planner(rules, state, seat, level).plans()
    if level == "beginner":
        rng.shuffle(plans)
        plans.sort(key=lambda p: p.estimate)
        for plan in plans[:MAX_TRIES]:
            if _score_after(rules, state, seat, plan.move) is not None:
                return plan.move
        return Draw()
    plans.sort(key=lambda p: (p.estimate, p.tiles), reverse=True)
    best: tuple[int, int, Rebuild] | None = None
    for plan in plans[:MAX_TRIES]:
        points = _score_after(rules, state, seat, plan.move)
        if points is None:
            continue
        key = (points, plan.tiles)
        if best is None or key > best[:2]:
            best = (points, plan.tiles, plan.move)
    return best[2] if best is not None else Draw()


def hint(rules: Rules, state: State, seat: int) -> Move | None:
    """One good move to suggest to a beginner (the turn left open, so they end it), or
    ``Draw`` when drawing is all there is. When the player has already changed the table this
    turn, the hint is for the turn's start: it applies after ``ResetTurn``."""
    if state.over or state.vote is not None or seat != state.current:
        return None
    start = state
    if state.turn_changed:
        # The table as the player left it is a good turn: the hint is to end it. Offered the
        # turn's start again, a child who had laid the hinted word heard the same word.
        check = rules.check_turn(state)
        if not check.reasons:
            return with_points(EndTurn(), check.points)
    if state.turn_changed or state.turn.history:
        start, _ = rules.apply(state, seat, ResetTurn())
    move = choose_move(rules, start, seat, "medium", random.Random(0))
    if not isinstance(move, Rebuild):
        # Drawing (or, with the bank empty, passing) is the move: said as one, with its line,
        # so a child following hints is never left without a line to type.
        return Draw()
    hinted = Rebuild(move.take, move.rack, move.make, end=False)
    try:
        after, _ = rules.apply(start, seat, hinted)
    except (RuleViolation, InputError):
        return hinted
    check = rules.check_turn(after)
    # The hint says what the turn would score (issue 33).
    return with_points(hinted, check.points) if not check.reasons else hinted


class Computer(ComputerPlayer[Rules, State, Move]):
    """Rummikub Słowny's computer player as the table calls it."""

    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        return hint(rules, state, seat)

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        """Always legal: trust the table in a vote, take back a changed turn, else draw."""
        if state.vote is not None:
            return CastVote(True)
        if state.turn_changed or state.turn.history:
            return ResetTurn()
        return Draw()
