"""Spec strings, seat settings, and the fallback chain that never leaves a player in silence."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.audio.virtual import VirtualOutputs
from braille_words.errors import BrailleWordsError, InputError
from braille_words.speech import Verbosity, VoiceSettings, parse_spec, settings_for_game
from braille_words.speech.factory import EngineSpec


def test_specs_name_engines_and_options() -> None:
    assert parse_spec("auto") == [EngineSpec("auto")]
    assert parse_spec("espeak:device=2:rate=200") == [
        EngineSpec("espeak", {"device": "2", "rate": "200"})
    ]
    assert parse_spec("espeak:device=hw:1,0:voice=pl") == [
        EngineSpec("espeak", {"device": "hw:1,0", "voice": "pl"})
    ]
    assert parse_spec("text+record:/tmp/a:b.jsonl") == [
        EngineSpec("text"),
        EngineSpec("record", path="/tmp/a:b.jsonl"),
    ]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("flite", "unknown speech engine 'flite'"),
        ("espeak:speed=3", "unknown speech option 'speed'"),
        ("espeak:fast", "'fast' is not an option"),
        ("record:", "record needs a file"),
        ("text+", "empty speech engine"),
    ],
)
def test_a_bad_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_spec(spec)


@given(st.text(max_size=40))
def test_any_spec_text_parses_or_is_refused_with_input_error(spec: str) -> None:
    with contextlib.suppress(InputError):
        parse_spec(spec)


def test_seat_settings_take_options_and_refuse_nonsense() -> None:
    s = VoiceSettings().with_options({"rate": "220", "volume": "0.5", "voice": "pl+f3"})
    assert (s.rate, s.volume, s.voice, s.lang) == (220, 0.5, "pl+f3", "pl")
    assert s.voice_for("pl") == "pl+f3" and s.voice_for("en") == "en"
    with pytest.raises(InputError, match="rate"):
        VoiceSettings(rate=2000)
    with pytest.raises(InputError, match="must be a number"):
        VoiceSettings().with_options({"volume": "loud"})
    with pytest.raises(InputError, match="language"):
        VoiceSettings(lang="ro")


def test_word_thief_speaks_english_and_the_rest_polish() -> None:
    assert settings_for_game("word_thief").lang == "en"
    assert settings_for_game("seven_words").lang == "pl"
    assert settings_for_game("alice", verbosity=Verbosity.EXPERT).verbosity is Verbosity.EXPERT
    assert Verbosity.BEGINNER.hints and not Verbosity.EXPERT.hints
    assert Verbosity.parse(" Expert ") is Verbosity.EXPERT
    with pytest.raises(InputError):
        Verbosity.parse("chatty")


CHOOSE = (
    "import json, io\n"
    "from braille_words.speech import make_speaker\n"
    "warnings = []\n"
    "s = make_speaker({spec!r}, stream=io.StringIO(), warn=warnings.append)\n"
    "print(json.dumps({{'engine': s.describe(), 'warnings': warnings}}))\n"
    "s.close()\n"
)


def test_without_a_sound_card_play_falls_back_to_text_with_one_warning(
    no_sound_card: VirtualOutputs,
) -> None:
    got = json.loads(no_sound_card.run_python(CHOOSE.format(spec="auto")))
    assert got["engine"] == "text"
    # The warning is in the seat's language (Polish by default); its reason is technical.
    assert got["warnings"] == [
        "mowa przez kartę dźwiękową: niedostępne (no sound output device was found); "
        "używam: tekst w terminalu."
    ]


def test_hidden_espeak_falls_back_to_the_next_engine_with_one_warning(
    outputs: VirtualOutputs, tmp_path: Path
) -> None:
    # A PATH with everything pyttsx3 needs (aplay) but no espeak-ng program.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "aplay").symlink_to("/usr/bin/aplay")
    env = dict(os.environ, PATH=str(bin_dir))
    got = json.loads(outputs.run_python(CHOOSE.format(spec="espeak"), env=env))
    assert got["engine"] == "pyttsx3"
    assert len(got["warnings"]) == 1
    assert got["warnings"][0].startswith("espeak-ng: niedostępne (the espeak-ng program is not")
    assert got["warnings"][0].endswith("używam: pyttsx3.")


def test_auto_prefers_espeak_on_the_seat_device(outputs: VirtualOutputs) -> None:
    got = json.loads(outputs.run_python(CHOOSE.format(spec="auto:device=seat1")))
    assert got == {"engine": "espeak:device=seat1", "warnings": []}


def test_a_device_that_is_not_there_is_an_error_not_a_silent_fallback(
    outputs: VirtualOutputs,
) -> None:
    out = outputs.run_python(
        "from braille_words.speech import make_speaker\n"
        "try:\n"
        "    make_speaker('espeak:device=seat9')\n"
        "except Exception as exc:\n"
        "    print(type(exc).__mro__[1].__name__, '|', exc)\n"
    )
    assert out.startswith(BrailleWordsError.__name__ + " | no sound output is called 'seat9'")


def test_text_writes_to_the_given_stream() -> None:
    from braille_words.speech import make_speaker

    out = io.StringIO()
    with make_speaker("text", stream=out) as s:
        s.say("Twój ruch.")
    assert out.getvalue() == "Twój ruch.\n"


def test_only_espeak_can_speak_on_a_chosen_device() -> None:
    from braille_words.speech import make_speaker

    with pytest.raises(InputError, match="pyttsx3 cannot choose a sound device"):
        make_speaker("pyttsx3:device=seat1")


def test_the_fallback_warning_speaks_the_seats_language() -> None:
    from braille_words.speech.factory import _fallback_sentence

    failures = [("espeak-ng", "no sound output device was found")]
    assert _fallback_sentence("auto", "text", failures, "en") == (
        "sound speech is not available (no sound output device was found); "
        "using text on the terminal."
    )
    assert _fallback_sentence("auto", "text", failures, "pl").endswith("używam: tekst w terminalu.")
