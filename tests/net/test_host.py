"""A teacher's table served over the network (issue 14): joining with a code, playing one's
seat from another computer, and everything a connection may not do."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import pytest

from braille_words.net import host as host_mod
from braille_words.net import protocol
from tests.net.conftest import HostMaker, Peer, connect, join, run, texts


def _views(peer: Peer) -> list[dict[str, Any]]:
    return [m["view"] for m in peer.got if m.get("t") == "view" and m.get("view")]


def test_a_student_joins_with_the_code_and_plays_their_own_seat(hosted: HostMaker) -> None:
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        peer = await join(table.url, http, table.code(0))
        await peer.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        await peer.send({"t": "line", "text": "stojak"})
        await peer.until(lambda m: str(m.get("text", "")).startswith("Stojak"))
        await peer.send({"t": "key", "name": "pan_right", "arg": None})
        await peer.read(0.5)
        return peer

    peer = run(scenario)
    kinds = {m["t"] for m in peer.got}
    assert {"welcome", "say", "cells", "view", "cue"} <= kinds
    welcome = next(m for m in peer.got if m["t"] == "welcome")
    assert welcome["seat"] == 1 and welcome["game"] == "Rummikub Słowny" and welcome["token"]
    assert "Dołączono do stołu" in peer.said() and "Stojak, 14 płytek" in peer.said()
    # The seat's own view, as data: its rack, nobody else's.
    view = _views(peer)[-1]
    state = table.table.session.state
    assert view["seat"] == 0
    assert view["rack"] == json.loads(json.dumps(state.view_for(0)["rack"]))


def test_the_student_is_spoken_to_in_the_language_their_computer_asked_for(
    hosted: HostMaker,
) -> None:
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        peer = await join(table.url, http, table.code(0), lang="en")
        await peer.until(lambda m: "Your turn" in str(m.get("text", "")))
        return peer

    peer = run(scenario)
    assert "Joined the table" in peer.said() and "Your turn" in peer.said()


def test_the_table_waits_for_a_network_seat_until_its_student_joins(hosted: HostMaker) -> None:
    table = hosted("computer:beginner,remote", seed=4)  # seed 4: the computer moves first

    async def scenario(http: aiohttp.ClientSession) -> tuple[int, int]:
        await asyncio.sleep(1.0)
        before = table.table.session.moves_played
        peer = await join(table.url, http, table.code(1))
        await peer.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        return before, table.table.session.moves_played

    before, after = run(scenario)
    assert before == 0 and after >= 1  # the computer starts only once the student is there


def test_a_client_of_another_version_is_refused_with_a_sentence(hosted: HostMaker) -> None:
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        peer = await connect(table.url, http)
        await peer.send(protocol.hello(table.code(0), version=protocol.VERSION + 1))
        await peer.read(1.0)
        return peer

    peer = run(scenario)
    refused = [m for m in peer.got if m["t"] == "refused"]
    assert refused and "protokół" in refused[0]["text"] and peer.closed
    assert not any(m["t"] in ("say", "view", "cells") for m in peer.got)


def test_a_wrong_code_is_refused_and_may_be_typed_again_three_times(hosted: HostMaker) -> None:
    table = hosted()
    wrong = "000000" if table.code(0) != "000000" else "111111"

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        peer = await connect(table.url, http)
        await peer.send(protocol.hello(wrong))
        await peer.read(0.5)
        await peer.send(protocol.hello(table.code(0)))
        await peer.until(lambda m: m.get("t") == "welcome")
        other = await connect(table.url, http)
        for _ in range(3):
            await other.send(protocol.hello(wrong))
            await other.read(0.3)
        return peer, other

    peer, other = run(scenario)
    assert "Nie ma stołu z takim kodem: 000000" in texts(peer.got) or "111111" in texts(peer.got)
    assert any(m["t"] == "welcome" for m in peer.got)
    assert other.closed and "Za dużo błędnych kodów" in other.said()


def test_a_taken_seat_cannot_be_claimed_again_until_the_teacher_frees_it(
    hosted: HostMaker,
) -> None:
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer, Peer]:
        first = await join(table.url, http, table.code(0))
        second = await join(table.url, http, table.code(0))
        await second.read(0.5)
        table.host.free(table.table, 0)
        await first.read(0.5)
        third = await join(table.url, http, table.code(0))
        return first, second, third

    first, second, third = run(scenario)
    assert "już zajęte" in second.said() and second.closed
    assert "zwolnił to miejsce" in first.said()
    assert any(m["t"] == "welcome" for m in third.got)


def test_a_revoked_code_no_longer_claims_the_seat(hosted: HostMaker) -> None:
    table = hosted()
    old = table.code(0)
    new = table.host.renew_code(table.table, 0)

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        return await join(table.url, http, old), await join(table.url, http, new)

    stale, fresh = run(scenario)
    assert new != old
    assert any(m["t"] == "refused" for m in stale.got)
    assert any(m["t"] == "welcome" for m in fresh.got)


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        ("{not json", "nie rozumie"),
        ('{"t": "line", "text": "stojak", "seat": 2}', "nie rozumie"),
        ('{"t": "key", "name": "route", "arg": 9999}', "nie rozumie"),
        ('{"t": "hello", "v": 1}', "nie rozumie"),  # a second hello
        ('"just a string"', "nie rozumie"),
        ("x" * (protocol.MAX_MESSAGE + 10), "za długa"),
    ],
)
def test_bad_input_from_the_network_closes_that_connection_and_the_table_goes_on(
    hosted: HostMaker, frame: str, reason: str
) -> None:
    table = hosted("remote,remote,computer:beginner")

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        good = await join(table.url, http, table.code(0))
        bad = await join(table.url, http, table.code(1))
        await bad.read(0.5)
        await bad.send(frame)
        await bad.read(1.5)
        await good.read(0.5)
        await good.send({"t": "line", "text": "wyniki"})
        await good.until(lambda m: "pkt" in str(m.get("text", "")) or "Wyniki" in str(
            m.get("text", "")))
        return good, bad

    good, bad = run(scenario)
    closed = [m for m in bad.got if m["t"] == "closed"]
    assert bad.closed
    if reason == "za długa":
        # aiohttp stops reading at the size limit: the close code (1009) is the reason given
        assert not closed or reason in closed[-1]["text"]
    else:
        assert closed and reason in closed[-1]["text"]
    assert not good.closed
    assert table.host.refused


def test_a_flood_of_messages_closes_the_connection(hosted: HostMaker) -> None:
    table = hosted("remote,remote,computer:beginner")

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        good = await join(table.url, http, table.code(0))
        bad = await join(table.url, http, table.code(1))
        for _ in range(120):
            if bad.ws.closed:
                break
            await bad.send({"t": "key", "name": "pan_left", "arg": None})
        await bad.read(1.0)
        return good, bad

    good, bad = run(scenario)
    assert bad.closed and "za dużo wiadomości" in bad.said()
    assert not good.closed


def test_a_connection_that_never_says_hello_is_let_go(
    hosted: HostMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_mod, "HELLO_SECONDS", 0.5)
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        peer = await connect(table.url, http)
        await peer.read(2.0)
        return peer

    peer = run(scenario)
    assert peer.closed and "nie przedstawił" in peer.said()


def test_more_routes_can_be_mounted_on_the_hosts_application() -> None:
    """The teacher's web page (issue 15) is served by the same server, beside ``/ws``."""
    from aiohttp import web

    from braille_words.net.host import Host

    page = web.Application()

    async def hello(request: web.Request) -> web.Response:
        return web.Response(text="nauczyciel")

    page.router.add_get("/", hello)
    host = Host([], bind="127.0.0.1", port=0)
    host.on_app.append(lambda app: app.add_subapp("/teacher/", page))
    host.start()

    async def scenario(http: aiohttp.ClientSession) -> str:
        async with http.get(f"http://127.0.0.1:{host.port}/teacher/") as response:
            return await response.text()

    try:
        assert run(scenario) == "nauczyciel"
    finally:
        host.stop()
