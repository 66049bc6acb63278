"""The end of the lesson on the teacher's page: one announced action for every table (not a
"Zakończ grę" per table, each confirmed), the students told, the games saved and resumable,
and the teacher told how they come back."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from braille_words.table import journal as journal_mod
from tests.web.conftest import PASSWORD, Client, Live, seats_of


def _end_lesson(client: Client, token: str | None) -> tuple[int, dict[str, Any]]:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["X-Page-Token"] = token
    status, said = client.request("api/lesson/end", b"{}", headers)
    return status, json.loads(said)


def _stopped(running: Live, seconds: float = 10) -> bool:
    for thread in running.threads:
        thread.join(seconds)
    return not any(thread.is_alive() for thread in running.threads)


def test_ending_the_lesson_ends_every_table_at_once_saved_and_said(
    live: Callable[..., Live], polish: Any
) -> None:
    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish),
                   ("rummikub", seats_of(["Ewa", "Kuba"]), 4, polish))
    client = Client(running.url)
    assert client.login(PASSWORD)[0] == 200
    status, page = client.request("")
    assert 'id="end-lesson"' in page and "Zakończ lekcję (wszystkie stoły)" in page
    status, answer = _end_lesson(client, client.page_token())
    assert status == 200 and answer["ok"]
    assert answer["said"].startswith("Koniec lekcji: 2 stoły zatrzymane, gry zapisane")
    assert "„braille-words resume”" in answer["said"]
    assert _stopped(running)
    for number in (1, 2):
        for seat in (0, 1):
            assert "Nauczyciel kończy grę" in running.heard(seat, number)
        path = running.session(number).journal.path  # type: ignore[union-attr]
        assert not journal_mod.read(path).finished  # saved as it stood: resumable
    # Pressed again, it says there is nothing left to end.
    status, answer = _end_lesson(client, client.page_token())
    assert status == 409 and answer["said"] == "Żaden stół już nie gra: lekcja jest zakończona."


def test_the_end_of_the_lesson_needs_the_pages_token(
    live: Callable[..., Live], polish: Any
) -> None:
    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish))
    client = Client(running.url)
    assert client.login(PASSWORD)[0] == 200
    status, _ = _end_lesson(client, None)
    assert status == 403
    time.sleep(0.3)
    assert running.session().playing


def test_the_end_of_the_lesson_is_said_in_english_on_an_english_page(
    live: Callable[..., Live], english: Any
) -> None:
    running = live(("rummikub", seats_of(["Ola", "Jack"], lang="en"), 3, english))
    client = Client(running.url)
    assert client.login(PASSWORD)[0] == 200
    status, page = client.request("")
    assert "End the lesson (every table)" in page
    status, answer = _end_lesson(client, client.page_token())
    assert status == 200
    assert answer["said"].startswith("The lesson is over: 1 table stopped, the games saved")

