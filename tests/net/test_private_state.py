"""Another account on the teacher's computer (issue 31): the host's state ``host.json`` (every
join code and reconnect token) and the tables' journals are 0600, so the account ``nobody``
reads neither a rack nor a token, and cannot take a student's seat with one. The same attack
on a copy left readable (as the version before wrote it) does take the seat: the test can fail.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.games.registry import find_game
from braille_words.net.codes import SeatKeys
from braille_words.net.host import Host, HostedTable
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players
from braille_words.table.session import KEYBOARD, Input
from tests.net.conftest import join, run

ATTACK = """
import asyncio, json, sys
import aiohttp

async def main(state, url):
    try:
        with open(state, encoding="utf-8") as f:
            token = json.load(f)["tables"][0]["keys"]["tokens"]["0"]
    except PermissionError:
        print("cannot read the state")
        return
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(url)
        await ws.send_str(json.dumps({"t": "hello", "v": int(sys.argv[3]), "code": "",
                                      "token": token, "lang": "pl", "verbosity": "beginner",
                                      "cells": 0, "status_cells": 0, "hears": True}))
        for _ in range(20):
            message = json.loads((await ws.receive()).data)
            if message.get("t") in ("welcome", "refused", "closed"):
                print("took the seat" if message["t"] == "welcome" else "refused")
                return

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


def _as_nobody(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["runuser", "-u", "nobody", "--", *args], capture_output=True,
                          text=True, timeout=60)


@pytest.fixture
def open_home() -> Iterator[Path]:
    """A folder every account may enter, as a shared or open home on a school computer is
    (pytest's own tmp folders are closed to others: a test there could not fail)."""
    folder = Path(tempfile.mkdtemp(prefix="bw-open-home-", dir="/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def nobody() -> None:
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        pytest.skip("needs root and runuser to act as another account")
    if _as_nobody(sys.executable, "-c", "import aiohttp").returncode != 0:
        pytest.skip("the account nobody cannot run this Python")


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, for as long as the host writes (it saves host.json on each join)."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _host(folder: Path, polish: Any) -> tuple[Host, HostedTable, threading.Thread]:
    seats = parse_players("remote,computer:beginner", "pl")
    session = new_session(find_game("rummikub"), seats, seed=3, lexicon=polish,
                          journal_path=folder / "stol-1.jsonl")
    session.timers = False
    table = HostedTable(1, session, SeatKeys())
    host = Host([table], bind="127.0.0.1", port=0, state_path=folder / "host.json")
    host.start()
    thread = threading.Thread(target=session.run, daemon=True)
    thread.start()
    return host, table, thread


def test_another_account_reads_no_journal_and_takes_no_seat_with_a_token(
    open_home: Path, nobody: None, polish: Any, umask_022: None,
) -> None:
    host, table, _ = _host(open_home, polish)
    try:
        url = f"ws://127.0.0.1:{host.port}/ws"

        async def student(http: aiohttp.ClientSession) -> None:
            peer = await join(url, http, table.keys.codes[0])
            assert any(m.get("t") == "welcome" for m in peer.got)

        run(student)
        state = open_home / "host.json"
        assert json.loads(state.read_text(encoding="utf-8"))["tables"][0]["keys"]["tokens"]
        assert stat.S_IMODE(state.stat().st_mode) == 0o600
        journal = open_home / "stol-1.jsonl"
        assert stat.S_IMODE(journal.stat().st_mode) == 0o600

        copied = _as_nobody("cp", str(journal), "/tmp/skradziona.jsonl")
        assert copied.returncode != 0 and "Permission denied" in copied.stderr
        script = open_home / "attack.py"
        script.write_text(ATTACK, encoding="utf-8")
        script.chmod(0o644)
        from braille_words.net.protocol import VERSION

        attack = _as_nobody(sys.executable, str(script), str(state), url, str(VERSION))
        assert attack.stdout.strip() == "cannot read the state", attack.stderr

        # The same attack on the state as the version before left it: the seat is taken.
        readable = open_home / "old-host.json"
        shutil.copy(state, readable)
        readable.chmod(0o644)
        attack = _as_nobody(sys.executable, str(script), str(readable), url, str(VERSION))
        assert attack.stdout.strip() == "took the seat", attack.stderr
    finally:
        table.session.inputs.put(Input(KEYBOARD, None))
        host.stop()


def test_the_hosts_state_with_the_tokens_is_0600_whatever_the_umask(
    open_home: Path, polish: Any, umask_022: None,
) -> None:
    """The modes alone, where no other account can be used to try them."""
    host, table, _ = _host(open_home, polish)
    try:
        url = f"ws://127.0.0.1:{host.port}/ws"

        async def student(http: aiohttp.ClientSession) -> None:
            await join(url, http, table.keys.codes[0])

        run(student)
        state = open_home / "host.json"
        assert json.loads(state.read_text(encoding="utf-8"))["tables"][0]["keys"]["tokens"]
        for path in (state, open_home / "stol-1.jsonl"):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    finally:
        table.session.inputs.put(Input(KEYBOARD, None))
        host.stop()
