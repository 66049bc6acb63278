"""Word Thief by ear (issue 33 §5): a late turn prompt says what changed, not the whole
table (787 characters, at ``ekspert`` too); a wild that changes letter in a steal is said; a
wild is typed by its name."""

from __future__ import annotations

from dataclasses import replace

from braille_words.games.base import Event
from braille_words.games.word_thief.commands import parse
from braille_words.games.word_thief.deck import load_deck
from braille_words.games.word_thief.making import Placed
from braille_words.games.word_thief.presenter import (
    Presenter,
    prompt,
    read_table,
    table_news,
)
from braille_words.games.word_thief.rules import (
    Lay,
    Options,
    Pass,
    Rules,
    State,
    StealMove,
    TableWord,
)
from braille_words.lexicon import Lexicon
from braille_words.present.messages import render
from braille_words.speech.speaker import strip_marks
from braille_words.speech.spelling import letter_name
from braille_words.tiles import Card

WORDS = ["tar", "tear", "cat", "dog", "sun", "box", "hat", "pen", "cup", "red", "map"]
LEX = Lexicon.from_words(WORDS, "en")
CARDS = load_deck().cards()
SEATS = ["Ola", "Bot"]


def _take(letters: str, pool: list[Card], suits: str = "") -> list[Card]:
    out = []
    for k, letter in enumerate(letters):
        wanted = None if letter == "?" else letter
        suit = suits[k] if k < len(suits) else ""
        card = next(c for c in pool if c.letter == wanted and (
            not suit or wanted is None or (c.suit or "").startswith(suit)))
        pool.remove(card)
        out.append(card)
    return out


def _word(owner: int, letters: str, shown: str, pool: list[Card], turn: int) -> TableWord:
    cards = _take(letters, pool)
    return TableWord(owner, tuple(Placed(c, x) for c, x in zip(cards, shown, strict=True)), turn)


def _state(table: list[tuple[int, str, int]], turns: int, hand: str = "iiiiiii",
           suits: str = "rbr") -> State:
    pool = list(CARDS)
    hands = (tuple(_take(hand, pool, suits)), tuple(_take("qzjkvyw", pool)))
    words = tuple(_word(owner, w, w, pool, turn) for owner, w, turn in table)
    return State(seats=tuple(SEATS), seed=1, dealer=0, hands=hands, draw=tuple(pool), used=(),
                 table=words, scores=(0, 0), current=0, turns=turns, options=Options())


def test_a_late_turn_prompt_names_the_new_words_and_how_many_lie_there() -> None:
    """Seven words on the table, two made since Ola's last turn (turn 10; now 12)."""
    state = _state([(1, "cat", 1), (0, "dog", 3), (1, "sun", 5), (0, "box", 7), (1, "hat", 9),
                    (0, "pen", 10), (1, "cup", 11)], turns=12)
    view = state.view_for(0)
    for verbosity in ("beginner", "expert"):
        said = strip_marks(prompt(view, "pl", verbosity))
        assert "CUP" in said and "CAT" not in said and "PEN" not in said
    said = strip_marks(prompt(view, "pl", "beginner"))
    assert "Na stole 7 słów; nowe od twojego ruchu: 7 CUP (Bot, karty warte " in said
    assert "Wszystkie czyta „stół”." in said
    en = strip_marks(prompt(view, "en", "beginner"))
    assert "7 words on the table; new since your turn: 7 CUP (Bot" in en
    full = strip_marks(read_table(view, "pl", "beginner"))
    assert all(w in full for w in ("CAT", "DOG", "SUN", "BOX", "HAT", "PEN", "CUP"))
    assert len(strip_marks(table_news(view, "pl", "beginner"))) < len(full) / 2


def test_a_table_unchanged_since_the_last_turn_is_said_so() -> None:
    state = _state([(1, "cat", 1), (0, "dog", 3), (1, "sun", 5), (0, "box", 7),
                    (1, "hat", 9)], turns=12)
    said = strip_marks(prompt(state.view_for(0), "pl", "beginner"))
    assert "Na stole 5 słów, bez zmian od twojego ruchu." in said
    assert "none new since your turn" in prompt(state.view_for(0), "en", "beginner")


def test_a_short_table_is_still_read_whole_in_the_prompt() -> None:
    state = _state([(1, "cat", 1), (0, "dog", 3)], turns=12)
    said = strip_marks(prompt(state.view_for(0), "pl", "beginner"))
    assert "CAT" in said and "DOG" in said


def test_a_word_remembers_the_turn_it_was_made_through_a_save() -> None:
    rules = Rules(LEX, Options())
    state = _state([], turns=4, hand="redaaaa")
    after, _ = rules.apply(state, 0, Lay("red"))
    (word,) = after.table
    assert word.turn == 4
    assert rules.state_from_json(after.to_json()) == after


def test_a_wild_that_changes_letter_in_a_steal_is_said() -> None:
    """TAR with its A a wild; Bot steals it with an E: TEAR, and the wild is now an E."""
    rules = Rules(LEX, Options())
    pool = list(CARDS)
    t, wild, r = _take("t?r", pool, "rbr")
    tar = TableWord(0, (Placed(t, "t"), Placed(wild, "a"), Placed(r, "r")), 0)
    hands = (tuple(_take("iiiiiii", pool)), tuple(_take("axzqjkv", pool)))
    state = State(seats=tuple(SEATS), seed=1, dealer=0, hands=hands, draw=tuple(pool), used=(),
                  table=(tar,), scores=(0, 0), current=1, options=Options())
    _after, events = rules.apply(state, 1, StealMove(0, ("tear",)))
    changed = [e for e in events if e.kind == "wild_changed"]
    assert [e.params["was"] + e.params["now"] for e in changed] == ["AE"]
    (event,) = changed
    pl = _said(event, "pl")
    assert pl.startswith("Dżoker ze słowa ") and "TAR" in pl and "TEAR" in pl
    # the English letter names, as the hand says them
    assert f"literą {letter_name('a', 'en')}, a w " in pl and pl.endswith(
        f"literą {letter_name('e', 'en')}.")
    en = _said(event, "en")
    assert en.startswith("The wild card of ") and "TEAR it is " in en


def test_a_steal_that_keeps_the_wilds_letter_says_nothing_of_it() -> None:
    rules = Rules(LEX, Options())
    pool = list(CARDS)
    t, wild, r = _take("t?r", pool, "rbr")
    tar = TableWord(0, (Placed(t, "t"), Placed(wild, "e"), Placed(r, "r")), 0)
    hands = (tuple(_take("iiiiiii", pool)), tuple(_take("axzqjkv", pool)))
    state = State(seats=tuple(SEATS), seed=1, dealer=0, hands=hands, draw=tuple(pool), used=(),
                  table=(replace(tar),), scores=(0, 0), current=1, options=Options())
    _after, events = rules.apply(state, 1, StealMove(0, ("tear",)))
    assert not [e for e in events if e.kind == "wild_changed"]


def test_a_wild_is_given_up_by_its_name() -> None:
    view: dict[str, object] = {"seat": 0, "seats": SEATS}
    assert parse("pas dżoker ex zed", view) == Pass(("?", "x", "z"))  # type: ignore[arg-type]
    assert parse("pass wild ex zed", view) == Pass(("?", "x", "z"))  # type: ignore[arg-type]


def _said(event: Event, lang: str) -> str:
    params = {**event.params,
              **Presenter().event_params(event.kind, event.params, 0, SEATS, lang)}
    return strip_marks(render(lang, "word_thief", event.kind, params))


def test_with_no_word_to_make_the_hint_names_the_three_cards_to_pass() -> None:
    """"Nie widzę dobrego ruchu: możesz spasować" left the child guessing which cards."""
    from braille_words.games.word_thief.computer import Computer

    rules = Rules(LEX, Options())
    state = _state([], turns=2, hand="xffhhbb", suits="")
    move = Computer().hint(rules, state, 0)
    assert isinstance(move, Pass) and len(move.discard) == 3
    line = Presenter().describe_move(move, "pl", state.view_for(0))
    assert line == "pas " + " ".join(move.discard)
    assert parse(line, state.view_for(0)) == move  # type: ignore[arg-type]


def test_a_hint_that_is_the_best_move_says_so() -> None:
    """Issue 35: a hint says whether it is the best move or a simpler one. Every word of a
    small list is common, so the best move is the hint, and it is called the best."""
    from braille_words.games.kit import kind_of, points_of
    from braille_words.games.word_thief.computer import Computer, best_move

    rules = Rules(LEX, Options())
    state = _state([], turns=2, hand="catxffh", suits="")
    move = Computer().hint(rules, state, 0)
    best = best_move(rules, state, 0)
    assert best is not None and points_of(move) == best[0] and kind_of(move) == "best"
    assert Presenter().describe_move(move, "pl", state.view_for(0)).endswith(" — najlepszy ruch")
    assert Presenter().describe_move(move, "en", state.view_for(0)).endswith(" — the best move")
