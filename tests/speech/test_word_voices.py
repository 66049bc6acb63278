"""A word in the game's language inside a sentence in another is said in its own voice.

The presenter marks the word (``mark_word``); espeak-ng and speech-dispatcher get SSML with a
``<voice xml:lang>`` for it; every plain output gets the sentence with the marks taken out.
Checked against the real espeak-ng: its phonemes (``-x``) show which language read each word.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator

import numpy as np
import pytest

from braille_words.speech.espeak import espeak_text, synthesize
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import (
    Message,
    Speaker,
    has_marks,
    mark_word,
    marked_spans,
    set_word_marks,
    strip_marks,
    to_ssml,
)


@pytest.fixture
def marks() -> Iterator[None]:
    old = set_word_marks(True)
    yield
    set_word_marks(old)


def test_a_marked_word_reaches_transcripts_and_braille_as_plain_text() -> None:
    """Marks are on: the seat's transcript and display take them out, only speech keeps them."""
    import io

    from braille_words.table.outputs import SeatOutput

    heard = io.StringIO()
    out = SeatOutput(name="Ola", lang="en", verbosity="beginner", transcript=heard)
    out.announce("Your word: " + mark_word("ŹRÓDŁO", "pl", "en") + ".")
    assert heard.getvalue() == "Your word: ŹRÓDŁO.\n"


def test_a_word_is_marked_only_in_a_sentence_of_another_language(marks: None) -> None:
    assert mark_word("ŹRÓDŁO", "pl", "pl") == "ŹRÓDŁO"
    marked = "Your word: " + mark_word("ŹRÓDŁO", "pl", "en") + "."
    assert marked != "Your word: ŹRÓDŁO."
    assert strip_marks(marked) == "Your word: ŹRÓDŁO."
    assert marked_spans(marked) == [("Your word: ", None), ("ŹRÓDŁO", "pl"), (".", None)]


def test_ssml_gives_the_word_its_voice_and_escapes_text(marks: None) -> None:
    marked = "A < B: " + mark_word("KOT & PIES", "pl", "en")
    assert to_ssml(marked, "en") == (
        '<speak xml:lang="en">A &lt; B: <voice xml:lang="pl">KOT &amp; PIES</voice></speak>'
    )


class _Plain(Speaker):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []

    def _say(self, msg: Message) -> bool:
        self.heard.append(msg.text)
        return True


def test_a_speaker_without_markup_hears_the_plain_sentence(marks: None) -> None:
    speaker = _Plain()
    speaker.say("Your word: " + mark_word("ŹRÓDŁO", "pl", "en") + ".", "en")
    assert speaker.heard == ["Your word: ŹRÓDŁO."]


def test_a_presenter_marks_tiles_for_an_english_seat_only(marks: None) -> None:
    from braille_words.games.word_rummikub.presenter import Presenter

    view = {
        "rack": [[1, "ź"], [2, None]],
        "loose": [],
        "table": [{"text": "źródło", "tiles": []}],
        "seats": ["A", "B"],
        "scores": [0, 0],
    }
    presenter = Presenter(word_lang="pl")
    english = presenter.read("rack", view, "en", "beginner")
    polish = presenter.read("rack", view, "pl", "beginner")
    assert english is not None and polish is not None
    # Letters are named in the tiles' language (ziet), whatever the messages are in.
    assert strip_marks(english) == "Rack, 2 tiles: 1 ziet, 2 joker."
    assert marked_spans(english)[1] == ("ziet", "pl")
    assert strip_marks(polish) == "Stojak, 2 płytki: 1 ziet, 2 joker."
    assert not has_marks(polish)  # no other language in it
    table = presenter.read("table", view, "en", "beginner") or ""
    assert ("ŹRÓDŁO", "pl") in marked_spans(table)


needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="no espeak-ng")


def _phonemes(text: str, ssml: bool, voice: str) -> str:
    cmd = ["espeak-ng", "-q", "-x", "-v", voice] + (["-m"] if ssml else [])
    done = subprocess.run(cmd, input=text, capture_output=True, text=True, check=True, timeout=30)
    return " ".join(done.stdout.split())


@needs_espeak
def test_real_espeak_says_the_polish_word_in_polish_and_returns_to_english(marks: None) -> None:
    sentence = "Your word: " + mark_word("ŹRÓDŁO", "pl", "en") + ", the table is empty."
    said, ssml = espeak_text(sentence, "en", VoiceSettings(lang="en"))
    assert ssml
    assert '<voice xml:lang="pl">ŹRÓDŁO</voice>' in said
    heard = _phonemes(said, True, "en")
    polish_word = _phonemes("ŹRÓDŁO", False, "pl")
    english_tail = _phonemes("the table is empty.", False, "en-gb")
    assert polish_word in heard  # the word in the Polish voice ("Z;R'udwO")
    assert heard.endswith(english_tail)  # and the sentence goes on in English ("D@ t'eIb@L")
    # Unmarked, English reads the word with English rules: a different sound altogether.
    assert polish_word not in _phonemes(strip_marks(sentence), False, "en")


@needs_espeak
def test_real_espeak_synthesises_the_switched_sentence(marks: None) -> None:
    sentence = "Your word: " + mark_word("ŹRÓDŁO", "pl", "en") + "."
    samples, rate = synthesize(sentence, VoiceSettings(lang="en"), lang="en")
    assert rate > 0 and len(samples) > rate // 2
    assert float(np.sqrt(np.mean(samples.astype(np.float64) ** 2))) > 300


@needs_espeak
def test_an_unmarked_sentence_goes_to_espeak_as_plain_text() -> None:
    assert espeak_text("Twój ruch.", "pl", VoiceSettings()) == ("Twój ruch.", False)
