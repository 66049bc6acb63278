"""The student's page at a shared browser (a school's computer room): once a student's game has
ended, the next person at the browser must not find the student's rack, news or name by Back
or by reloading the page, nor take the student's seat from a page the browser kept whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.net.conftest import Hosted, HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import SharedChromium, needs_browser, wait
from tests.web.test_student_browser import join, live_regions

__all__ = ["hosted"]
pytestmark = needs_browser


@pytest.fixture
def browser(shared_chromium: SharedChromium) -> Iterator[Any]:
    yield from shared_chromium.page()


def _seen(driver: Any) -> dict[str, Any]:
    """What of the student the page holds, and whether it is the same page (its script's
    memory) or a new one."""
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
    return dict(driver.execute_script(
        "return {rack: document.querySelectorAll('#area-rack button').length,"
        " news: document.getElementById('news').textContent,"
        " heard: document.getElementById('polite').textContent"
        "  + document.getElementById('assertive').textContent,"
        " play: !document.getElementById('play').hidden,"
        " same_page: window.__student === 1};"))


def _played_and_ended(hosted: HostMaker, browser: Any) -> Hosted:
    """A student's game on the page, ended by the teacher; the page still shows it."""
    from selenium.webdriver.common.by import By

    table = hosted("remote,computer:beginner", seed=3)
    join(browser, table)
    wait(browser, lambda d: "Twój ruch" in " ".join(live_regions(d)["assertive"]))
    table.table.session.control.end_game()
    table.thread.join(10)
    table.host.table_ended(table.table)
    wait(browser, lambda d: d.find_element(By.ID, "status").text != "")
    browser.execute_script("window.__student = 1;")
    shown = _seen(browser)
    assert shown["rack"] and "Stojak" in shown["news"] and shown["same_page"]
    return table


NOTHING = {"rack": 0, "news": "", "heard": "", "play": False, "same_page": False}


def test_back_and_reload_after_the_game_show_nothing_of_the_student(
        hosted: HostMaker, browser: Any) -> None:
    table = _played_and_ended(hosted, browser)
    browser.get(f"http://127.0.0.1:{table.host.port}/play?lang=en")  # the next person's page
    browser.back()
    assert _seen(browser) == NOTHING
    browser.refresh()
    assert _seen(browser) == NOTHING


def test_a_page_the_browser_kept_for_back_comes_back_as_a_new_page(
        hosted: HostMaker, browser: Any) -> None:
    """Chromium keeps no page sent with 'no-store' for Back; other browsers may. The page
    leaves with nothing of the student on it, and a kept page shown again is fetched anew.
    (The browser's own events, as it sends them when it keeps a page and shows it again.)"""
    _played_and_ended(hosted, browser)
    browser.execute_script(
        "window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}));")
    hidden = _seen(browser)
    assert {k: hidden[k] for k in ("rack", "news", "heard", "play")} == {
        "rack": 0, "news": "", "heard": "", "play": False}
    browser.execute_script(
        "window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}));")
    wait(browser, lambda d: not d.execute_script("return window.__student === 1"))
    assert _seen(browser) == NOTHING
