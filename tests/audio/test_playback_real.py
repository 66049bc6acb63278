"""Real sounddevice on virtual ALSA outputs: what each seat's device really received.

Each test runs the sound side in a child process, because PortAudio reads the ALSA
configuration once per process.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np
import pytest

from braille_words.audio.devices import AudioDeviceError
from braille_words.audio.earcons import Earcon, synthesize
from braille_words.audio.virtual import RATE, VirtualOutputs

FreqOf = Callable[..., float]


def sounding(samples: np.ndarray, threshold: int = 200) -> np.ndarray:
    """The samples from the first to the last that is not silence."""
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > threshold)
    return samples[loud[0] : loud[-1] + 1] if len(loud) else samples[:0]


def test_outputs_are_listed_by_name_and_chosen_by_name_or_number(outputs: VirtualOutputs) -> None:
    out = outputs.run_python(
        "import json\n"
        "from braille_words.audio.devices import output_devices, resolve_output_device\n"
        "devs = output_devices()\n"
        "seat1 = resolve_output_device('seat1')\n"
        "print(json.dumps({'names': [d.name for d in devs], 'seat1': seat1,\n"
        "  'by_number': resolve_output_device(str(seat1)),\n"
        "  'default': resolve_output_device(None)}))\n"
    )
    got = json.loads(out)
    assert {"seat0", "seat1"} <= set(got["names"])
    assert got["names"][got["seat1"]] == "seat1"
    assert got["by_number"] == got["seat1"]
    assert got["default"] is None


def test_a_machine_without_a_sound_card_says_so_in_a_sentence(
    no_sound_card: VirtualOutputs,
) -> None:
    out = no_sound_card.run_python(
        "from braille_words.audio.devices import output_devices, resolve_output_device\n"
        "from braille_words.audio.cli import list_audio_devices\n"
        "print(len(output_devices()))\n"
        "print(list_audio_devices(None))\n"
        "try:\n"
        "    resolve_output_device('seat0')\n"
        "except Exception as exc:\n"
        "    print(type(exc).__name__, exc)\n"
    )
    lines = out.splitlines()
    assert lines[0] == "0"
    assert lines[1].startswith("No sound output device found")
    assert lines[2] == "1"
    assert lines[3].startswith(AudioDeviceError.__name__ + " no sound output device found")


def test_a_wrong_device_name_lists_the_outputs(outputs: VirtualOutputs) -> None:
    out = outputs.run_python(
        "from braille_words.audio.devices import resolve_output_device\n"
        "try:\n"
        "    resolve_output_device('seat7')\n"
        "except Exception as exc:\n"
        "    print(exc)\n"
    )
    assert "no sound output is called 'seat7'" in out and "seat1" in out


def test_each_seat_hears_only_its_own_earcon_at_its_own_pitch(
    outputs: VirtualOutputs, freq_of: FreqOf
) -> None:
    outputs.run_python(
        "from braille_words.audio import Player, Earcon, synthesize\n"
        "a, b = Player('seat0'), Player('seat1')\n"
        "a.play_samples(synthesize(Earcon.TILE_PICKED), 48000)\n"
        "b.play_samples(synthesize(Earcon.TILE_PLACED), 48000)\n"
        "assert a.wait(10) and b.wait(10)\n"
        "assert a.last_error is None and b.last_error is None\n"
    )
    seat0, seat1 = sounding(outputs.samples("seat0")), sounding(outputs.samples("seat1"))
    assert freq_of(seat0, RATE) == pytest.approx(1175, abs=30)
    assert freq_of(seat1, RATE) == pytest.approx(587, abs=30)
    expected = len(synthesize(Earcon.TILE_PICKED, RATE))
    assert abs(len(seat0) - expected) < 0.005 * RATE


def test_your_turn_arrives_as_its_two_rising_notes(
    outputs: VirtualOutputs, freq_of: FreqOf
) -> None:
    outputs.run_python(
        "from braille_words.audio import Player, Earcon, synthesize\n"
        "p = Player('seat0')\n"
        "p.play_samples(synthesize(Earcon.YOUR_TURN, 22050), 22050)\n"  # ALSA resamples
        "assert p.wait(10)\n"
    )
    played = sounding(outputs.samples("seat0"))
    first, second = Earcon.YOUR_TURN.notes
    n1 = int(RATE * first.ms / 1000)
    assert freq_of(played[: n1 - 200], RATE) == pytest.approx(first.freq, abs=15)
    assert freq_of(played[-int(RATE * second.ms / 1000) + 200 :], RATE) == pytest.approx(
        second.freq, abs=15
    )
    assert not len(outputs.samples("seat1"))


def test_stop_drops_the_rest_of_a_sound_within_100_ms(direct_outputs: VirtualOutputs) -> None:
    outputs = direct_outputs
    # A 3-second tone; stop once a third of a second has reached the device. The file is the
    # device's own record: samples after the stop are what the listener would still hear.
    out = outputs.run_python(
        "import os, time, numpy as np\n"
        "from braille_words.audio import Player\n"
        "p = Player('seat0')\n"
        "t = np.arange(3 * 48000) / 48000\n"
        "p.play_samples(0.3 * np.sin(2 * np.pi * 440 * t), 48000)\n"
        "path = os.path.join(os.environ['XDG_CONFIG_HOME'], 'seat0.raw')\n"
        "while not os.path.exists(path) or os.path.getsize(path) < 0.33 * 48000 * 2:\n"
        "    time.sleep(0.005)\n"
        "at_stop = os.path.getsize(path) // 2\n"
        "p.stop()\n"
        "print(at_stop, p.busy, p.last_report.cancelled)\n"
    )
    at_stop_s, busy, cancelled = out.split()
    at_stop = int(at_stop_s)
    total = len(outputs.samples("seat0"))
    assert busy == "False" and cancelled == "True"
    assert total - at_stop <= 0.1 * RATE
    assert total < 1.0 * RATE  # nowhere near the 3 s that was started


def test_a_new_cue_cuts_the_one_playing(outputs: VirtualOutputs, freq_of: FreqOf) -> None:
    outputs.run_python(
        "import time\n"
        "from braille_words.audio import Player, Earcon, synthesize\n"
        "p = Player('seat0')\n"
        "p.play_samples(synthesize(Earcon.STEAL), 48000)\n"
        "time.sleep(0.05)\n"
        "p.play_samples(synthesize(Earcon.TICK), 48000)\n"
        "assert p.wait(10)\n"
    )
    played = outputs.samples("seat0")
    assert len(sounding(played)) < len(synthesize(Earcon.STEAL, RATE))
    assert freq_of(sounding(played)[-int(0.012 * RATE) :], RATE) == pytest.approx(2000, abs=170)


def test_the_teapot_plays_its_tune_then_time_up_on_the_seat_device(
    outputs: VirtualOutputs, freq_of: FreqOf
) -> None:
    # Hand-moved time drives the timer; the cues are really played.
    outputs.run_python(
        "from braille_words.audio import Player\n"
        "from braille_words.audio.timers import (\n"
        "    GameTimer, ManualScheduler, TimerSound, TimerSpec, Cue)\n"
        "clock = ManualScheduler()\n"
        "spec = TimerSpec('teapot', 1.0, warning_at=0.0, cue=Cue.MUSIC, beat=0.5)\n"
        "timer = GameTimer(spec, clock)\n"
        "player = Player('seat1')\n"
        "TimerSound(timer, player)\n"
        "timer.start()\n"
        "clock.advance(0.5); assert player.wait(10)\n"
        "clock.advance(0.5); assert player.wait(10)\n"
    )
    played = sounding(outputs.samples("seat1"))
    assert freq_of(played[: int(0.15 * RATE)], RATE) == pytest.approx(523, abs=15)  # tune note 1
    assert freq_of(played[-int(0.25 * RATE) :], RATE) == pytest.approx(220, abs=15)  # time up
    assert not len(outputs.samples("seat0"))


def test_a_seat_plays_cues_by_name_at_its_own_volume(
    outputs: VirtualOutputs, freq_of: FreqOf
) -> None:
    outputs.run_python(
        "from braille_words.audio import CuePlayer\n"
        "loud = CuePlayer('seat0')\n"
        "quiet = CuePlayer('seat1', volume=0.5)\n"
        "muted = CuePlayer('seat1', enabled=False)\n"
        "loud.play('accepted'); quiet.play('accepted'); muted.play('rejected')\n"
        "assert loud.wait(10) and quiet.wait(10) and muted.wait(10)\n"
    )
    loud, quiet = sounding(outputs.samples("seat0")), sounding(outputs.samples("seat1"))
    assert np.max(np.abs(quiet)) / np.max(np.abs(loud)) == pytest.approx(0.5, abs=0.03)
    last = int(0.1 * RATE)
    assert freq_of(quiet[-last:], RATE) == pytest.approx(784, abs=15)  # no rejected tones


def test_an_unknown_cue_name_is_a_sentence() -> None:
    from braille_words.audio.cues import earcon_named
    from braille_words.errors import InputError

    assert earcon_named("your_turn") is Earcon.YOUR_TURN
    with pytest.raises(InputError, match="unknown sound cue 'fanfare'"):
        earcon_named("fanfare")
