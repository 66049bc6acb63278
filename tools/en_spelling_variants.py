"""Write ``braille_words/lexicon/en-spelling-variants.txt`` from Debian's SCOWL lists:
``python tools/en_spelling_variants.py > braille_words/lexicon/en-spelling-variants.txt``.

An English table takes British and American spellings both (``lexicon/sources.py``); a word
in one spelling is the same word as in the other (GREY after GRAY is a repeat in Alice). SCOWL
keeps each spelling's own words in a list of its own (``british``, ``british_z`` with Oxford's
-ize, ``american``), the words all spell alike in ``english``. A British form is paired with
the forms that one or two of the usual rewrites (-our/-or, -ise/-ize, -yse/-yze, -tre/-ter,
-lled/-led, ae/e, oe/e, -ence/-ense, -mme/-m, -ogue/-og, axe/ax, grey/gray) make of it and
that only the other lists hold: FOUR is no British FOR, since FOR is every spelling's word.
"""

from __future__ import annotations

import re
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
_AFTER_OUR = ("s|ed|ing|er|ers|ite|ites|able|ably|ful|fully|less|ist|ists|ism|y|ation|ations"
              "|ise|ised|ises|ising|isation|ize|ized|izes|izing|ization")
RULES: tuple[tuple[str, str], ...] = (
    (rf"our(?=({_AFTER_OUR})?$)", "or"),
    (r"is(?=(e|ed|es|ing|er|ers|ation|ations|able)$)", "iz"),
    (r"ys(?=(e|ed|es|ing|er|ers)$)", "yz"),
    (r"([tbgmlcvp])re(?=(s|d)?$)", r"\1er"),
    (r"ll(?=(ed|ing|er|ers)$)", "l"),
    (r"ae(?!s?$)", "e"),
    (r"oe(?!s?$)", "e"),
    (r"ence(?=s?$)", "ense"),
    (r"mme(?=s?$)", "m"),
    (r"^axe(?=s?$)", "ax"),
    (r"^grey", "gray"),
    (r"ogue(?=s?$)", "og"),
)


def read(kind: str) -> set[str]:
    words: set[str] = set()
    for size in SIZES:
        text = (SCOWL / f"{kind}-words.{size}").read_text(encoding="latin-1")
        words.update(w for w in text.split() if re.fullmatch("[a-z]+", w))
    return words


def rewrites(word: str) -> set[str]:
    out = {word}
    for _ in range(2):
        out |= {re.sub(pattern, to, x) for x in out for pattern, to in RULES}
    return out - {word}


def main() -> None:
    american, british, oxford, shared = (read(k) for k in
                                         ("american", "british", "british_z", "english"))
    pairs: dict[str, set[str]] = {}
    for source, targets, avoid in (
        (british - american - shared, american | shared | oxford, british),
        (oxford - american - shared - british, american | shared, british | oxford),
    ):
        for word in sorted(source):
            found = {c for c in rewrites(word) if c in targets and c not in avoid}
            if found:
                pairs.setdefault(word, set()).update(found)
    print("# British (and Oxford -ize) spellings and the same words' other spellings, one word a")
    print("# line: written by tools/en_spelling_variants.py from Debian's SCOWL lists.")
    for word in sorted(pairs):
        print(word, " ".join(sorted(pairs[word])))


if __name__ == "__main__":
    main()
