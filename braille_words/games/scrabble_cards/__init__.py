"""Scrabble karty: a crossword of letter and premium cards on a table without premium squares
(``../shared/rules/scrabble-karty.pl.txt``; our values in ``data.toml`` and the rules README).

Its parts: ``deck`` (the cards), ``board`` (which words a move forms), ``conditions`` (the
conditional cards), ``rules`` (pure), ``position`` (a teacher's position file), ``commands``,
``presenter`` (speech and the 2-D Braille board), ``computer``; ``movegen`` finds every legal
placement for the computer and the hint.
"""

from __future__ import annotations

import functools

from braille_words.games.kit import GameEntry, make_kit

ENTRY = GameEntry("scrabble_cards", "Scrabble karty", players=(2, 4), word_lang="pl",
                  aliases=("scrabble-karty", "card-scrabble", "scrabble_cards", "scrabble"),
                  load=functools.partial(make_kit, __name__, data="deck.load_deck"),
                  word_langs=("pl", "en"), titles={"en": "Card Scrabble"})
"""The game as the registry lists it; ``load`` builds its kit from this folder's modules on
first use (``kit.make_kit``)."""
