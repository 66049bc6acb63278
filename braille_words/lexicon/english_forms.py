"""The lemmas of an English word, for rules that treat another form of a word as the word
(Alicja's "another form of it": CATS after CAT, MICE after MOUSE, BAKED after BAKE).

Polish lemmas come from the lemma file the lexicon build writes with morfeusz2; English has
none. Nouns are read by ``inflect`` (already a dependency, for Word Thief's plurals): it knows
the irregular plurals a suffix rule cannot (mice, children, geese), and a verb's -s (runs)
too. The past and the -ing form are cut by rule (-ed, -ied, -ing, a doubled consonant undone:
STOPPED → STOP), and a cut form counts only when the lexicon knows it as a word and its stem
has three letters or more, so NEED is not made a form of "ne". Irregular verbs (RAN, WENT,
TAUGHT) are looked up in ``en-irregular-verbs.txt`` beside this module. Derivations (baker,
kitten) are not forms: the rulebook's "family" for them is a vote (the lexicon's kinship,
from ``english_roots``), or a pair in the game's data file, as in Polish.
"""

from __future__ import annotations

import functools
import sys
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ied", ("y",)),
    ("ed", ("", "e")),
    ("ing", ("", "e")),
)
"""Verb endings cut by rule; -s and -es are left to ``inflect`` (runs → run), which knows
that NEWS, ITS and GLASS are no plurals of NEW, IT and GLA."""
MIN_STEM = 3
"""A shorter stem is a different word more often than a form (NEED, SEED, SHED, THING)."""


@functools.cache
def inflect_engine() -> Any:
    """inflect's engine, loaded once and lean.

    inflect wraps 23 of its methods in typeguard's ``@typechecked``. Imported as it is, typeguard
    (which brings asyncio, unittest.mock and importlib.metadata along) re-reads, parses and
    recompiles inflect's whole 4 000-line module once for each of them: 1–9 s and some 40 MB of a
    Word Thief game's memory on a 2-core school machine, for checks that only guard argument types
    (ours are always words, ``str``). So inflect is imported with ``typechecked`` standing aside
    as Python's own ``-O`` mode leaves it (typeguard's documented no-op): a stand-in module with
    just that name while inflect imports, when typeguard is not loaded already (under a test
    runner it may be: then its decorator alone is set aside, for that moment). Either way every
    other user of typeguard gets the real one.
    """
    loaded = sys.modules.get("typeguard")
    if loaded is None:
        stand_in = types.ModuleType("typeguard")
        stand_in.typechecked = _unchecked  # type: ignore[attr-defined]
        sys.modules["typeguard"] = stand_in
        try:
            import inflect
        finally:
            if sys.modules.get("typeguard") is stand_in:
                del sys.modules["typeguard"]
    else:
        checked = loaded.typechecked
        loaded.typechecked = _unchecked  # type: ignore[attr-defined]
        try:
            import inflect
        finally:
            loaded.typechecked = checked  # type: ignore[attr-defined]
    return inflect.engine()


def _unchecked(target: Any = None, **_options: Any) -> Any:
    """``typeguard.typechecked`` as ``python -O`` has it: the target itself."""
    return target if target is not None else _unchecked


@functools.cache
def irregular_bases() -> dict[str, tuple[str, ...]]:
    """Each irregular past form and the verbs it is a form of (``lay``: lie; ``found``: find),
    read once from ``en-irregular-verbs.txt``."""
    bases: dict[str, list[str]] = {}
    source = Path(__file__).resolve().parent / "en-irregular-verbs.txt"
    for line in source.read_text(encoding="utf-8").splitlines():
        words = line.split("#", 1)[0].split()
        for form in words[1:]:
            bases.setdefault(form, []).append(words[0])
    return {form: tuple(found) for form, found in bases.items()}


@functools.cache
def spelling_variants() -> dict[str, tuple[str, ...]]:
    """Each word with a British or an American spelling and the same word's other spellings
    (COLOUR: color; COLOR: colour), read once from ``en-spelling-variants.txt`` (written by
    ``tools/en_spelling_variants.py`` from SCOWL): a table takes both spellings, and GREY
    after GRAY is the word said again, not a new one."""
    pairs: dict[str, list[str]] = {}
    source = Path(__file__).resolve().parent / "en-spelling-variants.txt"
    for line in source.read_text(encoding="utf-8").splitlines():
        words = line.split("#", 1)[0].split()
        for other in words[1:]:
            pairs.setdefault(words[0], []).append(other)
            pairs.setdefault(other, []).append(words[0])
    return {word: tuple(dict.fromkeys(others)) for word, others in pairs.items()}


@functools.lru_cache(maxsize=1 << 16)
def english_lemmas(word: str, contains: Callable[[str], bool]) -> tuple[str, ...]:
    """``word`` and every base form it is an inflection of that ``contains`` knows, each in
    its other spellings too (COLOURS: colour, color). Kept once asked: a game asks about the
    same words said in a round again at every turn, and ``inflect`` takes a millisecond or
    more a word."""
    found = _lemmas_as_spelled(word, contains)
    variants = spelling_variants()
    found += [v for f in found for v in variants.get(f, ()) if contains(v)]
    for other in variants.get(word, ()):
        if contains(other):
            found += _lemmas_as_spelled(other, contains)
    return tuple(dict.fromkeys(found))


def _lemmas_as_spelled(word: str, contains: Callable[[str], bool]) -> list[str]:
    """``word`` and the base forms it is an inflection of, in its own spelling."""
    found = [word]
    found.extend(b for b in irregular_bases().get(word, ()) if contains(b))
    singular = inflect_engine().singular_noun(word)
    if isinstance(singular, str) and singular and singular != word and contains(singular):
        found.append(singular)
    for ending, replacements in _ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < MIN_STEM:
            continue
        stem = word[: -len(ending)]
        candidates = [stem + r for r in replacements]
        if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiousl":
            candidates.append(stem[:-1])  # stopped → stop, running → run
        found.extend(c for c in candidates if c != word and contains(c))
    return found


_DERIVING: tuple[str, ...] = tuple(
    sorted(
        (
            "ness", "ment", "ful", "less", "ly", "ity", "ion", "able", "ible", "ish", "hood",
            "ship", "ism", "ist", "er", "est", "al", "ous", "ive", "en", "ance", "ence",
        ),
        key=len,
        reverse=True,
    )
)
"""Endings that make a word of another from it (HAPPINESS, TEACHER, BIGGER): cut, they leave
a guessed root the lexicon must know."""
_PREFIXES = ("under", "over", "dis", "mis", "non", "un")
"""Prefixes that make an opposite or a degree of the same word (UNHAPPY, DISAGREE)."""
MIN_DERIVED_ROOT = 4
"""A shorter root is a different word more often than a family's (EAR in EARLY, CAT in
CATER, HOP in HOPES): three-letter roots are reached only through a form (RAN → RUN)."""


def english_roots(lemmas: Iterable[str], contains: Callable[[str], bool]) -> tuple[str, ...]:
    """The words ``lemmas`` are probably derived from, the lemmas themselves first: one
    derivational ending and one prefix cut, the spelling the ending changed restored
    (HAPPI-NESS → HAPPY, CREAT-ION → CREATE, THINN-ER → THIN), and only roots ``contains``
    knows kept. A guess (CORNER meets CORN), so a match is a probable family: the table
    is warned and decides, as with a Polish derivation."""
    found = list(dict.fromkeys(lemmas))
    for lemma in list(found):
        stems = [lemma]
        cut = [lemma]  # every cut, a word or not: UN-HAPPI-NESS is a word only at the end
        for suffix in _DERIVING:
            if lemma.endswith(suffix) and len(lemma) - len(suffix) >= MIN_STEM:
                stem = lemma[: -len(suffix)]
                tries = [stem, stem + "e"]
                if stem.endswith("i"):
                    tries.append(stem[:-1] + "y")
                cut.extend(tries)
                stems.extend(t for t in tries if _root(t, contains))
                # A three-letter root shows itself by a doubled consonant (BIGG-ER, RUNN-ER)
                # or an ending no short word hides (USE-FUL, AIM-LESS).
                short = stem[:-1] if stem[-1] == stem[-2:-1] not in "aeiou" else (
                    stem if suffix in ("ful", "less") else "")
                if len(short) >= MIN_STEM and contains(short):
                    stems.append(short)
        for stem in cut:
            for prefix in _PREFIXES:
                rest = stem[len(prefix) :]
                if stem.startswith(prefix) and _root(rest, contains):
                    stems.append(rest)
        found.extend(stems)
    return tuple(dict.fromkeys(found))


def _root(stem: str, contains: Callable[[str], bool]) -> bool:
    return len(stem) >= MIN_DERIVED_ROOT and contains(stem)
