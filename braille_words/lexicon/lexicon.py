"""One language's lexicon: membership, anagrams, patterns and word families.

``get_lexicon("pl")`` maps the compiled files (milliseconds; see ``store.py``) and caches the
result per process. ``Lexicon.from_words([...], "pl")`` builds the same structures in memory
from a short list, so rule tests can use a real lexicon of a few words.

Every query takes text as a player typed it: it is NFC-normalised and lower-cased first, and
text that is not a word of the language gets a clear ``InputError`` (queries) or a plain
``False`` (membership: a string with a digit is simply not a word). The one exception is the
hot path, ``contains``: it takes a word in the lexicon's own form (``tiles.normalize``), which
every game's command parser already gives, so it is the C automaton's lookup and nothing
more; ``word in lexicon`` is membership of text as typed.
"""

from __future__ import annotations

import functools
import os
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from braille_words.errors import BrailleWordsError, InputError
from braille_words.lexicon import family as _family
from braille_words.lexicon import frequency as _frequency
from braille_words.lexicon import lemmas as _lemmas
from braille_words.lexicon import store
from braille_words.lexicon.graph import Anagrams, WordGraph
from braille_words.lexicon.sources import words_from
from braille_words.tiles import MAX_WORD_LENGTH, Alphabet, alphabet, clean_word, normalize

if TYPE_CHECKING:
    from braille_words.lexicon.wide import WideSearch

JOKER_CHARS = "?*_"  # a joker written in a rack: ? (and * or _, as some players type it)
MAX_JOKERS = 8
WALK_MAX_TILES = 10  # above this many tiles (or with jokers) the numpy search is quicker
COLD_WALK_MAX_TILES = 14  # up to a Rummikub rack, walk while numpy is not imported yet
SPELL_ALL_SHARE = 6  # spell the whole graph in one pass for more than 1/6 of its forms

Engine = Literal["auto", "walk", "wide"]


class Lexicon:
    """Words of one language, answering the questions word games ask."""

    def __init__(
        self,
        lang: str,
        graph: WordGraph,
        member: Callable[[str], bool],
        *,
        word_count: int | None = None,
        source: str = "memory",
        stamp: str | None = None,
        frequencies: _frequency.Frequencies | None = None,
    ) -> None:
        self.lang = lang
        self.alphabet: Alphabet = alphabet(lang)
        self.graph = graph
        self._member = member
        self.contains: Callable[[str], bool] = member
        """True when ``word``, already in the lexicon's form (``tiles.normalize``: NFC, lower
        case, no surrounding space), is a word of the lexicon.

        It is the automaton's own lookup, with no Python frame around it: the computers ask it
        hundreds of thousands of times a move, always with words they spelled from tiles, and
        players' words reach it through their game's command parser, which normalises the
        typed line once. Text straight from a person (a teacher's list, a console argument)
        goes through ``word in lexicon`` or ``normalize`` first."""
        self.word_count = word_count
        self.source = source
        self.stamp = stamp
        """The build that made the compiled files (None in memory): files beside the graph
        (frequencies, the 7 słów index) are used only when they carry the same stamp."""
        self._frequencies = frequencies
        self._wide_search: WideSearch | None = None
        self._lemmas: _lemmas.Lemmas | bool | None = None
        """The mapped lemma file: None until first asked, False when there is none (then
        morfeusz2 is asked, as for a lexicon built in memory)."""

    # ----- construction -----

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        lang: str = "pl",
        *,
        frequencies: Mapping[str, float] | None = None,
    ) -> Lexicon:
        """A lexicon of ``words`` built in memory (for tests and small custom lists).

        ``frequencies`` gives words' Zipf values (most frequent first when they tie); without
        it they are looked up in wordfreq at the first question about frequency (wordfreq is
        a build-time extra: without it every word is unseen).
        """
        abc = alphabet(lang)
        clean = words_from(list(words), abc)
        arrays = store.compile_words(clean, lang)
        members = frozenset(clean)
        graph = WordGraph(dict(arrays), abc.letters)
        freq = None
        if frequencies is not None:
            ranked = sorted(
                ((graph.word_id(normalize(w)), z) for w, z in frequencies.items() if z > 0),
                key=lambda p: -p[1],
            )
            freq = _frequency.Frequencies(
                array("I", (i for i, _z in ranked if i is not None)),
                array("H", (round(z * 100) for i, z in ranked if i is not None)),
            )
        return cls(lang, graph, members.__contains__, word_count=len(clean), frequencies=freq)

    @classmethod
    def load(cls, lang: str = "pl", path: str | Path | None = None) -> Lexicon:
        """Map the compiled lexicon of ``lang`` from the data folder (or ``path``)."""
        import dawg

        abc = alphabet(lang)
        # Under the lexicon's lock: a build moving its files in waits, so the graph, the
        # lookup automaton and the frequencies are of one build. The frequencies are mapped
        # now (a header and a mapping: no page is read until used), so a game that asks for
        # them after a rebuild still has its own build's; the lemmas and the 7 słów index,
        # mapped when first asked for, carry the build's stamp and are checked against it.
        with store.locked(store.lexicon_dir(path)):
            mapped = store.map_graph(store.graph_path(lang, path))
            if list(mapped.header.get("letters", [])) != list(abc.letters):
                raise BrailleWordsError(
                    f"the compiled {lang} word list was made for another alphabet; "
                    "run `braille-words lexicon build --force`."
                )
            member = dawg.DAWG()
            dfile = store.dawg_path(lang, path)
            try:
                member.load(os.fspath(dfile))
            except (OSError, ValueError, MemoryError):
                raise BrailleWordsError(
                    f"the {lang} lookup file {dfile} is missing or damaged; "
                    "run `braille-words lexicon build --force`."
                ) from None
            stamp = mapped.header.get("stamp")
            freq = (
                _frequency.load(store.freq_path(lang, path), stamp)
                if isinstance(stamp, str)
                else None
            )
        graph = WordGraph(mapped.arrays, abc.letters)
        graph._mapping = mapped.mapping  # type: ignore[attr-defined]  # keep the map alive
        count = mapped.header.get("words")
        return cls(
            lang,
            graph,
            (member.__contains__ if mapped.header.get("abbreviations_listed")
             else _without_listed(member.__contains__, lang)),
            word_count=count if isinstance(count, int) else None,
            frequencies=freq,
            source=str(store.graph_path(lang, path)),
            stamp=stamp if isinstance(stamp, str) else None,
        )

    # ----- membership -----

    def __contains__(self, word: object) -> bool:
        """Membership of text as typed: any case, NFC or NFD, surrounding space (a string
        the automaton cannot spell, such as a lone surrogate from JSON, is not a word)."""
        if not isinstance(word, str):
            return False
        try:
            return self.contains(word) or self.contains(normalize(word))
        except ValueError:
            return False

    def clean(self, word: str) -> str:
        """``word`` normalised, or an InputError naming what is wrong with it."""
        return clean_word(word, self.lang)

    # ----- searches -----

    def _rack(
        self, letters: str | Iterable[str | None], jokers: int
    ) -> tuple[list[int], int]:
        # A rack may come as tile letters, where a joker's letter is None (tiles.Tile).
        text = letters if isinstance(letters, str) else "".join(
            "?" if x is None else x for x in letters
        )
        text = normalize(text).replace(" ", "")
        counts = [0] * len(self.alphabet)
        for ch in text:
            if ch in JOKER_CHARS:
                jokers += 1
            else:
                if ch not in self.alphabet:
                    clean_word(ch, self.lang)  # raises a sentence naming the character
                counts[self.alphabet.index(ch)] += 1
        if jokers < 0:
            raise InputError("the number of jokers cannot be negative")
        if jokers > MAX_JOKERS:
            raise InputError(f"too many jokers ({jokers}; at most {MAX_JOKERS})")
        # A rack of any size is a question with an answer (a Rummikub rack may hold every
        # tile): no word uses more of a letter than a word can hold, so more are not
        # counted. What bounds a search is how many words it makes (``WideSearch``'s rows).
        return [min(n, MAX_WORD_LENGTH) for n in counts], jokers

    def anagrams(
        self,
        letters: str | Iterable[str | None],
        jokers: int = 0,
        *,
        min_len: int = 1,
        max_len: int | None = None,
        free: str = "",
        limit: int | None = None,
        engine: Engine = "auto",
    ) -> Anagrams:
        """Every word made from some of ``letters`` plus up to ``jokers`` jokers.

        ``letters`` is text or tile letters; jokers may be in it as "?" (or None, as
        ``Tile.letter`` has them) as well as counted by ``jokers``. ``free`` letters may be used any
        number of times (7 słów: players add vowels freely). Results come longest first, in
        dictionary order within a length; each tells which of its letters are jokers.
        ``limit`` keeps the first (longest) ones.
        """
        counts, jokers = self._rack(letters, jokers)
        for ch in normalize(free):
            if ch not in self.alphabet:
                clean_word(ch, self.lang)
            counts[self.alphabet.index(ch)] = MAX_WORD_LENGTH
        cap = MAX_WORD_LENGTH if max_len is None else max_len
        lo, hi = max(1, min_len), min(cap, MAX_WORD_LENGTH, sum(counts) + jokers)
        if lo > hi:
            return Anagrams([], [])
        if self._wide_pays(counts, jokers, engine):
            found = self._wide().anagrams(counts, jokers, lo, hi)
        else:
            found = self.graph.anagrams(counts, jokers, lo, hi)
        return found if limit is None else found[: max(0, limit)]

    def _wide_pays(self, counts: list[int], jokers: int, engine: Engine) -> bool:
        """Whether the numpy level-by-level search beats the plain walk for this rack.

        Measured on the Polish lexicon: the walk wins for small racks without jokers (its
        cost is the words found, under a millisecond), numpy's fixed cost per level
        (about a millisecond in all) pays off once jokers or many tiles multiply the words.
        """
        if engine != "auto":
            return engine == "wide"
        if jokers == 0 and sum(counts) <= COLD_WALK_MAX_TILES and "numpy" not in sys.modules:
            # Importing numpy costs more (110 ms of CPU here) than walking a rack this size
            # (9 ms median, 27 ms worst for 14 tiles): a game's first move, before a person's
            # first prompt, should not pay for it; a search that needs numpy will import it.
            return False
        return jokers > 0 or sum(counts) > WALK_MAX_TILES

    def longest(
        self,
        letters: str | Iterable[str | None],
        jokers: int = 0,
        *,
        free: str = "",
        min_len: int = 1,
        engine: Engine = "auto",
    ) -> Anagrams:
        """The longest words the rack makes (all of that length), fewest jokers first.

        The walk tries the longest possible length first (a long minimum length prunes it
        hard); the numpy search spells only the words of its deepest level.
        """
        counts, jokers = self._rack(letters, jokers)
        for ch in normalize(free):
            if ch not in self.alphabet:
                clean_word(ch, self.lang)
            counts[self.alphabet.index(ch)] = MAX_WORD_LENGTH
        top = min(sum(counts) + jokers, MAX_WORD_LENGTH, self.graph.height[0])
        lo = max(min_len, 1)
        if top < lo:
            return Anagrams([], [])
        if self._wide_pays(counts, jokers, engine):
            found = self._wide().anagrams(counts, jokers, lo, top, longest_only=True)
        else:
            found = Anagrams([], [])
            for length in range(top, lo - 1, -1):
                found = self.graph.anagrams(counts, jokers, length, length)
                if found:
                    break
        return found.reordered(sorted(range(len(found)), key=lambda i: len(found.jokers[i])))

    def _wide(self) -> WideSearch:
        if self._wide_search is None:
            from braille_words.lexicon.wide import WideSearch  # numpy: only when needed

            self._wide_search = WideSearch(self.graph.arrays, self.alphabet.letters)
        return self._wide_search

    def matching(self, pattern: str, *, limit: int | None = None) -> list[str]:
        """Words fitting ``pattern``: "?" (or "." / "_") is any one letter, "*" any run.

        Example: ``matching("?a?zcz?t")``. Results are in dictionary order; ``limit``
        stops the search after that many words (some of them, not necessarily the first).
        """
        text = normalize(pattern).replace(".", "?").replace("_", "?")
        if not text:
            raise InputError("the pattern is empty")
        if len(text) > MAX_WORD_LENGTH:
            raise InputError(f"the pattern is too long ({len(text)}; at most {MAX_WORD_LENGTH})")
        star = "*"
        pat: list[int | str | None] = []
        for ch in text:
            if ch == "*":
                if not pat or pat[-1] is not star:
                    pat.append(star)
            elif ch == "?":
                pat.append(None)
            elif ch in self.alphabet:
                pat.append(self.alphabet.index(ch))
            else:
                raise InputError(
                    f"'{ch}' cannot be in a pattern: use letters, '?' for one letter "
                    "and '*' for any letters"
                )
        return self.graph.matching(pat, None if limit is None else max(0, limit))

    def words(self, prefix: str = "") -> list[str]:
        """Every word starting with ``prefix`` (dictionary order)."""
        text = normalize(prefix)
        return list(self.graph.words(text)) if not text or self.alphabet.is_word(text) else []

    # ----- word ids and frequencies -----

    def word_id(self, word: str) -> int | None:
        """The word's id (its place in dictionary order), or None when it is not a word."""
        try:
            found = self.graph.word_id(word)
        except TypeError:
            return None
        if found is None:
            normal = normalize(word)
            if normal != word:
                found = self.graph.word_id(normal)
        return found

    def word_at(self, word_id: int) -> str:
        """The word with this id (IndexError outside the lexicon)."""
        return self.graph.word_at(word_id)

    @property
    def frequencies(self) -> _frequency.Frequencies:
        """Ranks and Zipf values by word id (mapped from ``<lang>.freq`` on first use)."""
        if self._frequencies is None:
            self._frequencies = self._load_frequencies()
        return self._frequencies

    def _load_frequencies(self) -> _frequency.Frequencies:
        if self.source == "memory":
            try:
                by_rank, zipf = _frequency.ranked_from_wordfreq(self.lang, self.graph.word_id)
            except BrailleWordsError:
                return _frequency.Frequencies.empty()
            return _frequency.Frequencies(by_rank, zipf)
        found = None
        if self.stamp is not None:
            found = _frequency.load(Path(self.source).with_suffix(".freq"), self.stamp)
        if found is None:
            raise BrailleWordsError(
                f"the {self.lang} word frequencies are missing or belong to another build of "
                "the word list; run `braille-words lexicon build`."
            )
        return found

    def zipf(self, word: str) -> float:
        """How common ``word`` is on the Zipf scale (wordfreq's; 3 = once per million words);
        0.0 for a word wordfreq has not seen or that is not in the lexicon."""
        found = self.word_id(word)
        return 0.0 if found is None else self.frequencies.zipf(found)

    def frequency_rank(self, word: str) -> int | None:
        """1 for the lexicon's most frequent form, 2 for the next…; None when unseen."""
        found = self.word_id(word)
        return None if found is None else self.frequencies.rank(found)

    def most_frequent(self, n: int | None = None, *, min_zipf: float = 0.0) -> Iterator[str]:
        """The ``n`` most frequent forms (every ranked one with None), most frequent first,
        only those at least as common as ``min_zipf``.

        Spelling a form from its id walks down the graph from the root (about 25 µs); a walk
        over the whole graph spells every form in dictionary order at about 4 µs each. So a
        share of the lexicon over ``1 / SPELL_ALL_SHARE`` (7 słów's 80 000 English forms of
        Zipf 1+ out of 112 000: 1.9 s one by one, 0.5 s in one pass) is spelled in one pass,
        keeping only the wanted forms; a few thousand forms are spelled one by one."""
        ids = list(self.frequencies.top(n, min_zipf=min_zipf))
        graph = self.graph
        if len(ids) * SPELL_ALL_SHARE < graph.below[0]:
            yield from map(graph.word_at, ids)
            return
        wanted = sorted(ids)
        spelled: dict[int, str] = {}
        at = 0
        for word_id, word in enumerate(graph.words()):
            if word_id == wanted[at]:
                spelled[word_id] = word
                at += 1
                if at == len(wanted):
                    break
        yield from (spelled[found] for found in ids)

    # ----- families -----

    def lemmas(self, word: str) -> tuple[str, ...] | None:
        """``word``'s lemmas from the lemma file built with the lexicon (the word itself when
        it is not a form of the lexicon); None when there is no such file, and morfeusz2 must
        be asked."""
        if self._lemmas is None:
            self._lemmas = self._load_lemmas() or False
        if self._lemmas is False or self._lemmas is True:
            return None
        found = self.word_id(word)
        return (word,) if found is None else self._lemmas.of(found)

    def _load_lemmas(self) -> _lemmas.Lemmas | None:
        if self.source == "memory" or self.stamp is None or self.lang not in _lemmas.LANGS:
            return None
        return _lemmas.load(Path(self.source).with_suffix(".lemmas"), self.stamp, self.word_at)

    def family(self, word: str) -> _family.Family:
        """Lemmas and guessed roots of ``word`` (see ``family.py`` for the heuristic)."""
        return _family.family(self.clean(word), self.lang, self.lemmas, self.contains)

    def kinship(self, word: str, other: str) -> _family.Kinship | None:
        """Why ``word`` belongs to ``other``'s family (shared lemma or root), or None."""
        return _family.kinship(
            self.clean(word), self.clean(other), self.lang, self.lemmas, self.contains
        )

    def same_family(self, word: str, other: str) -> bool:
        return self.kinship(word, other) is not None

    def family_clash(
        self, word: str, earlier: Sequence[str]
    ) -> _family.Kinship | None:
        """The first earlier word of ``word``'s family, certain links before probable ones."""
        links = [k for k in (self.kinship(word, e) for e in earlier) if k is not None]
        if not links:
            return None
        return min(links, key=lambda k: ("same", "inflection", "derivation").index(k.kind))

    def __repr__(self) -> str:
        return f"Lexicon({self.lang!r}, {self.word_count} words, {self.source})"


def _without_listed(member: Callable[[str], bool], lang: str) -> Callable[[str], bool]:
    """The compiled lookup of a lexicon built before our lists of abbreviations were dropped
    at build (its header says so), refusing the listed ones it still holds (``hiszp``): the
    shared lexicon is not rebuilt for a few words. A lexicon built since has none of them
    (a teacher's own ``--extra`` word is kept there), and uses the automaton's own lookup
    with no Python frame around it (``Lexicon.contains`` says why that matters)."""
    from braille_words.lexicon.abbreviations import listed

    stale = frozenset(word for word in listed(lang) if member(word))
    if not stale:
        return member

    def contains(word: str) -> bool:
        return word not in stale and member(word)

    return contains


@functools.lru_cache(maxsize=8)
def _cached(lang: str, root: str) -> Lexicon:
    return Lexicon.load(lang, root)


def get_lexicon(lang: str = "pl", path: str | Path | None = None) -> Lexicon:
    """The compiled lexicon of ``lang``, loaded once per process and data folder.

    Raises BrailleWordsError ("run `braille-words lexicon build`") when it is not compiled.
    """
    alphabet(lang)
    return _cached(lang, os.fspath(store.data_root(path)))


def clear_cache() -> None:
    """Forget loaded lexicons (after a rebuild in the same process)."""
    _cached.cache_clear()
