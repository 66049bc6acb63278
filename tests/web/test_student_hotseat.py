"""Hot-seat in one browser (issue 20: ``play --web`` with several people): the page holds
every person's seat, as a speaker shared at the table would, and the table's own hand-over
decides whose tiles it shows. Nothing of the next person's is on the page until they have
pressed Enter there; a button of the last person's page presses nothing for the next."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.games.registry import find_game
from braille_words.net.codes import SeatKeys
from braille_words.net.host import Host, HostedTable
from braille_words.speech.speaker import strip_marks
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players
from braille_words.table.session import KEYBOARD, Input
from braille_words.web.student_play import seat_on_page
from tests.net.conftest import Hosted
from tests.web.browser import axe, needs_browser, wait
from tests.web.test_student_browser import browser, command, heard, join, live_regions
from tests.web.test_student_play import _page_socket

__all__ = ["browser"]


def needs_browser_marks(test: Any) -> Any:
    for mark in needs_browser:
        test = mark(test)
    return test


@pytest.fixture
def shared_page(tmp_path: Path, polish: Any) -> Iterator[Hosted]:
    """Ola and Jan at one browser, against a computer (as ``play --web`` seats them)."""
    seats = parse_players("human,human,computer:beginner", "pl")
    seats[0].name, seats[1].name = "Ola", "Jan"
    shared = seat_on_page(seats)
    assert shared == [frozenset({0, 1})]
    session = new_session(find_game("rummikub"), seats, seed=3, lexicon=polish,
                          journal_path=tmp_path / "game.jsonl", shared=shared)
    session.timers = False
    table = HostedTable(1, session, SeatKeys())
    host = Host([table], bind="127.0.0.1", port=0, state_path=tmp_path / "host.json")
    host.start()
    thread = threading.Thread(target=session.run, daemon=True)
    thread.start()
    yield Hosted(host, table, thread)
    session.inputs.put(Input(KEYBOARD, None))
    host.stop()
    thread.join(10)


class Page:
    """What the page was sent, as its script would take it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.pages: list[dict[str, Any]] = []
        self.said: list[str] = []
        self.raw: list[str] = []

    async def _next(self, end: float) -> dict[str, Any]:
        """The next message, kept as the page's script keeps it."""
        try:
            message = await asyncio.wait_for(self.ws.receive(), end - time.monotonic())
        except TimeoutError:
            raise AssertionError(f"not sent in time; sent: {self.raw}") from None
        assert message.type == aiohttp.WSMsgType.TEXT, message
        self.raw.append(message.data)
        data: dict[str, Any] = json.loads(message.data)
        if data["t"] == "say":
            self.said.append(data["text"])
        elif data["t"] == "page":
            self.pages.append(data)
        return data

    async def until(self, check: Any, seconds: float = 30) -> dict[str, Any]:
        """The first page (from now) that passes ``check``; the sentences on the way kept."""
        end = time.monotonic() + seconds
        while True:
            data = await self._next(end)
            if data["t"] == "page" and check(data):
                return data

    async def said_soon(self, part: str, seconds: float = 30) -> None:
        """Until a sentence with ``part`` in it has come."""
        end = time.monotonic() + seconds
        while not any(part in s for s in self.said):
            await self._next(end)

    async def line(self, text: str) -> None:
        await self.ws.send_str(json.dumps({"t": "line", "text": text}))


def _rack(page: dict[str, Any]) -> str:
    area = next((a for a in page["areas"] if a["name"] == "rack"), None)
    return "" if area is None else " ".join(b["text"] for g in area["groups"] for b in g)


def test_people_sharing_the_page_take_it_over_in_turn_and_see_only_their_own_tiles(
    shared_page: Hosted,
) -> None:
    host, table = shared_page.host, shared_page.table
    session = table.session

    async def scenario() -> dict[str, Any]:
        async with aiohttp.ClientSession() as http:
            ws = await _page_socket(f"ws://127.0.0.1:{host.port}/play/ws", table.keys.codes[0],
                                    http)
            page = Page(ws)
            # Joined: asked who takes the page first, and nothing of anyone's shown.
            first = await page.until(lambda p: p["hand_over"] and p["shared"])
            assert first["areas"] == [] and not first["picked"]
            wanted = first["name"]
            await page.said_soon(f"{wanted}, naciśnij Enter")
            # A line other than Enter is not taken for the one asked.
            await page.line("stojak")
            await page.line("")
            mine = await page.until(lambda p: not p["hand_over"] and _rack(p))
            assert mine["name"] == wanted and mine["turn"]
            racks = {wanted: _rack(mine)}
            # The first person plays (draws); the computer and then the other person follow.
            await page.line("dobierz")
            other = await page.until(lambda p: p["hand_over"] and p["name"] != wanted, 60)
            assert other["areas"] == []
            # A button of the last person's page presses nothing now.
            old = mine
            rack_button = next(a for a in old["areas"] if a["name"] == "rack")["groups"][0][0]
            await ws.send_str(json.dumps({"t": "route", "page": old["page"],
                                          "item": rack_button["id"]}))
            await page.line("")
            theirs = await page.until(lambda p: not p["hand_over"] and _rack(p))
            racks[theirs["name"]] = _rack(theirs)
            await ws.close()
            return {"racks": racks, "pages": page.pages, "said": page.said,
                    "other": other["name"], "wanted": wanted, "raw": page.raw}

    got = asyncio.run(scenario())
    said = got["said"]
    # Until Ola pressed Enter, her "stojak" brought the asking again, never her tiles.
    turn = next(i for i, s in enumerate(said) if "Twój ruch" in s)
    assert not any("Stojak" in s for s in said[:turn])
    assert sum("Kolej: Ola" in s for s in said[:turn]) == 2
    assert "Ola, Jan: wspólny" in " ".join(said[:turn])
    # Every page drawn while someone was asked to take over showed nobody's tiles.
    assert all(p["areas"] == [] and not p["picked"] for p in got["pages"] if p["hand_over"])
    assert got["other"] != got["wanted"]
    assert set(got["racks"]) == {"Ola", "Jan"}
    assert got["racks"]["Ola"] != got["racks"]["Jan"]
    assert all(session.outputs[s].selection is None for s in (0, 1))
    # Each sentence says whose it is and what of it may stay once the page is handed over:
    # nothing of a rack or a draw, everything of what anyone at the page may hear.
    says = [m for m in map(json.loads, got["raw"]) if m["t"] == "say" and "public" in m]
    kept = {m["text"]: "".join(part for part, _ in m["public"]) for m in says}
    racks = [t for t in kept if "Stojak," in t]
    assert racks and all(kept[t] == "" for t in racks)
    drew = [t for t in kept if "Dobierasz:" in t]
    assert drew and all("Dobierasz" not in kept[t] and "dobiera 1" in kept[t] for t in drew)
    asked = [t for t in kept if "naciśnij Enter" in t]
    assert asked and all(kept[t] == t for t in asked)
    first = ["Ola", "Jan"].index(got["wanted"])
    assert first in {m["seat"] for m in says if "Stojak," in m["text"]} <= {0, 1}



def _everything_on(driver: Any) -> dict[str, str]:
    """What the page holds, three ways: its DOM (markup and text, hidden parts too), the
    accessibility tree a screen reader walks (browse mode reaches every node), and the two
    live regions."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    tree = " ".join(str(n.get(part, {}).get("value", "")) for n in nodes
                    for part in ("name", "value", "description"))
    regions = live_regions(driver)
    return {"dom": str(driver.execute_script("return document.documentElement.outerHTML")),
            "tree": tree, "polite": " ".join(regions["polite"]),
            "assertive": " ".join(regions["assertive"])}


def _own(sentences: list[str]) -> list[str]:
    """Of ``sentences``, the parts that are one person's own: the rack read out, the tiles
    drawn."""
    found: list[str] = []
    for said in sentences:
        found += re.findall(r"Stojak, \d+ płyt\w*: [^.]+\.", said)
        found += re.findall(r"Dobierasz: [^.]+\.", said)
    return found


def _own_news(driver: Any) -> list[str]:
    """The holder's own sentences in the page's news list now."""
    return _own(driver.execute_script(
        "return Array.from(document.querySelectorAll('#news li'), li => li.textContent)"))


def _holds_none_of(driver: Any, private: list[str]) -> None:
    assert private
    for where, held in _everything_on(driver).items():
        leaked = [p for p in private if p in held]
        assert not leaked, f"the {where} still holds {leaked}"
        assert not re.search(r"Stojak, \d+ płyt|Dobierasz:", held), where


@needs_browser_marks
def test_two_people_play_hot_seat_in_one_browser_by_the_keyboard(
    shared_page: Hosted, browser: Any
) -> None:
    """At each hand-over the page keeps nothing of the last person's own — not in its news,
    its live regions, its buttons, its accessibility tree, nor in what the repeat key and
    "historia" answer — and the public news stays."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    join(browser, shared_page)
    said = shared_page.table.session.outputs

    def status(d: Any) -> str:
        return str(d.find_element(By.ID, "status").text)

    def news(d: Any) -> str:
        return str(d.find_element(By.ID, "news").text)

    # Asked who takes the page; nothing of anyone's is on it.
    wait(browser, lambda d: "Kolej: Ola" in status(d) and "Ola, naciśnij Enter" in heard(d))
    assert not browser.find_elements(By.ID, "area-rack")
    assert axe(browser) == []
    command(browser, "")  # Enter in the command field: Ola has the page
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-rack button"))
    assert "Ola (ty)" in status(browser)
    olas = browser.find_element(By.ID, "area-rack").text
    command(browser, "dobierz")
    # The computer moves, then Jan is asked: Ola's tiles leave the page at once.
    wait(browser, lambda d: "Kolej: Jan" in status(d), 60)
    assert not browser.find_elements(By.ID, "area-rack")
    assert browser.switch_to.active_element.get_attribute("id") == "command"
    ola_own = _own([strip_marks(s) for s in said[0].said])
    assert {p.split()[0] for p in ola_own} == {"Stojak,", "Dobierasz:"}
    _holds_none_of(browser, ola_own)
    # The public news stays: that Ola drew, and what the computer did.
    assert "Ola dobiera 1 płytkę" in news(browser)
    # The repeat key and "historia" before Jan has the page answer nothing of Ola's.
    asked = news(browser).count("Kolej: Jan")
    browser.switch_to.active_element.send_keys(Keys.ALT, Keys.SHIFT, "4")
    command(browser, "historia")
    wait(browser, lambda d: news(d).count("Kolej: Jan") >= asked + 2)
    _holds_none_of(browser, ola_own)
    command(browser, "")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-rack button"))
    assert "Jan (ty)" in status(browser)
    assert browser.find_element(By.ID, "area-rack").text != olas
    # Jan's own history has nothing of Ola's either.
    command(browser, "historia")
    wait(browser, lambda d: len(_own_news(d)) >= 2)  # his rack, and read again
    assert not [p for p in ola_own if p in news(browser)]
    assert axe(browser) == []
    # Jan draws; at the hand-over back to Ola, Jan's tiles leave the page as Ola's did.
    command(browser, "dobierz")
    wait(browser, lambda d: "Kolej: Ola" in status(d), 60)
    jan_own = _own([strip_marks(s) for s in said[1].said])
    assert {p.split()[0] for p in jan_own} == {"Stojak,", "Dobierasz:"}
    _holds_none_of(browser, jan_own + ola_own)
    assert "Jan dobiera 1 płytkę" in news(browser)
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_play_web_with_two_people_seats_both_on_the_one_page(tmp_path: Path) -> None:
    from tests.web.test_student_play import _first_line, _play, stop

    process = _play(tmp_path, "rummikub", "--web", "--port", "0", "--seed", "3",
                    "--players", "human,human,computer:beginner")
    try:
        found = _first_line(process, r"http://127\.0\.0\.1:(\d+)/play\?lang=pl#(\d{6})")
        port, code = found.group(1), found.group(2)
        _first_line(process, r"Gracz, Drugi gracz grają na jednej stronie, po kolei")

        async def scenario() -> list[dict[str, Any]]:
            async with aiohttp.ClientSession() as http:
                ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", code, http)
                page = Page(ws)
                await page.until(lambda p: p["hand_over"], 60)
                await page.said_soon("naciśnij Enter", 60)
                await page.line("")
                await page.until(lambda p: not p["hand_over"] and _rack(p), 60)
                await ws.close()
                return page.pages

        pages = asyncio.run(scenario())
        assert pages[-1]["shared"] and pages[-1]["name"] in ("Gracz", "Drugi gracz")
        # Joined before the game's first hand-over: no rack was shown until Enter.
        assert [p for p in pages[:-1] if _rack(p)] == []
    finally:
        stop(process)


def test_a_game_played_in_the_browser_resumes_in_the_browser(tmp_path: Path) -> None:
    """``resume`` of a page's game: without ``--web`` nobody here could take the page's seats
    (the table would wait for ever), so it says how; with it, the page is back, hot-seat."""
    import os
    import subprocess
    import sys

    from tests.web.test_student_play import ROOT, _first_line, _play, stop

    process = _play(tmp_path, "rummikub", "--web", "--port", "0", "--seed", "3",
                    "--players", "human,human,computer:beginner")
    _first_line(process, r"grają na jednej stronie")
    stop(process)
    journal = str(tmp_path / "game.jsonl")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    refused = subprocess.run(
        [sys.executable, "-m", "braille_words.cli", "resume", journal],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert refused.returncode != 0
    assert "braille-words resume --web" in refused.stderr and "Traceback" not in refused.stderr

    again = subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "resume", journal, "--web", "--port", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env, cwd=ROOT)
    try:
        found = _first_line(again, r"http://127\.0\.0\.1:(\d+)/play\?lang=pl#(\d{6})")
        port, code = found.group(1), found.group(2)

        async def scenario() -> dict[str, Any]:
            async with aiohttp.ClientSession() as http:
                ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", code, http)
                page = Page(ws)
                first = await page.until(lambda p: p["shared"], 60)
                await ws.close()
                return first

        first = asyncio.run(scenario())
        assert first["hand_over"] and first["areas"] == []
    finally:
        stop(again)
