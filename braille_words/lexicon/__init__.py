"""Word lists compiled into a memory-mapped word graph.

Public API::

    from braille_words.lexicon import get_lexicon, Lexicon
    pl = get_lexicon("pl")              # compiled by `braille-words lexicon build`
    pl.contains("źdźbła")               # True
    pl.anagrams("kotaer", jokers=1)     # Anagrams: longest first; a.word, a.jokers (positions),
                                        # a.joker_letters, a.shown() -> "akto?ek"; .words
    pl.longest("kotaer?")               # the longest words, fewest jokers first
    pl.matching("?a?zcz?t")             # ['zaszczyt']  (? one letter, * any run)
    pl.kinship("domowy", "dom")         # Kinship(kind='derivation', root='dom', ...)
    pl.family_clash("domy", ["kot", "dom"]).describe("pl")  # „domy” to forma słowa „dom”…
    Lexicon.from_words(["kot", "koty"], "pl")   # a small in-memory lexicon for tests
"""

from braille_words.lexicon.family import Family, Kinship
from braille_words.lexicon.graph import Anagram, Anagrams, WordGraph
from braille_words.lexicon.lexicon import Lexicon, clear_cache, get_lexicon
from braille_words.lexicon.sources import Settings

__all__ = [
    "Anagram",
    "Anagrams",
    "Family",
    "Kinship",
    "Lexicon",
    "Settings",
    "WordGraph",
    "clear_cache",
    "get_lexicon",
]
