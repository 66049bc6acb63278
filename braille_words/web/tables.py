"""The tables a teacher's page shows: at one computer one, on a host as many as it runs.

The page reaches a table only through this: its current session (replaced when the teacher
starts the next game), the join codes its students hold (never a teacher's password), which
network seats are connected, and the folder of exercises (position files) it may start from.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from braille_words.net.guard import Guard
from braille_words.table.outputs import SeatOutput
from braille_words.table.session import AnySession


def _no_codes() -> Collection[str]:
    return ()


def _no_seat_codes() -> dict[int, str]:
    return {}


@dataclass
class TeacherTable:
    """One table as its teacher's page sees it."""

    number: int
    session: AnySession
    codes: Callable[[], Collection[str]] = _no_codes
    """The students' join codes of this table now (the host's); none at one computer."""
    connected: Callable[[], dict[int, bool]] | None = None
    """Which network seats are connected now (the host's); None at one computer."""
    seat_codes: Callable[[], dict[int, str]] = _no_seat_codes
    """Each network seat's join code now, for the teacher to read out to that student (the
    page shows it beside the seat; no student ever reaches this page)."""
    starts_next: bool = True
    """Whether the page may start this table's next game: at one computer the runner does;
    the host keeps each table's game for the students connected to it, so it does not."""


@dataclass
class TeacherTables:
    """Every table of this server, and where its exercises and journals are."""

    tables: list[TeacherTable]
    exercises: Path | None = None
    """A folder of position files the teacher may start a game from."""
    journals: Path | None = None
    """The folder of the term's journals, for reports across games."""
    guards: list[Guard] = field(default_factory=list)
    """Wrong codes and passwords per address: the page says what they report and lifts a
    wait (the page's own password guard is added by ``teacher_app``)."""
    played: list[Path] = field(default_factory=list)
    """The journals of this lesson's games already over at their tables (a table's next
    game replaces its session): "the report of these games" covers the whole lesson."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    console: SeatOutput | None = None
    """The lesson's own console (the host's, headed by no table), where what concerns every
    table is said: each table's teacher is headed by its table ("[Nauczyciel, Stół 1]")
    where there are several. None: the first table's teacher is the console (one computer)."""

    def find(self, number: int) -> TeacherTable | None:
        with self.lock:
            return next((t for t in self.tables if t.number == number), None)

    def all(self) -> list[TeacherTable]:
        with self.lock:
            return list(self.tables)

    def lesson_console(self) -> SeatOutput | None:
        """Where the teacher hears what the page did to the whole lesson."""
        if self.console is not None:
            return self.console
        return next((t.session.teacher for t in self.all() if t.session.teacher is not None),
                    None)

    def join_codes(self) -> set[str]:
        return {code for table in self.all() for code in table.codes()}

    def replace(self, number: int, session: AnySession) -> None:
        """The table's next game has started: the page shows and controls it from now on."""
        table = self.find(number)
        if table is not None:
            journal = table.session.journal
            with self.lock:
                if journal is not None and journal.path not in self.played:
                    self.played.append(journal.path)
            table.session = session

    def exercise_files(self) -> list[Path]:
        """The position files of the exercise folder, by name."""
        folder = self.exercises
        if folder is None or not folder.is_dir():
            return []
        return sorted(p for p in folder.glob("*.json") if p.is_file())
