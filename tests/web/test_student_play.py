"""``play GAME --web`` from the command line, the page's own messages, and the words' languages
(issue 20) — without a browser: a real process or a real host, and a client speaking the page's
WebSocket as the page's script does."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from braille_words.net.protocol import VERSION, ProtocolError
from braille_words.web.student_link import Route, parse_page
from tests.net.conftest import HostMaker
from tests.net.conftest import hosted as hosted

ROOT = Path(__file__).resolve().parents[2]

__all__ = ["hosted"]


def _play(tmp_path: Path, *args: str, stdin: int = subprocess.PIPE) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    env.pop("DISPLAY", None)
    return subprocess.Popen(
        [sys.executable, "-m", "braille_words.cli", "play", *args,
         "--journal", str(tmp_path / "game.jsonl")],
        stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env, cwd=ROOT)


def stop(process: subprocess.Popen[str]) -> None:
    """A page's game outlives its console: it is ended as a launcher would, politely."""
    if process.poll() is None:
        process.terminate()
    process.wait(30)


def _first_line(process: subprocess.Popen[str], pattern: str, seconds: float = 60) -> re.Match[str]:
    assert process.stdout is not None
    end = time.monotonic() + seconds
    seen = []
    while time.monotonic() < end:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        found = re.search(pattern, line)
        if found is not None:
            return found
    raise AssertionError(f"no line like {pattern!r} in {seen}")


async def _page_socket(url: str, code: str, http: aiohttp.ClientSession,
                       lang: str = "pl") -> aiohttp.ClientWebSocketResponse:
    ws = await http.ws_connect(url)
    await ws.send_str(json.dumps({"t": "hello", "v": VERSION, "code": code, "token": "",
                                  "lang": lang, "verbosity": "beginner", "cells": 0,
                                  "status_cells": 0, "hears": True}))
    return ws


async def _until(ws: aiohttp.ClientWebSocketResponse, kind: str,
                 seconds: float = 20) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        message = await asyncio.wait_for(ws.receive(), end - time.monotonic())
        if message.type != aiohttp.WSMsgType.TEXT:
            break
        got.append(json.loads(message.data))
        if got[-1]["t"] == kind:
            return got
    raise AssertionError(f"no {kind} in {got}")


def test_play_web_prints_the_page_with_the_code_and_the_page_is_the_players_seat(
    tmp_path: Path,
) -> None:
    process = _play(tmp_path, "rummikub", "--web", "--port", "0", "--seed", "3",
                    "--players", "human,computer:beginner")
    try:
        found = _first_line(process, r"(http://127\.0\.0\.1:(\d+)/play\?lang=pl)#(\d{6})")
        page, port, code = found.group(1), found.group(2), found.group(3)

        async def scenario() -> list[dict[str, Any]]:
            async with aiohttp.ClientSession() as http:
                async with http.get(page) as answer:
                    assert answer.status == 200
                    assert "Dołącz do stołu" in await answer.text()
                ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", code, http)
                got = await _until(ws, "page")
                got += await _until(ws, "say")
                await ws.close()
                return got

        got = asyncio.run(scenario())
        assert got[0]["t"] == "welcome" and got[0]["name"] == "Gracz"
        page_data = next(m for m in got if m["t"] == "page")
        assert page_data["areas"][0]["name"] == "rack"
        assert len(page_data["areas"][0]["groups"][0]) == 14
        assert page_data["review"]["rack"] == "stojak"
    finally:
        stop(process)


def test_a_page_s_game_started_without_a_console_serves_the_page_until_its_player_leaves(
    tmp_path: Path,
) -> None:
    """Started from a launcher, ``nohup`` or ``</dev/null``, standard input is at its end from
    the first moment: that is no console, not the end of the game. The console says so, the
    page is served, a move is played from it, and the player's "wyjdź" ends the game."""
    process = _play(tmp_path, "rummikub", "--web", "--port", "0", "--seed", "3",
                    "--players", "human,computer:beginner", stdin=subprocess.DEVNULL)
    try:
        found = _first_line(process, r"http://127\.0\.0\.1:(\d+)/play\?lang=pl#(\d{6})")
        port, code = found.group(1), found.group(2)
        # Said once standard input's end has been read: the game goes on past it.
        _first_line(process, r"Nikt nie pisze w tym terminalu")

        async def scenario() -> list[str]:
            from tests.web.test_student_hotseat import Page

            async with aiohttp.ClientSession() as http:
                ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", code, http)
                page = Page(ws)
                await page.until(lambda p: p["turn"], 60)
                await page.line("dobierz")
                await page.said_soon("Dobierasz", 60)
                await page.line("wyjdź")
                await page.said_soon("zapisana", 60)
                await ws.close()
                return page.said

        said = asyncio.run(scenario())
        assert any("Dobierasz" in s for s in said)
        assert process.wait(60) == 0
        assert process.stdout is not None
        assert "Traceback" not in process.stdout.read()
    finally:
        stop(process)


def test_play_teacher_page_prints_the_teachers_address_and_password(tmp_path: Path) -> None:
    process = _play(tmp_path, "rummikub", "--teacher-page", "--teacher-port", "0", "--seed", "3",
                    "--players", "computer,computer")
    try:
        found = _first_line(process, r"http://[0-9.]+:(\d+)/.*: ([a-z]{4}-[a-z]{4}-\d\d)")
        assert int(found.group(1)) > 0
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(60)


def test_play_teacher_host_puts_the_teachers_page_on_the_address_given(tmp_path: Path) -> None:
    process = _play(tmp_path, "rummikub", "--teacher-page", "--teacher-port", "0",
                    "--teacher-host", "127.0.0.2", "--seed", "3", "--players", "computer,computer")
    try:
        found = _first_line(process, r"http://127\.0\.0\.2:(\d+)/")
        assert int(found.group(1)) > 0
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(60)


def test_web_without_a_person_is_refused_with_a_sentence(tmp_path: Path) -> None:
    process = _play(tmp_path, "rummikub", "--web", "--port", "0",
                    "--players", "computer,computer")
    assert process.stdout is not None
    said = process.stdout.read()
    assert process.wait(30) != 0
    assert "--web gives a person's seat to the browser" in said
    assert "Traceback" not in said


@pytest.mark.parametrize("raw", [
    '{"t": "route", "page": 1, "item": true}',
    '{"t": "route", "page": 0, "item": 0}',
    '{"t": "route", "page": 1, "item": -1}',
    '{"t": "route", "page": 1, "item": 0, "seat": 2}',
    '{"t": "route", "page": "1", "item": 0}',
    '{"t": "route", "page": 1}',
    '{"t": "route", "page": 1, "item": 99999999}',
])
def test_a_forged_button_press_is_a_protocol_error(raw: str) -> None:
    with pytest.raises(ProtocolError):
        parse_page(raw)


def test_a_button_press_is_read_and_the_protocol_s_own_messages_still_are() -> None:
    assert parse_page('{"t": "route", "page": 3, "item": 7}') == Route(3, 7)
    assert type(parse_page('{"t": "line", "text": "stojak"}')).__name__ == "Line"


def test_a_button_of_a_page_never_sent_presses_nothing(hosted: HostMaker) -> None:
    table = hosted("remote,computer:beginner", seed=3)
    port = table.host.port

    async def scenario() -> list[dict[str, Any]]:
        async with aiohttp.ClientSession() as http:
            ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", table.code(0), http)
            await _until(ws, "page")
            await ws.send_str(json.dumps({"t": "route", "page": 999, "item": 0}))
            got = await _until(ws, "say")
            for _ in range(10):  # the table's news before the answer (joined, a move, a turn)
                if got[-1].get("urgent"):
                    break
                got += await _until(ws, "say")
            await ws.close()
            return got

    got = asyncio.run(scenario())
    assert "Stół się zmienił" in got[-1]["text"] and got[-1]["urgent"]
    assert table.table.session.outputs[0].selection is None


def test_english_words_in_a_polish_game_come_marked_as_english(hosted: HostMaker) -> None:
    table = hosted("remote,computer:beginner", seed=3, game="thief")
    port = table.host.port

    async def scenario() -> list[dict[str, Any]]:
        async with aiohttp.ClientSession() as http:
            ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", table.code(0), http)
            got = await _until(ws, "page")
            await ws.send_str(json.dumps({"t": "line", "text": "karty"}))
            for _ in range(6):
                got += await _until(ws, "say")
                if any(lang == "en" for m in got if m["t"] == "say" for _, lang in m["spans"]):
                    break
            await ws.close()
            return got

    got = asyncio.run(scenario())
    spans = [span for m in got if m["t"] == "say" for span in m["spans"]]
    assert any(lang == "en" for _, lang in spans), spans
    assert all(lang in (None, "en") for _, lang in spans)
    page = next(m for m in got if m["t"] == "page")
    assert page["word_lang"] == "en"


def test_a_card_of_7_slow_reads_its_column_letter_and_bonus_in_print() -> None:
    from braille_words.braille.symbols import Symbol, column_symbol
    from braille_words.braille.translator import Mode, symbol_cell, text_to_cells, tile_cells
    from braille_words.braille.view import Segment
    from braille_words.web.student_view import _segment_label, cell_label

    card = (bytes([symbol_cell(column_symbol(4), "pl")]) + tile_cells(["ś"], "pl")
            + text_to_cells("+1", "pl", Mode.COMPUTER))
    assert _segment_label(Segment(card, ("card", 1)), "pl", "pl") == "4:Ś+1"
    done = text_to_cells("gotowe", "pl", Mode.LITERARY)
    assert _segment_label(Segment(done, ("action", "done")), "pl", "pl") == "gotowe"
    assert cell_label(symbol_cell(Symbol.JOKER, "pl"), "pl", "en") == "joker"
    assert cell_label(symbol_cell(Symbol.DOUBLE_WORD, "pl"), "pl", "pl") == "×2"
    assert cell_label(tile_cells(["ż"], "pl")[0], "pl", "pl") == "Ż"


def test_a_button_press_is_read_whatever_the_order_of_its_fields() -> None:
    assert parse_page('{"item": 2, "page": 5, "t": "route"}') == Route(5, 2)
    with pytest.raises(ProtocolError):
        parse_page('{"text": "\\"route\\"", "t": "lines"}')


def test_a_card_laid_shows_on_the_page_even_when_its_news_was_sent_before_the_board(
    hosted: HostMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table says a move's news before it shows the view the move made. A page drawn at
    the news alone (the network's thread is quick, the table's slow on a loaded machine)
    showed the board from before, and nothing drew it again: the card laid never appeared
    and the player's next press met a stale page. The page follows the seat's lines."""
    import time as clock

    from braille_words.table.seatnews import SeatNews

    shown = SeatNews.show

    def slow_show(self: SeatNews, view: Any, left: float | None = None) -> None:
        clock.sleep(0.3)  # a busy table's thread: the page of the news goes out first
        shown(self, view, left)

    monkeypatch.setattr(SeatNews, "show", slow_show)
    table = hosted("remote,computer:beginner", seed=5, game="scrabble")
    port = table.host.port

    def area(page: dict[str, Any], name: str) -> dict[str, Any]:
        return next(a for a in page["areas"] if a["name"] == name)

    async def until_page(ws: aiohttp.ClientWebSocketResponse,
                         check: Any, seconds: float = 20) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while True:
            page = (await _until(ws, "page", end - time.monotonic()))[-1]
            if check(page):
                return page

    async def scenario() -> dict[str, Any]:
        async with aiohttp.ClientSession() as http:
            ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", table.code(0), http)
            page = await until_page(ws, lambda p: p["turn"] and any(
                a["name"] == "board" for a in p["areas"]))
            card = area(page, "cards")["groups"][0][0]
            await ws.send_str(json.dumps({"t": "route", "page": page["page"],
                                          "item": card["id"]}))
            page = await until_page(ws, lambda p: p["picked"])
            square = area(page, "board")["rows"][7][7]
            assert square["text"] == ""
            await ws.send_str(json.dumps({"t": "route", "page": page["page"],
                                          "item": square["id"]}))
            # The last page the host sends once the table is quiet shows the card laid.
            last = await until_page(ws, lambda p: area(p, "board")["rows"][7][7]["text"])
            await ws.close()
            return {"card": card, "last": last}

    got = asyncio.run(scenario())
    assert area(got["last"], "board")["rows"][7][7]["text"] == got["card"]["text"]
    assert not got["last"]["picked"]


def test_a_word_thief_card_on_the_page_is_named_with_its_suit(hosted: HostMaker) -> None:
    """On the cells a card's suit is dots 7 and 8; on the page, its button's name says it
    (the suit decides a one-suit word's double score and whether it may be stolen)."""
    from braille_words.speech.speaker import marked_spans, strip_marks
    from braille_words.web.student_view import page_view

    table = hosted("remote,computer:beginner", seed=3, game="thief")
    session = table.table.session
    view = session.state.view_for(0)
    presenter = session.kit.presenter
    hand = view["hand"]
    marked = [presenter.target_name(("rack", k), view, "pl") for k in range(len(hand))]
    names = [strip_marks(m or "") for m in marked]
    suits = {"red": "czerwony", "blue": "niebieski", "green": "zielony", "yellow": "żółty"}
    for card, name, said in zip(hand, names, marked, strict=True):
        if card["letter"] is None:
            assert name == "dżoker"
        else:
            # As "karty" reads the card: its suit and value; its letter alone is English.
            letter = card["letter"].upper()
            assert name == f"{letter} {suits[card['suit']]} ({card['value']})"
            assert marked_spans(str(said))[0] == (letter, "en")
    assert presenter.target_name(("rack", 99), view, "pl") is None
    assert presenter.target_name(("rack", 0), view, "en") in (
        "wild", f"{str(hand[0]['letter']).upper()} {hand[0]['suit']} ({hand[0]['value']})")
    # The page drawn for the seat carries those names on its card buttons.
    until = time.monotonic() + 20
    while not session.outputs[0]._view and time.monotonic() < until:
        time.sleep(0.05)
    data, _ = page_view(session, 0, "pl")
    cards = next(a for a in data["areas"] if a["name"] == "cards")["groups"][0]
    assert [b.get("name") for b in cards] == names
    assert [b.get("spans") for b in cards] == [[list(r) for r in marked_spans(str(m))]
                                               for m in marked]


def test_a_rummikub_tile_button_is_named_with_its_value_as_tile_n_says_it(
    hosted: HostMaker,
) -> None:
    """Every tile is worth one point (the rulebook): the page draws it in the tile's corner,
    and the button's name says it, as ``płytka N`` does; the letter alone carries its
    language."""
    from braille_words.speech.speaker import marked_spans, strip_marks
    from braille_words.web.student_view import page_view

    table = hosted("remote,computer:beginner", seed=3, game="rummikub")
    session = table.table.session
    view = session.state.view_for(0)
    presenter = session.kit.presenter
    assert view["tile_points"] == 1
    for k, (_id, letter) in enumerate(view["rack"]):
        name = strip_marks(presenter.target_name(("rack", k), view, "pl") or "")
        shown = "joker" if letter is None else letter.upper()
        assert name == f"{shown} (1 punkt)"
        said = strip_marks(presenter.read(f"płytka {k + 1}", view, "pl", "beginner") or "")
        assert said.startswith(f"Płytka {k + 1}: ") and "(1 punkt)." in said
        assert presenter.target_look(("rack", k), view)["value"] == 1
    english = presenter.target_name(("rack", 0), view, "en") or ""
    assert strip_marks(english).endswith("(1 point)")
    assert marked_spans(english)[0][1] in ("pl", None)
    assert presenter.target_name(("rack", 99), view, "pl") is None
    assert presenter.target_name(("word", 0, 0), view, "pl") is None
    until = time.monotonic() + 20
    while not session.outputs[0]._view and time.monotonic() < until:
        time.sleep(0.05)
    data, _ = page_view(session, 0, "en")
    rack = next(a for a in data["areas"] if a["name"] == "rack")["groups"][0]
    tiles = [b for b in rack if "look" in b]
    assert tiles and all(b["look"]["value"] == 1 for b in tiles)
    assert all(b["spans"][0][1] == "pl" or b["name"].startswith("joker") for b in tiles)


def test_a_hint_and_a_refusal_mark_the_english_words_alone_in_a_polish_sentence(
    tmp_path: Path, english: Any
) -> None:
    """What the page is sent for a refusal and a hint in Word Thief with Polish messages: the
    player's word and the hinted words in English, the Polish words ("połóż", "Nie ma
    słowa") not."""
    from braille_words.speech.speaker import marked_spans
    from tests.web.conftest import seats_of, table_session

    session, _ = table_session(tmp_path, english, "thief", seats_of(["Ola", "Jan"]), 3, "g.jsonl")
    said: list[str] = []
    out = session.outputs[0]
    announce = out.announce

    def heard(sentence: str, *args: Any, **kwargs: Any) -> Any:
        said.append(sentence)
        return announce(sentence, *args, **kwargs)

    out.announce = heard  # type: ignore[method-assign]
    session.handle(0, "xyzzy")
    assert marked_spans(said[-1]) == [("Nie ma słowa ", None), ("XYZZY", "en"),
                                      (" w angielskim słowniku.", None)]
    session.handle(0, "podpowiedź")
    session.handle(0, "podpowiedź")
    spans = marked_spans(said[-1])
    assert spans[0][0].startswith("Podpowiedź: ") and spans[0][1] is None
    # the line to type is quoted (after what to do: "Ułóż DUNNO ze swoich kart: napisz „…")
    command_word = "".join(text for text, _ in spans).split("„", 1)[1].split()[0]
    assert command_word in ("połóż", "ukradnij", "pas")
    english_words = [text for text, lang in spans if lang == "en"]
    assert english_words and all(w.isalpha() for w in english_words)


def test_a_console_less_page_game_whose_page_is_closed_is_saved_and_the_program_ends(
    tmp_path: Path,
) -> None:
    """Closing the tab is leaving: with no console to end it, a page gone and not back within
    the grace period (``--page-gone``) ends the game, saved, and the program with it."""
    process = _play(tmp_path, "rummikub", "--web", "--port", "0", "--seed", "3",
                    "--players", "human,computer:beginner", "--page-gone", "2",
                    stdin=subprocess.DEVNULL)
    try:
        found = _first_line(process, r"http://127\.0\.0\.1:(\d+)/play\?lang=pl#(\d{6})")
        port, code = found.group(1), found.group(2)
        _first_line(process, r"Nikt nie pisze w tym terminalu")

        async def scenario() -> None:
            from tests.web.test_student_hotseat import Page

            async with aiohttp.ClientSession() as http:
                ws = await _page_socket(f"ws://127.0.0.1:{port}/play/ws", code, http)
                page = Page(ws)
                await page.until(lambda p: p["turn"], 60)
                await page.line("dobierz")
                await page.said_soon("Dobierasz", 60)
                await ws.close()  # the tab is closed

        asyncio.run(scenario())
        time.sleep(1)
        assert process.poll() is None  # a reload comes back within the grace period
        assert process.wait(30) == 0
        assert process.stdout is not None
        assert "Traceback" not in process.stdout.read()
        journal = (tmp_path / "game.jsonl").read_text(encoding="utf-8")
        assert "dobierz" in journal or "draw" in journal  # the move is kept, to resume
    finally:
        stop(process)
