"""What the student's page looks like (issue 34 §5), checked against stored screenshots: each
game at 1280×800 and 390×844, in the normal look and with the system asking for more contrast,
each compared with the picture checked in under ``tests/web/screenshots/`` (a few per cent of
pixels may differ: fonts' antialiasing, a caret). axe-core stays clean in every look.

To see a change of the page's look and take it: run this file with
``BRAILLE_WORDS_UPDATE_SHOTS=1`` (it writes the pictures instead of comparing them), look at
them, and check them in with the change. A picture missing is written and the test fails, so a
new one is never taken unseen."""

from __future__ import annotations

import base64
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.conftest import HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import axe, needs_browser, wait
from tests.web.conftest import Live, seats_of
from tests.web.test_student_browser import browser, join
from tests.web.test_teacher_browser import _log_in

__all__ = ["browser", "hosted"]

pytestmark = needs_browser

STORED = Path(__file__).parent / "screenshots"
UPDATE = bool(os.environ.get("BRAILLE_WORDS_UPDATE_SHOTS"))
SIZES = ((1280, 800), (390, 844))
LOOKS = {"normal": "no-preference", "contrast": "more"}
TOLERANCE = 0.03
"""The share of pixels that may differ (by more than a faint shade) from the stored picture."""

_DIFFERENCE = """
const [a, b, done] = arguments;
const load = (data) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i);
  i.src = "data:image/png;base64," + data; });
Promise.all([load(a), load(b)]).then(([x, y]) => {
  if (x.width !== y.width || x.height !== y.height) { done(1); return; }
  const pixels = (img) => { const c = document.createElement("canvas"); c.width = img.width;
    c.height = img.height; const g = c.getContext("2d"); g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data; };
  const p = pixels(x), q = pixels(y);
  let differ = 0;
  for (let i = 0; i < p.length; i += 4) {
    const d = Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1])
      + Math.abs(p[i + 2] - q[i + 2]);
    if (d > 48) differ += 1;
  }
  done(differ / (p.length / 4));
});
"""

GAMES = {
    "rummikub": ("rummikub", 3),
    "siedem-slow": ("seven_words", 3),
    "word-thief": ("thief", 3),
    "alicja": ("alicja", 1),
    "scrabble-karty": ("scrabble", 5),
}


def _settle(driver: Any) -> None:
    """Until the page has its areas and nothing new has come for a second and a half."""
    from selenium.webdriver.common.by import By

    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#areas section"), 60)
    last, since = -1, time.monotonic()
    end = since + 30
    while time.monotonic() < end:
        count = driver.execute_script(
            "return document.getElementById('news').childElementCount")
        if count != last:
            last, since = count, time.monotonic()
        elif time.monotonic() - since > 1.5:
            return
        time.sleep(0.2)


def _look(driver: Any, contrast: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-contrast", "value": contrast},
                     {"name": "prefers-color-scheme", "value": "light"}]})


def _size(driver: Any, width: int, height: int) -> None:
    """The page's own viewport at exactly ``width``×``height`` CSS pixels: a window of that
    size leaves less to the page (its frame and bars), and the pictures came out 1280×657."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def _compare(driver: Any, shots: dict[str, str]) -> dict[str, float]:
    """For each picture, the share of its pixels that differ from the stored one; the
    pictures written instead when asked to, or when none is stored (then counted as all
    different, so a new picture is never taken unseen). Compared in a blank page: the game's
    page allows no images from data addresses."""
    driver.get("about:blank")
    driver.set_script_timeout(120)
    found = {}
    for name, shot in shots.items():
        path = STORED / f"{name}.png"
        if UPDATE or not path.exists():
            STORED.mkdir(exist_ok=True)
            path.write_bytes(base64.b64decode(shot))
            found[name] = 0.0 if UPDATE else 1.0
            continue
        stored = base64.b64encode(path.read_bytes()).decode("ascii")
        found[name] = float(driver.execute_async_script(_DIFFERENCE, stored, shot))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_looks_as_stored_in_both_sizes_and_with_more_contrast(
    hosted: HostMaker, browser: Any, game: str
) -> None:
    name, seed = GAMES[game]
    players = "remote,computer:beginner" if name != "alicja" else \
        "remote,computer:beginner,computer:beginner"
    table = hosted(players, seed=seed, game=name)
    join(browser, table)
    _settle(browser)
    browser.execute_script("document.activeElement.blur()")  # no caret blinking in a picture
    shots = {}
    for look, contrast in LOOKS.items():
        _look(browser, contrast)
        for width, height in SIZES:
            _size(browser, width, height)
            browser.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.3)
            # nothing scrolls sideways, and the newest news is in sight without scrolling
            assert browser.execute_script(
                "return document.documentElement.scrollWidth <= window.innerWidth")
            assert browser.execute_script(
                "const box = document.getElementById('news');"
                "const n = box.lastElementChild; if (!n) return true;"
                "const top = n.getBoundingClientRect().top;"
                "return top >= box.getBoundingClientRect().top - 1"
                " && top + 16 <= Math.min(window.innerHeight,"
                " box.getBoundingClientRect().bottom)"), "the newest news is out of sight"
            shots[f"{game}-{width}x{height}-{look}"] = browser.get_screenshot_as_base64()
        assert axe(browser) == [], look
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    differences = _compare(browser, shots)
    wrong = {k: round(v, 4) for k, v in differences.items() if v > TOLERANCE}
    assert not wrong, f"differ from tests/web/screenshots/ (BRAILLE_WORDS_UPDATE_SHOTS=1): {wrong}"


def test_the_teachers_page_looks_as_stored_in_both_sizes_and_with_more_contrast(
    live: Any, polish: Any, browser: Any
) -> None:
    """The same care on the teacher's page: a Scrabble karty table with its board, every
    seat's hand."""
    running: Live = live(("scrabble", seats_of(["Ola", "Janek"], ["human", "computer"]), 5,
                          polish))
    _log_in(browser, running.url)
    wait(browser, lambda d: d.find_elements("css selector", "article.seat ul.items"))
    time.sleep(1.5)
    shots = {}
    for look, contrast in LOOKS.items():
        _look(browser, contrast)
        for width, height in SIZES:
            _size(browser, width, height)
            # The seats' hands, drawn as cards (the board above them is the student's
            # page's board, seen in its own pictures).
            browser.execute_script("document.querySelector('article.seat').scrollIntoView()")
            time.sleep(0.3)
            assert browser.execute_script(
                "return document.documentElement.scrollWidth <= window.innerWidth")
            shots[f"teacher-{width}x{height}-{look}"] = browser.get_screenshot_as_base64()
        assert axe(browser) == [], look
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    differences = _compare(browser, shots)
    wrong = {k: round(v, 4) for k, v in differences.items() if v > TOLERANCE}
    assert not wrong, f"differ from tests/web/screenshots/ (BRAILLE_WORDS_UPDATE_SHOTS=1): {wrong}"


def test_at_200_percent_zoom_nothing_scrolls_sideways(hosted: HostMaker, browser: Any) -> None:
    """A reader zooming to 200 %: the page reflows (1280 px wide is 640 CSS px), the board
    included."""
    table = hosted("remote,computer:beginner", seed=5, game="scrabble")
    join(browser, table)
    _settle(browser)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 640, "height": 400, "deviceScaleFactor": 2, "mobile": False})
    time.sleep(0.3)
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")
