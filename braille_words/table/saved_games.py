"""Where a player's saved games are: the sessions folder, and the files games were given.

``braille-words resume`` with no file goes on with the newest unfinished game. Most games are
kept in the sessions folder; a game started with ``--journal FILE`` is kept where the player
chose, and the player is told all the same that plain ``resume`` brings it back. So its path is
remembered in a small list in the sessions folder (``elsewhere.txt``, one absolute path a line),
pruned of files that are gone whenever it is written.

A journal no game was ever written in (empty, or its header torn by a full disk or a kill) is
passed over, and named, so it never hides the player's earlier unfinished game.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from braille_words.errors import BrailleWordsError
from braille_words.private_files import private_folder, write_private
from braille_words.table import journal as journal_mod

INDEX = "elsewhere.txt"
"""The list of journals kept outside the sessions folder (not ``*.jsonl``: not a game)."""

KEPT = 1000
"""At most this many paths are remembered, the newest: the list stays small."""


def remember(path: Path, folder: Path) -> None:
    """Note ``path``, a journal outside ``folder`` (the sessions folder), for ``resume``.
    A failure to note it costs only the short command, never the game: it is silent."""
    try:
        path = path.resolve()
        if path.is_relative_to(folder.resolve()):
            return
        private_folder(folder)
        with _locked(folder):
            paths = [p for p in _listed(folder) if p != path and p.exists()]
            _write(folder, [*paths, path][-KEPT:])
    except (OSError, BrailleWordsError):
        return


def elsewhere(folder: Path) -> list[Path]:
    """The remembered journals outside ``folder`` that are still there."""
    return [p for p in _listed(folder) if p.is_file()]


def candidates(folder: Path) -> list[Path]:
    """Every journal ``resume`` and ``results`` may mean, the most recently written first."""
    found = set(folder.glob("*.jsonl")) if folder.is_dir() else set()
    found.update(elsewhere(folder))
    return sorted(found, key=_modified, reverse=True)


def latest_unfinished(folder: Path) -> tuple[Path | None, list[Path]]:
    """The most recent journal of a game that has not ended, and the journals newer than it
    that hold no game at all (passed over, for the player to be told).

    A damaged one counts: ``resume`` then says what is wrong with it and where it is, rather
    than telling a player whose game was damaged that it never existed.
    """
    skipped: list[Path] = []
    for path in candidates(folder):
        if journal_mod.unstarted(path):
            skipped.append(path)
            continue
        try:
            if not journal_mod.read(path).finished:
                return path, skipped
        except BrailleWordsError:
            return path, skipped
    return None, skipped


def unfinished(folder: Path) -> tuple[list[Path], list[Path]]:
    """Every journal of a game that has not ended, the most recent first (a damaged one
    counts, as in ``latest_unfinished``), and the journals newer than the first of them that
    hold no game at all: for ``resume`` to ask whose game is whose."""
    games: list[Path] = []
    skipped: list[Path] = []
    for path in candidates(folder):
        if journal_mod.unstarted(path):
            if not games:
                skipped.append(path)
            continue
        try:
            if not journal_mod.read(path).finished:
                games.append(path)
        except BrailleWordsError:
            games.append(path)
    return games, skipped


def latest_finished(folder: Path) -> Path | None:
    """The most recent journal of a game that has ended."""
    for path in candidates(folder):
        try:
            if journal_mod.read(path).finished:
                return path
        except BrailleWordsError:
            continue
    return None


def _listed(folder: Path) -> list[Path]:
    try:
        text = (folder / INDEX).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [Path(line) for line in text.splitlines() if line.strip() and Path(line).is_absolute()]


def _write(folder: Path, paths: list[Path]) -> None:
    """The list replaced whole (a temporary file renamed over it, the folder synced): a power
    cut leaves the old list or the new one, never half of one."""
    write_private(folder / INDEX, "".join(f"{p}\n" for p in paths), durable_name=True)


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Two games started at once each add their path: the folder is locked while one does."""
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:  # Windows: one game at a time is on trust
            pass
        yield
    finally:
        os.close(fd)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
