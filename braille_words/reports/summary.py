"""What each student did, read from journals and the activity logs beside them.

A journal is replayed (the rules are deterministic) so each accepted move's events say which
words it laid or said, and by whom (the game's presenter reads them: ``words_played``). What
the computer did while it held a person's seat is counted apart, never as the person's: the
journal says who held each seat at each move. Moves are counted as turns, the way players
count them (a Rummikub turn of four steps is one move; a rival's "akceptuj" and 7 słów's
"gotowe" after the words are no turn, nor is the time they took a move's time: a turn's time
is what the report's "average time per move" means); a move taken back is not in the journal
as read. A move the table made in a student's name (the
time ran out, the teacher skipped the turn: the journal's ``by``) is no move of theirs, nor is
its wait their time: such turns are counted apart, as turns that passed without a move. The
activity log adds the time each move took, the hints asked for, the commands used and the
lines refused with what the student was told. Journals are only read. A journal that cannot
be read is named in ``skipped`` and the others are reported: one damaged file must not hide a
term's work.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError
from braille_words.games.registry import find_game
from braille_words.table import journal as journal_mod
from braille_words.table.activity import Activity, read_activity
from braille_words.table.records import FORGOTTEN_NAMES, is_forgotten, journals_under


@dataclass
class Week:
    """One student's figures for one week of the term (ISO week, "2026-W48"): what the
    term's progress chart and its table show."""

    week: str
    games: int = 0
    words: int = 0
    longest: int = 0
    """Letters in the longest word played that week."""
    seconds: list[float] = field(default_factory=list)
    hints: int = 0
    refused: int = 0

    @property
    def words_per_game(self) -> float:
        return self.words / self.games if self.games else 0.0

    @property
    def average_seconds(self) -> float | None:
        return sum(self.seconds) / len(self.seconds) if self.seconds else None


@dataclass(frozen=True)
class GameScore:
    """One game of a student: its title, the seat's score as the game stood at the end of
    its journal, whether the student won it, and whether it was played to its end (a game
    the teacher ended is scored as it stood)."""

    game: str
    score: int | None
    won: bool = False
    over: bool = True
    shared: tuple[str, ...] = ()
    """The other students who played the same seat in turn (the teacher's ``zamiana``)."""


@dataclass
class StudentReport:
    """One student over the journals read: a name in a class (two Olas of 3a and 3b are two
    students, each with their own games)."""

    name: str
    group: str = ""
    """The student's class, from the roster the games were played with ("" without one)."""
    games: int = 0
    moves: int = 0
    """Turns the person played themselves."""
    words: list[str] = field(default_factory=list)
    """The words the person laid or said, each once, in the order first played."""
    seconds: list[float] = field(default_factory=list)
    hints: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)
    """(what the student tried, the sentence that refused it)."""
    commands: Counter[str] = field(default_factory=Counter)
    """Neutral command names (a move's kind, a shared command's name): worded per report
    language by ``reports.render``."""
    timed_out: int = 0
    """The student's turns that passed without a move because the time ran out."""
    skipped: int = 0
    """The student's turns the teacher skipped ("pomiń")."""
    computer_moves: int = 0
    """Turns the computer played at this person's seat (the teacher gave it the seat)."""
    computer_words: list[str] = field(default_factory=list)
    word_langs: dict[str, str] = field(default_factory=dict)
    """The language each word was played in (its game's ``--words``): a report in Polish
    marks an English word as English (``lang="en"``), so a screen reader says it in English."""
    weeks: dict[str, Week] = field(default_factory=dict)
    """The student's figures week by week, oldest first (the term's progress)."""
    scores: list[GameScore] = field(default_factory=list)
    """Each game's score, in the order the games were read."""

    def week(self, key: str) -> Week:
        if key not in self.weeks:
            self.weeks[key] = Week(key)
            self.weeks = dict(sorted(self.weeks.items()))
        return self.weeks[key]

    @property
    def longest(self) -> str:
        return max(self.words, key=_letters, default="")

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


def _letters(word: str) -> int:
    return sum(1 for ch in word if ch.isalpha())


def _add_words(into: list[str], words: Iterable[str]) -> None:
    for word in words:
        if word not in into:
            into.append(word)


def class_journals(folder: Path) -> list[Path]:
    """Every game journal in a folder and below it (its activity logs are read beside
    them): a host keeps each lesson's tables in a folder of its own (``hosts/…``), and a
    report of the term that read only the top folder left every network lesson out."""
    return journals_under(folder)


def _lexicon(lang: str, cache: dict[str, Any]) -> Any:
    if lang not in cache:
        from braille_words.table.launch import load_lexicon

        cache[lang] = load_lexicon(lang)
    return cache[lang]


_MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError)


@dataclass
class _Replayed:
    """One journal replayed: per (seat, student, by the computer) the turns played and the
    words; a seat another student took over (``zamiana``) credits each of them apart."""

    turns: Counter[tuple[int, str, bool]] = field(default_factory=Counter)
    passed: Counter[tuple[int, str, str]] = field(default_factory=Counter)
    """(seat, student, "time" or "skip"): the person's turns the table passed for them."""
    words: dict[tuple[int, str, bool], list[str]] = field(default_factory=dict)
    held: set[tuple[int, str]] = field(default_factory=set)
    """(seat, student) of every person who held a seat at some time (the header's people,
    the students put at a seat, and seats given back)."""
    last_seat: dict[str, int] = field(default_factory=dict)
    """The seat each student sat at last (two who swapped places: the score of their own)."""
    word_lang: str = "pl"
    """The language the game's words were played in."""
    groups: dict[str, str] = field(default_factory=dict)
    """Each student's class: the roster's, of the seat they sat at first (a student who
    swapped places keeps their own)."""
    title: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    """The game's result as its journal leaves it (``state.result()``)."""
    over: bool = False
    turn_kinds: set[str] = field(default_factory=set)
    """The kinds of the people's moves that counted as turns."""
    answer_kinds: set[str] = field(default_factory=set)
    """The kinds of the people's moves that answered another's turn (a rival's "akceptuj",
    7 słów's "gotowe" after the words): no turn, so no time a turn took."""

    @property
    def answers(self) -> set[str]:
        """Move kinds that are only ever answers in this game, never a turn of their own."""
        return self.answer_kinds - self.turn_kinds


def _replay(record: journal_mod.Record, lexicons: dict[str, Any]) -> tuple[_Replayed, list[str]]:
    """The journal's moves applied again, each credited to whoever held the seat then."""
    from braille_words.table.launch import _deal

    kit = find_game(record.header.game, record.header.words)
    names = [str(s.get("name", f"{i + 1}")) for i, s in enumerate(record.header.seats)]
    rules, state, dealt = _deal(kit, _lexicon(kit.word_lang, lexicons), record.header.options,
                                names, record.header.seed)
    rounds = any(e.kind == "round_started" for e in dealt) and len(state.awaiting) > 1
    """A game whose rounds all seats play at once (7 słów: every seat writes when the round
    starts): a seat's turn is its first move in the round (its word), not again its
    "gotowe" once the words are read. Alicja has rounds too, but one speaker at a time: its
    turns are counted as every other game's."""
    done = _Replayed(word_lang=kit.word_lang)
    done.held = {(i, names[i]) for i, s in enumerate(record.header.seats)
                 if s.get("kind") == "human"}
    done.held |= {(seat, name) for seat, seated in record.seated.items() for name in seated
                  if 0 <= seat < len(names)}
    done.last_seat = {name: seat for seat, name in enumerate(names)}
    seat_groups = [str(s.get("group") or "") for s in record.header.seats]
    done.groups = {name: seat_groups[seat] for seat, name in enumerate(names)}
    for seat, seated in sorted(record.seated.items()):
        for name in seated:
            if 0 <= seat < len(names):
                done.groups.setdefault(name, seat_groups[seat])
    for seat, seated in sorted(record.seated.items()):
        done.last_seat.update({name: seat for name in seated})
    owner: int | None = None
    """Whose turn it is, where the game says so (``turn_started``): a rival's verdict or
    vote within it is no turn of the rival's."""
    counted: set[int] = set()
    """Seats whose turn now already counts."""
    for entry in record.entries:
        move = rules.move_from_json(entry.move)
        awaited = set(state.awaiting)
        state, events = rules.apply(state, entry.seat, move)
        who = entry.names or names
        by = made_by(entry)
        if by in journal_mod.TABLE_BY:
            counted |= _passed(done, entry, by, awaited - counted, owner, who)
        elif not entry.by_computer:
            done.held.add((entry.seat, who[entry.seat]))
            done.last_seat[who[entry.seat]] = entry.seat
        own = by not in journal_mod.TABLE_BY and not rules.is_table_move(move)
        kind = str(entry.move.get("kind") or entry.move.get("type") or "")
        if own and entry.seat not in counted and (owner is None or owner == entry.seat):
            counted.add(entry.seat)
            done.turns[(entry.seat, who[entry.seat], entry.by_computer)] += 1
            done.turn_kinds.add(kind)
        elif own:
            done.answer_kinds.add(kind)
        for seat in range(len(names)):
            played = kit.presenter.words_played(events, seat)
            if played:
                _add_words(done.words.setdefault((seat, who[seat], seat in entry.computers),
                                                 []), played)
        started = [e for e in events if e.kind == "turn_started"]
        if started:
            owner = started[-1].params.get("seat")
            counted.clear()
        elif rounds and any(e.kind == "round_started" for e in events):
            counted.clear()
        elif owner is None and not rounds:
            counted &= set(state.awaiting)  # a game without turns: each seat's own round
        if state.is_over:
            counted = set(range(len(names)))
    done.title, done.over = kit.title, state.is_over
    try:
        done.result = dict(state.result())
    except (BrailleWordsError, *_MALFORMED):
        done.result = {}  # a game that cannot score where it stopped: no score, not no game
    return done, names


TIME_UP = "time_up"
"""The kind of every game's time-up move (Rummikub's move limit, Alicja's teapot, 7 słów's
hourglass): in a journal written before moves were marked, the table's, or a person saying
the table's time ran out (``--no-timer``), never a move of the student's own."""


def made_by(entry: journal_mod.Entry) -> str:
    """Who made a journal's move when the person at its seat did not (``Entry.by``); in a
    journal from before the mark, a time-up move is the table's. (A Scrabble karty time-out
    was saved then as a plain pass, which nothing tells apart from a player's.)"""
    if entry.by:
        return entry.by
    kind = entry.move.get("kind", entry.move.get("type"))
    return "time" if kind == TIME_UP else ""


def _passed(done: _Replayed, entry: journal_mod.Entry, by: str, waiting: set[int],
            owner: int | None, who: Sequence[str]) -> set[int]:
    """A move the table made (``entry.by``) passes the turn of each person it was waiting
    for who had not moved in it yet: in a game of turns only the turn's owner's (a rival's
    verdict the teacher skipped is no turn of the rival's), in a round all seats play at
    once (7 słów's hourglass) everyone's still writing. A ruling passes nobody's turn.
    The seats whose turn passed: nothing more in that turn is a turn of theirs."""
    why = {"time": "time", "clock": "time", "skip": "skip"}.get(by)
    if why is None:
        return set()
    passed = {seat for seat in waiting if 0 <= seat < len(who) and (owner is None or owner == seat)}
    for seat in passed - entry.computers:
        done.passed[(seat, who[seat], why)] += 1
    return passed


def _score(done: _Replayed, seat: int, name: str) -> GameScore:
    """The seat's score, for ``name`` who played it (with whoever else did, in turn)."""
    scores = done.result.get("scores") or []
    score = scores[seat] if 0 <= seat < len(scores) and isinstance(scores[seat], int) else None
    won = done.over and seat in (done.result.get("winners") or [])
    shared = tuple(sorted(n for s, n in done.held if s == seat and n != name))
    return GameScore(done.title, score, won, done.over, shared)


def _forgotten(record: journal_mod.Record, seat: int, header_name: str) -> set[str]:
    """The students of ``seat`` that ``forget`` left out of every later report: the
    header's person when the seat is marked, and students put at it later by name."""
    gone = {header_name} if is_forgotten(record.settings, seat) else set()
    later = record.settings.get(seat, {}).get(FORGOTTEN_NAMES, "")
    return gone | {n for n in later.split("\t") if n}


def _week_of(path: Path, activities: Sequence[Activity]) -> str:
    """The ISO week a game was played in: its first activity's time, else the journal's
    file time."""
    when = activities[0].at if activities else None
    if when is None:
        try:
            when = path.stat().st_mtime
        except OSError:
            when = 0.0
    return time.strftime("%G-W%V", time.localtime(when))


def _classes_by_name(games: Iterable[dict[str, str]]) -> dict[str, str]:
    """The one class each name played in, where there is one: a game without a class (one
    played before rosters gave classes, or without a roster) is that student's; a name of
    two classes leaves such a game apart, as nobody can say whose it was."""
    seen: dict[str, set[str]] = {}
    for groups in games:
        for name, group in groups.items():
            if group:
                seen.setdefault(name, set()).add(group)
    return {name: next(iter(found)) for name, found in seen.items() if len(found) == 1}


def build_report(journals: Sequence[Path], lexicons: dict[str, Any] | None = None) -> ClassReport:
    """Every student of these journals, by name and class (a name in a class is a student
    across games: Ola of 3a is not Ola of 3b)."""
    lexicons = {} if lexicons is None else lexicons
    students: dict[tuple[str, str], StudentReport] = {}
    skipped: list[str] = []
    games = 0
    replayed: list[tuple[Path, journal_mod.Record, _Replayed, list[str]]] = []
    for path in journals:
        try:
            record = journal_mod.read(path)
            done, names = _replay(record, lexicons)
        except (BrailleWordsError, *_MALFORMED) as exc:
            skipped.append(f"{path}: {exc}")
            continue
        replayed.append((path, record, done, names))
    classes = _classes_by_name(done.groups for _, _, done, _ in replayed)
    for path, record, done, names in replayed:
        for name, group in done.groups.items():
            done.groups[name] = group or classes.get(name, "")
        games += 1
        activities = list(read_activity(path))
        key = _week_of(path, activities)
        # A forgotten student (``forget``) is left out of every report made after it.
        people = {(seat, name) for seat, name in done.held
                  if name not in _forgotten(record, seat, names[seat])}
        for name in sorted({name for _, name in people}):
            group = done.groups.get(name, "")
            student = students.setdefault((name, group), StudentReport(name, group))
            student.games += 1
            student.scores.append(_score(done, done.last_seat.get(name, 0), name))
            week = student.week(key)
            week.games += 1
            for seat in sorted(seat for seat, who in people if who == name):
                own = done.words.get((seat, name, False), [])
                computers = done.words.get((seat, name, True), [])
                week.words += len(own)
                week.longest = max([week.longest, *(_letters(w) for w in own)])
                student.moves += done.turns[(seat, name, False)]
                student.timed_out += done.passed[(seat, name, "time")]
                student.skipped += done.passed[(seat, name, "skip")]
                student.computer_moves += done.turns[(seat, name, True)]
                _add_words(student.words, own)
                _add_words(student.computer_words, computers)
                for word in [*own, *computers]:
                    student.word_langs.setdefault(word, done.word_lang)
        started: dict[int, float] = {}
        answers = done.answers
        sitting = list(names)
        """Who sits at each seat as the activity log goes (a ``seated`` line changes it)."""
        for act in activities:
            if not 0 <= act.seat < len(names):
                continue
            if act.kind == "seated" and act.what:
                sitting[act.seat] = act.what
                started.pop(act.seat, None)  # the turn begun is not the new student's time
                continue
            if (act.seat, sitting[act.seat]) not in people:
                continue
            who = sitting[act.seat]
            student = students[(who, done.groups.get(who, ""))]
            week = student.week(key)
            if act.kind == "turn":
                started[act.seat] = act.at
            elif act.kind == "table" or (act.kind == "move" and act.what == TIME_UP):
                started.pop(act.seat, None)  # the table moved for them: no time of theirs
            elif act.kind == "move" and act.what in answers:
                started.pop(act.seat, None)  # an answer ("akceptuj") is no move's time
            elif act.kind == "move":
                begun = started.pop(act.seat, None)
                if begun is not None and act.at >= begun:
                    student.seconds.append(act.at - begun)
                    week.seconds.append(act.at - begun)
            elif act.kind == "hint":
                student.hints += 1
                week.hints += 1
            elif act.kind == "command" and act.what:
                student.commands[act.what] += 1
            elif act.kind == "refused":
                student.refused.append((act.what, act.why))
                week.refused += 1
    return ClassReport(sorted(students.values(), key=lambda s: (s.name.lower(), s.group.lower())),
                       games, skipped)
