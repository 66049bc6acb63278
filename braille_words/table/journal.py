"""The crash-safe journal of a session.

A game is its header (game, options, seats, seed) plus the accepted moves in order: the rules
are deterministic, so replaying the moves rebuilds the exact state. Each move is one JSON line,
flushed and fsync'ed before the move is announced, so killing the process at any moment loses
at most a move nobody has heard about yet. (The host syncs its tables' lines in groups on a
worker's thread and holds every announcement back until they are synced: ``sync_later``,
``net.durable``.) A torn last line (the kill landed mid-write) is dropped on reading; a blank
line is nothing; anything else unreadable is reported as a corrupt save, never a traceback.

A line the disk refuses (full, gone, read-only) is cut off again before the refusal is raised:
the file is as it was before, so a move that was not saved is not made and a later line never
completes a half-written one. Every refusal is a coded error, said in the player's language.

One program per journal: the lock is taken before the first line is read, so a second program
started on the same game is refused before it could replay a game the first one goes on with.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from braille_words import private_files
from braille_words.errors import BrailleWordsError
from braille_words.json_text import encoder
from braille_words.private_files import FILE_MODE, append_private, private_folder, tighten_fd

FORMAT = "braille-words-journal"
VERSION = 1

_LINE = encoder(compact=False, sort_keys=True)
"""A journal line's JSON, by one encoder for all (``json.dumps`` with arguments makes one
at every call, and a line is written at every move)."""


class CorruptJournal(BrailleWordsError):
    """A save that cannot be read back; the message names the file and the line."""


class JournalInUse(BrailleWordsError):
    """The journal is held by another running braille-words."""


class JournalExists(BrailleWordsError):
    """A new game was given a file that already holds something: it is never overwritten."""


class JournalUnwritable(BrailleWordsError):
    """The journal cannot be written (a folder, no permission, a full disk)."""

    @classmethod
    def at(cls, path: Path, exc: BaseException, another: bool = False) -> JournalUnwritable:
        """``another``: a new game, which another file given with --journal may save."""
        code = "journal_unwritable_new" if another else "journal_unwritable"
        return cls.coded(code, path=str(path), **os_reason(exc))

    @property
    def why(self) -> str:
        """The reason's code (``ENOSPC``…), for a sentence that words it in a language."""
        return str(self.params.get("why", ""))


def os_reason(exc: BaseException) -> dict[str, str]:
    """Why the system refused, as data a catalogue words in any language: the error's code
    (``ENOSPC``), or the exception's name when it has none."""
    number = getattr(exc, "errno", None)
    why = errno.errorcode.get(number, "") if isinstance(number, int) else ""
    return {"why": why or type(exc).__name__}


def _damaged(path: Path, line: int | None = None, how: str = "") -> CorruptJournal:
    """``how``: "nested" (too deeply to read), "utf8" (not text); else plain damage."""
    if line is None:
        return CorruptJournal.coded("journal_damaged_text", path=str(path))
    code = "journal_damaged_nested" if how == "nested" else "journal_damaged_line"
    return CorruptJournal.coded(code, path=str(path), line=line)


@dataclass
class Header:
    """Everything needed to deal the same game again."""

    game: str
    seed: int
    seats: list[dict[str, Any]]
    options: dict[str, Any] = field(default_factory=dict)
    words: str | None = None
    """The language the game's words were played in (``--words``); None: the game's own, as
    in every journal written before a game could be played in another language's words."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "seats": self.seats,
            "options": self.options,
        }
        if self.words is not None:
            data["words"] = self.words
        return data


@dataclass(frozen=True)
class Entry:
    """One accepted move (or a table decision such as a time-out), by ``seat``."""

    seat: int
    move: dict[str, Any]
    computers: frozenset[int] = frozenset()
    """The seats the computer held when the move was made (from the header and the teacher's
    later choices): a report credits a person only with what they did themselves."""
    names: tuple[str, ...] = ()
    """Who sat at each seat when the move was made, once the teacher has put another
    student at a seat (``zamiana``); empty: the header's names."""
    by: str = ""
    """Who made the move when the person at ``seat`` did not (the line's ``"by"``): "time"
    (the countdown ran out), "clock" (the seat's game clock ran out), "skip" (the teacher's
    "pomiń"), "ruling" (the teacher settled a dispute), "away" (a computer played for a
    student whose computer was away). Empty: the seat's own move, as every move of a journal
    written before the mark was (a time-out was then saved as a plain move: a pass)."""

    @property
    def by_computer(self) -> bool:
        return self.seat in self.computers or self.by == "away"


TABLE_BY = frozenset({"time", "clock", "skip", "ruling"})
"""The marks of moves the table made in a seat's name (``Entry.by``)."""


@dataclass
class Record:
    """A journal as read back: its header, its moves, and whether the game had ended."""

    header: Header
    entries: list[Entry]
    finished: bool
    settings: dict[int, dict[str, str]] = field(default_factory=dict)
    """What each seat chose during the game (``verbosity``), the latest choice last."""
    seated: dict[int, list[str]] = field(default_factory=dict)
    """The students the teacher put at a seat during the game, in order (not the header's)."""


_HOLDING_GAMES: set[Path] = set()


def games_saved_here() -> list[Path]:
    """Journals this process opened that hold an unfinished game (its header is on disk):
    what a crash may honestly call saved."""
    return sorted(_HOLDING_GAMES)


class Journal:
    """Appends moves to a journal file, durably."""

    def __init__(self, path: Path, stream: TextIO, *, made: bool = False) -> None:
        self.path = path
        self._stream = stream
        self._made = made
        """The file was created for this journal (not an empty one given, nor a saved game)."""
        self._broken = False
        """A refused line could not be cut off again: nothing more may follow it."""
        self._size: int | None = None
        """The file's length after our last line (None: not known yet, asked of the file).
        Only this journal writes to its locked file, so a move costs no ``fstat``."""
        self.sync_later: Callable[[Journal], None] | None = None
        """Set where the writer must not wait for the disk (the host's network loop, which
        steps every table: ``net.durable``): a line is written at once, not synced, and this
        is told; whoever set it calls ``sync`` on another thread, and holds back everything
        that would tell anyone of the line until then. None: each line is synced as it is
        written."""
        self._durable: int | None = None
        """The file's length the disk has kept for certain (``sync``), when lines wait."""
        self.unsynced_seat: int | None = None
        """The seat of the first line written and not yet synced, if a seat's."""

    @classmethod
    def create(cls, path: Path, header: Header) -> Journal:
        """A new journal at ``path``; a place it cannot be written is refused before the
        game starts. An existing file is never emptied: one that holds a game (perhaps
        one another window is playing) is refused with a sentence; an empty one is used."""
        try:
            private_folder(path.parent, ours=False)
            stream = _open_new(path)
        except FileExistsError:
            return cls._begin(path, _claim_empty(path), header, made=False)
        except OSError as exc:
            raise JournalUnwritable.at(path, exc, another=True) from None
        return cls._begin(path, stream, header, made=True)

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
                raise JournalUnwritable.at(path, exc, another=True) from None
            return cls._begin(path, stream, header, made=True)
        raise JournalUnwritable.coded("journal_names_taken", folder=str(folder))

    @classmethod
    def _begin(cls, path: Path, stream: TextIO, header: Header, *, made: bool) -> Journal:
        """The header written, and the folder of a file made here synced, so a power cut
        right after the start keeps the new file. A start the disk refuses leaves nothing
        behind: a file made here is removed (an empty journal would hide the player's
        earlier game from ``resume``), an empty one given is left empty."""
        journal = cls(path, stream, made=made)
        try:
            journal._write(header.to_json())
            if made:
                sync_folder(path.parent)
        except JournalUnwritable as exc:
            journal.discard()
            raise JournalUnwritable.coded("journal_unwritable_new", **exc.params) from None
        _HOLDING_GAMES.add(path)
        return journal

    def discard(self) -> None:
        """The game this journal was made for never started: a file made for it is removed
        (while still locked: nobody else may have taken it), an empty one given is emptied
        again, and the journal is closed."""
        with contextlib.suppress(OSError, ValueError):
            if self._made:
                self.path.unlink()
            else:
                os.ftruncate(self._stream.fileno(), 0)
        _HOLDING_GAMES.discard(self.path)
        self.close()

    @classmethod
    def hold(cls, path: Path) -> Journal:
        """A saved game's journal, locked as this program's before a line of it is read: a
        second program on the same game is refused here, before it replays anything."""
        try:
            # Non-blocking: a FIFO given for a journal must not wait for a writer for ever.
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK)
        except FileNotFoundError as exc:
            raise CorruptJournal.coded(
                "journal_unreadable", path=str(path), **os_reason(exc)
            ) from None
        except OSError as exc:
            if exc.errno in (errno.ENXIO, errno.EISDIR):
                raise CorruptJournal.coded("journal_not_ours", path=str(path)) from None
            raise JournalUnwritable.at(path, exc) from None
        stream = os.fdopen(fd, "a", encoding="utf-8")
        try:
            regular = stat.S_ISREG(os.fstat(fd).st_mode)
        except OSError:
            regular = False
        if not regular:
            stream.close()
            raise CorruptJournal.coded("journal_not_ours", path=str(path))
        tighten_fd(fd, path)  # one an older version left readable by others is ours alone now
        os.set_blocking(fd, True)
        _lock(stream, path)
        return cls(path, stream)

    @classmethod
    def append_to(cls, path: Path) -> Journal:
        """Continue a journal read by ``read``; a torn last line is cut off first."""
        journal = cls.hold(path)
        try:
            journal.cut_torn_end()
        except JournalUnwritable:
            journal.close()
            raise
        return journal

    def cut_torn_end(self) -> None:
        """A last line torn by a kill (never announced) is cut off once the journal has been
        read as a game, so the next move starts a line of its own."""
        try:
            data = self.path.read_bytes()
        except OSError as exc:
            raise JournalUnwritable.at(self.path, exc) from None
        end = data.rfind(b"\n") + 1
        if end != len(data):
            try:
                os.ftruncate(self._stream.fileno(), end)
            except OSError as exc:
                raise JournalUnwritable.at(self.path, exc) from None
        self._size = end
        _HOLDING_GAMES.add(self.path)

    def record(self, seat: int, move: dict[str, Any], by: str = "") -> None:
        """``by``: who made it, when not the person at the seat (``Entry.by``); a field of
        the move's line only then, so a seat's own moves are written as they always were."""
        if self.sync_later is not None and self.unsynced_seat is None:
            self.unsynced_seat = seat
        self._write({"seat": seat, "move": move, "by": by} if by else {"seat": seat, "move": move})

    def sync(self) -> None:
        """The lines written so far on the disk (``sync_later``'s other half, on a worker's
        thread). A disk that refuses: the lines since the last sync are cut off again, no
        line may follow them, and ``JournalUnwritable`` says why."""
        size = self._size
        try:
            os.fsync(self._stream.fileno())
        except (OSError, ValueError) as exc:  # ValueError: the journal was closed
            self._broken = True
            if self._durable is not None:
                with contextlib.suppress(OSError, ValueError):
                    os.ftruncate(self._stream.fileno(), self._durable)
            raise JournalUnwritable.at(self.path, exc) from None
        self._durable = size
        self.unsynced_seat = None

    def record_setting(self, seat: int, key: str, value: str) -> None:
        """A seat's own choice (terse sentences): not a move, but lost work if forgotten."""
        if self.sync_later is not None and self.unsynced_seat is None:
            self.unsynced_seat = seat
        self._write({"seat": seat, "setting": {key: value}})

    def record_seated(self, names: dict[int, str]) -> None:
        """The students the teacher put at seats (``zamiana``), all in one write: two
        students swapping seats are never written as one name at two seats."""
        self._write(*[{"seat": seat, "setting": {"name": name}} for seat, name in names.items()])

    def record_undo(self, count: int = 1) -> None:
        """The teacher took back the last ``count`` moves: reading the journal drops them, so a
        resumed game is the game as it stands, and the moves stay on record as taken back.
        All in one write: the disk takes them all or none."""
        self._write(*[{"undo": True}] * count)

    def finish(self, result: dict[str, Any]) -> None:
        self._write({"finished": True, "result": result})
        _HOLDING_GAMES.discard(self.path)

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            if self.sync_later is not None and not self._broken:
                os.fsync(self._stream.fileno())  # a line left to a sync that has not come
        with contextlib.suppress(OSError):  # every line was already fsync'ed, or reported
            self._stream.close()

    def _write(self, *objs: dict[str, Any]) -> None:
        """Lines on the disk before anyone hears of them. A refusal (a full disk) is cut off
        again first: the file is as it was, and a later line never completes this one."""
        data = "".join(
            _LINE(obj) + "\n" for obj in objs
        ).encode("utf-8")
        if self._broken:
            raise JournalUnwritable.coded("journal_unwritable", path=str(self.path), why="EIO")
        try:
            fd = self._stream.fileno()
            before = self._size if self._size is not None else os.fstat(fd).st_size
        except (OSError, ValueError) as exc:  # ValueError: the journal was closed
            raise JournalUnwritable.at(self.path, exc) from None
        later = self.sync_later
        if later is not None and self._durable is None:
            self._durable = before  # every line before the first left to a later sync
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if later is None:
                os.fsync(fd)
        except OSError as exc:
            self._size = None  # asked of the file again next time
            try:
                os.ftruncate(fd, before)
            except OSError:
                self._broken = True
            raise JournalUnwritable.at(self.path, exc) from None
        self._size = before + len(data)
        if later is not None:
            later(self)


def sync_folder(folder: Path) -> None:
    """``private_files.sync_folder``, its failure said as the journal's: a journal whose new
    name may not survive a power cut is not saved."""
    try:
        private_files.sync_folder(folder)
    except OSError as exc:
        raise JournalUnwritable.at(folder, exc) from None


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
        raise JournalUnwritable.at(path, exc, another=True) from None
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
        raise JournalExists.coded("journal_exists_finished", path=str(path))
    if record is not None:
        raise JournalExists.coded("journal_exists_game", path=str(path))
    raise JournalExists.coded("journal_exists_other", path=str(path))


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
        raise JournalInUse.coded("journal_in_use", path=str(path)) from None


def _lines(path: Path) -> Iterator[tuple[int, str, bool]]:
    """(line number, text, is_last_and_unterminated) for every line of the file that holds
    anything: a blank line (an editor's trailing newline) is nothing, not damage."""
    try:
        text = path.read_text(encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise _damaged(path) from None
    except OSError as exc:
        raise CorruptJournal.coded(
            "journal_unreadable", path=str(path), **os_reason(exc)
        ) from None
    parts = text.split("\n")
    for i, line in enumerate(parts):
        if line.strip():
            yield i + 1, line, i == len(parts) - 1


def unstarted(path: Path) -> bool:
    """Whether no game was ever written in ``path``: it is empty or blank, or holds only a
    header torn as it was written (a kill, a full disk). Such a file hides nothing: ``resume``
    passes over it to the game before it."""
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return False
    if not text.strip():
        return True
    first, newline, _rest = text.lstrip().partition("\n")
    if newline:
        return False  # a whole first line: a game, or damage worth naming
    try:
        json.loads(first)
    except (json.JSONDecodeError, RecursionError):
        return True
    return False


def header_lang(path: Path) -> str | None:
    """The language of the first person at the game in ``path``, read from its header alone
    (for a refusal before the game is read); None when the header cannot say."""
    if not path.is_file():
        return None  # a FIFO or a device would wait for ever to be read
    try:
        with path.open("rb") as f:
            first = b""
            while not first.strip():
                first = f.readline(4_000_000)
                if not first:
                    return None
        obj = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return None
    seats = obj.get("seats") if isinstance(obj, dict) else None
    if not isinstance(seats, list):
        return None
    seats = [s for s in seats if isinstance(s, dict)]
    people = [s for s in seats if s.get("kind", "human") == "human"] or seats
    lang = people[0].get("lang") if people else None
    return lang if lang in ("pl", "en") else None


def read(path: Path) -> Record:
    """Read a journal back; raises ``CorruptJournal`` with the place it broke."""
    header: Header | None = None
    entries: list[Entry] = []
    settings: dict[int, dict[str, str]] = {}
    kinds: dict[int, str] = {}
    """Who holds each seat now, as the journal has told so far ("human", "computer")."""
    names: tuple[str, ...] = ()
    """Who sits at each seat now, once someone was put at a seat; else the header's."""
    seated: dict[int, list[str]] = {}
    finished = False
    for number, line, torn in _lines(path):
        try:
            obj = json.loads(line)
        except RecursionError:
            raise _damaged(path, number, "nested") from None
        except json.JSONDecodeError:
            if torn and header is not None:
                break  # the process was killed mid-write: that move was never announced
            raise _damaged(path, number) from None
        if not isinstance(obj, dict):
            raise _damaged(path, number)
        if header is None:
            header = _header(obj, path)
            kinds = {i: str(s.get("kind", "human")) for i, s in enumerate(header.seats)}
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
                raise _damaged(path, number)
            settings.setdefault(seat, {}).update(setting)
            if "kind" in setting:
                kinds[seat] = setting["kind"]
            if "name" in setting and 0 <= seat < len(header.seats):
                now = list(names or (str(s.get("name", "")) for s in header.seats))
                now[seat] = setting["name"]
                names = tuple(now)
                seated.setdefault(seat, []).append(setting["name"])
        else:
            seat, move = obj.get("seat"), obj.get("move")
            if not isinstance(seat, int) or not isinstance(move, dict):
                raise _damaged(path, number)
            computers = frozenset(s for s, kind in kinds.items() if kind == "computer")
            by = obj.get("by")
            entries.append(Entry(seat, move, computers, names, by if isinstance(by, str) else ""))
    if header is None:
        raise CorruptJournal.coded("journal_empty", path=str(path))
    return Record(header, entries, finished, settings, seated)


def _header(obj: dict[str, Any], path: Path) -> Header:
    if obj.get("format") != FORMAT:
        raise CorruptJournal.coded("journal_not_ours", path=str(path))
    if obj.get("version") != VERSION:
        raise CorruptJournal.coded(
            "journal_other_version", path=str(path), version=str(obj.get("version"))
        )
    game, seed, seats, options = (obj.get(k) for k in ("game", "seed", "seats", "options"))
    if (
        not isinstance(game, str)
        or not isinstance(seed, int)
        or not isinstance(seats, list)
        or not all(isinstance(s, dict) for s in seats)
        or not isinstance(options, dict)
    ):
        raise CorruptJournal.coded("journal_damaged_header", path=str(path))
    words = obj.get("words")
    if words is not None and not isinstance(words, str):
        raise CorruptJournal.coded("journal_damaged_header", path=str(path))
    return Header(game, seed, seats, options, words)
