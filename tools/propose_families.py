"""Propose word-family pairs for Alicja's family file from the Polish lexicon.

Why: lemmas link a word's forms (lwów → lew) but no derivatives; the family file lists the
derivatives a program can be sure of, so that "ręka" then "rączka" puts the speaker out
instead of going to a vote. This script proposes pairs for the 60 themes' words (the words
players most say there); a person keeps only the real ones (see the README, "Alicja's word
families").

How: each theme word (a common noun) loses its lemma ending (-a, -o, -e, -y, -i, -ę),
its last consonant is tried with the usual Polish stem alternations (k → cz, g → ż, ch → sz,
t → c/ć, d → dz/dź, r → rz, ł → l, s → ś, z → ź/ż, n → ń, c → cz, w → wi…) and a root vowel with
ó → o, ą → ę and the reverse (stół – stolik, ręka – rączka), and then the usual diminutive and
derivative suffixes are added (-ek, -ka, -ko, -ik, -yk, -eczek, -eczka, -eczko, -uszek,
-uszka, -ątko, -iczka, -ica, -nik, -arz, -owy, -ny, -ski). Every candidate the lexicon holds
is printed as a pair. Sources: the suffix and alternation lists of Polish word formation as
any grammar gives them (e.g. R. Grzegorczykowa, "Zarys słowotwórstwa polskiego"), and the
same lists as ``braille_words.lexicon.family`` uses to guess roots.

    .venv/bin/python tools/propose_families.py > proposals.txt
"""

from __future__ import annotations

import sys

from braille_words.games.alicja.data import load_data
from braille_words.lexicon import get_lexicon

ENDINGS = ("a", "o", "e", "y", "i", "ę", "")
ALTERNATIONS: dict[str, tuple[str, ...]] = {
    "k": ("k", "cz", "c"), "g": ("g", "ż", "dz"), "ch": ("ch", "sz"), "t": ("t", "c", "ć", "ci"),
    "d": ("d", "dz", "dź", "dzi"), "r": ("r", "rz"), "ł": ("ł", "l"), "s": ("s", "ś", "si"),
    "z": ("z", "ź", "ż", "zi"), "n": ("n", "ń", "ni"), "c": ("c", "cz"), "w": ("w", "wi"),
    "ń": ("ń", "ni", "n"), "ś": ("ś", "si"), "ź": ("ź", "zi"), "ć": ("ć", "ci", "t"),
    "dź": ("dź", "dzi"), "p": ("p", "pi"), "b": ("b", "bi"), "m": ("m", "mi"), "f": ("f", "fi"),
    "l": ("l", "li"), "j": ("j", ""),
}
VOWELS = {"ó": "o", "o": "ó", "ą": "ę", "ę": "ą"}
SUFFIXES = ("ek", "ka", "ko", "ik", "yk", "eczek", "eczka", "eczko", "uszek", "uszka",
            "ątko", "iczka", "ica", "nik", "arz", "ny")


def stems(word: str) -> set[str]:
    """The word's stem with its last consonant and root vowel alternated."""
    out: set[str] = set()
    for ending in ENDINGS:
        if ending and not word.endswith(ending):
            continue
        stem = word[: len(word) - len(ending)] if ending else word
        if len(stem) < 2:
            continue
        for end in sorted(ALTERNATIONS, key=len, reverse=True):
            if stem.endswith(end):
                out.update(stem[: -len(end)] + alt for alt in ALTERNATIONS[end])
                break
        else:
            out.add(stem)
    more = set()
    for stem in out:
        for i in range(len(stem) - 1, -1, -1):
            if stem[i] in VOWELS:
                more.add(stem[:i] + VOWELS[stem[i]] + stem[i + 1:])
                break
    return out | more


def proposals(lexicon: object, words: set[str]) -> list[tuple[str, str]]:
    contains = lexicon.contains  # type: ignore[attr-defined]
    lemmas = lexicon.lemmas  # type: ignore[attr-defined]
    out = []
    for word in sorted(words):
        for stem in sorted(stems(word)):
            for suffix in SUFFIXES:
                candidate = stem + suffix
                if candidate == word or not contains(candidate):
                    continue
                # A base form of its own (rączka, not rączek), and not a form of the word.
                found = lemmas(candidate) or ()
                if candidate in found and word not in found:
                    out.append((word, candidate))
    return sorted(set(out))


def main() -> int:
    data = load_data()
    words = {w for t in data.themes for w in t.words if w.islower() and " " not in w}
    words |= {"ręka", "noga", "głowa", "oko", "ucho", "nos", "ząb", "brzuch", "ręcznik"}
    for word, candidate in proposals(get_lexicon("pl"), words):
        print(f'["{word}", "{candidate}"],')
    return 0


if __name__ == "__main__":
    sys.exit(main())
