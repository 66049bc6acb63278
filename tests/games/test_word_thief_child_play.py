"""What a blind child met playing Word Thief alone to its end (issue 33): every rule here is
named after what was heard or read, by speech and on 40 and 14 cells."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

ThiefAtDisplay = Callable[[int], tuple[Any, Any]]
"""``thief_at_display`` (tests/conftest.py): a Word Thief table, its first seat on so many cells."""


@pytest.mark.parametrize("word", ["ya", "ja", "john", "ted"])
@pytest.mark.parametrize("level", ["beginner", "medium"])
def test_word_thief_hints_and_child_levels_know_no_word_a_child_does_not(
    word: str, level: str, english: Any
) -> None:
    """A hint said "ukradnij 2 violin ya clue": Word Thief's own set of common words skipped
    the test the other games' ``knows`` makes (slang, other languages' words, names)."""
    from braille_words.games.word_thief import computer
    from braille_words.games.word_thief.rules import Options, Rules

    rules = Rules(english, Options())
    assert english.contains(word)
    assert not computer._common(rules, level, word)
    assert computer._common(rules, "strong", word)
    assert computer._common(rules, level, "clue")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_an_empty_terse_form_is_silence_for_experts_and_short_displays(lang: str) -> None:
    """At 14 cells "Ada dobiera 6 kart." came after every steal: the catalogue's terse form
    of another's draw is "", and an empty terse form fell back to the full sentence."""
    from braille_words.present.messages import render

    params = {"self": "no", "seat_name": "Ada", "count": 6}
    assert "Ada" in render(lang, "word_thief", "others_drew", params)
    assert render(lang, "word_thief", "others_drew", params, verbosity="expert") == ""
    assert render(lang, "word_thief", "turn_started", {"seat_name": "Ada"},
                  verbosity="expert")  # a key with one sentence says it to experts too


def _windows(sentence: str, cells: int = 14) -> int:
    """How many windows ``sentence`` takes on the message line of a ``cells``-cell display."""
    from braille_words.braille import Mode, text_line
    from braille_words.braille.view import windows
    from braille_words.speech.speaker import strip_marks

    return len(windows(text_line(strip_marks(sentence), "pl", Mode.LITERARY), cells))


def _late_state(hand: str = "tearsd?") -> Any:
    from test_word_thief_by_ear import _state

    return _state([(1, "cat", 1), (0, "dog", 3), (1, "sun", 5), (0, "box", 7), (1, "hat", 9),
                   (0, "pen", 10), (1, "cup", 11)], turns=12, hand=hand)


def test_the_turn_prompt_on_14_cells_is_the_hand_as_typed_and_the_tables_news() -> None:
    """At 14 cells "Twój ruch. Ręka, 7 kart: cee żółty; cue zielony; …  Słowo, ukradnij albo
    pas." took 15 windows: the terse prompt the short display shows is the hand's letters
    as they are typed and what is new on the table; speech for a beginner stays whole."""
    from braille_words.games.word_thief.presenter import prompt
    from braille_words.speech.speaker import strip_marks

    view = _late_state().view_for(0)
    brief = strip_marks(prompt(view, "pl", "expert"))
    assert brief == "Twój ruch: t e a r s d dżoker. Na stole 7; nowe: 7 CUP."
    assert _windows(brief) <= 6
    full = prompt(view, "pl", "beginner")
    assert "tee czerwony (1)" in strip_marks(full) and _windows(full) > 20
    assert strip_marks(prompt(view, "en", "expert")) == \
        "Your turn: t e a r s d wild. 7 on the table; new: 7 CUP."


def test_a_steal_on_14_cells_names_the_new_words_once_with_their_points() -> None:
    """At 14 cells a steal read "Ada kradnie WEST: LOWER, STERN. LOWER: 14. STERN: 10.
    Gracz: minus 8. Ada dobiera 6 kart. Ruch: Gracz." (11 windows): the new words twice,
    another's draw and a turn the next window tells."""
    from test_word_thief_by_ear import CARDS, _take

    from braille_words.games.word_thief.making import Placed
    from braille_words.games.word_thief.presenter import event_params
    from braille_words.games.word_thief.rules import (
        Options,
        Rules,
        State,
        StealMove,
        TableWord,
    )
    from braille_words.lexicon import Lexicon
    from braille_words.present.messages import render
    from braille_words.speech.speaker import strip_marks

    rules = Rules(Lexicon.from_words(["tar", "taster", "sat"], "en"), Options())
    pool = list(CARDS)
    t, wild, r = _take("t?r", pool, "rbr")
    tar = TableWord(0, (Placed(t, "t"), Placed(wild, "a"), Placed(r, "r")), 0)
    hands = (tuple(_take("iiiiiii", pool)), tuple(_take("eastsax", pool)))
    state = State(seats=("Gracz", "Ada"), seed=1, dealer=0, hands=hands, draw=tuple(pool),
                  used=(), table=(tar,), scores=(0, 0), current=1, options=Options())
    _after, events = rules.apply(state, 1, StealMove(0, ("taster", "sat")))

    def told(verbosity: str) -> str:
        parts = []
        for e in events:
            if e.to not in (None, 0):
                continue
            params = {**e.params}
            params.update(event_params(e.kind, params, 0, ["Gracz", "Ada"], "pl"))
            parts.append(render("pl", "word_thief", e.kind, params, verbosity=verbosity))
        return strip_marks(" ".join(p for p in parts if p))

    brief = told("expert")
    assert brief == ("Ada kradnie TAR. TASTER: dżoker t, był a. TASTER: 15. SAT: 3. "
                     "Gracz: minus 2.")
    assert _windows(brief) <= 8
    assert "dobiera" not in brief and "Ruch" not in brief
    assert "Dżoker ze słowa TAR był literą" in told("beginner")


def test_the_scores_on_14_cells_fit_three_windows_and_the_end_six() -> None:
    """"Wyniki: Gracz: 0; Ada: 24. W talii: 84." on 14 cells, and the end."""
    from braille_words.games.word_thief.presenter import final, read_scores

    view = _late_state().view_for(0)
    assert _windows(read_scores(view, "pl", "expert")) <= 3
    assert read_scores(view, "pl", "beginner").startswith("Wyniki: ")
    end = final({"scores": [405, 341], "winners": [0]}, "pl", ["Gracz", "Ada"], 0)
    assert end == "Koniec gry. Wygrywa: Gracz. Wyniki: Gracz: 405; Ada: 341."
    assert _windows(end) <= 6


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_card_read_on_14_cells_is_its_letter_as_typed(lang: str) -> None:
    """A routing key on a card said "Karta 1: jay zielony (8)." on the cells: the name of a
    letter the reader then types as J."""
    from braille_words.games.word_thief.presenter import read, read_hand
    from braille_words.speech.speaker import strip_marks

    view = _late_state().view_for(0)
    card = strip_marks(read("karta 1" if lang == "pl" else "card 1", view, lang, "expert") or "")
    assert card.startswith("1: t ") and "tee" not in card
    assert "tee" in strip_marks(read("karta 1", view, lang, "beginner") or "")
    hand = strip_marks(read_hand(view, lang, "expert"))
    assert hand.endswith(": t e a r s d " + ("dżoker." if lang == "pl" else "wild."))


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_hint_on_14_cells_is_the_line_to_type_and_its_points(lang: str) -> None:
    """"Podpowiedź: połóż we i dostajesz 6 punktów - są ruchy warte więcej, ale z rzadszymi
    słowami" took eight windows of 14 cells."""
    from braille_words.games.kit import with_kind, with_points
    from braille_words.games.word_thief.presenter import Presenter
    from braille_words.games.word_thief.rules import Lay

    move = with_kind(with_points(Lay("we"), 6), "simpler")
    view = _late_state().view_for(0)
    terse = Presenter().terse_move(move, lang, view)
    assert terse == ("połóż we: 6." if lang == "pl" else '"lay we": 6.')
    assert "rzadszymi" in Presenter().describe_move(move, "pl", view)


def test_a_card_routed_on_a_14_cell_display_shows_its_terse_answer_and_says_it_whole(
    thief_at_display: ThiefAtDisplay,
) -> None:
    """A reading command's answer (a routing key's "karta 1") on a short display is its terse
    form, as the game's news and prompts are; the voice still says it whole."""
    from braille_words.speech.speaker import strip_marks

    session, out = thief_at_display(14)
    assert out.jump_to("cards")
    out.route_target(("rack", 0))
    session.pump()
    card = session.state.view_for(0)["hand"][0]
    shown = strip_marks(out.news.last_shown)
    assert shown.startswith(f"1: {card['letter']} "), shown
    assert strip_marks(out.news.last).startswith("Karta 1: ")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_dealers_draw_names_who_drew_each_card(lang: str) -> None:
    """"Losowanie rozdającego: L, E. Rozdaje: Ada." left a child to guess which card was
    theirs. Seed 6 with three players drew W, E and a wild, and the wild's player drew R."""
    from braille_words.games.word_thief.presenter import event_params
    from braille_words.games.word_thief.rules import Options, Rules
    from braille_words.lexicon import Lexicon
    from braille_words.present.messages import render
    from braille_words.speech.speaker import strip_marks

    names = ["Ola", "Ada", "Jan"]
    _state, events = Rules(Lexicon.from_words(["cat"], "en"), Options()).new(names, 6)
    dealt = next(e for e in events if e.kind == "dealer_drawn")
    params = dict(dealt.params)
    params.update(event_params(dealt.kind, params, 0, names, lang))
    said = strip_marks(render(lang, "word_thief", "dealer_drawn", params))
    wild = {"pl": "dżoker", "en": "wild"}[lang]
    assert f"Ola: W; Ada: E; Jan: {wild}; Jan: R." in said
    assert " A" in said and "Ada" in said.rsplit(".", 2)[-2]


@pytest.mark.parametrize(("lang", "worth"), [("pl", "karty warte"), ("en", "cards worth")])
def test_the_rules_say_a_victim_loses_what_the_stolen_cards_are_worth(lang: str,
                                                                       worth: str) -> None:
    """"Okradziona osoba traci wartość skradzionego słowa", and the child who laid OCEAN for
    11 points (length bonus in) lost 6 when it was stolen: the cards' worth, as the table
    says it ("karty warte 6"), and the bonus stays."""
    from braille_words.present.rulebook import rules_told

    told = rules_told("word_thief", "zasady 2" if lang == "pl" else "rules 2", lang, None, "en")
    assert told is not None and worth in told


@pytest.mark.parametrize(("lang", "locked"), [("pl", "zablokowane"), ("en", "locked")])
def test_a_locked_word_on_14_cells_is_said_with_its_points(lang: str, locked: str) -> None:
    """"TIE: 6. … TIE: jeden kolor, zablokowane." took its own three windows per word in a
    steal of four words: the terse form says it beside the points, and the full one still
    names the colour and why."""
    from braille_words.present.messages import render

    one = {"word_said": "TIE", "points": 6, "suit": "green", "suit_said": "zielony",
           "bonus": 0}
    assert render(lang, "word_thief", "word_scored", one, verbosity="expert") == \
        f"TIE: 6, {locked}."
    assert render(lang, "word_thief", "word_scored", {**one, "suit": ""},
                  verbosity="expert") == "TIE: 6."
    assert render(lang, "word_thief", "word_locked", one, verbosity="expert") == ""
    assert "zielony" in render("pl", "word_thief", "word_locked", one)
