"""What the program keeps about people, for how long, and how a student is forgotten.

Journals (``*.jsonl``), their activity logs (``*.activity.ndjson``) and the hosts' state
(``hosts/*/host.json``: join codes and tokens) are records of minors. They are kept in the
sessions folder, private to the account (``private_files``), for ``keep_days`` (one school
year unless the school says otherwise, ``user_config``); each command that plays or reads
games first removes what is older, by the day it was last written, and says so once.

Forgetting a student must not take the game away from the others who played it: a journal
where nobody else sat is removed with its activity log; one shared with other people keeps
its moves (the others' results and ``resume`` replay them) but the student's seat is renamed
("Gracz 2"), marked forgotten (a seat setting, so reports leave it out), and the student's
lines leave the activity log (their hints, commands, refused words and times); where the
others' lines name the student (what they were told or typed), the seat's new name stands.
A journal a running game holds is left alone and named, for forgetting once the game has
ended. The crash log (the program's faults) loses the reports that name the student, and goes
with the games of its time.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError, InputError
from braille_words.private_files import (
    private_output,
    take_tightened,
    tighten_tree,
    walk,
    write_private,
)
from braille_words.table.activity import SUFFIX as ACTIVITY_SUFFIX
from braille_words.table.activity import activity_path

FORGOTTEN = "forgotten"
"""The seat setting that marks a seat whose person was forgotten: reports leave it out."""

FORGOTTEN_NAMES = "forgotten_names"
"""The seat setting that lists (tab-separated) the new names of students forgotten who were
put at the seat during the game (``zamiana``): reports leave them out."""

DAY = 24 * 60 * 60


@dataclass
class Forgotten:
    """What ``forget`` did, file by file."""

    removed: list[Path] = field(default_factory=list)
    redacted: list[Path] = field(default_factory=list)
    busy: list[Path] = field(default_factory=list)
    """Journals a running game holds: left as they were."""
    unreadable: list[Path] = field(default_factory=list)


def journals_under(folder: Path) -> list[Path]:
    """Every journal in ``folder`` and below it (a host keeps its tables' in its own folder)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.jsonl") if p.is_file() and not p.is_symlink())


@contextlib.contextmanager
def held(path: Path) -> Iterator[bool]:
    """Holds the journal's lock while the caller changes it (yields False); yields True,
    holding nothing, when a running game has it. Without advisory locks (Windows) every
    journal counts as free."""
    try:
        import fcntl
    except ImportError:
        yield False
        return
    try:
        handle = path.open("rb")
    except OSError:
        yield False
        return
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield True
            return
        yield False


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def remove_older_than(folder: Path, days: int, now: float | None = None,
                      found: Mapping[str, os.stat_result] | None = None) -> list[Path]:
    """The journals (with their activity logs) and hosts' states in ``folder`` last written
    more than ``days`` days ago, removed; the journals removed. A game in play is kept.
    ``found``: what ``tighten_tree`` saw there, so a start walks the folder once."""
    if found is None:
        found = walk(folder) if folder.is_dir() else {}
    cutoff = (time.time() if now is None else now) - days * DAY
    files = {name: info.st_mtime for name, info in found.items() if stat.S_ISREG(info.st_mode)}
    journals = sorted(name for name in files if name.endswith(".jsonl"))
    removed: list[Path] = []
    for name in journals:
        log = name[: -len(".jsonl")] + ACTIVITY_SUFFIX  # activity_path's name, as text
        if max(files[name], files.get(log, 0.0)) >= cutoff:
            continue
        journal = Path(name)
        with held(journal) as busy:
            if busy:
                continue
            _remove(activity_path(journal))
            _remove(journal)
        removed.append(journal)
    gone = {str(p) for p in removed}
    kept = {os.path.dirname(name) for name in journals if name not in gone}
    for name, written in files.items():
        if written >= cutoff:
            continue
        if name.endswith(ACTIVITY_SUFFIX):
            if name[: -len(ACTIVITY_SUFFIX)] + ".jsonl" not in files:
                _remove(Path(name))  # a log whose game is gone
        elif os.path.basename(name) == "host.json" and os.path.dirname(name) not in kept:
            _remove(Path(name))
            with contextlib.suppress(OSError):
                os.rmdir(os.path.dirname(name))  # only when nothing else is left in it
    return removed


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _group(seats: Sequence[Mapping[str, Any]], seat: int) -> str:
    return str(seats[seat].get("group") or "") if 0 <= seat < len(seats) else ""


def classes_of(name: str, folders: Sequence[Path]) -> list[str]:
    """The classes a student called ``name`` played in (from their rosters; "" for games
    without a class): two students of one name in two classes are two students, and
    ``forget`` must not take one's games with the other's."""
    from braille_words.table import journal as journal_mod

    found: set[str] = set()
    for folder in folders:
        for path in journals_under(folder):
            try:
                record = journal_mod.read(path)
            except journal_mod.CorruptJournal:
                continue
            seats = record.header.seats
            found |= {_group(seats, i) for i, s in enumerate(seats)
                      if _same_name(str(s.get("name", "")), name)}
            found |= {_group(seats, i) for i, seated in record.seated.items()
                      if any(_same_name(n, name) for n in seated)}
    return sorted(found)


def forget_student(name: str, folders: Sequence[Path], group: str | None = None) -> Forgotten:
    """Every record of the student called ``name`` in ``folders`` removed or made nameless
    (see the module's docstring for which and why); with ``group``, only in games where
    they played in that class (Ola of 3b is not Ola of 3a)."""
    from braille_words.table import journal as journal_mod

    def theirs(seats: Sequence[Mapping[str, Any]], seat: int) -> bool:
        return group is None or _group(seats, seat) == group

    done = Forgotten()
    for folder in folders:
        for path in journals_under(folder):
            try:
                record = journal_mod.read(path)
            except journal_mod.CorruptJournal:
                with contextlib.suppress(OSError):  # named, for the teacher to look at
                    if name.casefold() in path.read_text("utf-8", "replace").casefold():
                        done.unreadable.append(path)
                continue
            seats = record.header.seats
            gone = [i for i, s in enumerate(seats)
                    if _same_name(str(s.get("name", "")), name) and theirs(seats, i)
                    and not record.settings.get(i, {}).get(FORGOTTEN)]
            later = sorted(i for i, seated in record.seated.items()
                           if any(_same_name(n, name) for n in seated) and theirs(seats, i))
            if not gone and not later:
                continue
            forgotten = {n for i in record.seated
                         for n in record.settings.get(i, {}).get(FORGOTTEN_NAMES, "").split("\t")}
            others = [i for i, s in enumerate(seats) if i not in gone
                      and s.get("kind", "human") == "human"
                      and not record.settings.get(i, {}).get(FORGOTTEN)]
            others += [i for i, seated in record.seated.items()
                       if any(not _same_name(n, name) and n not in forgotten for n in seated)]
            with held(path) as busy:
                if busy:
                    done.busy.append(path)
                    continue
                if not others:
                    _remove(activity_path(path))
                    _remove(path)
                    done.removed.append(path)
                    continue
                every = [str(s.get("name", "")) for s in seats]
                every += [n for seated in record.seated.values() for n in seated]
                _redact(path, gone, every, name, later, record.settings)
                done.redacted.append(path)
    _forget_in_crash_log(name)
    return done


CRASH_LOG = "crash.log"
"""The program's own faults, beside the sessions folder (``cli``): a fault's message may
name a student or hold their rack ("Stojak Oli: …"), so it is a record like the others."""
_FAULT = "Traceback (most recent call last):"


def crash_log() -> Path:
    from braille_words.table.launch import sessions_dir

    return sessions_dir().parent / CRASH_LOG


def _forget_in_crash_log(name: str) -> None:
    """The faults whose report names the student, out of the crash log."""
    path = crash_log()
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    named = re.compile(rf"(?<!\w){re.escape(' '.join(name.split()))}(?!\w)", re.IGNORECASE)
    faults = [_FAULT + part for part in text.split(_FAULT)[1:]]
    kept = [fault for fault in faults if not named.search(fault)]
    if len(kept) == len(faults):
        return
    with contextlib.suppress(OSError):
        if kept:
            write_private(path, "".join(kept))
        else:
            _remove(path)


def remove_old_crash_log(days: int, now: float | None = None) -> None:
    """The crash log, not written to for ``days`` days, removed with the games of its time."""
    path = crash_log()
    cutoff = (time.time() if now is None else now) - days * DAY
    with contextlib.suppress(OSError):
        if path.stat().st_mtime < cutoff:
            path.unlink()


def _redact(path: Path, gone: list[int], names: list[str], name: str = "",
            later: Sequence[int] = (), settings: Mapping[int, Mapping[str, str]] | None = None,
            ) -> None:
    """The journal keeps its moves under a new name for each forgotten seat, and for each
    forgotten student the teacher put at a seat during the game (``later``); the activity
    log loses their lines (only while they sat there), and the other seats' lines name them
    by their new names. Both are replaced whole, never left half-written."""
    from braille_words.present.messages import text

    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header: dict[str, Any] = json.loads(lines[0])
    taken = {n.casefold() for n in names}
    renamed: dict[str, str] = {}

    def placeholder(seat: int) -> str:
        lang = str(header["seats"][seat].get("lang", "pl"))
        number = seat + 1
        while (new := text(lang, "forgotten_seat", number=number)).casefold() in taken:
            number += len(names)
        taken.add(new.casefold())
        return new

    for seat in gone:
        new = placeholder(seat)
        renamed[names[seat]] = new
        header["seats"][seat]["name"] = new
    lines[0] = json.dumps(header, ensure_ascii=False, sort_keys=True) + "\n"
    if lines and not lines[-1].endswith("\n"):
        lines.pop()  # a torn last line: the game never announced it
    put: dict[int, str] = {}
    for number, line in enumerate(lines[1:], start=1):
        seated = _seated(line)
        if seated is not None and seated[0] in later and _same_name(seated[1], name):
            seat = seated[0]
            put.setdefault(seat, placeholder(seat))
            lines[number] = json.dumps({"seat": seat, "setting": {"name": put[seat]}},
                                       ensure_ascii=False) + "\n"
    if name.strip() and put:
        renamed.setdefault(name, next(iter(put.values())))
    for seat in gone:
        lines.append(json.dumps({"seat": seat, "setting": {FORGOTTEN: "yes"}}) + "\n")
    for seat, new in put.items():
        before = (settings or {}).get(seat, {}).get(FORGOTTEN_NAMES, "")
        listed = "\t".join(n for n in (before, new) if n)
        lines.append(json.dumps({"seat": seat, "setting": {FORGOTTEN_NAMES: listed}},
                                ensure_ascii=False) + "\n")
    write_private(path, "".join(lines))
    activity = activity_path(path)
    try:
        logged = activity.read_text(encoding="utf-8").splitlines(keepends=True)
    except OSError:
        return
    sitting = {seat: seat in gone for seat in range(len(header["seats"]))}
    """Whether the forgotten student sits at each seat as the log goes."""
    kept = []
    for line in logged:
        at, sat = _seat_of(line), _seated_in_log(line)
        if at is not None and sat is not None:
            sitting[at] = _same_name(sat, name)
        if at is None or not sitting.get(at, False):
            kept.append(_renamed_in(line, renamed))
    write_private(activity, "".join(kept))


def _renamed_in(line: str, renamed: Mapping[str, str]) -> str:
    """An activity line of another seat with the forgotten names replaced by their seats'
    new ones: what a classmate was told ("Teraz gra: Ola") or typed ("wyzwanie Ola") named
    the student, and the teacher's report reads it."""
    for old, new in renamed.items():
        if old.strip():
            pattern = re.compile(rf"(?<!\w){re.escape(old.strip())}(?!\w)", re.IGNORECASE)
            line = pattern.sub(new.replace("\\", "\\\\"), line)
    return line


def _seat_of(line: str) -> int | None:
    try:
        seat = json.loads(line).get("seat")
    except (json.JSONDecodeError, AttributeError):
        return None
    return seat if isinstance(seat, int) else None


def _seated(line: str) -> tuple[int, str] | None:
    """A journal line that puts a student at a seat: (seat, name)."""
    try:
        obj = json.loads(line)
        seat, name = obj.get("seat"), obj.get("setting", {}).get("name")
    except (json.JSONDecodeError, AttributeError):
        return None
    return (seat, name) if isinstance(seat, int) and isinstance(name, str) else None


def _seated_in_log(line: str) -> str | None:
    """An activity line that says a student sat down at its seat: their name."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError:
        return None
    if not isinstance(obj, dict) or obj.get("kind") != "seated":
        return None
    what = obj.get("what")
    return what if isinstance(what, str) else None


def is_forgotten(settings: dict[int, dict[str, str]], seat: int) -> bool:
    """Whether the person at ``seat`` of a journal read back was forgotten."""
    return bool(settings.get(seat, {}).get(FORGOTTEN))


def housekeeping(lang: str, keep: int | None = None, folder: Path | None = None) -> None:
    """What every command that plays or reads games does first: records past their time
    removed (said here); the program's own folder, and standard output sent to a file, made
    private (said by ``say_tightened`` once the command has opened the rest, so a start says
    it in one sentence)."""
    from braille_words.table.launch import sessions_dir
    from braille_words.user_config import config_path, keep_days

    try:
        days = keep_days(keep)
    except BrailleWordsError as exc:  # said in the console's language, not the log's English
        from braille_words.present.messages import error_text

        raise InputError(error_text(exc, lang)) from None
    private_output(sys.stdout)  # `play … > partia.txt`: racks; `report --csv > raport.csv`
    folder = sessions_dir() if folder is None else folder
    if days > 0:
        remove_old_crash_log(days)
    if folder.is_dir():
        found = tighten_tree(folder)
        if days > 0:
            removed = remove_older_than(folder, days, found=found)
            if removed:
                _say(lang, "records_removed", count=len(removed), days=days,
                     config=config_path())


def say_tightened(lang: str) -> None:
    """Once, after everything a command opens is open: the files and folders the program
    found readable by other accounts and made private, with the folders they are in."""
    tightened = take_tightened()
    if not tightened:
        return
    folders = [p for p in tightened if p.is_dir()]
    folders = [f for f in folders if not any(o != f and f.is_relative_to(o) for o in folders)]
    loose: dict[Path, list[Path]] = {}
    for path in tightened:
        if not any(path.is_relative_to(f) for f in folders):
            loose.setdefault(path.parent, []).append(path)
    places = [str(f) for f in folders]
    places += [str(files[0] if len(files) == 1 else parent) for parent, files in loose.items()]
    _say(lang, "private_tightened", count=len(tightened), where=", ".join(places))


def _say(lang: str, key: str, **params: Any) -> None:
    from braille_words.present.messages import text

    print("braille-words: " + text(lang, key, **params), file=sys.stderr)
