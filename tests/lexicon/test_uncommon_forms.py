"""Frequent forms counted for being something else leave a child's levels (issues 33, 38).

A medium computer played HAI (the surname Hai; SGJP's form of "haja"), LENNY, KAT and HOLT,
and English AH, HA, UH, ER, HM; a Polish hint offered GNIDY (nits, and an insult). The rules
of ``lexicon.uncommon_forms`` find names, foreign words and abbreviations among the frequent
forms and ``tools/list_uncommon_forms.py`` writes them into lists ``unsuitable`` reads; every
index of common words is rebuilt when a list changes, because its key holds the lists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from braille_words.lexicon import uncommon_forms
from braille_words.lexicon.common import common_words, knows
from braille_words.lexicon.sources import SCOWL_DIR
from braille_words.lexicon.unsuitable import unsuitable, unsuitable_source


def test_a_polish_form_sgjp_knows_only_as_a_name_a_foreign_word_or_a_shortening_goes() -> None:
    """BYŁEM reads as BYŁ + EM (common words in segments); MARKA is a brand as well as
    Marek's genitive, so it stays; HAI is only a surname, THE unknown, USG an acronym."""
    pytest.importorskip("morfeusz2")
    forms = ["hai", "the", "jorku", "usg", "marka", "byłem", "kot", "warszawa", "lenny"]
    assert uncommon_forms.polish(forms) == ["hai", "the", "jorku", "usg"]


def test_an_abbreviation_a_name_a_brand_or_a_sound_sgjp_reads_as_a_word_goes(
    english: Any,
) -> None:
    """A Scrabble karty hint offered ABP ("arcybiskup", which SGJP also inflects as a noun),
    BERT and TAL (names; SGJP's rare "berta", "tal"), IPAD (a brand SGJP lists as a noun) and
    HAU (a dog's bark). KOT, MI, LIST, MOST, HEJ and the rarer AHA stay: Polish writes them
    far more than English does, or English has the word, or the sound is a beginner's."""
    pytest.importorskip("morfeusz2")
    wordfreq = pytest.importorskip("wordfreq")
    frequent = ["kot", "mi", "list", "most", "hej", "aha", "abp"]
    rare = [*("x" * 4 for _ in range(uncommon_forms.INTERJECTION_FROM)), "bert", "tal",
            "ipad", "hau", "dom"]
    found = uncommon_forms.polish(frequent + rare, english_words=english,
                                  zipf=wordfreq.zipf_frequency)
    assert [form for form in found if form != "x" * 4] == ["abp", "bert", "tal", "ipad", "hau"]


def test_a_short_noun_counted_far_above_the_rest_of_its_lemma_goes() -> None:
    """A hint offered WIG: SGJP's Whig, but the counts saw the stock index twenty times as often
    as WIGA or WIGÓW. PROC (the slingshot's genitive, counted as "procent"), WOJ, REŻ and SZER
    are abbreviations too, POWER English. KOT and LAS stay (their other forms are as common),
    and so do KAKAO and CARGO, one form for most cases; a long form (TRAKCIE, of "w trakcie")
    is not judged, and SCHAB and SĘK, a child's words the counts saw in set phrases, are kept
    by hand."""
    pytest.importorskip("morfeusz2")
    wordfreq = pytest.importorskip("wordfreq")
    import morfeusz2

    morf = morfeusz2.Morfeusz()
    judged = {form: uncommon_forms.is_outcounted(form, morf, wordfreq.zipf_frequency)
              for form in ["wig", "proc", "woj", "reż", "szer", "power", "kot", "las", "kakao",
                           "cargo", "trakcie", "dom", "schab", "sęk"]}
    assert [form for form, out in judged.items() if out] == [
        "wig", "proc", "woj", "reż", "szer", "power"]


@pytest.mark.parametrize("word", ["abp", "bert", "tal", "hau", "ipad", "toyota", "daniel",
                                  "wig", "proc"])
def test_no_hint_or_medium_computer_plays_an_abbreviation_name_brand_or_sound(
    word: str, polish: Any,
) -> None:
    """The run-time list (``pl-uncommon-forms.txt``) refuses them with today's lexicon."""
    assert polish.contains(word) and knows(polish, None, word)
    assert unsuitable(word, "pl") and not knows(polish, 50_000, word)


def _scowl(folder: Path, lists: dict[str, str]) -> Path:
    for name, words in lists.items():
        (folder / name).write_text("\n".join(words.split()) + "\n", encoding="latin-1")
    return folder


def test_an_english_form_scowl_keeps_only_among_rare_words_or_below_a_name_goes(
    tmp_path: Path,
) -> None:
    """KAT is at SCOWL's size 70 (and Kat a name at 95): rare as a word, frequent as a name.
    MAFIA at 55 under Mafia at 40 goes; ICONIC at 55 with no name stays, CAT at 10 stays."""
    scowl = _scowl(tmp_path, {"english-words.10": "cat", "english-words.55": "mafia iconic",
                              "english-words.70": "kat holt", "english-upper.40": "Mafia",
                              "english-proper-names.95": "Kat", "american-words.60": "java",
                              "english-contractions.10": "cat's"})
    assert uncommon_forms.english(["cat", "kat", "mafia", "iconic", "holt", "java", "dog"],
                                  scowl) == ["kat", "mafia", "holt", "java"]


@pytest.mark.parametrize(("lang", "fixture"), [("pl", "polish"), ("en", "english")])
def test_the_kept_lists_hold_what_the_rules_find_among_the_most_frequent_forms(
    request: pytest.FixtureRequest, lang: str, fixture: str,
) -> None:
    """The lists were written from the built lexicon's counts: a form the rules find among the
    3 000 most frequent and no list refuses means the lists need writing again
    (tools/list_uncommon_forms.py)."""
    lexicon = request.getfixturevalue(fixture)
    forms = list(lexicon.most_frequent(3_000))
    if lang == "pl":
        pytest.importorskip("morfeusz2")
        wordfreq = pytest.importorskip("wordfreq")
        found = uncommon_forms.polish(forms, english_words=request.getfixturevalue("english"),
                                      zipf=wordfreq.zipf_frequency)
    else:
        if not SCOWL_DIR.is_dir():
            pytest.skip("SCOWL is not installed")
        found = uncommon_forms.english(forms, SCOWL_DIR)
    assert found, "the rules found nothing: the test checked nothing"
    chosen = _tool().childrens_words(lang)  # the tool leaves Alicja's words (UL) in play
    assert [form for form in found if not unsuitable(form, lang) and form not in chosen] == []


def _tool() -> Any:
    """``tools/list_uncommon_forms.py``, the script that writes the lists."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools" / "list_uncommon_forms.py"
    spec = importlib.util.spec_from_file_location("list_uncommon_forms", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("word", "lang"), [
    ("hai", "pl"), ("the", "pl"), ("jorku", "pl"), ("kraków", "pl"), ("lenny", "pl"),
    ("aka", "pl"), ("ii", "pl"), ("de", "pl"), ("house", "pl"), ("henry", "pl"),
    ("ah", "en"), ("ha", "en"), ("uh", "en"), ("er", "en"), ("hmm", "en"), ("um", "en"),
    ("kat", "en"), ("holt", "en"), ("english", "en"), ("b", "en"),
])
def test_names_foreign_words_sounds_and_letters_are_not_a_childs_words(
    word: str, lang: str, polish: Any, english: Any,
) -> None:
    lexicon = polish if lang == "pl" else english
    assert lexicon.contains(word) and knows(lexicon, None, word)  # the dictionary keeps it
    assert unsuitable(word, lang) and not knows(lexicon, 50_000, word)


@pytest.mark.parametrize(("word", "lang"), [
    ("marka", "pl"), ("byłem", "pl"), ("kot", "pl"), ("ja", "pl"), ("as", "pl"), ("la", "pl"),
    ("kat", "pl"), ("mi", "pl"), ("pod", "pl"), ("euro", "pl"), ("cargo", "pl"),
    ("oh", "en"), ("hi", "en"), ("wow", "en"), ("a", "en"), ("i", "en"), ("cat", "en"),
])
def test_the_common_words_sharing_their_letters_stay(word: str, lang: str) -> None:
    assert not unsuitable(word, lang)


def test_an_index_of_common_words_is_kept_under_the_lists_it_was_sifted_by() -> None:
    """A kept index (``parsed_cache``) is keyed by the files ``unsuitable_source`` names: a
    list written again renews every index sifted by the old one."""
    names = {path.name for path in unsuitable_source("pl")}
    assert {"pl-unsuitable.txt", "pl-uncommon.txt", "pl-uncommon-forms.txt"} <= names
    assert "en-uncommon-forms.txt" in {path.name for path in unsuitable_source("en")}


@pytest.mark.parametrize(("lang", "most"), [("pl", 50_000), ("en", 12_000)])
def test_no_common_word_index_holds_a_refused_form(
    request: pytest.FixtureRequest, lang: str, most: int,
) -> None:
    """Word Rummikub's anagrams come from this index: GNIDY, HAI and THE are among the 50 000
    most frequent Polish forms, AH and KAT among the 12 000 English ones, and none is in it."""
    lexicon = request.getfixturevalue("polish" if lang == "pl" else "english")
    known = common_words(lexicon, most)
    assert known is not None
    words = [w for group, _counts in known.groups.values() for w in group]
    assert len(words) > most * 0.9
    assert [w for w in words if unsuitable(w, lang)] == []
    refused = {"pl": ["gnidy", "hai", "the"], "en": ["ah", "kat", "holt"]}[lang]
    assert all(lexicon.frequency_rank(w) <= most for w in refused)
    assert not set(refused) & set(words)


def test_word_thiefs_vocabulary_holds_no_refused_form(english: Any) -> None:
    """Its set of common forms was the raw top of the counts (SPERM, KAT, AH)."""
    from braille_words.games.word_thief.computer import COMMON, _vocabulary

    known = _vocabulary(english, COMMON["medium"])
    assert known is not None and "cat" in known
    assert not {"sperm", "kat", "ah", "holt"} & known
