"""7 słów (Wordsy): the best word from eight open cards (``../shared/rules/siedem-slow``).

Its parts: ``rules`` (pure), ``deck`` (cards and their values; ``data.toml`` holds ours),
``computer``, ``commands``, ``presenter``.
"""

from __future__ import annotations

import functools

from braille_words.games.kit import GameEntry, make_kit

ENTRY = GameEntry("seven_words", "7 słów", players=(1, 6), word_lang="pl",
                  aliases=("siedem-slow", "seven-words", "7-slow", "seven_words", "wordsy"),
                  load=functools.partial(make_kit, __name__, data="deck.load_deck"),
                  word_langs=("pl", "en"), titles={"en": "Wordsy (7 Words)"})
"""The game as the registry lists it; ``load`` builds its kit from this folder's modules on
first use (``kit.make_kit``)."""
