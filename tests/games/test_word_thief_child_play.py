"""What a blind child met playing Word Thief alone to its end (issue 33): every rule here is
named after what was heard or read, by speech and on 40 and 14 cells."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ThiefAtDisplay = Callable[[int], tuple[Any, Any]]
"""``thief_at_display`` (tests/conftest.py): a Word Thief table, its first seat on so many cells."""


@pytest.mark.parametrize("word", ["ya", "ja", "john", "ted", "dunno", "gonna"])
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
    # (Since: the steal's points in all, the words in the turn's table news after it.)
    assert brief == "Ada kradnie TAR: 18. TASTER: dżoker t. Gracz: -2."
    assert _windows(brief) <= 5
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
    assert "trudniejsze ruchy są warte więcej" in Presenter().describe_move(move, "pl", view)


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
    # (Since: a steal's locked words are listed once in its first sentence; see
    # test_a_steal_names_its_locked_words_once_and_no_points_word_by_word.)
    assert render(lang, "word_thief", "word_scored", one, verbosity="expert") == ""
    assert render(lang, "word_thief", "word_laid", {**one, "seat_name": "Ada"},
                  verbosity="expert").endswith(f"TIE: 6, {locked}.")
    assert render(lang, "word_thief", "word_locked", one, verbosity="expert") == ""
    assert "zielony" in render("pl", "word_thief", "word_locked", one)


def _read_on_cells(out: Any, display: Any) -> list[str]:
    """Every window a reader without speech reads, panning right with the thumb key through
    the news waiting on a short display's message line (its last window included)."""
    from braille_words.displays.events import DisplayCommand

    windows = [display.frames[-1]]
    for _ in range(60):
        if not (out.news_waiting or out.unread_news):
            break
        out.on_display_command(DisplayCommand("pan_right", None))
        if out.current_line == "message" and display.frames[-1] != windows[-1]:
            windows.append(display.frames[-1])
    return windows


def _reader_against_a_computer(game: str, cells: int, lang: str, lexicon: Any, seed: int,
                               tmp_path: Path) -> tuple[Any, Any, Any]:
    """A table where Ola reads on ``cells`` cells with no speech against the computer Ada,
    its opening prompted and carried out: (session, Ola's output, her display)."""
    from braille_words.games.registry import find_game
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seats import SeatConfig

    display = _frames_display(cells, lang)
    out = SeatOutput(name="Ola", lang=lang, verbosity="beginner", hold_news=True,
                     display=display)
    seats = [SeatConfig(name="Ola", display="none", speech="none"),
             SeatConfig(name="Ada", kind="computer", display="none", speech="none")]
    session = new_session(find_game(game), seats, seed=seed,
                          journal_path=tmp_path / "g.jsonl", lexicon=lexicon,
                          outputs=[out, SeatOutput(name="Ada", lang=lang, verbosity="beginner")])
    try:
        session._prompt()
        session.pump()
    except BaseException:
        session.close()
        raise
    return session, out, display


def _frames_display(cells: int, lang: str) -> Any:
    from braille_words.braille.translator import Mode, cells_to_text
    from braille_words.displays.base import Display

    class Frames(Display):
        """The cells as text, one frame a write."""

        def __init__(self) -> None:
            super().__init__(cells)
            self.frames: list[str] = [""]

        def write(self, data: bytes) -> None:
            super().write(data)
            self.frames.append(cells_to_text(bytes(c & 0x3F for c in self.shown), lang,
                                             Mode.LITERARY).strip())

    return Frames()


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("seed", [3, 6])
def test_the_opening_on_14_cells_is_the_game_and_the_turn_in_four_windows(
    lang: str, seed: int, tmp_path: Path, english: Any
) -> None:
    """Played at 14 cells without speech: "Word Thief (Złodziej słów), graczy: 2. Słowa są
    angielskie." "Rozdaje: Ada. Masz 7 kart." "Twój ruch: n n dżoker r p u d. Stół pusty."
    took twelve windows before the first move (seed 3; seed 6 has no wild). Who deals and
    that there are 7 cards the turn's hand says or does not need; an empty table before
    anyone has moved is no news. Speech (and ``historia``) keep every sentence."""
    from braille_words.speech.speaker import strip_marks

    session, out, display = _reader_against_a_computer("word-thief", 14, lang, english, seed,
                                                       tmp_path)
    try:
        assert 0 in session.state.awaiting, "the reader moves first at these seeds"
        read = _read_on_cells(out, display)
        assert len(read) <= 4, read
        assert read[0] == "Word Thief."
        hand = " ".join(c["letter"] or ("dżoker" if lang == "pl" else "wild")
                        for c in session.state.view_for(0)["hand"])
        assert hand in " ".join(read), read  # the hand as typed, whole
        said = " ".join(strip_marks(s) for s in out.said)
        assert ("Rozdaje: Ada." if lang == "pl" else "Ada deals.") in said
        assert ("Słowa są angielskie" if lang == "pl" else "First time?") in said
    finally:
        session.close()


def _four_word_steal(lang: str) -> tuple[Any, list[Any]]:
    """Ada steals Gracz's STREAM (its E a wild) into STY, RED, PAL and MOM; PAL is all red."""
    from test_word_thief_by_ear import CARDS, _take

    from braille_words.games.word_thief.making import Placed
    from braille_words.games.word_thief.rules import (
        Options,
        Rules,
        State,
        StealMove,
        TableWord,
    )
    from braille_words.lexicon import Lexicon

    rules = Rules(Lexicon.from_words(["stream", "sty", "red", "pal", "mom"], "en"), Options())
    pool = list(CARDS)
    cards = _take("str?am", pool, "rbrbrb")
    stream = TableWord(0, tuple(Placed(c, x) for c, x in zip(cards, "stream", strict=True)), 0)
    hands = (tuple(_take("iiiiiii", pool)), tuple(_take("ydplomx", pool)))
    state = State(seats=("Gracz", "Ada"), seed=1, dealer=0, hands=hands, draw=tuple(pool),
                  used=(), table=(stream,), scores=(0, 0), current=1, turns=1,
                  options=Options())
    return rules.apply(state, 1, StealMove(0, ("sty", "red", "pal", "mom")))


def _news(events: Any, lang: str, verbosity: str) -> str:
    from braille_words.games.word_thief.presenter import event_params
    from braille_words.present.messages import render
    from braille_words.speech.speaker import strip_marks

    parts = []
    for e in events:
        if e.to not in (None, 0):
            continue
        params = {**e.params}
        params.update(event_params(e.kind, params, 0, ["Gracz", "Ada"], lang))
        parts.append(render(lang, "word_thief", e.kind, params, verbosity=verbosity))
    return strip_marks(" ".join(p for p in parts if p))


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_four_word_steal_on_14_cells_takes_five_windows_and_its_words_come_with_the_turn(
    lang: str
) -> None:
    """"Ada kradnie STREAM. STY: 6. RED: 4. PAL: 10, zablokowane. MOM: 7. Gracz: minus 7."
    took nine windows of 14 cells (ten with a wild's new letter): each word's points a
    window, a locked word two. The steal's points in all and its locked words once; the
    words left on the table, with the numbers a steal needs, are the turn's table news
    that comes next (and ``stół``); each word's points stay in speech and ``ostatni``."""
    from braille_words.games.word_thief.presenter import prompt
    from braille_words.speech.speaker import strip_marks

    after, events = _four_word_steal(lang)
    brief = _news(events, lang, "expert")
    assert brief == {"pl": "Ada kradnie STREAM: 27. Zablokowane: PAL. Gracz: -7.",
                     "en": "Ada steals STREAM: 27. Locked: PAL. Gracz: -7."}[lang]
    assert _windows(brief) <= 5
    full = _news(events, lang, "beginner")
    assert all(f"{w}: {p} p" in full for w, p in (("STY", 6), ("RED", 4), ("MOM", 7)))
    turn = strip_marks(prompt(after.view_for(0), lang, "expert"))
    assert turn.endswith({"pl": "Na stole 3; nowe: 1 STY; 2 RED; 3 MOM.",
                          "en": "3 on the table; new: 1 STY; 2 RED; 3 MOM."}[lang]), turn


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_wild_that_leaves_the_table_in_a_locked_word_is_not_on_the_cells(lang: str) -> None:
    """"Zablokowane: BUN, WE. WE: dżoker w." (played, seed 3): the new letter of a wild in a
    word that leaves the table tells a reader nothing the table will show; a wild that stays
    is still said ("TASTER: dżoker t.", the test of the steal above)."""
    from test_word_thief_by_ear import CARDS, _take

    from braille_words.games.word_thief.making import Placed
    from braille_words.games.word_thief.rules import (
        Options,
        Rules,
        State,
        StealMove,
        TableWord,
    )
    from braille_words.lexicon import Lexicon

    rules = Rules(Lexicon.from_words(["tar", "taster"], "en"), Options())
    pool = list(CARDS)
    t, wild, r = _take("t?r", pool, "rbr")
    tar = TableWord(0, (Placed(t, "t"), Placed(wild, "a"), Placed(r, "r")), 0)
    hands = (tuple(_take("iiiiiii", pool)), tuple(_take("asemnop", pool, "rrr")))
    state = State(seats=("Gracz", "Ada"), seed=1, dealer=0, hands=hands, draw=tuple(pool),
                  used=(), table=(tar,), scores=(0, 0), current=1, options=Options())
    _after, events = rules.apply(state, 1, StealMove(0, ("taster",)))
    changed = next(e for e in events if e.kind == "wild_changed")
    assert changed.params["suit"] == "red"  # TASTER is all red: locked, off the table
    brief = _news(events, lang, "expert")
    assert "TASTER" in brief and "dżoker" not in brief and "wild" not in brief, brief
    assert "TASTER" in _news([changed], lang, "beginner")


def test_a_short_tables_turn_on_14_cells_names_its_new_words_not_every_owner() -> None:
    """"Stół: 1 NO (Ada); 2 OIL (Ola); 3 RIGHT (Ada); 4 RED (Ada)." took eight windows of
    14 cells at every turn: the terse turn says the table's news as a long table's does (the
    new words are the others'); a beginner's ear still hears the whole short table."""
    from test_word_thief_by_ear import _state

    from braille_words.games.word_thief.presenter import prompt
    from braille_words.speech.speaker import strip_marks

    view = _state([(1, "no", 1), (0, "oil", 2), (1, "right", 3), (1, "red", 3)],
                  turns=4, hand="tearsdx").view_for(0)
    brief = strip_marks(prompt(view, "pl", "expert"))
    assert brief == "Twój ruch: t e a r s d x. Na stole 4; nowe: 3 RIGHT; 4 RED."
    assert _windows(brief) <= 6  # ten with every word and its owner
    assert "2 OIL (Ola" in strip_marks(prompt(view, "pl", "beginner"))
    assert strip_marks(prompt(view, "en", "expert")).endswith(
        "4 on the table; new: 3 RIGHT; 4 RED.")


def test_a_polish_hint_quotes_the_line_to_type_apart_from_the_sentence() -> None:
    """Heard at 40 cells: "Podpowiedź: ukradnij 18 fork ad riders is i dostajesz 76 punktów"
    (the Polish "i" ran on from the English words to type); the English hint quotes it too."""
    from braille_words.games.kit import with_kind, with_points
    from braille_words.games.word_thief.presenter import Presenter
    from braille_words.games.word_thief.rules import StealMove

    move = with_kind(with_points(StealMove(17, ("fork", "ad", "riders", "is")), 76), "best")
    view = _late_state().view_for(0)
    said = Presenter().describe_move(move, "pl", view)
    assert said.startswith("„ukradnij 18 fork ad riders is” i dostajesz 76 punktów")
    assert Presenter().describe_move(move, "en", view).startswith(
        '"steal 18 fork ad riders is" and score 76')
    assert Presenter().terse_move(move, "pl", view) == "ukradnij 18 fork ad riders is: 76."


def test_the_last_english_word_of_a_quoted_hint_line_is_still_said_in_english(
    tmp_path: Path, english: Any
) -> None:
    """The quoted line's last word ("is”") was no longer one of the move's words, so a Polish
    voice would have read the English IS; the quotation mark stays outside the mark."""
    from braille_words.games.registry import find_game
    from braille_words.games.word_thief.rules import StealMove
    from braille_words.speech.speaker import mark_word, strip_marks
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seats import SeatConfig

    seats = [SeatConfig(name="Ola", display="none", speech="none"),
             SeatConfig(name="Ada", kind="computer", display="none", speech="none")]
    outs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner") for s in seats]
    session = new_session(find_game("word-thief"), seats, seed=3, lexicon=english,
                          journal_path=tmp_path / "g.jsonl", outputs=outs)
    try:
        move = StealMove(17, ("fork", "is"))
        marked = session.news[0]._line_words_marked("„ukradnij 18 fork is” i dostajesz", move)
        assert mark_word("is", "en", "pl") + "”" in marked
        assert mark_word("fork", "en", "pl") in marked
        assert strip_marks(marked) == "„ukradnij 18 fork is” i dostajesz"
    finally:
        session.close()


@pytest.mark.parametrize(("lang", "start"), [
    ("en", 'Steal CAT from Bot: add o to make COAT. Type "steal 1 coat" and score 9 points'),
    ("pl", "Ukradnij CAT (gracz Bot): dodaj O i ułóż COAT. Napisz „ukradnij 1 coat” i dostajesz"
           " 9 punktów"),
])
def test_a_steal_hint_says_whose_word_to_take_and_which_cards_to_add(lang: str,
                                                                     start: str) -> None:
    """A child heard "steal 2 vice an buy oil": which word, whose, and what the hand gives
    were left to work out. The hint says the one thing to do, then the line to type."""
    from braille_words.games.kit import with_kind, with_points
    from braille_words.games.word_thief.presenter import Presenter
    from braille_words.games.word_thief.rules import Lay, StealMove
    from braille_words.speech.speaker import for_cells, strip_marks

    view = _late_state().view_for(0)
    steal = with_kind(with_points(StealMove(0, ("coat",)), 9), "best")
    said = Presenter().describe_move(steal, lang, view)
    assert for_cells(said).startswith(start), for_cells(said)  # the letter on the cells
    assert " o " in strip_marks(said)  # and its name in speech
    lay = strip_marks(Presenter().describe_move(with_points(Lay("tears"), 11), lang, view))
    assert lay.startswith("Make TEARS from your cards: type \"lay tears\"" if lang == "en"
                          else "Ułóż TEARS ze swoich kart: napisz „połóż tears”"), lay
    # 14 cells: the line to type and its points, as before
    assert Presenter().terse_move(steal, lang, view) == (
        '"steal 1 coat": 9.' if lang == "en" else "ukradnij 1 coat: 9.")


def test_a_hint_offers_one_word_before_a_steal_cut_into_many(english: Any) -> None:
    """The hints of a game's first turns are lays or steals making one word, where the
    medium computer's own best moves cut a stolen word into three or more."""
    import random

    from braille_words.games.registry import find_game
    from braille_words.games.word_thief import computer
    from braille_words.games.word_thief.rules import StealMove

    kit = find_game("word-thief")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(["Ada", "Ben"], 5)
    rng, many_first = random.Random(5), 0
    for _ in range(6):
        seat = min(state.awaiting)
        top = computer._scored(rules, state, seat, "medium")
        many_first += bool(top) and isinstance(top[0][1], StealMove) and len(
            top[0][1].words) > 2
        hint = kit.computer.hint(rules, state, seat)
        assert not isinstance(hint, StealMove) or len(hint.words) == 1, hint
        state, _ = rules.apply(state, seat, kit.computer.choose_move(
            rules, state, seat, "medium", rng))
    assert many_first  # the game met the case: a many-word steal scored most
