"""A finished game read back: its public history and its result, from the journal alone.

A deafblind player may not have read the last sentences before the program closed, and a
teacher wants to see how a lesson's game went. The journal holds the deal and every move, so
the game is replayed and each public event is said again, in the reader's language; nothing
private (a rack, a drawn tile, a secret word before it was shown) is repeated.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from braille_words.errors import BrailleWordsError
from braille_words.games.base import Event
from braille_words.games.registry import find_game
from braille_words.present.messages import render, text
from braille_words.table import journal as journal_mod
from braille_words.table.launch import _deal, latest_finished_journal, load_lexicon
from braille_words.table.seats import SeatConfig


def game_results(path: Path | None, lang: str = "pl", verbosity: str = "beginner") -> list[str]:
    """The public history of a finished game, one sentence a line, then its result."""
    if path is None:
        path = latest_finished_journal()
        if path is None:
            raise BrailleWordsError(text(lang, "no_finished_game"))
    record = journal_mod.read(path)
    kit = find_game(record.header.game, record.header.words)
    seats = [SeatConfig.from_json(s) for s in record.header.seats]
    names = [s.name for s in seats]
    lexicon = load_lexicon(kit.word_lang)
    rules, state, events = _deal(kit, lexicon, record.header.options, names, record.header.seed)

    def public(batch: Sequence[Event]) -> list[str]:
        said = []
        for event in batch:
            if event.to is not None:
                continue
            params = dict(event.params)
            params.update(kit.presenter.event_params(event.kind, params, -1, names, lang))
            params.setdefault("word_lang", kit.word_lang)
            line = render(lang, kit.id, kit.presenter.event_key(event.kind), params,
                          verbosity=verbosity,
                          fallback=kit.event_template(event.kind))
            if line:
                said.append(line)
        return said

    lines = public(events)
    for entry in record.entries:
        awaited = [names[s] for s in sorted(state.awaiting) if 0 <= s < len(names)]
        state, events = rules.apply(state, entry.seat, rules.move_from_json(entry.move))
        if entry.by == "skip":
            # Read as the table told it: the teacher's skip, not the player's pass or
            # time-up the skip was played as. (A journal from before the mark saved a
            # Scrabble karty skip as a plain pass: it reads as one, as nothing tells it apart.)
            lines.append(text(lang, "skipped", verbosity, names=awaited))
            events = kit.presenter.skipped(events)
        lines += public(events)
    if not state.is_over:
        lines.append(text(lang, "game_not_over", path=path))
    else:
        lines.append(kit.presenter.final(state.result(), lang, names, -1))
    return lines
