"""Fixtures shared by the sound and speech tests: virtual per-seat outputs that record what
was played (see braille_words.audio.virtual)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from braille_words.audio.virtual import VirtualOutputs

settings.register_profile("thorough", max_examples=500)
"""``pytest --hypothesis-profile thorough`` (a nightly run): every property and state-machine
test that does not fix its own count plays 500 examples instead of Hypothesis' 100, which
keeps ``bash setup.sh test`` within its ten minutes on two cores."""

SLOWEST_FIRST = (
    "tests/games/test_word_thief_finder.py",
    "tests/table/test_journal_one_program.py",
    "tests/table/test_reader_pace.py",
    "tests/table/test_full_disk.py",
    "tests/games/test_word_rummikub_invariants.py",
    "tests/games/test_alicja_table.py",
    "tests/test_benchmarks.py",
    "tests/table/test_deafblind_game.py",
    "tests/games/test_seven_words_ai.py",
    "tests/games/test_computer_any_rack.py",
    "tests/games/test_common_words.py",
    "tests/games/test_word_rummikub_ai.py",
    "tests/table/test_cli_options.py",
    "tests/fuzz/test_cli_fuzz.py",
    "tests/table/test_journal_never_overwritten.py",
    "tests/golden/",
    "tests/net/test_protocol.py",
    "tests/net/test_resume.py",
)
"""Where the longest tests are, longest first (measured with ``--durations``, 20 s to 4 min
each on a busy machine): under xdist they are handed out first, so that no worker is left
running one of them alone at the end while the other idles. (A group, the page tests', is
handed out before any single test anyway.)"""

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under xdist (each worker collects the same, so each sorts the same), the tests of
    ``SLOWEST_FIRST`` come first, in that order; the rest keep their order."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return

    def rank(item: pytest.Item) -> int:
        return next((i for i, where in enumerate(SLOWEST_FIRST)
                     if item.nodeid.startswith(where)), len(SLOWEST_FIRST))

    items.sort(key=rank)


@pytest.fixture
def outputs(tmp_path: Path) -> VirtualOutputs:
    """Two seat outputs, seat0 (also the default) and seat1, recording into tmp_path."""
    return VirtualOutputs.create(tmp_path / "alsa-home", ("seat0", "seat1"))


@pytest.fixture
def direct_outputs(tmp_path: Path) -> VirtualOutputs:
    """Outputs with no pipe between the device and its file: a file's size is what was played
    (each opening of the device starts its file afresh)."""
    return VirtualOutputs.create(tmp_path / "alsa-direct", ("seat0",), append=False)


@pytest.fixture
def no_sound_card(tmp_path: Path) -> VirtualOutputs:
    return VirtualOutputs.none(tmp_path / "no-card")


@pytest.fixture(scope="session")
def english() -> Any:
    """The compiled English lexicon (Word Thief's words), built by the set-up."""
    from braille_words.lexicon import get_lexicon

    try:
        return get_lexicon("en")
    except Exception as exc:
        pytest.skip(f"the English lexicon is not built ({exc}); run braille-words lexicon build")


@pytest.fixture(scope="session")
def polish() -> Any:
    """The compiled Polish lexicon every game test plays with (built by the set-up)."""
    from braille_words.lexicon import get_lexicon

    try:
        return get_lexicon("pl")
    except Exception as exc:
        pytest.skip(f"the Polish lexicon is not built ({exc}); run braille-words lexicon build")


@pytest.fixture
def thief_at_display(tmp_path: Path, english: Any) -> Iterator[Callable[[int], tuple[Any, Any]]]:
    """A Word Thief table where Ola plays a computer, her seat on a display of the ``cells``
    given (14: what a short display shows; 40: a long one), seed 3, her turn told: what the
    short- and long-display tests of Word Thief route and read on. Closed after the test."""
    from braille_words.displays.base import Display
    from braille_words.games.registry import find_game
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seats import SeatConfig

    made: list[Any] = []

    def make(cells: int) -> tuple[Any, Any]:
        out = SeatOutput(name="Ola", lang="pl", verbosity="beginner", display=Display(cells))
        seats = [SeatConfig(name="Ola", display="none", speech="none"),
                 SeatConfig(name="Komputer", kind="computer", display="none", speech="none")]
        session = new_session(
            find_game("thief"), seats, seed=3, journal_path=tmp_path / f"g{len(made)}.jsonl",
            lexicon=english,
            outputs=[out, SeatOutput(name="K", lang="pl", verbosity="beginner")])
        made.append(session)
        session._prompt()
        session.pump()
        return session, out

    yield make
    for session in made:
        session.close()


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[Any]:
    """One Chromium for every page test a worker runs (each test gets a fresh tab of it, see
    ``tests.web.browser.SharedChromium``); started at the first page test, quit at the end."""
    from tests.web.browser import SharedChromium

    shared = SharedChromium()
    try:
        yield shared
    finally:
        shared.quit()
