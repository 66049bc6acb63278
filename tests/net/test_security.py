"""Who may do what over the network (issue 14): a connection speaks only for the seat whose
code or token it gave; everything else it tries — every seat's code, forged seat numbers,
replayed messages, a line for another seat — changes nothing, and no seat's private news
(its rack, the tiles it drew) reaches it."""

from __future__ import annotations

import functools
import io
import json
import ssl
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.net import protocol
from braille_words.net.cli import _host_command, _tell_alert
from braille_words.net.guard import CODE_BURST, CODE_EVERY
from braille_words.speech.recorder import RecordingSpeaker
from braille_words.table.outputs import SeatOutput
from tests.net.conftest import Hosted, HostMaker, Peer, connect, join, run, self_signed
from tests.net.test_guard import Clock


def _private(peer: Peer) -> set[str]:
    """Sentences only this seat was told: its rack, the tiles it drew."""
    return {m["text"] for m in peer.got if m.get("t") == "say"
            and ("Stojak" in m["text"] or "Dobierasz" in m["text"])}


def _snapshot(table: Hosted) -> str:
    session = table.table.session
    return json.dumps([session.state.to_json(), session.moves_played], sort_keys=True)


def test_a_second_client_trying_every_code_forged_seats_and_replays_learns_and_changes_nothing(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5)  # seed 5: Gracz (seat 0) moves first

    async def scenario(http: aiohttp.ClientSession) -> dict[str, Any]:
        ola = await join(table.url, http, table.code(0))
        jan = await join(table.url, http, table.code(1))
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        old_token = next(m["token"] for m in ola.got if m["t"] == "welcome")
        # Ola's computer reconnects by itself: her old token is spent.
        await ola.ws.close()
        ola = await join(table.url, http, token=old_token)
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        # A round each: both are told the tiles they drew, privately.
        await ola.send({"t": "line", "text": "dobierz"})
        await jan.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        await jan.send({"t": "line", "text": "dobierz"})
        await ola.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        await jan.read(0.3)
        before = _snapshot(table)
        intruders: list[Peer] = []
        # Every seat's own code: each seat is taken.
        for seat in (0, 1):
            intruders.append(await join(table.url, http, table.code(seat)))
        # The replayed first hello of Ola (her code and the token she has since replaced).
        intruders.append(await join(table.url, http, table.code(0), token=old_token))
        intruders.append(await join(table.url, http, token=old_token))
        # A hello that names a seat: no message has that field.
        forged = await connect(table.url, http)
        await forged.send('{"t":"hello","v":1,"code":"","seat":0}')
        intruders.append(forged)
        # A line before any hello, with a seat number.
        early = await connect(table.url, http)
        await early.send({"t": "line", "text": "dobierz"})
        intruders.append(early)
        for peer in intruders:
            await peer.read(0.5)
        # Jan, at his own seat, acts for Ola: her turn, a seat field, his own replayed hello.
        await jan.send({"t": "line", "text": "dobierz"})
        await jan.until(lambda m: m.get("t") == "cue" and m.get("name") == "rejected")
        await jan.send(protocol.hello(table.code(0)))
        await jan.read(1.0)
        jan_again = await join(table.url, http, token=next(
            m["token"] for m in jan.got if m["t"] == "welcome"))
        await jan_again.send('{"t":"line","text":"dobierz","seat":1}')
        await jan_again.read(1.0)
        await ola.read(0.5)
        return {"before": before, "after": _snapshot(table), "ola": ola,
                "intruders": intruders, "jan": [jan, jan_again]}

    got = run(scenario)
    assert got["before"] == got["after"]  # nothing changed at the table
    ola_private = _private(got["ola"])
    assert ola_private  # Ola was told her rack: there was something to leak
    for intruder in got["intruders"]:
        assert {m["t"] for m in intruder.wire} <= {"refused", "closed"}, intruder.wire
        assert intruder.closed or intruder.got[-1].get("retry")  # or may type a code again
    jan_said = [m for peer in got["jan"] for m in peer.got]
    assert not ola_private & {str(m.get("text")) for m in jan_said}
    assert all(m["view"]["seat"] == 1 for m in jan_said if m["t"] == "view")
    # The events sent as data: public ones and Jan's own, never one meant for Ola.
    jan_events = [e for m in jan_said if m["t"] == "view" for e in m["events"]]
    ola_events = [e for m in got["ola"].got if m["t"] == "view" for e in m["events"]]
    assert {e["to"] for e in jan_events} <= {None, 1}
    assert any(e["to"] == 0 for e in ola_events)  # Ola had private events to keep
    rack0 = json.loads(json.dumps(table.table.session.state.view_for(0)["rack"]))
    assert all(m["view"]["rack"] != rack0 for m in jan_said if m["t"] == "view")
    # Every kind of message Jan's computer was sent (views and events, the table's news by
    # key, prompts, refusals, readings) carries his own view only, and nothing of Ola's.
    jan_wire = [m for peer in got["jan"] for m in peer.wire]
    assert {m["t"] for m in jan_wire} >= {"view", "news"}
    for message in jan_wire:
        args = message.get("args") or {}
        if args.get("view") is not None:
            assert args["view"]["seat"] == 1, message
        assert json.dumps(rack0) not in json.dumps(message)
        assert not ola_private & {str(message.get("text")), str(args.get("params"))}
    assert "To nie twój ruch" in " ".join(str(m.get("text", "")) for m in jan_said) or any(
        m.get("name") == "rejected" for m in jan_said)
    reasons = [reason for _, reason in table.host.refused]
    assert reasons.count("net_seat_taken") >= 3 and "net_closed_bad" in reasons


def test_wrong_codes_from_one_address_never_keep_out_a_valid_token_or_for_long_a_valid_code(
    hosted: HostMaker,
) -> None:
    """A class behind one router: one student's typos (and someone's guessing) throttle
    codes from that address, but Ola's computer reconnects with its token at once, Jan's
    correct code waits one refill at most, Ewa's gets in when the teacher lifts the wait, and
    the teacher's console says where the wrong codes come from."""
    table = hosted("remote,remote,remote")
    clock = Clock()
    table.host.guard.clock = clock
    heard = io.StringIO()
    teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                         speaker=RecordingSpeaker(heard))
    table.host.guard.tell = functools.partial(_tell_alert, teacher, "pl")
    codes = set(table.table.keys.codes.values())
    wrong = [f"{n:06d}" for n in range(100) if f"{n:06d}" not in codes]

    def console(line: str) -> bool:
        return _host_command(table.host, [table.table], [table.table], teacher, "pl", line)

    async def guess(http: aiohttp.ClientSession, count: int) -> list[str]:
        """``count`` wrong codes from this address, three to a connection: what was answered."""
        answers: list[str] = []
        while len(answers) < count:
            peer = await connect(table.url, http)
            for _ in range(min(3, count - len(answers))):
                await peer.send(protocol.hello(wrong[len(answers)]))
                await peer.until(lambda m: m.get("t") in ("refused", "closed"), 10)
                answers.append(peer.got[-1].get("code", ""))
                peer.got.clear()
            await peer.ws.close()
        return answers

    async def scenario(http: aiohttp.ClientSession) -> dict[str, Any]:
        ola = await join(table.url, http, table.code(0))
        token = next(m["token"] for m in ola.got if m["t"] == "welcome")
        await ola.ws.close()  # her Wi-Fi drops
        answers = await guess(http, CODE_BURST + 4)
        ola_back = await join(table.url, http, token=token)
        jan_now = await join(table.url, http, table.code(1))
        clock.now += CODE_EVERY
        jan_later = await join(table.url, http, table.code(1))
        await guess(http, 2)
        ewa_now = await join(table.url, http, table.code(2))
        assert console("wpuść 127.0.0.1")
        ewa_later = await join(table.url, http, table.code(2))
        return {"answers": answers, "ola": ola_back, "jan": [jan_now, jan_later],
                "ewa": [ewa_now, ewa_later]}

    got = run(scenario)
    teacher.close()

    def welcomed(peer: Peer) -> bool:
        return any(m["t"] == "welcome" for m in peer.got)

    # The first twenty wrong codes were checked; then each waited, unchecked.
    assert got["answers"] == ["net_bad_code"] * CODE_BURST + ["net_wait_tries"] * 4
    assert welcomed(got["ola"])  # a valid token: never throttled
    jan_now, jan_later = got["jan"]
    assert not welcomed(jan_now) and "Poczekaj 15 sekund" in jan_now.said()
    assert jan_now.got[-1].get("retry")  # the student may type it again
    assert welcomed(jan_later)  # one refill later, the correct code is in
    ewa_now, ewa_later = got["ewa"]
    assert not welcomed(ewa_now) and welcomed(ewa_later)
    said = [json.loads(line)["text"] for line in heard.getvalue().splitlines()]
    assert any(s.startswith("5 błędnych kodów z 127.0.0.1 w minutę") for s in said), said
    assert any("„wpuść 127.0.0.1” znosi czekanie" in s for s in said), said
    assert "Czekanie zniesione: 127.0.0.1." in said


def test_a_client_let_go_for_what_it_sent_is_told_to_the_teacher(hosted: HostMaker) -> None:
    table = hosted("remote,remote")
    told: list[Any] = []
    table.host.guard.tell = told.append

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        peer = await join(table.url, http, table.code(0))
        await peer.send("not json at all")
        await peer.until(lambda m: m.get("t") == "closed", 10)
        return peer

    run(scenario)
    assert [(a.key, a.address, a.params) for a in told] == [
        ("net_dropped_teacher", "127.0.0.1", {"reason": "net_closed_bad"})]


def test_the_teachers_console_renews_a_code_and_frees_a_seat(
    hosted: HostMaker, tmp_path: Path
) -> None:
    table = hosted("remote,remote")
    heard = io.StringIO()
    teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                         speaker=RecordingSpeaker(heard))
    tables = [table.table]
    old = table.code(1)

    def console(line: str) -> bool:
        return _host_command(table.host, tables, [table.table], teacher, "pl", line)

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer, Peer, Peer]:
        ola = await join(table.url, http, table.code(0))
        assert console("zwolnij Gracz")
        await ola.read(0.5)
        ola_again = await join(table.url, http, table.code(0))  # the same code still works
        assert console("kod 2")
        stale = await join(table.url, http, old)
        fresh = await join(table.url, http, table.code(1))
        return ola, ola_again, stale, fresh

    ola, ola_again, stale, fresh = run(scenario)
    teacher.close()
    assert not console("dobierz")  # not the host's: it goes to the table's console
    said = [json.loads(line)["text"] for line in heard.getvalue().splitlines()]
    assert any("Gracz: miejsce zwolnione" in s for s in said)
    assert any(s.startswith("Drugi gracz: nowy kod") for s in said)
    assert ola.closed and "zwolnił to miejsce" in ola.said()
    assert any(m["t"] == "welcome" for m in ola_again.got)
    assert table.code(1) != old and not any(m["t"] == "welcome" for m in stale.got)
    assert any(m["t"] == "welcome" for m in fresh.got)


def test_a_connection_that_stops_answering_is_let_go_and_the_seat_waits(
    hosted: HostMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A half-open connection: the student's computer vanished without closing; the host's
    ping goes unanswered."""
    from braille_words.net import host as host_mod

    monkeypatch.setattr(host_mod, "HEARTBEAT", 0.4)
    table = hosted("remote,remote")

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        good = await join(table.url, http, table.code(0))
        # autoping off: this client never answers a ping, like a computer switched off.
        silent = Peer(await http.ws_connect(table.url, autoping=False, max_msg_size=0))
        await silent.send(protocol.hello(table.code(1)))
        await silent.until(lambda m: m.get("t") == "welcome")
        await good.until(lambda m: "połączenie z komputerem ucznia zerwane" in str(
            m.get("text", "")), 10)
        return good

    good = run(scenario)
    assert ("127.0.0.1", "net_closed_silent") in table.host.refused
    assert not good.closed and "Gra czeka" in good.said()
    assert not table.host.guard.alerts  # a computer switched off misbehaved in nothing


def test_with_the_teachers_certificate_students_connect_over_wss_only(
    hosted: HostMaker, tmp_path: Path
) -> None:
    cert, key = self_signed(tmp_path)
    table = hosted(cert=cert, key=key)
    trusting = ssl.create_default_context(cafile=str(cert))

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, bool, bool]:
        secure = await join(table.url, http, table.code(0), ssl=trusting)
        await secure.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        plain = table.url.replace("wss://", "ws://")
        try:
            await connect(plain, http)
            plain_refused = False
        except aiohttp.ClientError:
            plain_refused = True
        try:
            await connect(table.url, http)  # the certificate is not trusted by default
            unverified_refused = False
        except aiohttp.ClientError:
            unverified_refused = True
        return secure, plain_refused, unverified_refused

    secure, plain_refused, unverified_refused = run(scenario)
    assert table.url.startswith("wss://")
    assert any(m["t"] == "welcome" for m in secure.got) and "Twój ruch" in secure.said()
    assert plain_refused and unverified_refused
