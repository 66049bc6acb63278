"""Word Thief (Hoțul de cuvinte): English words from cards in four suits, laid and stolen
(``../shared/rules/hotul-cuvintelor.ro.txt``).

Its parts: ``rules`` (pure), ``making`` (which cards make a word, and how a stolen word fits
the thief's new ones), ``deck`` (cards and values; ``data.toml`` holds ours), ``computer``,
``commands``, ``presenter``. The words are English whatever language the messages are in.
"""

from __future__ import annotations

import functools

from braille_words.games.kit import GameEntry, make_kit

ENTRY = GameEntry("word_thief", "Word Thief", players=(2, 6), word_lang="en",
                  aliases=("word-thief", "hotul-cuvintelor", "thief", "word_thief",
                           "zlodziej-slow"),
                  load=functools.partial(make_kit, __name__, data="deck.load_deck"))
"""The game as the registry lists it; ``load`` builds its kit from this folder's modules on
first use (``kit.make_kit``)."""
