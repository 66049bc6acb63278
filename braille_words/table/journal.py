"""The crash-safe journal of a session.

A game is its header (game, options, seats, seed) plus the accepted moves in order: the rules
are deterministic, so replaying the moves rebuilds the exact state. Each move is one JSON line,
flushed and fsync'ed before the move is announced, so killing the process at any moment loses
at most a move nobody has heard about yet. A torn last line (the kill landed mid-write) is
dropped on reading; anything else unreadable is reported as a corrupt save, never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from braille_words.errors import BrailleWordsError
from braille_words.private_files import FILE_MODE, append_private, private_folder

FORMAT = "braille-words-journal"
VERSION = 1


class CorruptJournal(BrailleWordsError):
    """A save that cannot be read back; the message names the file and the line."""


class JournalInUse(BrailleWordsError):
    """The journal is held by another running braille-words."""


class JournalExists(BrailleWordsError):
    """A new game was given a file that already holds something: it is never overwritten."""


class JournalUnwritable(BrailleWordsError):
    """The journal cannot be written (a folder, no permission, a full disk)."""

    @classmethod
    def at(cls, path: Path, exc: BaseException, hint: str = "") -> JournalUnwritable:
        reason = getattr(exc, "strerror", None) or exc
        return cls(f"the game cannot be saved to {path}: {reason}{hint}")


_ANOTHER = "; give another file with --journal"


@dataclass
class Header:
    """Everything needed to deal the same game again."""

    game: str
    seed: int
    seats: list[dict[str, Any]]
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "seats": self.seats,
            "options": self.options,
        }


@dataclass(frozen=True)
class Entry:
    """One accepted move (or a table decision such as a time-out), by ``seat``."""

    seat: int
    move: dict[str, Any]


@dataclass
class Record:
    """A journal as read back: its header, its moves, and whether the game had ended."""

    header: Header
    entries: list[Entry]
    finished: bool
    settings: dict[int, dict[str, str]] = field(default_factory=dict)
    """What each seat chose during the game (``verbosity``), the latest choice last."""


_HOLDING_GAMES: set[Path] = set()


def games_saved_here() -> list[Path]:
    """Journals this process opened that hold an unfinished game (its header is on disk):
    what a crash may honestly call saved."""
    return sorted(_HOLDING_GAMES)


class Journal:
    """Appends moves to a journal file, durably."""

    def __init__(self, path: Path, stream: TextIO) -> None:
        self.path = path
        self._stream = stream

    @classmethod
    def create(cls, path: Path, header: Header) -> Journal:
        """A new journal at ``path``; a place it cannot be written is refused before the
        game starts. An existing file is never emptied: one that holds a game (perhaps
        one another window is playing) is refused with a sentence; an empty one is used."""
        try:
            private_folder(path.parent, ours=False)
            stream = _open_new(path)
        except FileExistsError:
            stream = _claim_empty(path)
        except OSError as exc:
            raise JournalUnwritable.at(path, exc, _ANOTHER) from None
        journal = cls(path, stream)
        journal._write(header.to_json())
        _HOLDING_GAMES.add(path)
        return journal

    @classmethod
    def create_unique(cls, folder: Path, stem: str, header: Header) -> Journal:
        """A new journal named ``stem.jsonl`` in ``folder``, or ``stem-2.jsonl``, ``-3``…
        when that name is taken: two games started in the same second get a file each."""
        try:
            private_folder(folder)
        except OSError as exc:
            raise JournalUnwritable.at(folder / f"{stem}.jsonl", exc) from None
        for number in range(1, 10_000):
            path = folder / (f"{stem}.jsonl" if number == 1 else f"{stem}-{number}.jsonl")
            try:
                stream = _open_new(path)
            except FileExistsError:
                continue
            except OSError as exc:
                raise JournalUnwritable.at(path, exc, _ANOTHER) from None
            journal = cls(path, stream)
            journal._write(header.to_json())
            _HOLDING_GAMES.add(path)
            return journal
        raise JournalUnwritable(f"the game cannot be saved in {folder}: every name is taken")

    @classmethod
    def append_to(cls, path: Path) -> Journal:
        """Continue a journal read by ``read``; a torn last line is cut off first."""
        try:
            stream = append_private(path)
        except OSError as exc:
            raise JournalUnwritable.at(path, exc) from None
        _lock(stream, path)
        data = path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end != len(data):
            try:
                stream.truncate(end)
            except OSError as exc:
                stream.close()
                raise JournalUnwritable.at(path, exc) from None
        _HOLDING_GAMES.add(path)
        return cls(path, stream)

    def record(self, seat: int, move: dict[str, Any]) -> None:
        self._write({"seat": seat, "move": move})

    def record_setting(self, seat: int, key: str, value: str) -> None:
        """A seat's own choice (terse sentences): not a move, but lost work if forgotten."""
        self._write({"seat": seat, "setting": {key: value}})

    def record_undo(self) -> None:
        """The teacher took back the last move: reading the journal drops it, so a resumed
        game is the game as it stands, and the move stays on record as taken back."""
        self._write({"undo": True})

    def finish(self, result: dict[str, Any]) -> None:
        self._write({"finished": True, "result": result})
        _HOLDING_GAMES.discard(self.path)

    def close(self) -> None:
        with contextlib.suppress(OSError):  # every line was already fsync'ed, or reported
            self._stream.close()

    def _write(self, obj: dict[str, Any]) -> None:
        """One line, on the disk before anyone hears of it; a full disk is a sentence."""
        try:
            self._stream.write(json.dumps(obj, ensure_ascii=False, sort_keys=True) + "\n")
            self._stream.flush()
            os.fsync(self._stream.fileno())
        except (OSError, ValueError) as exc:  # ValueError: the stream was closed
            raise JournalUnwritable.at(self.path, exc) from None


def _open_new(path: Path) -> TextIO:
    """A file that did not exist until now (exclusive create), locked as ours."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, FILE_MODE)
    stream = os.fdopen(fd, "a", encoding="utf-8")
    _lock(stream, path)
    return stream


def _claim_empty(path: Path) -> TextIO:
    """An existing file given for a new game: used only when it holds nothing at all."""
    try:
        stream = append_private(path)
    except OSError as exc:
        raise JournalUnwritable.at(path, exc, _ANOTHER) from None
    _lock(stream, path)  # a game another window is playing there is refused here
    try:
        empty = os.fstat(stream.fileno()).st_size == 0
    except OSError:
        empty = False
    if empty:
        return stream
    stream.close()
    try:
        record: Record | None = read(path)
    except CorruptJournal:
        record = None
    if record is not None and record.finished:
        raise JournalExists(
            f"{path} already holds a finished game; braille-words does not write over it: "
            "give another file with --journal"
        )
    if record is not None:
        raise JournalExists(
            f"{path} already holds a saved game; 'braille-words resume {path}' goes on "
            "with it, or give another file with --journal for a new game"
        )
    raise JournalExists(
        f"{path} already exists and is not a saved game; braille-words does not write over "
        "it: give another file with --journal"
    )


def _lock(stream: TextIO, path: Path) -> None:
    """One window per game: a second one writing the same journal would interleave moves
    from two different games, and the next resume would find it damaged."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; one window per game is on trust
        return
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        stream.close()
        raise JournalInUse(
            f"the game in {path} is already open in another window; "
            "go on playing there, or close it first"
        ) from None


def _lines(path: Path) -> Iterator[tuple[int, str, bool]]:
    """(line number, text, is_last_and_unterminated) for every line of the file."""
    try:
        text = path.read_text(encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise CorruptJournal(f"the saved game {path} is damaged (not UTF-8 text)") from None
    except OSError as exc:
        raise CorruptJournal(f"the saved game {path} cannot be read: {exc.strerror}") from None
    parts = text.split("\n")
    for i, line in enumerate(parts):
        last = i == len(parts) - 1
        if last and line == "":
            return
        yield i + 1, line, last


def read(path: Path) -> Record:
    """Read a journal back; raises ``CorruptJournal`` with the place it broke."""
    header: Header | None = None
    entries: list[Entry] = []
    settings: dict[int, dict[str, str]] = {}
    finished = False
    for number, line, torn in _lines(path):
        try:
            obj = json.loads(line)
        except RecursionError:
            raise CorruptJournal(
                f"the saved game {path} is damaged at line {number} (nested too deeply)"
            ) from None
        except json.JSONDecodeError:
            if torn and header is not None:
                break  # the process was killed mid-write: that move was never announced
            raise CorruptJournal(f"the saved game {path} is damaged at line {number}") from None
        if not isinstance(obj, dict):
            raise CorruptJournal(f"the saved game {path} is damaged at line {number}")
        if header is None:
            header = _header(obj, path)
        elif obj.get("finished") is True:
            finished = True
        elif obj.get("undo") is True:
            if entries:
                entries.pop()
        elif "setting" in obj:
            seat, setting = obj.get("seat"), obj.get("setting")
            if not isinstance(seat, int) or not isinstance(setting, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in setting.items()
            ):
                raise CorruptJournal(f"the saved game {path} is damaged at line {number}")
            settings.setdefault(seat, {}).update(setting)
        else:
            seat, move = obj.get("seat"), obj.get("move")
            if not isinstance(seat, int) or not isinstance(move, dict):
                raise CorruptJournal(f"the saved game {path} is damaged at line {number}")
            entries.append(Entry(seat, move))
    if header is None:
        raise CorruptJournal(f"the saved game {path} is empty")
    return Record(header, entries, finished, settings)


def _header(obj: dict[str, Any], path: Path) -> Header:
    if obj.get("format") != FORMAT:
        raise CorruptJournal(f"{path} is not a braille-words saved game")
    if obj.get("version") != VERSION:
        raise CorruptJournal(
            f"the saved game {path} is from another version ({obj.get('version')}) of braille-words"
        )
    game, seed, seats, options = (obj.get(k) for k in ("game", "seed", "seats", "options"))
    if (
        not isinstance(game, str)
        or not isinstance(seed, int)
        or not isinstance(seats, list)
        or not all(isinstance(s, dict) for s in seats)
        or not isinstance(options, dict)
    ):
        raise CorruptJournal(f"the saved game {path} has a damaged header")
    return Header(game, seed, seats, options)
