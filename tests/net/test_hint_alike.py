"""A hint says the same wherever its seat sits (issues 33/36 review): at the teacher's
computer, at a student's own computer over the network, and at a student's page. A network
student heard "Podpowiedź: połóż KOT" where a seat at the teacher's computer heard the points
it scores ("… 8 punktów za ruch"), because the move crossed as the line that plays it."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.games.registry import find_game
from braille_words.net.students import Recording
from braille_words.speech.speaker import strip_marks
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import parse_players
from tests.net.conftest import HostMaker, Peer, join, run
from tests.web.test_student_play import _page_socket

HINT = "Podpowiedź"
ASKED = 2
"""A nudge first (where the game has one), then the whole move with what it scores."""
CELLS = 14
"""A short display: the hint's terse form is shown (Word Thief's and Scrabble karty's name
the points)."""


def _hints(sentences: list[str]) -> list[str]:
    return [strip_marks(s) for s in sentences if strip_marks(s).startswith(HINT)]


def _at_the_teachers_computer(game: str, seed: int, lexicon: Any,
                              tmp_path: Path) -> tuple[list[str], str]:
    """The hints a seat at the teacher's computer hears, at a table that runs no clock (as
    the network tables of these tests), and what its display of ``CELLS`` shows of the last."""
    seats = parse_players("human,computer:beginner", "pl")
    got: list[dict[str, Any]] = []
    devices = Recording(got, CELLS)
    out = SeatOutput(name=seats[0].name, lang="pl", verbosity="beginner", speaker=devices,
                     display=devices)
    session = new_session(find_game(game), seats, seed=seed, lexicon=lexicon,
                          journal_path=tmp_path / "local.jsonl",
                          outputs=[out, SeatOutput(name=seats[1].name, lang="pl",
                                                   verbosity="beginner")])
    session.timers = False
    for _ in range(ASKED):
        session.handle(0, "podpowiedź")
    return _hints([str(m["text"]) for m in got if m.get("t") == "say"]), out.news.last_shown


async def _asked(peer: Peer) -> tuple[list[str], str]:
    """The hints a student's computer says, and what its display shows of the last."""
    await peer.until(lambda m: m.get("do") == "prompt")
    for _ in range(ASKED):
        await peer.type("podpowiedź")
        await peer.until(lambda m: strip_marks(str(m.get("text", ""))).startswith(HINT))
    assert peer.presented is not None
    return (_hints([str(m["text"]) for m in peer.got if m.get("t") == "say"]),
            peer.presented.screen.out.news.last_shown)


async def _at_a_page(url: str, code: str, http: aiohttp.ClientSession) -> list[str]:
    ws = await _page_socket(url, code, http)
    said: list[str] = []

    async def until(check: Callable[[dict[str, Any]], bool]) -> None:
        while True:
            data = json.loads((await asyncio.wait_for(ws.receive(), 20)).data)
            if data["t"] == "say":
                said.append(str(data["text"]))
            if check(data):
                return

    await until(lambda data: data["t"] == "page")
    for asked in range(1, ASKED + 1):
        await ws.send_str(json.dumps({"t": "line", "text": "podpowiedź"}))
        await until(lambda data, asked=asked: len(_hints(said)) == asked)
    await ws.close()
    return _hints(said)


@pytest.mark.parametrize(("game", "seed", "points"), [
    ("rummikub", 5, "za ruch"),
    ("siedem-slow", 3, "punkt"),
    ("thief", 3, "dostajesz"),
    ("scrabble", 5, "punkt"),
])
def test_a_hint_says_its_points_at_a_seat_here_at_a_students_computer_and_at_a_page(
    hosted: HostMaker, tmp_path: Path, polish: Any, english: Any,
    game: str, seed: int, points: str,
) -> None:
    words = english if find_game(game).word_lang == "en" else polish
    here, shown_here = _at_the_teachers_computer(game, seed, words, tmp_path)
    assert len(here) == ASKED and points in here[-1], here
    joined, paged = hosted(game=game, seed=seed, lexicon=words), \
        hosted(game=game, seed=seed, lexicon=words)

    async def scenario(
        http: aiohttp.ClientSession,
    ) -> tuple[tuple[list[str], str], list[str]]:
        peer = await join(joined.url, http, joined.code(0), cells=CELLS)
        page = f"ws://127.0.0.1:{paged.host.port}/play/ws"
        return await _asked(peer), await _at_a_page(page, paged.code(0), http)

    (over_the_network, shown_there), at_a_page = run(scenario)
    assert over_the_network == here
    assert at_a_page == here
    # A short display's terse form (Word Thief's "połóż dunno: 11.") says the points too.
    worth = re.search(r"(\d+) punkt", here[-1])
    assert worth is not None and worth.group(1) in shown_here, shown_here
    assert shown_there == shown_here


def test_a_hint_and_what_it_scores_go_to_the_seat_that_asked_and_no_other(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote", seed=5)

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        asking = await join(table.url, http, table.code(0))
        other = await join(table.url, http, table.code(1))
        await _asked(asking)
        await other.read(0.5)
        return asking, other

    asking, other = run(scenario)
    hint = next(m for m in asking.wire if m.get("do") == "hint")
    assert hint["args"]["notes"] == {"points": 8}
    assert not any(m.get("do") == "hint" for m in other.wire)
    assert "WKURZONA" not in json.dumps(other.wire, ensure_ascii=False).upper()
    assert HINT not in " ".join(str(m.get("text", "")) for m in other.got)


def test_a_hint_s_notes_that_are_not_what_a_host_sends_are_left_out() -> None:
    from braille_words.games.kit import hint_notes, kind_of, points_of, with_notes
    from braille_words.games.word_rummikub.rules import EndTurn

    forged = with_notes(EndTurn(), {"points": True, "kind": "evil"})
    assert points_of(forged) is None and kind_of(forged) is None
    kept = with_notes(EndTurn(), {"points": 8, "kind": "best"})
    assert hint_notes(kept) == {"points": 8, "kind": "best"} and kept == EndTurn()
