"""The seat's voice alone (``table.seat.voice``): speech, the transcript, a failing device."""

from __future__ import annotations

import io
import json

from braille_words.speech.recorder import RecordingSpeaker
from braille_words.table.seat.voice import SeatVoice


def test_a_sentence_is_spoken_in_the_seats_language_and_written_to_its_transcript() -> None:
    spoken, transcript = io.StringIO(), io.StringIO()
    voice = SeatVoice("pl", speaker=RecordingSpeaker(spoken), transcript=transcript,
                      label="Ola")
    voice.speak("Twój ruch.")
    assert transcript.getvalue() == "[Ola] Twój ruch.\n"
    records = [json.loads(line) for line in spoken.getvalue().splitlines()]
    assert any("Twój ruch." in str(record) for record in records)


def test_spelling_is_in_the_seats_language() -> None:
    assert SeatVoice("pl").spell("kot") != SeatVoice("en").spell("kot")
    assert SeatVoice("pl", spell=lambda letters, lang: f"{lang}:{letters}").spell("ko") == (
        "pl:ko")


class PulledOut:
    """Headphones pulled out: every sound fails (the fault a real device cannot be made to
    show on demand)."""

    def play(self, name: str) -> None:
        raise OSError("the sound device is gone")


def test_a_failing_sound_is_told_once_and_the_seat_goes_on() -> None:
    told: list[str] = []
    voice = SeatVoice("pl", earcons=PulledOut())
    voice.on_device = told.append
    voice.cue("your_turn")
    voice.cue("edge")
    assert told == ["sound_failed"]
