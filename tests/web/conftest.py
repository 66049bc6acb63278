"""A real table served to a real HTTP client: the game loop on its own thread as at one
computer, the teacher's page on a real port of 127.0.0.1, seats whose outputs are transcripts."""

from __future__ import annotations

import http.cookiejar
import io
import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import AnySession, Input
from braille_words.web.app import teacher_app
from braille_words.web.server import WebServer
from braille_words.web.tables import TeacherTable, TeacherTables
from tests.table.conftest import until_fixture as until_fixture

PASSWORD = "bako-dure-47"
JOIN_CODE = "482915"


@dataclass
class Live:
    """Tables playing on their threads and the page that shows them."""

    tables: TeacherTables
    server: WebServer
    streams: dict[int, list[io.StringIO]]
    threads: list[threading.Thread] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.server.url

    def session(self, number: int = 1) -> AnySession:
        table = self.tables.find(number)
        assert table is not None
        return table.session

    def type(self, seat: int, line: str, number: int = 1) -> None:
        """A student at ``seat`` types ``line`` (as their display or keyboard would)."""
        self.session(number).inputs.put(Input(seat, line))

    def heard(self, seat: int, number: int = 1) -> str:
        return self.streams[number][seat].getvalue()


def seats_of(names: Sequence[str], kinds: Sequence[str] | None = None,
             lang: str = "pl") -> list[SeatConfig]:
    kinds = kinds or ["human"] * len(names)
    return [SeatConfig(name=n, kind=k, lang=lang, display="none", speech="none",
                       keyboard="none") for n, k in zip(names, kinds, strict=True)]


def table_session(tmp_path: Path, lexicon: Any, game: str, seats: list[SeatConfig],
                  seed: int, name: str, displays: dict[int, Any] | None = None,
                  ) -> tuple[AnySession, list[io.StringIO]]:
    streams = [io.StringIO() for _ in seats]
    displays = displays or {}
    outputs = [SeatOutput(name=s.name, lang=s.lang, verbosity="beginner", transcript=streams[i],
                          display=displays.get(i))
               for i, s in enumerate(seats)]
    session = new_session(find_game(game), seats, seed=seed, journal_path=tmp_path / name,
                          lexicon=lexicon, outputs=outputs)
    session.teacher = SeatOutput(name="Nauczyciel", lang=seats[0].lang, verbosity="beginner",
                                 transcript=io.StringIO())
    return session, streams


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Callable[..., Live]]:
    """Start tables (``(game, seats, seed, lexicon)`` each) and the teacher's page for them."""
    started: list[Live] = []

    def start(*specs: tuple[Any, ...], exercises: Path | None = None) -> Live:
        tables: list[TeacherTable] = []
        streams: dict[int, list[io.StringIO]] = {}
        for number, (game, seats, seed, lexicon, *more) in enumerate(specs, start=1):
            session, outs = table_session(tmp_path, lexicon, game, seats, seed,
                                          f"table{number}.jsonl", *more)
            tables.append(TeacherTable(number, session, codes=lambda: {JOIN_CODE}))
            streams[number] = outs
        teacher_tables = TeacherTables(tables, exercises=exercises, journals=tmp_path)
        server = WebServer(teacher_app(teacher_tables, PASSWORD))
        server.start()
        running = Live(teacher_tables, server, streams)
        for table in tables:
            thread = threading.Thread(target=table.session.run, daemon=True)
            thread.start()
            running.threads.append(thread)
        started.append(running)
        return running

    yield start
    for running in started:
        for table in running.tables.all():
            table.session.control.end_game()
        for thread in running.threads:
            thread.join(timeout=10)
        running.server.stop()
        for table in running.tables.all():
            table.session.close()


class Client:
    """A browser without a browser: cookies kept, redirects followed, errors as answers."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(self, path: str, data: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str]:
        req = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        try:
            with self.opener.open(req, timeout=10) as response:
                return response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8")

    def login(self, password: str) -> tuple[int, str]:
        body = urllib.parse.urlencode({"password": password}).encode()
        return self.request("login", body)

    def page_token(self) -> str:
        status, page = self.request("")
        assert status == 200
        marker = 'name="page-token" content="'
        start = page.index(marker) + len(marker)
        return page[start:page.index('"', start)]

    def control(self, number: int | str, body: dict[str, Any],
                token: str | None = None) -> tuple[int, dict[str, Any]]:
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["X-Page-Token"] = token
        status, text = self.request(f"api/tables/{number}/control",
                                    json.dumps(body).encode(), headers)
        try:
            return status, json.loads(text)
        except json.JSONDecodeError:
            return status, {"said": text}
