"""Help and the short hint name the game's own words: each such word, and only it, is marked
in the game's language when the help is in another (issue 34 §1), so a voice or a page reads
"work" in English inside Polish help, and "kot" in Polish inside English help."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.seven_words.presenter import nudge
from braille_words.games.seven_words.rules import Submit
from braille_words.speech.speaker import marked_spans
from braille_words.table.outputs import SeatOutput
from tests.table.conftest import MakeTable


def _help_spans(make_table: MakeTable, game: str, lang: str, topic: str) -> list[Any]:
    outputs = [SeatOutput(name=f"P{i}", lang=lang, verbosity="beginner") for i in range(2)]
    session, _ = make_table(game=game, outputs=outputs)
    return marked_spans(session.news[0]._help(topic))


@pytest.mark.parametrize(("game", "lang", "topic", "marked", "word_lang"), [
    ("word_thief", "pl", "", {"work", "frown", "cat", "x z q"}, "en"),
    ("word_thief", "pl", "wszystko", {"work", "WORK", "FROWN", "CAT"}, "en"),
    ("rummikub", "en", "", {"s", "smutny"}, "pl"),
    ("rummikub", "en", "all", {"kot", "szyszka oczy kat", "zaszczyt"}, "pl"),
    ("scrabble_cards", "en", "all", {"kotek", "KOTEK", "ko?tek"}, "pl"),
])
def test_the_games_words_in_help_are_marked_in_the_games_language(
    make_table: MakeTable, game: str, lang: str, topic: str, marked: set[str],
    word_lang: str,
) -> None:
    spans = _help_spans(make_table, game, lang, topic)
    foreign = {text for text, span_lang in spans if span_lang is not None}
    assert marked <= foreign, foreign
    assert {span_lang for _, span_lang in spans} <= {None, word_lang}
    # the command words and the sentence around them stay in the help's own language
    plain = " ".join(text for text, span_lang in spans if span_lang is None)
    assert "⟦" not in plain and "⟧" not in plain


def test_help_in_the_games_own_language_has_no_marks(make_table: MakeTable) -> None:
    spans = _help_spans(make_table, "rummikub", "pl", "wszystko")
    assert all(span_lang is None for _, span_lang in spans)
    assert "⟦" not in "".join(text for text, _ in spans)


def test_the_short_hint_marks_the_letter_of_the_games_language() -> None:
    said = nudge(Submit("kot"), "en", "beginner", "pl")
    assert said is not None
    assert [t for t, span_lang in marked_spans(said) if span_lang == "pl"] == ["ka"]
