"""A real table: the compiled Polish lexicon, real rules, seats whose outputs are transcripts."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from braille_words.table.kit import find_game
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig
from braille_words.table.session import Session


@pytest.fixture(scope="session")
def polish() -> Any:
    from braille_words.lexicon import get_lexicon

    try:
        return get_lexicon("pl")
    except Exception as exc:
        pytest.skip(f"the Polish lexicon is not built ({exc}); run braille-words lexicon build")


MakeTable = Callable[..., tuple[Session, list[io.StringIO]]]


@pytest.fixture
def make_table(tmp_path: Path, polish: Any) -> MakeTable:
    """A session whose seats each write to their own transcript (and nothing else)."""

    def make(
        kinds: Sequence[str] = ("human", "human"),
        *,
        seed: int = 3,
        game: str = "rummikub",
        options: dict[str, Any] | None = None,
        outputs: list[SeatOutput] | None = None,
    ) -> tuple[Session, list[io.StringIO]]:
        seats = [
            SeatConfig(name=f"Gracz{i + 1}", kind=k, display="none", speech="none")
            for i, k in enumerate(kinds)
        ]
        streams = [io.StringIO() for _ in seats]
        if outputs is None:
            outputs = [
                SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=streams[i])
                for i, s in enumerate(seats)
            ]
        session = new_session(
            find_game(game),
            seats,
            seed=seed,
            options=options,
            journal_path=tmp_path / "game.jsonl",
            lexicon=polish,
            outputs=outputs,
        )
        return session, streams

    return make
