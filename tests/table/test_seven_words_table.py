"""7 słów at a table: words kept secret until all are in, the hourglass, computers to the end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from braille_words.audio.timers import ManualScheduler
from braille_words.present.messages import catalogue
from braille_words.table.clock import TableClock
from tests.table.queued import table_moves

MakeTable = Any
RunBW = Any


def test_a_written_word_stays_secret_until_all_words_are_in(make_table: MakeTable) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "okno")
    assert "OKNO" in streams[0].getvalue()
    assert "OKNO" not in streams[1].getvalue()
    assert "Gracz1 ma pierwsze słowo." in streams[1].getvalue()
    # The writer heard "Zapisano" of their own word: not their own name as news too.
    assert "Gracz1 ma" not in streams[0].getvalue()
    session.handle(1, "las")
    assert "OKNO" in streams[1].getvalue().splitlines()[-2]
    assert "Gracz2 ma słowo." in streams[0].getvalue()
    session.handle(0, "gotowe")  # no challenges: the others are told, the player knows
    assert "Gracz1 nie ma więcej wyzwań." in streams[1].getvalue()
    assert "Gracz1 nie ma" not in streams[0].getvalue()


def test_the_hourglass_ends_the_round_for_a_slow_player(make_table: MakeTable) -> None:
    session, streams = make_table(game="siedem-slow")
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session.handle(0, "okno")  # the fastest turns the hourglass
    session._sync_clock()
    scheduler.advance(25)
    assert "Zostało" in streams[1].getvalue()
    scheduler.advance(10)
    table_moves(session)
    assert "Koniec czasu." in streams[1].getvalue()
    assert session.state.view_for(1)["phase"] == "challenges"


def test_a_player_can_call_time_when_the_table_plays_without_a_clock(make_table: MakeTable) -> None:
    session, _streams = make_table(game="siedem-slow")
    session.timers = False
    session.handle(0, "okno")
    session.handle(0, "koniec czasu")  # a table move: accepted from a seat that has written
    assert session.state.view_for(0)["phase"] == "challenges"


def test_a_table_without_a_clock_announces_no_hourglass(make_table: MakeTable) -> None:
    session, streams = make_table(game="siedem-slow")
    session.timers = False
    session.handle(0, "okno")  # the fastest: the hourglass would be turned here
    heard = streams[1].getvalue()
    assert "Gracz1 ma pierwsze słowo." in heard
    assert "Klepsydra" not in heard and "sekund" not in heard


def test_the_fastest_is_named_without_grammatical_gender_and_the_hourglass_told(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "okno")
    # Told once, as the first word: not also "Gracz1 ma słowo." before it (issue 33).
    assert "Gracz1 ma słowo" not in streams[1].getvalue()
    assert "Gracz1 ma pierwsze słowo. Klepsydra: 30 sekund." in streams[1].getvalue()


def test_every_seven_words_reason_has_a_polish_sentence() -> None:
    from braille_words.games.seven_words import rules as seven_words

    polish = catalogue("pl")["seven_words"]
    missing = [k for k in (*seven_words.EVENT_KINDS, *seven_words.REASON_CODES) if k not in polish]
    assert missing == []


def test_english_news_names_players_and_never_counts_seats_from_zero() -> None:
    from braille_words.games.seven_words import rules as seven_words

    english = catalogue("en")["seven_words"]
    numbered = [
        k for k, template in seven_words.EVENT_KINDS.items()
        if ("{seat}" in template or "{challenger}" in template) and k not in english
    ]
    assert numbered == []


def test_two_computers_play_seven_rounds_and_both_sheets_are_read(
    run_bw: RunBW, tmp_path: Path
) -> None:
    done = run_bw(
        "play",
        "siedem-slow",
        "--players",
        "computer:beginner,computer:medium",
        "--seed",
        "1",
        "--journal",
        str(tmp_path / "g.jsonl"),
    )
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("Koniec gry.")
    assert re.search(r"Ada: \d+ pkt \(liczone słowa: ", last)
    assert re.search(r"Bolek: \d+ pkt \(liczone słowa: ", last)
    assert re.search(r"Koniec gry\. Wygryw\w+: (Ada|Bolek)", last)  # the winner first
    assert "Runda 7" in done.stdout


def test_a_solo_game_is_played_to_its_target(run_bw: RunBW, tmp_path: Path) -> None:
    words = [
        "przedstawiciel",
        "konstantynopol",
        "państwo",
        "bombardowanie",
        "wyrzutnia",
        "zawodowiec",
        "mikrofalówka",
        "kot",
    ]
    done = run_bw(
        "play",
        "siedem-slow",
        "--solo",
        "--level",
        "100",
        "--seed",
        "2",
        "--journal",
        str(tmp_path / "solo.jsonl"),
        stdin="\n".join(words) + "\n",
    )
    assert "Cel: 100" in done.stdout


def test_a_computer_thinks_on_the_tables_clock_and_writes_when_its_time_is_up(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(("human", "computer"), game="siedem-slow")
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    session.think = True
    session._computer_move(1)
    assert session.inputs.empty(), "the computer wrote before its think time"
    assert "Gracz2 ma" not in streams[0].getvalue()
    scheduler.advance(120)  # longer than any level's think time
    table_moves(session)
    assert "Gracz2 ma pierwsze słowo." in streams[0].getvalue()


def test_done_typed_while_others_still_write_says_whom_the_table_waits_for(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "okno")
    session.handle(0, "gotowe")
    said = streams[0].getvalue().splitlines()[-1]
    assert "Czekamy na: Gracz2" in said
    assert "stojak" not in said  # Rummikub's words do not belong to 7 słów


def _hourglass_run_out(make_table: MakeTable, typed: str) -> tuple[Any, list[Any], Any]:
    """Three players: Gracz1 writes OKNO (turning the hourglass), Gracz2 has ``typed`` on
    the keyboard and not sent, Gracz3 writes nothing; the sand runs out."""
    session, streams = make_table(("human", "human", "human"), game="siedem-slow")
    scheduler = ManualScheduler()
    session.clock = TableClock(session._on_timer, scheduler)
    draft = [typed]
    session.keyboard_draft = lambda: draft[0]
    session.handle(0, "okno")
    session._sync_clock()
    scheduler.advance(31)
    table_moves(session)
    return session, streams, (scheduler, draft)


def test_a_word_being_typed_when_the_sand_runs_out_may_be_finished(
    make_table: MakeTable,
) -> None:
    """The rulebook: "Gracze mogą dokończyć zapisywanie słowa nawet wtedy, gdy w klepsydrze
    przesypie się piasek." A half-typed word was thrown away (issue 16 §4)."""
    session, streams, (_scheduler, draft) = _hourglass_run_out(make_table, "la")
    assert session.state.view_for(1)["phase"] == "writing"
    assert "możesz dokończyć" in streams[1].getvalue()
    assert "czekamy, aż Gracz2 dokończy" in streams[0].getvalue()
    draft[0] = ""
    session.handle(1, "las")
    view = session.state.view_for(1)
    assert view["phase"] == "challenges"  # the round closed as soon as the word was in
    assert "LAS" in streams[1].getvalue() and "Koniec czasu." in streams[2].getvalue()


def test_the_time_to_finish_a_word_runs_out_too(make_table: MakeTable) -> None:
    session, streams, (scheduler, _draft) = _hourglass_run_out(make_table, "la")
    scheduler.advance(21)
    table_moves(session)
    assert session.state.view_for(1)["phase"] == "challenges"
    assert "Koniec czasu." in streams[1].getvalue()


def test_nobody_typing_when_the_sand_runs_out_ends_the_round_at_once(
    make_table: MakeTable,
) -> None:
    session, streams, _ = _hourglass_run_out(make_table, "  ")
    assert session.state.view_for(1)["phase"] == "challenges"
    assert "dokończyć" not in streams[1].getvalue()


def test_a_seven_words_hint_first_gives_the_length_and_first_letter(
    make_table: MakeTable,
) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "podpowiedź")
    nudge = streams[0].getvalue().splitlines()[-1]
    assert "Z tych kart jest słowo z" in nudge and "na literę" in nudge
    session.handle(0, "podpowiedź")
    said = streams[0].getvalue().splitlines()[-1].removeprefix("Podpowiedź: ")
    word, points = said.split(" za ")  # "PREFERENCJE za 24 punkty": the hint says its points
    assert word.isupper() and f"z {len(word)} liter" in nudge and points.split()[0].isdigit()


def test_a_hint_asked_again_gives_the_whole_word_though_another_player_wrote_between(
    make_table: MakeTable,
) -> None:
    """The computer wrote between a child's two asks, and the nudge came again instead of
    the word it had promised ("Powiedz „podpowiedź” jeszcze raz")."""
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "podpowiedź")
    assert "Z tych kart jest słowo z" in streams[0].getvalue().splitlines()[-1]
    session.handle(1, "kot")
    session.handle(0, "podpowiedź")
    said = streams[0].getvalue().splitlines()[-1]
    assert said.startswith("Podpowiedź: ") and " za " in said


def test_three_strong_computers_take_turns_at_being_fastest_and_write_different_words(
    run_bw: RunBW, tmp_path: Path
) -> None:
    """Issue 16: seat 1 was always "najszybszy" (+2 a round), and every computer wrote the same
    word. Each computer now thinks for its own time and settles for one of its best words."""
    done = run_bw("play", "siedem-slow", "--players",
                  "computer:strong,computer:strong,computer:strong", "--seed", "7",
                  "--journal", str(tmp_path / "g.jsonl"))
    fastest = set(re.findall(r"(Ada|Bolek|Celina) ma pierwsze słowo\.", done.stdout))
    assert len(fastest) >= 2, done.stdout
    rounds = re.findall(r"Słowa: Ada: (\w+) \d+; Bolek: (\w+) \d+; "
                        r"Celina: (\w+) \d+", done.stdout)
    assert rounds and any(len(set(words)) > 1 for words in rounds)


def test_someone_watching_computers_hears_no_seats_private_news(
    run_bw: RunBW, tmp_path: Path
) -> None:
    """Issue 16: seat 1's word was printed ("Zapisano …") to whoever watched the game."""
    done = run_bw("play", "siedem-slow", "--players", "computer,computer", "--seed", "3",
                  "--journal", str(tmp_path / "g.jsonl"))
    assert "Zapisano" not in done.stdout and "Słowa: Ada:" in done.stdout


def test_the_round_s_cards_are_said_once_not_again_in_the_prompt_to_write(
    make_table: MakeTable,
) -> None:
    """Play-tested: "Runda 1 z 7. Karty: 5: gie, er; …" was followed at once by "Napisz swoje
    słowo. Karty, kolumny od 5 do 2 punktów: 5: gie, er; …" — eight cards twice in a row."""
    session, streams = make_table(("human",), game="siedem-slow")
    session._prompt()  # as the table's loop does before it reads the first line
    heard = streams[0].getvalue()
    first = heard.split("Karty: ", 1)[1].split(".", 1)[0]  # "5: …; 2: …" from the round
    assert heard.count(first) == 1
    assert "„karty” przeczyta karty jeszcze raz" in heard


def test_after_resume_a_player_who_has_written_hears_the_round_waits_for_the_others(
    make_table: MakeTable, tmp_path: Path, polish: Any
) -> None:
    """A resumed 7 słów round is not anyone's turn: the child whose word is in is told the
    table waits for the others, never "Ruch: …" as if the word had been lost."""
    import io

    from braille_words.table.launch import resume_session
    from braille_words.table.outputs import SeatOutput

    session, _streams = make_table(("human", "human", "human"), game="siedem-slow")
    session.timers = False
    session.handle(0, "okno")
    session.close()
    streams = [io.StringIO() for _ in range(3)]
    resumed = resume_session(
        tmp_path / "game.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=f"Gracz{i + 1}", lang="pl", verbosity="beginner",
                            transcript=streams[i]) for i in range(3)],
    )
    try:
        said = streams[0].getvalue()
        assert "Czekamy na: Gracz2, Gracz3." in said
        assert "Ruch:" not in said
        # A seat still writing is not told the table waits for it (its prompt says so), and
        # hears the cards, which its prompt to write leaves out (said as the round began).
        assert "Czekamy na" not in streams[1].getvalue()
        assert "Karty, kolumny od 5 do 2 punktów:" in streams[1].getvalue()
        assert "Karty" not in said
    finally:
        resumed.close()


def test_a_game_resumed_in_the_challenges_reads_the_words_to_challenge(
    make_table: MakeTable, tmp_path: Path, polish: Any
) -> None:
    import io

    from braille_words.table.launch import resume_session
    from braille_words.table.outputs import SeatOutput

    session, _streams = make_table(game="siedem-slow")
    session.handle(0, "okno")
    session.handle(1, "las")
    session.close()
    stream = io.StringIO()
    resumed = resume_session(
        tmp_path / "game.jsonl", lexicon=polish,
        outputs=[SeatOutput(name=f"Gracz{i + 1}", lang="pl", verbosity="beginner",
                            transcript=stream if i == 0 else None) for i in range(2)],
    )
    try:
        said = stream.getvalue()
        assert said.startswith("Wznowiono zapisaną grę: runda 1 z 7. Słowa:")
        assert "OKNO" in said and "LAS" in said
    finally:
        resumed.close()


def test_time_called_once_the_words_are_read_is_answered_in_the_challenges_terms(
    make_table: MakeTable,
) -> None:
    """"koniec czasu" typed during the challenges was answered "Klepsydra się nie
    przesypuje.", about an hourglass nobody was watching any more."""
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "okno")
    session.handle(1, "las")
    assert session.state.view_for(0)["phase"] == "challenges"
    mark = len(streams[0].getvalue())
    session.handle(0, "koniec czasu")
    heard = streams[0].getvalue()[mark:]
    assert "Czas na słowa już minął: teraz wyzwania." in heard and "„gotowe”" in heard
    assert "Klepsydra" not in heard
    assert session.state.view_for(0)["phase"] == "challenges"
    session.handle(0, "gotowe")
    mark = len(streams[0].getvalue())
    session.handle(0, "koniec czasu")  # "gotowe" said: not asked for it again
    assert "teraz wyzwania; czekamy na pozostałych." in streams[0].getvalue()[mark:]


def test_a_student_back_at_a_restarted_host_who_has_written_hears_whom_the_round_waits_for(
    make_table: MakeTable,
) -> None:
    """The host's catch-up for a seat told where the game stands: "Czekamy na", as at one
    computer, not "Ruch: Gracz2." to the child whose word is in."""
    from braille_words.net.host import _catch_up

    session, streams = make_table(game="siedem-slow")
    session.timers = False
    session.handle(0, "okno")
    mark = len(streams[0].getvalue())
    _catch_up(session, True, 0, session.news[0])
    heard = streams[0].getvalue()[mark:]
    assert heard.startswith("Wznowiono zapisaną grę: runda 1 z 7.")
    assert "Czekamy na: Gracz2." in heard and "Ruch:" not in heard
    mark = len(streams[1].getvalue())
    _catch_up(session, True, 1, session.news[1])
    heard = streams[1].getvalue()[mark:]
    assert "Karty, kolumny od 5 do 2 punktów:" in heard and "Czekamy" not in heard
    session.close()
