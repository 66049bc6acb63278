"""A classroom over the network under load (issue 14): 8 tables × 4 seats of simulated
students on 127.0.0.1 against a real ``braille-words host`` process, seeded Rummikub Słowny
games played to their end; 10 % of the connections dropped once mid-game and restored.

Each student, on its turn, reads its rack ("stojak") and then draws ("dobierz"), so every turn
is two commands; the games end by the rules when the bank is empty and everybody has passed.

Figures:
- ``median``/``p99``: time from a seat's command leaving the student's socket to the first
  message of its answer arriving (reads and moves alike);
- ``host CPU``: user + system seconds the host process used while the games were played, and
  that as a share of one core over the same wall time;
- ``host peak memory``: the host process's peak resident set;
- ``moves lost``: moves the students typed and the table accepted that are not in the tables'
  journals exactly once (must be 0).
Goal on the project's 2-core machine: median ≤ 20 ms, p99 ≤ 100 ms.

Run: ``python benchmarks/bench_net.py [TABLES SEATS]``; ``--quick`` plays one small table and
fails only on a lost move or an unfinished game, never on a time (the suite's check that the
benchmark runs).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from braille_words.net.load import run_load

GOAL_MEDIAN_MS = 20.0
GOAL_P99_MS = 100.0


def main() -> int:
    quick = "--quick" in sys.argv
    numbers = [a for a in sys.argv[1:] if a != "--quick"]
    tables = int(numbers[0]) if numbers else (1 if quick else 8)
    seats = int(numbers[1]) if len(numbers) > 1 else (2 if quick else 4)
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:
        result = run_load(Path(folder), tables=tables, seats=seats, drop_fraction=0.1,
                          most_seconds=600)
    median = result.median * 1000
    p99 = result.percentile(0.99) * 1000
    moves = sum(t.journal_moves for t in result.tables)
    print(f"{tables} tables × {seats} seats: {result.students} students, "
          f"{result.students_over} saw their game end; {moves} moves, "
          f"{len(result.latencies)} commands timed in {result.seconds:.1f} s")
    print(f"command → answer: median {median:.2f} ms, p99 {p99:.2f} ms "
          f"(goal ≤ {GOAL_MEDIAN_MS:.0f} / ≤ {GOAL_P99_MS:.0f} ms)")
    share = result.host_cpu_seconds / result.seconds * 100 if result.seconds else 0.0
    print(f"host CPU: {result.host_cpu_seconds:.2f} s ({share:.0f} % of one core); "
          f"host peak memory: {result.host_peak_rss_mib:.0f} MiB")
    print(f"connections dropped and restored: {result.drops}; closed by the host: "
          f"{len(result.closed)}; moves lost: {result.moves_lost}; "
          f"every journal finished: {all(t.finished for t in result.tables)}")
    sound = result.moves_lost == 0 and result.students_over == result.students
    ok = sound and median <= GOAL_MEDIAN_MS and p99 <= GOAL_P99_MS
    print("goal met" if ok else "GOAL NOT MET")
    return 0 if ok or (quick and sound) else 1


if __name__ == "__main__":
    sys.exit(main())
