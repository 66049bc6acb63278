"""The next game from the teacher's page (issue 15): an exercise from the folder of position
files, checked against the game before the table hears of it; a fresh deal otherwise."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from braille_words.web.serve import TeacherPage
from tests.web.conftest import PASSWORD, Client, Live, seats_of


def test_the_teacher_starts_an_exercise_at_the_same_seats(
    live: Callable[..., Live], polish: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "exercises"
    folder.mkdir()
    (folder / "zaszczyt.json").write_text(
        json.dumps({"racks": ["za", "lasek"], "table": ["szczyt"]}), encoding="utf-8")
    (folder / "too-many-z.json").write_text(
        json.dumps({"racks": ["zzzzzzzzzz", "a"]}), encoding="utf-8")
    running = live(("rummikub", seats_of(["Ola", "Janek"]), 3, polish), exercises=folder)
    client = Client(running.url)
    client.login(PASSWORD)
    token = client.page_token()
    _, tables = client.request("api/tables")
    assert json.loads(tables)["exercises"] == ["too-many-z.json", "zaszczyt.json"]

    status, answer = client.control(1, {"action": "next", "exercise": "too-many-z.json"}, token)
    # Said in Polish, and blaming the file (too many Z tiles), not the game.
    assert status == 400 and answer["said"] == (
        "Ćwiczenia too-many-z.json nie da się rozłożyć w tej grze: W komplecie nie ma już "
        "płytki Z: ćwiczenie prosi o więcej takich płytek, niż ma komplet.")
    assert running.threads[0].is_alive()  # the game goes on

    first = running.session()
    status, answer = client.control(1, {"action": "next", "exercise": "zaszczyt.json"}, token)
    assert status == 200 and answer["ok"]
    running.threads[0].join(timeout=10)
    assert not running.threads[0].is_alive() and first.next_game == str(folder / "zaszczyt.json")
    assert "Nauczyciel kończy tę grę i zaczyna następną." in running.heard(0)

    page = TeacherPage(running.tables, running.server, PASSWORD, "")
    first.close()
    second = page.next_game(first)
    thread = threading.Thread(target=second.run, daemon=True)
    thread.start()
    running.threads.append(thread)
    assert second.journal is not None and first.journal is not None
    assert second.journal.path != first.journal.path
    assert [s.name for s in second.seats] == ["Ola", "Janek"]
    _, tables = client.request("api/tables")
    seats = json.loads(tables)["tables"][0]["seats"]
    assert seats[0]["rack"] == "za" and "Dostajesz 2 płytki" in seats[0]["heard"][0]
    table_line = next(line for line in seats[0]["lines"] if line["name"] == "table")
    assert "szczyt" in table_line["print"].lower()
    # "Raport z tych gier" covers the lesson: the game before the exercise and the exercise.
    status, report = client.request("reports?scope=game")
    assert status == 200 and "Gier w raporcie: 2." in report
    status, printed = client.request("reports/print?scope=game")
    assert status == 200 and "<title>Raport z tych gier</title>" in printed
