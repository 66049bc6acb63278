"""The load test's small version (``benchmarks/bench_net.py`` runs 8 tables × 4 seats and
prints the times): a real host process with two tables, simulated students playing seeded
games to their end, a third of them dropping once — no move lost, nothing timed here."""

from __future__ import annotations

from pathlib import Path

from braille_words.net.load import TableResult, run_load
from braille_words.net.students import own_moves_missed


def test_two_tables_of_students_finish_their_games_with_drops_and_no_move_lost(
    tmp_path: Path,
) -> None:
    result = run_load(tmp_path, tables=2, seats=3, drop_fraction=1 / 3, most_seconds=120)
    assert result.host_exit == 0, result.host_log
    assert result.students_over == result.students == 6
    assert result.drops == 2
    assert all(t.finished for t in result.tables)
    assert result.moves_lost == 0 and all(t.journal_moves > 0 for t in result.tables)
    # Every move and every reading was answered (the reading before each move, too).
    assert len(result.latencies) >= 2 * sum(t.journal_moves for t in result.tables)
    assert result.host_peak_rss_mib > 0 and not result.refused


def test_a_move_is_lost_when_its_seat_heard_it_announced_and_the_journal_lacks_it() -> None:
    # Counted seat by seat, from what each seat's student was announced (not what it sent:
    # a line the host closed the connection on was never played, and never announced).
    same = TableResult(journal_moves=4, finished=True, announced=[2, 2], journaled=[2, 2])
    swapped = TableResult(journal_moves=4, finished=True, announced=[3, 1], journaled=[2, 2])
    assert same.moves_lost == 0
    assert swapped.moves_lost == 2


def test_a_seats_own_moves_told_while_it_was_away_count_as_announced() -> None:
    away = {"t": "news", "do": "missed", "args": {"calls": [
        {"t": "view", "mine": True}, {"t": "view", "mine": False}, {"t": "news", "do": "clock"},
    ], "said": []}}
    assert own_moves_missed(away) == 1
    assert own_moves_missed({"t": "view", "mine": True}) == 0  # counted as a view, not twice
