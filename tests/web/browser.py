"""What the browser tests of both pages share: waiting for the page, axe-core's verdict, and a
walk with the Tab key alone."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("BRAILLE_WORDS_AXE",
                          ROOT / ".test-tools/node_modules/axe-core/axe.min.js"))
CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
SHOTS = ROOT / "test-output"

needs_browser = [
    pytest.mark.skipif(
        not (CHROMIUM and DRIVER and AXE.is_file()),
        reason="needs Debian's chromium and chromium-driver and axe-core (bash setup.sh test)",
    ),
    # One browser at a time (setup.sh runs pytest with --dist loadgroup): two Chromiums
    # beside the rest of the suite on two cores made the page tests' waits run out.
    pytest.mark.xdist_group("browser"),
    # A real browser's page races the table's news now and then (a press on a page that was
    # just redrawn is refused, and the player presses again): a page test that loses such a
    # race runs again, up to twice, and pytest's summary says so ("rerun").
    pytest.mark.flaky(reruns=2),
]


ARGS = ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
        "--lang=pl", "--disable-gpu")
"""How every page test's Chromium runs: headless, Polish, at 1280×800."""
ACCESSIBLE = "--force-renderer-accessibility"
"""The student's page tests read the live regions from the accessibility tree: their Chromium
builds it whether or not a screen reader asks."""


def chrome(accessibility: bool = True) -> Any:
    """A Chromium of its own, driven by chromium-driver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (*ARGS, ACCESSIBLE) if accessibility else ARGS:
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


class SharedChromium:
    """One Chromium of each kind (with the accessibility tree built or not) for all the page
    tests of a worker, each test in a fresh tab of it.

    Starting Chromium took 2-4 s a test (and quitting it more) on two busy cores, as long as
    many a page test itself. What a test could leave behind for the next is cleared instead:
    the tab goes (with its script, its injected scripts and its emulated media and sizes),
    the cookies, storage and cache of every address it visited go, the console log is read
    empty, the window is 1280×800 again and the script timeout its default. A Chromium that
    stopped answering is replaced."""

    def __init__(self) -> None:
        self.drivers: dict[bool, Any] = {}

    def page(self, accessibility: bool = True) -> Iterator[Any]:
        driver = self._alive(accessibility)
        driver.set_window_size(1280, 800)
        driver.get_log("browser")  # what an earlier test's page said is not this test's
        try:
            yield driver
        finally:
            self._clear(accessibility)

    def _alive(self, accessibility: bool) -> Any:
        driver = self.drivers.get(accessibility)
        if driver is not None:
            try:
                driver.current_window_handle  # noqa: B018 (asks the browser)
            except Exception:
                self._quit(accessibility)
                driver = None
        if driver is None:
            driver = self.drivers[accessibility] = chrome(accessibility)
        return driver

    def _clear(self, accessibility: bool) -> None:
        driver = self.drivers.get(accessibility)
        if driver is None:
            return
        try:
            history = driver.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]
            origins = {f"{u.scheme}://{u.netloc}" for u in map(urlsplit, (
                e["url"] for e in history)) if u.scheme in ("http", "https")}
            old = driver.window_handles
            driver.switch_to.new_window("tab")
            fresh = driver.current_window_handle
            for handle in old:
                driver.switch_to.window(handle)
                driver.close()
            driver.switch_to.window(fresh)
            driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            for origin in sorted(origins):
                driver.execute_cdp_cmd("Storage.clearDataForOrigin",
                                       {"origin": origin, "storageTypes": "all"})
            driver.set_script_timeout(30)
            driver.get_log("browser")
        except Exception:
            self._quit(accessibility)  # a browser that cannot be cleared is not used again

    def _quit(self, accessibility: bool) -> None:
        driver = self.drivers.pop(accessibility, None)
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()

    def quit(self) -> None:
        for accessibility in list(self.drivers):
            self._quit(accessibility)


def wait(driver: Any, check: Callable[[Any], Any], seconds: float = 20) -> Any:
    """Until `check` holds. An element the page redrew while the check read it ("stale") means
    "not yet", as an element not found does: the check runs again on the new page."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.1,
                         ignored_exceptions=(NoSuchElementException,
                                             StaleElementReferenceException)).until(check)


def named(driver: Any, root: str, css: str, name: str) -> Any:
    """The first element matching ``css`` (inside the element ``root``) whose accessible name
    is ``name``, as Chromium computes it for a screen reader, or None.

    Chromium's accessibility tree is asked once for the elements of that name under ``root``,
    instead of asking each element its ``accessible_name``: a board's 225 squares took a round
    trip each, seconds a look. The element found says its name once more (the page may have
    been drawn anew in between), as the element-by-element look did."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(3):
        place = _place_of_name(driver, root, css, name)
        if place is None:
            return None
        elements = driver.find_elements(By.CSS_SELECTOR, css)
        try:
            if place < len(elements) and elements[place].accessible_name == name:
                return elements[place]
        except StaleElementReferenceException:
            pass
    return None


def _place_of_name(driver: Any, root: str, css: str, name: str) -> int | None:
    """Where, among the elements matching ``css``, the first one named ``name`` is."""
    import json

    found = driver.execute_cdp_cmd("Runtime.evaluate", {
        "expression": f"document.querySelector({json.dumps(root)})"})["result"]
    if "objectId" not in found:
        return None
    nodes = driver.execute_cdp_cmd("Accessibility.queryAXTree", {
        "objectId": found["objectId"], "accessibleName": name})["nodes"]
    places = []
    for node in nodes:
        if "backendDOMNodeId" not in node:
            continue
        element = driver.execute_cdp_cmd("DOM.resolveNode", {
            "backendNodeId": node["backendDOMNodeId"]})["object"]
        place = driver.execute_cdp_cmd("Runtime.callFunctionOn", {
            "objectId": element["objectId"], "returnByValue": True,
            "functionDeclaration": "function (css) { return Array.from("
                                   "document.querySelectorAll(css)).indexOf(this); }",
            "arguments": [{"value": css}]})["result"].get("value", -1)
        if place >= 0:
            places.append(place)
    return min(places) if places else None


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def axe(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now. axe-core is put into a page once (half
    a megabyte of script, parsed on every call before): a page it is in runs it again."""
    if not driver.execute_script("return typeof window.axe === 'object'"
                                 " && typeof window.axe.run === 'function'"):
        driver.execute_script(_axe_source())
    violations: list[dict[str, Any]] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(r.violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' '))}))));"
    )
    return violations


def tab_walk(driver: Any, most: int) -> list[Any]:
    """Every element the Tab key reaches from the focused one, until it comes round again."""
    from selenium.webdriver.common.keys import Keys

    reached: list[Any] = []
    for _ in range(most):
        element = driver.switch_to.active_element
        if element in reached:
            break
        reached.append(element)
        element.send_keys(Keys.TAB)
    return reached
