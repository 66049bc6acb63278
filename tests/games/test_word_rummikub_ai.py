"""Computer players and hints for Rummikub Słowny: they find the rulebook's moves, keep to the
first lay-down rule, never make an illegal move, and finish whole games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.word_rummikub.computer import LEVELS, choose_move, hint
from braille_words.games.word_rummikub.rules import (
    CastVote,
    Draw,
    EndTurn,
    Options,
    Rebuild,
    ResetTurn,
    Rules,
    Split,
    State,
    arranged_state,
    word_text,
)
from braille_words.lexicon import Lexicon
from braille_words.tiles import POLISH

WORDS = [
    "zaszczyt", "szczyt", "koszyk", "kot", "szyk", "szyszka", "oczy", "kat", "kotek",
    "kasza", "koza", "szok", "sok", "kosz", "kasa", "osa", "okno", "oko", "tak",
]
DICT = Path("/usr/share/dict/polish")
arrange = arranged_state


def small_rules(**options: object) -> Rules:
    return Rules(Lexicon.from_words(WORDS, "pl"), Options(**options))  # type: ignore[arg-type]


def play_out(rules: Rules, state: State, seat: int, move: object) -> State:
    after, _ = rules.apply(state, seat, move)  # type: ignore[arg-type]
    return after


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_the_computer_lengthens_szczyt_into_zaszczyt(level: str) -> None:
    rules = small_rules()
    s = arrange(["zaeeeee", "iiiiiii"], ["szczyt"])
    move = choose_move(rules, s, 0, level, random.Random(1))
    assert isinstance(move, Rebuild)
    after = play_out(rules, s, 0, move)
    assert "zaszczyt" in [word_text(w) for w in after.table]
    assert after.scores[0] == 8


def test_the_strong_computer_splits_koszyk_with_a_t() -> None:
    rules = small_rules()
    s = arrange(["teeeeee", "iiiiiii"], ["koszyk"])
    move = choose_move(rules, s, 0, "strong", random.Random(1))
    after = play_out(rules, s, 0, move)
    assert sorted(word_text(w) for w in after.table) == ["kot", "szyk"]


def test_the_strong_computer_rebuilds_two_words_into_one_longer() -> None:
    rules = Rules(Lexicon.from_words(["kot", "oko", "kotokoa", "szczyt"], "pl"), Options())
    s = arrange(["aeeeeee", "iiiiiii"], ["kot", "oko", "szczyt"])
    after = play_out(rules, s, 0, choose_move(rules, s, 0, "strong", random.Random(1)))
    assert "kotokoa" in [word_text(w) for w in after.table]


def test_the_computer_lays_the_14_tile_hand_in_its_first_lay_down() -> None:
    rules = small_rules()
    s = arrange(["katakszszczoyy", "iiiiiii"], laid_down=[False, False])
    after = play_out(rules, s, 0, choose_move(rules, s, 0, "strong", random.Random(1)))
    assert sorted(word_text(w) for w in after.table) == ["kat", "oczy", "szyszka"]
    assert after.scores[0] == 14


def test_without_a_six_letter_word_the_computer_draws_in_its_first_turn() -> None:
    rules = small_rules()
    s = arrange(["kotaeee", "iiiiiii"], ["szczyt"], laid_down=[False, True])
    for level in LEVELS:
        assert choose_move(rules, s, 0, level, random.Random(1)) == Draw()


def test_the_computer_resets_a_changed_turn_and_votes_to_accept() -> None:
    rules = small_rules(theme="dom")
    s = arrange(["teeeeee", "iiiiiii"], ["koszyk"], options=Options(theme="dom"))
    changed = play_out(rules, s, 0, Split(0, 2))
    assert choose_move(rules, changed, 0, "strong", random.Random(1)) == ResetTurn()
    voting = play_out(rules, s, 0, choose_move(rules, s, 0, "strong", random.Random(1)))
    assert voting.vote is not None
    assert choose_move(rules, voting, 1, "beginner", random.Random(1)) == CastVote(True)


def test_a_hint_is_a_legal_move_the_player_then_ends() -> None:
    rules = small_rules()
    s = arrange(["zaeeeee", "iiiiiii"], ["szczyt"])
    move = hint(rules, s, 0)
    assert isinstance(move, Rebuild) and not move.end
    after = play_out(rules, play_out(rules, s, 0, move), 0, EndTurn())
    assert after.scores[0] == 8
    # Nothing to lay: the hint is to draw, a line the player can type.
    assert hint(rules, arrange(["eeeeeee", "iiiiiii"], ["kot"]), 0) == Draw()


def test_unknown_level_is_refused() -> None:
    with pytest.raises(InputError):
        choose_move(small_rules(), arrange(["eeeeeee", "iiiiiii"]), 0, "genius", random.Random())


@pytest.fixture(scope="module")
def sample_lexicon() -> Lexicon:
    """Every 40th word of Debian's Polish word list: a real lexicon small enough to build here."""
    if not DICT.exists():
        pytest.skip("wpolish (/usr/share/dict/polish) is not installed")
    with DICT.open(encoding="utf-8") as f:
        words = [w.strip() for k, w in enumerate(f) if k % 40 == 0]
    return Lexicon.from_words([w for w in words if POLISH.is_word(w)], "pl")


def run_game(rules: Rules, seed: int, levels: list[str]) -> State:
    state, _ = rules.new([f"cpu{i}" for i in range(len(levels))], seed)
    rng = random.Random(seed)
    for _ in range(2000):
        if state.is_over:
            return state
        seat = min(state.awaiting)
        move = choose_move(rules, state, seat, levels[seat], rng)
        state, _ = rules.apply(state, seat, move)
    raise AssertionError("the game did not end")


def test_seeded_computer_games_finish_with_no_error(sample_lexicon: Lexicon) -> None:
    rules = Rules(sample_lexicon, Options())
    for seed, levels in enumerate([["beginner", "medium"], ["medium", "strong", "beginner"]]):
        state = run_game(rules, seed, levels)
        assert state.is_over
        assert sorted(state.all_tiles()) == list(range(112))
        assert state.result()["winners"]


def full_lexicon() -> Lexicon:
    from braille_words.lexicon import get_lexicon

    try:
        return get_lexicon("pl")
    except BrailleWordsError as exc:
        pytest.skip(f"the full Polish lexicon is not built: {exc}")


@pytest.mark.slow
def test_the_rulebook_examples_hold_with_the_full_polish_lexicon() -> None:
    rules = Rules(full_lexicon(), Options())
    s = arrange(["aaeeeee", "iiiiiii"], ["koszyk", "szczyt"])
    after = play_out(rules, s, 0, Rebuild((0, 1), "aa", ("szyszka", "oczy", "kat"), True))
    assert after.scores[0] == 7
    s = arrange(["teeeeee", "iiiiiii"], ["koszyk"])
    after = play_out(rules, s, 0, Rebuild((0,), "t", ("kot", "szyk"), True))
    assert after.scores[0] == 3
    s = arrange(["zaooooo", "iiiiiii"], ["szczyt"])
    after = play_out(rules, s, 0, Rebuild((0,), "za", ("zaszczyt",), True))
    assert after.scores[0] == 8


@pytest.mark.slow
def test_many_seeded_strong_games_finish_with_the_full_lexicon() -> None:
    rules = Rules(full_lexicon(), Options())
    for seed in range(3):
        state = run_game(rules, 1000 + seed, ["strong", "medium"] if seed % 2 else
                         ["strong", "strong"])
        assert state.is_over and sorted(state.all_tiles()) == list(range(112))


def test_a_hint_on_a_changed_turn_is_for_the_turns_start() -> None:
    rules = small_rules()
    s = arrange(["zaeeeee", "iiiiiii"], ["szczyt"])
    changed = play_out(rules, s, 0, Split(0, 2))
    move = hint(rules, changed, 0)
    assert isinstance(move, Rebuild)
    restarted = play_out(rules, changed, 0, ResetTurn())
    after = play_out(rules, play_out(rules, restarted, 0, move), 0, EndTurn())
    assert after.scores[0] == 8


@pytest.mark.slow
def test_a_beginner_game_and_its_hints_use_words_a_child_knows() -> None:
    """Issue 16: computers and hints played PORZEŹBIONO, KUMESTANY, '= wsnutymi'. A seeded
    game between beginner and medium computers, and the hints along it, use only words
    among the 50 000 most frequent Polish forms."""
    import random

    from braille_words.games.word_rummikub.computer import choose_move, hint
    from braille_words.games.word_rummikub.rules import Rebuild, Rules
    from braille_words.lexicon import get_lexicon

    try:
        lexicon = get_lexicon("pl")
    except Exception as exc:
        pytest.skip(f"the Polish lexicon is not built ({exc})")
    common = set(lexicon.most_frequent(50_000))
    rules = Rules(lexicon)
    state, _ = rules.new(["Ola", "Komputer"], 7)
    rng = random.Random(7)
    played: list[str] = []
    for turn in range(60):
        if state.is_over:
            break
        seat = min(state.awaiting)
        if turn % 3 == 0:
            advice = hint(rules, state, seat)
            if isinstance(advice, Rebuild):
                played += advice.make
        level = "beginner" if seat == 0 else "medium"
        move = choose_move(rules, state, seat, level, rng)
        if isinstance(move, Rebuild):
            played += move.make
        state, _ = rules.apply(state, seat, move)
    assert played, "nobody laid a word"
    assert [w for w in played if w not in common] == []


class CountingLexicon:
    """The full lexicon, counting the work its anagram searches did as the computer counts
    it (``Anagrams.work`` and ``WORD_WORK`` per word listed)."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.work: list[int] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.lex, name)

    def anagrams(self, letters: str, jokers: int = 0, **kw: object) -> object:
        from braille_words.games.word_rummikub.computer import WORD_WORK

        found = self.lex.anagrams(letters, jokers, **kw)  # type: ignore[arg-type]
        self.work.append(found.work + WORD_WORK * len(found))
        return found


@pytest.mark.slow
def test_a_strong_move_on_a_rack_of_forty_stops_at_its_work_bound_and_lays_the_best_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 30: a rack of 40 or 80 tiles made a strong move search for seconds. The search
    is bounded by counted work, so it stops within one search of the bound (without the
    bound the same move does more than twice the work) and still lays a word."""
    from braille_words.games.word_rummikub import computer
    from braille_words.games.word_rummikub.settings import make_set

    table = ["szczyt", "okno", "wiatr", "dom"]
    pool = [t.letter or "?" for t in make_set()]
    for ch in "".join(table) + "lasek":
        pool.remove(ch)
    random.Random(3).shuffle(pool)
    rack = "".join(pool[:40])
    counted = CountingLexicon(full_lexicon())
    rules = Rules(counted, Options())  # type: ignore[arg-type]
    state = arrange([rack, "lasek"], table, laid_down=[True, True])
    move = choose_move(rules, state, 0, "strong", random.Random(1))
    assert isinstance(move, Rebuild)
    bound = computer.WORK_BUDGET
    assert sum(counted.work) <= bound + max(counted.work)
    counted.work.clear()
    monkeypatch.setattr(computer, "WORK_BUDGET", None)
    choose_move(rules, state, 0, "strong", random.Random(1))
    assert sum(counted.work) > 2 * bound
