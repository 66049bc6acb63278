"""Rummikub Słowny, Braille edition: the flagship (``../shared/rules/rummikub-slowny-braille``).

Its parts: ``rules`` (pure), ``solver`` (the declarative rebuild), ``position`` (exercises),
``computer``, ``commands``, ``presenter``, ``data.toml`` (the values the rulebook leaves out).
"""

from __future__ import annotations

import functools

from braille_words.games.kit import GameEntry, make_kit

ENTRY = GameEntry("word_rummikub", "Rummikub Słowny", players=(2, 4), word_lang="pl",
                  aliases=("rummikub", "rummikub-slowny", "word-rummikub", "word_rummikub"),
                  load=functools.partial(make_kit, __name__, data="settings.default_settings"),
                  word_langs=("pl", "en"), titles={"en": "Word Rummikub"})
"""The game as the registry lists it; ``load`` builds its kit from this folder's modules on
first use (``kit.make_kit``)."""
