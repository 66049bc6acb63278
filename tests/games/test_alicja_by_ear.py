"""Alicja by ear (issue 33 §5): why a player went out (the earlier word, who said it and how;
what the table voted on), how many are left when one is out early and the quiet "czekam",
and a resumed game's theme and letters."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

import pytest

from braille_words.errors import InputError
from braille_words.games.alicja.commands import parse
from braille_words.games.alicja.moves import Wait
from braille_words.games.alicja.presenter import Presenter, prompt
from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Rules,
    Say,
    State,
    TimeUp,
    Vote,
    load_data,
)
from braille_words.games.base import Event, RuleViolation
from braille_words.present.messages import error_text, render
from braille_words.speech.speaker import marked_spans, strip_marks

DATA = load_data()
NAMES = ["Ola", "Ada", "Bolek", "Celina"]


class Lemmas:
    FORMS: ClassVar[dict[str, tuple[str, ...]]] = {"lwów": ("lew",), "lew": ("lew",)}

    def contains(self, word: str) -> bool:
        return True

    def lemmas(self, word: str) -> tuple[str, ...]:
        return self.FORMS.get(word, (word,))


def talking(players: int = 3) -> tuple[Rules, State]:
    r = Rules(Lemmas(), data=DATA)
    s, _ = r.new(NAMES[:players], 1)
    s, _ = r.apply(s, s.current, ChooseTheme(0))
    return r, replace(s, letters=("ż", "h"))


def said(event: Event, lang: str, seat: int = 0, *, marks: bool = False) -> str:
    """The sentence as read; ``marks``: with the language marks of its Polish words kept."""
    params = {**event.params,
              **Presenter().event_params(event.kind, event.params, seat, NAMES, lang)}
    sentence = render(lang, "alicja", event.kind, params)
    return sentence if marks else strip_marks(sentence)


def out_event(events: list[Event]) -> Event:
    return next(e for e in events if e.kind == "player_out")


@pytest.mark.parametrize(("first", "second", "pl", "en"), [
    ("klaun", "klaun", "KLAUN już padło w tej rundzie (Ola)",
     "KLAUN was said already this round (Ola)"),
    ("lew", "treser lwów", "LWÓW to inna forma słowa LEW, które już padło (Ola)",
     "LWÓW is another form of LEW, said already (Ola)"),
    ("dom", "domek", "DOMEK jest z rodziny słowa DOM, które już padło (Ola)",
     "DOMEK is of one family with DOM, said already (Ola)"),
])
def test_a_repeat_names_the_earlier_word_who_said_it_and_how(first: str, second: str,
                                                            pl: str, en: str) -> None:
    r, s = talking()
    s, _ = r.apply(s, 0, Say(first))
    s, events = r.apply(s, 1, Say(second))
    event = out_event(events)
    assert said(event, "pl", 2) == f"Ada odpada — {pl}, karta 1."
    # In English the Polish words are marked Polish (issue 38), the sentence around them not.
    assert said(event, "en", 2) == f"Ada is out — {en}, card 1."
    english = said(event, "en", 2, marks=True)
    assert {lang for _text, lang in marked_spans(english) if lang} == {"pl"}


def test_the_one_who_said_the_earlier_word_hears_you_not_their_own_name() -> None:
    r, s = talking()
    s, _ = r.apply(s, 0, Say("klaun"))
    s, _ = r.apply(s, 1, Say("kot"))
    s, _ = r.apply(s, 2, Say("lew"))
    s, events = r.apply(s, 0, Say("klaun"))  # Ola repeats her own word
    event = out_event(events)
    assert said(event, "pl", 0).startswith(
        "Odpadasz — KLAUN już padło w tej rundzie (ty), karta 1.")
    assert said(event, "en", 0).startswith(
        "You are out — KLAUN was said already this round (you), card 1.")
    assert "(Ola)" in said(event, "pl", 1)  # the others hear her name


def test_a_vote_against_a_word_says_the_table_found_it_off_the_theme() -> None:
    r, s = talking(players=4)
    s, _ = r.apply(s, 0, Say("glosnik"))
    s, _ = r.apply(s, 1, Challenge())
    s, _ = r.apply(s, 1, Vote(False))
    s, _ = r.apply(s, 2, Vote(False))
    s, events = r.apply(s, 3, Vote(True))
    theme = DATA.themes[s.themes[0]].name
    assert said(out_event(events), "pl", 1) == (
        f"Ola odpada — stół zagłosował, że GLOSNIK nie pasuje do tematu {theme}, karta 1.")
    assert f"the table voted that GLOSNIK does not fit the theme {theme}" in said(
        out_event(events), "en")


def test_a_vote_on_a_suspected_derivative_says_what_it_derives_from() -> None:
    r, s = talking(players=4)
    s, _ = r.apply(s, 0, Say("ryba"))
    s = replace(s, phase="vote", suspect="ryba", said=(*s.said, (1, "rybak")),
                last=len(s.said), current=2)
    s, _ = r.apply(s, 0, Vote(False))
    s, _ = r.apply(s, 2, Vote(False))
    s, events = r.apply(s, 3, Vote(True))
    assert said(out_event(events), "pl") == (
        "Ada odpada — stół zagłosował, że RYBAK pochodzi od RYBA, karta 1.")


def test_a_player_out_early_hears_who_is_left_and_may_wait() -> None:
    r, s = talking(players=4)
    s, events = r.apply(s, 0, TimeUp())
    assert said(out_event(events), "pl", 0).endswith(
        "karta 1. Zostały 3 osoby: Ada, Bolek, Celina. Powiedz „czekam”, a do końca rundy "
        "dostaniesz tylko wiadomość, kto odpada, i filiżanki.")
    assert said(out_event(events), "pl", 1).endswith("karta 1.")  # the others: no offer
    view = s.view_for(0)
    pl = prompt(view, "pl", "beginner")
    assert "Zostały 3 osoby: Ada, Bolek, Celina; teraz mówi: Ada." in pl
    assert "Powiedz „czekam”" in pl
    assert "3 players are still in: Ada, Bolek, Celina" in prompt(view, "en", "beginner")
    assert parse("czekam", view) == Wait()
    s, events = r.apply(s, 0, Wait())
    assert [e.kind for e in events] == ["quiet_on"] and events[0].to == 0
    assert "czekam" not in prompt(s.view_for(0), "pl", "beginner")
    s, events = r.apply(s, 1, Say("klaun"))
    heard = [said(e, "pl", 0) for e in events if e.kind in ("word_said", "turn_started")]
    assert heard and all(x == "" for x in heard)  # the waiting player: nothing
    assert all(said(e, "pl", 2) for e in events if e.kind in ("word_said", "turn_started"))
    s, events = r.apply(s, 2, TimeUp())
    assert said(out_event(events), "pl", 0).startswith("Bolek odpada")  # still said
    s, events = r.apply(s, 0, Wait())
    assert [e.kind for e in events] == ["quiet_off"]


def test_waiting_is_only_for_a_player_out_of_the_round() -> None:
    r, s = talking()
    assert parse("czekam", s.view_for(0)) == Wait()  # refused below, saying when it works
    assert parse("powiedz czekam", s.view_for(0)) == Say("czekam", turn=s.turn_mark)
    with pytest.raises(RuleViolation) as exc:
        r.apply(s, 0, Wait())
    assert exc.value.reasons[0].code == "wait_in_round"
    assert render("pl", "alicja", "wait_in_round", {}) == (
        "Czekać możesz, gdy odpadniesz z rundy; teraz w niej grasz.")


def test_the_quiet_ends_with_the_round_and_survives_a_save() -> None:
    r, s = talking()
    s, _ = r.apply(s, 0, TimeUp())
    s, _ = r.apply(s, 0, Wait())
    assert r.state_from_json(s.to_json()) == s
    s, _ = r.apply(s, 1, TimeUp())  # the round ends
    assert s.quiet == ()


def test_a_resumed_game_says_the_theme_and_the_letters() -> None:
    _r, s = talking()
    theme = DATA.themes[s.themes[0]].name
    pl = Presenter().resumed(s.view_for(0), "pl", "beginner")
    assert pl.startswith("Wznowiono zapisaną grę: runda 1 z 3.")
    assert f"Temat: {theme}." in pl and "Zakazane litery: " in pl and "Ż" in pl
    en = Presenter().resumed(s.view_for(0), "en", "beginner")
    assert theme in en


@pytest.mark.parametrize(("lang", "choice"), [("pl", "Jesteś Królową Kier"),
                                              ("en", "You are the Queen of Hearts")])
def test_the_queen_choosing_hears_her_choice_when_she_asks_where_she_is(
    lang: str, choice: str
) -> None:
    # Played by ear: the Queen's "gdzie jestem" said "Kolej: Gracz. Zakazane litery Królowa
    # Kier wylosuje…", and her "xyz" "Królowa Kier wybiera temat", as if she were another.
    r = Rules(Lemmas(), data=DATA)
    s, _ = r.new(NAMES[:3], 1)
    queen = s.current
    where = Presenter().where(s.view_for(queen), lang, "beginner", NAMES[:3])
    assert where.startswith(choice) and "1" in where and "2" in where
    other = Presenter().where(s.view_for((queen + 1) % 3), lang, "beginner", NAMES[:3])
    assert not other.startswith(choice)
    with pytest.raises(InputError) as exc:
        parse("xyz", s.view_for(queen))
    assert error_text(exc.value, lang).startswith(choice)
