"""Scrabble karty as a player meets it: the commands (Polish and English, typed back), the
sentences (full and terse), the reading commands and the board on a Braille display, where a
move is made with routing keys alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.braille.grid import Grid
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.errors import InputError
from braille_words.games.base import RuleViolation
from braille_words.games.scrabble_cards.commands import parse, to_command
from braille_words.games.scrabble_cards.computer import choose_move
from braille_words.games.scrabble_cards.presenter import Presenter, read
from braille_words.games.scrabble_cards.rules import (
    Accept,
    Against,
    Check,
    Clear,
    Done,
    Exchange,
    Lay,
    Move,
    Options,
    Pass,
    Premium,
    Put,
    Rules,
    State,
    TakeBack,
)
from braille_words.present.messages import render
from braille_words.speech.speaker import strip_marks

SEATS = ["Ola", "Jan"]


def game(polish: Any, hands: list[str], board: tuple[str, ...] = (), **options: Any
         ) -> tuple[Rules, State]:
    rules = Rules(polish, Options(**options))
    state, _ = rules.from_position(SEATS, 3, {"hands": hands, "board": list(board)})
    return rules, state


def said(events: list[Any], kind: str, lang: str, verbosity: str = "beginner") -> str:
    event = next(e for e in events if e.kind == kind)
    params = {**event.params,
              **Presenter().event_params(kind, event.params, 1, SEATS, lang)}
    return render(lang, "scrabble_cards", kind, params, verbosity=verbosity)


# ---- commands


@pytest.mark.parametrize(("line", "move"), [
    ("8H kotek", Lay(7, 7, True, "kotek")),
    ("H8 kotek", Lay(7, 7, False, "kotek")),
    ("8h ko?tek 6", Lay(7, 7, True, "ko?tek", (5,))),
    ("połóż 15A kot", Lay(14, 0, True, "kot")),
    ("wymień 1 3 5", Exchange((0, 2, 4))),
    ("exchange 2,4", Exchange((1, 3))),
    ("połóż 3 H8", Put(2, 7, 7)),
    ("put 7 h8 k", Put(6, 7, 7, "k")),
    ("zabierz H8", TakeBack(7, 7)),
    ("od nowa", Clear()),
    ("premia 6", Premium(5)),
    ("gotowe", Done()),
    ("done", Done()),
    ("pas", Pass()),
    ("akceptuj", Accept()),
    ("sprawdź", Check()),
    ("check", Check()),
    ("przeciw 3", Against(2)),
])
def test_commands_in_polish_and_english(polish: Any, line: str, move: Move) -> None:
    _rules, state = game(polish, ["k o t e k", "d o m"])
    view = state.view_for(0)
    assert parse(line, view) == move
    for lang in ("pl", "en"):
        assert parse(to_command(move, view, lang), view) == move


@pytest.mark.parametrize("line", ["", "8H", "H0 kot", "8H ko?", "8H kot1", "wymień", "xyz"])
def test_a_line_that_is_no_move_gets_a_sentence(polish: Any, line: str) -> None:
    _rules, state = game(polish, ["k o t e k", "d o m"])
    with pytest.raises(InputError) as exc:
        parse(line, state.view_for(0))
    assert exc.value.in_lang("pl") and exc.value.in_lang("en")


# ---- sentences


def test_a_move_is_announced_with_its_square_direction_points_and_total(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    _state, events = rules.apply(state, 0, Lay(7, 7, True, "kotek"))
    assert said(events, "word_laid", "pl") == "Ola: KOTEK, 8H w poziomie, 16 punktów, razem 16."
    english = strip_marks(said(events, "word_laid", "en"))  # KOTEK is marked as Polish
    assert english == "Ola: KOTEK, 8H across, 16 points, total 16."
    assert said(events, "word_laid", "pl", "expert") == "Ola: KOTEK, 8H, 16, razem 16."


def test_a_word_down_is_said_column_first(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    _state, events = rules.apply(state, 0, Lay(7, 7, False, "kotek"))
    assert said(events, "word_laid", "pl").startswith("Ola: KOTEK, H8 w pionie")


def test_every_reason_of_a_refused_move_has_a_sentence(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a x2", "d o m"])
    with pytest.raises(RuleViolation) as exc:
        rules.apply(state, 0, Lay(7, 7, True, "kotekz", (0,)))
    for reason in exc.value.reasons:
        for lang in ("pl", "en"):
            text = render(lang, "scrabble_cards", reason.code, reason.params)
            assert "{" not in text and text


# ---- reading


def test_reading_the_board_square_by_square(polish: Any) -> None:
    _rules, state = game(polish, ["a n", "d o m"], board=("8H oj",))
    view = state.view_for(0)
    assert strip_marks(read("pole h8", view, "pl", "beginner") or "") == "H8: o."
    assert strip_marks(read("square i8", view, "en", "beginner") or "") == "I8: jot."  # Polish J
    assert read("pole a1", view, "pl", "beginner") == "A1: puste."
    assert read("wiersz 8", view, "pl", "beginner") == "Wiersz 8: 7 pustych, O, J, 6 pustych."
    assert read("column h", view, "en", "beginner") == "Column H: 7 empty, O, 7 empty."
    assert "OJ 8H w poziomie" in (read("słowa i8", view, "pl", "beginner") or "")


def test_cross_checks_say_which_letters_fit(polish: Any) -> None:
    _rules, state = game(polish, ["a n", "d o m"], board=("8H oj",))
    fits = read("fits h9", state.view_for(0), "en", "beginner") or ""
    # a word across row 9 puts a letter under O: ON, OD, OK… fit, Ź does not
    down_part = fits.split("a word across: ")[1]
    assert "en" in down_part.split(";")[0] or "n" in down_part
    assert "anchor" in (read("anchors", state.view_for(0), "en", "beginner") or "")


def test_the_hand_is_read_with_values_and_premium_cards_explained(polish: Any) -> None:
    _rules, state = game(polish, ["k ? palindrome x2", "d o m"])
    view = state.view_for(0)
    hand = strip_marks(read("ręka", view, "pl", "beginner") or "")
    assert hand.startswith(
        "Ręka, 4 karty: 1 ka (2); 2 dżoker (0); 3 karta warunkowa: palindrom; 4 karta premii: "
        "podwójne słowo.")
    assert read("karta 3", view, "pl", "beginner") == (
        "Karta 3: karta warunkowa: palindrom, plus 10 albo minus 5.")
    assert read("worek", view, "pl", "beginner") == f"W worku {len(state.bag)} kart."
    assert (read("exchanges", view, "en", "beginner") or "").startswith("Exchanges are unlim")


# ---- Braille: routing keys alone


def _hand_targets(cards: NamedLine) -> list[Any]:
    return list(cards.line.segments[0].cell_targets or ())


def _lines(view: Any) -> tuple[NamedLine, Grid]:
    lines = Presenter().braille_view(view, "pl")
    cards = next(x for x in lines if isinstance(x, NamedLine) and x.name == "cards")
    board = next(x for x in lines if isinstance(x, NamedGrid)).grid
    return cards, board


def test_the_board_is_one_row_of_cells_with_its_coordinate_in_the_status(polish: Any) -> None:
    _rules, state = game(polish, ["a n", "d o m"], board=("8H oj",))
    _cards, grid = _lines(state.view_for(0))
    line = grid.line()
    assert len(line) == 15 and grid.cursor == (7, 7)
    assert line.status.rstrip(b"\x00") == bytes([0x13, 0x3C, 0x13])  # h, number sign, 8
    assert grid.down().cursor == (8, 7) and grid.right().cursor == (7, 8)


def test_a_first_and_a_crossing_word_made_with_routing_keys_alone(polish: Any) -> None:
    """Pick a card on the hand line, route to a square, again and again; route "gotowe"."""
    rules, state = game(polish, ["k o t e k a a", "d o m a"])
    presenter = Presenter()

    def route(seat: int, target: Any, selection: Any) -> Any:
        nonlocal state
        selection, line = presenter.route(target, selection)
        view = state.view_for(seat)
        if line is not None and presenter.read(line, view, "pl", "beginner") is None:
            state, _ = rules.apply(state, seat, parse(line, state.view_for(seat)))
        return selection

    for k, col in enumerate(range(7, 12)):  # K O T E K on H8..L8
        cards, grid = _lines(state.view_for(0))
        pick = route(0, _hand_targets(cards)[k], None)
        route(0, grid.target_at(7, col), pick)
    cards, _grid = _lines(state.view_for(0))
    done = next(s.target for s in cards.line.segments if s.target == ("action", "done"))
    route(0, done, None)
    cards, _grid = _lines(state.view_for(1))
    accept = next(s.target for s in cards.line.segments if s.target == ("action", "accept"))
    route(1, accept, None)
    assert state.scores[0] == 16 and state.current == 1
    # Jan lays D, O, M down column I through the O of KOTEK: DOM, I7 to I9
    hand = [c["letter"] for c in state.view_for(1)["hand"]]
    for letter, row in (("d", 6), ("m", 8)):
        cards, grid = _lines(state.view_for(1))
        pick = route(1, _hand_targets(cards)[hand.index(letter)], None)
        route(1, grid.target_at(row, 8), pick)
    cards, _grid = _lines(state.view_for(1))
    route(1, ("action", "done"), None)
    route(0, ("action", "accept"), None)
    assert state.table and any(p.letter == "d" and (p.row, p.col) == (6, 8) for p in state.table)
    assert state.scores[1] == 2 + 1 + 2


def test_a_card_laid_this_turn_is_taken_back_by_routing_on_it(polish: Any) -> None:
    rules, state = game(polish, ["k o t e k a a", "d o m"])
    state, _ = rules.apply(state, 0, Put(0, 7, 7))
    cards, grid = _lines(state.view_for(0))
    target = _hand_targets(cards)[0]
    assert target == ("laid", 0, 7, 7)
    assert Presenter().route(target, None) == (None, "take H8")
    assert grid.square_at(7, 7).text == "K"


# ---- invariants


def _random_move(rules: Rules, state: State, seat: int, rng: random.Random) -> Move:
    hand = state.hands[seat]
    if state.phase == "verdict":
        answers: list[Move] = [Accept(), Check(), Against(rng.randrange(max(1, len(hand))))]
        return rng.choice(answers)
    roll = rng.random()
    move: Move = Pass()
    if roll < 0.1:
        return move
    if roll < 0.2 and hand:
        return Exchange(tuple(sorted(rng.sample(range(len(hand)), rng.randint(1, len(hand))))))
    if roll < 0.3:
        return Done()
    if roll < 0.35 and hand:
        return Premium(rng.randrange(len(hand)))
    size = state.size
    letter = rng.choice("aeiokz")
    return Put(rng.randrange(max(1, len(hand))), rng.randrange(size), rng.randrange(size),
               letter)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_no_card_is_created_or_lost(polish: Any, seed: int) -> None:
    rules = Rules(polish, Options(check="on-request"))
    state, _ = rules.new(SEATS, seed)
    rng = random.Random(seed)
    for _ in range(150):
        if state.over:
            break
        seat = min(state.awaiting)
        if rng.random() < 0.3:  # a real word now and then: laid, checked, taken back
            move = choose_move(rules, state, seat, "beginner", rng)
        else:
            move = _random_move(rules, state, seat, rng)
        try:
            state, _ = rules.apply(state, seat, move)
        except (RuleViolation, InputError):
            continue
        ids = sorted([c.id for c in state.all_cards()] + state.table_ids())
        assert ids == list(range(112))
        assert rules.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def test_every_event_of_a_game_between_computers_is_said_in_full(polish: Any) -> None:
    """Each sentence finds every parameter it names, in both languages and both verbosities
    (also the conditional cards played against a move, the end and its arithmetic)."""
    import string

    from braille_words.present.messages import lookup

    rules = Rules(polish, Options())
    names = ["Ola", "Jan", "Ewa"]
    state, events = rules.new(names, 7)
    rng = random.Random(7)
    seen: list[Any] = list(events)
    while not state.over:
        seat = min(state.awaiting)
        state, events = rules.apply(state, seat, choose_move(rules, state, seat, "medium", rng))
        seen += events
    kinds = {e.kind for e in seen}
    assert {"word_laid", "move_stands", "game_over"} <= kinds
    presenter = Presenter()
    for event in seen:
        for lang in ("pl", "en"):
            params = {**event.params,
                      **presenter.event_params(event.kind, event.params, 0, names, lang)}
            for verbosity in ("beginner", "expert"):
                template = lookup(lang, "scrabble_cards", event.kind, verbosity)
                assert template is not None, event.kind
                wanted = {name.split(":")[0] for _, name, _, _ in
                          string.Formatter().parse(template) if name}
                assert wanted <= set(params), (event.kind, wanted - set(params))


def test_a_first_hint_says_what_to_look_for(polish: Any) -> None:
    _rules, state = game(polish, ["a n", "d o m"], board=("8H oj",))
    view = state.view_for(0)
    said = Presenter().nudge(Lay(8, 6, True, "an"), "pl", view, "beginner")
    assert said == "Słowo z 2 liter w poziomie, od pola G9."
    said = Presenter().nudge(Lay(6, 7, False, "bon"), "en", view, "beginner")
    assert said == "A word of 3 letters down, through H8."


@pytest.mark.parametrize("word", ["rack", "stojak", "hand", "karty"])
def test_the_hand_is_read_by_a_scrabble_players_word_for_it_too(polish: Any, word: str) -> None:
    """An English Scrabble player says "rack", a child from Rummikub "stojak": "There is no
    command 'rack'" met the first of them."""
    _rules, state = game(polish, ["k o t e k a a", "d o m a"])
    view = state.view_for(0)
    presenter = Presenter()
    hand = presenter.read("hand", view, "en", "beginner")
    assert hand is not None and "7 cards" in hand
    assert presenter.read(word, view, "en", "beginner") == hand
