"""A network seat's presentation is made on the student's computer (issue 14): the table sends
the seat's own view, the events meant for it and the table's news as catalogue keys; the
student's computer words them with the game's presenter, in the student's language and
verbosity, for the width of the student's own display, and its routing keys act there."""

from __future__ import annotations

import threading
from typing import Any

import aiohttp
import pytest

from braille_words.displays.events import DisplayCommand
from braille_words.present import messages
from tests.net.conftest import HostMaker, Peer, join, run


def _heard(peer: Peer) -> str:
    return " ".join(str(m["text"]) for m in peer.got if m.get("t") == "say")


def test_a_student_asking_for_english_at_a_polish_table_hears_english_made_on_their_side(
    hosted: HostMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = hosted()  # a Polish table: the student, and a computer told its news in Polish
    asked: list[tuple[str, str, str]] = []
    """(the language a sentence was asked for in, the thread that asked, its key)"""
    chain: dict[str, str] = {}
    lookup = messages.lookup

    def recorded(lang: str, section: str, key: str, verbosity: str = "beginner") -> Any:
        # A sentence is asked for in one language; the catalogue then falls back to English
        # for a key its language lacks: those look-ups are for the same key, right after.
        thread = threading.current_thread().name
        if chain.get(thread) != key:
            chain[thread] = key
            asked.append((lang, thread, key))
        return lookup(lang, section, key, verbosity)

    monkeypatch.setattr(messages, "lookup", recorded)
    here = threading.current_thread().name  # the student's computer (the test's own loop)

    host_said = table.table.session.outputs[0].said  # worded at the table for the seat
    before: list[int] = []

    async def scenario(http: aiohttp.ClientSession) -> Peer:
        peer = await join(table.url, http, table.code(0), lang="en")
        before.append(len(host_said))  # the game's opening, told before anyone joined
        await peer.until(lambda m: "Your turn" in str(m.get("text", "")))
        await peer.type("ułóż xyz")  # refused by the rules: the reasons worded here
        await peer.until(lambda m: m.get("name") == "rejected")
        await peer.type("pomoc")
        await peer.type("stojak")
        await peer.until(lambda m: str(m.get("text", "")).startswith("Rack"))
        for _ in range(2):  # a nudge first, then the whole move
            await peer.type("hint")
            await peer.until(lambda m: str(m.get("text", "")).startswith("Hint"))
        await peer.type("dobierz")
        # The computer's move, then the student's turn again.
        await peer.until(lambda m: "Your turn" in str(m.get("text", "")))
        await peer.type("powtórz")  # answered on the student's side, from what it was told
        await peer.read(0.3)
        return peer

    peer = run(scenario)
    heard = _heard(peer)
    assert "Joined the table" in heard and "Your turn" in heard and "Rack" in heard
    assert "Hint: You can make" in heard and "Hint: " in heard.split("Hint: You can make")[1]
    assert "Ada draws" in heard or "Ada drew" in heard  # its move, in English
    assert "Twój ruch" not in heard and "Stojak" not in heard
    # The table worded nothing in English: every English sentence was made here. (The one
    # the host words itself is why it closes the connection, the student's computer gone.)
    assert ("en", here) in {(lang, thread) for lang, thread, _ in asked}
    assert not [(thread, key) for lang, thread, key in asked
                if lang == "en" and thread != here and not key.startswith("net_closed")]
    # Over the wire: data only, no sentence and no cells for this seat.
    assert not any(m["t"] in ("say", "cells", "status") for m in peer.wire)
    assert {"view", "news"} <= {m["t"] for m in peer.wire}
    assert {"prompt", "refused", "help", "read", "hint"} <= {m.get("do") for m in peer.wire}
    assert not any(m.get("t") == "line" and m.get("text") == "powtórz" for m in peer.wire)
    assert len(host_said) == before[0]  # since the student joined, the table worded nothing


def test_the_students_own_display_width_is_used_on_their_side(hosted: HostMaker) -> None:
    narrow_table, wide_table = hosted(seed=3), hosted(seed=3)

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Peer]:
        narrow = await join(narrow_table.url, http, narrow_table.code(0), cells=14)
        wide = await join(wide_table.url, http, wide_table.code(0), cells=40)
        for peer in (narrow, wide):
            await peer.until(lambda m: "Twój ruch" in str(m.get("text", "")))
            await peer.read(0.3)
        return narrow, wide

    narrow, wide = run(scenario)
    assert narrow.frames and {len(f) for f in narrow.frames} == {14}
    assert wide.frames and {len(f) for f in wide.frames} == {40}
    # A short display gets the terse turn message; a wide one the sentence that was said.
    assert narrow.presented is not None and wide.presented is not None
    short, full = narrow.presented.screen.out, wide.presented.screen.out
    assert short.short_display and not full.short_display
    assert short._last_shown != short.last and full._last_shown == full.last
    for table in (narrow_table, wide_table):
        assert table.table.session.outputs[0].display is None  # the host draws no cells


def test_a_routing_key_on_the_students_display_picks_there_and_sends_only_the_move(
    hosted: HostMaker,
) -> None:
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, Any, list[str]]:
        peer = await join(table.url, http, table.code(0), cells=40)
        await peer.until(lambda m: "Twój ruch" in str(m.get("text", "")))
        await peer.read(0.3)
        assert peer.presented is not None
        out = peer.presented.screen.out
        sent: list[str] = []
        out.submit = sent.append
        assert out.jump_to("rack")
        before = len(peer.frames)
        out.on_display_command(DisplayCommand("route", 8))  # a tile of the rack
        return peer, out.selection, sent[:] if len(peer.frames) > before else ["no redraw"]

    peer, picked, sent = run(scenario)
    assert picked is not None  # picked on the student's computer, from its own lines
    # The cells showed the pick at once; what goes to the table is a command line (Rummikub
    # reads the picked tile out), never the key.
    assert sent and "no redraw" not in sent
    assert not any(m["t"] == "key" for m in peer.wire)


def test_letters_on_the_students_typing_line_stay_there_and_the_table_knows_only_that(
    hosted: HostMaker,
) -> None:
    table = hosted()

    async def scenario(http: aiohttp.ClientSession) -> tuple[Peer, bool]:
        peer = await join(table.url, http, table.code(0), lang="en", cells=40)
        await peer.until(lambda m: "Your turn" in str(m.get("text", "")))
        assert peer.presented is not None
        out = peer.presented.screen.out
        out.on_display_command(DisplayCommand("braille_chord", 0x01))  # "a", not sent
        await peer.send({"t": "typing", "busy": True})  # what ``join`` says of it
        await peer.read(0.3)
        typing = table.table.session._is_typing(0)
        table.table.session.control.skip()  # the teacher skips the turn: it passes
        await peer.until(lambda m: "still" in str(m.get("text", "")).lower())
        return peer, typing

    peer, typing = run(scenario)
    assert typing  # a time-up would wait for the half-typed move
    left_over = [m for m in peer.wire if m.get("do") == "typed_left_over"]
    assert left_over and all(m["args"] == {} for m in left_over)  # the letters never left
    assert peer.presented is not None and peer.presented.screen.out.typed_left_over() == "a"


def test_a_computer_without_the_tables_game_says_so_instead_of_showing_nothing() -> None:
    from braille_words.net.students import Presented

    got: list[dict[str, Any]] = []
    presented = Presented(got, "en")
    welcome = {"t": "welcome", "seat": 1, "name": "Ola", "game": "Nowa gra",
               "game_id": "a-game-of-next-year", "table": 1, "back": False, "token": "t"}
    assert not presented.screen.welcome(welcome)
    said = " ".join(m["text"] for m in got if m["t"] == "say")
    assert "no game called 'a-game-of-next-year'" in said and "Joined" not in said


def test_a_student_joining_a_table_in_english_words_gets_that_games_letters() -> None:
    """The host's welcome names the table's word language (issue 38): the student's
    computer words the seat's news with the game played in those words."""
    from braille_words.net.students import Presented

    got: list[dict[str, Any]] = []
    presented = Presented(got, "pl")
    welcome = {"t": "welcome", "seat": 1, "name": "Ola", "game": "Wordsy (7 Words)",
               "game_id": "seven_words", "words": "en", "table": 1, "back": False,
               "token": "t"}
    assert presented.screen.welcome(welcome)
    news = presented.screen.news
    assert news is not None and news.kit.word_lang == "en"
    assert news.kit.presenter.word_lang == "en"
