"""Work done at start-up kept for the next start: parsed catalogues, a level's common words.

Before a person hears "Twój ruch" the program parsed some twenty TOML catalogues (about a
tenth of a second) and indexed the tens of thousands of words a computer level knows (more
than that, and numpy with it). Neither changes between two runs unless its files change, so
each is kept here, in ``marshal`` form, under a key made of its source files' paths, sizes
and modification times (and whatever else the caller says it depends on): a changed,
added or removed source file is a new key, and the work is done again.

The folder is ``$BRAILLE_WORDS_DATA/cache`` when that is set (one installation's files in one
place; it keeps tests off the person's own), else platformdirs' user cache folder. Files are
created ``0600`` in a ``0700`` folder (``private_files``), as everything of this program in
a person's folders is. A cache is only ever a shortcut: a missing, unreadable, corrupt or
foreign file is ignored, and one that cannot be written is not written, without a word.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from braille_words.private_files import FILE_MODE, private_folder, tighten_fd

T = TypeVar("T")

FORMAT = 1
"""Bumped when what is kept changes shape: an older file then misses, and is replaced."""


def cache_dir() -> Path:
    """Where the kept work lives (it need not exist yet)."""
    data = os.environ.get("BRAILLE_WORDS_DATA")
    if data:
        return Path(data) / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("braille-words"))


def source_key(sources: Iterable[Path]) -> tuple[tuple[str, int, int], ...]:
    """Each source file's path, modification time (ns) and size: what says it changed."""
    key = []
    for path in sources:
        info = path.stat()
        key.append((os.fspath(path), info.st_mtime_ns, info.st_size))
    return tuple(key)


def cached(
    name: str,
    key: object,
    build: Callable[[], T],
    valid: Callable[[Any], bool] = lambda _value: True,
) -> T:
    """The value kept as ``name`` under ``key`` (plain data: tuples, lists, dicts, str, int,
    bytes), or ``build()``'s, which is then kept. ``valid`` rejects a kept value of the wrong
    shape (a file damaged in a way ``marshal`` still reads)."""
    path = cache_dir() / f"{name}.marshal"
    try:
        kept = marshal.loads(path.read_bytes())
        if (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == FORMAT
                and kept[1] == key and valid(kept[2])):
            value: T = kept[2]
            return value
    except Exception:  # missing, unreadable or corrupt: build it again
        pass
    value = build()
    _keep(path, (FORMAT, key, value))
    return value


def _keep(path: Path, record: Any) -> None:
    try:
        data = marshal.dumps(record)
        private_folder(path.parent)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        try:
            tighten_fd(fd, tmp, say=False)  # a leftover of a killed run may have been wider
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
    except (OSError, ValueError):  # a read-only home, a full disk, a value marshal cannot hold
        pass
