"""The clock waits for the cells (issue 39): a seat that reads without hearing plays the two
timed games against computers at a reader's pace, a window every two seconds, on an emulated
40-cell display. The table's time is a manual scheduler the reader moves on as they read, so
a whole game takes seconds, and each reading costs the clock what it would cost a person.

Every turn and vote prompt must reach the reader's cells before their own time starts (the
teapot, the vote's time and the hourglass stand full until then), and the reader is never put
out, nor loses a round, because they were still reading."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from braille_words.audio.timers import ManualScheduler
from braille_words.displays.emulators import make_emulator
from braille_words.displays.serial_display import SerialDisplay
from braille_words.displays.spec import open_display
from braille_words.games.registry import find_game
from braille_words.speech.recorder import RecordingSpeaker
from braille_words.speech.speaker import for_cells, strip_marks
from braille_words.table.clock import TableClock
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.reading_pace import READING
from braille_words.table.seats import SeatConfig
from braille_words.table.session import AnySession, Input
from tests.table.conftest import KeysCarriedOut

WINDOW_SECONDS = 2.0
"""How long the reader takes over one window of 40 cells."""
SETTLE_SECONDS = 60.0
"""Real seconds before a table that never comes to rest, or a key never carried out, fails
the test (a busy machine takes seconds; the table's own time is the test's)."""


class _PacedReader:
    """Ola reads without hearing; computers fill the other seats; time is the test's."""

    def __init__(self, game: str, tmp_path: Path, lexicon: Any, cells: int = 40) -> None:
        self.emulator = make_emulator("baum", cells)
        self.frames: list[bytes] = []
        self.emulator.on_cells = lambda shown: self.frames.append(bytes(shown))
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
        self.session: AnySession = new_session(
            kit, seats, seed=11, journal_path=tmp_path / "g.jsonl", lexicon=lexicon,
            outputs=[self.out, *others])
        self.scheduler = ManualScheduler()
        self.session.clock = TableClock(self.session._on_timer, self.scheduler)
        self.session.think = True  # people play in real time: the computers take theirs
        self.loop = threading.Thread(target=self.session.run, daemon=True)
        self.late: list[str] = []
        """Prompts that reached the cells after the seat's own countdown had begun."""
        self.prompts = 0
        self.checked: list[str] = []
        """Every prompt whose clock was looked at as it reached the cells."""

    def settle(self) -> None:
        """Wait until the table has carried out everything queued, looked at its reader
        since the test last acted, and waits for more (it says so: ``TableInputs.poke`` and
        ``wait_idle``); at once when the loop has ended. A table that never comes to rest
        fails the test: going on while its loop still moves would race it."""
        self.session.inputs.poke()
        deadline = time.monotonic() + SETTLE_SECONDS
        while self.loop.is_alive():
            if self.session.inputs.wait_idle(0.05):
                return
            assert time.monotonic() < deadline, "the table never came to rest"

    def pass_time(self, seconds: float) -> None:
        """Time goes by for the table (its clock, the computers' thinking)."""
        for _ in range(round(seconds / 0.5)):
            self.scheduler.advance(0.5)
            self.settle()

    def _own_clock(self) -> tuple[float, float] | None:
        """(seconds left, full length) of a countdown that is Ola's now, if one runs."""
        clock = self.session.clock
        assert clock is not None
        running = clock.running
        if running is None or 0 not in self.session.state.awaiting:
            return None
        left = clock.remaining()
        return None if left is None else (left, running.seconds)

    def read_one_window(self) -> None:
        """One window read: the next key, then two seconds of the table's time. When Ola's
        prompt has just come to the cells, her countdown must not have moved yet."""
        before = self.out.prompt_delivered
        key = "pan_right" if self.out.current_line == "message" else "top"
        # Until the seat has carried the key out (its display's reader thread says so), not
        # until some frame comes: under load the frame that comes first can be an older one
        # (a clock's tick) still in the pty, and the prompt the key brings would then reach
        # the cells unchecked, while the table's time went on.
        self.keys.press(self.emulator, key, SETTLE_SECONDS)
        self.settle()
        if not before and self.out.prompt_delivered:
            self._check_full(self.out.news.turn_said)
        self.pass_time(WINDOW_SECONDS)

    def _check_full(self, prompt: str) -> None:
        self.prompts += 1
        self.checked.append(prompt)
        own = self._own_clock()
        if own is not None and own[0] < own[1] - 0.01:
            self.late.append(f"{prompt} ({own[0]:.1f} of {own[1]:.0f} s left)")

    def answer(self) -> None:
        """Ola's move, as a child who knows the game would type it (the hint's move)."""
        session = self.session
        view = session.state.view_for(0)
        move = session.kit.computer.hint(session.rules, session.state, 0)
        if move is not None:
            # The line the hint tells the player to type (the hint says more: its points).
            line = session.kit.commands.to_command(move, view, "pl")
        elif session.state.phase == "theme":
            line = "1"
        elif session.state.phase == "vote":
            line = "tak"
        else:
            line = "pas"
        self.pass_time(WINDOW_SECONDS)  # typing it takes a moment too
        session.inputs.put(Input(0, line))
        self.settle()

    def play(self, most_steps: int = 4000) -> None:
        session, out = self.session, self.out
        self.loop.start()
        self.settle()
        if out.prompt_delivered and 0 in session.state.awaiting:
            self._check_full(out.news.turn_said)
        answered: tuple[int, Any] | None = None
        for _ in range(most_steps):
            if session.state.is_over or not self.loop.is_alive():
                break
            position = (session.moves_played, session.kit.presenter.prompt_key(
                session.state.view_for(0)))
            if 0 in session.state.awaiting and out.prompt_delivered and answered != position:
                answered = position
                self.answer()
            elif out.unread_news:
                self.read_one_window()
            else:
                self.pass_time(1.0)
        self.read_rest()

    def read_rest(self) -> None:
        for _ in range(400):
            if not self.out.unread_news:
                return
            self.read_one_window()

    def told(self) -> list[str]:
        """What the seat was told, with the marks its cells read it by (a letter said by its
        name is the letter there); its speech recorded the same sentences, as said."""
        lines = self.record.read_text(encoding="utf-8").splitlines()
        heard = [json.loads(raw)["text"] for raw in lines if json.loads(raw).get("text")]
        told = [s for s in self.out.said if s]
        assert {strip_marks(s) for s in told} <= set(heard)
        return told

    def close(self) -> None:
        self.session.inputs.put(Input(0, None))
        self.loop.join(timeout=10)
        # Every frame written has reached the emulator (``frames``) before the cells go blank.
        display = self.out.display
        assert isinstance(display, SerialDisplay)
        sent = display.frames_sent
        assert self.emulator.wait_for_frames(sent, timeout=SETTLE_SECONDS), "a frame was lost"
        self.session.close()
        self.emulator.stop()


@pytest.mark.parametrize("cells", [40, 14])
@pytest.mark.parametrize("game", ["alicja", "siedem-slow"])
def test_a_reader_sees_every_prompt_before_their_time_starts_and_loses_nothing_to_reading(
    game: str, cells: int, tmp_path: Path, polish: Any
) -> None:
    """At 14 cells too: three times the windows, the same two seconds each, and the clock's
    seconds take four of the cells."""
    reader = _PacedReader(game, tmp_path, polish, cells=cells)
    try:
        reader.play()
        assert reader.session.state.is_over, "the game did not end"
    finally:
        reader.close()
    assert reader.prompts >= 3
    assert reader.late == [], f"prompts read after the seat's time had begun: {reader.late}"
    told = reader.told()
    # Alicja: out because the teapot stopped; 7 słów: a round with no word of hers.
    lost = [s for s in told if ("Ola odpada" in s and "czas" in s)
            or "Ola: bez słowa" in s or "Gracz Ola nie ma słowa" in s]
    assert lost == [], f"lost to reading: {lost}"


def test_a_turn_waits_unread_and_the_teapot_stands_still_until_it_is_read(
    tmp_path: Path, polish: Any
) -> None:
    """Alicja: Ola does not look up from older news when her turn comes. Her teapot stands
    full for as long as she reads elsewhere; once her turn reaches the cells it runs."""
    reader = _PacedReader("alicja", tmp_path, polish)
    session, out = reader.session, reader.out
    reader.loop.start()
    try:
        reader.settle()
        for _ in range(200):
            if 0 in session.state.awaiting and session.state.phase == "theme":
                session.inputs.put(Input(0, "1"))
                reader.settle()
            if session.state.phase != "theme" and 0 in session.state.awaiting:
                break
            if out.unread_news:
                reader.read_one_window()
            else:
                reader.pass_time(1.0)
        assert 0 in session.state.awaiting
        clock = session.clock
        assert clock is not None and clock.running is not None
        if not out.prompt_delivered:
            reader.scheduler.advance(60)  # a minute elsewhere: her teapot waits for her
            reader.settle()
            assert clock.held(READING)
            assert 0 in session.state.awaiting
            while not out.prompt_delivered:
                reader.read_one_window()
        reader.settle()
        assert not clock.held(READING)
        left = clock.remaining()
        assert left is not None and left > 0
        reader.pass_time(left + 1)
        assert 0 not in session.state.awaiting or session.state.phase != "talk"
    finally:
        reader.close()


class _Voice:
    """A speaker still saying what it was given until the test says it is done."""

    def __init__(self) -> None:
        self.saying = False
        self.said: list[str] = []

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        self.said.append(text)
        self.saying = True

    def busy(self) -> bool:
        return self.saying

    def stop(self) -> None:
        self.saying = False

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "test"

    def close(self) -> None:
        pass


def test_the_teapot_starts_when_the_turn_has_been_said(tmp_path: Path, polish: Any) -> None:
    """Issue 33 §5: the teapot started right after a long round summary, while the turn was
    still being said. It waits until speech has said the turn to its end."""
    voice = _Voice()
    kit = find_game("alicja")
    seats = [SeatConfig(name="Ola", display="none", speech="none")] + [
        SeatConfig(name=f"Komputer {k + 1}", kind="computer", display="none", speech="none")
        for k in range(2)]
    outputs = [SeatOutput(name="Ola", lang="pl", verbosity="beginner", speaker=voice)] + [
        SeatOutput(name=s.name, lang="pl", verbosity="beginner") for s in seats[1:]]
    session = new_session(kit, seats, seed=11, journal_path=tmp_path / "g.jsonl",
                          lexicon=polish, outputs=outputs)
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    try:
        session._prompt()
        session._sync_clock()
        session.handle(0, "1")  # the Queen of Hearts chooses the theme; she speaks first
        assert 0 in session.state.awaiting and session.state.phase == "talk"
        clock = session.clock
        assert clock.running is not None and clock.held(READING)
        full = clock.remaining()
        scheduler.advance(20)
        session.pump()
        assert 0 in session.state.awaiting and clock.remaining() == full
        voice.saying = False  # the turn has been said to its end
        session._hold_for_readers(fresh=False)
        assert not clock.held(READING)
        scheduler.advance((full or 0) + 1)
        session.pump()
        assert 0 not in session.state.active  # now her time was hers, and it ran out
    finally:
        session.close()


def test_a_vote_reaches_the_reader_before_her_vote_time_starts_and_her_vote_counts(
    tmp_path: Path, polish: Any
) -> None:
    """Alicja: Komputer 2 challenges Komputer 1's word while Ola is still reading. The vote's
    question ("Głosuj: …") must reach her cells with the vote's time standing full, and her
    ballot must be one of those counted (issue 39: the vote closed without the player)."""
    reader = _PacedReader("alicja", tmp_path, polish)
    session, out = reader.session, reader.out
    reader.loop.start()
    challenged = voted = False
    answered: tuple[int, Any] | None = None
    try:
        reader.settle()
        for _ in range(2000):
            state = session.state
            if state.is_over or (voted and state.phase != "vote"):
                break
            if (not challenged and state.phase == "talk" and state.last is not None
                    and state.said[state.last][0] == 1 and state.current == 2):
                session.inputs.put(Input(2, "wyzwanie"))
                challenged = True
                reader.settle()
                assert session.state.phase == "vote", "the challenge did not start a vote"
                if out.prompt_delivered:  # on the cells at once: the clock must be full
                    reader._check_full(out.news.turn_said)
                continue
            position = (session.moves_played, session.kit.presenter.prompt_key(
                state.view_for(0)))
            if 0 in state.awaiting and out.prompt_delivered and answered != position:
                answered = position
                if state.phase == "vote":
                    assert out.news.turn_said.startswith("Głosuj:"), out.news.turn_said
                    reader.pass_time(WINDOW_SECONDS)  # typing it takes a moment too
                    session.inputs.put(Input(0, "nie"))
                    reader.settle()
                    voted = True
                else:
                    reader.answer()
            elif out.unread_news:
                reader.read_one_window()
            else:
                reader.pass_time(1.0)
        reader.read_rest()
    finally:
        reader.close()
    assert challenged and voted, "no vote came to Ola"
    assert any(p.startswith("Głosuj:") for p in reader.checked), reader.checked
    assert reader.late == [], f"prompts read after the seat's time had begun: {reader.late}"
    journal = [json.loads(raw) for raw in
               (tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines() if raw.strip()]
    ballots = [line for line in journal if line.get("seat") == 0
               and "vote" in json.dumps(line.get("move", line))]
    assert ballots, "Ola's ballot was not played"
    counts = [tuple(int(n) for n in found) for s in reader.told()
              for found in re.findall(r"Za: (\d+), przeciw: (\d+)\.", s)]
    # Two voters (Ola and the challenger; the speaker does not vote): both ballots counted.
    assert counts and sum(counts[0]) == 2 and counts[0][1] >= 1, \
        f"her ballot was not counted: {counts}"


def _windows(sentence: str, cells: int) -> list[bytes]:
    """Every window of ``sentence`` on a line of ``cells`` cells, as the pager cuts it."""
    from braille_words.braille import text_line
    from braille_words.braille.view import Pager

    pager = Pager(text_line(for_cells(sentence), "pl"), cells)
    windows = [pager.frame().cells.rstrip(b"\x00")]
    while pager.pan_right():
        windows.append(pager.frame().cells.rstrip(b"\x00"))
    return windows


def _unmarked(frame: bytes) -> bytes:
    """A frame without the waiting-news mark (dots 7 and 8 of its last cell)."""
    return (frame[:-1] + bytes([frame[-1] & 0x3F])).rstrip(b"\x00") if frame else frame


def test_news_before_an_untimed_turn_is_read_whole_before_the_turn_shows(
    tmp_path: Path, english: Any
) -> None:
    """Issue 39 (Word Thief at 40 cells, played): "Your turn", with a table on which Ada had
    already stolen the reader's word, came before the sentence saying she had, and once only
    the first window of "Player lays TAX: 20." reached the cells before the turn replaced it.
    With no clock waiting on it, a turn comes in its order: every window of every sentence
    told before it reaches the cells before its first window does."""
    reader = _PacedReader("thief", tmp_path, english)
    try:
        reader.play(most_steps=150)
    finally:
        reader.close()
    told = reader.told()
    frames = [_unmarked(frame) for frame in reader.frames]
    turns = [k for k, said in enumerate(told) if said.startswith("Twój ruch")]
    assert len(turns) >= 3, told
    stale = set(reader.out.news.dropped)

    def first_at(window: bytes, after: int = 0) -> int:
        return next((k for k in range(after, len(frames)) if frames[k] == window), -1)

    checked = 0
    start = floor = 0
    for turn in turns:
        # From the frame after the last turn was read, not from a count of sentences: two
        # turns whose hands begin alike ("Twój ruch. Ręka, 7 kart: ar czerwony") share their
        # first window.
        shown_at = first_at(_windows(told[turn], 40)[0], floor)
        assert shown_at >= 0, f"the turn never reached the cells: {told[turn]}"
        for said in told[start:turn]:
            if said in stale:
                continue
            for window in _windows(said, 40):
                at = first_at(window, floor)
                assert 0 <= at < shown_at, f"not read whole before the turn: {said!r}"
            checked += 1
        end = first_at(_windows(told[turn], 40)[-1], shown_at)
        start, floor = turn + 1, max(end, shown_at) + 1
    assert checked >= 5


def test_a_question_still_before_the_reader_is_not_asked_again_word_for_word(
    tmp_path: Path, polish: Any
) -> None:
    """Issue 39 (7 słów at 40 cells, played): "Wyzwanie? Powiedz „wyzwanie” i imię gracza
    albo „gotowe”." came three times in one round as the hourglass ran out and the computer
    finished: the game's moment changed (its prompt key), its question to the reader did
    not, and the same words again were clutter on the cells."""
    reader = _PacedReader("siedem-slow", tmp_path, polish)
    session = reader.session
    try:
        session._prompt()
        asked = reader.out.news.turn_said
        assert asked and 0 in session.state.awaiting
        for _ in range(40):
            if not reader.out.unread_news:
                break
            reader.read_one_window()
        assert reader.out.prompt_delivered and not reader.out.unread_news
        session._prompt_keys[0] = ("another moment",)  # as when the phase moves on
        session._prompt()
        assert reader.out.unread_news == 0, "the same question came to the cells again"
    finally:
        session.close()
        reader.emulator.stop()
