"""espeak-ng through sounddevice on virtual ALSA outputs: what each seat really heard.

Speech runs in a child process (PortAudio reads the ALSA configuration once per process); the
parent reads the files the outputs wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from braille_words.audio.virtual import RATE, VirtualOutputs
from braille_words.speech.espeak import synthesize

SENTENCE = "Twój ruch. Masz czternaście płytek."
LONG = (
    "Na stole leżą słowa kot, dom, las, morze, szyszka i oczy, "
    "a w worku zostało jeszcze czterdzieści dwie płytki."
)


def sounding_seconds(samples: np.ndarray, threshold: int = 300) -> float:
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > threshold)
    return 0.0 if not len(loud) else (loud[-1] - loud[0] + 1) / RATE


def expected_seconds(text: str, lang: str = "pl") -> float:
    samples, rate = synthesize(text, lang=lang)
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > 300)
    return (loud[-1] - loud[0] + 1) / rate


def test_speech_reaches_the_seat_device_whole_and_audible(outputs: VirtualOutputs) -> None:
    outputs.run_python(
        "from braille_words.speech import make_speaker\n"
        "s = make_speaker('espeak:device=seat0', seat=0)\n"
        f"s.say({SENTENCE!r})\n"
        "assert s.wait(30)\n"
        "s.close()\n"
    )
    heard = outputs.samples("seat0")
    rms = float(np.sqrt(np.mean(heard.astype(np.float64) ** 2)))
    assert rms > 500  # speech, not silence
    seconds = sounding_seconds(heard)
    assert abs(seconds - expected_seconds(SENTENCE)) < 0.05
    assert 0.2 * 5 < seconds < 0.8 * 5  # five words at a plausible speaking rate


def test_two_seats_on_one_computer_hear_only_their_own_speech(outputs: VirtualOutputs) -> None:
    outputs.run_python(
        "from braille_words.speech import make_speaker\n"
        "a = make_speaker('espeak:device=seat0', seat=0)\n"
        "b = make_speaker('espeak:device=seat1:lang=en', seat=1)\n"
        "a.say('Tak.')\n"
        "b.say('Your turn. You hold seven cards and the bag is empty.')\n"
        "assert a.wait(30) and b.wait(30)\n"
    )
    seat0, seat1 = (
        sounding_seconds(outputs.samples("seat0")),
        sounding_seconds(outputs.samples("seat1")),
    )
    assert abs(seat0 - expected_seconds("Tak.")) < 0.05
    assert (
        abs(seat1 - expected_seconds("Your turn. You hold seven cards and the bag is empty.", "en"))
        < 0.05
    )


def test_a_key_press_cuts_speech_within_100_ms(direct_outputs: VirtualOutputs) -> None:
    outputs = direct_outputs
    out = outputs.run_python(
        "import os, time\n"
        "from braille_words.speech import make_speaker\n"
        "s = make_speaker('espeak:device=seat0')\n"
        f"s.say({LONG!r})\n"
        "path = os.path.join(os.environ['XDG_CONFIG_HOME'], 'seat0.raw')\n"
        "while not os.path.exists(path) or os.path.getsize(path) < 0.5 * 48000 * 2:\n"
        "    time.sleep(0.005)\n"
        "at_stop = os.path.getsize(path) // 2\n"
        "s.stop()\n"
        "assert s.wait(5)\n"
        "print(at_stop, s.busy)\n"
    )
    at_stop, busy = out.split()
    total = len(outputs.samples("seat0"))
    assert busy == "False"
    assert total - int(at_stop) <= 0.1 * RATE
    assert total / RATE < expected_seconds(LONG) / 2


def test_your_turn_interrupts_a_long_announcement(outputs: VirtualOutputs) -> None:
    outputs.run_python(
        "import os, time\n"
        "from braille_words.speech import make_speaker, Priority\n"
        "s = make_speaker('espeak:device=seat0')\n"
        f"s.say({LONG!r})\n"
        "s.say('Zostało czterdzieści płytek.')\n"
        "path = os.path.join(os.environ['XDG_CONFIG_HOME'], 'seat0.raw')\n"
        "while not os.path.exists(path) or os.path.getsize(path) < 0.3 * 48000 * 2:\n"
        "    time.sleep(0.005)\n"
        "s.say('Twój ruch.', priority=Priority.INTERRUPT)\n"
        "assert s.wait(30)\n"
    )
    heard = len(outputs.samples("seat0")) / RATE
    full = expected_seconds(LONG) + expected_seconds("Zostało czterdzieści płytek.")
    assert expected_seconds("Twój ruch.") < heard < full / 2


def test_pyttsx3_speaks_through_the_default_output(outputs: VirtualOutputs) -> None:
    outputs.run_python(
        "from braille_words.speech import make_speaker\n"
        "s = make_speaker('pyttsx3')\n"
        "assert s.describe() == 'pyttsx3'\n"
        "s.say('Twój ruch.')\n"
        "assert s.wait(30)\n"
        "s.close()\n"
    )
    assert sounding_seconds(outputs.samples("seat0")) > 0.3
    assert not len(outputs.samples("seat1"))


SAY = (
    "import argparse, sys\n"
    "from braille_words.speech.cli import register\n"
    "p = argparse.ArgumentParser(); register(p.add_subparsers())\n"
    "a = p.parse_args(sys.argv[1:] or {argv!r})\n"
    "raise SystemExit(a.func(a))\n"
)


def test_say_speaks_on_the_chosen_device(outputs: VirtualOutputs) -> None:
    outputs.run_python(SAY.format(argv=["say", "--device", "seat1", SENTENCE]))
    assert abs(sounding_seconds(outputs.samples("seat1")) - expected_seconds(SENTENCE)) < 0.05
    assert not len(outputs.samples("seat0"))


def test_say_writes_the_same_speech_to_a_wav_file(outputs: VirtualOutputs, tmp_path: Path) -> None:
    import wave

    wav = tmp_path / "ruch.wav"
    out = outputs.run_python(SAY.format(argv=["say", "--wav", str(wav), SENTENCE]))
    assert out.startswith(f"Wrote {wav}")
    with wave.open(str(wav)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        data = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
        rate = w.getframerate()
    samples, expected_rate = synthesize(SENTENCE)
    assert rate == expected_rate and np.array_equal(data, samples)


def test_say_spells_with_letter_names(no_sound_card: VirtualOutputs) -> None:
    out = no_sound_card.run_python(SAY.format(argv=["say", "--spell", "--engine", "text", "żółw"]))
    assert out == "żet, o kreskowane, eł, wu\n"


def test_say_on_a_machine_without_sound_prints_and_warns_once(
    no_sound_card: VirtualOutputs,
) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", SAY.format(argv=["say", "Twój ruch."])],
        env=no_sound_card.env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == "Twój ruch.\n"
    assert done.stderr.count("warning") == 1 and "Traceback" not in done.stderr


def test_record_beside_espeak_logs_what_the_seat_heard(
    outputs: VirtualOutputs, tmp_path: Path
) -> None:
    log = tmp_path / "seat1.jsonl"
    outputs.run_python(
        "from braille_words.speech import make_speaker\n"
        f"s = make_speaker('espeak:device=seat1+record:{log}', seat=1)\n"
        "s.say('Tak.')\n"
        "assert s.wait(30)\n"
        "s.close()\n"
    )
    assert json.loads(log.read_text(encoding="utf-8"))["text"] == "Tak."
    assert sounding_seconds(outputs.samples("seat1")) > 0.1


def test_a_wav_file_that_cannot_be_written_is_a_sentence(tmp_path: Path) -> None:
    import pytest

    from braille_words.errors import BrailleWordsError
    from braille_words.speech.espeak import write_wav

    with pytest.raises(BrailleWordsError, match=r"cannot write .*; choose another file"):
        write_wav(tmp_path / "no" / "such" / "x.wav", "Tak.")


def test_text_starting_with_a_dash_is_spoken_not_taken_as_an_option() -> None:
    samples, _ = synthesize("-v en --help")
    assert len(samples) > 0
