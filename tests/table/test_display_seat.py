"""A seat that plays on a Braille display: a real Baum driver on a pseudo-terminal, the device
side played by our emulator. The rack is read on the cells, a routing key picks a tile, and a
word typed on the display's Braille keyboard is a command like a typed one."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from braille_words.braille import word_cells
from braille_words.braille.lines import rack_line
from braille_words.braille.translator import Mode, cells_to_text
from braille_words.displays.base import Display
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.spec import open_display
from braille_words.table.outputs import SeatOutput
from braille_words.table.session import KEYBOARD, Input

MakeTable = Any
ThiefAtDisplay = Callable[[int], tuple[Any, Any]]
"""``thief_at_display`` (tests/conftest.py): a Word Thief table, its first seat on so many cells."""
Until = Callable[..., bool]


def test_a_display_seat_reads_its_rack_routes_a_tile_and_types_a_command(
    make_table: MakeTable, baum: Emulator, until: Until
) -> None:
    out = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner")
    display = open_display(f"baum:{baum.path}", on_command=out.on_display_command)
    out.attach_display(display)
    other = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
    # Seed 3 lets the second seat start, so the display seat is the one to move.
    session, _ = make_table(outputs=[other, out], seed=3)
    assert session.state.awaiting == frozenset({1})
    runner = threading.Thread(target=session.run, daemon=True)
    runner.start()
    try:
        rack = [t[1] for t in session.state.view_for(1)["rack"]]
        # The table draws the seat's lines when it starts running: a key pressed before then
        # has no line to move to.
        assert until(lambda: any(line.name == "rack" for line in out.lines)
                     and any("dobierz" in s for s in out.said))
        baum.press_command("line_down")
        expected = rack_line(rack, "pl").cells()
        # The rack line starts with its name ("stojak:"), then the tiles.
        assert until(lambda: expected in baum.cells_shown), "the rack is not shown"
        assert until(lambda: out.current_line == "rack")

        key = out.key_for(("rack", 2))
        assert key is not None
        baum.press_route(key)
        assert until(lambda: out.selection == ("rack", 2))
        assert until(lambda: any(s.startswith("Płytka 3:") for s in out.said))
        picked = rack_line(rack, "pl", selected=[2]).cells()
        assert until(lambda: picked in baum.cells_shown), "the pick is not shown"

        for cell in word_cells("dobierz", "pl"):
            baum.chord(cell)
        baum.press_command("enter")
        assert until(lambda: session.moves_played == 1), out.said[-3:]
        assert session.state.awaiting == frozenset({0})
        assert any("dobiera" in s for s in out.said)
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        runner.join(timeout=5)
        session.close()


def test_status_cells_show_whose_turn_it_is_on_a_modular(
    make_table: MakeTable, until: Until
) -> None:
    from braille_words.braille.translator import Mode, text_to_cells

    emu = make_emulator("handytech", 40, profile="modular-40")
    emu.start()
    try:
        out = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner")
        out.attach_display(
            open_display(f"modular-40:{emu.path}", on_command=out.on_display_command)
        )
        other = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
        session, _ = make_table(outputs=[other, out], seed=3)
        star = text_to_cells("*", "pl", Mode.COMPUTER)
        assert until(lambda: getattr(emu, "status_shown", b"").startswith(star))
        session.handle(1, "dobierz")
        assert until(lambda: getattr(emu, "status_shown", b"") == bytes(4))
        session.close()
    finally:
        emu.stop()


def test_where_am_i_names_the_display_line(
    make_table: MakeTable, baum: Emulator, until: Until
) -> None:
    out = SeatOutput(name="Gracz1", lang="pl", verbosity="beginner")
    out.attach_display(open_display(f"baum:{baum.path}", on_command=out.on_display_command))
    other = SeatOutput(name="Gracz2", lang="pl", verbosity="beginner")
    session, _ = make_table(outputs=[out, other])
    baum.press_command("line_down")
    assert until(lambda: out.current_line == "rack")
    session.handle(0, "gdzie")
    assert out.said[-1].endswith("Na monitorze: stojak.")
    session.close()


def test_a_display_that_cannot_be_opened_is_told_in_the_seat_s_language_only(
    tmp_path: Path, capsys: Any
) -> None:
    """Issue 17: "Could not open the Braille display port… Używam: tylko mowa." mixed two
    languages; a Polish seat hears Polish only. The detail goes to stderr, in Polish too
    (issue 33 §6: a screen reader read the English line out in a resumed Polish game)."""
    import io

    from braille_words.table.devices import open_outputs
    from braille_words.table.seats import SeatConfig

    missing = tmp_path / "no-such-port"
    seat = SeatConfig(name="Ola", kind="human", lang="pl", display=f"baum:{missing}", speech="none")
    transcript = io.StringIO()
    outputs = open_outputs([seat], transcript=transcript)
    try:
        said = transcript.getvalue()
    finally:
        for out in outputs:
            out.close()
    assert "Używam: tylko mowa." in said
    assert f"nie udało się otworzyć monitora baum:{missing}" in said
    assert "Could not open" not in said and "Check the cable" not in said
    printed = capsys.readouterr().err
    assert "Nie udało się otworzyć portu monitora brajlowskiego" in printed
    assert "Could not open" not in printed


def test_the_cancel_key_takes_back_one_thing_never_the_whole_turn() -> None:
    """Issue 19: the display's cancel key threw away the whole turn's arrangement (Rummikub's
    reset, sent to any game). It now drops the pick first, then sends the game's own step
    back: 'cofnij' in Rummikub, nothing in 7 słów."""
    from braille_words.displays.events import DisplayCommand
    from braille_words.games.seven_words.presenter import Presenter as SevenWords
    from braille_words.games.word_rummikub.presenter import Presenter as Rummikub
    from braille_words.table.outputs import SeatOutput

    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner")
    sent: list[str] = []
    out.submit = sent.append
    out.cancel_line = Rummikub().cancel_line
    out.selection = ("rack", 2)
    out.on_display_command(DisplayCommand("cancel"))
    assert out.selection is None and sent == []
    out.on_display_command(DisplayCommand("cancel"))
    assert sent == ["cofnij"]
    out.cancel_line = SevenWords().cancel_line
    out.on_display_command(DisplayCommand("cancel"))
    assert sent == ["cofnij"]


def test_a_display_plugged_in_after_the_start_is_found_and_used(
    tmp_path: Path, until: Callable[..., bool]
) -> None:
    """Issue 17: a display absent at start was never used, even when plugged in later."""
    import io

    from braille_words.table.devices import open_outputs
    from braille_words.table.seats import SeatConfig

    port = tmp_path / "ttyUSB0"  # not there yet: the cable is still in the student's bag
    seat = SeatConfig(name="Ola", kind="human", lang="pl", display=f"baum:{port}", speech="none")
    transcript = io.StringIO()
    outputs = open_outputs([seat], transcript=transcript)
    emulator = make_emulator("baum", 40)
    emulator.start()
    try:
        assert outputs[0].display is None
        port.symlink_to(emulator.path)  # plugged in
        assert until(lambda: outputs[0].display is not None, timeout=20)
        assert until(lambda: "jest podłączony i działa" in transcript.getvalue(), timeout=5)
        outputs[0].announce("Twój ruch.")
        assert emulator.wait_for_frames(1, timeout=5)
    finally:
        for out in outputs:
            out.close()
        emulator.stop()


def test_routing_on_the_blank_after_a_word_puts_the_pick_at_its_end_and_a_dropped_pick_is_said(
    baum: Emulator, until: Until
) -> None:
    """Issue 16 §5: the blank after a word routed nowhere, so a word could not be extended by
    routing, and dropping a pick said nothing."""
    from braille_words.braille.lines import NamedLine, words_line
    from braille_words.games.word_rummikub.presenter import route

    sent: list[str] = []
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner")
    out.attach_display(open_display(f"baum:{baum.path}", on_command=out.on_display_command))
    out.router = route
    out.submit = sent.append
    out.show([NamedLine("rack", rack_line(list("ys"))),
              NamedLine("table", words_line([list("koty"), list("dom")]))])
    out.jump_to("rack")
    y = out.key_for(("rack", 0))
    assert y is not None
    baum.press_route(y)  # pick Y
    assert until(lambda: sent == ["tile 1"])
    baum.press_route(y)  # and drop it again
    assert until(lambda: out.said and "Wybór odłożony" in out.said[-1])
    baum.press_route(y)
    assert until(lambda: sent == ["tile 1", "tile 1"])
    out.jump_to("table")
    after = out.key_for(("word", 0, 4))
    assert after is not None
    baum.press_route(after)  # the blank after KOTY
    assert until(lambda: sent[-1] == "put 1 1 5")
    out.close()


def test_the_cells_are_cleared_when_the_program_ends() -> None:
    """Issue 39: the game's last words stayed under the reader's fingers after the exit, as if
    the program still ran."""
    from braille_words.displays.base import Display

    display = Display(14)
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                     display=display)
    out.announce("Gra zapisana.")
    assert any(display.shown)
    out.close()
    assert not any(display.shown)


def test_a_reader_is_told_to_read_not_to_hear() -> None:
    """Issue 39: "Powiedz „pomoc”, aby usłyszeć polecenia" to a reader who does not hear."""
    from braille_words.displays.base import Display
    from braille_words.games.registry import find_game
    from braille_words.table.seatnews import SeatNews

    kit = find_game("rummikub")
    reader = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                        display=Display(40))
    hearer = SeatOutput(name="Jan", lang="pl", verbosity="beginner")
    for out in (reader, hearer):
        SeatNews(out, kit).tell("unknown_command", command="xyz")
    assert "przeczytać polecenia" in reader.news.last
    assert "usłyszeć polecenia" in hearer.news.last


def test_routing_word_thief_cards_keeps_the_display_on_the_hand(
    thief_at_display: ThiefAtDisplay,
) -> None:
    """Issue 33 §6: routing a card moved the display to the message line, so every next card
    needed line-down again. The card's answer is said (and kept on the message line); the
    reader stays on the hand."""
    session, out = thief_at_display(40)
    assert out.jump_to("cards")
    for card in range(3):
        out.route_target(("rack", card))
        session.pump()
        assert out.current_line == "cards"
        assert out.news.last.startswith(f"Karta {card + 1}")


class TextFrames(Display):
    """A display that keeps every frame it was sent, read back as Polish text: a window
    shown for an instant counts."""

    def __init__(self, cells: int) -> None:
        super().__init__(cells)
        self.frames: list[str] = []

    def write(self, cells: bytes) -> None:
        super().write(cells)
        self.frames.append(cells_to_text(bytes(c & 0x3F for c in self.shown), "pl",
                                        Mode.LITERARY).strip())


def test_skip_to_now_shows_the_count_then_the_newest_then_the_turn_and_nothing_between() -> None:
    """Issue 39 (Rummikub at 40 cells, played): the bottom key flashed the newest message
    before the count of the skipped ones, and the reader's turn, which had jumped the queue,
    was passed over with the rest: the clock waiting for it would never have started."""
    from braille_words.displays.events import DisplayCommand

    display = TextFrames(40)
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                     display=display)
    out.announce("Ola: 8 pkt za słowo KOT.")
    out.announce("Ada układa: LAS. Ruch: Ola.")
    out.announce_turn("Twój ruch.")
    display.frames.clear()
    out.on_display_command(DisplayCommand("bottom", None))
    assert display.frames[0].startswith("Pominięto 1 wiadomość")
    assert not any("LAS" in frame for frame in display.frames)
    assert not out.prompt_delivered
    for _ in range(3):  # the count is two windows of 40 cells
        out.on_display_command(DisplayCommand("pan_right", None))
    seen = " ".join(display.frames)
    assert seen.index("Pominięto") < seen.index("LAS") < seen.index("Twój ruch")
    assert out.prompt_delivered


def test_a_reader_who_typed_ahead_skips_to_the_newest_news_by_typing_historia_teraz(
    make_table: Any,
) -> None:
    """Played with ``--speech none``: a reader who had typed ahead had old rounds to read
    first and only the display's bottom key to skip them; "historia teraz" does it from the
    keyboard, from any line, and says so when nothing waits."""
    import io

    from braille_words.displays.console import ConsoleDisplay
    from braille_words.displays.events import DisplayCommand

    stream = io.StringIO()
    outputs = [SeatOutput(name="Gracz1", lang="pl", verbosity="beginner", hold_news=True,
                          display=ConsoleDisplay(40, stream=io.StringIO())),
               SeatOutput(name="Gracz2", lang="pl", verbosity="beginner", transcript=stream)]
    session, _streams = make_table(game="siedem-slow", outputs=outputs)
    session.timers = False
    out = outputs[0]
    for word in ("okno", "las"):  # Gracz2 writes; the news waits on Gracz1's cells
        session.handle(1, word)
        session.handle(1, "gotowe")
    assert out.news.count >= 1
    assert out.jump_to("cards")
    session.handle(0, "historia teraz")
    assert out.news.count <= 1 and out.current_line == "message"
    assert out.news.last.startswith("Pominięto")
    for _ in range(40):  # read to the end of what came
        out.on_display_command(DisplayCommand("pan_right", None))
    assert not out.news.count
    session.handle(0, "historia teraz")
    assert out.news.last == "Nic nie czeka: masz najnowszą wiadomość."


@pytest.mark.parametrize("cells", [40, 14])
def test_a_readers_own_word_comes_to_the_cells_before_the_open_turn(
    make_table: Any, cells: int,
) -> None:
    """With ``--speech none`` a reader who lays a word reads the move on the cells first,
    then "Twój ruch trwa… gotowe" (Rummikub re-prompts a turn left open): the prompt must
    not take the move's place on the message line."""
    import io

    from braille_words.displays.events import DisplayCommand

    display = TextFrames(cells)
    out = SeatOutput(name="Gracz", lang="pl", verbosity="beginner", hold_news=True,
                     display=display)
    other = SeatOutput(name="Ada", lang="pl", verbosity="beginner", transcript=io.StringIO())
    position = {"racks": ["zakoeee", "lasek"], "table": ["szczyt"], "current": 0}
    session, _ = make_table(outputs=[out, other], options={"position": position})
    for _ in range(40):  # the opening read to its end: nothing waits
        out.on_display_command(DisplayCommand("pan_right", None))
    display.frames.clear()
    session.handle(0, "1 = zaszczyt")
    for _ in range(12):
        out.on_display_command(DisplayCommand("pan_right", None))
    seen = " ".join(display.frames)
    assert "ZASZCZYT" in seen and "trwa" in seen
    assert seen.index("ZASZCZYT") < seen.index("trwa")
