"""Rummikub Słowny, Braille edition: the flagship (``../shared/rules/rummikub-slowny-braille``).

Its parts: ``rules`` (pure), ``solver`` (the declarative rebuild), ``position`` (exercises),
``computer``, ``commands``, ``presenter``, ``data.toml`` (the values the rulebook leaves out).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from braille_words.games.kit import GameEntry, GameKit

if TYPE_CHECKING:
    from braille_words.games.word_rummikub.rules import Move, Rules, State
    from braille_words.games.word_rummikub.view import RummikubView

ID = "word_rummikub"
TITLE = "Rummikub Słowny"
ALIASES = ("rummikub", "rummikub-slowny", "word-rummikub", "word_rummikub")
PLAYERS = (2, 4)
WORD_LANG = "pl"


def kit() -> GameKit[Rules, State, Move, RummikubView]:
    """The game's typed parts, imported on first use."""
    from braille_words.games.word_rummikub.commands import Commands
    from braille_words.games.word_rummikub.computer import Computer
    from braille_words.games.word_rummikub.presenter import Presenter
    from braille_words.games.word_rummikub.rules import (
        EVENT_KINDS,
        REASON_CODES,
        Options,
        Rules,
    )
    from braille_words.games.word_rummikub.settings import default_settings

    def make_rules(lexicon: Any, options: Mapping[str, Any]) -> Rules:
        # The table reads the data file and hands the values in; the rules read nothing.
        settings = default_settings()
        return Rules(lexicon, Options.from_json(options) if options else Options(), settings)

    return GameKit(
        id=ID,
        title=TITLE,
        aliases=ALIASES,
        word_lang=WORD_LANG,
        players=PLAYERS,
        make_rules=make_rules,
        commands=Commands(),
        computer=Computer(),
        presenter=Presenter(word_lang=WORD_LANG),
        event_kinds=EVENT_KINDS,
        reason_codes=REASON_CODES,
    )


ENTRY = GameEntry(
    id=ID, title=TITLE, aliases=ALIASES, players=PLAYERS, word_lang=WORD_LANG, load=kit
)
