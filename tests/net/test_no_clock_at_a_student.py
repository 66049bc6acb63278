"""A student at a table that runs no clock (``host --no-timer``) hears what a seat at the
teacher's computer hears there (issues 33/36 review): in 7 słów a hint that sees no word says
"koniec czasu" ends the round, since no hourglass will. The student's computer words the hint
itself and did not know the table runs no clock, so it left that out. Asked after writing
a word, the hint says the word is written, and still that "koniec czasu" ends the round."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from braille_words.games.seven_words.computer import hint
from braille_words.speech.speaker import strip_marks
from tests.net.conftest import Hosted, HostMaker, join, run
from tests.web.test_student_play import _page_socket

ENDS = "Bez zegara rundę kończy „koniec czasu”."


def _word(table: Hosted) -> str:
    """A word seat 1 may write from round 1's cards (the hint's own)."""
    session = table.table.session
    move = hint(session.rules, session.state, 0)
    assert move is not None
    return str(move.word)


def test_a_student_at_a_table_without_a_clock_hears_koniec_czasu_in_a_hint(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", game="siedem-slow", seed=3)  # the fixture runs no clock
    word = _word(table)

    async def scenario(http: aiohttp.ClientSession) -> tuple[dict[str, Any], str]:
        peer = await join(table.url, http, table.code(0))
        other = await join(table.url, http, table.code(1))  # the round waits for them too
        await peer.until(lambda m: m.get("do") == "prompt")
        await peer.type(word)
        await peer.until(lambda m: m.get("t") == "view" and m.get("mine") is True)
        await peer.type("podpowiedź")  # a word written: no more for the hint to see
        await peer.until(lambda m: "jest zapisane" in str(m.get("text", "")))
        await other.ws.close()
        welcome = next(m for m in peer.wire if m.get("t") == "welcome")
        return welcome, strip_marks(peer.said())

    welcome, heard = run(scenario)
    assert welcome["clock"] is False
    assert ENDS in heard, heard


def test_a_page_at_a_table_without_a_clock_hears_koniec_czasu_in_a_hint(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", game="siedem-slow", seed=3)
    word = _word(table)
    port = table.host.port

    async def scenario(http: aiohttp.ClientSession) -> str:
        ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", table.code(0), http)
        other = await join(table.url, http, table.code(1))
        said: list[str] = []

        async def send_until(line: str, heard: str) -> None:
            await ws.send_str(json.dumps({"t": "line", "text": line}))
            while not any(heard in s for s in said):
                data = json.loads((await asyncio.wait_for(ws.receive(), 20)).data)
                if data["t"] == "say":
                    said.append(str(data["text"]))

        await other.read(0.3)
        await send_until(word, word.upper())
        await send_until("podpowiedź", "jest zapisane")
        await ws.close()
        return " ".join(said)

    assert ENDS in run(scenario)


def test_a_student_s_computer_hears_of_a_clock_from_the_welcome_and_an_older_host_has_one(
) -> None:
    from braille_words.net.client import SeatScreen
    from braille_words.table.outputs import SeatOutput

    screen = SeatScreen(SeatOutput(name="Ola", lang="pl", verbosity="beginner"))
    welcome = {"game_id": "siedem-slow", "table": 1, "name": "Ola", "game": "7 słów"}
    for said, clock in (({"clock": False}, False), ({"clock": True}, True), ({}, True)):
        assert screen.welcome({**welcome, **said})
        assert screen.news is not None and screen.news.timed() is clock
