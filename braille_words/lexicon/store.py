"""Compiled lexicon files: where they live, how they are written and mapped back in.

A language's lexicon is two files in ``<data>/lexicon/``:

* ``<lang>.graph`` — our walkable word graph (see ``graph.py``): a magic line, a JSON header
  (letters, section offsets, the settings and a signature of the sources), then the flat
  arrays, each aligned to 8 bytes. Loading maps the file and casts slices of it; nothing is
  parsed but the header, so it takes milliseconds and the pages are shared between
  processes.
* ``<lang>.dawg`` — the same words in a dawg2 (C++ dawgdic) automaton, which answers
  membership about thirty times faster than a Python walk of our arrays can.

``<data>`` is platformdirs' ``user_data_dir("braille-words")``, or ``$BRAILLE_WORDS_DATA``, or a
folder given by the caller. A build writes its files (these two, and the frequencies,
lemmas and 7 słów index beside them) into a folder of its own and moves them in together
under the lexicon's lock, so a crash mid-build leaves the old lexicon whole and a game never
loads files of two builds. It builds only when what it reads changed (``signature``).
"""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import json
import mmap
import os
import shutil
import tempfile
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError
from braille_words.lexicon import arrays as files
from braille_words.lexicon.abbreviations import abbreviation_files
from braille_words.lexicon.graph import SECTIONS, build_arrays
from braille_words.lexicon.sources import SOURCE_FILTER, Settings, collect_words
from braille_words.private_files import private_folder
from braille_words.tiles import alphabet

MAGIC = b"braille-words word graph\n"
FORMAT = 2  # 2: per-node word counts (word ids), frequencies and 7 słów index beside
ENV_VAR = "BRAILLE_WORDS_DATA"


def data_root(path: str | Path | None = None) -> Path:
    """The user's data folder: ``path`` if given, else $BRAILLE_WORDS_DATA, else platformdirs."""
    if path is not None:
        return Path(path)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("braille-words"))


def lexicon_dir(path: str | Path | None = None) -> Path:
    return data_root(path) / "lexicon"


def graph_path(lang: str, path: str | Path | None = None) -> Path:
    return lexicon_dir(path) / f"{lang}.graph"


def dawg_path(lang: str, path: str | Path | None = None) -> Path:
    return lexicon_dir(path) / f"{lang}.dawg"


def freq_path(lang: str, path: str | Path | None = None) -> Path:
    return lexicon_dir(path) / f"{lang}.freq"


def lemmas_path(lang: str, path: str | Path | None = None) -> Path:
    return lexicon_dir(path) / f"{lang}.lemmas"


def signatures_path(lang: str, path: str | Path | None = None) -> Path:
    return lexicon_dir(path) / f"{lang}.signatures"


def signature(settings: Settings) -> str:
    """A fingerprint of everything a build reads, by content: the format, the source filter,
    the settings, the alphabet, each word list's and our list of abbreviations' bytes, and
    the versions of wordfreq and morfeusz2 (frequencies, abbreviations and lemmas come from
    them).

    Content, not paths or times: a fresh clone (CI's) holds our lists under another path
    with new times, and keying by those rebuilt the shared lexicon on every CI run, for
    minutes in which games elsewhere met files of two builds. Hashing the lists costs
    about a third of a second (wpolish is 60 MB), only at ``lexicon build``.
    """
    import hashlib  # here, not at the top: OpenSSL's library is 4 MB of a game's memory

    parts: list[object] = [
        FORMAT, SOURCE_FILTER, settings.to_json(), list(alphabet(settings.lang).letters),
        _tool_versions(settings.lang),
    ]
    for name in settings.files():
        parts.append([name, _content_digest(name)])
    # Our own lists by content alone: their path is wherever the code was checked out.
    parts.extend(_content_digest(name) for name in abbreviation_files(settings.lang))
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode()).hexdigest()


def _content_digest(name: str) -> str | None:
    """The SHA-256 of a file's bytes, or None when it cannot be read (a later build that
    finds it again differs, and a build without it fails with its own message)."""
    import hashlib

    digest = hashlib.sha256()
    try:
        with open(name, "rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def _tool_versions(lang: str) -> dict[str, str | None]:
    """The versions of the libraries whose data a build of ``lang`` holds."""
    from importlib.metadata import PackageNotFoundError, version

    from braille_words.lexicon import abbreviations, lemmas

    tools = ["wordfreq"]
    if lang in abbreviations.LANGS or lang in lemmas.LANGS:
        tools.append("morfeusz2")
    found: dict[str, str | None] = {}
    for tool in tools:
        try:
            found[tool] = version(tool)
        except PackageNotFoundError:
            found[tool] = None
    return found


def _pad(n: int) -> int:
    return (-n) % 8


def write_graph(
    target: Path, arrays: dict[str, array[int]], header: dict[str, Any]
) -> None:
    """Write the arrays with their header, atomically (temporary file, then rename)."""
    sections: dict[str, list[int]] = {}
    offset = 0
    for name, code in SECTIONS:
        arr = arrays[name]
        if arr.typecode != code:
            raise ValueError(f"section {name} has type {arr.typecode}, not {code}")
        size = len(arr) * arr.itemsize
        sections[name] = [offset, len(arr)]
        offset += size + _pad(size)
    header = dict(header, format=FORMAT, sections=sections)
    files.write_file(target, MAGIC, header, [arrays[name] for name, _code in SECTIONS])


def read_header(source: Path) -> dict[str, Any] | None:
    """The JSON header of a compiled graph, or None when the file is missing or not ours."""
    header = files.read_header_after(source, MAGIC)
    if header is None or header.get("format") != FORMAT:
        return None
    return header


@dataclass
class MappedGraph:
    """A graph file mapped into memory; ``arrays`` are views into the mapping."""

    header: dict[str, Any]
    arrays: dict[str, Sequence[int]]
    mapping: mmap.mmap


def map_graph(source: Path) -> MappedGraph:
    """Map a compiled graph. Raises BrailleWordsError if it is missing or damaged."""
    header = read_header(source)
    lang = source.stem
    if header is None:
        raise BrailleWordsError(
            f"the {lang} word list is not compiled yet (no usable {source}); "
            "run `braille-words lexicon build`."
        )
    with open(source, "rb") as handle:
        mapping = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    start = len(MAGIC) + 8 + int.from_bytes(mapping[len(MAGIC) : len(MAGIC) + 8], "little")
    view = memoryview(mapping)
    arrays: dict[str, Sequence[int]] = {}
    try:
        for name, code in SECTIONS:
            offset, length = header["sections"][name]
            size = length * array(code).itemsize
            begin = start + int(offset)
            if begin + size > len(mapping):
                raise ValueError("truncated")
            arrays[name] = view[begin : begin + size].cast(code)  # type: ignore[call-overload]
        nodes, edges = len(arrays["first"]), len(arrays["label"])
        if not nodes or {len(arrays[k]) for k in ("count", "final", "height", "below")} != {
            nodes
        }:
            raise ValueError("node sections disagree")
        if len(arrays["target"]) != edges:
            raise ValueError("edge sections disagree")
    except (KeyError, TypeError, ValueError):
        raise BrailleWordsError(
            f"the compiled word list {source} is damaged; "
            "run `braille-words lexicon build --force`."
        ) from None
    return MappedGraph(header, arrays, mapping)


def encode_words(words: Sequence[str], lang: str) -> list[bytes]:
    """Words as bytes of alphabet indices, sorted in the alphabet's order."""
    if not words:
        return []
    table = {ord(c): i for i, c in enumerate(alphabet(lang).letters)}
    table[ord("\n")] = 255  # a separator no letter index can be
    # One translate over the joined list (in C) instead of four million small ones.
    encoded = "\n".join(words).translate(table).encode("latin-1").split(b"\xff")
    encoded.sort()
    return encoded


def compile_words(words: Sequence[str], lang: str) -> dict[str, array[int]]:
    return build_arrays(encode_words(words, lang))


def saved_settings(lang: str, path: str | Path | None = None) -> Settings | None:
    header = read_header(graph_path(lang, path))
    if header is None:
        return None
    return Settings.from_json(header.get("settings"))


def is_up_to_date(
    settings: Settings,
    path: str | Path | None = None,
    signature_letters: Sequence[str] | None = None,
) -> bool:
    """Whether the compiled files match ``settings`` (and hold the index for these letters)."""
    from braille_words.lexicon import arrays, frequency, lemmas, signatures

    lang = settings.lang
    header = read_header(graph_path(lang, path))
    if (
        header is None
        or header.get("signature") != signature(settings)
        or not dawg_path(lang, path).is_file()
    ):
        return False
    stamp = header.get("stamp")
    freq = arrays.read_header(freq_path(lang, path), frequency.KIND)
    if freq is None or freq.get("stamp") != stamp:
        return False
    if lang in lemmas.LANGS:
        found = arrays.read_header(lemmas_path(lang, path), lemmas.KIND)
        if found is None or found.get("stamp") != stamp:
            return False
    if signature_letters:
        sig = signatures.header_of(signatures_path(lang, path))
        wanted = sorted(set(signature_letters))
        if sig is None or sig.get("stamp") != stamp or sig.get("letters") != wanted:
            return False
    return True


@dataclass(frozen=True)
class BuildReport:
    lang: str
    skipped: bool
    words: int = 0
    nodes: int = 0
    edges: int = 0
    seconds: float = 0.0
    graph_bytes: int = 0
    dawg_bytes: int = 0
    freq_bytes: int = 0
    ranked: int = 0
    signatures_bytes: int = 0


def graph_order(encoded: Sequence[bytes], lang: str) -> list[str]:
    """``encode_words``' sorted bytes spelled back: the words in word-id order."""
    letters = alphabet(lang).letters
    table = {i: c for i, c in enumerate(letters)}
    table[255] = "\n"
    return b"\xff".join(encoded).decode("latin-1").translate(table).split("\n")


def build(
    settings: Settings,
    path: str | Path | None = None,
    *,
    force: bool = False,
    progress: Callable[[str], None] | None = None,
    signature_letters: Sequence[str] | None = None,
) -> BuildReport:
    """Compile ``settings`` into the data folder, unless the files there are up to date.

    Beside the graph and the lookup automaton it writes the word frequencies
    (``<lang>.freq``) and, given ``signature_letters`` (7 słów's card letters), the letter
    signature index (``<lang>.signatures``). Every file carries one build stamp.

    The files are written into a folder of their own beside the lexicon and moved in
    together at the end (``_install``), under the lexicon's lock: a game that loads the
    lexicon while it is rebuilt (a whole build takes minutes) sees the files of one build,
    the old or the new, and a crash mid-build leaves the old files whole.
    """
    say = progress or (lambda _msg: None)
    lang = settings.lang
    if not force and is_up_to_date(settings, path, signature_letters):
        return BuildReport(lang, skipped=True)
    started = time.perf_counter()
    for name in settings.sources:
        if not Path(name).is_file():
            raise BrailleWordsError(
                f"the word list {name} is missing; install the Debian packages "
                "wpolish and scowl (setup.sh does), or give another list."
            )
    home = lexicon_dir(path)
    # The data folder made here is made private: the games' journals and the students'
    # reports go into it later, and its first maker is most often this build (the set-up).
    private_folder(data_root(path), ours=False)
    home.mkdir(parents=True, exist_ok=True)
    # Beside the lexicon's real folder (it may be a link to a shared one): a rename into it
    # must not cross file systems.
    beside = home.resolve().parent
    _remove_abandoned(beside)
    staging = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{lang}-", dir=beside))
    try:
        report = _build_into(staging, settings, say, signature_letters)
        _install(staging, home, lang)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return dataclasses.replace(report, seconds=time.perf_counter() - started)


STAGING_PREFIX = ".lexicon-build-"
ABANDONED_AFTER = 24 * 3600.0
"""Seconds after which a build's folder is taken for one a killed build left (a whole build
takes minutes): the next build removes it."""


def _remove_abandoned(beside: Path) -> None:
    now = time.time()
    for old in beside.glob(f"{STAGING_PREFIX}*"):
        try:
            if now - old.stat().st_mtime > ABANDONED_AFTER:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue


BUILT_SUFFIXES = (".dawg", ".freq", ".lemmas", ".signatures", ".graph")
"""The files of one language's build, in the order ``_install`` moves them in (the graph,
whose header says what was built, last)."""


def _build_into(
    staging: Path,
    settings: Settings,
    say: Callable[[str], None],
    signature_letters: Sequence[str] | None,
) -> BuildReport:
    """Write one language's files into the empty folder ``staging``."""
    import secrets

    import dawg

    from braille_words.lexicon import frequency, lemmas, signatures

    lang = settings.lang
    say(f"{lang}: reading word lists")
    words = collect_words(settings)
    if not words:
        raise BrailleWordsError(f"no {lang} words found in {', '.join(settings.sources)}")
    say(f"{lang}: {len(words):,} words; building the word graph")
    encoded = encode_words(words, lang)
    arrays = build_arrays(encoded)
    target = staging / f"{lang}.graph"
    stamp = secrets.token_hex(8)
    say(f"{lang}: building the lookup automaton")
    member = dawg.DAWG(words, input_is_sorted=True)  # UTF-8 byte order = code point order
    count = len(words)
    del words
    dtarget = staging / f"{lang}.dawg"
    member.save(os.fspath(dtarget))
    del member

    say(f"{lang}: word frequencies")
    code = {ord(c): i for i, c in enumerate(alphabet(lang).letters)}

    def word_id(word: str) -> int | None:
        try:
            key = word.translate(code).encode("latin-1")
        except UnicodeEncodeError:  # a letter outside the alphabet
            return None
        i = bisect.bisect_left(encoded, key)
        return i if i < len(encoded) and encoded[i] == key else None

    by_rank, zipf = frequency.ranked_from_wordfreq(lang, word_id)
    freq = frequency.Frequencies(by_rank, zipf)
    ftarget = staging / f"{lang}.freq"
    frequency.write(
        ftarget, freq, {"stamp": stamp, "lang": lang, "wordfreq": frequency.wordfreq_version()}
    )
    ordered: list[str] | None = None
    if lang in lemmas.LANGS:
        say(f"{lang}: word lemmas (for word families)")
        ordered = graph_order(encoded, lang)
        parts = lemmas.sections(ordered, lemmas.analyse_all(ordered), word_id)
        lemmas.write(staging / f"{lang}.lemmas", parts, {"stamp": stamp, "lang": lang})
        del parts
    starget = staging / f"{lang}.signatures"
    if signature_letters:
        say(f"{lang}: the 7 słów word index")
        if ordered is None:
            ordered = graph_order(encoded, lang)
        del encoded
        letters = sorted(set(signature_letters))
        levels: dict[str, tuple[list[str], list[list[int]]]] = {}
        for level, min_zipf in signatures.LEVEL_MIN_ZIPF.items():
            if min_zipf <= 0:
                levels[level] = signatures.group(enumerate(ordered), letters)
            else:
                ids = list(freq.top(min_zipf=min_zipf))
                levels[level] = signatures.group(((i, ordered[i]) for i in ids), letters)
        del ordered
        signatures.write(starget, letters, levels, {"stamp": stamp, "lang": lang})
        del levels
    header = {
        "lang": lang,
        "letters": list(alphabet(lang).letters),
        "words": count,
        "settings": settings.to_json(),
        "signature": signature(settings),
        "abbreviations_listed": True,  # our lists were dropped here: no look-up filter
        "stamp": stamp,
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    write_graph(target, arrays, header)
    return BuildReport(
        lang,
        skipped=False,
        words=count,
        nodes=len(arrays["count"]),
        edges=len(arrays["label"]),
        graph_bytes=target.stat().st_size,
        dawg_bytes=dtarget.stat().st_size,
        freq_bytes=ftarget.stat().st_size,
        ranked=len(freq),
        signatures_bytes=starget.stat().st_size if starget.exists() else 0,
    )


def _install(staging: Path, home: Path, lang: str) -> None:
    """Move one build's files from ``staging`` into the lexicon folder ``home``, holding the
    lexicon's lock (``locked``) so no game loads while some are moved; a file this build did
    not make (the 7 słów index of an earlier one) is removed, as it would be stale."""
    with locked(home, exclusive=True):
        for suffix in BUILT_SUFFIXES:
            built = staging / f"{lang}{suffix}"
            if built.exists():
                os.chmod(built, 0o644)  # a classroom's accounts may share one data folder
                os.replace(built, home / built.name)
            else:
                (home / built.name).unlink(missing_ok=True)


LOCK_NAME = ".lock"


@contextlib.contextmanager
def locked(home: Path, *, exclusive: bool = False) -> Iterator[None]:
    """The lexicon folder's lock: a build holds it alone while it moves its files in (for
    milliseconds), a game shares it while it loads the graph and the lookup automaton, so
    the two always come from one build. A folder without a lock file (never built by this
    version, or read-only to us) is read without one."""
    import fcntl

    flags = os.O_RDWR | os.O_CREAT if exclusive else os.O_RDONLY
    try:
        fd = os.open(home / LOCK_NAME, flags, 0o644)
    except OSError:
        if exclusive:
            raise
        fd = -1
    if fd < 0:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock
