"""The school dictionary (issue 16 §2): a teacher gives the class's words; beginner and medium
computers and hints use only those, players' words are still judged by the whole lexicon, and
a resumed game keeps the list."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from braille_words.lexicon.school import SchoolWords
from braille_words.table.launch import resume_session

RunBW = Any
SCHOOL = ["kot", "dom", "mama", "tata", "las", "kos", "osa", "sok", "mak", "rak", "woda",
          "noga", "ryba", "lato", "zima", "oko", "ser", "nos"]


def test_school_words_rank_the_list_and_leave_the_lexicon_whole(polish: Any) -> None:
    school = SchoolWords(polish, ["Kot", "dom", "xyzzy", "kot"])
    assert school.school_words == ("kot", "dom")  # unknown words and repeats left out
    assert school.frequency_rank("dom") == 2 and school.frequency_rank("woda") is None
    assert list(school.most_frequent(min_zipf=3.0)) == ["kot", "dom"]
    assert school.contains("porzeźbiono")  # players' words: the whole lexicon


def test_seven_words_computers_write_only_the_classs_words(
    run_bw: RunBW, tmp_path: Path
) -> None:
    words = tmp_path / "klasa.txt"
    words.write_text("\n".join(SCHOOL) + "\n", encoding="utf-8")
    done = run_bw("play", "siedem-slow", "--players", "computer:beginner,computer:medium",
                  "--seed", "3", "--school-words", str(words),
                  "--journal", str(tmp_path / "g.jsonl"))
    written = re.findall(r"(?:Ada|Bolek): ([A-ZĄĆĘŁŃÓŚŹŻ]+) \d+", done.stdout)
    assert written
    assert {w.lower() for w in written} <= set(SCHOOL) | {"a", "i", "o", "oko", "kot"}


def test_a_resumed_game_keeps_the_school_words(run_bw: RunBW, tmp_path: Path, polish: Any) -> None:
    words = tmp_path / "klasa.txt"
    words.write_text("kot\ndom\n", encoding="utf-8")
    journal = tmp_path / "g.jsonl"
    run_bw("play", "rummikub", "--players", "human,computer:beginner", "--seed", "3",
           "--school-words", str(words), "--journal", str(journal), stdin="wyjdź\n")
    words.unlink()  # the file is gone; the journal holds the words
    resumed = resume_session(journal, lexicon=polish, outputs=[])
    assert resumed.header.options["school_words"] == ["kot", "dom"]
    assert resumed.rules.lexicon.school_words == ("kot", "dom")
    resumed.close()


def test_a_missing_school_list_is_a_sentence(run_bw: RunBW, tmp_path: Path) -> None:
    done = run_bw("play", "rummikub", "--school-words", str(tmp_path / "nope.txt"),
                  ok=False)
    assert "the school word list" in done.stderr and "Traceback" not in done.stderr
