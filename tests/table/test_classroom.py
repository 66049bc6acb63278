"""A classroom at one computer (issue 19): Ola and Janek on their own displays, Ewa on speech
only at the terminal or a keyboard of her own, and the teacher at the console. Each test is a
point the teacher met: whose keyboard acts for whom, the console's commands, leaving, ending,
and an unplugged display."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import KEYBOARD, Session

NAMES = ("Ola", "Janek", "Ewa")


class Voice:
    """A speaker that keeps what it was told to do, so a test hears whose speech was cut."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.stops = 0

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        self.spoken.append(text)

    def stop(self) -> None:
        self.stops += 1

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "test voice"

    def close(self) -> None:
        pass


def _table(
    tmp_path: Path,
    polish: Any,
    *,
    ewa_keyboard: str = "terminal",
    teacher: bool = False,
    seed: int = 3,
) -> tuple[Session[Any, Any, Any], list[io.StringIO], io.StringIO, list[Voice]]:
    keyboards = ("none", "none", ewa_keyboard)
    seats = [
        SeatConfig(name=n, display="none", speech="none", keyboard=k)
        for n, k in zip(NAMES, keyboards, strict=True)
    ]
    streams = [io.StringIO() for _ in seats]
    voices = [Voice() for _ in seats]
    outputs = [
        SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i],
                   speaker=voices[i])
        for i, s in enumerate(seats)
    ]
    session = new_session(
        find_game("rummikub"),
        seats,
        seed=seed,
        journal_path=tmp_path / "lesson.jsonl",
        lexicon=polish,
        outputs=outputs,
    )
    console = io.StringIO()
    if teacher:
        session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                     transcript=console)
    return session, streams, console, voices


def _state(session: Session[Any, Any, Any]) -> str:
    return json.dumps(session.state.to_json(), sort_keys=True)


def _turn(session: Session[Any, Any, Any]) -> int:
    return min(session.state.awaiting)


def _with_ewa_waiting(session: Session[Any, Any, Any]) -> int:
    """Play draws until it is Ola's or Janek's turn (Ewa waits); returns the seat to move."""
    for _ in range(3):
        seat = _turn(session)
        if seat != 2:
            return seat
        session.handle(seat, "dobierz")
    raise AssertionError("Ewa kept the turn")


def test_the_terminal_acts_only_for_the_seat_that_owns_it(tmp_path: Path, polish: Any) -> None:
    session, streams, _console, _voices = _table(tmp_path, polish)
    mover = _with_ewa_waiting(session)
    before = _state(session)
    heard_by_mover = streams[mover].getvalue()
    session.handle(KEYBOARD, "cofnij")
    session.handle(KEYBOARD, "dobierz")
    assert _state(session) == before  # Ola's turn was neither undone nor passed
    assert streams[mover].getvalue() == heard_by_mover
    said = streams[2].getvalue()
    assert f"Teraz gra: {NAMES[mover]}. Możesz czytać swoje litery i stół." in said


def test_out_of_turn_the_keyboard_reads_its_own_seats_rack(tmp_path: Path, polish: Any) -> None:
    from braille_words.games.word_rummikub.presenter import read_rack
    from braille_words.speech.speaker import strip_marks

    session, streams, _console, _voices = _table(tmp_path, polish)
    mover = _with_ewa_waiting(session)
    session.handle(KEYBOARD, "stojak")
    # (as said: letters by their names)
    ewa_rack = strip_marks(read_rack(session.state.view_for(2), "pl", "beginner"))
    mover_rack = strip_marks(read_rack(session.state.view_for(mover), "pl", "beginner"))
    assert ewa_rack in streams[2].getvalue()
    assert mover_rack not in streams[2].getvalue()


def test_a_key_at_the_terminal_cuts_only_its_own_seats_speech(
    tmp_path: Path, polish: Any
) -> None:
    session, _streams, _console, voices = _table(tmp_path, polish)
    _with_ewa_waiting(session)
    stops = [v.stops for v in voices]
    session.keyboard_key()
    assert [v.stops - s for v, s in zip(voices, stops, strict=True)] == [0, 0, 1]


def test_a_terminal_that_belongs_to_no_seat_is_the_teachers_console(
    tmp_path: Path, polish: Any
) -> None:
    session, _streams, console, voices = _table(tmp_path, polish, ewa_keyboard="none",
                                               teacher=True)
    before = _state(session)
    stops = [v.stops for v in voices]
    session.handle(KEYBOARD, "dobierz")
    session.keyboard_key()
    assert _state(session) == before  # nobody's move
    assert [v.stops for v in voices] == stops  # nobody's speech
    assert "Nie znam polecenia konsoli „dobierz”" in console.getvalue()
    session.handle(KEYBOARD, "pomoc")
    assert "Konsola nauczyciela: pauza" in console.getvalue()
    session.handle(_turn(session), "dobierz")
    session.handle(KEYBOARD, "")
    status = console.getvalue().splitlines()[-1]
    assert f"Ruch: {NAMES[_turn(session)]}." in status
    assert "Ostatnio: " in status and "dobiera" in status  # the last move


def test_a_console_following_another_table_says_no_moves_yet_its_status_has_the_last(
    tmp_path: Path, polish: Any
) -> None:
    session, _streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    session.console_follows = False  # a host's console chose another table (``stół N``)
    heard = console.getvalue()
    session.handle(_turn(session), "dobierz")
    assert console.getvalue() == heard  # the move is not said on the console
    session.handle(KEYBOARD, "")
    status = console.getvalue().splitlines()[-1]
    assert "Ostatnio: " in status and "dobiera" in status  # yet "stan" tells it
    session.console_follows = True
    session.handle(_turn(session), "dobierz")
    assert "dobiera" in console.getvalue().split(status, 1)[1]  # followed: said at once


def test_the_hosts_console_follows_the_moves_of_the_table_chosen_with_stol() -> None:
    from types import SimpleNamespace

    from braille_words.net.cli import _follow, _host_command

    tables = [SimpleNamespace(session=SimpleNamespace(console_follows=True), title="Gra",
                              label=lambda lang, n=n: f"Stół {n}") for n in (1, 2, 3)]
    _follow(tables, tables[0])
    assert [t.session.console_follows for t in tables] == [True, False, False]
    chosen = [tables[0]]
    said: list[str] = []
    console = SimpleNamespace(announce=said.append, verbosity="beginner")
    assert _host_command(None, tables, chosen, console, "pl", "stół 2")
    assert [t.session.console_follows for t in tables] == [False, True, False]
    assert said == ["Stół 2: Gra. Konsola mówi teraz ruchy tego stołu."]
    _follow(tables[:1], tables[0])
    assert tables[0].session.console_follows  # one table: always followed


def test_the_teacher_pauses_and_nobody_moves_until_go_on(tmp_path: Path, polish: Any) -> None:
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    session.handle(KEYBOARD, "pauza")
    for stream in streams:
        assert "Nauczyciel wstrzymuje grę." in stream.getvalue()
    assert "Gra wstrzymana, zegar stoi. „dalej” ją wznowi." in console.getvalue()
    mover = _turn(session)
    before = _state(session)
    session.handle(mover, "dobierz")
    assert _state(session) == before
    assert "Gra jest wstrzymana. Możesz czytać" in streams[mover].getvalue().splitlines()[-1]
    session.handle(mover, "stojak")  # reading still works
    assert "Stojak" in streams[mover].getvalue().splitlines()[-1]
    session.handle(KEYBOARD, "dalej")
    assert "Gramy dalej." in streams[(mover + 1) % 3].getvalue()
    session.handle(mover, "dobierz")
    assert _state(session) != before


def test_pause_stops_the_clock_and_more_time_adds_to_it(tmp_path: Path, polish: Any) -> None:
    from braille_words.audio.timers import ManualScheduler
    from braille_words.table.clock import TableClock

    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none") for n in NAMES]
    streams = [io.StringIO() for _ in seats]
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
               for i, s in enumerate(seats)]
    session = new_session(find_game("rummikub"), seats, seed=3,
                          options={"move_limit_seconds": 60},
                          journal_path=tmp_path / "lesson.jsonl", lexicon=polish,
                          outputs=outputs)
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=io.StringIO())
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session._sync_clock()
    clock = session.clock
    scheduler.advance(20)
    session.control.pause()
    session.pump()
    scheduler.advance(100)  # a long pause: the turn's time does not run out
    session.pump()
    assert clock.remaining() == pytest.approx(40)
    session.control.more_time(30)
    session.control.go_on()
    session.pump()
    assert clock.remaining() == pytest.approx(70)
    assert "Nauczyciel daje więcej czasu: 30 s." in streams[0].getvalue()
    scheduler.advance(69)
    session.pump()
    mover = _turn(session)
    scheduler.advance(2)
    session.pump()
    assert _turn(session) != mover  # now the time is up and the turn passes


def test_the_teacher_gives_a_seat_to_the_computer_and_back(tmp_path: Path, polish: Any) -> None:
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                 teacher=True)
    mover = _turn(session)
    name = NAMES[mover]
    session.handle(KEYBOARD, f"komputer {name.lower()}")
    assert f"Komputer gra teraz za: {name}." in streams[(mover + 1) % 3].getvalue()
    assert not session.seats[mover].is_human
    session.handle(KEYBOARD, "stan")
    assert f"Komputer gra za: {name}." in console.getvalue().splitlines()[-1]
    session.handle(KEYBOARD, f"gracz {name}")
    assert session.seats[mover].is_human
    session.close()
    resumed = resume_session(tmp_path / "lesson.jsonl", lexicon=polish,
                             outputs=[SeatOutput(name=n, lang="pl", verbosity="beginner")
                                      for n in NAMES])
    assert resumed.seats[mover].is_human
    resumed.close()


def test_the_teacher_speaks_to_one_seat_or_to_all(tmp_path: Path, polish: Any) -> None:
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    session.handle(KEYBOARD, "powiedz Janek Brawo, dobry ruch")
    assert "Nauczyciel: Brawo, dobry ruch" in streams[1].getvalue()
    assert "Brawo" not in streams[0].getvalue() + streams[2].getvalue()
    session.handle(KEYBOARD, "powiedz wszystkim Zostało pięć minut")
    for stream in streams:
        assert "Nauczyciel: Zostało pięć minut" in stream.getvalue()
    session.handle(KEYBOARD, "powiedz Zosia hej")
    assert "Nie ma przy stole „Zosia”. Przy stole: Ola, Janek, Ewa." in console.getvalue()


def test_the_teacher_ends_the_game_students_hear_the_scores_and_the_teacher_the_file(
    tmp_path: Path, polish: Any
) -> None:
    """Students are told the game is over, its scores and that they may close; where it is
    saved is the teacher's business (a file of the teacher's computer means nothing to a
    student, and over the network it is not even theirs)."""
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    session.handle(KEYBOARD, "koniec")
    assert session.quit_requested
    for stream in streams:
        said = stream.getvalue()
        assert "Nauczyciel kończy grę. Wyniki: Ola: 0; Janek: 0; Ewa: 0." in said
        assert "Możesz zamknąć program." in said and "lesson.jsonl" not in said
    assert "Gra zakończona dla wszystkich i zapisana w" in console.getvalue()


def test_a_student_who_quits_at_a_teachers_table_leaves_and_the_game_waits(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    mover = _turn(session)
    session.handle(mover, "wyjdź")
    assert not session.quit_requested
    assert mover in session.state.awaiting  # the game waits for them
    assert "Odchodzisz od stołu. Gra na ciebie czeka" in streams[mover].getvalue()
    other = (mover + 1) % 3
    assert f"{NAMES[mover]} odchodzi od stołu" in streams[other].getvalue()
    assert f"„komputer {NAMES[mover]}”" in console.getvalue()
    session.handle(mover, "stojak")
    assert f"{NAMES[mover]} wraca do gry." in streams[other].getvalue()


def test_without_a_teacher_the_game_ends_only_when_everyone_says_quit(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, _console, _voices = _table(tmp_path, polish)
    session.handle(0, "wyjdź")
    assert not session.quit_requested
    assert "Ola chce zakończyć grę" in streams[1].getvalue()
    session.handle(1, "wyjdź")
    assert not session.quit_requested
    assert "czekamy na: Ewa" in streams[2].getvalue()
    session.handle(KEYBOARD, "wyjdź")  # Ewa, at the terminal that is hers
    assert session.quit_requested
    for stream in streams:
        assert "Wszyscy zgodzili się zakończyć. Gra zapisana w" in stream.getvalue()


def test_an_unplugged_display_is_told_to_everyone_and_the_game_waits_for_it(
    tmp_path: Path, polish: Any
) -> None:
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    session.outputs[0].on_display_status("display_disconnected")
    session.pump()
    assert session.paused
    assert "Ola: monitor brajlowski odłączony. Gra czeka, aż wróci." in streams[1].getvalue()
    assert "„dalej” wznowi ją bez niego" in console.getvalue()
    mover = _turn(session)
    before = _state(session)
    session.handle(mover, "dobierz")
    assert _state(session) == before
    session.outputs[0].on_display_status("display_reconnected")
    session.pump()
    assert not session.paused
    assert "Ola: monitor brajlowski znów podłączony. Gramy dalej." in streams[2].getvalue()
    session.handle(mover, "dobierz")
    assert _state(session) != before


def test_after_resume_every_seat_hears_whose_turn_it_is(tmp_path: Path, polish: Any) -> None:
    session, _streams, _console, _voices = _table(tmp_path, polish, ewa_keyboard="none")
    session.handle(_turn(session), "dobierz")
    session.close()
    streams = [io.StringIO() for _ in NAMES]
    resumed = resume_session(
        tmp_path / "lesson.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=streams[i])
                 for i, n in enumerate(NAMES)],
    )
    mover = _turn(resumed)
    for seat, stream in enumerate(streams):
        said = stream.getvalue()
        assert said.startswith("Wznowiono zapisaną grę")
        if seat != mover:
            assert f"Ruch: {NAMES[mover]}." in said
    resumed.close()


def test_resume_with_a_display_missing_falls_back_to_speech_in_the_seats_language_and_finds_it(
    tmp_path: Path, polish: Any, until: Any
) -> None:
    from braille_words.displays.emulators import make_emulator

    port = tmp_path / "ttyUSB0"
    seats = [SeatConfig(name="Ola", display=f"baum:{port}", speech="none", keyboard="none"),
             SeatConfig(name="Komputer", kind="computer", display="none", speech="none")]
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner") for s in seats]
    session = new_session(find_game("rummikub"), seats, seed=3,
                          journal_path=tmp_path / "lesson.jsonl", lexicon=polish,
                          outputs=outputs)
    session.close()
    transcript = io.StringIO()
    resumed = resume_session(tmp_path / "lesson.jsonl", lexicon=polish, transcript=transcript)
    emulator = make_emulator("baum", 40)
    emulator.start()
    try:
        said = transcript.getvalue()
        assert "nie udało się otworzyć monitora" in said and "Używam: tylko mowa" in said
        assert "Could not open" not in said
        port.symlink_to(emulator.path)  # plugged in during the game
        assert until(lambda: resumed.outputs[0].display is not None, timeout=20)
        assert until(lambda: "jest podłączony i działa" in transcript.getvalue(), timeout=5)
    finally:
        resumed.close()
        emulator.stop()


class GoneHeadphones(Voice):
    """Headphones pulled out: the sound device refuses every sentence."""

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        raise OSError("PortAudio: device unavailable")


def test_headphones_that_stop_working_are_an_alert_on_the_teachers_console(
    tmp_path: Path, polish: Any
) -> None:
    """Issue 19 §2: alerts such as "Ewa: słuchawki odłączone" on the teacher's status line."""
    session, streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    session.outputs[2].speaker = GoneHeadphones()
    session.handle(2, "stojak")  # Ewa asks for her rack: nothing can be said to her
    session.handle(2, "stół")
    session.pump()
    alerts = console.getvalue().count("Ewa: słuchawki albo urządzenie dźwiękowe nie działają.")
    assert alerts == 1  # told once, not at every sentence
    assert "Słuchawki albo głośnik nie działają" in streams[2].getvalue()
    session.handle(KEYBOARD, "stan")  # and it stays on the status line
    assert "Ewa: słuchawki" in console.getvalue().splitlines()[-1]


def _game_with_teacher(
    tmp_path: Path, polish: Any, game: str, seed: int = 3
) -> tuple[Session[Any, Any, Any], list[io.StringIO], io.StringIO]:
    """Ola, Janek and Ewa at ``game``, each heard on a transcript, and the console."""
    seats = [SeatConfig(name=n, display="none", speech="none", keyboard="none") for n in NAMES]
    streams = [io.StringIO() for _ in seats]
    session = new_session(find_game(game), seats, seed=seed, journal_path=tmp_path / "g.jsonl",
                          lexicon=polish,
                          outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                                              transcript=streams[i])
                                   for i, s in enumerate(seats)])
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    return session, streams, console


def test_the_teacher_rules_on_a_challenged_word_from_the_console(
    tmp_path: Path, polish: Any
) -> None:
    from braille_words.games.alicja.rules import Challenge, ChooseTheme, Say

    session, streams, console = _game_with_teacher(tmp_path, polish, "alicja", seed=1)
    session.handle(KEYBOARD, "orzeknij nie")
    assert "Teraz nie ma czego rozstrzygać." in console.getvalue()
    session.play(0, ChooseTheme(0))
    session.play(0, Say("klaun"))
    session.play(2, Challenge())
    session.handle(KEYBOARD, "orzeknij nie")
    assert "Nauczyciel rozstrzyga: słowo odpada." in streams[1].getvalue()
    assert 0 in session.state.out


def test_a_display_unplugged_at_a_seat_the_computer_holds_is_told_and_nobody_waits(
    tmp_path: Path, polish: Any
) -> None:
    session, _streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                 teacher=True)
    session.handle(KEYBOARD, "komputer Ewa")
    out = session.outputs[2]
    assert out.on_device is not None
    out.on_device("display_disconnected")  # as Ewa's display reports it
    session.pump()
    assert not session.paused  # the computer plays on: nobody waits for that display
    assert "Ewa: monitor brajlowski odłączony (komputer gra" in console.getvalue()
    before = len(console.getvalue())
    session.handle(KEYBOARD, "stan")
    assert "Ewa: monitor brajlowski odłączony" in console.getvalue()[before:]
    out.on_device("display_reconnected")
    session.pump()
    assert "Ewa: monitor brajlowski znów podłączony." in console.getvalue()


def test_after_resume_the_teacher_hears_where_the_game_stands_and_every_person_whose_turn(
    tmp_path: Path, polish: Any
) -> None:
    session, _streams, _console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                  teacher=True)
    session.handle(KEYBOARD, "komputer Ewa")
    assert session.journal is not None
    path = session.journal.path
    session.close()
    streams = [io.StringIO() for _ in NAMES]
    resumed = resume_session(path, lexicon=polish, outputs=[
        SeatOutput(name=n, lang="pl", verbosity="beginner", transcript=streams[i])
        for i, n in enumerate(NAMES)])
    console = io.StringIO()
    resumed.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    try:
        resumed.tell_teacher_resumed()
        said = console.getvalue()
        mover = NAMES[min(resumed.state.awaiting)]
        assert "Wznowiono" in said and f"Ruch: {mover}" in said and "Ewa" in said
        if mover != "Ewa":  # the computer holds Ewa's seat; her speaker is told too
            assert f"Ruch: {mover}" in streams[2].getvalue()
    finally:
        resumed.close()


def test_the_console_reads_every_move_in_the_teachers_own_language_however_often_it_repeats(
    tmp_path: Path, polish: Any
) -> None:
    """Each of a game's many draws is worded for the teacher, and the same draw again reads
    the same; once the teacher's console speaks English, so does the next move's news (the
    teacher's wording of an event is kept only for the language it was made in)."""
    session, _streams, console, _voices = _table(tmp_path, polish, ewa_keyboard="none",
                                                teacher=True)
    assert session.teacher is not None
    drawers = []
    for _ in range(4):
        seat = _turn(session)
        drawers.append(NAMES[seat])
        session.handle(seat, "dobierz")
    lines = console.getvalue().splitlines()
    for name in drawers:
        assert any(name in line and "dobiera" in line for line in lines)
    session.teacher.lang = "en"
    seat = _turn(session)
    session.handle(seat, "dobierz")
    last = console.getvalue().splitlines()[-1]
    assert f"{NAMES[seat]} drew 1 tile." in last and "dobiera" not in last


@pytest.mark.parametrize(("game", "not_said"), [("scrabble-karty", "pasuje"),
                                                ("rummikub", "koniec czasu")])
def test_a_skipped_move_is_told_once_as_the_teachers_skip_not_as_a_pass_or_time_up(
    tmp_path: Path, polish: Any, game: str, not_said: str
) -> None:
    """Play-tested: "Nauczyciel pomija ruch: Ewa." was followed by "Ewa pasuje." (Scrabble
    karty) or "Ewa: koniec czasu." (Rummikub), as if Ewa had passed or run out of time."""
    session, streams, console = _game_with_teacher(tmp_path, polish, game)
    try:
        mover = _turn(session)
        marks = [len(s.getvalue()) for s in streams]
        session.handle(KEYBOARD, "pomiń")
        assert mover not in session.state.awaiting
        for stream, mark in zip(streams, marks, strict=True):
            heard = stream.getvalue()[mark:]
            assert heard.count(f"Nauczyciel pomija ruch: {NAMES[mover]}.") == 1
            assert not_said not in heard
        assert not_said not in console.getvalue()
    finally:
        session.close()


def test_a_skipped_alicja_turn_puts_the_player_out_without_saying_time_ran_out(
    tmp_path: Path, polish: Any
) -> None:
    """The skip is the teapot's time-up in Alicja: the player is out, but "Janek odpada —
    skończył się czas" said a time-up that never happened."""
    session, streams, console = _game_with_teacher(tmp_path, polish, "alicja", seed=2)
    try:
        queen = session.state.current
        session.handle(queen, "1")
        speaker = session.state.current
        marks = [len(s.getvalue()) for s in streams]
        session.handle(KEYBOARD, "pomiń")
        assert speaker in session.state.out
        name = NAMES[speaker]
        for seat, (stream, mark) in enumerate(zip(streams, marks, strict=True)):
            heard = stream.getvalue()[mark:]
            assert f"Nauczyciel pomija ruch: {name}." in heard
            assert ("Odpadasz, karta" if seat == speaker else f"{name} odpada, karta") in heard
            assert "czas" not in heard
        assert "skończył się czas" not in console.getvalue()
    finally:
        session.close()


def test_a_skip_the_game_refuses_is_not_told_to_the_table(tmp_path: Path, polish: Any) -> None:
    """7 słów before anyone has written: the hourglass does not run, so there is no time to
    end. The table heard "Nauczyciel pomija ruch" and Ola "Klepsydra się nie przesypuje."."""
    session, streams, console = _game_with_teacher(tmp_path, polish, "siedem-slow")
    try:
        marks = [len(s.getvalue()) for s in streams]
        session.handle(KEYBOARD, "pomiń")
        for stream, mark in zip(streams, marks, strict=True):
            assert stream.getvalue()[mark:] == ""
        assert "Nie ma ruchu do pominięcia. Klepsydra" in console.getvalue()
        session.handle(0, "okno")
        session.handle(KEYBOARD, "pomiń")  # now the sand runs: the others' time is ended
        assert session.state.view_for(0)["phase"] == "challenges"
        heard = streams[0].getvalue()
        assert "Nauczyciel pomija ruch: Janek, Ewa." in heard and "Koniec czasu" not in heard
    finally:
        session.close()
