"""7 słów computer players: the signature search finds what a plain scan finds, the strong
player writes the best word the rules allow, the beginner a common one, slowly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_seven_words_support import WordList, everyone_done, set_area
from wordfreq import zipf_frequency

from braille_words.games.seven_words.computer import (
    GraphSearch,
    SignatureIndex,
    card_letters,
    choose_move,
    hint,
    plan,
)
from braille_words.games.seven_words.deck import load_deck, score_cards, used_cards
from braille_words.games.seven_words.rules import Challenge, Done, Options, Rules, State, Submit
from braille_words.lexicon import Lexicon
from braille_words.tiles import POLISH

DICT = Path("/usr/share/dict/polish")


def _sample_words() -> list[str]:
    """Every 300th word of the system Polish list (wpolish), plus some common words."""
    words = ["kot", "dom", "woda", "pies", "szkoła", "dziecko", "człowiek", "rzeczywistość"]
    if DICT.exists():
        with DICT.open(encoding="utf-8") as fh:
            for i, line in enumerate(fh):
                w = line.strip()
                if i % 300 == 0 and POLISH.is_word(w):
                    words.append(w)
    return words


WORDS = _sample_words()
LEX = Lexicon.from_words(WORDS)

pytestmark = pytest.mark.xdist_group("seven_words_ai")
"""One worker runs the whole module (``--dist loadgroup``, as setup.sh runs the suite): the
sample lexicon above is built, and its word frequencies mapped from wordfreq (~9 s), once.
"""
INDEX = SignatureIndex(LEX.words(), card_letters(load_deck()))
GRAPH = GraphSearch(LEX.graph, card_letters(load_deck()))


def scan_best(words: list[str], state: State, veteran: bool = False) -> int:
    area = state.area_cards()
    return max(score_cards(used_cards(w, area), veteran=veteran) for w in words)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), veteran=st.booleans())
def test_signature_search_finds_the_scans_best_score(seed: int, veteran: bool) -> None:
    rules = Rules(LEX, Options(veterans=(0,) if veteran else ()))
    state, _ = rules.new(["a", "b"], seed)
    from braille_words.games.seven_words.computer import _scorer_for

    scorer = _scorer_for(rules, state, 0)
    found = INDEX.best(state.area_cards(), scorer=scorer)
    assert found.score == scan_best(LEX.words(), state, veteran)
    walked, word = GRAPH.best(state.area_cards(), scorer=scorer)
    assert walked == found.score and word is not None and state.score_of(0, word) == walked
    for sig in INDEX.members(found.signatures, 5):
        for word in INDEX.words[sig]:
            assert state.score_of(0, word) == found.score


def test_strong_player_writes_a_best_word_after_a_few_seconds() -> None:
    """A few seconds: a strong computer writing at once was always the fastest, and took the
    fastest player's bonus from people every round. It may settle for a word a point short
    of the best, so two strong computers do not write the same word every round."""
    rules = Rules(LEX)
    state, _ = rules.new(["ai", "you"], 5)
    p = plan(rules, state, 0, "strong", random.Random(1))
    assert isinstance(p.move, Submit) and 4 <= p.think_seconds <= 10
    assert state.score_of(0, p.move.word) >= scan_best(LEX.words(), state) - 1
    assert choose_move(rules, state, 0, "strong", random.Random(1)) == p.move


def test_strong_player_keeps_the_family_rule() -> None:
    lex = WordList(["kot", "koty", "tik", "oko"], [("kot", "koty")])
    rules = Rules(lex)
    state, _ = rules.new(["ai", "you"], 3)
    set_area(state, ["k", "t", "b", "d", "c", "m", "g", "j"])
    state, _ = rules.apply(state, 0, Submit("kot"))
    state, _ = rules.apply(state, 1, Submit("oko"))
    state = everyone_done(rules, state)
    set_area(state, ["k", "t", "b", "d", "c", "m", "g", "j"])
    move = choose_move(rules, state, 0, "strong", random.Random(0))
    assert move == Submit("tik")


def test_beginner_uses_common_words_and_thinks_slowly() -> None:
    rules = Rules(LEX)
    for seed in range(3):
        state, _ = rules.new(["ai", "you"], seed)
        p = plan(rules, state, 0, "beginner", random.Random(seed))
        assert isinstance(p.move, Submit)
        assert zipf_frequency(p.move.word, "pl") >= 3.0
        assert p.think_seconds >= 20
        again = plan(rules, state, 0, "beginner", random.Random(seed))
        assert again == p


def test_medium_player_finds_a_known_word() -> None:
    rules = Rules(LEX)
    state, _ = rules.new(["ai", "you"], 8)
    p = plan(rules, state, 0, "medium", random.Random(0))
    assert isinstance(p.move, Submit) and LEX.contains(p.move.word)
    assert 8 <= p.think_seconds <= 18


def test_hint_shows_a_good_common_word_until_the_word_is_written() -> None:
    rules = Rules(LEX)
    state, _ = rules.new(["you", "ai"], 2)
    shown = hint(rules, state, 0)
    assert isinstance(shown, Submit) and zipf_frequency(shown.word, "pl") >= 3.0
    state, _ = rules.apply(state, 0, shown)
    assert hint(rules, state, 0) is None


def test_a_strong_player_challenges_an_unknown_word_a_beginner_does_not() -> None:
    rules = Rules(LEX)
    state, _ = rules.new(["ai", "you"], 2)
    state, _ = rules.apply(state, 1, Submit("grzdylowaty"))
    state, _ = rules.apply(state, 0, Submit("kot"))
    assert choose_move(rules, state, 0, "strong", random.Random(0)) == Challenge(1)
    assert choose_move(rules, state, 0, "beginner", random.Random(0)) == Done()


def test_unknown_level_is_refused() -> None:
    rules = Rules(LEX)
    state, _ = rules.new(["ai"], 2)
    with pytest.raises(ValueError):
        plan(rules, state, 0, "grandmaster", random.Random(0))


def test_computer_players_finish_a_game_including_solo() -> None:
    for seats, levels in ((["a", "b", "c"], ["strong", "beginner", "strong"]), (["a"], ["strong"])):
        rules = Rules(LEX, Options(veterans=(0,)))
        state, _ = rules.new(seats, 4)
        rng = random.Random(9)
        steps = 0
        while not state.is_over:
            steps += 1
            assert steps < 300
            seat = min(state.awaiting)
            state, _ = rules.apply(state, seat, choose_move(rules, state, seat, levels[seat], rng))
        assert len(state.history) == 7
        assert state.result()["scores"]


def _built(tmp_path: Path, words: list[str]) -> Lexicon:
    from braille_words.lexicon import Settings, store

    source = tmp_path / "words.txt"
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    store.build(
        Settings("pl", (str(source),)), tmp_path, signature_letters=card_letters(load_deck())
    )
    return Lexicon.load("pl", tmp_path)


def test_the_index_built_with_the_lexicon_is_the_one_built_in_memory(tmp_path: Path) -> None:
    from braille_words.games.seven_words.computer import index_for

    built = _built(tmp_path, WORDS)
    # The build drops abbreviations (MGRAMI), so the same words as the built lexicon, built
    # in memory once for the three levels:
    in_memory = Rules(Lexicon.from_words(list(built.words())))
    for level in ("strong", "medium", "beginner"):
        mapped = index_for(Rules(built), level)
        memory = index_for(in_memory, level)
        assert mapped.keys == [] and mapped.size == memory.size  # mapped, not grouped again
        assert mapped.bits == memory.bits and list(mapped.words) == list(memory.words)
    for seed in range(3):
        rules, twin = Rules(built), Rules(LEX)
        state, _ = rules.new(["a", "b"], seed)
        for level in ("strong", "beginner"):
            rng1, rng2 = random.Random(seed), random.Random(seed)
            assert plan(rules, state, 0, level, rng1) == plan(twin, state, 0, level, rng2)


def test_a_missing_index_says_to_build_the_lexicon(tmp_path: Path) -> None:
    from braille_words.errors import BrailleWordsError
    from braille_words.lexicon import store

    built = _built(tmp_path, ["kot", "dom", "pies"])
    store.signatures_path("pl", tmp_path).unlink()
    rules = Rules(built)
    state, _ = rules.new(["a", "b"], 1)
    with pytest.raises(BrailleWordsError, match="lexicon build"):
        plan(rules, state, 0, "strong", random.Random(0))


def test_the_graph_walk_skips_refused_words_for_the_next_best() -> None:
    rules = Rules(LEX)
    state, _ = rules.new(["a", "b"], 12)
    area = state.area_cards()
    top, word = GRAPH.best(area)
    assert word is not None
    second, other = GRAPH.best(area, accept=lambda w: w != word)
    assert other != word and other is not None and second <= top
    expected = max(state.score_of(0, w) for w in LEX.words() if w != word)
    assert second == expected


def test_fallback_move_is_legal_in_every_phase_a_seat_is_awaited() -> None:
    from braille_words.games.seven_words.computer import fallback_move

    rules = Rules(LEX, Options(lenient=True))
    state, _ = rules.new(["a", "b"], 1)
    state, _ = rules.apply(state, 1, Submit("grzdyl"))
    state, _ = rules.apply(state, 0, fallback_move(rules, state, 0))
    state, _ = rules.apply(state, 0, Challenge(1))
    assert state.phase == "correction"
    state, _ = rules.apply(state, 1, fallback_move(rules, state, 1))
    for seat in (0, 1):
        state, _ = rules.apply(state, seat, fallback_move(rules, state, seat))
    assert state.round == 2
