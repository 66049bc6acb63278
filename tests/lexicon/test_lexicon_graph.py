"""The word graph answers exactly what a scan of its word list would."""

from __future__ import annotations

import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.lexicon import Lexicon
from braille_words.lexicon.lexicon import Engine
from braille_words.tiles import POLISH

# A few letters only, so random words share prefixes and suffixes and the graph has
# real merging to get wrong.
LETTERS = "akotżźę"
words_st = st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=7), max_size=40)
rack_st = st.text(alphabet=LETTERS, max_size=8)
# Both searches: the depth-first walk and the numpy level-by-level one.
engine_st = st.sampled_from(["walk", "wide"])


def brute_anagrams(words: set[str], rack: str, jokers: int, free: str = "") -> set[str]:
    have = Counter(rack)
    found = set()
    for word in words:
        need = sum(max(0, n - have[c]) for c, n in Counter(word).items() if c not in free)
        if need <= jokers:
            found.add(word)
    return found


@settings(max_examples=60, deadline=None)
@given(words_st, st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=7), max_size=20))
def test_contains_agrees_with_a_set(words: list[str], probes: list[str]) -> None:
    lex = Lexicon.from_words(words, "pl")
    for probe in probes + words:
        assert lex.contains(probe) == (probe in set(words))


@settings(max_examples=60, deadline=None)
@given(words_st)
def test_walking_the_graph_gives_back_the_list_in_dictionary_order(words: list[str]) -> None:
    lex = Lexicon.from_words(words, "pl")
    listed = lex.words()
    assert set(listed) == set(words)
    key = [[POLISH.index(c) for c in w] for w in listed]
    assert key == sorted(key)


@settings(max_examples=80, deadline=None)
@given(words_st, rack_st, st.integers(0, 2), engine_st)
def test_anagrams_agree_with_a_brute_force_scan(
    words: list[str], rack: str, jokers: int, engine: Engine
) -> None:
    if not rack and not jokers:
        rack = "a"
    lex = Lexicon.from_words(words, "pl")
    found = lex.anagrams(rack, jokers, engine=engine)
    listed = lex.words()  # dictionary order
    assert [a.word for a in found] == sorted(
        {a.word for a in found}, key=lambda w: (-len(w), listed.index(w))
    )
    assert {a.word for a in found} == brute_anagrams(set(words), rack, jokers)


@settings(max_examples=60, deadline=None)
@given(words_st, rack_st, st.integers(0, 2), engine_st)
def test_jokers_stand_for_exactly_the_letters_the_rack_lacks(
    words: list[str], rack: str, jokers: int, engine: Engine
) -> None:
    lex = Lexicon.from_words(words, "pl")
    for a in lex.anagrams(rack + "?" * jokers, engine=engine):
        real = list(a.word)
        for pos in a.jokers:
            real[pos] = ""
        assert not Counter("".join(real)) - Counter(rack)  # real tiles come from the rack
        assert len(a.jokers) == sum((Counter(a.word) - Counter(rack)).values())  # fewest


@settings(max_examples=60, deadline=None)
@given(words_st, rack_st, st.sampled_from(["", "a", "ko"]), engine_st)
def test_free_letters_may_be_used_any_number_of_times(
    words: list[str], rack: str, free: str, engine: Engine
) -> None:
    lex = Lexicon.from_words(words, "pl")
    found = {a.word for a in lex.anagrams(rack + "a", free=free, engine=engine)}
    assert found == brute_anagrams(set(words), rack + "a", 0, free)


@settings(max_examples=60, deadline=None)
@given(words_st, st.text(alphabet=LETTERS + "??*", min_size=1, max_size=8))
def test_a_pattern_agrees_with_a_regex_scan(words: list[str], pattern: str) -> None:
    lex = Lexicon.from_words(words, "pl")
    regex = re.compile(
        "".join("." if c == "?" else ".*" if c == "*" else re.escape(c) for c in pattern)
    )
    assert set(lex.matching(pattern)) == {w for w in words if regex.fullmatch(w)}


@settings(max_examples=40, deadline=None)
@given(words_st, rack_st, st.integers(0, 2), st.integers(1, 5), st.integers(1, 8), engine_st)
def test_length_limits_only_drop_words_outside_them(
    words: list[str], rack: str, jokers: int, lo: int, hi: int, engine: Engine
) -> None:
    lex = Lexicon.from_words(words, "pl")
    every = {a.word for a in lex.anagrams(rack + "a", jokers, engine=engine)}
    limited = {
        a.word for a in lex.anagrams(rack + "a", jokers, min_len=lo, max_len=hi, engine=engine)
    }
    assert limited == {w for w in every if lo <= len(w) <= hi}


@settings(max_examples=40, deadline=None)
@given(words_st, rack_st, st.integers(0, 2), engine_st)
def test_longest_gives_every_word_of_the_greatest_length(
    words: list[str], rack: str, jokers: int, engine: Engine
) -> None:
    lex = Lexicon.from_words(words, "pl")
    every = {a.word for a in lex.anagrams(rack + "a", jokers)}
    best = lex.longest(rack + "a", jokers, engine=engine)
    top = max((len(w) for w in every), default=0)
    assert {a.word for a in best} == {w for w in every if len(w) == top}
    assert [len(a.jokers) for a in best] == sorted(len(a.jokers) for a in best)


def test_the_graph_is_minimal_for_inflected_forms() -> None:
    # Shared endings are stored once: ten stems × the same five endings need no more
    # nodes than the stems' prefix tree plus one shared ending tree.
    stems = ["dom", "kot", "las", "nos", "pas", "sok", "tor", "wóz", "żuk", "ząb"]
    endings = ["", "y", "ami", "ach", "owi"]
    lex = Lexicon.from_words([s + e for s in stems for e in endings], "pl")
    trie_nodes = 1 + len({s[:i] for s in stems for i in range(1, 4)})
    assert lex.graph.node_count <= trie_nodes + 5


@settings(max_examples=60, deadline=None)
@given(words_st, rack_st, st.integers(0, 2))
def test_both_searches_give_the_same_list_in_the_same_order(
    words: list[str], rack: str, jokers: int
) -> None:
    lex = Lexicon.from_words(words, "pl")
    assert lex.anagrams(rack, jokers, engine="walk") == lex.anagrams(rack, jokers, engine="wide")


@settings(max_examples=40, deadline=None)
@given(words_st, st.text(alphabet=LETTERS + "??*", min_size=1, max_size=6), st.integers(0, 5))
def test_a_limited_pattern_search_gives_that_many_true_matches(
    words: list[str], pattern: str, limit: int
) -> None:
    lex = Lexicon.from_words(words, "pl")
    every = lex.matching(pattern)
    some = lex.matching(pattern, limit=limit)
    assert len(some) == min(limit, len(every)) and set(some) <= set(every)


# Every letter of the alphabet, up to six of each: racks too varied for one packed integer
# per partial word (a Rummikub rack late in a game, or every tile of the set).
big_rack_st = st.lists(st.integers(0, 6), min_size=len(POLISH), max_size=len(POLISH)).map(
    lambda counts: "".join(c * n for c, n in zip(POLISH.letters, counts, strict=True))
)
all_words_st = st.lists(
    st.text(alphabet="".join(POLISH.letters), min_size=1, max_size=12), max_size=40
)


@settings(max_examples=60, deadline=None)
@given(all_words_st, big_rack_st, st.integers(0, 2))
def test_a_rack_of_any_size_agrees_with_a_brute_force_scan(
    words: list[str], rack: str, jokers: int
) -> None:
    lex = Lexicon.from_words(words, "pl")
    walk = lex.anagrams(rack, jokers, engine="walk")
    assert walk == lex.anagrams(rack, jokers, engine="wide")
    assert {a.word for a in walk} == brute_anagrams(set(words), rack, jokers)


def test_more_of_a_letter_than_a_word_can_hold_changes_nothing() -> None:
    lex = Lexicon.from_words(["a", "aa", "kot"], "pl")
    assert lex.anagrams("a" * 10_000 + "kot") == lex.anagrams("a" * 64 + "kot")
    assert [a.word for a in lex.longest("a" * 10_000)] == ["aa"]


def test_a_search_reports_its_work_at_least_the_words_it_found() -> None:
    """A computer player bounds its thinking by the work its searches report, not a clock:
    the numpy search counts the partial words it looked at, so a rack whose partial words
    lead nowhere still costs something, and the walk counts its words."""
    lex = Lexicon.from_words(["kot", "kota", "okno", "tak", "atak", "kotek"], "pl")
    wide = lex.anagrams("kotaek", engine="wide")
    assert wide.work > len(wide) > 0
    walk = lex.anagrams("kotaek", engine="walk")
    assert walk.work == len(walk)
    nothing = lex.anagrams("kkkk", engine="wide")
    assert len(nothing) == 0 and nothing.work > 0
