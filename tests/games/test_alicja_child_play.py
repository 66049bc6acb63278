"""Alicja played by a blind child following only prompts and hints (issue 33, replayed).

At a table without a clock the hints ran out in a long round ("Nie mam pomysłu na słowo.",
again and again): no teapot would end the turn, and nothing said how to give up the turn.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from braille_words.braille import text_line
from braille_words.braille.view import Pager
from braille_words.displays.spec import open_display
from braille_words.games.alicja.computer import safe_words, theme_words
from braille_words.games.alicja.rules import Challenge, ChooseTheme, Say, Vote, load_data
from braille_words.games.registry import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig


def _table(tmp_path: Path, polish: Any, lang: str) -> tuple[Any, list[io.StringIO]]:
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
             for n in ("Ola", "Jan", "Ewa")]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, options={}, journal_path=tmp_path / "a.jsonl",
        lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang=lang, verbosity="beginner",
                            transcript=streams[i]) for i, s in enumerate(seats)])
    return session, streams


@pytest.mark.parametrize(("lang", "ask", "told", "give_up"), [
    ("pl", "podpowiedź", "Bez słowa powiedz „koniec czasu”", "koniec czasu"),
    ("en", "hint", 'With no word, say "time up"', "time up"),
])
def test_a_hint_with_no_word_left_says_how_to_end_the_turn_at_a_table_without_a_clock(
        tmp_path: Path, polish: Any, lang: str, ask: str, told: str, give_up: str) -> None:
    session, streams = _table(tmp_path, polish, lang)
    session.timers = False  # --no-timer, or a piped stdin
    session.handle(0, "1")
    state = session.state
    assert state.phase == "talk" and state.current == 0
    every = theme_words(session.rules, state.view_for(0))
    session.state = replace(state, said=tuple((1, w) for w in every))
    session.handle(0, ask)
    assert told in streams[0].getvalue()
    session.handle(0, give_up)
    assert 0 in session.state.out


CELLS = 14
DATA_THEMES = [t.name for t in load_data().themes]


def _windows(sentence: str, lang: str) -> int:
    pager = Pager(text_line(sentence, lang), CELLS)
    count = 1
    while pager.pan_right():
        count += 1
    return count


@pytest.mark.parametrize(("lang", "ask", "give_up"), [
    ("pl", "podpowiedź", "koniec czasu"), ("en", "hint", "time up")])
def test_going_out_and_a_hint_with_no_word_are_short_on_14_cells(
        tmp_path: Path, polish: Any, lang: str, ask: str, give_up: str) -> None:
    """Played at 14 cells with no speech: going out first took 15 windows ("Zostały 2
    osoby: … Powiedz „czekam”, a do końca rundy dostaniesz tylko wiadomość, kto odpada, i
    filiżanki.") and the empty hint 11; the speech keeps every word."""
    session, _streams = _table(tmp_path, polish, lang)
    out = session.outputs[0]
    out.attach_display(open_display(f"console:{CELLS}", stream=io.StringIO(),
                                    on_command=out.on_display_command))
    session.timers = False
    session.handle(0, "1")
    state = session.state
    every = theme_words(session.rules, state.view_for(0))
    session.state = replace(state, said=tuple((1, w) for w in every))
    session.handle(0, ask)
    assert _windows(out.news.last_shown, lang) <= 4, out.news.last_shown
    assert give_up in out.news.last_shown
    heard = len(out.news.said)
    session.handle(0, give_up)
    said, shown = out.news.last, out.news.last_shown
    assert heard < len(out.news.said)
    assert ("czekam" if lang == "pl" else "wait") in said and len(said) > len(shown), shown
    assert _windows(shown, lang) <= 8, shown
    assert "Jan" in shown and "Ewa" in shown


def test_out_of_safe_words_the_hint_offers_one_the_table_only_votes_on(english: Any) -> None:
    """Played in English words: the hint said "I cannot think of a word" and the child gave
    up, then a computer said JUGGLING after JUGGLER, the table voted, and the word stood. A
    word only suspected of deriving from one said is a chance, and the hint offers it."""
    kit = find_game("alicja", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(["Player", "Ada", "Ben"], 3)
    state, _ = rules.apply(state, state.current, ChooseTheme(0))
    circus = next(i for i, t in enumerate(rules.data.themes) if t.name == "circus")
    every = rules.data.themes[circus].words
    assert "juggler" in every and "juggling" in every
    state = replace(state, themes=(circus,), letters=(),
                    said=tuple((1, w) for w in every if w != "juggling"))
    seat = state.current
    assert not safe_words(rules, state.view_for(seat))
    assert kit.computer.hint(rules, state, seat) == Say("juggling")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_rounds_end_and_the_next_rounds_start_are_short_on_14_cells(
        tmp_path: Path, polish: Any, lang: str) -> None:
    """Played at 14 cells: from the last word of a round to the next Queen's choice of theme
    took 19 windows ("… karta 2. Ola zostaje, karta 3. Filiżanki: Jan: 0; Ewa: 0; Ola: 1.
    Runda 2. Królowa: Jan. Tematy: łazienka albo lato." and the choice again), 25 to her first
    word. The cells now say what a child needs — who won the round, the score, the new round
    and who chooses — and the Queen's prompt offers the themes once; speech keeps every
    word, and the round's cups are one command away."""
    session, streams = _table(tmp_path, polish, lang)
    queen = session.outputs[1]
    queen.attach_display(open_display(f"console:{CELLS}", stream=io.StringIO(),
                                      on_command=queen.on_display_command))
    session.timers = False
    session.handle(0, "1")
    session.state = replace(session.state, letters=("h",))
    session.handle(0, "klaun")
    session.handle(1, "hop")  # Jan out
    before = len(queen.news.told)
    session.handle(2, "hop hop")  # Ewa out: Ola wins the round, Jan is the next Queen
    shown = list(queen.news.told)[before:]
    assert sum(_windows(x, lang) for x in shown) <= 12, shown
    cells = " ".join(shown)
    assert ("Ola wygrywa rundę" if lang == "pl" else "Ola wins the round") in cells
    assert ("Razem: Ola: 1; Jan: 0; Ewa: 0" if lang == "pl" else
            "Total: Ola: 1; Jan: 0; Ewa: 0") in cells
    themes = session.state.themes
    assert len(themes) == 2 and cells.count(DATA_THEMES[themes[0]]) == 1, cells  # the choice
    heard = streams[1].getvalue()
    assert ("Filiżanki w tej rundzie" if lang == "pl" else "Cups this round") in heard
    assert ("bierze kartę 3" if lang == "pl" else "takes card 3") in heard
    heard_by_ola = streams[0].getvalue()
    assert DATA_THEMES[themes[0]] in heard_by_ola.split("Runda 2" if lang == "pl" else
                                                       "Round 2")[-1]
    before = len(queen.news.told)
    session.handle(1, "1")
    shown = list(queen.news.told)[before:]
    assert sum(_windows(x, lang) for x in shown) <= 6, shown


def test_computers_keep_a_suspected_word_the_theme_list_holds_as_its_own_entry(
        polish: Any) -> None:
    """Played by hints at 14 cells: the hint offered KLIENTKA after KLIENT (the theme's list
    holds both), the program suspected a derivative, and the two computers voted it down —
    the child went out for following the hint. A computer votes by its theme list: a word
    listed on its own stands; one the list lacks still goes."""
    kit = find_game("alicja")
    rules = kit.make_rules(polish, {})
    state, _ = rules.new(["Ola", "Jan", "Ewa"], 7)
    state, _ = rules.apply(state, state.current, ChooseTheme(0))
    theme = next(i for i, t in enumerate(rules.data.themes) if t.name == "fryzjer")
    assert {"klient", "klientka"} <= set(rules.data.themes[theme].words)
    state = replace(state, themes=(theme,), letters=("ź",), current=0)
    state, _ = rules.apply(state, 0, Say("klient"))
    state, _ = rules.apply(state, 1, Say("klientka"))
    assert state.phase == "vote" and state.suspect == "klient"
    assert kit.computer.choose_move(rules, state, 2, "medium", random.Random(1)) \
        == Vote(True)
    state = replace(state, said=(*state.said[:-1], (1, "klientowa")))
    assert kit.computer.choose_move(rules, state, 2, "medium", random.Random(1)) \
        == Vote(False)


@pytest.mark.parametrize(("lang", "you", "other"), [
    ("pl", "Odpadasz — skończył się czas", "Jan odpada — skończył się czas"),
    ("en", "You are out — out of time", "Jan is out — out of time"),
])
def test_the_child_going_out_is_told_so_in_the_second_person(
        tmp_path: Path, polish: Any, lang: str, you: str, other: str) -> None:
    """Played alone with computers: "Gracz odpada — skończył się czas" named the child by the
    table's name for them; the others still hear the name."""
    session, streams = _table(tmp_path, polish, lang)
    session.timers = False
    session.handle(0, "1")
    session.handle(0, "klaun")
    session.handle(1, "koniec czasu" if lang == "pl" else "time up")
    assert you in streams[1].getvalue()
    assert other in streams[0].getvalue() and other in streams[2].getvalue()


@pytest.mark.parametrize(("lang", "ask", "advanced"), [
    ("pl", "pomoc", "kapelusznik"), ("en", "help", "hatter")])
def test_short_help_leaves_the_other_variants_commands_to_help_all(
        tmp_path: Path, polish: Any, lang: str, ask: str, advanced: str) -> None:
    """A child at the basic game asked for help and heard the advanced game's eight
    commands and the wild variant's; they are one command away ("pomoc wszystko")."""
    session, streams = _table(tmp_path, polish, lang)
    session.handle(0, ask)
    heard = streams[0].getvalue().split("\n")[-2]
    assert advanced not in heard.lower() and ("pomoc wszystko" if lang == "pl" else
                                              "help all") in heard
    session.handle(0, f"{ask} {'wszystko' if lang == 'pl' else 'all'}")
    assert advanced in streams[0].getvalue().split("\n")[-2].lower()


def test_computers_challenge_an_english_abstract_noun_as_they_do_radosc(english: Any) -> None:
    """Played in English words: "happiness" on "weather" went unchallenged, where "radość" on
    "cyrk" is challenged; a theme's own word ending so (DARKNESS on "night") still fits."""
    kit = find_game("alicja", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(["Ola", "Jan", "Ewa"], 3)
    state, _ = rules.apply(state, state.current, ChooseTheme(0))
    weather = next(i for i, t in enumerate(rules.data.themes) if t.name == "weather")
    state = replace(state, themes=(weather,), letters=("j",), current=0)
    state, _ = rules.apply(state, 0, Say("happiness"))
    assert kit.computer.react(rules, state, 2, "medium", random.Random(1)) == Challenge()
    night = next(i for i, t in enumerate(rules.data.themes) if t.name == "night")
    assert "darkness" in rules.data.themes[night].words
    state, _ = rules.new(["Ola", "Jan", "Ewa"], 3)
    state, _ = rules.apply(state, state.current, ChooseTheme(0))
    state = replace(state, themes=(night,), letters=("j",), current=0)
    state, _ = rules.apply(state, 0, Say("darkness"))
    assert kit.computer.react(rules, state, 2, "medium", random.Random(1)) is None
