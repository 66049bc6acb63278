"""A classroom over the network under load (issues 14, 36): tables of four simulated students
on 127.0.0.1 against a real ``braille-words host`` process, seeded Rummikub Słowny games played
to their end; 10 % of the connections dropped once mid-game and restored. Beside it, in the
same run, a bare aiohttp WebSocket echo served by a process of its own and asked by as many
clients in as many processes: what the machine gives any Python WebSocket server right now.

Each student, on its turn, reads its rack ("stojak") and then draws ("dobierz"), so every turn
is two commands; the games end by the rules when the bank is empty and everybody has passed.

Figures:
- ``median``/``p99``: time from a seat's command leaving the student's socket to its own answer
  arriving (the news that reads the rack out; the view that announces the move);
- ``host CPU per command``: user + system seconds the host process used while the games were
  played, over the commands answered — less sensitive than times to the other programs on the
  machine; the echo's is its server's CPU over the messages it echoed;
- ``host peak memory``: the host process's peak resident set;
- ``moves lost``: moves the table announced to their seat that its journal does not hold
  exactly once, seat by seat (must be 0).
Goals on the project's 2-core machine: p99 ≤ 100 ms at 120 clients in two processes, host CPU
≤ 0.4 ms per command.

Run: ``python benchmarks/bench_net.py [--clients N] [--client-processes K]`` (default 120 clients
in 2 processes: 30 tables × 4 seats); ``--quick`` plays one table of two students in one process
and fails only on a lost move or an unfinished game, never on a time (the suite's check that the
benchmark runs).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

import aiohttp

from braille_words.net.load import run_load

GOAL_P99_MS = 100.0
GOAL_CPU_MS = 0.4
ECHO_ROUNDS = 40
"""Round trips each echo client makes, one after another."""
ECHO_SERVER = """
import sys
from aiohttp import web

async def echo(request):
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    async for message in ws:
        await ws.send_str(message.data)
    return ws

app = web.Application()
app.router.add_get("/ws", echo)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=lambda *a: print("up", flush=True),
            access_log=None)
"""
LINE = '{"t":"line","text":"stojak"}'


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _echo_clients(url: str, clients: int, rounds: int) -> list[float]:
    times: list[float] = []

    async def one(http: aiohttp.ClientSession) -> None:
        async with http.ws_connect(url) as ws:
            for _ in range(rounds):
                sent = time.perf_counter()
                await ws.send_str(LINE)
                await ws.receive()
                times.append(time.perf_counter() - sent)

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        await asyncio.gather(*(one(http) for _ in range(clients)))
    return times


def _echo_process(url: str, clients: int, rounds: int, out: Connection) -> None:
    out.send(asyncio.run(_echo_clients(url, clients, rounds)))
    out.close()


def echo_baseline(clients: int, processes: int, rounds: int) -> tuple[list[float], float]:
    """The bare echo's round trips (seconds) and its server's CPU seconds per message."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-c", ECHO_SERVER, str(port)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()  # "up"
        before = _cpu_seconds(server.pid)
        context = multiprocessing.get_context("fork")
        shares = [clients // processes + (i < clients % processes) for i in range(processes)]
        pipes = []
        for share in shares:
            ours, theirs = context.Pipe(duplex=False)
            proc = context.Process(target=_echo_process,
                                   args=(f"ws://127.0.0.1:{port}/ws", share, rounds, theirs))
            proc.start()
            theirs.close()
            pipes.append((ours, proc))
        times: list[float] = []
        for ours, proc in pipes:
            times += ours.recv()
            proc.join()
        cpu = _cpu_seconds(server.pid) - before
    finally:
        server.terminate()
        server.wait()
    return times, cpu / max(1, len(times))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--clients", type=int, default=None)
    parser.add_argument("--client-processes", type=int, default=None)
    parser.add_argument("--seats", type=int, default=None, help="students at each table")
    args = parser.parse_args()
    quick = args.quick
    seats = args.seats or (2 if quick else 4)
    clients = args.clients or (2 if quick else 120)
    processes = args.client_processes or (1 if quick else 2)
    tables = max(1, clients // seats)
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:
        result = run_load(Path(folder), tables=tables, seats=seats, drop_fraction=0.1,
                          most_seconds=600, client_processes=processes, present=False)
    echo, echo_cpu = echo_baseline(tables * seats, processes, 10 if quick else ECHO_ROUNDS)
    median = result.median * 1000
    p99 = result.percentile(0.99) * 1000
    commands = len(result.latencies)
    cpu_ms = result.host_cpu_seconds / commands * 1000 if commands else float("nan")
    moves = sum(t.journal_moves for t in result.tables)
    print(f"{tables} tables × {seats} seats: {result.students} students in {processes} "
          f"process(es), {result.students_over} saw their game end; {moves} moves, "
          f"{commands} commands answered in {result.seconds:.1f} s "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"command → answer: median {median:.2f} ms, p99 {p99:.2f} ms (goal p99 ≤ "
          f"{GOAL_P99_MS:.0f} ms); bare aiohttp echo, same clients: median "
          f"{statistics.median(echo) * 1000:.2f} ms, p99 {_percentile(echo, 0.99) * 1000:.2f} ms")
    share = result.host_cpu_seconds / result.seconds * 100 if result.seconds else 0.0
    print(f"host CPU per command: {cpu_ms:.2f} ms (goal ≤ {GOAL_CPU_MS} ms; "
          f"{result.host_cpu_seconds:.2f} s, {share:.0f} % of one core); echo server's CPU "
          f"per message: {echo_cpu * 1000:.3f} ms; host peak memory: "
          f"{result.host_peak_rss_mib:.0f} MiB")
    print(f"connections dropped and restored: {result.drops}; closed by the host: "
          f"{len(result.closed)}; moves lost: {result.moves_lost}; "
          f"every journal finished: {all(t.finished for t in result.tables)}")
    sound = result.moves_lost == 0 and result.students_over == result.students
    ok = sound and p99 <= GOAL_P99_MS and cpu_ms <= GOAL_CPU_MS
    print("goal met" if ok else "GOAL NOT MET")
    return 0 if ok or (quick and sound) else 1


if __name__ == "__main__":
    sys.exit(main())
