"""The teacher's page in a real browser (issue 15): Debian's chromium driven by Selenium with
chromium-driver, as a teacher would use it — log in, watch a seeded game move, pause it by the
keyboard, rule on a challenged word, send a message that a student hears and reads on their
display; axe-core finds no violation on any page; the Tab key alone reaches every control; a
screenshot at 1280×800 is kept for review (``test-output/teacher-page.png``)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from braille_words.displays.console import ConsoleDisplay
from tests.web.browser import SHOTS, SharedChromium, needs_browser, tab_walk
from tests.web.browser import axe as _axe
from tests.web.browser import wait as _wait
from tests.web.conftest import PASSWORD, Live, seats_of

pytestmark = needs_browser


@pytest.fixture
def browser(shared_chromium: SharedChromium) -> Iterator[Any]:
    """A fresh tab of the worker's Chromium at 1280×800 (no accessibility tree asked for)."""
    yield from shared_chromium.page(accessibility=False)


def _log_in(driver: Any, url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver.get(url)
    _wait(driver, lambda d: d.find_elements(By.ID, "password"))
    assert _axe(driver) == []
    field = driver.find_element(By.ID, "password")
    field.send_keys(PASSWORD, Keys.ENTER)
    _wait(driver, lambda d: d.find_elements(By.ID, "table-1-heading"))


def _status(driver: Any, number: int = 1) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, f"table-{number}-status").text)


def _moves(driver: Any) -> int:
    return int(_status(driver).split("ruchów: ")[1].split(";")[0])


def _press(driver: Any, element_id: str) -> None:
    """Tab to the control and press Enter on it, as a keyboard user does."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    target = driver.find_element(By.ID, element_id)
    driver.switch_to.active_element.send_keys(Keys.TAB)
    for _ in range(200):
        if driver.switch_to.active_element == target:
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element == target, element_id
    target.send_keys(Keys.ENTER)


def _start(live: Callable[..., Live], polish: Any) -> tuple[Live, io.StringIO]:
    """Table 1: Rummikub, Ola (with a Braille display) against two computers; table 2:
    Alicja for three people."""
    cells = io.StringIO()
    running = live(
        ("rummikub", seats_of(["Ola", "Janek", "Ewa"], ["human", "computer", "computer"]),
         3, polish, {0: ConsoleDisplay(40, stream=cells)}),
        ("alicja", seats_of(["Ola", "Janek", "Ewa"]), 1, polish),
    )
    return running, cells


def test_a_teacher_watches_pauses_rules_and_sends_a_message(
    live: Callable[..., Live], polish: Any, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    running, cells = _start(live, polish)
    _log_in(browser, running.url)
    table = running.session(1)

    # The computers have moved up to Ola's turn; Ola draws, and the page follows them.
    _wait(browser, lambda d: 0 in table.state.awaiting and "Ruch: Ola" in _status(d))
    before = _moves(browser)
    running.type(0, "dobierz")
    _wait(browser, lambda d: _moves(d) > before + 1 and "Ruch: Ola" in _status(d))
    assert _moves(browser) == table.moves_played

    # Paused from the keyboard: the clock stops, and Ola's next move is refused.
    _press(browser, "table-1-pause")
    _wait(browser, lambda d: "wstrzymany" in _status(d))
    assert table.paused
    moved = table.moves_played
    running.type(0, "dobierz")
    _wait(browser, lambda d: "Gra jest wstrzymana" in running.heard(0).splitlines()[-1])
    assert table.moves_played == moved
    _press(browser, "table-1-go-on")
    _wait(browser, lambda d: "wstrzymany" not in _status(d))

    # A message to Ola alone: she hears it and reads it on her display; the page shows both.
    field = browser.find_element(By.ID, "table-1-message")
    field.send_keys("Dobrze ci idzie")
    browser.find_element(By.ID, "table-1-to").send_keys("Ola")
    field.send_keys(Keys.ENTER)
    _wait(browser, lambda d: "Dobrze ci idzie" in running.heard(0))
    assert "Dobrze ci idzie" not in running.heard(1) + running.heard(2)
    from braille_words.braille.cells import to_unicode
    from braille_words.braille.translator import text_to_cells

    brailled = to_unicode(text_to_cells("Dobrze ci idzie", "pl"))
    assert brailled in cells.getvalue().replace("\n", "") or "Dobrze" in cells.getvalue()
    seat = browser.find_element(By.ID, "table-1-seat-0")
    _wait(browser, lambda d: "Dobrze ci idzie" in seat.text)

    # Table 2: Ola chooses a theme and says a word, Ewa challenges it, the teacher rules.
    running.type(0, "temat 1", number=2)
    running.type(0, "klaun", number=2)
    running.type(2, "wyzwanie", number=2)
    _wait(browser, lambda d: "wyzwanie" in running.session(2).state.to_json().get("phase", "")
          or running.session(2).state.to_json().get("phase") == "vote")
    _press(browser, "table-2-rule-no")
    _wait(browser, lambda d: "Nauczyciel rozstrzyga: słowo odpada." in running.heard(1, 2))
    _wait(browser, lambda d: 0 in running.session(2).state.out)  # Ola is out
    news = browser.find_element(By.ID, "news")
    assert news.get_attribute("role") == "log" and news.get_attribute("aria-live") == "polite"
    _wait(browser, lambda d: "Zrobione" in news.text)

    browser.execute_script("window.scrollTo(0, 0)")
    SHOTS.mkdir(exist_ok=True)
    assert browser.get_window_size()["width"] == 1280
    browser.save_screenshot(str(SHOTS / "teacher-page.png"))
    assert (SHOTS / "teacher-page.png").stat().st_size > 10_000
    assert _axe(browser) == []


def test_every_page_passes_axe_and_the_keyboard_reaches_every_control(
    live: Callable[..., Live], polish: Any, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    running, _ = _start(live, polish)
    _log_in(browser, running.url)
    _wait(browser, lambda d: d.find_elements(By.ID, "table-2-seat-2"))
    assert _axe(browser) == []
    # Janek and Ewa are the computers of table 1's list: no "Posadź" to seat a student there.
    assert [browser.find_element(By.ID, f"table-1-seat-{s}-replace").is_displayed()
            for s in range(3)] == [True, False, False]
    controls = browser.execute_script(
        "return [...document.querySelectorAll('a[href], button, select, input:not([type=hidden])')]"
        ".filter(e => e.offsetParent !== null || e.classList.contains('skip'));")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    reached = tab_walk(browser, len(controls) + 5)
    missing = [c.get_attribute("id") or c.text for c in controls if c not in reached]
    assert missing == []
    for page in ("reports?scope=game", "reports?scope=term", "reports/print?scope=game"):
        browser.get(running.url + page)
        _wait(browser, lambda d: d.find_elements(By.TAG_NAME, "h1"))
        assert _axe(browser) == [], page
    browser.get(running.url + "reports?scope=game")
    assert "Ola" in browser.find_element(By.TAG_NAME, "main").text


def test_zakoncz_gre_asks_first_and_the_page_keeps_its_reports(
    live: Callable[..., Live], polish: Any, browser: Any
) -> None:
    """One press must not end every student's game: "Zakończ grę" asks; "Anuluj" leaves
    the game running, "OK" ends it. The page, and its reports, are still there after."""
    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish))
    _log_in(browser, running.url)
    _press(browser, "table-1-end")
    alert = _wait(browser, lambda d: d.switch_to.alert)
    assert "Zakończyć grę" in alert.text
    alert.dismiss()
    assert running.threads[0].is_alive() and not running.session().quit_requested
    browser.find_element("id", "table-1-end").send_keys("\n")
    alert = _wait(browser, lambda d: d.switch_to.alert)
    alert.accept()
    running.threads[0].join(timeout=20)
    assert not running.threads[0].is_alive()
    assert "Nauczyciel kończy grę. Wyniki:" in running.heard(0)
    browser.get(running.url + "reports?scope=game")
    _wait(browser, lambda d: "Gier w raporcie: 1." in d.page_source)


def test_zakoncz_lekcje_asks_first_then_ends_every_table_and_says_so(
    live: Callable[..., Live], polish: Any, browser: Any
) -> None:
    """The end of the lesson is one press for every table, confirmed first, and the page's
    news says what it did and how the games come back."""
    from selenium.webdriver.common.by import By

    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish),
                   ("rummikub", seats_of(["Ewa", "Kuba"]), 4, polish))
    _log_in(browser, running.url)
    _press(browser, "end-lesson")
    alert = _wait(browser, lambda d: d.switch_to.alert)
    assert "Zakończyć lekcję?" in alert.text
    alert.dismiss()
    assert running.session(1).playing and running.session(2).playing
    browser.find_element(By.ID, "end-lesson").send_keys("\n")
    _wait(browser, lambda d: d.switch_to.alert).accept()
    for thread in running.threads:
        thread.join(timeout=20)
        assert not thread.is_alive()
    _wait(browser, lambda d: "Koniec lekcji: 2 stoły zatrzymane" in
          d.find_element(By.ID, "news").text)
    assert "Nauczyciel kończy grę" in running.heard(0, 2)


def _heard_text(driver: Any, element: Any) -> str:
    """What a screen reader reads of ``element``: its text, less what is hidden from it."""
    return str(driver.execute_script(
        "const walk = (n) => n.nodeType === 3 ? n.textContent"
        " : (n.getAttribute && n.getAttribute('aria-hidden') === 'true') ? ''"
        " : Array.from(n.childNodes).map(walk).join('');"
        "return walk(arguments[0]);", element))


def _list_under(driver: Any, article: Any, heading: str) -> list[Any]:
    """The items of the list right after ``heading`` in ``article`` (a hand under "Karty")."""
    from selenium.webdriver.common.by import By

    found = article.find_elements(
        By.XPATH, f".//*[self::h3 or self::h5][normalize-space()='{heading}']"
                  "/following-sibling::ul[1]/li")
    return list(found)


def test_the_teachers_page_draws_every_board_and_hand_as_the_students_page_names_them(
    live: Callable[..., Live], polish: Any, browser: Any
) -> None:
    """Issue 34: the teacher sees each table's board and each seat's hand drawn as cards
    (values in corners, a premium card's own face), and a screen reader reads each card by
    the name the game gives it, as the student's page does; axe stays clean."""
    from selenium.webdriver.common.by import By

    from braille_words.speech.speaker import strip_marks

    running = live(
        ("scrabble", seats_of(["Ola", "Janek"], ["human", "computer"]), 5, polish),
        ("rummikub", seats_of(["Ola", "Janek"], ["human", "computer"]), 3, polish),
        ("seven_words", seats_of(["Ola", "Janek"], ["human", "computer"]), 3, polish),
    )
    _log_in(browser, running.url)
    _wait(browser, lambda d: _list_under(d, d.find_element(By.ID, "table-2-seat-1"),
                                         "Płytki na stojaku"))
    assert _axe(browser) == []

    # Scrabble karty: the board, a real table with its headers, drawn once for the table.
    board = browser.find_element(By.ID, "table-1").find_elements(By.TAG_NAME, "table")
    assert len(board) == 1
    assert len(board[0].find_elements(By.CSS_SELECTOR, "th[scope=col]")) == 15
    assert len(board[0].find_elements(By.CSS_SELECTOR, "th[scope=row]")) == 15
    session = running.session(1)
    for seat in range(2):
        view = session.state.view_for(seat)
        article = browser.find_element(By.ID, f"table-1-seat-{seat}")
        cards = _list_under(browser, article, "Karty")
        hand = view["hand"]
        assert len(cards) == len(hand)
        presenter = session.kit.presenter
        for k, (item, card) in enumerate(zip(cards, hand, strict=True)):
            kind = "premium" if card["premium"] else "letter"
            target = ("rack", k, kind)
            name = strip_marks(presenter.target_name(target, view, "pl") or "")
            assert _heard_text(browser, item) == name
            if card["premium"]:  # its own short face, not "premia"
                face = presenter.target_face(target, view, "pl")
                assert face and face in item.text and "premia" not in item.text
            elif card["letter"]:
                assert str(card["value"]) in item.text  # the value in its corner
    # Rummikub: each seat's rack, every tile with its one point said and drawn.
    session = running.session(2)
    for seat in range(2):
        article = browser.find_element(By.ID, f"table-2-seat-{seat}")
        tiles = _list_under(browser, article, "Płytki na stojaku")
        rack = session.state.view_for(seat)["rack"]
        assert len(tiles) == len(rack)
        for item, (_id, letter) in zip(tiles, rack, strict=True):
            shown = "joker" if letter is None else letter.upper()
            assert _heard_text(browser, item) == f"{shown} (1 punkt)"
    # 7 słów: the open cards, the same for every seat, drawn once for the table, each card
    # in its column's colour and pattern.
    _wait(browser, lambda d: _list_under(d, d.find_element(By.ID, "table-3"), "Karty"))
    cards = _list_under(browser, browser.find_element(By.ID, "table-3"), "Karty")
    assert len(cards) == len(running.session(3).state.view_for(0)["area"])
    assert all(_heard_text(browser, c) for c in cards)
    for seat in range(2):
        assert _list_under(browser, browser.find_element(By.ID, f"table-3-seat-{seat}"),
                           "Karty") == []
    assert _axe(browser) == []
    # Polish words on a Polish page: no language mark in what is drawn.
    assert browser.find_elements(By.CSS_SELECTOR, "#tables ul [lang], #tables table [lang]") == []
