"""One whole game of each of the five games played on the student's page against a computer
(issue 34, "done when"), as a new user with a screen reader plays it: the page is reached by
its address and join code, each move is typed in the command field (found by its accessible
name), the page's turn is read from its status, what the table says from the live regions as
Chromium's accessibility tree gives them, and the game must reach its end sentence there.

What the player decides is a beginner computer's choice for their seat, typed as a person
types it in Polish (``to_command``): the test stands for the person's thinking, never for the
page. Seeded, with short settings where a game's own are long (Rummikub deals 7 tiles), so
each game takes 8-25 s here (40 s at most)."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

from tests.net.conftest import HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import axe, needs_browser, wait
from tests.web.test_student_browser import browser, heard, join

__all__ = ["browser", "hosted"]

pytestmark = needs_browser

GAMES: dict[str, tuple[str, str, int, dict[str, Any]]] = {
    # game: (its name for ``hosted``, players, seed, short settings)
    "rummikub": ("rummikub", "remote,computer:beginner", 3, {"deal": 7, "first_word_min": 3}),
    "siedem-slow": ("seven_words", "remote,computer:beginner", 3, {}),
    "word-thief": ("thief", "remote,computer:beginner", 1, {}),
    "alicja": ("alicja", "remote,computer:beginner,computer:beginner", 1, {}),
    "scrabble-karty": ("scrabble", "remote,computer:beginner", 5, {}),
}
PASSES = {"thief"}
"""Games whose player passes every turn (the player's own search for a steal takes seconds a
turn; the computer's moves and the end are what is checked)."""
BUDGET = 40.0
"""Seconds one whole game may take on the page (joining included)."""


def _command_field(driver: Any) -> Any:
    """The command field, found as a screen reader's user finds it: by its name."""
    from selenium.webdriver.common.by import By

    for field in driver.find_elements(By.TAG_NAME, "input"):
        if field.accessible_name.startswith("Polecenie"):
            return field
    raise AssertionError("no command field")


def _said(driver: Any) -> str:
    """Every paragraph in the two live regions now (read from the page, cheaply: the
    accessibility tree of a page with a 225-square board takes a while to fetch)."""
    return str(driver.execute_script(
        "return ['polite', 'assertive'].map((id) => Array.from("
        "document.getElementById(id).children, (p) => p.textContent).join('\\n'))"
        ".join('\\n');"))


def _status(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, "status").get_property("textContent"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_is_played_on_the_page_to_its_end_sentence(
    hosted: HostMaker, browser: Any, game: str
) -> None:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.keys import Keys

    from braille_words.speech.speaker import strip_marks

    name, players, seed, options = GAMES[game]
    started = time.monotonic()
    table = hosted(players, seed=seed, game=name, options=options)
    session = table.table.session
    kit = session.kit
    join(browser, table)
    rng = random.Random(seed)
    typed = 0
    while True:
        try:
            wait(browser, lambda d: _status(d).startswith(("Twój ruch", "Gra skończona")), 30)
        except TimeoutException:
            raise AssertionError(f"{game}: the page says {_status(browser)!r}, the table awaits "
                                 f"{sorted(session.state.awaiting)} after {typed} lines") from None
        if _status(browser).startswith("Gra skończona"):
            break
        state = session.state
        if state.is_over or 0 not in state.awaiting:
            continue  # the page is a step ahead of or behind the table: look again
        if name in PASSES:
            move = kit.computer.fallback_move(session.rules, state, 0)
        else:
            move = kit.computer.choose_move(session.rules, state, 0, "beginner", rng)
        view = state.view_for(0)
        lines = [kit.commands.to_command(move, view, "pl")]
        if getattr(move, "end", False):  # Rummikub: the words laid, then "gotowe" alone
            lines = [kit.commands.to_command(dataclasses.replace(move, end=False), view, "pl"),
                     "gotowe"]
        for line in lines:
            said = _said(browser)
            _command_field(browser).send_keys(line, Keys.ENTER)
            typed += 1
            # The table answers every line in a live region (a move's news, a refusal).
            wait(browser, lambda d, s=said: _said(d) != s, 20)
        assert typed < 300
        assert time.monotonic() - started < BUDGET, f"{game}: {typed} lines typed"
    result = session.state.result()
    names = [s.name for s in session.seats]
    final = strip_marks(kit.presenter.final(result, "pl", names, 0))
    wait(browser, lambda d: final.split(".")[0] in heard(d), 10)
    assert axe(browser) == []
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    print(f"{game}: {typed} lines, {time.monotonic() - started:.1f} s")
