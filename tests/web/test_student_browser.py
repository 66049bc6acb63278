"""The student's page in a real browser (issue 20), used as a screen reader's user uses it:
Debian's chromium driven by Selenium, the keyboard alone, and what is said read from the live
regions as Chromium's accessibility tree gives them to a screen reader (CDP
``Accessibility.getFullAXTree``), not from the page's text. axe-core finds no violation in any
state; the focus stays where the player left it while the table moves; screenshots at 1280×800
and 390×844 are kept for review (``test-output/student-*.png``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.net.conftest import Hosted, HostMaker
from tests.net.conftest import hosted as hosted
from tests.web.browser import SHOTS, SharedChromium, axe, chrome, needs_browser, wait

__all__ = ["axe", "hosted", "wait"]
pytestmark = needs_browser


@pytest.fixture
def browser(shared_chromium: SharedChromium) -> Iterator[Any]:
    """A fresh tab of the worker's Chromium at 1280×800."""
    yield from shared_chromium.page()


def live_regions(driver: Any) -> dict[str, list[str]]:
    """What a screen reader is given in each live region ("polite", "assertive"): the text
    of every paragraph in it, from Chromium's accessibility tree."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}
    found: dict[str, list[str]] = {"polite": [], "assertive": []}
    for node in nodes:
        props = {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}
        if props.get("live") not in found:
            continue
        if node.get("parentId") in by_id and _is_live(by_id[node["parentId"]]):
            continue  # a paragraph inside the region: its region collects it
        for child in node.get("childIds", []):
            found[str(props["live"])].append(_text(by_id, child))
    return found


def _is_live(node: dict[str, Any]) -> bool:
    return any(p["name"] == "live" for p in node.get("properties", []))


def _text(by_id: dict[str, Any], node_id: str) -> str:
    node = by_id.get(node_id)
    if node is None:
        return ""
    if node.get("role", {}).get("value") in ("StaticText", "staticText"):
        return str(node.get("name", {}).get("value", ""))
    return "".join(_text(by_id, c) for c in node.get("childIds", []))


def heard(driver: Any) -> str:
    regions = live_regions(driver)
    return " ".join(regions["polite"] + regions["assertive"])


def tab_to(driver: Any, check: Callable[[Any], bool], most: int = 300) -> Any:
    """Tab until the focused element passes ``check``, as a keyboard user does."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(most):
        element = driver.switch_to.active_element
        if check(element):
            return element
        element.send_keys(Keys.TAB)
    raise AssertionError("the keyboard never reached the control")


def join(driver: Any, hosted: Hosted, seat: int = 0) -> None:
    """Open the address, Tab to the code, type it and press Enter."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver.get(f"http://127.0.0.1:{hosted.host.port}/")
    wait(driver, lambda d: d.find_elements(By.ID, "code"))
    assert axe(driver) == []
    field = tab_to(driver, lambda e: e.get_attribute("id") == "code")
    field.send_keys(hosted.code(seat), Keys.ENTER)
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "command")


def command(driver: Any, line: str) -> None:
    from selenium.webdriver.common.keys import Keys

    field = driver.switch_to.active_element
    assert field.get_attribute("id") == "command"
    field.send_keys(line, Keys.ENTER)


def shots(driver: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        driver.set_window_size(width, height)
        driver.execute_script("window.scrollTo(0, 0)")
        path = SHOTS / f"student-{name}-{width}x{height}.png"
        driver.save_screenshot(str(path))
        assert path.stat().st_size > 5_000
    driver.set_window_size(1280, 800)


def test_a_player_joins_and_plays_rummikub_to_the_end_by_keyboard_alone(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    table = hosted("remote,computer:beginner", seed=3)
    join(browser, table)
    session = table.table.session

    # The computer moves first; the player is told it is their turn, assertively.
    wait(browser, lambda d: "Twój ruch" in " ".join(live_regions(d)["assertive"]))
    assert "Ada" in " ".join(live_regions(browser)["polite"])
    assert browser.find_element(By.ID, "area-rack-heading").text == "Twoje płytki"
    assert axe(browser) == []
    shots(browser, "rummikub")

    # A tile picked with the keyboard, as a routing key picks it: Tab to it, Enter.
    tile = tab_to(browser, lambda e: e.tag_name == "button" and
                  e.find_element(By.XPATH, "./ancestor::section[1]").get_attribute("id")
                  == "area-rack")
    tile.send_keys(Keys.ENTER)
    wait(browser, lambda d: "Płytka 1" in heard(d))
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("aria-pressed") == "true")
    assert browser.switch_to.active_element == tile  # the page changed; the focus did not
    assert axe(browser) == []  # a picked tile too
    tile.send_keys(Keys.ENTER)  # routed again: the pick is dropped
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("aria-pressed") is None)

    # The review keys: Alt+Shift+1 reads the rack, Alt+Shift+0 goes to the command field.
    def review(key: str) -> None:
        ActionChains(browser).key_down(Keys.ALT).key_down(Keys.SHIFT).send_keys(key) \
            .key_up(Keys.SHIFT).key_up(Keys.ALT).perform()

    review("1")
    wait(browser, lambda d: "Stojak, 14 płytek" in heard(d))
    review("3")
    wait(browser, lambda d: "Wyniki: Gracz: 0; Ada: 6." in heard(d))
    review("2")
    wait(browser, lambda d: "Stół, 1 słowo: 1 BIODRA" in live_regions(d)["polite"][-1])
    review("5")
    wait(browser, lambda d: "Gracz" in live_regions(d)["polite"][-1]
         and "BIODRA" not in live_regions(d)["polite"][-1])
    assert browser.switch_to.active_element == tile  # reading moved nothing
    review("0")
    assert browser.switch_to.active_element.get_attribute("id") == "command"

    # A word that is not a move is refused, assertively, and the game is as it was.
    moves = session.moves_played
    command(browser, "połóż xyz")
    wait(browser, lambda d: len(live_regions(d)["assertive"]) >= 2)
    assert session.moves_played == moves

    # Then the player draws every turn until the bank is empty and everyone has passed.
    turns = 0
    while not session.state.is_over:
        wait(browser, lambda d: 0 in session.state.awaiting or session.state.is_over, 60)
        if session.state.is_over:
            break
        before = session.moves_played
        command(browser, "dobierz")
        wait(browser, lambda d, b=before: session.moves_played > b or session.state.is_over)
        assert browser.switch_to.active_element.get_attribute("id") == "command"
        turns += 1
        assert turns < 200
    wait(browser, lambda d: "Gra skończona" in d.find_element(By.ID, "status").text)
    assert "Koniec gry" in heard(browser) or "wygr" in heard(browser)
    assert axe(browser) == []
    shots(browser, "rummikub-over")
    # The page's script (sounds included) ran the whole game without an error.
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_a_wrong_code_and_another_seats_code_are_refused_and_nothing_private_arrives(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    table = hosted("remote,remote,computer:beginner", seed=3)
    join(browser, table, 0)
    wait(browser, lambda d: d.find_elements(By.ID, "area-rack"))
    mine = browser.find_element(By.ID, "area-rack").text

    other = chrome()  # a second computer's browser, a Chromium of its own
    try:
        other.get(f"http://127.0.0.1:{table.host.port}/")
        field = wait(other, lambda d: d.find_element(By.ID, "code"))
        field.send_keys("000000", Keys.ENTER)
        wait(other, lambda d: "000000" in heard(d) or "kod" in heard(d).lower())
        assert not other.find_elements(By.CSS_SELECTOR, "#area-rack button")
        assert other.find_element(By.ID, "play").get_attribute("hidden") is not None
        # The first seat's code again, while its player is there: refused.
        field.clear()
        field.send_keys(table.code(0), Keys.ENTER)
        wait(other, lambda d: "zajęte" in heard(d) or "zaj" in heard(d))
        assert not other.find_elements(By.CSS_SELECTOR, "#area-rack button")
        assert axe(other) == []
        # Forged messages from the same page: a button pressed before any code, a seat's
        # button after a wrong code, a line with a seat number. Each connection is closed
        # with a sentence, and nothing of a seat comes back.
        got = other.execute_async_script(FORGE, table.code(1)[::-1])
        # Another seat's code claims that seat, and only that seat's news reaches it.
        other.get(f"http://127.0.0.1:{table.host.port}/play#{table.code(1)}")
        wait(other, lambda d: d.find_elements(By.CSS_SELECTOR, "#area-rack button"))
        wait(browser, lambda d: "Stojak, " in heard(d))
        rack_said = next(p for p in live_regions(browser)["assertive"] if "Stojak, " in p)
        rack_said = rack_said[rack_said.index("Stojak, "):].split(".")[0]
        theirs = other.find_element(By.ID, "area-rack").text
        assert theirs != mine
        assert rack_said not in heard(other) and rack_said not in other.page_source
    finally:
        other.quit()
    kinds = {m["t"] for m in got}
    assert kinds <= {"closed", "refused"}, got
    assert len(got) >= 3
    assert browser.find_element(By.ID, "area-rack").text == mine

    # The teacher frees the first seat ("zwolnij"): its page says so and asks for the code.
    table.host.free(table.table, 0)
    wait(browser, lambda d: d.find_element(By.ID, "join").get_attribute("hidden") is None)
    assert browser.find_element(By.ID, "play").get_attribute("hidden") is not None
    assert browser.switch_to.active_element.get_attribute("id") == "code"
    assert axe(browser) == []


FORGE = """
const done = arguments[arguments.length - 1];
const wrong = arguments[0];
const url = "ws://" + location.host + "/play/ws";
const got = [];
const tries = [
  [{t: "route", page: 1, item: 0}],
  [{t: "hello", v: 1, code: wrong, lang: "pl"}, {t: "route", page: 1, item: 0}],
  [{t: "line", text: "dobierz", seat: 1}],
];
let left = tries.length;
for (const messages of tries) {
  const ws = new WebSocket(url);
  ws.onopen = () => messages.forEach((m) => ws.send(JSON.stringify(m)));
  ws.onmessage = (e) => got.push(JSON.parse(e.data));
  ws.onclose = () => { left -= 1; if (left === 0) done(got); };
}
setTimeout(() => done(got), 8000);
"""


RECORDER = """
window.__said = [];
window.__tones = 0;
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => window.__said.push([u.text, u.lang]);
  window.speechSynthesis.cancel = () => window.__said.push(["", "cancel"]);
}
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  const osc = made.call(this);
  const start = osc.start.bind(osc);
  osc.start = (at) => { window.__tones += 1; start(at); };
  return osc;
};
"""
"""What the page asks the browser's voice to say and how many tones it starts: the page's own
script runs; only the browser's voice (which headless Chromium has none of) is replaced."""


def test_the_pages_sounds_follow_their_switch_and_volume_and_self_voicing_speaks_in_polish(
    hosted: HostMaker, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    table = hosted("remote,computer:beginner", seed=3)
    join(browser, table)
    wait(browser, lambda d: "Twój ruch" in " ".join(live_regions(d)["assertive"]))
    # "Your turn" was sounded; nothing was said aloud (self-voicing is off by default).
    wait(browser, lambda d: d.execute_script("return window.__tones") > 0)
    assert browser.execute_script("return window.__said") == []

    def tones() -> int:
        return int(browser.execute_script("return window.__tones"))

    def refused() -> None:
        """A move refused (its sound comes just before its sentence)."""
        news = "return document.querySelectorAll('#news li').length"
        before = browser.execute_script(news)
        browser.find_element(By.ID, "command").send_keys("połóż xyz", Keys.ENTER)
        wait(browser, lambda d: d.execute_script(news) > before)

    browser.find_element(By.ID, "sounds").send_keys(Keys.SPACE)  # sounds off
    count = tones()
    refused()
    assert tones() == count
    browser.find_element(By.ID, "sounds").send_keys(Keys.SPACE)  # on again, volume 0
    browser.execute_script("const v = document.getElementById('volume'); v.value = 0;")
    refused()
    assert tones() == count
    browser.execute_script("const v = document.getElementById('volume'); v.value = 60;")
    refused()
    wait(browser, lambda d: tones() > count)

    # Self-voicing on: the next sentence is said by the browser's voice, in Polish.
    browser.find_element(By.ID, "self-voicing").send_keys(Keys.SPACE)
    browser.find_element(By.ID, "command").send_keys("stojak", Keys.ENTER)
    wait(browser, lambda d: any("Stojak" in text for text, _ in
                                d.execute_script("return window.__said")))
    said = browser.execute_script("return window.__said")
    assert all(lang in ("pl", "cancel") for _, lang in said), said
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_the_page_is_told_once_that_the_teacher_ended_the_game_and_stops_retrying(
    hosted: HostMaker, browser: Any
) -> None:
    import time

    from selenium.webdriver.common.by import By

    table = hosted("remote,computer:beginner", seed=3)
    join(browser, table)
    wait(browser, lambda d: "Twój ruch" in " ".join(live_regions(d)["assertive"]))
    session = table.table.session
    session.control.end_game()  # the teacher's "koniec"
    table.thread.join(10)
    table.host.table_ended(table.table)  # as 'braille-words host' does when a table stops
    ended = "Nauczyciel zakończył grę. Możesz zamknąć program."
    wait(browser, lambda d: d.find_element(By.ID, "status").text == ended)
    assert "Nauczyciel kończy grę. Wyniki:" in heard(browser)
    # The page's socket has closed when its join button is usable again: the close handler,
    # which says "łączę ponownie" before it retries, has run. Then a little more than the
    # first retry's 500 ms, for the accessibility tree and a retry's connection. (A fixed 3 s
    # before, every run.)
    wait(browser, lambda d: d.find_element(By.ID, "join-button").is_enabled())
    time.sleep(0.6)
    said = heard(browser)
    assert said.count(ended) == 1 and "ponownie" not in said.lower()
    assert not table.host._links  # nothing connected again
