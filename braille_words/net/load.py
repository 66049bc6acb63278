"""A classroom under load: a real ``braille-words host`` process with several tables, and
simulated students on 127.0.0.1 playing seeded games to their end.

Used by ``benchmarks/bench_net.py`` (8 tables × 4 seats, with figures) and by a small version
in the tests (no clock in its assertions). Bounded: a fixed number of tables and seats, games
that end by the rules (every student draws until everybody has passed), and a deadline after
which everything is stopped. Some students drop their connection once, mid-game, and come back
with their token; that no move was lost is checked against each table's journal.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp

from braille_words.net.students import Student
from braille_words.private_files import open_private, private_folder
from braille_words.table import journal

NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk")


@dataclass
class TableResult:
    journal_moves: int
    finished: bool
    announced: list[int]
    """Each seat's moves the table announced to that seat's student."""
    journaled: list[int]
    """Each seat's moves in the table's journal."""

    @property
    def moves_lost(self) -> int:
        """Moves announced to their seat that the journal does not hold exactly once (or
        journaled and never announced), seat by seat."""
        return sum(abs(a - j) for a, j in zip(self.announced, self.journaled, strict=True))


@dataclass
class LoadResult:
    tables: list[TableResult]
    latencies: list[float]
    drops: int
    students_over: int
    students: int
    seconds: float
    host_cpu_seconds: float
    host_peak_rss_mib: float
    host_exit: int
    host_log: str = ""
    refused: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    """Why the host closed a student's connection (codes), every time it did."""

    @property
    def moves_lost(self) -> int:
        """Moves the tables announced that their journals do not hold (or hold unannounced)."""
        return sum(t.moves_lost for t in self.tables)

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def median(self) -> float:
        return statistics.median(self.latencies) if self.latencies else float("nan")


def _rosters(folder: Path, tables: int, seats: int) -> list[Path]:
    paths = []
    for number in range(1, tables + 1):
        path = folder / f"table-{number}.toml"
        lines = ['game = "rummikub"', 'lang = "pl"', ""]
        for seat in range(seats):
            # One name to one student in a host (it refuses two students of one name).
            lines += ["[[seat]]", f'name = "{NAMES[seat]} {number}"', 'where = "network"', ""]
        path.write_text("\n".join(lines), encoding="utf-8")
        paths.append(path)
    return paths


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a running process so far (``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_load(
    folder: Path,
    *,
    tables: int = 8,
    seats: int = 4,
    drop_fraction: float = 0.1,
    seed: int = 11,
    read_first: str | None = "stojak",
    most_seconds: float = 300.0,
    client_processes: int = 1,
    present: bool = True,
) -> LoadResult:
    """Start the host, play every table to its end, stop the host; what was measured.
    ``client_processes`` above 1 plays the students in that many processes of their own
    (a school's computers are many: one process's loop would be the bottleneck); without
    ``present`` the students only read what they are sent (``Student.present``)."""
    private_folder(folder, ours=False)  # the host's output holds every join code
    host_dir = folder / "host"
    args = [sys.executable, "-m", "braille_words.cli", "host", "--seed", str(seed),
            "--port", "0", "--dir", str(host_dir), "--no-mdns", "--lang", "pl"]
    for roster in _rosters(folder, tables, seats):
        args += ["--roster", str(roster)]
    log_path = folder / "host.log"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with os.fdopen(open_private(log_path, os.O_WRONLY | os.O_TRUNC), "w", encoding="utf-8") as log:
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=log,
                                stderr=subprocess.STDOUT, env=env)
    try:
        state = _wait_for_state(host_dir / "host.json", proc, 60.0)
        cpu_before = _cpu_seconds(proc.pid)
        students, by_table = _students(state, seats, drop_fraction, read_first)
        for student in students:
            student.present = present
        started = time.perf_counter()
        with _CpuTrace(proc.pid) as trace:
            if client_processes > 1:
                _play_in_processes(students, most_seconds, client_processes)
            else:
                asyncio.run(_play(students, most_seconds))
        seconds = time.perf_counter() - started
        heard = max((s.last_heard for s in students), default=0.0)
        # Nobody heard anything: no end of play to read the CPU at (the process's total then).
        cpu_after = trace.at(heard) if heard > 0 else None
        try:
            _, status, usage = os.wait4(proc.pid, 0) if _exits(proc, 30.0) else (0, 0, None)
        except ChildProcessError:
            status, usage = 0, None
        exit_code = os.waitstatus_to_exitcode(status) if usage is not None else -1
        if usage is not None:
            cpu_total = usage.ru_utime + usage.ru_stime
            peak = usage.ru_maxrss / 1024
        else:
            cpu_total, peak = cpu_after or cpu_before, float("nan")
        if cpu_after is None:
            cpu_after = cpu_total
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
    results = []
    for entry, table_students in zip(state["tables"], by_table, strict=True):
        record = journal.read(Path(entry["journal"]))
        journaled = [sum(1 for e in record.entries if e.seat == seat) for seat in range(seats)]
        announced = [0] * seats
        for student in table_students:
            if student.seat is not None:
                announced[student.seat] += student.moves_announced
        results.append(TableResult(len(record.entries), record.finished, announced,
                                   journaled))
    return LoadResult(
        tables=results,
        latencies=[x for s in students for x in s.latencies],
        drops=sum(s.drops for s in students),
        students_over=sum(s.over for s in students),
        students=len(students),
        seconds=seconds,
        host_cpu_seconds=cpu_after - cpu_before,
        host_peak_rss_mib=peak,
        host_exit=exit_code,
        host_log=log_path.read_text(encoding="utf-8", errors="replace")[-2000:],
        refused=[s.refused for s in students if s.refused],
        closed=[code for s in students for code in s.closed],
    )


class _CpuTrace:
    """The host's CPU seconds read every few milliseconds while the students play, with when
    they were read: its CPU when the last student heard from it is the CPU the games cost.
    Read once after the students' processes have ended instead, it took in a varying part of
    the host's own ending (closing thirty tables, the interpreter's teardown: up to a fifth
    of the figure), whichever of the two programs finished first."""

    PERIOD = 0.005

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self._readings: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)

    def __enter__(self) -> _CpuTrace:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _read(self) -> None:
        while True:
            try:
                self._readings.append((time.monotonic(), _cpu_seconds(self._pid)))
            except (OSError, IndexError, ValueError):  # the host has ended
                return
            if self._stop.wait(self.PERIOD):
                return

    def at(self, moment: float) -> float | None:
        """The CPU read first at or after ``moment`` (None: never read, or the host ended
        before it)."""
        for when, cpu in self._readings:
            if when >= moment:
                return cpu
        return None


def _exits(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Wait for the host to end by itself (every game over), without reaping it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            waited = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return False
        if waited is not None:
            return True
        time.sleep(0.05)
    return False


def _wait_for_state(path: Path, proc: subprocess.Popen[bytes], seconds: float) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the host ended before it listened (exit {proc.returncode})")
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            state = None
        if state and state.get("port"):
            return dict(state)
        time.sleep(0.05)
    raise RuntimeError("the host did not start listening in time")


def _students(state: dict[str, Any], seats: int, drop_fraction: float,
              read_first: str | None) -> tuple[list[Student], list[list[Student]]]:
    url = f"ws://127.0.0.1:{state['port']}/ws"
    every: list[Student] = []
    by_table: list[list[Student]] = []
    total = len(state["tables"]) * seats
    dropping = round(total * drop_fraction)
    step = max(1, total // dropping) if dropping else 0
    for number, entry in enumerate(state["tables"]):
        codes = entry["keys"]["codes"]
        table_students = []
        for seat in range(seats):
            index = number * seats + seat
            drop = 3 + index % 5 if step and index % step == 0 and index // step < dropping \
                else None
            table_students.append(Student(url, codes[str(seat)], read_first=read_first,
                                          drop_after=drop))
        by_table.append(table_students)
        every += table_students
    return every, by_table


_COUNTS = ("token", "seat", "lines_sent", "moves_announced", "latencies", "reads_sent",
           "lines_refused", "drops", "welcomes", "reconnects", "over", "refused", "closed",
           "last_heard")
"""What a student played in another process brings back (its ``got`` stays there)."""


def _play_in_processes(students: list[Student], most_seconds: float, processes: int) -> None:
    """The students shared out among ``processes`` forked processes, each with its own
    loop; what each student counted is copied back onto it here."""
    context = multiprocessing.get_context("fork")
    groups = [list(range(i, len(students), processes)) for i in range(processes)]
    running = []
    for group in groups:
        ours, theirs = context.Pipe(duplex=False)
        proc = context.Process(target=_client_process,
                               args=([students[i] for i in group], most_seconds, theirs))
        proc.start()
        theirs.close()
        running.append((group, ours, proc))
    for group, ours, proc in running:
        try:
            counts = ours.recv() if ours.poll(most_seconds + 60) else []
        except EOFError:
            counts = []
        proc.join(30)
        for index, each in zip(group, counts, strict=False):
            for name, value in each.items():
                setattr(students[index], name, value)


def _client_process(students: list[Student], most_seconds: float, out: Connection) -> None:
    """In a forked process: play ``students``, send back what each counted."""
    asyncio.run(_play(students, most_seconds))
    out.send([{name: getattr(s, name) for name in _COUNTS} for s in students])
    out.close()


async def _play(students: list[Student], most_seconds: float) -> None:
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        await asyncio.gather(*(s.play(http, most_seconds, reconnect=True) for s in students))
