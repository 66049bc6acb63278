"""Text speech for screen readers, the JSON-lines record, and speaking to both at once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from braille_words.errors import BrailleWordsError
from braille_words.speech import (
    Priority,
    RecordingSpeaker,
    TeeSpeaker,
    TextSpeaker,
    VoiceSettings,
    make_speaker,
    read_records,
)


def test_text_speech_is_one_plain_line_per_message() -> None:
    out = io.StringIO()
    speaker = TextSpeaker(stream=out)
    speaker.say("Twój ruch.\nMasz czternaście płytek.")
    speaker.say("Słowo KOT przyjęte.", priority=Priority.INTERRUPT)
    speaker.say("Podpowiedź: dołóż literę.", priority=Priority.LOW)
    assert out.getvalue().splitlines() == [
        "Twój ruch. Masz czternaście płytek.",
        "Słowo KOT przyjęte.",
        "Podpowiedź: dołóż literę.",
    ]
    assert not speaker.busy and speaker.wait(0)


def test_the_record_holds_time_seat_lang_priority_and_text(tmp_path: Path) -> None:
    path = tmp_path / "seat2.jsonl"
    with RecordingSpeaker(path, VoiceSettings(lang="en"), seat=2) as rec:
        rec.say("Your turn.", priority=Priority.INTERRUPT)
        rec.say("Słowo przyjęte.", lang="pl")
    records = list(read_records(path))
    assert [(r["seat"], r["lang"], r["priority"], r["text"]) for r in records] == [
        (2, "en", "interrupt", "Your turn."),
        (2, "pl", "normal", "Słowo przyjęte."),
    ]
    assert records[0]["time"].endswith("+00:00")
    assert "Słowo" in path.read_text(encoding="utf-8")  # readable UTF-8, not \\u escapes


def test_the_record_appends_across_sessions(tmp_path: Path) -> None:
    path = tmp_path / "lesson.jsonl"
    for text in ("pierwsza gra", "druga gra"):
        with RecordingSpeaker(path) as rec:
            rec.say(text)
    assert [r["text"] for r in read_records(path)] == ["pierwsza gra", "druga gra"]


def test_an_unwritable_record_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(BrailleWordsError, match="cannot record speech"):
        RecordingSpeaker(tmp_path / "no" / "such" / "dir" / "x.jsonl")


def test_a_tee_speaks_to_every_speaker(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "t.jsonl"
    tee = TeeSpeaker([TextSpeaker(stream=out), RecordingSpeaker(path, seat=1)])
    tee.say("Twój ruch.")
    tee.stop()
    tee.close()
    assert out.getvalue() == "Twój ruch.\n"
    assert [r["text"] for r in read_records(path)] == ["Twój ruch."]


def test_a_spec_can_combine_text_and_record(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "seat0.jsonl"
    warnings: list[str] = []
    speaker = make_speaker(f"text+record:{path}", seat=0, stream=out, warn=warnings.append)
    speaker.say("Zostało 40 płytek.")
    speaker.close()
    assert out.getvalue() == "Zostało 40 płytek.\n"
    assert json.loads(path.read_text(encoding="utf-8"))["seat"] == 0
    assert warnings == []
    assert speaker.describe() == f"text+record:{path}"


def test_none_is_silence() -> None:
    speaker = make_speaker("none")
    assert speaker.say("cokolwiek") and not speaker.busy


def test_the_record_lists_the_words_given_to_another_languages_voice(tmp_path: Path) -> None:
    """A Polish sentence with an English word: the text reads plainly, and "voices" says
    which words a switching voice speaks in English (the text speaker, for a screen reader,
    prints the plain sentence)."""
    from braille_words.speech.speaker import mark_word

    path = tmp_path / "seat0.jsonl"
    sentence = f"Ola kładzie {mark_word('REWORKED', 'en', 'pl')}: 20 pkt."
    with RecordingSpeaker(path, VoiceSettings(lang="pl"), seat=0) as rec:
        rec.say(sentence)
        rec.say("Twój ruch.")
    first, second = read_records(path)
    assert first["text"] == "Ola kładzie REWORKED: 20 pkt."
    assert first["voices"] == [["REWORKED", "en"]]
    assert "voices" not in second
    out = io.StringIO()
    TextSpeaker(stream=out).say(sentence)
    assert out.getvalue() == "Ola kładzie REWORKED: 20 pkt.\n"
