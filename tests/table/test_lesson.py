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
        teacher("", "Gra czeka na monitor brajlowski: Ola.")  # the status line
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
        assert "Nauczyciel kończy grę. Gra zapisana w" in said, path
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
