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
from braille_words.displays.spec import open_display
from braille_words.games.registry import find_game
from braille_words.speech.recorder import RecordingSpeaker
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Input

SCRIPTS = {
    "rummikub": ["dobierz", "stojak", "dobierz", "stół", "dobierz", "wyniki", "wyjdź"],
    "siedem-slow": ["oko", "gotowe", "kot", "gotowe", "las", "gotowe", "wyjdź"],
    "thief": ["ręka", "stół", "podpowiedź", "wyniki", "wyjdź"],
    "alicja": ["1", "klaun", "temat", "słowa", "wyniki", "wyjdź"],
}


def _first_window(sentence: str, cells: int) -> bytes:
    return Pager(text_line(sentence, "pl"), cells).frame().cells.rstrip(b"\x00")


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_every_sentence_told_reaches_the_cells_of_a_seat_without_speech(
    game: str, tmp_path: Path, polish: Any, english: Any
) -> None:
    emulator = make_emulator("baum", 40)
    frames: list[bytes] = []
    seen = {"at": time.monotonic()}

    def shown(cells: bytes) -> None:
        frames.append(bytes(cells))
        seen["at"] = time.monotonic()

    emulator.on_cells = shown
    emulator.start()
    record = tmp_path / "said.jsonl"
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", hold_news=True,
                     speaker=RecordingSpeaker(record))
    out.attach_display(open_display(f"baum:{emulator.path}", on_command=out.on_display_command))
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
    pressed = {"at": 0.0, "frames": 0}

    def settled() -> bool:
        """A person reads what is on the cells before pressing again: the display has shown
        something since the last key (or had half a second to), and is still."""
        now = time.monotonic()
        fresh = len(frames) > pressed["frames"] or now - pressed["at"] > 0.5
        return fresh and now - seen["at"] > 0.08

    try:
        deadline = time.monotonic() + 90
        while loop.is_alive() and time.monotonic() < deadline:
            if not settled():
                pass
            elif out.news_waiting:
                # The reader goes to the message line and pans on through the news.
                emulator.press_command("pan_right" if out.current_line == "message" else "top")
                pressed.update(at=time.monotonic(), frames=len(frames))
            elif session.inputs.empty() and not out.unread_news:
                line = next(lines, None)
                if line is None:
                    break
                session.inputs.put(Input(0, line))
            elif out.unread_news and out.current_line == "message":
                emulator.press_command("pan_right")  # the last message, read to its end
                pressed.update(at=time.monotonic(), frames=len(frames))
            time.sleep(0.02)
        session.inputs.put(Input(0, None))
        loop.join(timeout=10)
        time.sleep(0.3)
    finally:
        session.close()
        emulator.stop()
    told = [json.loads(raw)["text"] for raw in record.read_text(encoding="utf-8").splitlines()]
    assert len(told) >= 5
    shown = b"\n".join(frames)
    # While a clock runs, its seconds take the last cells of a display without status cells.
    missing = [s for s in told
               if _first_window(s, 40) not in shown and _first_window(s, 36) not in shown]
    assert missing == [], f"{len(missing)} of {len(told)} never reached the cells: {missing}"
