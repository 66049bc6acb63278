"""Alicja w Krainie Słów: a party game of words on a theme, never a forbidden letter
(``../shared/rules/alicja-w-krainie-slow.pl.txt``): the basic game, the advanced game with its
eight characters, the children's game and "Za mało szaleństwa?".

Its parts: ``rules`` (pure; ``state``, ``moves``, ``characters``; ``data.toml``, read by
``data``, holds our cups, letters and 60 themes), ``computer``, ``commands``, ``presenter``.
"""

from __future__ import annotations

import functools

from braille_words.games.kit import GameEntry, make_kit

ENTRY = GameEntry("alicja", "Alicja w Krainie Słów", players=(3, 8), word_lang="pl",
                  aliases=("alicja", "alicja-w-krainie-slow", "alice", "wordland"),
                  default_players="human,computer:medium,computer:medium",
                  load=functools.partial(make_kit, __name__, data="rules.load_data"),
                  word_langs=("pl", "en"), titles={"en": "Alice in Wordland"})
"""The game as the registry lists it; ``load`` builds its kit from this folder's modules on
first use (``kit.make_kit``)."""
