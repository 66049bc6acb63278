"""Where a language's words come from, and the teacher's additions and bans.

The word lists are Debian's: ``wpolish`` for Polish (every inflected form, so a game accepts
"źdźbła" as well as "źdźbło") and ``scowl`` sizes up to 70 for English (a standard
dictionary, without the rare words of the larger sizes; American and British spellings both,
``ENGLISH_SPELLINGS``). Which files are read is a setting
(``Settings``), kept with the compiled lexicon so a later plain ``lexicon build`` (as
setup.sh runs) rebuilds the same lexicon rather than silently dropping a teacher's list.

Only entries already in lower case and made only of the language's letters are taken: a
capital marks a proper name in these lists, and q/v/x words, hyphens and apostrophes are not
Polish Scrabble words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from braille_words.errors import BrailleWordsError
from braille_words.tiles import Alphabet, alphabet, normalize

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70)

ENGLISH_SPELLINGS = ("english", "american", "british", "british_z")
"""SCOWL's lists an English table reads: the words every spelling shares (``english``), then
American (COLOR, AX), British (COLOUR, AXE, ORGANISE) and British with Oxford's -ize
(COLOURIZE) spellings. A table accepts both: Polish students learn British spellings at
school, English-speaking players elsewhere American ones, and a word game should refuse
neither COLOUR nor COLOR. Canadian and Australian lists add nothing beyond these but their
mixes of the two."""

DEFAULT_SOURCES: dict[str, tuple[str, ...]] = {
    "pl": ("/usr/share/dict/polish",),
    "en": tuple(
        str(SCOWL_DIR / f"{kind}-words.{size}")
        for kind in ENGLISH_SPELLINGS
        for size in SCOWL_SIZES
    ),
}

FORMER_DEFAULT_SOURCES: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (
        tuple(
            str(SCOWL_DIR / f"{kind}-words.{size}")
            for kind in ("english", "american")
            for size in SCOWL_SIZES
        ),
    ),
}
"""Default sources of earlier versions. A compiled lexicon remembers its sources so that a
teacher's ``--source`` survives a plain ``lexicon build``; a lexicon built from a former
default was never a choice, and is rebuilt from today's default (``Settings.current``)."""

LANGS: tuple[str, ...] = ("pl", "en")


@dataclass(frozen=True)
class Settings:
    """What one language's lexicon is compiled from: word lists, extra words, banned words."""

    lang: str
    sources: tuple[str, ...]
    extra: tuple[str, ...] = field(default=())
    ban: tuple[str, ...] = field(default=())

    @classmethod
    def default(cls, lang: str) -> Settings:
        alphabet(lang)  # raises a clear error for an unknown language
        return cls(lang, DEFAULT_SOURCES[lang])

    def current(self) -> Settings:
        """These settings with a former default list of sources replaced by today's: an
        install built before British spellings were read (the American list alone) gains
        them at its next ``lexicon build``, while a teacher's own sources stay."""
        if self.sources in FORMER_DEFAULT_SOURCES.get(self.lang, ()):
            return Settings(self.lang, DEFAULT_SOURCES[self.lang], self.extra, self.ban)
        return self

    def to_json(self) -> dict[str, object]:
        return {
            "lang": self.lang,
            "sources": list(self.sources),
            "extra": list(self.extra),
            "ban": list(self.ban),
        }

    @classmethod
    def from_json(cls, data: object) -> Settings | None:
        """The settings saved with a compiled lexicon, or None when they are unreadable."""
        if not isinstance(data, dict):
            return None
        try:
            lang = str(data["lang"])
            lists = [data[k] for k in ("sources", "extra", "ban")]
        except KeyError:
            return None
        if lang not in LANGS or not all(isinstance(v, list) for v in lists):
            return None
        sources, extra, ban = (tuple(str(p) for p in v) for v in lists)
        return cls(lang, sources, extra, ban)

    def files(self) -> tuple[str, ...]:
        return self.sources + self.extra + self.ban


SOURCE_VOWELS = {"pl": "aąeęioóuy"}
"""Languages whose list entries must hold a vowel. Not English, where cwm, nth and tsk are
words; a teacher's own list is taken as it is."""
SHORT_VOWELS = {"en": "aeiouy"}
"""Languages whose two-letter entries must hold a vowel: SCOWL lists units and abbreviations
(cs, kb, mb, ps, ts) that no game allows, while every vowel-less English word (cwm, nth, tsk,
brr) is longer."""
SOURCE_FILTER = "vowel-2,sgjp-brev-2"
"""Part of a compiled lexicon's fingerprint: changing the filter rebuilds old lexicons.
Polish source words SGJP marks as abbreviations are dropped too (``abbreviations.py``)."""


def _word_pattern(abc: Alphabet) -> re.Pattern[str]:
    return re.compile("[" + "".join(abc.letters) + "]+")


def read_source(path: str | Path, abc: Alphabet) -> list[str]:
    """The usable words of one list: lower-case entries made only of ``abc``'s letters.

    The list is read whole and filtered by one multi-line regex, which runs in C: four
    million lines in about a second, where a Python loop over them takes ten. A list not
    in NFC (one saved in NFD would otherwise lose every word with a Polish letter) is
    normalised first. Nothing is lower-cased: a capital marks a proper name.
    """
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError as exc:
        raise BrailleWordsError(
            f"cannot read the word list {path}: {exc.strerror or exc}. "
            "Install the Debian packages wpolish and scowl, or give another list."
        ) from None
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    letters = "".join(abc.letters)
    # A Polish entry with no vowel at all (dptr, ctrl, bhp) is an abbreviation, which the
    # rulebooks forbid; the lookahead drops them inside the same C-speed scan.
    vowels = SOURCE_VOWELS.get(abc.lang)
    needs = f"(?=[{letters}]*[{vowels}])" if vowels else ""
    short = SHORT_VOWELS.get(abc.lang)
    if short:
        consonants = "".join(c for c in letters if c not in short)
        needs += f"(?![{consonants}]{{2}}[ \t\r]*$)"
    return re.findall(f"(?m)^[ \t]*({needs}[{letters}]+)[ \t\r]*$", text)


def read_teacher_list(path: str | Path, abc: Alphabet) -> list[str]:
    """A teacher's plain text file: one word a line; blank lines and ``#`` comments skipped.

    Words are normalised (case, NFC), so "Żółw" and "żółw" are one entry; a line that is not
    one word of the language is reported with its line number rather than skipped silently.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BrailleWordsError(
            f"cannot read the word file {path}: {exc}. Restore it, or run "
            "`braille-words lexicon build --defaults` to build without it."
        ) from None
    ok = _word_pattern(abc).fullmatch
    words: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        word = normalize(line.split("#", 1)[0])
        if not word:
            continue
        if not ok(word):
            raise BrailleWordsError(
                f"{path}, line {number}: '{word}' is not one word of {abc.lang} letters; "
                "put one word on each line."
            )
        words.append(word)
    return words


def collect_words(settings: Settings) -> list[str]:
    """The sorted, de-duplicated word list of ``settings``: sources − abbreviations + extra − ban.

    Sorted as a list, not gathered in a set: the Debian lists are almost in order already,
    so sorting them takes half a second where sorting a set's scrambled order takes ten.
    """
    from braille_words.lexicon.abbreviations import abbreviations

    abc = alphabet(settings.lang)
    words: list[str] = []
    for source in settings.sources:
        words.extend(read_source(source, abc))
    # Abbreviations out of the lists we are given; a teacher's own words are taken as they are.
    short = abbreviations(words, settings.lang)
    if short:
        words = [w for w in words if w not in short]
    for path in settings.extra:
        words.extend(read_teacher_list(path, abc))
    words.sort()
    banned: set[str] = set()
    for path in settings.ban:
        banned.update(read_teacher_list(path, abc))
    previous = ""
    unique: list[str] = []
    keep = unique.append
    for word in words:
        if word != previous and word not in banned:
            keep(word)
        previous = word
    return unique


def words_from(items: Sequence[str], abc: Alphabet) -> list[str]:
    """Normalised, validated, sorted unique words from an in-memory list (tests, tools)."""
    ok = _word_pattern(abc).fullmatch
    out: set[str] = set()
    for item in items:
        word = normalize(item)
        if not ok(word):
            raise BrailleWordsError(f"'{item}' is not one word of {abc.lang} letters")
        out.add(word)
    return sorted(out)
