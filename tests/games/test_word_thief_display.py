"""Word Thief played on a 14-cell Baum display, the driver talking to our emulator over a
pseudo-terminal, by a Polish-speaking player whose speech is recorded: the hand's cards show
their suits in dots 7 and 8, a routing key on a card says it with its suit, a word typed on
the display's Braille keyboard is laid, and the English words she hears are given to the
English voice inside Polish sentences."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path
from typing import Any

from braille_words.braille.cells import DOT7, DOT8
from braille_words.braille.translator import letter_cell
from braille_words.displays.emulators import make_emulator
from braille_words.games.registry import find_game
from braille_words.table.devices import open_outputs
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.roster import roster_from_data
from braille_words.table.session import KEYBOARD, Input
from tests.table.conftest import until

WAIT = 30.0
"""Seconds to wait for the game loop and the display reader on a busy machine."""
SUIT_DOTS = {"red": 0, "blue": DOT7, "green": DOT8, "yellow": DOT7 | DOT8}


def records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def said(path: Path) -> str:
    return " ".join(r["text"] for r in records(path))


def test_a_polish_player_plays_word_thief_on_a_14_cell_baum_display(
    tmp_path: Path, english: Any
) -> None:
    baum = make_emulator("baum", 14)
    baum.start()
    record = tmp_path / "ola.jsonl"
    roster = roster_from_data({
        "game": "word-thief",
        "lang": "pl",
        "seat": [
            {"name": "Ola", "display": f"baum:{baum.path}", "speech": f"record:{record}"},
            {"name": "Komputer", "kind": "computer", "level": "beginner"},
        ],
    })
    outputs = open_outputs(roster.seats)
    session = new_session(find_game("word-thief"), roster.seats, seed=3,
                          journal_path=tmp_path / "game.jsonl", lexicon=english,
                          outputs=outputs)
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=io.StringIO())
    loop = threading.Thread(target=session.run)
    loop.start()
    try:
        assert until(lambda: "Twój ruch." in said(record), WAIT), said(record)
        hand = session.state.hands[0]
        letters = [c.letter for c in hand]
        # The rack line: its name, then a card a cell, each letter with its suit's dots.
        baum.press_command("jump_rack")
        name = len("karty: ")  # the whole hand fits beside it on 14 cells
        cards = bytes(0x3F if c.letter is None else letter_cell(c.letter, "en")
                      | SUIT_DOTS[c.suit or "red"] for c in hand)
        assert len(cards) == 7 and name + len(cards) == baum.cells
        assert until(lambda: baum.cells_shown[name:] == cards, WAIT), (baum.cells_shown, cards)

        # A routing key over the first card says it, with its suit, the letter for English.
        before = len(records(record))
        baum.press_route(name)
        assert until(lambda: any(r["text"].startswith("Karta 1:")
                                 for r in records(record)[before:]), WAIT), said(record)
        card = next(r for r in records(record)[before:] if r["text"].startswith("Karta 1:"))
        first = hand[0]
        assert card["voices"] and card["voices"][0][1] == "en"
        assert ("czerwony", "niebieski", "zielony", "żółty")[
            ("red", "blue", "green", "yellow").index(first.suit or "red")] in card["text"]

        # A word typed on the Braille keyboard and sent with the confirm key.
        word = next(w for w in ("pun", "run", "dun", "up", "nu") if
                    all(letters.count(ch) >= w.count(ch) for ch in w))
        for ch in word:
            baum.chord(letter_cell(ch, "en"))
        baum.press_command("confirm")
        laid = f"Ola kładzie {word.upper()}"
        assert until(lambda: laid in said(record), WAIT), said(record)
        sentence = next(r for r in records(record) if laid in r["text"])
        assert [word.upper(), "en"] in sentence["voices"]
    finally:
        session.inputs.put(Input(KEYBOARD, None))
        loop.join(timeout=10)
        session.close()
        baum.stop()
