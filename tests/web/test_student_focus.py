"""Scrabble karty on the student's page (issue 34), played as a screen reader's user plays it,
read from the accessibility tree and the live regions: every card is named as the hand is read
aloud (a letter with its value, a premium card by what it is, a laid card by its square and
what pressing it does); a pick is shown pressed, a premium card marked for the move too; a
taken square keeps the pick; the focus stays where the player put it (the board's Tab stop is
the square last visited; a square that changes under the focus is said; after "gotowe" the
command field, said); the page says it has joined."""

from __future__ import annotations

import re
from typing import Any

from tests.net.conftest import HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import axe, needs_browser, wait
from tests.web.test_student_browser import browser, command, heard, join, live_regions
from tests.web.test_student_games import _button, _find, _lay, _picked, face

__all__ = ["browser", "hosted"]

pytestmark = needs_browser


def _cards(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(driver.find_elements(By.CSS_SELECTOR, "#area-cards button"))


def _focused_name(driver: Any) -> str:
    return str(driver.switch_to.active_element.accessible_name)


def _said(driver: Any, part: str) -> str:
    regions = live_regions(driver)
    return next((p for p in regions["polite"] + regions["assertive"] if part in p), "")


def test_scrabble_cards_are_named_as_said_picks_show_pressed_and_the_focus_stays_put(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from braille_words.braille.grid import coordinate
    from braille_words.table.control import Control
    from braille_words.table.inputs import TABLE, Input

    table = hosted("remote,computer:beginner", seed=5, game="scrabble")
    session = table.table.session
    join(browser, table)
    # Joined, as the README promises, and in the command field.
    wait(browser, lambda d: "Dołączono do stołu." in live_regions(d)["polite"])
    wait(browser, lambda d: 0 in session.state.awaiting and d.find_elements(
        By.CSS_SELECTOR, "#area-board table"))
    assert axe(browser) == []

    # -- names, against the sentence that reads the hand aloud
    command(browser, "karty")
    wait(browser, lambda d: "Ręka," in heard(d))
    hand = _said(browser, "Ręka,")
    names = [c.accessible_name for c in _cards(browser)]
    # Premium cards by their kind and what they do, as the hand is read (issue 33).
    kinds = ("karta premii", "karta warunkowa")
    premiums = [n for n in names if n.startswith(kinds)]
    assert len(premiums) == 2 and len(set(premiums)) == 2
    # Drawn apart too: each its own short face, not one word for both.
    faces = [face(c) for c, n in zip(_cards(browser), names, strict=True) if n.startswith(kinds)]
    assert len(set(faces)) == 2 and "premia" not in faces, faces
    for number, name in enumerate(names, start=1):
        if name.startswith(kinds):
            assert f"{number} {name}" in hand, (name, hand)
            continue
        letter, value = re.fullmatch(r"(\w) \((\d+)\)", name).groups()  # type: ignore[union-attr]
        assert face(_cards(browser)[number - 1]) == letter
        assert re.search(rf"\b{number} \w+ \({value}\)", hand), (name, hand)
    # Polish words on a Polish page: no language mark anywhere in the game.
    assert browser.find_elements(By.CSS_SELECTOR, "#areas [lang]") == []

    # -- a premium card pressed twice goes with the move: shown pressed, and said
    k = next(i for i, n in enumerate(names) if n.startswith(kinds))
    _cards(browser)[k].click()
    wait(browser, lambda d: _cards(d)[k].get_attribute("aria-pressed") == "true")
    _cards(browser)[k].click()
    wait(browser, lambda d: "pójdzie z ruchem" in heard(d))
    wait(browser, lambda d: _cards(d)[k].get_attribute("aria-pressed") == "true")
    assert not session.outputs[0].selection  # not a pick: marked for the move
    to_command_field(browser)
    command(browser, f"premia {k + 1}")  # and unmarked by typing, as at the terminal
    wait(browser, lambda d: _cards(d)[k].get_attribute("aria-pressed") is None)

    # -- the board's Tab stop is the square last visited, through a page drawn anew
    stop = browser.find_element(By.CSS_SELECTOR, "#area-board button[tabindex='0']")
    browser.execute_script("arguments[0].focus()", stop)
    stop.send_keys(Keys.ARROW_RIGHT)
    visited = _focused_name(browser).split(":")[0]
    assert visited != stop.accessible_name.split(":")[0]
    browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    card = browser.switch_to.active_element
    assert card in _cards(browser)
    card.send_keys(Keys.ENTER)  # a pick: the page is drawn again
    wait(browser, lambda d: _picked(d))
    browser.switch_to.active_element.send_keys(Keys.TAB)
    assert _focused_name(browser).startswith(visited + ":")

    # -- a word laid with the buttons; a taken square keeps the pick
    move = session.kit.computer.hint(session.rules, session.state, 0)
    assert move is not None and "?" not in move.word and len(move.word) >= 2
    dr, dc = (0, 1) if move.across else (1, 0)
    squares = [coordinate(move.row + dr * i, move.col + dc * i) for i in range(len(move.word))]
    word = move.word.upper()
    _button(browser, "cards", word[0]).click()  # the letter, not the card picked above
    wait(browser, lambda d: any(face(c) == word[0] for c in _cards(d)
                                if c.get_attribute("aria-pressed")))
    _lay(browser, word[0], squares[0])
    laid = wait(browser, lambda d: next((c for c in _cards(d)
                                         if f"na {squares[0]}" in c.accessible_name), None))
    assert laid.accessible_name == f"{word[0]} ({_value(session, word[0])}) na {squares[0]}, " \
        "naciśnij, aby zabrać"
    assert f"na {squares[0]}." in heard(browser)  # "igrek na H8."
    second = _button(browser, "cards", word[1])
    second.click()
    wait(browser, lambda d: _picked(d))
    _button(browser, "board", label=f"{squares[0]}: {word[0]}, ruch czeka").click()
    wait(browser, lambda d: f"Pole {squares[0]} jest zajęte" in heard(d))
    assert _picked(browser)  # still in hand, to press another square
    _button(browser, "board", label=f"{squares[1]}: puste").click()
    wait(browser, lambda d: _find(d, "board", label=f"{squares[1]}: {word[1]}, ruch czeka"))
    for letter, square in zip(word[2:], squares[2:], strict=True):
        _lay(browser, letter, square)

    # -- "gotowe" by keyboard: the button goes, the focus goes to the command field, said
    done = _button(browser, "cards", "gotowe")
    browser.execute_script("arguments[0].focus()", done)
    done.send_keys(Keys.ENTER)
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("id") == "command", 30)
    wait(browser, lambda d: "Jesteś w polu polecenia" in heard(d))
    wait(browser, lambda d: 0 in session.state.awaiting and session.state.view_for(0)["board"]
         and not session.state.view_for(0)["pending"], 90)

    # -- the square under the focus changes (the teacher takes the move back, and the
    # computer's reply with it): it is said, and the focus stays on the square
    theirs = [coordinate(s["row"], s["col"]) for s in session.state.view_for(0)["board"]]
    theirs = [q for q in theirs if q not in squares]
    assert theirs, "the computer answered with a word of its own"
    square = wait(browser, lambda d: next(
        (b for b in d.find_elements(By.CSS_SELECTOR, "#area-board button")
         if b.accessible_name.startswith(f"{theirs[0]}: ")
         and not b.accessible_name.endswith("puste")), None), 30)
    browser.execute_script("arguments[0].focus()", square)
    session.inputs.put(Input(TABLE, None, move=Control("undo")))
    wait(browser, lambda d: f"Teraz tu: {theirs[0]}: puste" in heard(d), 30)
    assert _focused_name(browser) == f"{theirs[0]}: puste"
    assert axe(browser) == []


def to_command_field(driver: Any) -> None:
    """Alt+Shift+0, the page's key back to the command field."""
    from selenium.webdriver.common.keys import Keys

    driver.switch_to.active_element.send_keys(Keys.ALT, Keys.SHIFT, "0")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "command")


def _value(session: Any, letter: str) -> int:
    hand = session.state.view_for(0)["hand"]
    return int(next(c["value"] for c in hand if (c["letter"] or "").upper() == letter))
