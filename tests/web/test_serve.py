"""``serve_teacher_page`` listens where it is told (``127.0.0.1`` unless a ``--web-host`` says
otherwise), prints the address it really has, and the password opens it there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from braille_words.web.serve import serve_teacher_page
from tests.web.conftest import Client, seats_of, table_session


def test_the_page_listens_on_the_address_it_is_given(
    tmp_path: Path, polish: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    session, _ = table_session(tmp_path, polish, "rummikub", seats_of(["Ola", "Janek"]), 3,
                               "g.jsonl")
    page = serve_teacher_page(session, 0, None, host="127.0.0.2")  # loopback, not the default
    try:
        assert page.server.url.startswith("http://127.0.0.2:")
        printed = capsys.readouterr().out
        assert f"Strona nauczyciela: {page.server.url} — hasło: {page.password}" in printed
        teacher = Client(page.server.url)
        assert teacher.login(page.password)[0] == 200
        assert "Ola" in teacher.request("api/tables")[1]
    finally:
        page.stop()
        session.close()
