"""The student's page (issue 20): from a command typed in the page to its answer in the live
region, on 127.0.0.1, beside the same command from a terminal client's connection.

A real host (a seeded Rummikub Słowny table, the page's seat and a computer) and Debian's
chromium driven by Selenium. In the page, the command field gets "stojak" and is submitted
(as Enter does); the time runs in the browser (``performance.now``) until a new paragraph is
in a live region — what a screen reader is given to read. Beside it, a client speaking the
network protocol as ``braille-words join`` does sends the same line on ``/ws`` for a second
network seat and times its first answer (the figure ``bench_net.py`` measures under load).

Run: ``python benchmarks/bench_web.py [COMMANDS]`` (default 200).
"""

from __future__ import annotations

import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import aiohttp

from braille_words.games.registry import find_game
from braille_words.lexicon import get_lexicon
from braille_words.net import protocol
from braille_words.net.codes import SeatKeys
from braille_words.net.host import Host, HostedTable
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players

WARM_UP = 5
"""Commands not counted: the first ones of a page meet a browser still settling."""
PACE = 0.05
"""Seconds between two commands: faster than 50 messages a second, the host takes a
connection for a flood and closes it (the page then reconnects, half a second later)."""

TIMED = """
const done = arguments[arguments.length - 1];
const field = document.getElementById("command");
const regions = [document.getElementById("polite"), document.getElementById("assertive")];
const start = performance.now();
const seen = new MutationObserver(() => { seen.disconnect(); done(performance.now() - start); });
regions.forEach((r) => seen.observe(r, {childList: true}));
field.value = arguments[0];
field.form.requestSubmit();
"""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _browser_times(url: str, code: str, count: int) -> list[float]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = str(shutil.which("chromium"))
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(str(shutil.which("chromedriver"))),
                              options=options)
    try:
        driver.get(f"{url}/play#{code}")
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#area-rack li"))
        time.sleep(1.0)  # the welcome's sentences have arrived
        times = []
        for _ in range(WARM_UP + count):
            times.append(float(driver.execute_async_script(TIMED, "stojak")))
            time.sleep(PACE)  # a person's pace: the host closes a connection past 50 a second
        return times[WARM_UP:]
    finally:
        driver.quit()


async def _client_times(url: str, code: str, count: int) -> list[float]:
    times = []
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.send_str(protocol.hello(code, cells=40))
        while True:  # everything that greets a joining student, until it is quiet
            try:
                await asyncio.wait_for(ws.receive(), 1.0)
            except TimeoutError:
                break
        for _ in range(WARM_UP + count):
            sent = time.perf_counter()
            await ws.send_str(protocol.dump({"t": "line", "text": "stojak"}))
            while True:
                message = json.loads((await ws.receive()).data)
                # Protocol 3 sends a seat's news as data ("news"), worded on the student's
                # computer; a sentence ("say") only for what the host words itself.
                if message.get("t") in ("say", "news", "cells"):
                    break
            times.append((time.perf_counter() - sent) * 1000)
            while True:  # the rest of the answer (its cells)
                try:
                    await asyncio.wait_for(ws.receive(), 0.05)
                except TimeoutError:
                    break
    return times[WARM_UP:]


def main() -> int:
    quick = "--quick" in sys.argv  # a few commands: the suite's check that this runs
    numbers = [a for a in sys.argv[1:] if a != "--quick"]
    count = int(numbers[0]) if numbers else (WARM_UP + 5 if quick else 200)
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        seats = parse_players("remote,remote,computer:beginner", "pl")
        session = new_session(find_game("rummikub"), seats, seed=3, lexicon=get_lexicon("pl"),
                              journal_path=Path(folder) / "table.jsonl")
        session.timers = False
        table = HostedTable(1, session, SeatKeys())
        host = Host([table], bind="127.0.0.1", port=0)
        port = host.start()
        threading.Thread(target=session.run, daemon=True).start()
        try:
            page = _browser_times(f"http://127.0.0.1:{port}", table.keys.codes[0], count)
            client = asyncio.run(_client_times(f"ws://127.0.0.1:{port}/ws",
                                               table.keys.codes[1], count))
        finally:
            host.stop()
            session.close()
    for name, times in (("page (typed → live region)", page),
                        ("terminal client (line → first answer)", client)):
        print(f"{name}: {len(times)} commands, median {statistics.median(times):.2f} ms, "
              f"p99 {_percentile(times, 0.99):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
