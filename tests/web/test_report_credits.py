"""A report credits each game's score to the student who played it (the teacher's side of
issue 15's reports), in each of the five games: a journal written move by move, as a table
writes it, read back by ``build_report``; the students swap seats between two games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.reports.render import as_csv, as_html, as_lines
from braille_words.reports.summary import build_report
from braille_words.table.journal import Header, Journal
from braille_words.table.launch import _deal
from braille_words.table.roster import load_roster
from braille_words.table.seats import SeatConfig

GAMES = ("rummikub", "siedem-slow", "alicja", "scrabble-karty", "word-thief")


def _game(path: Path, game: str, names: list[str], lexicon: Any, seed: int,
          moves: int = 40, seats: list[SeatConfig] | None = None) -> list[int]:
    """``moves`` moves the computer chooses, journaled as a table journals them, for seats of
    people called ``names`` (or the ``seats`` of a roster); each seat's score as the game then
    stands."""
    kit = find_game(game)
    if seats is None:
        seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none")
                 for n in names]
    names = [s.name for s in seats]
    rules, state, _ = _deal(kit, lexicon, {}, names, seed)
    journal = Journal.create(path, Header(kit.id, seed, [s.to_json() for s in seats], {},
                                          kit.word_lang))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over or not state.awaiting:
            break
        seat = min(state.awaiting)
        move = kit.computer.choose_move(rules, state, seat, "medium", rng)
        state, _ = rules.apply(state, seat, move)
        journal.record(seat, move.to_json())
    journal.close()
    return list(state.result()["scores"])


@pytest.mark.parametrize("game", GAMES)
def test_each_games_score_is_in_the_report_of_the_student_who_played_that_seat(
    tmp_path: Path, polish: Any, english: Any, game: str
) -> None:
    lexicon = english if find_game(game).word_lang == "en" else polish
    low = find_game(game).players[0]
    names = ["Ola", "Janek", "Ewa"][: max(2, low)]
    first = _game(tmp_path / "1.jsonl", game, names, lexicon, 5)
    swapped = [names[1], names[0], *names[2:]]  # Ola and Janek swap seats
    second = _game(tmp_path / "2.jsonl", game, swapped, lexicon, 6)
    report = build_report([tmp_path / "1.jsonl", tmp_path / "2.jsonl"],
                          {"pl": polish, "en": english})
    by_name = {s.name: s for s in report.students}
    title = find_game(game).title
    for seat, name in enumerate(names):
        other = swapped.index(name)
        got = [(g.game, g.score) for g in by_name[name].scores]
        assert got == [(title, first[seat]), (title, second[other])], name


def test_the_scores_read_in_polish_and_english_with_an_unfinished_game_marked(
    tmp_path: Path, polish: Any
) -> None:
    scores = _game(tmp_path / "1.jsonl", "rummikub", ["Ola", "Janek"], polish, 5, moves=6)
    report = build_report([tmp_path / "1.jsonl"], {"pl": polish})
    ola = f"Rummikub Słowny: {scores[0]} (gra niedokończona)"
    assert f"  wyniki gier: {ola}" in as_lines(report, "pl")
    assert f"Rummikub Słowny: {scores[0]} (game not finished)" in as_html(report, "en")
    exported = as_csv(report, "en")
    janek = next(line for line in exported.splitlines() if line.startswith("Janek,"))
    assert exported.splitlines()[0].endswith(",scores")
    assert janek.endswith(f"Rummikub Słowny: {scores[1]} (game not finished)")


def _roster(path: Path, names: list[str], group: str | None = None) -> list[SeatConfig]:
    """The seats of a roster file written as a teacher writes one (``class`` only if given)."""
    said = f'class = "{group}"\n' if group is not None else ""
    seats = "".join(f'[[seat]]\nname = "{n}"\nwhere = "network"\n' for n in names)
    path.write_text(said + seats, encoding="utf-8")
    return load_roster(path).seats


def test_two_students_of_one_name_in_two_classes_are_two_rows_each_with_their_own_games(
    tmp_path: Path, polish: Any
) -> None:
    a = _roster(tmp_path / "3a.toml", ["Ola", "Janek"], group="3a")
    b = _roster(tmp_path / "klasa-b.toml", ["Ewa", "Ola"], group="3b")
    first = _game(tmp_path / "1.jsonl", "rummikub", [], polish, 5, seats=a)
    second = _game(tmp_path / "2.jsonl", "rummikub", [], polish, 6, seats=b)
    report = build_report([tmp_path / "1.jsonl", tmp_path / "2.jsonl"], {"pl": polish})
    rows = {(s.name, s.group): [g.score for g in s.scores] for s in report.students}
    assert rows == {("Ola", "3a"): [first[0]], ("Janek", "3a"): [first[1]],
                    ("Ewa", "3b"): [second[0]], ("Ola", "3b"): [second[1]]}
    lines = as_lines(report, "pl")
    assert sum(line.startswith("Ola (klasa 3a): gry 1,") for line in lines) == 1
    assert sum(line.startswith("Ola (klasa 3b): gry 1,") for line in lines) == 1
    exported = as_csv(report, "en").splitlines()
    assert exported[0].startswith("Student,class,games,")
    assert [line.split(",")[:3] for line in exported[1:5]] == [
        ["Ewa", "3b", "1"], ["Janek", "3a", "1"], ["Ola", "3a", "1"], ["Ola", "3b", "1"]]
    page = as_html(report, "en")
    assert ">Ola (class 3a)</h2>" in page and ">Ola (class 3b)</h2>" in page


def test_a_game_from_before_the_roster_gave_a_class_is_the_one_class_of_that_name(
    tmp_path: Path, polish: Any
) -> None:
    """A term begun before rosters gave classes: Ola's older games have none. While one
    class has an Ola they are hers (one row, not two); once two classes have an Ola, nobody
    can say whose they were, and they stay apart."""
    old = _game(tmp_path / "0.jsonl", "rummikub", ["Ola", "Janek"], polish, 4)
    a = _roster(tmp_path / "a.toml", ["Ola", "Janek"], group="3a")
    new = _game(tmp_path / "1.jsonl", "rummikub", [], polish, 5, seats=a)
    two = [tmp_path / "0.jsonl", tmp_path / "1.jsonl"]
    report = build_report(two, {"pl": polish})
    assert {(s.name, s.group): [g.score for g in s.scores] for s in report.students} == {
        ("Ola", "3a"): [old[0], new[0]], ("Janek", "3a"): [old[1], new[1]]}
    b = _roster(tmp_path / "b.toml", ["Ola", "Ewa"], group="3b")
    _game(tmp_path / "2.jsonl", "rummikub", [], polish, 6, seats=b)
    report = build_report([*two, tmp_path / "2.jsonl"], {"pl": polish})
    olas = sorted((s.group, s.games) for s in report.students if s.name == "Ola")
    assert olas == [("", 1), ("3a", 1), ("3b", 1)]
