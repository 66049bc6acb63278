"""A join link's code (``…/play#482915``, ``?code=482915``) is the seat's key: once the page
has read it, it is gone from the address bar and from the page's history entry, so the next
person at a shared browser (a school's computer room) cannot join as the student from Back or
the address bar. It stayed in the address the whole game. (A browser's list of visited pages
may still hold the first address: that is the browser's, not the page's.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.net.conftest import HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import SharedChromium, needs_browser, wait

__all__ = ["hosted"]
pytestmark = needs_browser


@pytest.fixture
def browser(shared_chromium: SharedChromium) -> Iterator[Any]:
    yield from shared_chromium.page()


def test_a_join_links_code_leaves_the_address_once_read(hosted: HostMaker,
                                                         browser: Any) -> None:
    from selenium.webdriver.common.by import By

    table = hosted("remote,computer:beginner", seed=3)
    code = table.code(0)
    browser.get(f"http://127.0.0.1:{table.host.port}/play?lang=en&code={code}")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-rack button"))
    assert code not in browser.current_url
    assert browser.current_url.endswith("/play?lang=en")
    assert code not in browser.execute_script("return location.href + history.state")
