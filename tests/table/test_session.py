"""A table of Rummikub Słowny: who hears what, what a refused move leaves, and what the
journal brings back after a kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from braille_words.present.messages import catalogue
from braille_words.table.launch import resume_session
from braille_words.table.outputs import SeatOutput

MakeTable = Any

BW = [sys.executable, "-m", "braille_words.cli"]


def _rack_sentence(transcript: str) -> str:
    return next(line for line in transcript.splitlines() if "Twoje płytki" in line)


def test_a_rack_is_told_only_to_its_owner(make_table: MakeTable) -> None:
    session, streams = make_table()
    racks = [session.state.view_for(s)["rack"] for s in range(2)]
    for seat, stream in enumerate(streams):
        said = stream.getvalue()
        own = ", ".join("joker" if t[1] is None else t[1].upper() for t in racks[seat])
        assert f"Twoje płytki: {own}." in _rack_sentence(said)
        assert said.count("Twoje płytki") == 1


def test_reading_commands_answer_only_the_asking_seat(make_table: MakeTable) -> None:
    session, streams = make_table()
    before = [s.getvalue() for s in streams]
    session.handle(0, "stojak")
    assert streams[0].getvalue() != before[0]
    assert streams[1].getvalue() == before[1]


def test_a_refused_turn_leaves_the_game_as_it_was(make_table: MakeTable) -> None:
    session, _streams = make_table()
    seat = min(session.state.awaiting)
    session.handle(seat, "nowe 1 2 3")
    before = json.dumps(session.state.to_json(), sort_keys=True)
    session.handle(seat, "gotowe")
    assert json.dumps(session.state.to_json(), sort_keys=True) == before
    assert seat in session.state.awaiting


def test_an_unknown_command_gets_a_sentence_not_a_crash(make_table: MakeTable) -> None:
    session, streams = make_table()
    seat = min(session.state.awaiting)
    for line in ("xyzzy", "połóż 99 1", "słowo 7", "podziel", "???", "nowe", "\x00\x1b[A"):
        session.handle(seat, line)
    assert "pomoc" in streams[seat].getvalue()


def test_the_other_seat_hears_it_is_not_their_turn(make_table: MakeTable) -> None:
    session, streams = make_table()
    idle = 1 - min(session.state.awaiting)
    session.handle(idle, "dobierz")
    assert "To nie twój ruch" in streams[idle].getvalue().splitlines()[-1]


def test_every_rummikub_event_and_reason_has_a_polish_sentence() -> None:
    from braille_words.games.word_rummikub import rules as word_rummikub

    polish = catalogue("pl")["word_rummikub"]
    missing = [
        k for k in (*word_rummikub.EVENT_KINDS, *word_rummikub.REASON_CODES) if k not in polish
    ]
    assert missing == []


def test_repeat_and_where_are_always_there(make_table: MakeTable) -> None:
    session, streams = make_table()
    seat = min(session.state.awaiting)
    session.handle(seat, "stojak")
    last = streams[seat].getvalue().splitlines()[-1]
    session.handle(seat, "powtórz")
    assert streams[seat].getvalue().splitlines()[-1] == last
    session.handle(seat, "gdzie")
    assert "Rummikub" in streams[seat].getvalue().splitlines()[-1]


def test_resume_replays_the_journal_to_the_same_state(
    make_table: MakeTable, polish: Any, tmp_path: Path
) -> None:
    session, _ = make_table()
    for _ in range(3):
        seat = min(session.state.awaiting)
        session.handle(seat, "dobierz")
    session.handle(min(session.state.awaiting), "nowe 1 2")
    expected = session.state.to_json()
    session.close()
    outs = [SeatOutput(name=f"Gracz{i + 1}", lang="pl", verbosity="beginner") for i in range(2)]
    again = resume_session(tmp_path / "game.jsonl", lexicon=polish, outputs=outs)
    assert again.state.to_json() == expected
    assert "Wznowiono" in outs[0].said[0]


def _play(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*BW, "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_killing_the_process_loses_no_announced_move(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "BRAILLE_WORDS_DATA": str(tmp_path / "data"),
        "HOME": os.environ.get("HOME", str(tmp_path)),
    }
    lexicon_home = os.environ.get("BRAILLE_WORDS_DATA")
    if lexicon_home is None:
        from braille_words.lexicon.store import data_root

        env["BRAILLE_WORDS_DATA"] = str(data_root())
    journal = tmp_path / "kill.jsonl"
    proc = _play(["--players", "human,human", "--seed", "5", "--journal", str(journal)], env)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("dobierz\ndobierz\nnowe 1 2\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    seen = ""
    while "nowe słowo" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.readline()
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert "nowe słowo" in seen

    resumed = subprocess.run(
        [*BW, "resume", str(journal)],
        input="stół\nwyjdź\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert "Traceback" not in resumed.stderr
    assert "Wznowiono" in resumed.stdout
    table_line = next(line for line in resumed.stdout.splitlines() if "Stół, 1 słowo" in line)
    assert table_line


def test_a_corrupt_save_is_a_sentence(run_bw: Any, tmp_path: Path) -> None:
    journal = tmp_path / "bad.jsonl"
    journal.write_bytes(b"\x00\x01 not a journal")
    done = run_bw("resume", str(journal), ok=False)
    assert done.returncode == 1
    assert "damaged" in done.stderr


def test_a_hint_is_a_command_the_player_can_type(make_table: MakeTable) -> None:
    session, streams = make_table(seed=8)
    seat = min(session.state.awaiting)
    session.handle(seat, "podpowiedź")
    said = streams[seat].getvalue().splitlines()[-1]
    assert said.startswith("Podpowiedź: ")
    session.handle(seat, said.removeprefix("Podpowiedź: ") + " !")
    assert session.state.awaiting != frozenset({seat})
    assert "pkt za słowo" in streams[seat].getvalue()
