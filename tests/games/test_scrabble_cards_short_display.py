"""Scrabble karty on a 14-cell display, and hints a child can follow to the game's end
(issue 33, played to the end by speech and on 14 cells).

On a short display every message a player reads each turn has a short form: the turn prompt
took about ten windows of 14 cells (the hand read with values and card kinds), a hint seven,
the results five. The counts below are windows of 14 cells as the pager cuts a message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from braille_words.braille import text_line
from braille_words.braille.view import Pager
from braille_words.displays.console import NoDisplay
from braille_words.games.base import Event
from braille_words.games.registry import find_game
from braille_words.games.scrabble_cards.commands import HELP
from braille_words.games.scrabble_cards.computer import Computer
from braille_words.games.scrabble_cards.presenter import Presenter, prompt
from braille_words.games.scrabble_cards.rules import Exchange, Lay, Options, Pass, Rules, State
from braille_words.present.messages import render
from braille_words.speech.speaker import strip_marks
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig

SEATS = ["Ola", "Jan"]
CELLS = 14


def windows(sentence: str, lang: str = "pl") -> int:
    """How many windows of 14 cells ``sentence`` takes on the message line."""
    pager = Pager(text_line(strip_marks(sentence), lang), CELLS)
    count = 1
    while pager.pan_right():
        count += 1
    return count


def game(polish: Any, hands: list[str], board: tuple[str, ...] = ("8H dom",),
         bag: str | None = None) -> tuple[Rules, State]:
    rules = Rules(polish, Options())
    position: dict[str, Any] = {"hands": hands, "board": list(board)}
    if bag is not None:
        position["bag"] = bag
    state, _ = rules.from_position(SEATS, 3, position)
    return rules, state


@pytest.fixture
def table(polish: Any) -> Iterator[tuple[Any, SeatOutput]]:
    """A game whose reader, Ola, has a 14-cell display and reads without hearing."""
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True)
    out.attach_display(NoDisplay(CELLS))
    seats = [SeatConfig(name="Ola", display="none", speech="none"),
             SeatConfig(name="Jan", display="none", speech="none")]
    other = SeatOutput(name="Jan", lang="pl", verbosity="beginner")
    session = new_session(find_game("scrabble-karty"), seats, seed=7, journal_path=None,
                          lexicon=polish, outputs=[out, other])
    yield session, out
    session.close()


def test_on_14_cells_the_turn_prompt_is_the_hand_in_four_windows(
        table: tuple[Any, SeatOutput]) -> None:
    """A beginner hears the hand in full; the cells show its cards in their order."""
    session, out = table
    session._prompt()
    assert out.news.last.startswith("Twój ruch. Stół jest pusty")  # heard in full
    assert out.news.last_shown == "Twój ruch: s c ł t a p g."
    assert windows(out.news.last) >= 10 and windows(out.news.last_shown) <= 4


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_hand_with_premium_cards_is_at_most_four_windows_in_both_languages(
        polish: Any, lang: str) -> None:
    """Premium cards by their places (since: their names took a window or two each; they
    come when drawn, and "ręka" or a routing key reads them), not "karta warunkowa: …"."""
    _rules, state = game(polish, ["y r a o long7 i two_of_zso", "d k"])
    brief = strip_marks(prompt(state.view_for(0), lang, "expert"))
    assert brief == {"pl": "Twój ruch: y r a o i; premie: 5, 7.",
                     "en": "Your turn: y r a o i; premium cards: 5, 7."}[lang]
    assert windows(brief, lang) <= 4
    assert windows(prompt(state.view_for(0), lang, "beginner"), lang) >= 10


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_14_cells_a_move_and_the_cards_drawn_are_at_most_three_windows_each(
        lang: str) -> None:
    presenter = Presenter()
    events = [
        Event("word_laid", {"seat": 1, "word": "KOTEK", "row": 7, "col": 7, "across": True,
                            "coord": "8H", "points": 16, "total": 131}),
        Event("premium_played", {"seat": 1, "card": "two_of_zso"}),
        Event("move_stands", {"seat": 1, "total": 131, "changed": "no"}),
        Event("cards_drawn", {"cards": ["y", "long7", "?", "x2"]}, 0),
        Event("hand_left", {"seat": 1, "points": 12}),
        Event("hand_given", {"seat": 1, "to": 0, "points": 12}),
        Event("went_out", {"seat": 1}),
        Event("all_idle", {}),
    ]
    for event in events:
        params = {**event.params,
                  **presenter.event_params(event.kind, event.params, 0, SEATS, lang)}
        full = render(lang, "scrabble_cards", event.kind, params)
        terse = render(lang, "scrabble_cards", event.kind, params, verbosity="expert")
        assert terse and windows(terse, lang) <= 3, (event.kind, terse)
        assert windows(terse, lang) <= windows(full, lang), event.kind


def test_on_14_cells_a_hint_is_at_most_three_windows_and_heard_whole(
        table: tuple[Any, SeatOutput]) -> None:
    session, out = table
    session._prompt()
    session.handle(0, "podpowiedź")  # the nudge: what to look for
    assert out.news.last.startswith("Podpowiedź: Słowo z 4 liter w pionie")
    assert out.news.last_shown == "Podpowiedź: 4 litery, pionowo, od H5."
    session.handle(0, "podpowiedź")  # the whole move
    assert "wpisz: H5 płac" in out.news.last
    assert out.news.last_shown == "Podpowiedź: H5 płac: 16 pkt"
    assert windows(out.news.last_shown) <= 3 < windows(out.news.last)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_14_cells_the_results_are_three_windows(lang: str) -> None:
    result = {"scores": [205, 252], "winners": [1]}
    brief = Presenter().final_brief(result, lang, ["Ola", "Jan"])
    assert brief in ("Wygrywa Jan. Ola: 205; Jan: 252.", "Winner: Jan. Ola: 205; Jan: 252.")
    assert windows(brief, lang) <= 3
    full = Presenter().final(result, lang, ["Ola", "Jan"], 0)
    assert windows(full, lang) > windows(brief, lang)


def test_a_14_cell_reader_gets_the_results_in_their_short_form(
        table: tuple[Any, SeatOutput]) -> None:
    session, out = table
    session.news[0].final({"scores": [10, 4], "winners": [0]}, SEATS, 0)
    assert out.news.last == "Koniec gry. Wygrywa: Ola. Wyniki: Ola: 10; Jan: 4."
    assert out.news.last_shown == "Wygrywa Ola. Ola: 10; Jan: 4."


def test_a_hint_with_no_word_to_lay_says_which_cards_to_exchange(polish: Any) -> None:
    """Played to the end: the child's hand filled with premium cards, every hint said "Nie
    widzę dobrego ruchu" and the child passed until the game ended."""
    rules, state = game(polish, ["x2 x3 long7 long9 palindrome nasal rare", "k"])
    move = Computer().hint(rules, state, 0)
    assert move == Exchange((0, 1, 2, 3, 4, 5, 6))
    said = Presenter().describe_move(move, "pl", state.view_for(0))
    assert said.startswith("wymień karty 1, 2, 3, 4, 5, 6, 7: nie ułożysz")
    assert said.endswith("wpisz: wymień 1 2 3 4 5 6 7")
    english = Presenter().describe_move(move, "en", state.view_for(0))
    assert english.startswith("exchange cards 1, 2") and 'type: "exchange 1 2' in english
    rules.apply(state, 0, move)  # the move the hint gives is allowed


def test_a_hint_with_no_word_and_no_exchange_allowed_says_to_pass_and_why(
        polish: Any) -> None:
    rules, state = game(polish, ["x2 x3 long7 long9 palindrome nasal rare", "k"], bag="a b")
    move = Computer().hint(rules, state, 0)
    assert move == Pass()
    said = Presenter().describe_move(move, "pl", state.view_for(0))
    assert said == ("spasuj: nie ułożysz teraz słowa, a na wymianę w worku jest za mało kart; "
                    "wpisz: pas")
    assert Presenter().describe_move(move, "en", state.view_for(0)).endswith('type: "pass"')


def test_a_hint_spends_a_word_premium_card_on_the_word_it_offers(polish: Any) -> None:
    """The strong computer keeps a word premium for a word worth 8 or more; a hint kept it
    too, so a child following hints never played one and the hand filled with them."""
    rules, state = game(polish, ["o x2 g", "k"])
    move = Computer().hint(rules, state, 0)
    assert isinstance(move, Lay) and move.extras == (1,)


def test_help_names_no_command_that_only_a_script_uses() -> None:
    """"zegar 2: gra ze skryptu: czas gracza 2 się skończył" was read to a child."""
    for lang in ("pl", "en"):
        assert not any("skrypt" in meaning or "script" in meaning
                       for _syntax, meaning in HELP[lang])


@pytest.mark.parametrize(("lang", "rules"), [("pl", "„zasady”"), ("en", '"rules"')])
def test_on_14_cells_the_opening_is_short_and_names_the_rules(lang: str, rules: str) -> None:
    """The terse opening was the full one less its offer of the rules: nine windows, and a
    reader of the cells alone never learnt that the game tells its rules."""
    for key in ("game_started", "game_started_words_en"):
        terse = render(lang, "scrabble_cards", key, {"players": 2, "size": 15, "clock": 0},
                       verbosity="expert")
        assert rules in terse and windows(terse, lang) <= 5, terse


@pytest.mark.parametrize("words", ["pl", "en"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_premium_card_is_told_briefly_like_a_count_of_cards_or_letters(
        words: str, lang: str) -> None:
    """Read on 14 cells: "Ada: + 2 litery." (her two-letter card) read as two letters."""
    from braille_words.games.scrabble_cards.deck import load_deck

    deck = load_deck(words=words)
    for code in [*deck.word_premiums, *deck.conditional]:
        brief = render(lang, "scrabble_cards", "card_brief", {"card": code})
        assert brief and not re.search(r"_|[a-z]\d$", brief), (code, brief)  # "long7"
        assert not re.fullmatch(r"\d+\+? (liter|litery|kart|karty|letters?|cards?)", brief), \
            (code, brief)


def test_on_14_cells_the_turn_asked_again_with_enter_is_the_short_one_too(
        table: tuple[Any, SeatOutput]) -> None:
    """Read on 14 cells: Enter alone brought the hand back as fourteen windows."""
    session, out = table
    session._prompt()
    session.handle(0, "")
    assert out.news.last.startswith("Twój ruch. Stół jest pusty")
    assert out.news.last_shown == "Twój ruch: s c ł t a p g."


@pytest.mark.parametrize("bag", [None, "a b"])
def test_on_14_cells_a_hint_to_exchange_or_pass_is_its_line_in_four_windows_at_most(
        polish: Any, bag: str | None) -> None:
    rules, state = game(polish, ["x2 x3 long7 long9 palindrome nasal rare", "k"], bag=bag)
    move = Computer().hint(rules, state, 0)
    brief = Presenter().terse_move(move, "pl", state.view_for(0))
    assert brief in ("wymień 1 2 3 4 5 6 7: brak słowa", "pas: brak słowa")
    assert windows(f"Podpowiedź: {brief}") <= 4
    full = Presenter().describe_move(move, "pl", state.view_for(0))
    assert windows(f"Podpowiedź: {full}") >= 8
    assert Presenter().terse_move(move, "en", state.view_for(0)) in (
        "exchange 1 2 3 4 5 6 7: no word", "pass: no word")


def test_a_hint_names_the_letter_its_joker_stands_for_not_a_question_mark(polish: Any) -> None:
    """Heard: "Podpowiedź: połóż ?OŚ w poziomie…" (a question mark read aloud)."""
    _rules, state = game(polish, ["? ś", "k"])
    move = Lay(8, 7, True, "d?oś")
    said = Presenter().describe_move(move, "pl", state.view_for(0))
    assert said.startswith("połóż DOŚ (dżoker jako O) w poziomie") and "wpisz: 9H d?oś" in said
    english = Presenter().describe_move(move, "en", state.view_for(0))
    assert "DOŚ (the joker as O)" in english


def test_a_card_played_against_a_move_is_said_in_plain_polish() -> None:
    """Heard: "Ada gra przeciw kartą warunkową: Ą lub Ę." (no Polish says it so)."""
    event = Event("against_played", {"seat": 0, "rival": 1, "card": "nasal", "points": 3})
    params = {**event.params,
              **Presenter().event_params(event.kind, event.params, 0, SEATS, "pl")}
    assert render("pl", "scrabble_cards", event.kind, params) == (
        "Karta warunkowa gracza Jan przeciw ruchowi: Ą lub Ę. Ola traci 3 punkty.")
    terse = render("pl", "scrabble_cards", event.kind, params, verbosity="expert")
    assert windows(terse) <= 2


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_14_cells_a_hand_of_three_premium_cards_is_its_letters_and_their_places(
        polish: Any, lang: str) -> None:
    """"Twój ruch: y, słowo 9+, ×2 słowo, a, palindrom, 2 z ŻŚÓ, i." took five to seven
    windows of 14 cells: the letters as typed and where the premium cards lie (the numbers
    ``premia``, ``wymień`` and ``przeciw`` take); ``karta 2`` reads one, and each came by
    name when it was drawn."""
    _rules, state = game(polish, ["y long9 x2 a palindrome two_of_zso i", "d k"])
    view = state.view_for(0)
    brief = strip_marks(prompt(view, lang, "expert"))
    assert brief == {"pl": "Twój ruch: y a i; premie: 2, 3, 5, 6.",
                     "en": "Your turn: y a i; premium cards: 2, 3, 5, 6."}[lang]
    assert windows(brief, lang) <= 4
    said = strip_marks(prompt(view, lang, "beginner"))
    assert ("palindrom" in said) and windows(said, lang) > 10  # heard whole
    drawn = Event("cards_drawn", {"cards": ["long9", "y"]}, 0)
    params = {**drawn.params, **Presenter().event_params(drawn.kind, drawn.params, 0, SEATS,
                                                         lang)}
    assert "9+" in render(lang, "scrabble_cards", drawn.kind, params, verbosity="expert")
    none = game(polish, ["x2 x3 long9 palindrome", "d k"])[1].view_for(0)
    assert strip_marks(prompt(none, lang, "expert")).startswith(
        {"pl": "Twój ruch: bez liter; premie: 1, 2", "en": "Your turn: no letters;"}[lang])


def test_a_hint_exchanges_a_hard_conditional_card_when_the_word_it_sees_is_poor(
        polish: Any) -> None:
    """Played to the end: "słowo z 9 liter" and "palindrom" sat in a child's hand, two
    letters short at every turn, until no word fitted at all. With a poor word (15 points
    for two such cards) the hint exchanges them with the awkward letters, and says why."""
    rules, state = game(polish, ["long9 palindrome k o t a ż", "d k"])
    move = Computer().hint(rules, state, 0)
    assert isinstance(move, Exchange) and {0, 1} <= set(move.cards)
    view = state.view_for(0)
    said = Presenter().describe_move(move, "pl", view)
    assert said.startswith("wymień karty 1, 2, 7: karty warunkowe „słowo 9+”, „palindrom” "
                           "rzadko pasują, słowo dałoby teraz tylko 15 punktów")
    assert said.endswith("; wpisz: wymień 1 2 7")
    assert "seldom of use" in Presenter().describe_move(move, "en", view)
    brief = Presenter().terse_move(move, "pl", view)
    assert brief == "wymień 1 2 7 (słowo 9+, palindrom)"
    assert windows(f"Podpowiedź: {brief}") <= 4
    assert Presenter().terse_move(move, "en", view) == "exchange 1 2 7 (word 9+, palindrome)"


def test_a_hint_keeps_a_hard_card_for_a_good_word_and_when_no_exchange_is_allowed(
        polish: Any) -> None:
    """ŻYTO for 20 points is worth more than a hand a letter longer; and late in a game, the
    bag too small to exchange or small enough to give the same cards back (played at 14
    cells: "Ola wymienia 3 karty." then "Dobierasz: palindrom, słowo 9+."), the word is the
    move (the card is worth nothing at the end, and a rival's move that meets it may still
    be answered with it: "przeciw")."""
    rules, state = game(polish, ["long9 k o t y ź ż", "d k"])
    assert isinstance(Computer().hint(rules, state, 0), Lay)
    for bag in ("a b", "a b c d e f g h i j k l"):
        rules, state = game(polish, ["long9 palindrome k o t a ż", "d k"], bag=bag)
        assert isinstance(Computer().hint(rules, state, 0), Lay), bag


def test_a_hint_answers_a_rivals_move_that_meets_a_hard_card_with_it(polish: Any) -> None:
    """The other way to spend a hard card (the rulebook's dark number): against a rival's
    move that meets its condition, as the hint in the answers' moment says."""
    from braille_words.games.scrabble_cards.rules import Against

    rules, state = game(polish, ["o w e g o", "long7 a b c d e f"], board=("8H dom",))
    state, _events = rules.apply(state, 0, Lay(7, 7, True, "domowego"))
    assert state.phase == "verdict"
    hint = Computer().hint(rules, state, 1)
    assert isinstance(hint, Against) and hint.card == 0


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_14_cells_the_readers_own_turn_is_not_named_before_its_prompt(lang: str) -> None:
    """Played at 14 cells: "Zostaje. + a, c, o, n. Ola. Twój ruch: s t g a c o n." ("Ola."
    a window of its own before the turn that says it); a rival's turn is still named."""
    params = {"seat": 0, **Presenter().event_params("turn_started", {"seat": 0}, 0, SEATS,
                                                    lang)}
    assert render(lang, "scrabble_cards", "turn_started", params, verbosity="expert") == ""
    rival = {"seat": 1, **Presenter().event_params("turn_started", {"seat": 1}, 0, SEATS,
                                                   lang)}
    assert render(lang, "scrabble_cards", "turn_started", rival, verbosity="expert") == "Jan."
    assert "Ola" in render(lang, "scrabble_cards", "turn_started", params)  # heard whole


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_14_cells_cards_drawn_are_the_premium_cards_the_turn_lists_the_letters(
        lang: str) -> None:
    """"+ s, c, ł, t, a, p, g." and then "Twój ruch: s c ł t a p g." at every turn: the
    letters drawn are in the turn that follows; the premium cards drawn are named there."""
    presenter = Presenter()
    for cards, expected in ((["a", "c", "o"], ""), (["y", "long9", "?"], "+ 9+.")):
        event = Event("cards_drawn", {"cards": cards}, 0)
        params = {**event.params, **presenter.event_params(event.kind, event.params, 0, SEATS,
                                                           lang)}
        terse = strip_marks(render(lang, "scrabble_cards", event.kind, params,
                                   verbosity="expert"))
        assert (terse == "") if not expected else ("9+" in terse and "y" not in terse), terse
        full = strip_marks(render(lang, "scrabble_cards", event.kind, params))
        assert full.startswith({"pl": "Dobierasz: ", "en": "You draw "}[lang])  # heard whole
        assert full.count(",") == len(cards) - 1


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_14_cells_the_games_start_is_its_name_and_how_to_learn_it(lang: str) -> None:
    """"Scrabble karty, graczy: 2. Jak grać: „zasady”." took five windows of 14 cells
    before the first turn: how many play, the player knows (speech says it)."""
    for key in ("game_started", "game_started_words_en"):
        terse = render(lang, "scrabble_cards", key, {"players": 2, "size": 15, "clock": 0},
                       verbosity="expert")
        assert "2" not in terse and windows(terse, lang) <= 4, terse
        assert "2" in render(lang, "scrabble_cards", key, {"players": 2, "size": 15,
                                                           "clock": 0})


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("seed", [2, 5])
def test_on_14_cells_the_opening_is_the_game_its_rules_command_and_the_turn_in_seven_windows(
        polish: Any, lang: str, seed: int, tmp_path: Any) -> None:
    """Played at 14 cells without speech: "Scrabble karty. Jak grać: „zasady”." "Dobierasz:
    ×2 słowo, Ź Ń Ć." "Twój ruch: z k i w g; premie: 1, 2." took 9 to 11 windows before the
    first move. The deal's premium cards are in the turn by their places ("karta 1" reads
    one); speech still names every card drawn."""
    from test_word_thief_child_play import _read_on_cells, _reader_against_a_computer

    session, out, display = _reader_against_a_computer("scrabble-karty", CELLS, lang, polish,
                                                       seed, tmp_path)
    try:
        read = _read_on_cells(out, display)
        assert len(read) <= 7, read
        text = " ".join(read)
        assert {"pl": "zasady", "en": "rules"}[lang] in text
        assert {"pl": "Twój ruch", "en": "Your turn"}[lang] in text
        assert {"pl": "premie", "en": "premium cards"}[lang] in text
        assert {"pl": "Dobierasz", "en": "You draw"}[lang] not in text
        said = " ".join(strip_marks(s) for s in out.said)
        assert {"pl": "Dobierasz: ", "en": "You draw "}[lang] in said  # heard whole
    finally:
        session.close()


def test_cards_drawn_after_the_deal_still_name_their_premium_cards_on_short_displays() -> None:
    event = Event("cards_drawn", {"cards": ["y", "long9"]}, 0)
    for dealt, expected in ((False, "Dobierasz: słowo 9+."), (True, "")):
        params = {**event.params, **({"dealt": True} if dealt else {})}
        params.update(Presenter().event_params(event.kind, params, 0, SEATS, "pl"))
        assert strip_marks(render("pl", "scrabble_cards", event.kind, params,
                                  verbosity="expert")) == expected
