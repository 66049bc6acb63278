"""Word Thief's anagram index kept between games, in the cache folder, as a mapped file.

Building the index reads every word of the list (a few tenths of a second) and its working
arrays stay in the process's memory afterwards; a file of the finished arrays, mapped, costs
neither: a game reads a header, and only the pages its look-ups touch come into memory (and
are shared with every other game on the computer reading the same file).

The file is one of the compiled lexicon's array files (``lexicon/arrays.py``) and carries
the word list's build stamp and letters: a file of another build, of other letters, or whose
arrays do not add up is not used, and the index is built again and the file replaced. A
cache folder that cannot be written only means the next game builds it too.
"""

from __future__ import annotations

import contextlib
import os
from array import array
from pathlib import Path
from typing import Any

import numpy as np

from braille_words.errors import BrailleWordsError
from braille_words.games.word_thief.finder import SLOT_BITS, AnagramIndex
from braille_words.lexicon import arrays
from braille_words.parsed_cache import cache_dir
from braille_words.private_files import FILE_MODE, private_folder

KIND = "word thief anagram index 1"
TYPES: dict[str, tuple[str, Any]] = {
    "start": ("I", np.uint32),
    "order": ("I", np.uint32),
    "low": ("Q", np.uint64),
    "big": ("B", np.uint8),
    "seen": ("B", np.uint8),
    "text": ("B", np.uint8),
}
"""Each array's type code in the file and its numpy type."""


def path_of(lang: str) -> Path:
    return cache_dir() / f"anagrams-{lang}.arrays"


def kept(graph: Any, kept_as: tuple[str, str],
         kind: type[AnagramIndex] = AnagramIndex) -> AnagramIndex:
    """``graph``'s index from its kept file, else built (and kept for the next game)."""
    lang, stamp = kept_as
    source = path_of(lang)
    found = _mapped(source, graph, stamp, kind)
    if found is not None:
        return found
    index = kind.build(graph)
    _keep(source, index, stamp, graph)
    again = _mapped(source, graph, stamp, kind)  # the built arrays go, the mapping stays
    return index if again is None else again


def _mapped(source: Path, graph: Any, stamp: str, kind: type[AnagramIndex]) -> AnagramIndex | None:
    mapped = arrays.map_file(source, KIND)
    if mapped is None:
        return None
    head = mapped.header
    letters = list(graph.letters)
    width, prime = head.get("width"), head.get("prime")
    if (head.get("stamp") != stamp or head.get("letters") != letters or width not in (1, 4)
            or not isinstance(prime, list) or len(prime) != len(letters)
            or not all(isinstance(p, int) and p > 1 for p in prime)):
        return None
    sections = mapped.sections
    if set(sections) != set(TYPES):
        return None
    parts: dict[str, Any] = {}
    for name, (code, dtype) in TYPES.items():
        view = sections[name]
        if not isinstance(view, memoryview) or view.format != code:
            return None
        parts[name] = np.frombuffer(view, dtype=dtype)
    words = int(graph.below[0])
    start = parts["start"]
    if (len(start) != words + 1 or len(parts["order"]) != words or len(parts["low"]) != words
            or len(parts["big"]) != words or int(start[0]) != 0
            or int(start[-1]) * int(width) != len(parts["text"])
            or len(parts["seen"]) != 1 << (SLOT_BITS - 3)
            or bool((start[1:] < start[:-1]).any())  # no int64 copy of the array
            or (words and int(parts["order"].max()) >= words)):
        return None
    return kind(parts, dict(zip(letters, prime, strict=True)), int(width), keep=mapped.mapping)


def _keep(target: Path, index: AnagramIndex, stamp: str, graph: Any) -> None:
    sections: dict[str, array[int]] = {}
    for name, values in index.parts().items():
        kept = array(TYPES[name][0])
        kept.frombytes(np.ascontiguousarray(values, dtype=TYPES[name][1]).tobytes())
        sections[name] = kept
    letters = list(graph.letters)
    header = {"stamp": stamp, "letters": letters, "width": index.width,
              "prime": [index.prime[c] for c in letters]}
    with contextlib.suppress(OSError, ValueError, BrailleWordsError):
        private_folder(target.parent)
        arrays.write(target, KIND, header, sections)
        os.chmod(target, FILE_MODE)  # as everything of ours in a person's folders
