"""``braille-words resume`` asks whose game it is through the person's own speech and Braille
display, not only in the terminal: a blind child at the default set-up (our voice, our
display, no screen reader) heard and felt nothing and could not choose. Nothing of any game
but its name, its players and when is said or shown before the choice."""

from __future__ import annotations

import io
import json
import os
import pty
import queue
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from braille_words.braille.translator import text_to_cells
from braille_words.displays.base import Display
from braille_words.displays.console import ConsoleDisplay
from braille_words.displays.events import DisplayCommand, cells_to_unicode
from braille_words.present.messages import text
from braille_words.speech.recorder import RecordingSpeaker
from braille_words.table.journal import Header, Journal
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.which_game import describe, line
from braille_words.table.which_game_aloud import choose_on, chooser_seat

WAIT = 60.0


def _eventually(check: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _game(folder: Path, stem: str, game: str, *names: str) -> Path:
    path = folder / f"{stem}.jsonl"
    seats = [{"name": n, "kind": "human", "lang": "pl"} for n in names]
    Journal.create(path, Header(game, 1, seats, {})).close()
    return path


class Chooser:
    """``choose_on`` on a seat with a recording voice and a console display of ``cells``."""

    def __init__(self, paths: list[Path], lang: str, cells: int,
                  display: Display | None = None) -> None:
        self.spoken = io.StringIO()
        self.cells = io.StringIO()
        self.out = SeatOutput(name="", lang=lang, verbosity="beginner",
                              speaker=RecordingSpeaker(self.spoken),
                              display=display or ConsoleDisplay(cells, stream=self.cells))
        self.answers: queue.Queue[str | None] = queue.Queue()
        self.chosen: list[Path | None] = []
        self.thread = threading.Thread(
            target=lambda: self.chosen.append(choose_on(self.out, self.answers, paths, lang)),
            daemon=True)
        self.thread.start()

    def said(self) -> list[str]:
        return [json.loads(r)["text"] for r in self.spoken.getvalue().splitlines()
                if json.loads(r)["text"]]

    def key(self, name: str, arg: int | None = None) -> None:
        self.out.on_display_command(DisplayCommand(name, arg))

    def result(self) -> Path | None:
        self.thread.join(WAIT)
        assert not self.thread.is_alive()
        return self.chosen[0]


def test_the_question_is_said_and_shown_on_the_cells_and_a_routing_key_chooses(
    tmp_path: Path,
) -> None:
    """Two games: each said with its number, the question said and on the cells; the reader
    moves down to Ola's line and presses a routing key over it."""
    kuba = _game(tmp_path, "b", "seven_words", "Kuba")
    ola = _game(tmp_path, "a", "word_rummikub", "Ola", "Komputer")
    asking = Chooser([kuba, ola], "pl", 40)
    question = text("pl", "resume_which", count=2)
    _eventually(lambda: question in asking.said(), "the question said")
    assert asking.said() == [text("pl", "resume_games", count=2),
                             f"1. {line(describe(kuba), 'pl')}",
                             f"2. {line(describe(ola), 'pl')}", question]
    _eventually(lambda: cells_to_unicode(text_to_cells("Która jest", "pl"))
                in asking.cells.getvalue(), "the question on the cells")
    asking.key("line_down")
    asking.key("line_down")
    assert asking.out.current_line == "game2"
    key = asking.out.key_for(("game2", 0))
    assert key is not None
    asking.key("route", key)
    assert asking.result() == ola


@pytest.mark.parametrize(("keys", "mine"), [(["route"], True), (["cancel"], False)])
def test_the_only_game_is_taken_by_its_routing_key_and_refused_by_cancel(
    tmp_path: Path, keys: list[str], mine: bool,
) -> None:
    game = _game(tmp_path, "a", "word_rummikub", "Ola", "Komputer")
    asking = Chooser([game], "en", 14)
    question = text("en", "resume_is_it_yours")
    _eventually(lambda: question in asking.said(), "the question said")
    asking.key("line_down")
    for name in keys:
        asking.key(name, asking.out.key_for(("game1", 0)) if name == "route" else None)
    assert asking.result() == (game if mine else None)
    if not mine:
        _eventually(lambda: asking.said()[-1] == text("en", "resume_not_opened"), "no game")


def test_a_display_with_keys_of_its_own_is_told_what_they_do(tmp_path: Path) -> None:
    """The console's picture of a display has no routing keys; a real one has."""
    game = _game(tmp_path, "a", "word_rummikub", "Ola")
    asking = Chooser([game], "pl", 40, display=Display(40, 0, name="emulated"))
    question = text("pl", "resume_is_it_yours")
    _eventually(lambda: question in asking.said(), "the question said")
    assert asking.said()[-2:] == [text("pl", "resume_display_keys"), question]
    asking.key("cancel")
    assert asking.result() is None


def test_repeat_says_the_games_again_and_stop_silences_without_asking_again(
    tmp_path: Path,
) -> None:
    games = [_game(tmp_path, "a", "word_rummikub", "Ola"), _game(tmp_path, "b", "alicja", "Jan")]
    asking = Chooser(games, "pl", 40)
    question = text("pl", "resume_which", count=2)
    _eventually(lambda: question in asking.said(), "the question said")
    asking.answers.put("powtórz")
    _eventually(lambda: asking.said().count(question) == 2, "the question again")
    assert asking.said()[4:] == asking.said()[:4]
    asking.answers.put("cisza")
    asking.key("repeat")  # the display's repeat key, after the stop was carried out
    _eventually(lambda: asking.said().count(question) == 3, "repeated from the display")
    stops = [r for r in asking.spoken.getvalue().splitlines() if not json.loads(r)["text"]]
    assert stops  # "cisza" stopped the speech
    asking.answers.put("2")
    assert asking.result() == games[1]


def test_the_question_goes_to_the_newest_games_devices_unless_others_are_given() -> None:
    saved = [SeatConfig("Ada", kind="computer"),
             SeatConfig("Ola", speech="espeak", display="console:14")]
    assert (chooser_seat(saved, "pl", None, None).speech,
            chooser_seat(saved, "pl", None, None).display) == ("espeak", "console:14")
    given = chooser_seat(saved, "en", "text", "none")
    assert (given.speech, given.display, given.lang, given.name) == ("text", "none", "en", "")
    # A script's game, saved with neither voice nor display: the question is printed.
    silent = [SeatConfig("Ola", speech="none", display="none")]
    assert chooser_seat(silent, "pl", None, None).speech == "text"


def test_at_a_terminal_nothing_of_a_game_is_said_or_shown_before_the_person_chooses(
    data: Path, tmp_path: Path,
) -> None:
    """Two real games saved mid-play; ``resume`` in a terminal with a recording voice and a
    14-cell console display says only the chooser's sentences until '2' is typed, and then
    goes on with Ola's game, on those devices."""
    env = dict(os.environ, BRAILLE_WORDS_DATA=str(data))
    base = ("--display", "none", "--speech", "text", "--no-timer")
    for args in (("rummikub", "--players", "human,computer", "--seat", "1:name=Ola",
                  "--seed", "5"),
                 ("siedem-slow", "--players", "human", "--seat", "1:name=Kuba", "--seed", "4")):
        subprocess.run([sys.executable, "-m", "braille_words.cli", "play", *args, *base],
                       input="wyjdź\n", capture_output=True, text=True, timeout=180, env=env,
                       check=True)
    record = tmp_path / "speech.jsonl"
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "resume", "--speech", f"record:{record}",
         "--display", "console:14", "--no-timer"],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True, env=env)
    screen = bytearray()

    def said() -> list[str]:
        if not record.exists():
            return []
        return [json.loads(r)["text"] for r in record.read_text("utf-8").splitlines()]

    def read() -> str:
        while select.select([master], [], [], 0.05)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            screen.extend(chunk)
        return screen.decode("utf-8", "replace")

    try:
        question = text("pl", "resume_which", count=2)
        _eventually(lambda: question in said() and bool(read()), "the question")
        before = said()
        assert before[0] == text("pl", "resume_games", count=2)
        assert before[1].startswith("1. 7 słów: Kuba; ")
        assert before[2].startswith("2. Rummikub Słowny: Ola, ")
        assert before[3:] == [question]
        shown = read()
        assert cells_to_unicode(text_to_cells("Na tym", "pl")) in shown
        assert "Stojak" not in shown
        os.write(master, b"2\r")
        _eventually(lambda: any(s.startswith("Wznowiono") for s in said()), "Ola's game")
        os.write(master, "wyjdź\r".encode())
        assert proc.wait(WAIT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)
