"""A 45-minute lesson, scripted end to end (issue 19): Ola on a Baum display, Janek on a Focus
display, Ewa on speech only, each recorded to their own file; the teacher at the console. The
teacher pauses and gives more time, Ola's display is unplugged and plugged in again, Janek
leaves and the computer takes his seat, and the teacher ends the game. Nothing is lost (the
journal resumes the same game) and no recording holds another seat's rack."""

from __future__ import annotations

import io
import json
import re
import threading
from pathlib import Path
from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.displays.emulators import make_emulator
from braille_words.games.registry import find_game
from braille_words.table.clock import TableClock
from braille_words.table.devices import open_outputs
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.roster import roster_from_data
from braille_words.table.session import KEYBOARD, Input

RACK = re.compile(r"Stojak, \d+ płyt\w*: [^.]*")


def _said(path: Path) -> list[str]:
    return [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_scripted_lesson_runs_end_to_end(tmp_path: Path, polish: Any, until: Any) -> None:
    baum, focus = make_emulator("baum", 40), make_emulator("focus", 40)
    baum.start()
    focus.start()
    records = [tmp_path / f"{name}.jsonl" for name in ("ola", "janek", "ewa")]
    roster = roster_from_data({
        "game": "rummikub",
        "options": {"move_limit_seconds": 120},
        "seat": [
            {"name": "Ola", "display": f"baum:{baum.path}", "speech": f"record:{records[0]}"},
            {"name": "Janek", "display": f"focus:{focus.path}",
             "speech": f"record:{records[1]}"},
            {"name": "Ewa", "display": "none", "speech": f"record:{records[2]}",
             "keyboard": "/dev/input/by-id/usb-Ewa-event-kbd"},
        ],
    })
    outputs = open_outputs(roster.seats)
    journal = tmp_path / "lesson.jsonl"
    session = new_session(find_game("rummikub"), roster.seats, seed=7, options=roster.options,
                          journal_path=journal, lexicon=polish, outputs=outputs)
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    assert session.terminal_is_teachers
    done: dict[str, Any] = {}
    loop = threading.Thread(target=lambda: done.setdefault("result", session.run()))
    loop.start()

    def teacher(line: str, expect: str) -> None:
        """The teacher types ``line``; the console answers with ``expect`` (said anew)."""
        before = len(console.getvalue())
        session.inputs.put(Input(KEYBOARD, line))
        assert until(lambda: expect in console.getvalue()[before:], timeout=10), (
            console.getvalue())

    try:
        first = min(session.state.awaiting)
        teacher("pauza", "Gra wstrzymana")
        scheduler.advance(300)  # a long pause costs the player no time
        teacher("czas 60", "Dodano 60 s.")
        teacher("dalej", "Gramy dalej.")
        assert session.clock.remaining() == 180
        assert min(session.state.awaiting) == first
        baum.unplug()
        assert until(lambda: "Ola: monitor brajlowski odłączony" in console.getvalue(),
                     timeout=10)
        teacher("", "Czekamy na monitor: Ola.")  # the status line, said as to a teacher
        baum.replug()
        assert until(lambda: "Ola: monitor brajlowski znów podłączony" in console.getvalue(),
                     timeout=10)
        assert until(lambda: not session.paused, timeout=5)
        session.inputs.put(Input(1, "wyjdź"))  # Janek leaves, from his display's keyboard
        assert until(lambda: "Janek odchodzi od stołu" in console.getvalue(), timeout=10)
        teacher("komputer Janek", "Komputer gra teraz za: Janek.")
        teacher("pomiń", "Pominięto ruch")  # whoever was to move loses the turn
        assert until(lambda: len([e for e in journal.read_text().splitlines()
                                  if '"move"' in e]) >= 2, timeout=20)
        teacher("koniec", "Gra zakończona dla wszystkich")
        loop.join(timeout=20)
        assert not loop.is_alive()
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        loop.join(timeout=5)
        state = json.dumps(session.state.to_json(), sort_keys=True)
        session.close()
        baum.stop()
        focus.stop()

    for path in records:
        said = " ".join(_said(path))
        assert "Nauczyciel kończy grę. Wyniki: " in said, path
        assert "Możesz zamknąć program." in said and str(journal) not in said
    racks = [set(RACK.findall(" ".join(_said(path)))) for path in records]
    assert racks[0] and racks[2]  # each heard their own rack …
    for seat, mine in enumerate(racks):
        for other, theirs in enumerate(racks):
            if seat != other:
                assert not mine & theirs  # … and nobody else's
    resumed = resume_session(journal, lexicon=polish,
                             outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner")
                                      for s in roster.seats])
    assert json.dumps(resumed.state.to_json(), sort_keys=True) == state
    assert not resumed.seats[1].is_human  # the computer still plays for Janek
    resumed.close()


def _expected_turns(journal: Path) -> dict[tuple[int, bool], int]:
    """Turns per (seat, held by the computer), read from the journal's lines by hand: a
    Rummikub turn ends with "gotowe" or "dobierz" (or the clock); a setting says who holds a
    seat from then on; an undo line takes the last move back."""
    lines = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    computers = {i for i, s in enumerate(lines[0]["seats"]) if s.get("kind") == "computer"}
    made: list[tuple[int, bool, str]] = []
    for line in lines[1:]:
        if line.get("undo"):
            made.pop()
        elif "setting" in line and "kind" in line["setting"]:
            if line["setting"]["kind"] == "computer":
                computers.add(line["seat"])
            else:
                computers.discard(line["seat"])
        elif "move" in line:
            move = line["move"]
            ends = move["type"] in ("end_turn", "draw", "time_up") or move.get("end") is True
            made.append((line["seat"], line["seat"] in computers, ends))
    turns: dict[tuple[int, bool], int] = {}
    for seat, by_computer, ends in made:
        if ends:
            turns[(seat, by_computer)] = turns.get((seat, by_computer), 0) + 1
    return turns


def test_a_report_credits_each_person_only_with_what_they_did(
    tmp_path: Path, polish: Any, until: Any
) -> None:
    """Ewa's keyboard does not work: the teacher gives her seat to the computer, and back
    once it works. Ola's move is taken back, and she types a line the game refuses. The
    report counts each person's own turns and words; what the computer did at Ewa's seat is
    its own line; words are words (no table numbers, each once)."""
    import dataclasses
    import random

    from braille_words.reports.render import as_csv, as_lines
    from braille_words.reports.summary import build_report

    roster = roster_from_data({
        "game": "rummikub",
        "seat": [
            {"name": "Ola", "display": "none", "speech": "none", "keyboard": "none"},
            {"name": "Janek", "kind": "computer", "level": "beginner"},
            {"name": "Ewa", "display": "none", "speech": "none", "keyboard": "none"},
        ],
    })
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=io.StringIO())
               for s in roster.seats]
    journal = tmp_path / "lesson.jsonl"
    session = new_session(find_game("rummikub"), roster.seats, seed=7, options=roster.options,
                          journal_path=journal, lexicon=polish, outputs=outputs)
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    kit = session.kit
    loop = threading.Thread(target=session.run)

    def teacher(line: str, expect: str) -> None:
        before = len(console.getvalue())
        session.inputs.put(Input(KEYBOARD, line))
        assert until(lambda: expect in console.getvalue()[before:], timeout=10), (
            console.getvalue())

    def settled() -> bool:
        """The table waits for a person (the computers have played)."""
        awaited = set(session.state.awaiting)
        return session.state.is_over or any(session.seats[s].is_human for s in awaited)

    def typed(seat: int, line: str) -> None:
        before = session.moves_played
        session.inputs.put(Input(seat, line))
        assert until(lambda: session.moves_played != before, timeout=20), line

    def turn(seat: int) -> None:
        """``seat``'s person plays one turn, as a beginner computer would, typed in Polish:
        words laid, then "gotowe" on a line of its own (two steps, one turn)."""
        assert until(settled, timeout=20) and seat in session.state.awaiting
        move = kit.computer.choose_move(session.rules, session.state, seat, "beginner",
                                        random.Random(session.moves_played))
        if getattr(move, "end", False):
            move = dataclasses.replace(move, end=False)
            typed(seat, kit.commands.to_command(move, session.state.view_for(seat), "pl"))
            typed(seat, "gotowe")
        else:
            typed(seat, kit.commands.to_command(move, session.state.view_for(seat), "pl"))
        assert until(settled, timeout=20)

    def next_person() -> int:
        assert until(settled, timeout=20)
        return min(s for s in session.state.awaiting if session.seats[s].is_human)

    loop.start()
    try:
        teacher("komputer Ewa beginner", "Komputer gra teraz za: Ewa.")
        assert next_person() == 0
        session.inputs.put(Input(0, "połóż 9 9 9"))  # refused: no such tile
        assert until(lambda: '"refused"' in (tmp_path / "lesson.activity.ndjson").read_text())
        turn(0)
        teacher("cofnij ruch", "cofa ostatni ruch (Ola)")
        turn(0)
        while next_person() != 0:
            pass
        turn(0)
        teacher("gracz Ewa", "Ewa")
        for _ in range(2):
            turn(next_person())
        teacher("koniec", "Gra zakończona dla wszystkich")
        loop.join(timeout=20)
        assert not loop.is_alive()
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        loop.join(timeout=5)
        session.close()

    expected = _expected_turns(journal)
    assert expected.get((2, True)) and expected.get((2, False)) and expected.get((0, False))
    report = build_report([journal], {"pl": polish})
    by_name = {s.name: s for s in report.students}
    assert sorted(by_name) == ["Ewa", "Ola"]  # Janek is the computer's own seat
    ola, ewa = by_name["Ola"], by_name["Ewa"]
    assert ola.moves == expected[(0, False)] and ola.computer_moves == 0
    assert ewa.moves == expected[(2, False)]
    assert ewa.computer_moves == expected[(2, True)]
    assert [tried for tried, _ in ola.refused] == ["połóż 9 9 9"]
    for student in (ola, ewa):
        for words in (student.words, student.computer_words):
            assert len(words) == len(set(words))
            assert all(w.isalpha() and w.isupper() for w in words), words
    lines = "\n".join(as_lines(report, "pl"))
    assert f"Ewa: gry 1, ruchy {ewa.moves}," in lines
    assert f"komputer na tym miejscu: ruchy {ewa.computer_moves}, słowa" in lines
    assert "najczęstsze polecenia: " in lines and "end_turn" not in lines
    english = "\n".join(as_lines(report, "en"))
    assert f"Ewa: games 1, moves {ewa.moves}," in english
    assert f"the computer at this seat: moves {ewa.computer_moves}, words" in english
    assert "done ×" in english or "draw ×" in english
    assert "gotowe ×" in lines or "dobierz ×" in lines
    header = as_csv(report, "pl").splitlines()[0]
    assert "ruchy komputera na tym miejscu" in header
