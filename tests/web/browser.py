"""What the browser tests of both pages share: waiting for the page, axe-core's verdict, and a
walk with the Tab key alone."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def wait(driver: Any, check: Callable[[Any], Any], seconds: float = 20) -> Any:
    """Until `check` holds. An element the page redrew while the check read it ("stale") means
    "not yet", as an element not found does: the check runs again on the new page."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.1,
                         ignored_exceptions=(NoSuchElementException,
                                             StaleElementReferenceException)).until(check)


def axe(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
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
