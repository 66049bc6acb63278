"""Word Thief (Hoțul de cuvinte): English words from cards in four suits, laid and stolen
(``../shared/rules/hotul-cuvintelor.ro.txt``).

Its parts: ``rules`` (pure), ``making`` (which cards make a word, and how a stolen word fits
the thief's new ones), ``deck`` (cards and values; ``data.toml`` holds ours), ``computer``,
``commands``, ``presenter``. The words are English whatever language the messages are in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from braille_words.games.kit import GameEntry, GameKit

if TYPE_CHECKING:
    from braille_words.games.word_thief.rules import Move, Rules, State
    from braille_words.games.word_thief.view import WordThiefView

ID = "word_thief"
TITLE = "Word Thief"
ALIASES = ("word-thief", "hotul-cuvintelor", "thief", "word_thief", "zlodziej-slow")
PLAYERS = (2, 6)
WORD_LANG = "en"


def kit() -> GameKit[Rules, State, Move, WordThiefView]:
    """The game's typed parts, imported on first use."""
    from braille_words.games.word_thief.commands import Commands
    from braille_words.games.word_thief.computer import Computer
    from braille_words.games.word_thief.deck import load_deck
    from braille_words.games.word_thief.presenter import Presenter
    from braille_words.games.word_thief.rules import EVENT_KINDS, REASON_CODES, Options, Rules

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
