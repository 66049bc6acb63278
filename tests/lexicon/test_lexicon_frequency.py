"""Word ids and frequencies: computed by `lexicon build`, mapped at play time, wordfreq's values."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from wordfreq import top_n_list, zipf_frequency

from braille_words.lexicon import Lexicon, Settings, store

WORDS = ["kot", "koty", "dom", "domy", "pies", "zebra", "grzdyl", "szkoła", "się", "nie", "i"]


def _built(tmp_path: Path, words: list[str]) -> Lexicon:
    source = tmp_path / "words.txt"
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    store.build(Settings("pl", (str(source),)), tmp_path)
    return Lexicon.load("pl", tmp_path)


def test_word_ids_number_the_words_in_dictionary_order() -> None:
    lex = Lexicon.from_words(WORDS, "pl")
    words = lex.words()
    assert [lex.word_id(w) for w in words] == list(range(len(words)))
    assert [lex.word_at(i) for i in range(len(words))] == words
    assert lex.word_id("ko") is None and lex.word_id("kotx") is None
    assert lex.word_id("KOT") == lex.word_id("kot")


def test_built_frequencies_are_wordfreqs_and_ranks_follow_its_order(tmp_path: Path) -> None:
    lex = _built(tmp_path, WORDS)
    for word in WORDS:
        assert lex.zipf(word) == zipf_frequency(word, "pl")
    known = [w for w in top_n_list("pl", 10**7) if w in set(WORDS)]
    assert list(lex.most_frequent()) == known
    assert [lex.frequency_rank(w) for w in known] == list(range(1, len(known) + 1))
    assert lex.frequency_rank("grzdyl") is None and lex.zipf("grzdyl") == 0.0
    assert lex.zipf("nieznane") == 0.0 and lex.frequency_rank("nieznane") is None
    assert list(lex.most_frequent(2)) == known[:2]
    common = [w for w in known if zipf_frequency(w, "pl") >= 5.0]
    assert list(lex.most_frequent(min_zipf=5.0)) == common
    # The same answers from a lexicon in memory.
    memory = Lexicon.from_words(WORDS, "pl")
    assert list(memory.most_frequent()) == known


def test_play_time_frequencies_do_not_import_wordfreq(tmp_path: Path) -> None:
    _built(tmp_path, WORDS)
    code = (
        "import sys; from braille_words.lexicon import Lexicon\n"
        f"lex = Lexicon.load('pl', {str(tmp_path)!r})\n"
        "print(lex.frequency_rank('się'), lex.zipf('kot') > 0, 'wordfreq' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    rank = [w for w in top_n_list("pl", 10**7) if w in set(WORDS)].index("się") + 1
    assert out.stdout.split() == [str(rank), "True", "False"]


def test_the_full_polish_lexicon_ranks_common_forms(full_pl: Lexicon) -> None:
    first = [w for w in top_n_list("pl", 20) if full_pl.contains(w)]
    assert [full_pl.frequency_rank(w) for w in first] == list(range(1, len(first) + 1))
    top = list(full_pl.most_frequent(50_000))
    assert len(top) == 50_000 and "kot" in top and all(full_pl.contains(w) for w in top[:100])
    assert full_pl.zipf("kot") == zipf_frequency("kot", "pl")


def test_most_frequent_spells_the_same_forms_in_one_pass_or_one_by_one(english: Lexicon) -> None:
    """Over a sixth of the lexicon is spelled in one walk of the graph (7 słów's common
    English words), a few forms one by one: the same forms, most frequent first."""
    for n, min_zipf in ((None, 1.0), (100, 0.0)):
        ids = list(english.frequencies.top(n, min_zipf=min_zipf))
        assert list(english.most_frequent(n, min_zipf=min_zipf)) == [
            english.word_at(i) for i in ids]
    share = len(list(english.frequencies.top(None, min_zipf=1.0))) / len(english.words())
    assert share > 1 / 6  # the one-pass branch is the one checked above
