"""Alicja w Krainie Słów: a party game of words on a theme, never a forbidden letter
(``../shared/rules/alicja-w-krainie-slow.pl.txt``): the basic game, the advanced game with its
eight characters, the children's game and "Za mało szaleństwa?".

Its parts: ``rules`` (pure; ``state``, ``moves``, ``characters``; ``data.toml``, read by
``data``, holds our cups, letters and 60 themes), ``computer``, ``commands``, ``presenter``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from braille_words.games.kit import GameEntry, GameKit

if TYPE_CHECKING:
    from braille_words.games.alicja.rules import Move, Rules, State

ID = "alicja"
TITLE = "Alicja w Krainie Słów"
ALIASES = ("alicja", "alicja-w-krainie-slow", "alice", "wordland")
PLAYERS = (3, 8)
WORD_LANG = "pl"
DEFAULT_PLAYERS = "human,computer:medium,computer:medium"


def kit() -> GameKit[Rules, State, Move, Any]:
    """The game's typed parts, imported on first use."""
    from braille_words.games.alicja.commands import Commands
    from braille_words.games.alicja.computer import Computer
    from braille_words.games.alicja.presenter import Presenter
    from braille_words.games.alicja.rules import (
        EVENT_KINDS,
        REASON_CODES,
        Options,
        Rules,
        load_data,
    )

    def make_rules(lexicon: Any, options: Mapping[str, Any]) -> Rules:
        # The data file is read here, on the table's side, so the rules stay pure.
        opts = Options.from_json(options) if options else Options()
        return Rules(lexicon, opts, load_data())

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
        default_players=DEFAULT_PLAYERS,
    )


ENTRY = GameEntry(
    id=ID, title=TITLE, aliases=ALIASES, players=PLAYERS, word_lang=WORD_LANG, load=kit,
    default_players=DEFAULT_PLAYERS,
)
