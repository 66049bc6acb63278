"""7 słów (Wordsy): the best word from eight open cards (``../shared/rules/siedem-slow``).

Its parts: ``rules`` (pure), ``deck`` (cards and their values; ``data.toml`` holds ours),
``computer``, ``commands``, ``presenter``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from braille_words.games.kit import GameEntry, GameKit

if TYPE_CHECKING:
    from braille_words.games.seven_words.rules import Move, Rules, State
    from braille_words.games.seven_words.view import SevenWordsView

ID = "seven_words"
TITLE = "7 słów"
ALIASES = ("siedem-slow", "seven-words", "7-slow", "seven_words", "wordsy")
PLAYERS = (1, 6)
WORD_LANG = "pl"


def kit() -> GameKit[Rules, State, Move, SevenWordsView]:
    """The game's typed parts, imported on first use."""
    from braille_words.games.seven_words.commands import Commands
    from braille_words.games.seven_words.computer import Computer
    from braille_words.games.seven_words.deck import load_deck
    from braille_words.games.seven_words.presenter import Presenter
    from braille_words.games.seven_words.rules import (
        EVENT_KINDS,
        REASON_CODES,
        Options,
        Rules,
    )

    def make_rules(lexicon: Any, options: Mapping[str, Any]) -> Rules:
        # The deck file is read here, on the table's side, so the rules stay pure.
        opts = Options.from_json(options) if options else Options()
        return Rules(lexicon, opts, load_deck())

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
