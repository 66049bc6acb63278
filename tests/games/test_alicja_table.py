"""Alicja with the real Polish lexicon and at a real table: the rulebook's examples, the
suspected derivative put to the table, and "Za mało szaleństwa?" checking what is typed out of
turn."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.games.alicja.commands import parse
from braille_words.games.alicja.computer import Computer, safe_words
from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Options,
    Rules,
    Say,
    State,
    Talk,
    TimeUp,
    Vote,
    load_data,
)
from braille_words.games.registry import find_game
from braille_words.table.clock import TableClock
from braille_words.table.inputs import Input
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from tests.table.queued import table_moves

DATA = load_data()
CYRK = next(i for i, t in enumerate(DATA.themes) if t.name == "cyrk")


def circus(polish: Any, players: int = 4, letters: tuple[str, ...] = ("ź", "h"),
           options: Options | None = None) -> tuple[Rules, State]:
    rules = Rules(polish, options or Options(), DATA)
    s, _ = rules.new([f"P{i + 1}" for i in range(players)], 1)
    s = replace(s, themes=(CYRK, s.themes[1]))
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    return rules, replace(s, letters=letters)


def test_cyrk_klaun_lew_namiot_zonglowanie_stand_and_radosc_goes_by_the_tables_vote(
        polish: Any) -> None:
    """The rulebook: on "cyrk" one may say "klaun" (a person), "lew" (an animal), "namiot" (a
    thing), "żonglowanie" (an action); "radość" fits none of these, and the table says so."""
    rules, s = circus(polish, players=5)
    for seat, word in enumerate(["klaun", "lew", "namiot", "żonglowanie"]):
        s, _ = rules.apply(s, seat, Say(word))
    assert s.out == () and s.phase == "talk" and s.current == 4
    s, _ = rules.apply(s, 4, Say("radość"))  # the program never refuses it by itself
    assert s.out == () and s.current == 0
    s, _ = rules.apply(s, 0, Challenge())
    for seat, stands in ((0, False), (1, False), (2, False), (3, True)):
        s, _ = rules.apply(s, seat, Vote(stands))
    assert s.out == (4,)


def test_computers_challenge_radosc_and_the_tables_vote_puts_it_out(polish: Any) -> None:
    """The rulebook's "radość" (no person, animal, thing or action: an abstract noun) at a
    table of computers: the next one challenges it and they vote it down."""
    rules, s = circus(polish)
    s, _ = rules.apply(s, 0, Say("radość"))
    rng = random.Random(3)
    assert Computer().choose_move(rules, s, 1, "medium", rng) == Challenge()
    s, _ = rules.apply(s, 1, Challenge())
    for seat in (1, 2, 3):
        s, _ = rules.apply(s, seat, Computer().choose_move(rules, s, seat, "strong", rng))
    assert s.out == (0,)
    s, _ = rules.apply(s, s.current, Say("kość"))  # a thing, though it ends the same way
    assert Computer().choose_move(rules, s, s.current, "medium", rng) != Challenge()


def test_a_computer_votes_klaun_up_and_challenges_a_word_nobody_knows(polish: Any) -> None:
    rules, s = circus(polish)
    s, _ = rules.apply(s, 0, Say("klaun"))
    s, _ = rules.apply(s, 2, Challenge())
    assert Computer().choose_move(rules, s, 1, "medium", random.Random(1)) \
        == Vote(True)
    rules, s = circus(polish)
    s, _ = rules.apply(s, 0, Say("xyzzyk"))  # a word no list or lexicon has: challenged
    assert Computer().choose_move(rules, s, 1, "medium", random.Random(1)) \
        == Challenge()


def test_dom_then_domek_is_out_domofon_allowed_with_the_real_lexicon(polish: Any) -> None:
    rules, s = circus(polish)
    s, _ = rules.apply(s, 0, Say("dom"))
    s, _ = rules.apply(s, 1, Say("domofon"))
    assert s.out == () and s.phase == "talk"  # a compound: not even suspected
    s, _ = rules.apply(s, 2, Say("domek"))
    assert s.out == (2,)


def test_reka_then_raczka_is_out_by_the_family_file_not_a_vote(polish: Any) -> None:
    """Issue 35: ręka–rączka went to a vote; the grown family file lists it (both ways), so
    the speaker of the second is out at once, as dom–domek."""
    for first, second in (("ręka", "rączka"), ("rączka", "ręka"), ("kot", "kotka"),
                          ("ciasto", "ciastko")):
        rules, s = circus(polish)
        s, _ = rules.apply(s, 0, Say(first))
        s, _ = rules.apply(s, 1, Say(second))
        assert s.out == (1,) and s.phase != "vote", (first, second)


def test_h_forbidden_thor_is_out(polish: Any) -> None:
    rules, s = circus(polish, letters=("h",))
    s, _ = rules.apply(s, 0, Say("Thor"))
    assert s.out == (0,)


def test_a_word_only_suspected_of_deriving_from_an_earlier_one_goes_to_the_tables_vote(
        polish: Any) -> None:
    """The rules README: the program decides what it can (lemmas, the family file); a word
    it only suspects (rybak after ryba: a shared guessed root) goes to the table."""
    rules, s = circus(polish)
    s, _ = rules.apply(s, 0, Say("ryba"))
    s, events = rules.apply(s, 1, Say("rybak"))
    assert s.phase == "vote" and s.suspect == "ryba" and s.challenger is None
    assert "suspected" in [e.kind for e in events]
    assert s.awaiting == {0, 2, 3}
    # A computer agrees with the program; the people here keep the word 2 : 1.
    assert Computer().choose_move(rules, s, 3, "strong", random.Random(1)) \
        == Vote(False)
    s, _ = rules.apply(s, 0, Vote(True))
    s, _ = rules.apply(s, 2, Vote(True))
    s, _ = rules.apply(s, 3, Vote(False))
    assert s.out == () and s.phase == "talk" and s.current == 2


def test_not_mad_enough_a_forbidden_letter_said_out_of_turn_puts_the_speaker_out(
        polish: Any) -> None:
    rules, s = circus(polish, letters=("ź", "h", "k", "a"), options=Options(madness=True))
    line = parse("ojej, herbata!", s.view_for(2))  # typed out of turn: table talk
    assert line == Talk("ojej, herbata!")
    s, _ = rules.apply(s, 2, line)
    assert s.out == (2,) and s.current == 0  # the player in turn goes on
    s, events = rules.apply(s, 3, Talk("super"))
    assert s.out == (2,) and [e.kind for e in events] == ["table_talk"]


def _table(tmp_path: Path, polish: Any, options: dict[str, Any],
           lang: str = "pl") -> tuple[Any, list[io.StringIO]]:
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
             for n in ("Ola", "Jan", "Ewa")]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, options=options,
        journal_path=tmp_path / "a.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang=lang, verbosity="beginner",
                            transcript=streams[i]) for i, s in enumerate(seats)])
    return session, streams


def test_typed_table_talk_with_a_forbidden_letter_puts_its_writer_out_at_a_real_table(
        tmp_path: Path, polish: Any) -> None:
    session, streams = _table(tmp_path, polish, {"madness": True})
    session.handle(0, "1")
    letters = session.state.letters
    assert session.state.phase == "talk" and session.state.current == 0
    session.handle(2, f"ojej {letters[0]}")  # Ewa says something out of turn
    assert session.state.out == (2,)
    assert "Ewa odpada — zakazana litera poza kolejką" in streams[0].getvalue()


def test_out_of_turn_lines_are_only_refused_without_the_variant(
        tmp_path: Path, polish: Any) -> None:
    session, streams = _table(tmp_path, polish, {})
    session.handle(0, "1")
    letters = session.state.letters
    session.handle(2, f"ojej {letters[0]}")
    assert session.state.out == ()
    assert "Teraz mówi: Ola." in streams[2].getvalue()


def test_the_advanced_game_at_a_real_table_says_each_ability_in_polish(
        tmp_path: Path, polish: Any) -> None:
    session, streams = _table(tmp_path, polish, {"advanced": True})
    state = session.state
    cards = state.characters
    heard = streams[0].getvalue()
    assert "Postacie:" in heard and "Królowa Kier" in heard
    secret = dict(state.secrets)[0]
    assert f"Twoja tajna litera: {secret.upper()}" in heard
    assert f"Twoja tajna litera: {secret.upper()}" not in streams[1].getvalue()
    session.handle(0, "postacie")
    assert "Ola — Królowa Kier" in streams[0].getvalue()
    session.handle(0, "1")
    word = safe_words(session.rules, session.state.view_for(0))[0]
    session.handle(0, f"{word} +litera")
    assert session.state.laid == ((0, secret),)
    assert f"kładzie literę {secret.upper()} nad rzędem" in streams[1].getvalue()
    assert cards[0] == "queen"


def test_every_theme_lists_at_least_30_words_each_in_the_lexicon_or_a_proper_name(
        polish: Any) -> None:
    """The issue: each theme's list (what computers say, what ``hint`` draws on) has at least
    30 words, checked against the lexicon; a capitalised word is a proper name."""
    unknown = [
        (theme.name, word) for theme in DATA.themes for word in theme.words
        if not word[0].isupper() and not all(polish.contains(w) for w in word.split())
    ]
    assert not unknown
    assert min(len(theme.words) for theme in DATA.themes) >= 30


def test_the_command_line_plays_eight_computers_in_the_advanced_game_to_the_end() -> None:
    import subprocess
    import sys

    players = ",".join(["computer"] * 8)
    done = subprocess.run(
        [sys.executable, "-m", "braille_words.cli", "play", "alicja", "--players", players,
         "--variant", "advanced", "--no-timer", "--seed", "4"],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Postacie:" in done.stdout and "Koniec gry." in done.stdout
    assert "Traceback" not in done.stderr


def test_words_of_foreign_letters_or_signs_are_judged_without_a_traceback(polish: Any) -> None:
    """The program never refuses a word only because its lexicon lacks it: "café", "t-rex" or
    "+litera" are the table's question, and the next word is still checked against them."""
    rules, s = circus(polish)
    for seat, word in enumerate(["café", "t-rex", "+litera"]):
        s, _ = rules.apply(s, seat, Say(word))
    s, _ = rules.apply(s, 3, Say("kawiarnia"))
    assert s.out == ()
    assert Computer().choose_move(rules, s, 0, "medium", random.Random(1)) is not None


def test_out_of_turn_abilities_reach_the_game_from_a_seat_at_a_real_table(
        tmp_path: Path, polish: Any) -> None:
    """Dwójka Kier's "jeszcze raz" and the Queen's "połóż literę" are typed when it is not
    the typist's turn; the table lets them through for the rules to judge their window."""
    session, streams = _table(tmp_path, polish, {"advanced": True})
    session.state = replace(session.state, characters=("queen", "cat", "deuce"),
                            tokens=(0, 0, 0), secrets=((0, "e"),))
    session.handle(0, "1")
    session.state = replace(session.state, letters=("ź",))
    session.handle(0, "klaun")
    assert session.state.current == 1
    session.handle(0, "połóż literę")  # right after her turn, while Jan is to speak
    assert session.state.laid == ((0, "e"),)
    session.handle(2, "jeszcze raz")  # Ewa's Dwójka: Ola plays another turn
    assert session.state.current == 0 and 2 in session.state.sideways
    assert "Ola gra jeszcze jedną kolejkę" in streams[1].getvalue()
    session.handle(2, "jeszcze raz")  # once a round
    assert "Twoja karta jest przekręcona" in streams[2].getvalue()


def test_a_computer_not_in_turn_challenges_a_persons_word_at_once(
        tmp_path: Path, polish: Any) -> None:
    """Ola says "radość" and Jan, a person, is next: Ewa, a computer, challenges it out of
    turn (the table asks computers to react after each move), and the vote goes on."""
    seats = [SeatConfig(name=n, kind=k, display="none", speech="none", keyboard="none")
             for n, k in (("Ola", "human"), ("Jan", "human"), ("Ewa", "computer"))]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, journal_path=tmp_path / "a.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                            transcript=streams[i]) for i, s in enumerate(seats)])
    for line in ("1", "radość"):
        session.inputs.put(Input(0, line))
    session.inputs.put(Input(0, None))  # the end of input: run() returns
    session.run()
    assert "Ewa kwestionuje: RADOŚĆ" in streams[1].getvalue()
    assert session.state.phase == "vote" and session.state.awaiting == {1}  # Ewa has voted


def test_a_computer_whose_word_meets_a_vote_votes_as_it_judges(polish: Any) -> None:
    """A computer thinking of its word when someone challenges the last one is asked to vote
    instead; the table then plays its fallback, which judges the word (no blind yes)."""
    rules, s = circus(polish)
    s, _ = rules.apply(s, 0, Say("radość"))
    s, _ = rules.apply(s, 2, Challenge())
    assert Computer().fallback_move(rules, s, 1) == Vote(False)


def _thinking_table(tmp_path: Path, polish: Any,
                    options: dict[str, Any]) -> tuple[Any, list[io.StringIO], ManualScheduler]:
    """Ola and Ewa are people, Jan between them a computer that thinks on the table's clock."""
    seats = [SeatConfig(name=n, kind=k, display="none", speech="none", keyboard="none")
             for n, k in (("Ola", "human"), ("Jan", "computer"), ("Ewa", "human"))]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, options=options, journal_path=tmp_path / "a.jsonl",
        lexicon=polish, outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                                            transcript=streams[i]) for i, s in enumerate(seats)])
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session.think = True
    return session, streams, scheduler


def test_a_computer_does_not_say_the_word_ola_just_said_in_dwojka_kiers_extra_turn(
        tmp_path: Path, polish: Any) -> None:
    """Jan, a computer, is thinking of his word when Ewa's Dwójka Kier makes Ola speak again,
    and Ola says that very word. His thought was for the turn before: he thinks again and
    says another word, where he used to say hers and go out for a repeat."""
    session, _streams, scheduler = _thinking_table(tmp_path, polish, {"advanced": True})
    session.state = replace(session.state, characters=("queen", "cat", "deuce"),
                            tokens=(0, 0, 0), secrets=())
    session.handle(0, "1")
    session.state = replace(session.state, letters=("ź",))
    session.handle(0, "klaun")
    assert session.state.current == 1
    planned = session.kit.computer.plan(session.rules, session.state, 1, "strong",
                                        session._rng(1)).move
    assert isinstance(planned, Say)
    session._computer_move(1)  # Jan thinks of ``planned``
    session.handle(2, "jeszcze raz")
    session.handle(0, planned.text)  # Ola says Jan's word first
    assert session.state.current == 1 and session.state.out == ()
    scheduler.advance(7)  # Jan's think time, within the 10-second teapot
    table_moves(session)
    assert session.state.out == ()
    assert session.state.said[-1][0] == 1 and session.state.said[-1][1] != planned.text


def test_a_computer_thinking_of_its_vote_when_the_teacher_rules_says_a_word_not_out_by_time(
        tmp_path: Path, polish: Any) -> None:
    """Ewa challenges Ola's "klaun"; while Jan thinks of his vote the teacher rules that it
    stands. Jan's turn goes on with a full teapot: his late vote used to become a time-up
    that put him out at once."""
    session, _streams, scheduler = _thinking_table(tmp_path, polish, {})
    session.handle(0, "1")
    session.state = replace(session.state, letters=("ź", "h"))
    session.handle(0, "klaun")
    session.handle(2, "wyzwanie")
    session.handle(2, "tak")
    assert session.state.phase == "vote" and session.state.awaiting == {1}
    session._computer_move(1)  # Jan thinks of his vote
    ruling = session.rules.teacher_ruling(session.state, True)
    assert ruling is not None
    session.play(*ruling)
    assert session.state.phase == "talk" and session.state.current == 1
    scheduler.advance(7)
    table_moves(session)
    assert session.state.out == () and session.state.said[-1][0] == 1


def _last_round(polish: Any, options: Options) -> State:
    """Four players before the last round with cups 4, 4, 1, 0; in it Jan (seat 1) goes
    out first, Ola (seat 0) second, Ewa third, and Ala stays to the end: 4, 4, 2, 2."""
    rules = Rules(polish, options, DATA)
    s, _ = rules.new(["Ola", "Jan", "Ewa", "Ala"], 1)
    s = replace(s, round=4, cups=(4, 4, 1, 0), themes=(CYRK, s.themes[1]))
    s, _ = rules.apply(s, s.current, ChooseTheme(0))
    s = replace(s, letters=("ź", "h"))
    words = iter(["klaun", "lew", "namiot", "akrobata", "treser", "arena", "trapez", "magik"])
    for leaving in (1, 0, 2):
        while s.current != leaving:
            s, _ = rules.apply(s, s.current, Say(next(words)))
        s, _ = rules.apply(s, leaving, TimeUp())
    assert s.phase == "over" and s.cups == (4, 4, 2, 2)
    return s


def test_a_tie_is_won_by_everyone_unless_the_table_asks_for_the_rulebooks_tie_break(
        polish: Any) -> None:
    """The rulebook: in a tie everyone wins, "bo dobrze bawili się w gronie przyjaciół"; if
    you really want one winner, it is the one with the higher scoring card of the last round.
    Ola and Jan both have 4 cups; both took a 0-cup card in the last round, Ola the later one
    (card 2, after Jan's 1): with the tie-break Ola wins alone."""
    assert _last_round(polish, Options()).result()["winners"] == [0, 1]
    result = _last_round(polish, Options(tie_break=True)).result()
    assert result["winners"] == [0] and result["tied"] == [0, 1]
    names = ["Ola", "Jan", "Ewa", "Ala"]
    said = find_game("alicja").presenter.final(result, "pl", names, 0)
    assert said.startswith("Koniec gry. Remis: Ola, Jan.") and "wygrywa Ola" in said
    said = find_game("alicja").presenter.final(result, "en", names, 0)
    assert "Ola wins" in said and "Jan" in said


def test_the_tie_break_is_an_option_of_the_command_line(polish: Any) -> None:
    rules = find_game("alicja").make_rules(polish, {"tie_break": True})
    state, _ = rules.new(["A", "B", "C"], 1)
    assert state.options.tie_break


def test_the_queen_hears_the_theme_and_the_letters_once_as_the_conversation_begins(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested: "Temat: lotnisko. Zakazane litery: F, Ę. Imbryk gra! Kolej: Gracz." was
    followed at once by "Twoja kolej. Temat: lotnisko. Zakazane litery: F, Ę." — on 14 cells
    that is the same theme and row panned through twice before the teapot runs out."""
    session, streams = _table(tmp_path, polish, {})
    before = len(streams[0].getvalue())
    session.handle(0, "1")
    heard = streams[0].getvalue()[before:]
    assert heard.count("Zakazane litery") == 1 and "Twoja kolej: zaczynasz rozmowę" in heard
    session.handle(0, "klaun")
    session.handle(1, "lew")
    session.handle(2, "namiot")  # later turns still remind the player of both
    assert "Twoja kolej. Temat:" in streams[0].getvalue()[len(heard) + before:]


def test_a_player_out_of_the_round_who_types_a_word_or_an_ability_hears_that_they_are_out(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested: out of the round, "skip" or a word got "Computer 2 is speaking now. You
    may read…", never why nothing happens; "gdzie" did not say it either."""
    session, streams = _table(tmp_path, polish, {})
    session.handle(0, "1")
    session.handle(0, "czas")  # Ola's teapot runs out: she is out
    assert session.state.out == (0,)
    for line in ("klaun", "pomijam", "żeton", "gdzie"):
        session.handle(0, line)
        assert "Jesteś poza" in streams[0].getvalue().splitlines()[-1], line
    session.handle(2, "żeton")  # in the round but not her turn: she is told when it works
    assert "Tylko w swojej kolejce" in streams[2].getvalue().splitlines()[-1]


def test_english_sentences_about_a_character_begin_with_a_capital_and_name_no_zero_tokens(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested in English: "the Queen of Hearts (Player) lays the letter I" began with a
    small letter, and "characters" said "0 time tokens" for every card without any."""
    session, streams = _table(tmp_path, polish, {"advanced": True}, lang="en")
    session.state = replace(session.state, characters=("queen", "cat", "twins"),
                            tokens=(0, 0, 2), secrets=((0, "e"),))
    session.handle(0, "1")
    session.state = replace(session.state, letters=("ź",))
    session.handle(0, "klaun +letter")
    assert "Ola, the Queen of Hearts, lays the letter E" in streams[1].getvalue()
    session.handle(1, "characters")
    said = streams[1].getvalue().splitlines()[-1]
    assert "0 time tokens" not in said and "Ewa — the Twins, 2 time tokens" in said


def test_english_help_shows_polish_words_for_a_polish_word_game(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested: English help offered "clown" as the word to say, and "say theme"; the
    words are Polish ("klaun"), and the short help sends to "help all" for the advanced game's."""
    session, streams = _table(tmp_path, polish, {}, lang="en")
    session.handle(0, "help")
    said = streams[0].getvalue().splitlines()[-1]
    assert '"klaun"' in said and "clown" not in said and "advanced game's" in said
    session.handle(0, "help say")
    assert "czas" in streams[0].getvalue().splitlines()[-1]


def test_olas_card_beside_her_name_says_she_is_out_of_the_round_not_that_he_went_out(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested on the cells: "Gracz — Królowa Kier (odpadł)" told a girl she was a boy."""
    session, streams = _table(tmp_path, polish, {"advanced": True})
    session.handle(0, "1")
    session.handle(0, "czas")
    session.handle(0, "postacie")
    said = streams[0].getvalue().splitlines()[-1]
    assert "Ola — Królowa Kier (poza rundą)" in said and "odpadł" not in said


def test_ewa_s_vote_is_told_to_the_table_and_a_second_ballot_hears_it_was_counted(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested on the cells: Ewa's "tak" brought no word back (nobody knew who had voted),
    and a second "tak" was answered "Teraz mówi: Jan", as if no vote were on."""
    session, streams = _table(tmp_path, polish, {})
    session.handle(0, "1")
    session.handle(0, "klaun")
    session.handle(2, "wyzwanie")
    session.handle(2, "tak")
    assert all(s.getvalue().splitlines()[-1] == "Ewa głosuje." for s in streams[:2])
    assert streams[2].getvalue().splitlines()[-1] == "Twój głos jest policzony."
    session.handle(2, "tak")
    assert streams[2].getvalue().splitlines()[-1] == "Twój głos już jest policzony."
    session.handle(0, "tak")  # Ola's own word
    assert streams[0].getvalue().splitlines()[-1] == "Autor słowa nie głosuje."
    assert session.state.phase == "vote" and session.state.votes == ((2, True),)


def test_a_challenge_on_14_cells_is_one_short_sentence_the_vote_prompt_says_tak_or_nie() -> None:
    """Play-tested on 14 cells: the challenge explained tak and nie, and the prompt right
    after asked "tak czy nie?" again — six windows for one question."""
    from braille_words.present.messages import render

    params = {"challenger_name": "Jan", "words_up": "KLAUN"}
    assert render("pl", "alicja", "challenged", params, verbosity="expert") == \
        "Jan kwestionuje: KLAUN."
    assert "tak" in render("pl", "alicja", "challenged", params)  # spoken in full, as before


def test_the_queens_1_typed_again_once_the_talk_began_is_no_word_for_the_table_to_vote_on(
        tmp_path: Path, polish: Any) -> None:
    """Play-tested on the cells: the Queen typed "1" for the theme a second time, and "1" was
    said as her word; a computer challenged it and the table had to vote on "1"."""
    session, streams = _table(tmp_path, polish, {})
    session.handle(0, "1")
    session.handle(0, "1")
    assert session.state.said == () and session.state.current == 0
    assert "Liczba to nie słowo" in streams[0].getvalue().splitlines()[-1]
    session.handle(0, "powiedz 101")  # said outright, it is her word (the table judges it)
    assert session.state.said == ((0, "101"),)



def _resumed(tmp_path: Path, polish: Any) -> tuple[Any, list[io.StringIO]]:
    """The game ``_table`` journaled, resumed with a transcript per seat."""
    from braille_words.table.launch import resume_session

    streams = [io.StringIO() for _ in range(3)]
    resumed = resume_session(
        tmp_path / "a.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=streams[i])
                 for i, n in enumerate(("Ola", "Jan", "Ewa"))])
    return resumed, streams


def test_after_resume_each_seat_hears_the_theme_once(tmp_path: Path, polish: Any) -> None:
    """Play-tested: a resumed round said "Temat: cyrk. Zakazane litery: …" and then, to the
    player whose turn it was, "Twoja kolej. Temat: cyrk. Zakazane litery: …" at once."""
    session, _streams = _table(tmp_path, polish, {})
    session.handle(0, "1")
    session.handle(0, "klaun")
    session.close()
    resumed, streams = _resumed(tmp_path, polish)
    try:
        resumed._prompt()  # as the turn loop begins
        for stream in streams:
            heard = stream.getvalue()
            assert heard.startswith("Wznowiono")
            assert heard.count("Temat:") == 1, heard
            assert heard.count("Zakazane litery") == 1, heard
        assert "Twoja kolej" in streams[resumed.state.current].getvalue()
    finally:
        resumed.close()


def test_a_resumed_game_tells_no_seat_anothers_secret_letter(
        tmp_path: Path, polish: Any) -> None:
    """The resumed game's first sentence was worded from seat 0's view for everyone: Ola's
    secret letter was read to Jan and Ewa."""
    session, _streams = _table(tmp_path, polish, {"advanced": True})
    secrets = dict(session.state.secrets)
    session.handle(0, "1")
    session.close()
    resumed, streams = _resumed(tmp_path, polish)
    try:
        for seat, stream in enumerate(streams):
            heard = stream.getvalue()
            told = [s for s, letter in secrets.items()
                    if f"Twoja tajna litera: {letter.upper()}" in heard]
            assert set(told) <= {seat}, heard
    finally:
        resumed.close()


def test_a_resumed_game_tells_each_computer_its_own_secret_letter_and_the_table_none(
        tmp_path: Path, polish: Any) -> None:
    """A student's own computer catching up after a restart hears its secret letter with the
    theme (``SeatNews.resumed``, private); the table's speakers, which others may hear, hear
    none (``tell_resumed``)."""
    from braille_words.table.seatnews import SeatNews

    session, _streams = _table(tmp_path, polish, {"advanced": True})
    secrets = dict(session.state.secrets)
    session.handle(0, "1")
    [(seat, letter)] = secrets.items()
    # Another's turn: the seat's own prompt does not say the theme, its resumed sentence does.
    view = {**session.view_of(seat), "awaiting": [s for s in range(3) if s != seat]}
    told = io.StringIO()
    own = SeatNews(SeatOutput(name="Ola", lang="pl", verbosity="beginner", transcript=told),
                   session.kit)
    own.resumed(view)
    assert f"Twoja tajna litera: {letter.upper()}" in told.getvalue()
    public = session.kit.presenter.resumed(view, "pl", "beginner")
    assert "Temat" in public or "temat" in public
    assert "tajna litera" not in public
    session.close()
