"""Scrabble karty: a crossword of letter and premium cards on a table without premium squares
(``../shared/rules/scrabble-karty.pl.txt``; our values in ``data.toml`` and the rules README).

Its parts: ``deck`` (the cards), ``board`` (which words a move forms), ``conditions`` (the
conditional cards), ``rules`` (pure), ``position`` (a teacher's position file), ``commands``,
``presenter`` (speech and the 2-D Braille board), ``computer``; ``movegen`` finds every legal
placement for the computer and the hint.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from braille_words.games.kit import GameEntry, GameKit

if TYPE_CHECKING:
    from braille_words.games.scrabble_cards.rules import Move, Rules, State
    from braille_words.games.scrabble_cards.view import ScrabbleView

ID = "scrabble_cards"
TITLE = "Scrabble karty"
ALIASES = ("scrabble-karty", "card-scrabble", "scrabble_cards", "scrabble")
PLAYERS = (2, 4)
WORD_LANG = "pl"


def kit() -> GameKit[Rules, State, Move, ScrabbleView]:
    """The game's typed parts, imported on first use."""
    from braille_words.games.scrabble_cards.commands import Commands
    from braille_words.games.scrabble_cards.computer import Computer
    from braille_words.games.scrabble_cards.deck import load_deck
    from braille_words.games.scrabble_cards.presenter import Presenter
    from braille_words.games.scrabble_cards.rules import (
        EVENT_KINDS,
        REASON_CODES,
        Options,
        Rules,
    )

    def make_rules(lexicon: Any, options: Mapping[str, Any]) -> Rules:
        # The data file is read here, on the table's side, so the rules stay pure.
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
