"""Compiled lexicons: built once into the data folder, mapped back, rebuilt only on change."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from braille_words.errors import BrailleWordsError
from braille_words.lexicon import Lexicon, Settings, get_lexicon, store
from braille_words.lexicon.lexicon import clear_cache


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def source(tmp_path: Path) -> str:
    # Like wpolish: proper names capitalised, foreign letters, hyphens, an NFD entry.
    return write(
        tmp_path / "polish",
        "dom\nDomański\nkot\nkoty\nquiz\nvideo\nex-mąż\nrock'n'roll\nźdźbło\n"
        + "z\u0307o\u0301\u0142w\n"  # żółw in NFD
        + "ą\n",
    )


def test_a_build_keeps_lower_case_polish_words_only(tmp_path: Path, source: str) -> None:
    report = store.build(Settings("pl", (source,)), tmp_path)
    assert not report.skipped and report.words == 6
    lex = Lexicon.load("pl", tmp_path)
    assert lex.words() == ["ą", "dom", "kot", "koty", "źdźbło", "żółw"]
    for absent in ["domański", "Domański", "quiz", "video", "ex-mąż", "mąż"]:
        assert not lex.contains(absent)


def test_a_second_build_is_skipped_until_a_source_changes(tmp_path: Path, source: str) -> None:
    settings = Settings("pl", (source,))
    assert not store.build(settings, tmp_path).skipped
    assert store.build(settings, tmp_path).skipped
    Path(source).write_text("dom\nlas\n", encoding="utf-8")
    os.utime(source, ns=(1, 1))
    assert not store.build(settings, tmp_path).skipped
    assert Lexicon.load("pl", tmp_path).words() == ["dom", "las"]
    assert not store.build(settings, tmp_path, force=True).skipped


def test_a_teacher_adds_and_bans_words_with_plain_files(tmp_path: Path, source: str) -> None:
    extra = write(tmp_path / "extra.txt", "# nasze słowa\nKotełek\n\n  żuczek  \n")
    ban = write(tmp_path / "ban.txt", "koty # za łatwe\n")
    store.build(Settings("pl", (source,), (extra,), (ban,)), tmp_path)
    lex = Lexicon.load("pl", tmp_path)
    assert lex.contains("kotełek") and lex.contains("żuczek")
    assert not lex.contains("koty") and lex.contains("kot")
    assert store.saved_settings("pl", tmp_path) == Settings("pl", (source,), (extra,), (ban,))


def test_a_bad_line_in_a_teacher_file_names_the_line(tmp_path: Path, source: str) -> None:
    extra = write(tmp_path / "extra.txt", "kot\ndwa słowa\n")
    with pytest.raises(BrailleWordsError, match="line 2"):
        store.build(Settings("pl", (source,), (extra,)), tmp_path)


def test_a_missing_word_list_says_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(BrailleWordsError, match="wpolish"):
        store.build(Settings("pl", (str(tmp_path / "nope"),)), tmp_path)


def test_loading_before_building_says_to_build(tmp_path: Path) -> None:
    with pytest.raises(BrailleWordsError, match="braille-words lexicon build"):
        get_lexicon("pl", tmp_path)


def test_a_damaged_file_asks_for_a_forced_rebuild(tmp_path: Path, source: str) -> None:
    store.build(Settings("pl", (source,)), tmp_path)
    graph = store.graph_path("pl", tmp_path)
    graph.write_bytes(graph.read_bytes()[:-40])
    with pytest.raises(BrailleWordsError, match="--force"):
        Lexicon.load("pl", tmp_path)
    graph.write_bytes(b"rubbish")
    with pytest.raises(BrailleWordsError, match="lexicon build"):
        Lexicon.load("pl", tmp_path)


def test_the_data_folder_follows_the_environment(
    tmp_path: Path, source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path / "data"))
    store.build(Settings("pl", (source,)), None)
    assert (tmp_path / "data" / "lexicon" / "pl.graph").is_file()
    clear_cache()
    assert get_lexicon("pl").contains("źdźbło")
    assert get_lexicon("pl") is get_lexicon("pl")  # loaded once per process
    clear_cache()


def test_a_mapped_lexicon_answers_like_one_built_in_memory(tmp_path: Path) -> None:
    words = ["ala", "ma", "kota", "kot", "ma", "lama", "mała", "łama", "tak", "kat", "ołtarz"]
    src = write(tmp_path / "words", "\n".join(words))
    store.build(Settings("pl", (src,)), tmp_path)
    mapped, memory = Lexicon.load("pl", tmp_path), Lexicon.from_words(words, "pl")
    assert mapped.words() == memory.words()
    assert mapped.anagrams("kamała?") == memory.anagrams("kamała?")
    assert mapped.matching("*a") == memory.matching("*a")
    assert mapped.graph.node_count == memory.graph.node_count


def test_word_lemmas_are_built_with_the_lexicon_and_play_never_loads_morfeusz(
    tmp_path: Path,
) -> None:
    """Issue 17: morfeusz2's dictionary weighed 42 MB at play; the lemmas it gives are now
    worked out at build and mapped. They must be what morfeusz2 says, lemma by lemma."""
    import subprocess
    import sys

    from braille_words.lexicon.family import _ANALYSER

    words = ["dom", "domy", "domek", "śmiech", "śmiechy", "mam", "mama", "mieć", "kot",
             "kota", "koty", "przydomowy", "śmialiśmy", "ołtarz"]
    src = write(tmp_path / "words", "\n".join(words))
    store.build(Settings("pl", (src,)), tmp_path)
    assert (tmp_path / "lexicon" / "pl.lemmas").is_file()
    lex = Lexicon.load("pl", tmp_path)
    for word in words:
        assert lex.lemmas(word) == _ANALYSER.lemmas(word), word
    assert lex.lemmas("mam") == ("mama", "mieć", "mamić")  # a lemma the list lacks: mamić
    assert lex.lemmas("śmialiśmy") == ("śmiać",)  # not "być" from its "-śmy"
    assert lex.kinship("śmiechy", "śmiech") is not None
    # A fresh process answers a family question without importing morfeusz2.
    probe = (
        "import sys; from braille_words.lexicon import Lexicon; "
        f"lex = Lexicon.load('pl', {str(tmp_path)!r}); "
        "assert lex.kinship('domy', 'dom').kind == 'inflection'; "
        "print('morfeusz2' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_a_data_folder_the_build_makes_is_private_whatever_the_umask(tmp_path: Path) -> None:
    """The set-up's lexicon build is most often the first to make the data folder; the
    games' journals and the reports go into it later. Made with the umask (0755), another
    account could list what was in it."""
    import os
    import stat

    from braille_words.lexicon import Settings, store

    source = tmp_path / "polish"
    source.write_text("dom\nrok\npan\n", encoding="utf-8")
    data = tmp_path / "fresh" / "braille-words"
    before = os.umask(0o022)
    try:
        store.build(Settings("pl", (str(source),)), data)
    finally:
        os.umask(before)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert (data / "lexicon" / "pl.graph").is_file()
