"""Files that hold a person's game are the teacher's account's alone: ``0600``, folders ``0700``.

A journal holds a student's rack, an activity log their refused secret words, ``host.json`` the
reconnect tokens that take over a seat, a recording everything a seat heard, a report a class's
work. On a school computer another account may share the home folder, so whatever the umask,
every such file is *created* with these modes (never created open and tightened after: a reader
could open it in between), and one the program finds wider (written by an older version) is
tightened the next time the program opens it. Each tightening is noted here once, and the
command that started says so once, in the person's language (``take_tightened``).

The compiled lexicon is not private (a class may share it) and does not come through here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from pathlib import Path
from typing import TextIO

FILE_MODE = 0o600
FOLDER_MODE = 0o700
_OTHERS = 0o077
"""The group's and everyone else's bits: any of them set is a file another account may read."""

_lock = threading.Lock()
_tightened: list[Path] = []


def private_folder(folder: Path, *, ours: bool = True) -> Path:
    """``folder`` and every missing parent created ``0700``. ``ours``: the folder is the
    program's own (the sessions folder, a host's folder), so an existing one that others can
    enter is tightened; a folder the person named (``--journal ~/klasa/gra.jsonl``) is theirs
    and only the folders made for it are private."""
    missing: list[Path] = []
    probe = folder
    while not probe.exists():
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    for made in reversed(missing):
        try:
            os.mkdir(made, FOLDER_MODE)
        except FileExistsError:
            continue  # another process made it at the same moment: it is checked below
    if ours or missing:
        tighten(folder)
    return folder


def open_private(path: Path, flags: int) -> int:
    """``os.open`` of a private file: created ``0600``, or tightened when it was wider."""
    fd = os.open(path, flags | os.O_CREAT, FILE_MODE)
    tighten_fd(fd, path)
    return fd


def append_private(path: Path) -> TextIO:
    """A text file opened for appending (created if missing), readable by this account only."""
    fd = open_private(path, os.O_WRONLY | os.O_APPEND)
    return os.fdopen(fd, "a", encoding="utf-8")


def write_private(path: Path, text: str, *, durable_name: bool = False) -> None:
    """Replace ``path`` with ``text`` at once: a reader sees the old file or the new one,
    and the new one was never readable by anyone else, not even for a moment.

    The text is synced before the rename; ``durable_name`` also syncs the folder after it,
    so a power cut right after cannot bring back the old file (or none) on filesystems that
    keep names apart from contents: for a file the player is told has been saved."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    try:
        tighten_fd(fd, tmp, say=False)  # a leftover of a killed run may have been wider
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if durable_name:
        sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """A new name in ``folder`` (a file created, or renamed into it) made durable: without
    this a power cut can lose a new file on some filesystems, however well its contents were
    synced. A filesystem that cannot sync a folder has nothing to sync; any other failure
    is raised (``OSError``)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # no folder to open (Windows): the file's own fsync is all there is
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def private_output(stream: TextIO) -> None:
    """Standard output sent to a new file (``report --csv > raport.csv``): the shell made it
    with its umask, so it is tightened before a line is in it. A file that already holds
    something (``>> lekcja.log``, a log a script keeps) is the person's own: left alone."""
    try:
        fd = stream.fileno()
        info = os.fstat(fd)
    except (OSError, ValueError, AttributeError):
        return  # a test's StringIO, a closed stream: no file
    if stat.S_ISREG(info.st_mode) and info.st_size == 0:
        tighten_fd(fd, Path(str(getattr(stream, "name", fd))), say=False)


def tighten(path: Path, info: os.stat_result | None = None) -> bool:
    """Take the group's and others' rights away from a file or folder of this account that
    has them; True when it did. Someone else's file (another account's, a shared folder
    such as /tmp) is left as it is: it is not ours to change. ``info``: its ``lstat``,
    when the caller has it already."""
    if info is None:
        try:
            info = os.lstat(path)
        except OSError:
            return False
    if stat.S_ISLNK(info.st_mode) or not _needs(info):
        return False
    try:
        os.chmod(path, stat.S_IMODE(info.st_mode) & ~_OTHERS)
    except OSError:
        return False
    _note(path)
    return True


def tighten_tree(folder: Path) -> dict[str, os.stat_result]:
    """Every file and folder under ``folder`` (the program's own) made private, in one walk;
    what it found there (``walk``: a caller that also wants their ages asks the disk nothing
    more). Symbolic links are neither followed nor changed."""
    tighten(folder)
    found = walk(folder)
    for name, info in found.items():
        if _needs(info):  # most are private already: no Path made for them
            tighten(Path(name), info)
    return found


def walk(folder: Path) -> dict[str, os.stat_result]:
    """Every file and folder under ``folder``, by its path as text, with its ``lstat``;
    symbolic links are not followed, and one that vanishes meanwhile is left out. Text,
    not ``Path``: a year of a class's games is thousands of files, read at every start."""
    found: dict[str, os.stat_result] = {}
    pending = [str(folder)]
    while pending:
        try:
            entries = list(os.scandir(pending.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            found[entry.path] = info
            if stat.S_ISDIR(info.st_mode):
                pending.append(entry.path)
    return found


def is_private(path: Path) -> bool:
    """Whether nobody but this account may read ``path``."""
    return stat.S_IMODE(os.stat(path).st_mode) & _OTHERS == 0


def take_tightened() -> list[Path]:
    """The files and folders tightened since the last call: each is said once."""
    with _lock:
        taken = list(_tightened)
        _tightened.clear()
    return taken


def _needs(info: os.stat_result) -> bool:
    owner = getattr(os, "geteuid", None)
    if owner is not None and info.st_uid != owner():
        return False
    return bool(stat.S_IMODE(info.st_mode) & _OTHERS)


def tighten_fd(fd: int, path: Path, *, say: bool = True) -> None:
    """An open file of this account that others may read, made private through its
    descriptor (no window in which another file could stand at ``path``); noted unless
    ``say`` is False. For a writer that opens files its own way (non-blocking, locked)."""
    info = os.fstat(fd)
    fchmod = getattr(os, "fchmod", None)  # Windows has no modes to tighten
    if fchmod is None or not stat.S_ISREG(info.st_mode) or not _needs(info):
        return
    with contextlib.suppress(OSError):  # a file system without modes (a USB stick's FAT)
        fchmod(fd, stat.S_IMODE(info.st_mode) & ~_OTHERS)
        if say:
            _note(path)


def _note(path: Path) -> None:
    with _lock:
        _tightened.append(path)
