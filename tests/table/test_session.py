"""A table of Rummikub Słowny: who hears what, what a refused move leaves, and what the
journal brings back after a kill."""

from __future__ import annotations

import io
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


def test_a_rack_is_told_only_to_its_owner(make_table: MakeTable) -> None:
    from braille_words.games.word_rummikub.presenter import read_rack
    from braille_words.speech.speaker import strip_marks

    session, streams = make_table()
    racks = [strip_marks(read_rack(session.state.view_for(s), "pl", "beginner"))
             for s in range(2)]  # as said: letters by their names
    assert racks[0] != racks[1]
    for seat in range(2):
        session.handle(seat, "stojak")
    for seat, stream in enumerate(streams):
        said = stream.getvalue()
        assert racks[seat] in said and racks[1 - seat] not in said
        # Dealt once, read once: the deal says how many, the turn or "stojak" says which.
        assert "Dostajesz 14 płytek" in said and "Twoje płytki" not in said


def test_short_help_lists_commands_and_help_with_a_name_gives_one_in_full(
    make_table: MakeTable,
) -> None:
    session, streams = make_table()
    session.handle(0, "pomoc")
    short = streams[0].getvalue().splitlines()[-1]
    assert "połóż," in short and "pomoc połóż" in short and "płytka 3 do słowa 2" not in short
    session.handle(0, "pomoc przenies")
    assert streams[0].getvalue().splitlines()[-1].startswith("przenieś 2 4 1 1: litera 4 słowa 2")
    session.handle(0, "pomoc wszystko")
    assert "płytka 3 do słowa 2" in streams[0].getvalue().splitlines()[-1]
    session.handle(0, "pomoc xyz")
    assert "nie ma polecenia „xyz”" in streams[0].getvalue().splitlines()[-1]


def test_english_word_thief_help_shows_its_own_lay_command_not_rummikubs_put(
    make_table: MakeTable,
) -> None:
    heard = [io.StringIO(), io.StringIO()]
    english = [
        SeatOutput(name=f"P{i}", lang="en", verbosity="beginner", transcript=heard[i])
        for i in range(2)
    ]
    session, _ = make_table(game="word_thief", outputs=english)
    session.handle(0, "help")
    short = heard[0].getvalue().splitlines()[-1]
    assert '"help lay"' in short and "help put" not in short
    session.handle(0, "help lay")
    assert heard[0].getvalue().splitlines()[-1].startswith("\"lay work\":")


def test_seven_words_help_example_is_one_of_its_commands(make_table: MakeTable) -> None:
    session, streams = make_table(("human",), game="seven_words")
    session.handle(0, "pomoc")
    short = streams[0].getvalue().splitlines()[-1]
    assert "„pomoc połóż”" not in short and "„pomoc słowo”" in short


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


def test_killing_the_process_loses_no_announced_move(tmp_path: Path, data: Path) -> None:
    # A data folder of its own that sees the built lexicon: with BRAILLE_WORDS_DATA set the
    # test gave the game an empty folder, and the game found no lexicon.
    env = {**os.environ, "BRAILLE_WORDS_DATA": str(data)}
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
    session.handle(seat, "podpowiedź")  # a nudge first; asked again, the move itself
    session.handle(seat, "podpowiedź")
    said = streams[seat].getvalue().splitlines()[-1]
    assert said.startswith("Podpowiedź: ")
    session.handle(seat, said.removeprefix("Podpowiedź: ").rsplit("napisz: ", 1)[-1] + " !")
    assert session.state.awaiting != frozenset({seat})
    assert "pkt za słowo" in streams[seat].getvalue()


def test_last_reads_every_move_since_the_players_own(make_table: Any) -> None:
    """Two computers move after the player: 'ostatni' reads both, not only the second."""
    session, streams = make_table(("human", "computer", "computer"), seed=4)

    def computers_play() -> None:
        while 0 not in session.state.awaiting:
            session._computer_move(min(session.state.awaiting))

    computers_play()
    session.handle(0, "dobierz")
    computers_play()
    session.handle(0, "ostatni")
    last = streams[0].getvalue().splitlines()[-1]
    assert "Ruch: Gracz2. Gracz2" in last and "Ruch: Gracz3. Gracz3" in last
    assert last.startswith("Gracz1 dobiera")  # from the player's own move on


def test_history_reads_the_latest_sentences_newest_last(make_table: Any) -> None:
    session, streams = make_table()
    session.handle(0, "stojak")
    session.handle(0, "wyniki")
    session.handle(0, "historia 2")
    said = streams[0].getvalue().splitlines()[-1]
    assert said.index("Stojak") < said.index("Wyniki")


def test_a_rebuild_of_two_words_is_said_as_a_change_in_both_verbosities(
    make_table: Any,
) -> None:
    """Issue 16: a listener hears which words were taken apart, what was added, what stands."""
    from braille_words.games.word_rummikub.rules import Rebuild

    position = {"racks": ["aa" + "e", "lasek"], "table": ["koszyk", "szczyt"], "current": 0}
    session, streams = make_table(options={"position": position})
    session.outputs[1].verbosity = "expert"
    assert session.play(0, Rebuild((0, 1), "aa", ("szyszka", "oczy", "kat"), end=False))
    full = streams[0].getvalue()
    terse = streams[1].getvalue().splitlines()[-1]
    assert ("bierze ze stołu 1 KOSZYK, 2 SZCZYT, dokłada A, A i układa: 1 SZYSZKA, 2 OCZY, "
            "3 KAT") in full
    assert terse.startswith("Gracz1: 1 KOSZYK, 2 SZCZYT + A, A = 1 SZYSZKA, 2 OCZY, 3 KAT")
    session.handle(1, "ostatni")
    assert "1 KOSZYK, 2 SZCZYT + A, A" in streams[1].getvalue().splitlines()[-1]


def test_a_word_typed_without_polish_letters_is_offered_back(make_table: Any) -> None:
    """Issue 16: 'nowe zrodlo' was refused as a missing joker; now the program asks first."""
    position = {"racks": ["źródło", "lasek"], "table": [], "current": 0}
    session, streams = make_table(options={"position": position})
    session.handle(0, "nowe zrodlo")
    assert "Czy chodziło o: nowe ŹRÓDŁO?" in streams[0].getvalue().splitlines()[-1]
    session.handle(0, "tak")
    assert [len(w) for w in session.state.turn.table] == [6]


def test_seven_words_asks_before_recording_a_word_the_dictionary_lacks(
    make_table: Any,
) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "smieszny")
    assert "ŚMIESZNY" in streams[0].getvalue().splitlines()[-1]
    assert session.state.words[0] is None  # nothing recorded yet
    session.handle(0, "nie")  # as typed, then
    assert session.state.words[0] == "smieszny"


def test_the_table_stays_open_after_the_end_until_each_person_confirms(make_table: Any) -> None:
    """Issue 21: the program closed right after 'Koniec gry', before a Braille reader could
    pan the result; now it waits for Enter, and the scores can still be read."""
    from braille_words.table.session import Input

    session, streams = make_table()
    for seat, line in ((0, "wyniki"), (0, ""), (1, "historia 1"), (1, "wyjdź")):
        session.inputs.put(Input(seat, line))
    session.inputs.put(Input(0, "never read"))
    session.wait_through(session._stay_open())
    said = streams[0].getvalue()
    assert "Gra skończona" in said and "Wyniki:" in said
    assert "never read" not in said and session.inputs.qsize() == 1


def test_a_spelling_the_player_could_not_lay_is_not_offered(make_table: Any) -> None:
    position = {"racks": ["kot", "lasek"], "table": [], "current": 0}
    session, streams = make_table(options={"position": position})
    session.handle(0, "nowe zrodlo")
    assert "Czy chodziło" not in streams[0].getvalue()


def test_resume_counts_turns_and_says_a_turn_was_in_progress(
    make_table: Any, tmp_path: Path, polish: Any
) -> None:
    """Issue 16: resume said 'po 49 ruchach' counting steps, and not the half-built turn."""
    import io

    from braille_words.table.launch import resume_session
    from braille_words.table.outputs import SeatOutput

    position = {"racks": ["kotek", "lasek"], "table": ["dom"], "current": 0}
    session, _streams = make_table(options={"position": position})
    session.handle(0, "nowe k o t")
    session.close()
    heard = io.StringIO()
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=heard)
               for s in session.seats]
    again = resume_session(tmp_path / "game.jsonl", lexicon=polish, outputs=outputs)
    said = heard.getvalue()
    again.close()
    assert "rozegrane tury: 0" in said
    assert "Tura była w toku" in said


def test_the_expert_prompt_reads_the_rack_letter_by_letter(make_table: Any) -> None:
    """Issue 16: 'Twój ruch: WWWCAIZ' was read by the synthesiser as one nonsense word."""
    position = {"racks": ["wwc?", "lasek"], "table": [], "current": 0}
    session, _streams = make_table(options={"position": position})
    said = session.kit.presenter.prompt(session.state.view_for(0), "pl", "expert")
    assert "W, W, C, joker" in said


def test_a_drawn_tile_is_said_by_its_letter_name_like_the_rack(make_table: MakeTable) -> None:
    from braille_words.speech.spelling import letter_name

    session, streams = make_table()
    seat = min(session.state.awaiting)
    before = len(session.state.view_for(seat)["rack"])
    session.handle(seat, "dobierz")
    rack = session.state.view_for(seat)["rack"]
    assert len(rack) == before + 1
    drawn = rack[-1][1]
    name = "joker" if drawn is None else letter_name(drawn, "pl")
    assert f"Dobierasz: {name}." in streams[seat].getvalue()


HINT_ZASZCZYT = ("Podpowiedź: ZASZCZYT ze słowa stołu 1 i twoich płytek: 8 punktów za ruch; "
                 "napisz: 1 = zaszczyt")
"""The move in full: what it makes, then the line to type (a bare "1 = zaszczyt" left a new
player guessing what the "=" meant)."""


def test_a_hint_first_says_what_to_look_for_and_the_move_when_asked_again(
    make_table: Any,
) -> None:
    """Issue 16 §2: "A hint first gives a nudge … and the full move only when asked again."
    Letters are said by name, like the rack."""
    position = {"racks": ["zakoeee", "lasek"], "table": ["szczyt"], "current": 0}
    session, streams = make_table(options={"position": position})
    session.handle(0, "podpowiedź")
    first = streams[0].getvalue().splitlines()[-1]
    assert "słowo z 8 liter: weź ze stołu słowo 1 i dołóż swoje litery: zet, a." in first
    assert "ZASZCZYT" not in first.upper()
    session.handle(0, "stojak")  # reading changes nothing: the same position
    session.handle(0, "podpowiedź")
    assert streams[0].getvalue().splitlines()[-1] == HINT_ZASZCZYT
    session.handle(0, "podpowiedź")
    assert streams[0].getvalue().splitlines()[-1] == HINT_ZASZCZYT
    assert "Podpowiedź" not in streams[1].getvalue()


def test_a_hint_after_the_hinted_word_is_laid_says_to_end_the_turn(make_table: Any) -> None:
    """Played (issue 38, Word Rummikub at 40 cells): with the hinted word laid and the turn
    not yet ended, the hint offered the same word again, whose tiles were on the table."""
    position = {"racks": ["zakoeee", "lasek"], "table": ["szczyt"], "current": 0}
    session, streams = make_table(options={"position": position})
    session.handle(0, "1 = zaszczyt")
    session.handle(0, "podpowiedź")
    said = streams[0].getvalue().splitlines()[-1]
    assert said == "Podpowiedź: Słowa na stole są dobre: 8 punktów za ruch; napisz: gotowe"
    session.handle(0, "gotowe")
    assert session.state.scores[0] == 8


def test_a_hint_from_a_table_changed_wrongly_says_to_start_the_turn_over_first(
    make_table: Any,
) -> None:
    """The hint is for the turn's start: its line, typed on a table already changed, is
    refused, so the hint says to take the tiles back first."""
    position = {"racks": ["zakoeee", "lasek"], "table": ["szczyt"], "current": 0}
    session, streams = make_table(options={"position": position})
    session.handle(0, "nowe 3 4")  # KO: not a word, the turn cannot end so
    session.handle(0, "podpowiedź")
    session.handle(0, "podpowiedź")
    said = streams[0].getvalue().splitlines()[-1]
    assert said == ("Podpowiedź: Najpierw „od nowa” (płytki wracają na stojak), potem: "
                    + HINT_ZASZCZYT.removeprefix("Podpowiedź: "))
    session.handle(0, "od nowa")
    session.handle(0, "1 = zaszczyt")
    session.handle(0, "gotowe")
    assert session.state.scores[0] == 8


def test_the_keyboard_finishes_what_plytka_starts(make_table: MakeTable) -> None:
    """Issue 16 §4: `płytka 3` said "Wskaż miejsce w słowie", which a keyboard cannot do, and
    `1 1` next was unknown. Now the tile is picked, and two numbers put it, as routing would."""
    session, streams = make_table()
    seat = min(session.state.awaiting)
    session.handle(seat, "płytka 3")
    assert "albo napisz numer słowa i litery" in streams[seat].getvalue().splitlines()[-1]
    before = len(streams[seat].getvalue())
    session.handle(seat, "1 1")
    assert "do słowa 1, na pozycję 1" in streams[seat].getvalue()[before:]
    assert len(session.state.turn.table) == 1
    session.handle(seat, "1 1")  # nothing picked now: two numbers alone mean nothing
    assert "Nie znam polecenia" in streams[seat].getvalue().splitlines()[-1]


def test_a_word_laid_with_the_turn_left_open_is_followed_by_how_to_end_it(
    make_table: Any,
) -> None:
    """Played over the network and at one computer: after "= ciekawa" the player heard the
    move ("Drugi gracz układa: 1 CIEKAWA.") and then nothing, not knowing the turn waits for
    "gotowe". The open turn is said once, to that seat only; reading the rack does not say it
    again, and "cofnij" back to the start says the turn as at its start."""
    position = {"racks": ["zakoeee", "lasek"], "table": ["szczyt"], "current": 0}
    session, streams = make_table(options={"position": position})
    session.handle(0, "1 = zaszczyt")
    said = streams[0].getvalue().splitlines()
    assert said[-1].startswith("Twój ruch trwa.") and "„gotowe”" in said[-1]
    session.handle(0, "stojak")
    said = streams[0].getvalue().splitlines()
    assert sum(line.startswith("Twój ruch trwa.") for line in said) == 1
    assert "Twój ruch trwa" not in streams[1].getvalue()
    session.handle(0, "cofnij")
    assert streams[0].getvalue().splitlines()[-1].startswith("Twój ruch.")


def test_ostatni_right_after_a_resume_reads_the_moves_before_the_stop(
    make_table: MakeTable, polish: Any, tmp_path: Path
) -> None:
    """Found playing in English: "last" right after a resume said "No move yet." though the
    game was moves in. It reads the moves since the seat's own, as before the stop; a
    drawn tile stays its drawer's."""
    session, _ = make_table()
    for _ in range(3):
        session.handle(min(session.state.awaiting), "dobierz")
    session.close()
    outs = [SeatOutput(name=f"Gracz{i + 1}", lang="pl", verbosity="beginner") for i in range(2)]
    again = resume_session(tmp_path / "game.jsonl", lexicon=polish, outputs=outs)
    heard = []
    for seat in (0, 1):
        again.handle(seat, "ostatni")
        heard.append(outs[seat].said[-1])
    assert all("Nie było jeszcze ruchu" not in said and "dobiera" in said for said in heard)
    # Each hears its own draw's tile, never the other's.
    assert [said.count("Dobierasz") for said in heard] == [1, 1]
    again.close()
