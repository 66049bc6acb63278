"""Word families: "no word of the same family" in 7 słów and Alicja w Krainie Słów.

7 słów forbids reusing a word's family: its inflected forms ("śmiech" / "śmiechy"), other
tenses ("wzdycha" / "wzdychał"), derived nouns, verbs, adjectives and adverbs ("dom",
"domowy", "domownik", "przydomowy" — the root is "dom"). Alicja forbids derived words
("dom" / "domek") but allows compounds that contain an earlier word ("domofon").

Two checks, one certain and one a heuristic:

1. **Inflection** — morfeusz2 (the SGJP dictionary) gives each form's lemmas; two words
   sharing a lemma are forms of one word. This is exact as far as SGJP goes.
2. **Derivation** — SGJP has no derivational links, so each lemma is cut down to a guessed
   root: known prefixes (prze-, przy-, pod-, na-, wy-, nie-…) and derivational or
   inflectional suffixes (-owy, -ownik, -ek, -ka, -nie, -ać…) are stripped, longest first,
   as long as at least ``MIN_ROOT`` letters stay; then the usual stem-final alternations are
   folded (cz→k, sz→ch, ż→g, rz→r, ł→l, ó→o, ą→ę…). Two words whose guessed roots meet
   are "probably one family". It finds dom ~ domowy ~ domownik ~ przydomowy ~ domek,
   śmiech ~ śmiesznie, ręka ~ ręczny ~ rączka, zrobić ~ robić, and keeps kot apart from
   kotwica, domowy from mowa, and dom from domofon (a compound: "-ofon" is no suffix). It
   misses roots that change more than at the end (śmiać ~ śmiech) and can join unrelated
   words that happen to share a short stem (mata ~ matka, podwórko ~ wór). So a derivation
   match is reported as ``probable``: the caller warns and the table decides by challenge.
   The root it names is in the folded spelling (ręk for ręka ~ ręczny).

English (``english_forms``): a form's base words are its lemmas (MICE: mouse, RAN: run,
STOPPED: stop; certain), and the words it is probably derived from are its roots
(HAPPINESS, UNHAPPY: happy; a derivation, probable, as in Polish).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from braille_words.lexicon.english_forms import english_lemmas, english_roots
from braille_words.lexicon.lemmas import lemmas_of

MIN_ROOT = 3

Kind = Literal["same", "inflection", "derivation"]

PREFIXES: tuple[str, ...] = tuple(
    sorted(
        (
            "bez", "do", "na", "nad", "naj", "nade", "nie", "o", "ob", "od", "ode", "po",
            "pod", "pode", "prze", "przed", "przy", "roz", "roze", "s", "u", "w", "we",
            "wy", "z", "za", "ze", "współ", "wz", "pra",
        ),
        key=len,
        reverse=True,
    )
)

SUFFIXES: tuple[str, ...] = tuple(
    sorted(
        set(
            (
                # nouns
                "ownik", "owniczka", "owniczek", "nik", "niczka", "niczek", "ik", "yk", "ek",
                "eczek", "eczka", "iczek", "iczka", "uszek", "uszka", "ka", "ko", "ica",
                "nica", "arz", "acz", "anie", "enie", "cie", "ość", "stwo", "ctwo", "isko",
                "owisko", "ak", "ec", "ista", "izm", "unia", "uś", "cia", "ciel", "ątko",
                "ę", "ina", "yna", "ówka", "owka", "anka", "enka",
                # adjectives
                "owy", "owa", "owe", "owo", "ny", "na", "ne", "ni", "ski", "cki", "dzki",
                "liwy", "ały", "asty", "aty", "isty", "ysty", "ity", "ny", "iczny", "yczny",
                "ejszy", "szy", "y", "i",
                # adverbs
                "nie", "ie", "o",
                # verbs
                "ować", "ywać", "iwać", "ać", "eć", "ić", "yć", "nąć", "ąć", "ować", "uć",
                # lemma endings of feminine and neuter nouns
                "a", "e",
            )
        ),
        key=len,
        reverse=True,
    )
)

# Stem-final alternations folded to one spelling (longest first).
ALTERNATIONS: tuple[tuple[str, str], ...] = (
    ("szcz", "sk"), ("żdż", "zd"), ("dź", "d"), ("dz", "g"), ("cz", "k"), ("sz", "ch"),
    ("rz", "r"), ("ż", "g"), ("ć", "t"), ("ś", "s"), ("ź", "z"), ("ń", "n"), ("ł", "l"),
    ("c", "k"),
)
VOWELS = str.maketrans({"ó": "o", "ą": "ę"})


def fold(stem: str) -> str:
    """The stem with its final consonant alternation and its ó/ą alternations folded."""
    for end, repl in ALTERNATIONS:
        if stem.endswith(end) and len(stem) - len(end) + len(repl) >= MIN_ROOT:
            stem = stem[: -len(end)] + repl
            break
    return stem.translate(VOWELS)


def strip_suffixes(word: str, rounds: int = 3) -> str:
    """Strip derivational endings, longest first, never below ``MIN_ROOT`` letters."""
    stem = word
    for _ in range(rounds):
        for suffix in SUFFIXES:
            if stem.endswith(suffix) and len(stem) - len(suffix) >= MIN_ROOT:
                stem = stem[: -len(suffix)]
                break
        else:
            break
    return stem


def guessed_roots(lemma: str) -> set[str]:
    """Possible roots of ``lemma``: its stem, and the stem without a known prefix.

    A prefix counts only when at least ``MIN_ROOT`` letters of the stem stay after it, so
    "przydomowy" (stem "przydom") yields "dom", but "domowy" (stem "dom") does not lose
    "do" and meet "mowa".
    """
    stem = fold(strip_suffixes(lemma))
    roots = {stem}
    for prefix in PREFIXES:
        if stem.startswith(prefix) and len(stem) - len(prefix) >= MIN_ROOT:
            roots.add(stem[len(prefix) :])
    return {r for r in roots if len(r) >= MIN_ROOT}


@dataclass(frozen=True)
class Family:
    """What the family check knows about one word."""

    word: str
    lemmas: tuple[str, ...]
    roots: tuple[str, ...]


@dataclass(frozen=True)
class Kinship:
    """Why two words are one family: the shared lemma or root and how sure we are.

    ``kind`` is "same" (one word), "inflection" (forms of one lemma; certain) or
    "derivation" (a guessed shared root; ``probable`` — warn, let the table decide).
    """

    word: str
    other: str
    kind: Kind
    root: str

    @property
    def probable(self) -> bool:
        return self.kind == "derivation"

    def describe(self, lang: str = "en") -> str:
        """A sentence a player can hear (the caller adds the round or the player)."""
        if lang == "pl":
            if self.kind == "same":
                return f"„{self.word}” już padło"
            if self.kind == "inflection":
                return f"„{self.word}” to forma słowa „{self.root}”, tak jak „{self.other}”"
            return f"„{self.word}” ma chyba ten sam rdzeń „{self.root}” co „{self.other}”"
        if self.kind == "same":
            return f"'{self.word}' was already said"
        if self.kind == "inflection":
            return f"'{self.word}' is a form of '{self.root}', like '{self.other}'"
        return f"'{self.word}' shares the root '{self.root}' with '{self.other}'"

    def __str__(self) -> str:
        return self.describe()


class _Analyser:
    """One lazily created morfeusz2 instance (0.1 s to create), shared under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._morf: Any = None
        self._cache: dict[str, tuple[str, ...]] = {}

    def lemmas(self, word: str) -> tuple[str, ...]:
        """The lemmas of ``word``'s readings (only the segment the word starts with, so the
        "-śmy" of "śmialiśmy" does not add "być"); the word itself when SGJP does not
        know it."""
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        with self._lock:
            if self._morf is None:
                try:
                    import morfeusz2
                except ImportError:
                    # A plain install plays from the lemmas compiled at `lexicon build`; here
                    # only a lexicon built without them is asked about: the word stands alone.
                    return (word,)
                self._morf = morfeusz2.Morfeusz()
            analyses = self._morf.analyse(word)
        result = lemmas_of(analyses, word)
        if len(self._cache) > 100_000:
            self._cache.clear()
        self._cache[word] = result
        return result


_ANALYSER = _Analyser()

@functools.lru_cache(maxsize=1 << 14)
def _english_family(word: str, contains: Callable[[str], bool] | None) -> Family:
    """English: the word's forms' base words (MICE: mouse, RAN: run, STOPPED: stop) as its
    lemmas, and the words it is probably derived from (HAPPINESS: happy) as its roots. Without
    a lexicon to ask (``contains`` None), every cut is taken for a word."""
    known = contains if contains is not None else _any_word
    lemmas = english_lemmas(word, known)
    return Family(word, lemmas, english_roots(lemmas, known))


def _any_word(_word: str) -> bool:
    return True


LemmaSource = Callable[[str], "tuple[str, ...] | None"]
"""A lexicon's lemmas of a word, built with it (``lemmas.py``); None sends the question to
morfeusz2 instead."""


def family(
    word: str,
    lang: str = "pl",
    lemmas_of: LemmaSource | None = None,
    contains: Callable[[str], bool] | None = None,
) -> Family:
    """The lemmas and guessed roots of ``word`` (already a clean, normalised word);
    ``contains``: the lexicon's words, which English forms and roots must be."""
    if lang != "pl":
        return _english_family(word, contains)
    lemmas = lemmas_of(word) if lemmas_of is not None else None
    if lemmas is None:
        lemmas = _ANALYSER.lemmas(word)
    roots: set[str] = set()
    for lemma in lemmas:
        roots |= guessed_roots(lemma)
    return Family(word, lemmas, tuple(sorted(roots, key=lambda r: (len(r), r))))


def kinship(
    word: str,
    other: str,
    lang: str = "pl",
    lemmas_of: LemmaSource | None = None,
    contains: Callable[[str], bool] | None = None,
) -> Kinship | None:
    """Why ``word`` is of ``other``'s family, or None when nothing links them."""
    if word == other:
        return Kinship(word, other, "same", word)
    a, b = family(word, lang, lemmas_of, contains), family(other, lang, lemmas_of, contains)
    shared = [lemma for lemma in a.lemmas if lemma in b.lemmas]
    if shared:
        return Kinship(word, other, "inflection", shared[0])
    if lang != "pl":
        # A guessed derivation, as in Polish: probable, the table decides.
        common = [r for r in a.roots if r in b.roots]
        return Kinship(word, other, "derivation", common[0]) if common else None
    roots = [r for r in a.roots if r in b.roots]
    if not roots:
        return None
    # Tell the player a root that is one word's whole stem when there is one ("dom" for
    # przydomowy ~ dom), else the shortest shared one (what is left of a prefix cut).
    stems = {fold(strip_suffixes(lemma)) for lemma in a.lemmas + b.lemmas}
    whole = [r for r in roots if r in stems]
    return Kinship(word, other, "derivation", max(whole, key=len) if whole else roots[0])
