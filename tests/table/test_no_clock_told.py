"""A table that runs no clock (``--no-timer``) tells of none (issue 33): not in its news, not
in a reading command, not in a prompt. ``runda`` said "Klepsydra się przesypuje" at such a
table, where the hourglass never runs out: reading commands see only the game's view, so the
table gives them the view as the game shows it without a clock (``without_clock``)."""

from __future__ import annotations

from typing import Any


def _all(streams: Any, seat: int = 0) -> str:
    return str(streams[seat].getvalue())


def test_seven_words_without_a_clock_never_mentions_the_hourglass(make_table: Any) -> None:
    session, streams = make_table(game="siedem-slow")
    session.timers = False
    session.handle(1, "kot")
    assert session.state.hourglass_running  # the game turned it; the table runs no clock
    for line in ("runda", "gdzie", "round", "where"):
        session.handle(0, line)
    session.handle(0, "dom")
    assert "lepsydr" not in _all(streams, 0) + _all(streams, 1)


def test_seven_words_with_a_clock_says_the_hourglass_runs(make_table: Any) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(1, "kot")
    session.handle(0, "runda")
    assert "Klepsydra się przesypuje." in _all(streams, 0)


def test_alicja_without_a_clock_does_not_hurry_a_turn_with_the_teapot(make_table: Any) -> None:
    session, streams = make_table(("human", "human", "human"), game="alicja")
    session.timers = False
    session.handle(session.state.current, "2")
    talker = session.state.current
    session.handle(talker, "")
    said = _all(streams, talker)
    assert "Powiedz słowo." in said and "zanim imbryk przestanie grać" not in said


def test_scrabble_cards_without_a_clock_has_no_chess_clock_to_read(make_table: Any) -> None:
    session, streams = make_table(game="scrabble-karty", options={"clock_minutes": 20})
    session.timers = False
    session.handle(0, "zegar")
    assert _all(streams, 0).strip().splitlines()[-1].startswith("Ta gra nie ma zegara")


def test_alicja_without_a_clock_neither_starts_nor_teaches_the_teapot(make_table: Any) -> None:
    session, streams = make_table(("human", "human", "human"), game="alicja")
    session.timers = False
    session.handle(session.state.current, "2")
    session.handle(0, "zasady")
    said = _all(streams, 0)
    assert "Temat:" in said and "Imbryk gra" not in said
    assert "przy tym stole nie ma imbryka" in said and "zanim imbryk" not in said


def test_seven_words_rules_without_a_clock_tell_of_no_hourglass(make_table: Any) -> None:
    session, streams = make_table(game="siedem-slow")
    session.timers = False
    session.handle(0, "zasady 2")
    said = _all(streams, 0)
    assert "przy tym stole nie ma klepsydry" in said and "odwraca klepsydrę" not in said


def test_alicja_values_without_a_clock_name_no_teapot_or_vote_seconds(make_table: Any) -> None:
    session, streams = make_table(("human", "human", "human"), game="alicja")
    session.timers = False
    session.handle(0, "wartości")
    session.handle(0, "values")
    said = _all(streams, 0)
    assert "nie ma imbryka ani czasu na głosowanie" in said
    assert "sekund" not in said and "seconds" not in said


def test_alicja_values_with_a_clock_name_the_teapot_and_the_vote(make_table: Any) -> None:
    session, streams = make_table(("human", "human", "human"), game="alicja")
    session.handle(0, "wartości")
    said = _all(streams, 0)
    assert "Imbryk: 15 sekund" in said and "głosowanie: 30 sekund" in said


def test_alicja_rules_without_a_clock_put_no_one_out_when_time_runs_out(make_table: Any) -> None:
    session, streams = make_table(("human", "human", "human"), game="alicja")
    session.timers = False
    session.handle(0, "zasady 2")
    said = _all(streams, 0)
    assert "ma zakazaną literę albo gdy słowo już padło" in said
    assert "skończy się czas" not in said
