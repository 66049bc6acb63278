"""A real host on 127.0.0.1: a table with network seats stepped on the host's network loop as
``braille-words host`` steps it (``net.stepped``, no thread of its own; its journal synced in
groups, ``net.durable``), and test clients that
speak the protocol over real WebSockets (aiohttp), each recording everything it was sent and,
beside it, what the student's computer made of it (``SeatScreen``, as ``join`` runs it): the
sentences said, the cues played and the cells written there, recorded as ``local`` messages."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.games.registry import find_game
from braille_words.net import protocol
from braille_words.net.codes import SeatKeys
from braille_words.net.host import Host, HostedTable
from braille_words.net.stepped import SteppedTable, step_tables
from braille_words.net.students import Presented
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players
from braille_words.table.session import KEYBOARD, Input


@dataclass
class Hosted:
    host: Host
    table: HostedTable
    thread: SteppedTable
    """The table's game (``join``, ``is_alive`` as a thread's)."""
    result: dict[str, Any] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"{self.host.scheme}://127.0.0.1:{self.host.port}/ws"

    def code(self, seat: int) -> str:
        return self.table.keys.codes[seat]


@dataclass
class Peer:
    """A test client: what it was sent, in order, and what its computer made of it."""

    ws: aiohttp.ClientWebSocketResponse
    got: list[dict[str, Any]] = field(default_factory=list)
    closed: bool = False
    lang: str = "pl"
    cells: int = 40
    presented: Presented | None = None

    def __post_init__(self) -> None:
        self.presented = Presented(self.got, self.lang, self.cells)

    @property
    def wire(self) -> list[dict[str, Any]]:
        """Everything the host sent, its sentences and cues too."""
        assert self.presented is not None
        return self.presented.wire

    @property
    def frames(self) -> list[bytes]:
        """What the student's own display was given, made on the student's side."""
        assert self.presented is not None
        return self.presented.devices.frames

    def _take(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        assert self.presented is not None
        return self.presented.take(data)

    async def type(self, line: str) -> None:
        """A line typed at the student's computer: answered there, or sent to the table."""
        assert self.presented is not None
        for sent in self.presented.typed(line):
            await self.send({"t": "line", "text": sent})

    async def report(self) -> bool:
        """What the student's display shows and what was said since the last report, sent as
        ``join`` sends it (when something changed); whether it was sent."""
        assert self.presented is not None
        message = self.presented.screen.report(self.cells)
        if message is None:
            return False
        await self.send(message)
        return True

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send_str(message if isinstance(message, str) else protocol.dump(message))

    async def read(self, seconds: float = 0.6) -> list[dict[str, Any]]:
        """Whatever arrives until nothing has come for ``seconds``."""
        new: list[dict[str, Any]] = []
        while True:
            try:
                message = await asyncio.wait_for(self.ws.receive(), seconds)
            except TimeoutError:
                return new
            if message.type != aiohttp.WSMsgType.TEXT:
                self.closed = True
                return new
            new += self._take(json.loads(message.data))

    async def until(self, check: Callable[[dict[str, Any]], bool], seconds: float = 10) -> bool:
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while loop.time() < end:
            try:
                message = await asyncio.wait_for(self.ws.receive(), end - loop.time())
            except TimeoutError:
                return False
            if message.type != aiohttp.WSMsgType.TEXT:
                self.closed = True
                return False
            if any(check(m) for m in self._take(json.loads(message.data))):
                return True
        return False

    def said(self) -> str:
        return " ".join(m["text"] for m in self.got if m.get("t") in ("say", "refused", "closed"))


HostMaker = Callable[..., Hosted]


@pytest.fixture
def hosted(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[HostMaker]:
    """``make`` hosts one table; its game's words come from the game's own dictionary
    (``lexicon``: another). Word Thief is played in English words only: on the Polish
    dictionary its computer's first move built a Word Thief index of every Polish form
    (270 MB, 20 s alone in a data folder without it, past a page test's 30 s wait under load)."""
    made: list[Hosted] = []
    pool = ThreadPoolExecutor(max_workers=2)

    def make(players: str = "remote,computer:beginner", *, seed: int = 3,
             game: str = "rummikub", computer_after: float | None = None,
             keys: SeatKeys | None = None, journal: Path | None = None,
             cert: Path | None = None, key: Path | None = None,
             options: dict[str, Any] | None = None, lexicon: Any = None) -> Hosted:
        seats = parse_players(players, "pl")
        kit = find_game(game)
        words = lexicon if lexicon is not None else request.getfixturevalue(
            "english" if kit.word_lang == "en" else "polish")
        session = new_session(kit, seats, seed=seed, lexicon=words, options=options,
                              journal_path=journal or tmp_path / f"t{len(made)}.jsonl")
        session.timers = False
        table = HostedTable(1, session, keys or SeatKeys())
        host = Host([table], bind="127.0.0.1", port=0, state_path=tmp_path / "host.json",
                    computer_after=computer_after, cert=cert, key=key)
        host.start()
        (stepped,) = step_tables(host, [table], pool)  # as ``host`` plays it: journal synced later
        done = Hosted(host, table, stepped)
        made.append(done)
        return done

    yield make
    for done in made:
        done.table.session.inputs.put(Input(KEYBOARD, None))
        done.thread.join(5)
        done.host.stop()
    pool.shutdown()


async def connect(url: str, http: aiohttp.ClientSession,
                  ssl: Any = True, *, lang: str = "pl", cells: int = 40) -> Peer:
    return Peer(await http.ws_connect(url, max_msg_size=0, ssl=ssl), lang=lang, cells=cells)


async def join(url: str, http: aiohttp.ClientSession, code: str = "", *, token: str = "",
               lang: str = "pl", cells: int = 40, ssl: Any = True) -> Peer:
    peer = await connect(url, http, ssl, lang=lang, cells=cells)
    await peer.send(protocol.hello(code, token=token, lang=lang, cells=cells))
    await peer.until(lambda m: m.get("t") in ("welcome", "refused", "closed"), 10)
    return peer


def run(scenario: Callable[[aiohttp.ClientSession], Any]) -> Any:
    async def main() -> Any:
        async with aiohttp.ClientSession() as http:
            return await scenario(http)

    return asyncio.run(main())


def texts(messages: Sequence[dict[str, Any]]) -> str:
    return " ".join(str(m.get("text", "")) for m in messages)


def self_signed(folder: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate with")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True,
    )
    return cert, key
