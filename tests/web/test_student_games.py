"""The student's page with the other games' boards and cards (issue 20): a first word laid in
Scrabble karty with the page's buttons alone (a card picked, a square of the board pressed, as
a screen reader's routing keys press them; then "gotowe"), moving over the board with the
arrow keys; and one round of 7 słów written in the command field."""

from __future__ import annotations

from typing import Any

from tests.net.conftest import HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import axe, named, needs_browser, tab_walk, wait
from tests.web.test_student_browser import browser, heard, join, live_regions, shots

__all__ = ["browser", "hosted"]

pytestmark = needs_browser


def _button(driver: Any, area: str, text: str | None = None, *, label: str | None = None) -> Any:
    found = _find(driver, area, text, label=label)
    if found is None:
        raise AssertionError(f"no button {text or label} in {area}")
    return found


def _find(driver: Any, area: str, text: str | None = None, *, label: str | None = None) -> Any:
    from selenium.webdriver.common.by import By

    if label is not None:
        return named(driver, f"#area-{area}", f"#area-{area} button", label)
    for button in driver.find_elements(By.CSS_SELECTOR, f"#area-{area} button"):
        if text is not None and face(button) == text and \
                button.get_attribute("aria-pressed") is None:
            return button
    return None


def face(button: Any) -> str:
    """What a button shows (its print), whatever its name says."""
    return str(button.get_property("firstElementChild").get_property("textContent"))


def test_a_first_word_is_laid_in_scrabble_karty_with_the_buttons_alone(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from braille_words.braille.grid import coordinate

    table = hosted("remote,computer:beginner", seed=5, game="scrabble")
    session = table.table.session
    join(browser, table)
    wait(browser, lambda d: 0 in session.state.awaiting and d.find_elements(
        By.CSS_SELECTOR, "#area-board table"))
    assert axe(browser) == []
    board = browser.find_element(By.CSS_SELECTOR, "#area-board table")
    assert len(board.find_elements(By.CSS_SELECTOR, "th[scope=col]")) == 15
    assert len(board.find_elements(By.CSS_SELECTOR, "th[scope=row]")) == 15

    # Arrow keys move square by square inside the board; one square is in the Tab order.
    assert len(board.find_elements(By.CSS_SELECTOR, "button[tabindex='0']")) == 1
    start = board.find_element(By.CSS_SELECTOR, "button[tabindex='0']")
    start.send_keys(Keys.ARROW_RIGHT)
    moved = browser.switch_to.active_element
    assert moved.get_attribute("data-col") == str(int(start.get_attribute("data-col")) + 1)
    moved.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element.get_attribute("data-row") == str(
        int(start.get_attribute("data-row")) + 1)

    move = session.kit.computer.hint(session.rules, session.state, 0)
    assert move is not None and "?" not in move.word
    dr, dc = (0, 1) if move.across else (1, 0)
    for i, letter in enumerate(move.word.upper()):
        square = coordinate(move.row + dr * i, move.col + dc * i)
        _lay(browser, letter, square)
    _button(browser, "cards", "gotowe").click()
    # The word is laid: the player hears it with its points.
    wait(browser, lambda d: "punkt" in heard(d) and move.word.upper() in heard(d).upper(), 30)
    assert session.state.view_for(0)["board"]
    assert axe(browser) == []
    shots(browser, "scrabble")


def _lay(driver: Any, letter: str, square: str) -> None:
    """Pick the card, then press the square, as a player would: again if the page was
    redrawn between the two presses (the table's news draws it anew, and a press on a page
    already replaced is refused with "the page changed", which a player answers by pressing
    again)."""
    from selenium.common.exceptions import TimeoutException

    for _ in range(3):
        if not _picked(driver):
            _button(driver, "cards", letter).click()
            wait(driver, lambda d: _picked(d))
        _button(driver, "board", label=f"{square}: puste").click()
        try:
            wait(driver, lambda d: _find(d, "board", label=f"{square}: {letter}, ruch czeka"), 10)
            return
        except TimeoutException:
            continue
    raise AssertionError(f"{letter} never reached {square}")


def _picked(driver: Any) -> bool:
    from selenium.webdriver.common.by import By

    return bool(driver.find_elements(By.CSS_SELECTOR, "#area-cards button[aria-pressed=true]"))


def test_one_round_of_siedem_slow_is_written_in_the_command_field(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By

    table = hosted("remote,computer:beginner", seed=4, game="siedem-slow")
    session = table.table.session
    join(browser, table)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-cards button"))
    assert axe(browser) == []
    cards = browser.find_elements(By.CSS_SELECTOR, "#area-cards button")
    assert len(cards) == 8
    move = session.kit.computer.hint(session.rules, session.state, 0)
    assert move is not None
    round_before = session.state.to_json().get("round")
    field = browser.switch_to.active_element
    from selenium.webdriver.common.keys import Keys

    field.send_keys(move.word, Keys.ENTER)
    # The words are shown; any challenge? The player has none: "gotowe". (Whether the
    # computer's word or the player's comes last decides which region asks.)
    wait(browser, lambda d: any("gotowe" in said for region in live_regions(d).values()
                                for said in region), 60)
    field.send_keys("gotowe", Keys.ENTER)
    wait(browser, lambda d: session.state.to_json().get("round") != round_before
         or session.state.is_over, 90)
    # The round's result reaches the page ("Runda 1: Gracz: 25; Ada: 25 +2.").
    wait(browser, lambda d: "Runda 1" in heard(d), 20)
    assert axe(browser) == []
    shots(browser, "siedem-slow")


def test_the_tab_key_alone_reaches_every_control_and_the_board_once(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By

    table = hosted("remote,computer:beginner", seed=5, game="scrabble")
    join(browser, table)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-board table"))
    controls = browser.execute_script(
        "return [...document.querySelectorAll('a[href], button, select, input')]"
        ".filter(e => e.offsetParent !== null && e.tabIndex >= 0);")
    squares = browser.find_elements(By.CSS_SELECTOR, "#area-board button")
    assert len(squares) == 225
    assert sum(1 for c in controls if c in squares) == 1  # the board is one stop
    reached = tab_walk(browser, len(controls) + 10)
    missing = [c.get_attribute("outerHTML")[:80] for c in controls if c not in reached]
    assert missing == []


def test_word_thief_s_english_letters_alone_carry_lang_en_and_cards_are_named_as_said(
    hosted: HostMaker, browser: Any
) -> None:
    """A card's name is what ``karta N`` says of it (suit and value), with the printed
    letter for the spoken letter; the English letter is marked English, and nothing else of
    the name is: a Polish word read by the English voice is as wrong as the reverse."""
    from selenium.webdriver.common.by import By

    from tests.web.test_student_browser import command

    table = hosted("remote,computer:beginner", seed=3, game="thief")
    join(browser, table)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-cards button"))
    cards = browser.find_elements(By.CSS_SELECTOR, "#area-cards button")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl"
    suits = ("czerwony", "niebieski", "zielony", "żółty")
    for card in cards:
        name = card.accessible_name
        assert card.get_dom_attribute("lang") is None, name
        marked = card.find_elements(By.CSS_SELECTOR, "[lang]")
        if name == "dżoker":
            assert marked == [], name
            continue
        assert any(suit in name for suit in suits), name
        # Only the letter is English: one mark, on the letter the card shows.
        assert [m.get_attribute("lang") for m in marked] == ["en"], name
        assert marked[0].get_property("textContent") == face(card) == name.split()[0]
    for number in (1, 2, 3):
        name = cards[number - 1].accessible_name
        command(browser, f"karta {number}")
        # "Karta 1: eks czerwony (8)." — the same suit and value, the letter spoken by name.
        wait(browser, lambda d, n=number: f"Karta {n}:" in heard(d))
        said = next(p for p in live_regions(browser)["polite"] + live_regions(browser)["assertive"]
                    if p.startswith(f"Karta {number}:"))
        rest = name.split(" ", 1)[1] if name != "dżoker" else "dżoker"
        assert said.endswith(f" {rest}."), (name, said)
    # A refusal names the word typed: that word is English, the sentence around it Polish.
    command(browser, "xyzzy")
    refusal = wait(browser, lambda d: next((p for p in d.find_elements(By.CSS_SELECTOR, ".live p")
                                            if "XYZZY" in p.get_property("textContent")), None))
    marked = refusal.find_elements(By.CSS_SELECTOR, "[lang]")
    assert [(m.get_attribute("lang"), m.get_property("textContent")) for m in marked] == [
        ("en", "XYZZY")]
    assert "Nie ma słowa" in refusal.get_property("textContent")
    assert axe(browser) == []


def test_a_player_who_chooses_english_is_told_the_game_in_english(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    table = hosted("remote,computer:beginner", seed=3)
    browser.get(f"http://127.0.0.1:{table.host.port}/")
    wait(browser, lambda d: d.find_elements(By.ID, "lang"))
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    assert browser.find_element(By.ID, "join-heading").text == "Join a table"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    browser.find_element(By.ID, "code").send_keys(table.code(0), Keys.ENTER)
    # The computer may move first (it takes its time, longer on a loaded machine).
    wait(browser, lambda d: "Your turn" in " ".join(live_regions(d)["assertive"]), 60)
    assert browser.find_element(By.ID, "area-rack-heading").text == "Your tiles"
    # The tiles are Polish letters in an English page: marked Polish.
    tile = browser.find_element(By.CSS_SELECTOR, "#area-rack button")
    assert tile.get_dom_attribute("lang") is None  # the letter in it is, not the button
    # Named with its value, as "tile N" says it; the letter alone Polish, the rest English.
    assert tile.accessible_name.endswith(" (1 point)")
    letter = tile.find_element(By.CSS_SELECTOR, "[lang]")
    assert letter.get_dom_attribute("lang") == "pl"
    assert len(letter.get_property("textContent")) == 1  # the letter, nothing more
    assert axe(browser) == []
