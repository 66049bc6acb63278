"""Write ``braille_words/lexicon/en-spelling-variants.txt`` from Debian's SCOWL lists:
``python tools/en_spelling_variants.py > braille_words/lexicon/en-spelling-variants.txt``.

An English table takes British and American spellings both (``lexicon/sources.py``); a word
in one spelling is the same word as in the other (GREY after GRAY is a repeat in Alice). SCOWL
keeps each spelling's own words in a list of its own (``british``, ``british_z`` with Oxford's
-ize, ``american``), the words all spell alike in ``english``. A British form is paired with
the forms that one or two of the usual rewrites (``RULES``: -our/-or, -ise/-ize, -yse/-yze,
-tre/-ter, -lled/-led, single and double l, ae/e, oe/e, -ence/-ense, -mme/-m, -ogue/-og,
ou/o, -ough/-ow, -tte/-t, axe/ax, grey/gray and a few words' own) make of it and that only
the other lists hold: FOUR is no British FOR, since FOR is every spelling's word.

Two checks keep out forms a rewrite makes by chance, a different word that happens to be
spelled so (they came out of reading the whole list, 3 239 pairs, by rule):
- **A form's spelling is its stem's.** A British form that is a word of one spelling plus an
  ending (SHOE+R, VETO+ER, SNOWSHOE+D, LOESS+ES, ADONIS+ES, POUR+ER, TAEL+S) has the other
  spelling only where its stem has one: SHOER is no British SHER, nor POURER a PORER.
- **One word's spellings stand at one SCOWL size.** SCOWL sizes a word's spellings together;
  a pair across sizes is two words (HAEM, 60, is the American HEME, not HEM, 35).
And word-initial ae before r is Greek and Latin "air" and "copper" (AEROGENIC, AEROSE), not
the ligature: EROGENIC and EROSE are other words.
"""

from __future__ import annotations

import re
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
_AFTER_OUR = ("s|ed|ing|ings|er|ers|ite|ites|itism|able|ably|ful|fully|less|ist|ists|ism|y|ies"
              "|ation|ations|al|ally|hood|hoods|ly|liness|ant|ants|some|ise|ised|ises|ising"
              "|isation|ize|ized|izes|izing|ization")
_AFTER_LL = "ed|ing|ingly|er|ers|or|ors|ist|ists|ous|ously|est|en|ens"
RULES: tuple[tuple[str, str], ...] = (
    (rf"our(?=({_AFTER_OUR})?$)", "or"),
    (r"is(?=(e|ed|es|ing|er|ers|ation|ations|able)$)", "iz"),
    (r"ys(?=(e|ed|es|ing|er|ers)$)", "yz"),
    (r"([tbgmlcvp]|ch)re(?=(s|d)?$)", r"\1er"),
    (r"([tbgmlcvp]|ch)r(?=(ed|ing)$)", r"\1er"),
    (rf"ll(?=({_AFTER_LL})$)", "l"),
    (r"([^l])l(?=(s|ment|ments|ful|fully|ness)?$)(?<!ful)", r"\1ll"),
    (r"(?<=.)ae(?!s?$)", "e"),
    (r"^ae(?=[^r])", "e"),
    (r"oe(?!s?$)", "e"),
    (r"ence(?=s?$)", "ense"),
    (r"mme(?=s?$)", "m"),
    (r"^axe(?=s?$)", "ax"),
    (r"^grey", "gray"),
    (r"ogue(?=s?$)", "og"),
    (r"ogu(?=(ed|ing)$)", "og"),
    (r"(?<=[mnst])oul(?=[dt])", "ol"),
    (r"ough(?=(s|ed|ing|man|men|share|shares)?$)", "ow"),
    (r"tte(?=s?$)", "t"),
    (r"dge(?=(ment|ments)$)", "dg"),
    (r"(?<=ag)e(?=ing$)", ""),
    (r"^cos(?=(y|ier|ies|iest|ily|iness)$)", "coz"),
    (r"^scep", "skep"),
    (r"^sulph", "sulf"),
    (r"^pyjama", "pajama"),
    (r"^moust", "must"),
)
ENDINGS = ("s", "es", "d", "ed", "r", "er", "ers", "y", "ey", "ial", "ing")
"""Endings after which a British form's stem is looked for (``stem_kept``)."""


def read(kind: str) -> dict[str, int]:
    """Each word of SCOWL's ``kind`` lists and the smallest size that holds it."""
    words: dict[str, int] = {}
    for size in SIZES:
        text = (SCOWL / f"{kind}-words.{size}").read_text(encoding="latin-1")
        for w in text.split():
            if re.fullmatch("[a-z]+", w):
                words.setdefault(w, size)
    return words


def rewrites(word: str) -> set[str]:
    out = {word}
    for _ in range(2):
        out |= {re.sub(pattern, to, x) for x in out for pattern, to in RULES}
    return out - {word}


def stem_kept(word: str, other: str, british: set[str], other_lists: set[str]) -> bool:
    """False when ``word`` is only a stem of every spelling (or of the American, a word of
    ``other_lists``) plus an ending, and ``other`` changes that stem: SHOER is SHOE+R, and
    SHER no spelling of it. A stem that is itself a British spelling (EMPHASISE+D,
    EMPHASIS(E)+ING, DECALITRE+S) lets its forms differ, and so does a stem's final e
    dropped at the join (AGE+ING: AGING)."""
    stems = [word[: -len(e)] for e in ENDINGS if word.endswith(e) and len(word) > len(e) + 1]
    if any(stem in british or stem + "e" in british for stem in stems):
        return True
    return not any(stem in other_lists and not other.startswith(stem.removesuffix("e"))
                   for stem in stems)


def pairs_of(american: dict[str, int], british: dict[str, int], oxford: dict[str, int],
             shared: dict[str, int]) -> dict[str, set[str]]:
    """Every British (and Oxford -ize) form and the same word's other spellings."""
    sizes = {**american, **shared, **oxford, **british}
    british_only = british.keys() - american.keys() - shared.keys()
    one_spelling = american.keys() | shared.keys()
    pairs: dict[str, set[str]] = {}
    for source, targets, avoid in (
        (british.keys() - american.keys() - shared.keys(),
         american.keys() | shared.keys() | oxford.keys(), british.keys()),
        (oxford.keys() - american.keys() - shared.keys() - british.keys(),
         american.keys() | shared.keys(), british.keys() | oxford.keys()),
    ):
        for word in sorted(source):
            found = {c for c in rewrites(word) if c in targets and c not in avoid
                     and sizes[c] == sizes[word]
                     and stem_kept(word, c, british_only, one_spelling)}
            if found:
                pairs.setdefault(word, set()).update(found)
    return pairs


def main() -> None:
    pairs = pairs_of(*(read(k) for k in ("american", "british", "british_z", "english")))
    print("# British (and Oxford -ize) spellings and the same words' other spellings, one word a")
    print("# line: written by tools/en_spelling_variants.py from Debian's SCOWL lists.")
    for word in sorted(pairs):
        print(word, " ".join(sorted(pairs[word])))


if __name__ == "__main__":
    main()
