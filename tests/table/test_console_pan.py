"""``--display console:14`` read by a deafblind child's stand-in at a terminal: the Left and
Right arrows are the console display's thumb keys (issue 33's leftovers, played in tmux: each
message showed its first window only, and nothing panned it)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.displays.console import ConsoleDisplay
from braille_words.games.registry import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.terminal import LineEditor


def test_left_and_right_arrows_are_pans_and_type_nothing() -> None:
    editor = LineEditor(lambda: False)
    fed = editor.feed(b"ab\x1b[C\x1b[D\x1b[A")
    assert fed.pans == ["pan_right", "pan_left"]
    assert editor.line == "ab" and fed.keys == 5


def test_end_is_the_console_displays_bottom_key_in_every_terminals_spelling() -> None:
    """End skips the news waiting to the newest, as a display's bottom key does: a reader
    at the terminal who had typed ahead had only old rounds to pan through."""
    editor = LineEditor(lambda: False)
    fed = editor.feed(b"a\x1b[F\x1bOF\x1b[4~\x1b[8~\x1b[1~")
    assert fed.pans == ["bottom"] * 4
    assert editor.line == "a"


def test_the_arrows_pan_the_console_display_of_the_seat_at_the_keyboard(
    tmp_path: Path, english: Any
) -> None:
    stream = io.StringIO()
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                     display=ConsoleDisplay(14, stream=stream))
    seats = [SeatConfig(name="Ola", display="none", speech="none"),
             SeatConfig(name="Ada", kind="computer", display="none", speech="none")]
    session = new_session(find_game("word-thief"), seats, seed=3, lexicon=english,
                          journal_path=tmp_path / "g.jsonl",
                          outputs=[out, SeatOutput(name="Ada", lang="pl", verbosity="beginner")])
    try:
        session._prompt()
        session.pump()
        out.announce("Ada kradnie STREAM: 27. Zablokowane: PAL. Gracz: -7.")
        before = stream.getvalue().splitlines()[-1]
        session.keyboard_pan("pan_right")
        session.keyboard_pan("pan_right")
        after = stream.getvalue().splitlines()[-1]
        assert after != before
        session.keyboard_pan("pan_left")
        assert stream.getvalue().splitlines()[-1] != after
    finally:
        session.close()


def test_the_arrows_pan_the_console_display_of_a_student_who_joined_a_host() -> None:
    from braille_words.net.client import Client, Devices

    stream = io.StringIO()
    client = Client(SeatConfig(name="Ja", display="none", speech="none"),
                    open_seat_devices=False)
    client.devices = Devices(display=ConsoleDisplay(14, stream=stream))
    client.local.attach_display(client.devices.display)
    client.local.hold_news = True
    client.local.announce("Łączę ze stołem 127.0.0.1:8799… Dołączono do stołu: Stół 1.")
    client.local.announce("Twoje miejsce: Ola 1.")
    before = stream.getvalue().splitlines()[-1]
    client.pan("pan_right")
    after = stream.getvalue().splitlines()[-1]
    assert after != before  # the next window of the first message, not stuck on its first
    for _ in range(12):
        client.pan("pan_right")
    from braille_words.braille.translator import cells_to_text

    shown = [cells_to_text(bytes(ord(c) - 0x2800 for c in line if 0x2800 <= ord(c) < 0x2900))
             for line in stream.getvalue().splitlines()]
    assert any("miejsce" in line for line in shown)  # panned on to the second message
