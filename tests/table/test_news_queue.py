"""A seat that hears nothing reads every sentence on its cells (issue 21 §1): news waits its
turn on the message line until the reader pans past its end or presses a key, and a mark on
the last cell says more is waiting. Driven through the real Baum driver and our emulator."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from braille_words.braille import text_line
from braille_words.braille.cells import DOT7, DOT8
from braille_words.braille.lines import NamedLine
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.serial_display import SerialDisplay
from braille_words.displays.spec import open_display
from braille_words.speech.speaker import strip_marks
from braille_words.table.outputs import SeatOutput
from braille_words.table.session import KEYBOARD, Input
from tests.table.conftest import KeysCarriedOut

Until = Callable[..., bool]
CELLS = 14


def _seat_and_keys(emu: Emulator, *, hold_news: bool = True) -> tuple[SeatOutput, _Keys]:
    """Ola's seat on ``emu``, and her keys, pressed one at a time."""
    out = SeatOutput(name="Ola", lang="pl", verbosity="expert", hold_news=hold_news)
    keys = _Keys(emu, out)
    keys.attach()
    out.show([NamedLine("rack", text_line("kot", "pl"))])
    return out, keys


def _seat(emu: Emulator, *, hold_news: bool = True) -> SeatOutput:
    return _seat_and_keys(emu, hold_news=hold_news)[0]


def _start(sentence: str) -> bytes:
    """The cells of the sentence's first word: a window never cuts a word."""
    return text_line(sentence.split()[0], "pl").cells()


def _marked(emu: Emulator) -> bool:
    return bool(emu.cells_shown and emu.cells_shown[-1] & (DOT7 | DOT8) == DOT7 | DOT8)


class _Keys:
    """Keys pressed on the emulated display one at a time, each carried out by the seat
    before the next is pressed, and every frame the display received kept in order. Nothing
    here races a timeout against the pty: under load a frame comes late, never lost, and the
    test waits for it."""

    WAIT = 30.0
    """Seconds before a key never carried out, or a frame never received, fails the test."""

    def __init__(self, emu: Emulator, out: SeatOutput) -> None:
        self.emu, self.out = emu, out
        self.frames: list[bytes] = []
        emu.on_cells = self.frames.append  # on the emulator's thread, in the order received
        self.carried_out = KeysCarriedOut(out)

    def attach(self) -> None:
        self.out.attach_display(open_display(f"baum:{self.emu.path}",
                                             on_command=self.carried_out.on_command))

    def press(self, command: str) -> None:
        self.carried_out.press(self.emu, command, self.WAIT)

    def windows_of_message(self) -> list[bytes]:
        """Pan through the message on the cells from the window shown now to its end: every
        window it took, in order, as the display received them."""
        start = len(self.received()) - 1  # the window shown now
        while True:
            end, before = len(self.received()), self.sent
            self.press("pan_right")
            if self.out.current_line != "message" or self.sent == before:
                break  # past the message's end
            assert end - start < 60, "the message does not end"
        return self.received()[start:end]

    @property
    def sent(self) -> int:
        """How many frames the seat's display driver has written to the display."""
        display = self.out.display
        assert isinstance(display, SerialDisplay)
        return display.frames_sent

    def received(self) -> list[bytes]:
        """Every frame the display got, once all the driver wrote have arrived."""
        assert self.emu.wait_for_frames(self.sent, timeout=self.WAIT), "a frame never arrived"
        return list(self.frames)


def test_news_stays_until_the_reader_pans_past_its_end(baum14: Emulator, until: Until) -> None:
    out, keys = _seat_and_keys(baum14)
    first = "Komputer układa słowo PORZEŹBIONO."
    out.announce(first)
    out.announce("Dobierasz K.")
    out.announce("Twój ruch.")
    assert out.news_waiting == 2
    assert until(lambda: baum14.cells_shown.startswith(_start(first)))
    assert until(lambda: _marked(baum14)), "nothing says that more news waits"
    windows = 0
    while out.news_waiting == 2 and windows < 10:  # pan through the first message
        keys.press("pan_right")  # one at a time: none runs past the end
        windows += 1
    assert out.news_waiting == 1 and windows > 1, "the next news came before the end was read"
    assert until(lambda: baum14.cells_shown.startswith(_start("Dobierasz K.")))
    baum14.press_command("pan_right")
    assert until(lambda: baum14.cells_shown.startswith(_start("Twój ruch.")))
    assert until(lambda: not _marked(baum14)), "the mark stays when nothing waits"
    assert out.current_line == "message"
    out.close()


def test_another_key_takes_the_reader_on_and_the_next_news_waits_on_the_message_line(
    baum14: Emulator, until: Until
) -> None:
    out = _seat(baum14)
    out.announce("Gracz dobiera.")
    out.announce("Twój ruch.")
    baum14.press_command("line_down")
    assert until(lambda: out.current_line == "rack")
    assert until(lambda: text_line("kot", "pl").cells() in baum14.cells_shown)  # after "stojak:"
    assert out.news_waiting == 0
    assert until(lambda: _marked(baum14)), "the news on the message line is not marked unread"
    baum14.press_command("line_up")
    assert until(lambda: baum14.cells_shown.startswith(_start("Twój ruch.")))
    out.close()


def test_a_seat_that_hears_its_news_sees_the_latest_at_once(
    baum14: Emulator, until: Until
) -> None:
    out = _seat(baum14, hold_news=False)
    out.announce("Gracz dobiera.")
    out.announce("Twój ruch.")
    assert out.news_waiting == 0
    assert until(lambda: baum14.cells_shown.startswith(_start("Twój ruch.")))
    out.close()


def test_an_answer_to_a_routing_key_is_shown_and_the_next_key_goes_back_to_the_rack(
    make_table: Any, baum: Emulator, until: Until
) -> None:
    """Issue 21 §4: "Płytka 7: ka. Wskaż miejsce w słowie." never reached the cells."""
    out = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner", hold_news=True)
    out.attach_display(open_display(f"baum:{baum.path}", on_command=out.on_display_command))
    other = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
    session, _ = make_table(outputs=[other, out], seed=3)  # seat 2 moves first
    runner = threading.Thread(target=session.run, daemon=True)
    runner.start()
    try:
        assert until(lambda: out.jump_to("rack"))
        key = out.key_for(("rack", 2))
        assert key is not None
        baum.press_route(key)
        assert until(lambda: out.current_line == "message"), "the answer stayed off the cells"
        assert until(lambda: baum.cells_shown.startswith(_start("Płytka 3:")))
        baum.press_command("line_down")
        assert until(lambda: out.current_line == "rack")
        assert out.selection == ("rack", 2)
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        runner.join(timeout=5)
        session.close()


def test_the_repeat_key_brings_the_last_message_back_to_the_cells(
    baum14: Emulator, until: Until
) -> None:
    out = _seat(baum14, hold_news=False)
    out.announce("Gracz dobiera.")
    baum14.press_command("line_down")
    assert until(lambda: out.current_line == "rack")
    out.repeat()
    assert until(lambda: out.current_line == "message")
    assert until(lambda: baum14.cells_shown.startswith(_start("Gracz dobiera.")))
    out.close()


def test_a_long_name_on_the_turn_message_is_panned_to_its_end_never_cut(
    baum: Emulator, until: Until
) -> None:
    """Issue 19 §4: "Ruch: Aleksandr" on 40 cells. Every word of the name is reached by
    panning, whole."""
    out, keys = _seat_and_keys(baum, hold_news=False)
    name = "Aleksandra Wiśniewska-Kowalczyk z klasy piątej"
    sentence = f"Ruch: {name}. Twój ruch, masz czternaście płytek."
    out.announce(sentence)
    assert keys.received()[-1].startswith(_start(sentence))
    shown = keys.windows_of_message()
    for word in name.split():
        cells = text_line(word, "pl").cells()
        assert any(cells in window for window in shown), word
    out.close()


def _rummikub_with_keys(emu: Emulator, polish: Any, *, hold_news: bool
                       ) -> tuple[Any, SeatOutput, _Keys]:
    """Ola (a beginner) and Jan at Rummikub, seed 7; Ola reads on ``emu``, one key at a time."""
    from braille_words.games.registry import find_game
    from braille_words.table.launch import new_session
    from braille_words.table.seats import SeatConfig

    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=hold_news)
    keys = _Keys(emu, out)
    keys.attach()
    seats = [SeatConfig(name="Ola", display="none", speech="none"),
             SeatConfig(name="Jan", display="none", speech="none")]
    session = new_session(find_game("rummikub"), seats, seed=7, journal_path=None,
                          lexicon=polish, outputs=[out, SeatOutput(name="Jan", lang="pl",
                                                                   verbosity="beginner")])
    return session, out, keys


def test_on_14_cells_the_turn_message_is_brailled_in_its_terse_form(polish: Any) -> None:
    """Issue 21 §5: at 14 cells the turn message took 15 windows. A beginner hears the full
    sentence; the short display shows the terse one ("Twój ruch: Ż, W, …")."""
    baum14 = make_emulator("baum", CELLS)
    baum14.start()
    session, out, keys = _rummikub_with_keys(baum14, polish, hold_news=True)
    try:
        session._prompt()
        assert strip_marks(out.said[-1]).startswith("Twój ruch. Stojak, 14 płytek: 1 żet")
        while out.news_waiting:  # read up to the turn message, one key at a time
            keys.press("pan_right")
        assert keys.received()[-1].startswith(_start("Twój ruch:"))
        assert len(keys.windows_of_message()) <= 7  # the full sentence took 15
    finally:
        session.close()
        baum14.stop()


def test_line_up_on_the_message_line_reads_earlier_messages_newest_first(
    baum: Emulator, until: Until
) -> None:
    """Issue 16 §5: line up on the message line did nothing; a reader could not go back to a
    message that had been replaced."""
    out = _seat(baum, hold_news=False)
    for sentence in ("Komputer układa KOT.", "Dobierasz K.", "Twój ruch."):
        out.announce(sentence)
    assert until(lambda: baum.cells_shown.startswith(_start("Twój ruch.")))

    def shows(sentence: str) -> bool:
        return until(lambda: baum.cells_shown.startswith(text_line(sentence, "pl").cells()))

    baum.press_command("line_up")
    assert shows("1. Dobierasz K.")
    baum.press_command("line_up")
    assert shows("2. Komputer układa KOT.")
    baum.press_command("line_up")  # nothing older: it stays
    assert shows("2. Komputer układa KOT.")
    baum.press_command("line_down")
    assert shows("1. Dobierasz K.")
    baum.press_command("line_down")
    assert shows("Twój ruch.")
    baum.press_command("line_down")
    assert until(lambda: out.current_line == "rack")
    out.close()


def test_help_on_14_cells_lists_one_command_a_window(polish: Any) -> None:
    """Issue 21 §5: `pomoc` took 153 windows at 14 cells. On a short display it is a list:
    each command starts a window of its own."""
    baum14 = make_emulator("baum", CELLS)
    baum14.start()
    session, out, keys = _rummikub_with_keys(baum14, polish, hold_news=False)
    try:
        session.handle(0, "pomoc")
        assert out.current_line == "message"
        seen = keys.windows_of_message()
        assert len(seen) < 60  # the whole sentence took 153
        commands = [syntax for syntax, _ in session.kit.help("pl")]
        starts = {text_line(c, "pl").cells()[:3] for c in commands}
        assert starts <= {window[:3] for window in seen}, "a command did not start a window"
    finally:
        session.close()
        baum14.stop()
