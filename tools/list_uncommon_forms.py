"""Write ``<lang>-uncommon-forms.txt``: the frequent forms counted for being something else.

Why: a beginner or medium computer and every hint play only the most frequent forms, and the
counts rank names, English in Polish text and abbreviations among them (HAI, THE, KAT).
``braille_words.lexicon.uncommon_forms`` holds the rules; this script walks the forms a
child's level can reach in any game (the most a level plays: Rummikub's and Card Scrabble's
medium count, or 7 słów's Zipf floor, whichever reaches further) and writes what the rules
find, most frequent first, into the list ``unsuitable`` reads. Run it again after a lexicon
build with other word counts (a new wordfreq); the kept indexes of common words follow the
list by themselves (their key holds the file).

    BRAILLE_WORDS_DATA=... .venv/bin/python tools/list_uncommon_forms.py pl en
"""

from __future__ import annotations

import sys
from pathlib import Path

from braille_words.games.alicja.data import load_data, words_of
from braille_words.games.word_rummikub.computer import COMMON_WORDS
from braille_words.lexicon import get_lexicon, uncommon_forms
from braille_words.lexicon.common import ENGLISH_VOCABULARY
from braille_words.lexicon.signatures import LEVEL_MIN_ZIPF
from braille_words.lexicon.sources import SCOWL_DIR

HERE = Path(uncommon_forms.__file__).resolve().parent

HEADERS = {
    "pl": """\
# Polish forms among the most frequent that morfeusz2's SGJP dictionary knows only as a proper
# name or an abbreviation, or not at all: the counts saw a name (HAI, JORKU, JANUSZ), English
# in Polish text (THE, WORLD) or a fragment (SPOŁECZNO); and those it reads as common words
# that are an inflected abbreviation (ABP), a name or a brand English writes as often (IPAD,
# BERT, TAL), a short noun's form counted twenty times as often as the rest of its lemma (WIG,
# PROC) or, beyond the beginner's forms, a sound (HAU). No beginner or medium computer
# plays them and no hint offers them (lexicon/unsuitable.py). The dictionary keeps them.
# Written by tools/list_uncommon_forms.py (the rule: lexicon/uncommon_forms.py) over the
# {count} most frequent forms; a form that is also a common word (MARKA) or a word of Alicja's
# themes, chosen by hand for children (MAG, ARA), is not here.
# One form a line, most frequent first; "#" starts a comment.
""",
    "en": """\
# English forms among the most frequent that SCOWL keeps only among its rare words (size 60
# and above: KAT, HOLT, JAVA), or at size 55 while a name, an upper-case word or an
# abbreviation of its letters is in a smaller list (CHRISTIAN, MAFIA): the counts saw a name
# or an abbreviation, so no beginner or medium computer plays them and no hint offers them
# (lexicon/unsuitable.py). The dictionary keeps them.
# Written by tools/list_uncommon_forms.py (the rule: lexicon/uncommon_forms.py) over the
# {count} most frequent forms; a word of Alicja's themes, chosen by hand for children, is not
# here. One form a line, most frequent first; "#" starts a comment.
""",
}


def reach(lexicon: object, lang: str) -> int:
    """How many of the most frequent forms some child's level of some game plays."""
    levels = ENGLISH_VOCABULARY if lang == "en" else COMMON_WORDS
    floor = lexicon.frequencies.count_at_least(LEVEL_MIN_ZIPF["beginner"])  # type: ignore[attr-defined]
    return max(max(levels.values()), int(floor))


def childrens_words(lang: str) -> set[str]:
    """The words of Alicja's themes (not their names): chosen by hand for children, so a
    word the rules' guesses catch there (MAG and ARA, written in English as often as in
    Polish) is a child's word after all, for every game's hints and child levels."""
    data = load_data(words=lang)
    return {word.lower() for theme in data.themes for entry in theme.words
            for word in words_of(entry) if entry[:1].islower()}


def main(langs: list[str]) -> None:
    for lang in langs:
        lexicon = get_lexicon(lang)
        count = reach(lexicon, lang)
        forms = list(lexicon.most_frequent(count))
        if lang == "pl":
            from wordfreq import zipf_frequency

            found = uncommon_forms.polish(forms, english_words=get_lexicon("en"),
                                          zipf=zipf_frequency)
        else:
            found = uncommon_forms.english(forms, SCOWL_DIR)
        chosen = childrens_words(lang)
        found = [form for form in found if form not in chosen]
        target = HERE / f"{lang}-uncommon-forms.txt"
        target.write_text(HEADERS[lang].format(count=count) + "".join(f"{f}\n" for f in found),
                          encoding="utf-8")
        print(f"{lang}: {len(found)} of {count} forms -> {target}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["pl", "en"])
