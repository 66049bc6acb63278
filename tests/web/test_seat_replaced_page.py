"""The teacher's page seats another student at a seat mid-game, as the console's ``zamiana``
does (the report then credits each student with their own moves)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.web.conftest import PASSWORD, Client, Live, seats_of


def test_the_page_seats_another_student_at_a_seat_and_refuses_no_name_or_the_seats_own(
    live: Callable[..., Live], polish: Any
) -> None:
    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish))
    client = Client(running.url)
    assert client.login(PASSWORD)[0] == 200
    token = client.page_token()
    status, answer = client.control(1, {"action": "replace", "seat": 0, "name": " "}, token)
    assert status == 409 and "Nie mogę posadzić „—”" in answer["said"]
    status, answer = client.control(1, {"action": "replace", "seat": 0, "name": "Ola"}, token)
    assert status == 409 and "Nie mogę posadzić „Ola”" in answer["said"]
    status, answer = client.control(1, {"action": "replace", "seat": 0, "name": " Kasia "},
                                    token)
    assert status == 200 and "Kasia gra teraz na miejscu, na którym grał(a) Ola." in (
        answer["said"])
    for _ in range(50):
        if running.session().seats[0].name == "Kasia":
            break
        time.sleep(0.1)
    assert running.session().seats[0].name == "Kasia"
    assert "Zmiana gracza" in running.heard(1)


def test_the_page_seats_nobody_at_the_computers_own_seat_and_says_why(
    live: Callable[..., Live], polish: Any
) -> None:
    seats = seats_of(["Ola", "Janek", "Komputer"], kinds=["human", "human", "computer"])
    running = live(("rummikub", seats, 3, polish))
    client = Client(running.url)
    assert client.login(PASSWORD)[0] == 200
    token = client.page_token()
    status, answer = client.control(1, {"action": "replace", "seat": 2, "name": "Kasia"}, token)
    assert status == 409 and answer["said"].startswith(
        "Na miejscu „Komputer” gra komputer z listy, nie uczeń")
    status, answer = client.control(1, {"action": "replace", "seat": 0, "name": "komputer"},
                                    token)
    assert status == 409 and "„komputer” to komputer, nie uczeń" in answer["said"]
    assert [s.name for s in running.session().seats] == ["Ola", "Janek", "Komputer"]
