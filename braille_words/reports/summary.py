"""What each student did, read from journals and the activity logs beside them.

A journal is replayed (the rules are deterministic) so each accepted move's events say which
words it laid or said, and by whom; the activity log adds the time each move took, the hints
asked for, the commands used and the lines refused with what the student was told. Journals
are only read. A journal that cannot be read is named in ``skipped`` and the others are
reported: one damaged file must not hide a term's work.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError
from braille_words.games.base import Event
from braille_words.games.registry import find_game
from braille_words.table import journal as journal_mod
from braille_words.table.activity import read_activity
from braille_words.table.records import is_forgotten

NOT_LAID = frozenset({
    "word_unknown", "word_family_warning", "vote_result", "challenged", "word_locked",
    "victim_loses", "vote_opened", "vote_cast",
})
"""Events that name a word without the mover laying or saying it (a warning, a vote)."""


@dataclass
class StudentReport:
    """One student over the journals read."""

    name: str
    games: int = 0
    moves: int = 0
    words: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    hints: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)
    """(what the student tried, the sentence that refused it)."""
    commands: Counter[str] = field(default_factory=Counter)

    @property
    def longest(self) -> str:
        return max(self.words, key=len, default="")

    @property
    def average_seconds(self) -> float | None:
        return sum(self.seconds) / len(self.seconds) if self.seconds else None

    def top_commands(self, count: int = 3) -> list[tuple[str, int]]:
        return sorted(self.commands.items(), key=lambda kv: (-kv[1], kv[0]))[:count]


@dataclass
class ClassReport:
    students: list[StudentReport]
    games: int
    skipped: list[str] = field(default_factory=list)
    """A sentence for each journal that could not be read."""


def class_journals(folder: Path) -> list[Path]:
    """Every game journal in a folder (its activity logs are read beside them)."""
    return sorted(p for p in folder.glob("*.jsonl") if p.is_file())


def _words_of(events: Iterable[Event], seat: int) -> list[str]:
    """The words one move of ``seat`` laid or said, each once, as the events name them."""
    found: list[str] = []
    for event in events:
        if event.kind in NOT_LAID:
            continue
        owner = event.params.get("seat", event.to)
        if owner != seat:
            continue
        named: list[Any] = []
        word = event.params.get("word")
        if isinstance(word, str):
            named.append(word)
        words = event.params.get("words")
        if isinstance(words, str):
            named.append(words)
        elif isinstance(words, list | tuple):
            named.extend(w for w in words if isinstance(w, str))
        for w in named:
            if w and w not in found:
                found.append(w)
    return found


def _lexicon(lang: str, cache: dict[str, Any]) -> Any:
    if lang not in cache:
        from braille_words.table.launch import load_lexicon

        cache[lang] = load_lexicon(lang)
    return cache[lang]


_MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError)


def build_report(journals: Sequence[Path], lexicons: dict[str, Any] | None = None) -> ClassReport:
    """Every student of these journals, by name (a name is a student across games)."""
    from braille_words.table.launch import _deal

    lexicons = {} if lexicons is None else lexicons
    students: dict[str, StudentReport] = {}
    skipped: list[str] = []
    games = 0
    for path in journals:
        try:
            record = journal_mod.read(path)
            kit = find_game(record.header.game)
            names = [str(s.get("name", f"{i + 1}")) for i, s in enumerate(record.header.seats)]
            rules, state, _ = _deal(kit, _lexicon(kit.word_lang, lexicons),
                                    record.header.options, names, record.header.seed)
            laid: dict[int, list[str]] = {}
            for entry in record.entries:
                state, events = rules.apply(state, entry.seat, rules.move_from_json(entry.move))
                laid.setdefault(entry.seat, []).extend(_words_of(events, entry.seat))
        except (BrailleWordsError, *_MALFORMED) as exc:
            skipped.append(f"{path}: {exc}")
            continue
        games += 1
        humans = [i for i, s in enumerate(record.header.seats)
                  if s.get("kind") == "human" and not is_forgotten(record.settings, i)]
        for seat in humans:
            student = students.setdefault(names[seat], StudentReport(names[seat]))
            student.games += 1
            student.moves += sum(1 for e in record.entries if e.seat == seat)
            student.words.extend(laid.get(seat, []))
        started: dict[int, float] = {}
        for act in read_activity(path):
            if act.seat not in humans:
                continue
            student = students[names[act.seat]]
            if act.kind == "turn":
                started[act.seat] = act.at
            elif act.kind == "move":
                begun = started.pop(act.seat, None)
                if begun is not None and act.at >= begun:
                    student.seconds.append(act.at - begun)
            elif act.kind == "hint":
                student.hints += 1
            elif act.kind == "command" and act.what:
                student.commands[act.what] += 1
            elif act.kind == "refused":
                student.refused.append((act.what, act.why))
    return ClassReport(sorted(students.values(), key=lambda s: s.name.lower()), games, skipped)
