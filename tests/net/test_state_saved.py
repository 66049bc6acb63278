"""The host's state (every join code and token) is on the disk before a student's computer is
given its token, and written away from the network's loop (issue 36: its sync waited on the
disk for milliseconds while every connection waited with the loop): the students joining at
one moment wait for one write together."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.net import host as host_mod
from braille_words.net.codes import SeatKeys
from braille_words.net.host import Host, HostedTable
from tests.net.conftest import HostMaker, join, run


def test_every_token_given_is_in_the_state_file_when_it_is_given(hosted: HostMaker) -> None:
    table = hosted("remote,remote,remote")
    state = Path(str(table.host.state_path))

    async def scenario(http: aiohttp.ClientSession) -> list[tuple[str, dict[str, Any]]]:
        async def one(seat: int) -> tuple[str, dict[str, Any]]:
            peer = await join(table.url, http, table.code(seat))
            saved = json.loads(state.read_text(encoding="utf-8"))  # as the welcome came
            welcome = next(m for m in peer.got if m.get("t") == "welcome")
            return str(welcome["token"]), saved

        return list(await asyncio.gather(*(one(seat) for seat in range(3))))

    for token, saved in run(scenario):
        assert token in saved["tables"][0]["keys"]["tokens"].values()


def test_claims_made_at_one_moment_wait_for_one_write_off_the_loop(
        tmp_path: Path, polish: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from braille_words.games.registry import find_game
    from braille_words.table.launch import new_session
    from braille_words.table.seats import parse_players

    session = new_session(find_game("rummikub"), parse_players("remote,remote", "pl"), seed=3,
                          lexicon=polish, journal_path=tmp_path / "t.jsonl")
    host = Host([HostedTable(1, session, SeatKeys())], state_path=tmp_path / "host.json")
    writes: list[int] = []
    written = host_mod.write_private

    def counted(path: Path, text: str, **kwargs: Any) -> None:
        writes.append(threading.get_ident())
        written(path, text, **kwargs)

    monkeypatch.setattr(host_mod, "write_private", counted)

    async def three_claims() -> int:
        await asyncio.gather(host._saved(), host._saved(), host._saved())
        return threading.get_ident()

    loop_thread = asyncio.run(three_claims())
    assert len(writes) == 1 and writes[0] != loop_thread
    session.close()
