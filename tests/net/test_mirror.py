"""What a student's computer shows and says, reported for the teacher's page (``screen``): it
is kept as that seat's mirror only — never sent to another seat, never another seat's — and a
report no honest computer sends (wider than its display, too many or too long sentences, a
seat named) closes that connection and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from braille_words.net import protocol
from braille_words.net.client import SeatScreen
from braille_words.net.students import Recording
from braille_words.speech.speaker import strip_marks
from braille_words.table.outputs import SeatOutput
from braille_words.table.snapshot import SeatMirror, seat_view
from tests.net.conftest import Hosted, HostMaker, Peer, join, run


def _state(table: Hosted) -> str:
    session = table.table.session
    return json.dumps([session.state.to_json(), session.moves_played], sort_keys=True)


async def _settled(peer: Peer) -> None:
    """Everything the peer sent before has been handled: a reading's answer came back after
    it (one connection's messages are handled in order)."""
    await peer.send({"t": "line", "text": "stojak"})
    assert await peer.until(lambda m: str(m.get("text", "")).startswith("Stojak"))


def test_each_students_report_fills_their_own_seats_mirror_and_reaches_no_other_seat(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5)  # seed 5: Gracz (seat 0) moves first
    remotes = table.table.remotes

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer, SeatMirror, bytes]:
        ola = await join(table.url, http, table.code(0))
        jan = await join(table.url, http, table.code(1))
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        assert await ola.report()
        shown = ola.frames[-1]  # what her display showed when her computer reported
        assert not await ola.report()  # nothing changed since: nothing is sent
        await jan.read(0.3)
        await jan.send(protocol.dump(protocol.screen(bytes(40), "rack",
                                                     ["Jan czyta swój stojak"])))
        await _settled(ola)
        await _settled(jan)
        ola_mirror = remotes[0].mirror
        # Jan's report names Ola's seat: his connection is closed, no mirror changes.
        await jan.send('{"t":"screen","cells":"","line":"","heard":["Ola mówi"],"seat":0}')
        await jan.read(0.5)
        await ola.read(0.3)
        return ola, jan, ola_mirror, shown

    ola, jan, ola_mirror, shown = run(scenario)
    # Ola's computer said its welcome and her turn, and showed them: her seat's mirror.
    assert any("Twój ruch" in s for s in ola_mirror.heard)
    assert ola_mirror.cells == shown[:40] and ola_mirror.line
    assert remotes[0].mirror == ola_mirror
    assert remotes[1].mirror.heard == ("Jan czyta swój stojak",) and remotes[1].mirror.line == (
        "rack")
    assert jan.closed and ("127.0.0.1", "net_closed_bad") in table.host.refused
    # Nothing of either report went to any student's computer.
    for peer in (ola, jan):
        assert {m["t"] for m in peer.wire}.isdisjoint({"screen", "mirror"})
    assert "Jan czyta" not in json.dumps(ola.wire, ensure_ascii=False)
    # The teacher's view of each seat is its own computer's report.
    session = table.table.session
    jan_view = seat_view(session, 1, mirror=remotes[1].mirror)
    assert jan_view["heard"] == ["Jan czyta swój stojak"]
    assert jan_view["display"]["attached"] and jan_view["display"]["line"] == "rack"
    # (said with its marks, shown to the teacher as heard: letters by their names)
    assert seat_view(session, 0, mirror=ola_mirror)["heard"] == [
        strip_marks(s) for s in ola_mirror.heard]


_LATIN = "".join(chr(c) for c in range(0x61, 0x7B))


@pytest.mark.parametrize("forged", [
    {"cells": "00" * 41},  # a cell more than the display the hello announced
    {"heard": [f"zdanie {n}" for n in range(protocol.HEARD_MOST + 1)]},
    {"heard": ["a" * (protocol.MAX_HEARD + 1)]},
    {"heard": [7]},
    {"cells": "zz"},
    {"cells": "0 0"},
    {"line": _LATIN * 2},
    {"seat": 1},
])
def test_a_forged_or_oversized_screen_closes_that_connection_and_changes_nothing(
    hosted: HostMaker, forged: dict[str, Any]
) -> None:
    table = hosted("remote,computer:beginner", seed=5)
    remote = table.table.remotes[0]

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, SeatMirror, str]:
        ola = await join(table.url, http, table.code(0), cells=40)
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        await ola.report()
        await _settled(ola)
        before, state = remote.mirror, _state(table)
        await ola.send({"t": "screen", "cells": "", "line": "message", "heard": [], **forged})
        await ola.read(1.0)
        return ola, before, state

    ola, before, state = run(scenario)
    assert ola.closed and ola.wire[-1]["t"] == "closed"
    assert ola.wire[-1]["code"] == "net_closed_bad"
    assert remote.mirror == before and before.heard  # the honest report stands, unchanged
    assert _state(table) == state


def test_the_students_computer_reports_only_what_changed_and_each_sentence_once() -> None:
    got: list[dict[str, Any]] = []
    devices = Recording(got, 20)
    out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", speaker=devices,
                     earcons=devices, display=devices)
    screen = SeatScreen(out)
    out.announce("Dołączono do stołu")
    first = screen.report(20)
    assert first is not None and first["heard"] == ["Dołączono do stołu"]
    assert bytes.fromhex(first["cells"]) == out.frame()[:20] and len(first["cells"]) == 40
    assert screen.report(20) is None  # the same display, nothing said
    out.announce("Twój ruch")
    out.announce("Stojak, 14 płytek")
    second = screen.report(20)
    assert second is not None and second["heard"] == ["Twój ruch", "Stojak, 14 płytek"]
    screen.report_again()  # a new connection: the display again, no sentence twice
    again = screen.report(20)
    assert again is not None and again["heard"] == [] and again["cells"] == second["cells"]
    assert isinstance(protocol.parse_client(protocol.dump(again)), protocol.Screen)
