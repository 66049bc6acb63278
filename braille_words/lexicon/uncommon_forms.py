"""Frequent forms counted for being something else than a word a child knows: the rules.

The word counts rank what people write, and they write names, English and abbreviations.
A form of our dictionary is frequent when the counts saw a name spelled as it is (HAI, the
Polish dictionary's form of "haja", is the surname Hai; KAT, an English shrub, is Kat), an
English word in Polish text (THE, WORLD, FUCK), or an abbreviation (USG). A beginner or
medium computer then played it and a hint offered it. The rules below find such forms
among the most frequent; ``tools/list_uncommon_forms.py`` writes what they find into
``<lang>-uncommon-forms.txt``, which ``unsuitable`` reads at play time (no morfeusz2 walk over
fifty thousand forms at a game's start, and a list a person can read and correct).

Polish, by morfeusz2's SGJP dictionary: a form stays when the dictionary can read it, whole or
as its segments (BYŁEM is BYŁ + EM), as common words only: a lemma written small, no tag
``ign`` (unknown) or ``brev`` (an abbreviation), and no mark of a proper name (``imię``,
``nazwisko``, ``nazwa_geograficzna``…; ``nazwa_pospolita`` is the common noun's). morfeusz2
reads a small-lettered form as a name only when it knows no common word so spelled (MARKA
stays: a brand, and Marek's genitive), so "only a name" is what it answers.

Four more Polish rules, for forms SGJP reads as common words although the counts saw
something else (a medium computer and the hints played ABP, BERT, TAL, HAU, IPAD and WIG):

* an abbreviation SGJP also inflects as a noun of its own (ABP, ABPA: "arcybiskup"): the form
  has a ``brev`` reading of a common word and another reading whose lemma is the form itself.
  "mi" stays: its ``brev`` is a book of the Bible, its other reading "ja";
* a name or a brand written in Polish text (BERT, TAL, IPAD, TOYOTA, DANIEL): English text
  writes the form at least as often as Polish text does (wordfreq), yet the English
  dictionary knows no such word. LIST, BANK, MOST stay (English words of their own), KOT
  and DOM stay (Polish writes them far more);
* an interjection only, beyond the beginner's reach (``INTERJECTION_FROM``): a sound (HAU,
  YYY, TFU, CYK) rather than a word; HEJ, AHA, OJ stay;
* a short noun's form counted twenty times as often as every other form of its lemma
  (``is_outcounted``): WIG the stock index, not the Whig; PROC, WOJ, REŻ abbreviations that
  happen to spell a rare form.

English, by SCOWL's sizes (its words in lists of growing size, 10 the commonest, 70 the rare
ones our dictionary still reads): a form goes when SCOWL keeps it only at size 60 or above
(KAT, HOLT, JAVA: no child's word is that rare, so the counts saw something else), or at 55
while a name, an upper-case word or an abbreviation of the same letters is in a smaller list
(CHRISTIAN, MAFIA, JOHNNY).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from pathlib import Path
from typing import Any

COMMON_NOUN = frozenset({"nazwa_pospolita", "nazwa pospolita"})
"""morfeusz2's marks of a common noun (SGJP spells one with a space)."""

RARE_SIZE = 60
"""The smallest SCOWL size no word a child knows is first listed at."""
NAMED_SIZE = 55
"""A SCOWL size at which a form goes if a name of its letters is listed at a smaller one."""

SCOWL_LIST = re.compile(r"(?P<kind>[a-z_0-9]+)-(?P<what>words|proper-names|upper|abbreviations)"
                        r"\.(?P<size>\d+)$")


def _common_reading(lemma: str, tag: str, marks: Iterable[str]) -> bool:
    marks = list(marks)
    if tag == "ign" or tag.startswith("brev") or not lemma[:1].islower():
        return False
    return not marks or bool(COMMON_NOUN & set(marks))


def is_polish_common_word(form: str, morf: Any) -> bool:
    """Whether SGJP reads ``form`` (small letters) as common words from its start to its end."""
    analyses = morf.analyse(form)
    if not analyses:
        return False
    end = max(int(stop) for _start, stop, _reading in analyses)
    reached = {0}
    for start, stop, (_orth, lemma, tag, marks, *_rest) in sorted(analyses, key=lambda a: a[:2]):
        if start in reached and _common_reading(str(lemma), str(tag), marks):
            reached.add(int(stop))
    return end in reached


INTERJECTION_FROM = 20_000
"""From this rank on (the beginner's vocabulary is the 20 000 most frequent forms), a form
that is only an interjection is a sound, not a child's word."""


def _whole(form: str, morf: Any) -> list[tuple[str, str]]:
    """(lemma, tag) of each reading of the whole ``form`` as one segment."""
    return [(str(lemma), str(tag)) for start, _stop, (orth, lemma, tag, *_rest)
            in morf.analyse(form) if start == 0 and len(str(orth)) == len(form)]


def is_inflected_abbreviation(form: str, morf: Any) -> bool:
    """Whether ``form`` abbreviates a common word and SGJP also lists it as a word of its
    own (ABP: "arcybiskup", and the noun "abp", ABPA, ABPEM)."""
    readings = _whole(form, morf)
    shortens = any(tag.startswith("brev") and lemma[:1].islower() for lemma, tag in readings)
    return shortens and any(lemma.split(":", 1)[0] == form and not tag.startswith("brev")
                            for lemma, tag in readings)


def is_interjection(form: str, morf: Any) -> bool:
    """Whether every reading SGJP knows of ``form`` is an interjection (HAU, TFU)."""
    tags = [tag for _lemma, tag in _whole(form, morf) if tag != "ign"]
    return bool(tags) and all(tag == "interj" for tag in tags)


def is_foreign_name(form: str, english_words: Container[str],
                    zipf: Callable[[str, str], float]) -> bool:
    """Whether ``form`` is written at least as often in English as in Polish text while no
    English dictionary word is so spelled: a name or a brand (IPAD, BERT, TOYOTA)."""
    return (len(form) >= 3 and form not in english_words
            and zipf(form, "en") >= zipf(form, "pl") > 0)


OUTCOUNTED_GAP = 1.3
"""How much more often (in Zipf: 10**1.3, twenty times) a form is counted than every other
form of its lemma when the counts saw something else in it."""
OUTCOUNTED_LONGEST = 5
"""The longest form the rule of outcounted forms judges: abbreviations and English words in
Polish text are short, while a long form counted far above its lemma's others is most often
a set phrase a child knows (W TRAKCIE, W POBLIŻU, W SZCZEGÓLNOŚCI)."""
_CASES = frozenset({"nom", "gen", "dat", "acc", "inst", "loc", "voc"})
OUTCOUNTED_KEPT = frozenset({
    "cóż", "sęk", "schab", "omen", "ibis", "ninja", "pad", "wynos", "pikuś", "luzik",
    "lotus", "ramen", "kwik", "bis", "gamma", "kakao", "ul",
})
"""Words a child knows that the rule of outcounted forms catches (the counts saw them in a
set phrase, "na wynos", "w tym sęk", or another language's text too), kept by hand: read
through the forms it found among the fifty thousand most frequent."""


def is_outcounted(form: str, morf: Any, zipf: Callable[[str, str], float]) -> bool:
    """Whether ``form``, a noun's form and nothing else, is counted at least twenty times as
    often as every other form of its lemma: what the counts saw is not that noun. WIG is the
    stock index, not the Whig (WIGA, WIGÓW are rare); PROC is "procent", not the slingshot's
    genitive; RED, WOJ, REŻ, SZER abbreviations; POWER, TRUST English. KOT stays (KOTA is as
    common), and so does a noun that hardly changes (KAKAO, CARGO: one form for most cases, its
    other forms rare spellings)."""
    if len(form) > OUTCOUNTED_LONGEST or form in OUTCOUNTED_KEPT:
        return False
    readings = _whole(form, morf)
    if not readings or not all(tag.startswith("subst") for _lemma, tag in readings):
        return False
    cases = {case for _lemma, tag in readings for part in tag.split(":")
             for case in part.split(".") if case in _CASES}
    if len(cases) >= 4:
        return False
    others = {str(made[0]).lower() for lemma in {lemma for lemma, _tag in readings}
              for made in morf.generate(lemma)} - {form}
    if not others:
        return False
    return zipf(form, "pl") - max(zipf(other, "pl") for other in others) >= OUTCOUNTED_GAP


def polish(forms: Iterable[str], morf: Any = None, english_words: Container[str] | None = None,
           zipf: Callable[[str, str], float] | None = None) -> list[str]:
    """The ``forms`` (most frequent first) SGJP knows only as names or abbreviations, or not
    at all, and those the four rules above find, in order. The rule of names and brands
    needs ``english_words`` (the English lexicon) and ``zipf`` (wordfreq's
    ``zipf_frequency``), that of outcounted forms ``zipf``; without them they are not
    applied."""
    if morf is None:
        import morfeusz2

        morf = morfeusz2.Morfeusz()
    found = []
    for rank, form in enumerate(forms, 1):
        if (not is_polish_common_word(form, morf)
                or is_inflected_abbreviation(form, morf)
                or (rank >= INTERJECTION_FROM and is_interjection(form, morf))
                or (english_words is not None and zipf is not None
                    and is_foreign_name(form, english_words, zipf))
                or (zipf is not None and is_outcounted(form, morf, zipf))):
            found.append(form)
    return found


def scowl_sizes(scowl_dir: Path) -> tuple[dict[str, int], dict[str, int]]:
    """From SCOWL's English and American lists: each small-lettered word's smallest size, and
    for the small-lettered spelling of each name, upper-case word or abbreviation, its
    smallest size."""
    words: dict[str, int] = {}
    names: dict[str, int] = {}
    for path in sorted(scowl_dir.iterdir()):
        found = SCOWL_LIST.match(path.name)
        if found is None or not found["kind"].startswith(("english", "american")):
            continue
        size, what = int(found["size"]), found["what"]
        for line in path.read_text(encoding="latin-1").splitlines():
            entry = line.strip()
            lower = entry.lower()
            if not entry:
                continue
            if what == "words" and entry == lower:
                words[lower] = min(size, words.get(lower, size))
            elif entry != lower or what in ("proper-names", "abbreviations"):
                names[lower] = min(size, names.get(lower, size))
    return words, names


def english(forms: Iterable[str], scowl_dir: Path) -> list[str]:
    """The ``forms`` SCOWL keeps only among its rare words or at 55 below a name, in order."""
    words, names = scowl_sizes(scowl_dir)
    out = []
    for form in forms:
        size = words.get(form)
        if size is None:
            continue  # not from SCOWL's word lists (a teacher's word): no judgement here
        if size >= RARE_SIZE or (size >= NAMED_SIZE and names.get(form, size) < size):
            out.append(form)
    return out
