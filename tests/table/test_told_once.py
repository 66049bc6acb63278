"""A state change is told once, and a turn only when it is that player's turn.

Played in English words by a child: "Ada: JUGGLING. Ben's turn. JUGGLING may come from
JUGGLER. The table votes: yes, the word stands; no, it goes." and then, as the prompt, "Vote:
does JUGGLING come from JUGGLER? Say yes…" — the question twice, and Ben's turn announced
while the table still voted (Ben began to speak into the vote). The same at a challenge, and
"Kolej: Ola." said to Ola right before her own "Twoja kolej" in every game.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.alicja.rules import ChooseTheme, Options, Rules, Say, Vote, load_data
from braille_words.games.base import Event
from braille_words.games.registry import find_game
from braille_words.present.messages import render
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seatnews import own_turn
from braille_words.table.seats import SeatConfig

DATA = load_data()
CYRK = next(i for i, t in enumerate(DATA.themes) if t.name == "cyrk")
VOTE = {"pl": "Głosuj:", "en": "Vote:"}
TABLE_VOTES = {"pl": ("Głosowanie: tak", "Stół głosuje"), "en": ("Vote: yes", "The table votes")}


def _circus(tmp_path: Path, polish: Any, lang: str) -> tuple[Any, list[io.StringIO]]:
    """Ola, Jan and Ewa, people all, on "cyrk" with Ź and H forbidden; Ola speaks first."""
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
             for n in ("Ola", "Jan", "Ewa")]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, options={}, journal_path=tmp_path / "a.jsonl",
        lexicon=polish, outputs=[SeatOutput(name=s.name, lang=lang, verbosity="beginner",
                                            transcript=streams[i])
                                 for i, s in enumerate(seats)])
    session.state = replace(session.state, themes=(CYRK, session.state.themes[1]))
    session.handle(0, "1")
    session.state = replace(session.state, letters=("ź", "h"))
    return session, streams


def _since(streams: list[io.StringIO], marks: list[int]) -> list[str]:
    return [s.getvalue()[m:] for s, m in zip(streams, marks, strict=True)]


def test_a_suspected_word_goes_to_the_vote_before_the_next_turn_begins(polish: Any) -> None:
    """The rules: the teapot stops during a vote and the next player starts with a full one:
    the turn begins, and is announced, when the vote is over."""
    rules = Rules(polish, Options(), DATA)
    s, _ = rules.new(["Ola", "Jan", "Ewa"], 1)
    s = replace(s, themes=(CYRK, s.themes[1]))
    s, _ = rules.apply(s, 0, ChooseTheme(0))
    s = replace(s, letters=("ź", "h"))
    s, _ = rules.apply(s, 0, Say("ryba"))
    s, events = rules.apply(s, 1, Say("rybak"))
    assert s.phase == "vote" and [e.kind for e in events] == ["word_said", "suspected"]
    s, _ = rules.apply(s, 0, Vote(True))
    s, events = rules.apply(s, 2, Vote(True))
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["vote_result", "turn_started"] and events[-1].params["seat"] == 2
    assert s.phase == "talk" and s.current == 2 and s.out == ()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_suspected_word_asks_each_voter_once_and_names_no_turn_before_the_vote(
        tmp_path: Path, polish: Any, lang: str) -> None:
    session, streams = _circus(tmp_path, polish, lang)
    session.handle(0, "ryba")
    marks = [len(s.getvalue()) for s in streams]
    session.handle(1, "rybak")
    ola, jan, ewa = _since(streams, marks)
    for voter in (ola, ewa):
        assert voter.count(VOTE[lang]) == 1, voter
        assert not any(said in voter for said in TABLE_VOTES[lang]), voter
        assert "Ewa" not in voter, voter  # no "Kolej: Ewa." while the table votes
    assert VOTE[lang] not in jan and "RYBA" in jan  # the speaker is told the others vote
    marks = [len(s.getvalue()) for s in streams]
    session.handle(0, "tak" if lang == "pl" else "yes")
    session.handle(2, "tak" if lang == "pl" else "yes")
    ola, _jan, ewa = _since(streams, marks)
    assert ("Kolej: Ewa." if lang == "pl" else "Ewa's turn.") in ola  # after the vote
    assert ("Twoja kolej" if lang == "pl" else "Your turn") in ewa


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_challenge_asks_each_voter_once_and_tells_the_speaker_the_others_vote(
        tmp_path: Path, polish: Any, lang: str) -> None:
    session, streams = _circus(tmp_path, polish, lang)
    session.handle(0, "klaun")
    marks = [len(s.getvalue()) for s in streams]
    session.handle(1, "wyzwanie" if lang == "pl" else "challenge")
    ola, jan, ewa = _since(streams, marks)
    for voter in (jan, ewa):
        assert voter.count(VOTE[lang]) == 1, voter
        assert not any(said in voter for said in TABLE_VOTES[lang]), voter
    assert VOTE[lang] not in ola
    assert ("Pozostali głosują" if lang == "pl" else "The others vote") in ola


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_players_own_turn_is_not_named_before_the_prompt_that_says_it(
        tmp_path: Path, polish: Any, lang: str) -> None:
    """"Ola: KLAUN. Kolej: Jan." then "Twoja kolej." to Jan: his name was news he heard
    twice; the others are still told whose turn it is."""
    session, streams = _circus(tmp_path, polish, lang)
    marks = [len(s.getvalue()) for s in streams]
    session.handle(0, "klaun")
    ola, jan, ewa = _since(streams, marks)
    named = "Kolej: Jan." if lang == "pl" else "Jan's turn."
    assert named in ola and named in ewa
    assert named not in jan and ("Twoja kolej" if lang == "pl" else "Your turn") in jan


def test_only_a_turns_own_news_is_left_out_and_only_for_that_seat() -> None:
    turn = Event("turn_started", {"seat": 1})
    assert own_turn(turn, 1)
    assert not own_turn(turn, 0)
    assert not own_turn(Event("word_said", {"seat": 1, "words": "kot"}), 1)
    assert not own_turn(Event("turn_started", {"seat": 1}, to=1), 1)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_rummikubs_themed_vote_asks_a_voter_once_and_tells_the_mover_the_table_votes(
        lang: str) -> None:
    """Rummikub's vote said "Głosuj: tak albo nie." in its news and again as the prompt."""
    params = {"words": "KOT", "theme": "zwierzęta", "name": "Ola", "seat": 0}
    voter = render(lang, "word_rummikub", "vote_opened", {**params, "asked": "yes"})
    mover = render(lang, "word_rummikub", "vote_opened", {**params, "asked": "no"})
    prompt = render(lang, "word_rummikub", "prompt_vote", {})
    assert "KOT" in voter and prompt not in voter and prompt.split(":")[0] not in voter
    assert ("Stół głosuje" if lang == "pl" else "The table votes") in mover


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_line_during_the_vote_or_the_queens_choice_is_told_what_the_table_waits_for(
        tmp_path: Path, polish: Any, lang: str) -> None:
    """Played by a child: her word voted on, she typed another and heard "Teraz mówi: Jan,
    Ewa… powiedz „wyzwanie”" (a vote, not a turn); a voter typing "wyzwanie" heard her own
    name among those who speak; before the theme, a word heard "Teraz mówi: Ola"."""
    pl = lang == "pl"
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
             for n in ("Ola", "Jan", "Ewa")]
    streams = [io.StringIO() for _ in seats]
    session = new_session(
        find_game("alicja"), seats, seed=2, options={}, journal_path=tmp_path / "a.jsonl",
        lexicon=polish, outputs=[SeatOutput(name=s.name, lang=lang, verbosity="beginner",
                                            transcript=streams[i])
                                 for i, s in enumerate(seats)])

    def answer(seat: int, line: str) -> str:
        before = len(streams[seat].getvalue())
        session.handle(seat, line)
        return streams[seat].getvalue()[before:]

    assert ("Najpierw Królowa Kier wybiera temat" if pl else "chooses the theme first") in \
        answer(1, "kot")
    session.handle(0, "1")
    session.handle(0, "klaun")
    session.handle(1, "wyzwanie" if pl else "challenge")
    said = answer(0, "lew")
    assert ("Stół głosuje nad twoim słowem" if pl else "voting on your word") in said
    said = answer(2, "wyzwanie" if pl else "challenge")
    assert ("Trwa głosowanie" if pl else "A vote is on") in said and "Ewa" not in said
    said = answer(1, "nie" if pl else "no")
    assert said.strip() == ("Twój głos jest policzony." if pl else "Your vote is counted.")
    assert ("Jan głosuje." if pl else "Jan votes.") in streams[0].getvalue()
    said = answer(1, "lew")
    assert ("Twój głos już jest policzony" if pl else "already voted") in said
    assert session.state.phase == "vote" and session.state.said[-1][1] == "klaun"


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_teapots_warning_hurries_only_the_player_whose_time_it_is(
        tmp_path: Path, polish: Any, lang: str) -> None:
    """Played alone at a table of people: "Zostało 5 sekund." came over the news another
    child was reading, during Ola's turn, and the child took it for her own time. Ola is
    warned as before; the others are told whose time it is."""
    from braille_words.audio.timers import ManualScheduler
    from braille_words.table.clock import TableClock

    session, streams = _circus(tmp_path, polish, lang)
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session.handle(0, "klaun")  # Jan's turn: the teapot runs for him
    session._sync_clock()
    marks = [len(s.getvalue()) for s in streams]
    scheduler.advance(session.state.teapot_seconds - 4.5)
    _ola, jan, ewa = _since(streams, marks)
    mine = "Zostało 5 sekund." if lang == "pl" else "5 seconds left."
    assert mine in jan
    other = "Jan: zostało 5 sekund." if lang == "pl" else "Jan: 5 seconds left."
    assert ewa.strip() == other
    session.close()
