"""Nothing only heard (issue 21): a seat with no speech plays a whole seeded game on an emulated
Baum display, and every sentence that seat was told (as ``--speech record`` writes them) comes
to its cells, whole at its start, before the next one replaces it."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from braille_words.braille import text_line
from braille_words.braille.view import Pager
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.serial_display import SerialDisplay
from braille_words.displays.spec import open_display
from braille_words.games.registry import find_game
from braille_words.speech.recorder import RecordingSpeaker
from braille_words.speech.speaker import for_cells, strip_marks
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Input
from tests.table.conftest import KeysCarriedOut

SCRIPTS = {
    "rummikub": ["dobierz", "stojak", "dobierz", "stół", "dobierz", "wyniki", "wyjdź"],
    "siedem-slow": ["oko", "gotowe", "kot", "gotowe", "las", "gotowe", "wyjdź"],
    "thief": ["ręka", "stół", "podpowiedź", "wyniki", "wyjdź"],
    "alicja": ["1", "klaun", "temat", "słowa", "wyniki", "wyjdź"],
}


def _first_window(sentence: str, cells: int) -> bytes:
    """The first window of ``sentence`` as the cells show it: a letter said by its name
    ("żet") is the letter itself there (``for_cells``)."""
    return Pager(text_line(for_cells(sentence), "pl"), cells).frame().cells.rstrip(b"\x00")


KEY_SECONDS = 60.0
"""Real seconds before a key the seat never carries out, or a frame that never comes, fails."""


def _all_frames_in(emulator: Emulator, out: SeatOutput) -> None:
    """Wait until every frame the seat's display driver wrote has reached the emulator (its
    ``on_cells`` list), rather than sleep and hope: under load the pty is slow, never lossy."""
    display = out.display
    assert isinstance(display, SerialDisplay)
    assert emulator.wait_for_frames(display.frames_sent, KEY_SECONDS), "a frame never came"


def _carried_out(session: Any) -> None:
    """Wait until the table has carried out what was put on its queue (and looked at its
    reader since): ``TableInputs.wait_idle``."""
    session.inputs.poke()
    # A minute: a computer's move on a busy two-core machine (the whole suite beside) can
    # take seconds, and several may come before the table waits again.
    assert session.inputs.wait_idle(60), "the table did not come back to wait for input"


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_every_sentence_told_reaches_the_cells_of_a_seat_without_speech(
    game: str, tmp_path: Path, polish: Any, english: Any
) -> None:
    emulator = make_emulator("baum", 40)
    frames: list[bytes] = []
    emulator.on_cells = lambda cells: frames.append(bytes(cells))
    emulator.start()
    record = tmp_path / "said.jsonl"
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                     speaker=RecordingSpeaker(record))
    keys = KeysCarriedOut(out)
    out.attach_display(open_display(f"baum:{emulator.path}", on_command=keys.on_command))
    kit = find_game(game)
    computers = max(1, kit.players[0] - 1)  # Alicja needs three at the table
    seats = [SeatConfig(name="Ola", display="none", speech="none")] + [
        SeatConfig(name=f"Komputer {k + 1}", kind="computer", display="none", speech="none")
        for k in range(computers)
    ]
    others = [SeatOutput(name=s.name, lang="pl", verbosity="beginner") for s in seats[1:]]
    session = new_session(kit, seats, seed=7, journal_path=tmp_path / "g.jsonl",
                          lexicon=english if kit.word_lang == "en" else polish,
                          outputs=[out, *others])
    session.confirm_end = True  # as at a terminal: the goodbye is read before the table closes
    loop = threading.Thread(target=session.run, daemon=True)
    loop.start()
    lines = iter(SCRIPTS[game])

    def press(key: str) -> None:
        """A person reads what is on the cells before pressing again."""
        keys.press(emulator, key, KEY_SECONDS)

    try:
        deadline = time.monotonic() + 90
        _carried_out(session)
        while loop.is_alive() and time.monotonic() < deadline:
            if out.news_waiting:
                # The reader goes to the message line and pans on through the news.
                press("pan_right" if out.current_line == "message" else "top")
            elif not out.unread_news:
                line = next(lines, None)
                if line is None:
                    break
                session.inputs.put(Input(0, line))
                # (The line's news is all told before the reader moves again: a turn not
                # read before the reader moved again is stale, and not shown.)
                _carried_out(session)
            elif out.current_line == "message":
                press("pan_right")  # the last message, read to its end
            else:
                _carried_out(session)
        session.inputs.put(Input(0, None))
        loop.join(timeout=10)
        _all_frames_in(emulator, out)
    finally:
        session.close()
        emulator.stop()
    heard = [json.loads(raw)["text"] for raw in record.read_text(encoding="utf-8").splitlines()]
    # What was said, with the marks the seat's cells read it by (letters said by name).
    told = [s for s in out.said if s]
    assert len(told) >= 5 and {strip_marks(s) for s in told} <= set(heard)
    shown = b"\n".join(frames)
    # While a clock runs, its seconds take the last cells of a display without status cells.
    stale = set(out.news.dropped)  # a time warning once time was up, a turn already over
    missing = [strip_marks(s) for s in told if s not in stale
               and _first_window(s, 40) not in shown and _first_window(s, 36) not in shown]
    assert missing == [], f"{len(missing)} of {len(told)} never reached the cells: {missing}"


class _Reader:
    """A seat with no speech on an emulated Baum display, at a table of computers: what its
    cells showed, and a reader who pans on through the news at a person's pace."""

    def __init__(self, game: str, cells: int, tmp_path: Path, lexicon: Any,
                 options: dict[str, Any] | None = None) -> None:
        self.emulator = make_emulator("baum", cells)
        self.frames: list[bytes] = []
        self.emulator.on_cells = lambda cells: self.frames.append(bytes(cells))
        self.emulator.start()
        self.record = tmp_path / "said.jsonl"
        self.out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                              speaker=RecordingSpeaker(self.record))
        self.keys = KeysCarriedOut(self.out)
        self.out.attach_display(open_display(f"baum:{self.emulator.path}",
                                             on_command=self.keys.on_command))
        kit = find_game(game)
        seats = [SeatConfig(name="Ola", display="none", speech="none")] + [
            SeatConfig(name=f"Komputer {k + 1}", kind="computer", display="none",
                       speech="none")
            for k in range(max(1, kit.players[0] - 1))
        ]
        others = [SeatOutput(name=s.name, lang="pl", verbosity="beginner") for s in seats[1:]]
        self.session = new_session(kit, seats, seed=9, journal_path=tmp_path / "g.jsonl",
                                   lexicon=lexicon, outputs=[self.out, *others],
                                   options=options)
        self.loop = threading.Thread(target=self.session.run, daemon=True)

    def read_everything(self, most: float = 90.0) -> None:
        """Pans on through every message waiting, the last one to its end."""
        deadline = time.monotonic() + most
        while self.out.unread_news and time.monotonic() < deadline:
            key = "pan_right" if self.out.current_line == "message" else "top"
            self.keys.press(self.emulator, key, KEY_SECONDS)

    def told(self) -> list[str]:
        """What the seat was told, with the marks its cells read it by (a letter said by its
        name is the letter there)."""
        return [s for s in self.out.said if s]

    def missing(self, cells: int) -> list[str]:
        """What was told and never came to the cells, stale news aside (a turn that was
        over before it was read, a time warning once time was up: issue 39)."""
        shown = b"\n".join(self.frames)
        stale = set(self.out.news.dropped)
        return [s for s in self.told() if _first_window(s, cells) not in shown
                and _first_window(s, cells - 4) not in shown and s not in stale]

    def close(self) -> None:
        self.session.inputs.put(Input(0, None))
        self.loop.join(timeout=10)
        _all_frames_in(self.emulator, self.out)  # ``frames`` whole before the cells go blank
        self.session.close()
        self.emulator.stop()


def test_a_late_computer_thought_does_not_close_the_end_before_the_reader_has_read_it(
    tmp_path: Path, polish: Any
) -> None:
    """Alicja on 14 cells: the game ends on the reader's own "czas" while news still waits on
    the cells, and a computer's thought (it was thinking when the time-up put it out) arrives
    after the end. The table stays open until the reader has read everything, the result
    ("Koniec gry… Filiżanki…") too, and pressed Enter."""
    reader = _Reader("alicja", 14, tmp_path, polish)
    session = reader.session
    session.confirm_end = True
    reader.loop.start()
    try:
        deadline = time.monotonic() + 60
        while not session.state.is_over and time.monotonic() < deadline:
            line = "1" if session.state.phase == "theme" else "czas"
            session.inputs.put(Input(0, line))
            _carried_out(session)
        assert session.state.is_over
        late = Input(1, None, move=("computer", (1, session.moves_played - 1), None))
        session.inputs.put(late)  # what the clock puts on the queue when a thought is done
        _carried_out(session)
        assert reader.loop.is_alive(), "the table closed before the reader read the end"
        assert reader.out.unread_news
        reader.read_everything()
        assert reader.loop.is_alive(), "the table closed before the reader pressed Enter"
        reader.emulator.press_command("enter")  # on the display: its Enter, nothing typed
        reader.loop.join(timeout=10)
        assert not reader.loop.is_alive()
    finally:
        reader.close()
    # On 14 cells news is brailled in its terse form; the result is brailled as it is said.
    final = [s for s in reader.told() if s.startswith("Koniec gry")]
    assert final and final[0] not in reader.missing(14)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_closed_terminal_still_leaves_a_reader_without_speech_the_time_to_read(
    game: str, tmp_path: Path, polish: Any, english: Any
) -> None:
    """A table of people with a seat that reads without hearing: someone says "wyjdź" and
    the terminal closes (its input ends) while every message of the game still waits on
    that seat's cells; the program stays until the reader has read them all, the goodbye
    too, and then leaves by itself. (A script's table, which nobody reads, leaves at once.)"""
    reader = _Reader(game, 40, tmp_path, english if find_game(game).word_lang == "en"
                     else polish)
    session = reader.session
    session.confirm_end = True  # people play here, as at an interactive table
    for line in SCRIPTS[game]:
        session.inputs.put(Input(0, line))
    session.inputs.put(Input(0, None))
    reader.loop.start()
    try:
        deadline = time.monotonic() + 60
        while not session.quit_requested and time.monotonic() < deadline:
            time.sleep(0.05)
        _carried_out(session)  # the end of input too: the table waits for the reader
        assert reader.loop.is_alive(), "the program left before the reader read its news"
        reader.read_everything()
        reader.loop.join(timeout=10)
        assert not reader.loop.is_alive()
    finally:
        reader.close()
    assert len(reader.told()) >= 5
    assert reader.missing(40) == []


# A turn that ran out unread can no longer be: the teapot waits until the turn is on the
# cells (tests/table/test_reader_pace.py, issue 39).
