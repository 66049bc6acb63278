"""Words grouped by which of some letters they hold (0, 1, "2 or more"): 7 słów's index.

7 słów scores a word by the card letters it holds, each counted at most twice, so the
lexicon's forms fall into far fewer *signatures* (see ``games/seven_words/computer.py`` for the
search over them). Grouping four million forms takes seconds and hundreds of megabytes, so
``lexicon build`` does it once and writes ``<lang>.signatures`` beside the lexicon; a game maps
it and turns a level's bit sets into integers (a few megabytes), reading a signature's words
(word ids of the lexicon) only when the search lands on it.

Levels: ``all`` (every form, in dictionary order), ``medium`` and ``beginner`` (the forms at
least as frequent as ``LEVEL_MIN_ZIPF``, most frequent first). The order of words and of
signatures is the order the grouping meets them, exactly as an index built in memory from the
same words, so a computer's choices do not depend on where its index came from.
"""

from __future__ import annotations

import gc
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from braille_words.lexicon import arrays
from braille_words.tiles import ENGLISH, POLISH

KIND = "letter signatures 1"
WORDS_PER_SIGNATURE = 6  # words kept per signature (a family clash needs spares)
LEVEL_MIN_ZIPF: dict[str, float] = {"all": 0.0, "medium": 1.0, "beginner": 3.0}


def cap(key: str) -> str:
    """A sorted signature with each letter kept at most twice."""
    out: list[str] = []
    for c in key:
        if len(out) >= 2 and out[-1] == c and out[-2] == c:
            continue
        out.append(c)
    return "".join(out)


def group(
    words: Iterable[tuple[int, str]], card_letters: Iterable[str]
) -> tuple[list[str], list[list[int]]]:
    """Signatures (sorted card letters, each at most twice) in the order first met, and the
    ids of up to ``WORDS_PER_SIGNATURE`` words of each.

    Words are grouped first by their full signature, then groups whose capped signatures
    agree are joined in that order — the order the 7 słów index has always had.
    """
    was_enabled = gc.isenabled()
    gc.disable()  # millions of small lists, none in a cycle: the collector would rescan them
    try:
        letters = sorted(set(card_letters))
        drop: dict[int, None] = {
            ord(c): None for c in (*POLISH.letters, *ENGLISH.letters) if c not in letters
        }
        only_cards = {ord(c): None for c in letters}
        groups: dict[str, list[int]] = {}
        for word_id, word in words:
            skeleton = word.translate(drop)
            stray = skeleton.translate(only_cards)
            if stray:
                drop.update((ord(c), None) for c in stray)
                skeleton = word.translate(drop)
            key = "".join(sorted(skeleton))
            found = groups.get(key)
            if found is None:
                groups[key] = [word_id]
            elif len(found) < WORDS_PER_SIGNATURE:
                found.append(word_id)
        capped: dict[str, list[int]] = {}
        for key, ids in groups.items():
            ck = cap(key)
            have = capped.get(ck)
            if have is None:
                capped[ck] = list(ids)
            elif len(have) < WORDS_PER_SIGNATURE:
                have.extend(ids[: WORDS_PER_SIGNATURE - len(have)])
        keys = list(capped)
        return keys, [capped[k] for k in keys]
    finally:
        if was_enabled:
            gc.enable()


def letter_bits(letters: Sequence[str], keys: Sequence[str]) -> dict[str, tuple[bytes, bytes]]:
    """Per letter, bit sets (little-endian bytes) of the signatures holding it once / twice."""
    n = len(keys)
    ones = {c: bytearray((n + 7) // 8) for c in letters}
    twos = {c: bytearray((n + 7) // 8) for c in letters}
    for i, key in enumerate(keys):
        byte, bit = i >> 3, 1 << (i & 7)
        prev = ""
        for c in key:
            if c == prev:
                twos[c][byte] |= bit
            else:
                ones[c][byte] |= bit
            prev = c
    return {c: (bytes(ones[c]), bytes(twos[c])) for c in letters}


@dataclass
class Level:
    """One level's index as the search needs it: bit sets as integers, words on demand."""

    letters: list[str]
    size: int
    bits: dict[str, tuple[int, int]]
    words: Sequence[tuple[str, ...]]


class WordGroups(Sequence[tuple[str, ...]]):
    """The words of each signature, spelled from word ids only when asked for."""

    def __init__(self, start: Sequence[int], ids: Sequence[int], spell: Any) -> None:
        self._start = start
        self._ids = ids
        self._spell = spell

    def __len__(self) -> int:
        return len(self._start) - 1

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        spell = self._spell
        return tuple(
            spell(self._ids[j]) for j in range(self._start[index], self._start[index + 1])
        )

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        for i in range(len(self)):
            yield self[i]


def sections_for(
    name: str, letters: Sequence[str], keys: Sequence[str], groups: Sequence[Sequence[int]]
) -> dict[str, array[int]]:
    bits = letter_bits(letters, keys)
    ones = array("B", b"".join(bits[c][0] for c in letters))
    twos = array("B", b"".join(bits[c][1] for c in letters))
    start = array("I", [0])
    ids = array("I")
    for g in groups:
        ids.extend(g)
        start.append(len(ids))
    return {f"{name}.ones": ones, f"{name}.twos": twos, f"{name}.start": start, f"{name}.ids": ids}


def write(
    target: Path,
    letters: Sequence[str],
    levels: dict[str, tuple[list[str], list[list[int]]]],
    header: dict[str, object],
) -> None:
    """Write every level's signatures (``group``'s result) into one file."""
    sections: dict[str, array[int]] = {}
    sizes: dict[str, int] = {}
    for name, (keys, groups) in levels.items():
        sections.update(sections_for(name, letters, keys, groups))
        sizes[name] = len(keys)
    head = dict(
        header,
        letters=list(letters),
        levels=sizes,
        words_per_signature=WORDS_PER_SIGNATURE,
        min_zipf=LEVEL_MIN_ZIPF,
    )
    arrays.write(target, KIND, head, sections)


def header_of(source: Path) -> dict[str, Any] | None:
    return arrays.read_header(source, KIND)


def load(source: Path, stamp: str, level: str, spell: Any) -> Level | None:
    """``level`` mapped from ``source``, or None when missing, damaged or of another build.

    ``spell`` turns a word id into its word (``WordGraph.word_at``).
    """
    mapped = arrays.map_file(source, KIND)
    if mapped is None:
        return None
    head = mapped.header
    if (
        head.get("stamp") != stamp
        or head.get("words_per_signature") != WORDS_PER_SIGNATURE
        or head.get("min_zipf") != LEVEL_MIN_ZIPF
    ):
        return None
    letters = [str(c) for c in head.get("letters", [])]
    size = head.get("levels", {}).get(level)
    s = mapped.sections
    try:
        ones, twos = s[f"{level}.ones"], s[f"{level}.twos"]
        start, ids = s[f"{level}.start"], s[f"{level}.ids"]
    except KeyError:
        return None
    width = (size + 7) // 8 if isinstance(size, int) else -1
    if width < 0 or len(ones) != width * len(letters) or len(start) != size + 1:
        return None
    bits = {
        c: (
            int.from_bytes(ones[i * width : (i + 1) * width], "little"),
            int.from_bytes(twos[i * width : (i + 1) * width], "little"),
        )
        for i, c in enumerate(letters)
    }
    groups = WordGroups(start, ids, spell)
    groups._mapping = mapped.mapping  # type: ignore[attr-defined]  # keep the map alive
    return Level(letters, int(size), bits, groups)


def for_lexicon(lexicon: Any, level: str) -> Level:
    """``level`` of the index built with a compiled lexicon (``<lang>.signatures`` beside it).

    Raises BrailleWordsError with what to run when the file is missing or of another build.
    """
    from braille_words.errors import BrailleWordsError

    stamp = getattr(lexicon, "stamp", None)
    source = Path(str(getattr(lexicon, "source", "")))
    found = (
        load(source.with_suffix(".signatures"), stamp, level, lexicon.word_at)
        if isinstance(stamp, str)
        else None
    )
    if found is None:
        raise BrailleWordsError(
            "the 7 słów computer's word index is missing or belongs to another build of the "
            "word list; run `braille-words lexicon build`."
        )
    return found
