"""Earcons: each has the pitch its table promises, is short, and does not click."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest

from braille_words.audio.earcons import (
    LEVEL,
    TEAPOT_TUNE,
    Earcon,
    Note,
    synthesize,
    tone,
    tune_note,
)

RATE = 48000
FreqOf = Callable[..., float]


@pytest.mark.parametrize("earcon", list(Earcon))
def test_every_note_sounds_at_its_documented_pitch(earcon: Earcon, freq_of: FreqOf) -> None:
    for note in earcon.notes:
        if note.glide_to is not None:
            continue
        samples = tone(Note(note.freq, note.ms), RATE)
        # A 12 ms tick resolves to 83 Hz bins; longer notes far finer.
        assert freq_of(samples, RATE) == pytest.approx(note.freq, abs=RATE / len(samples))


@pytest.mark.parametrize("earcon", list(Earcon))
def test_earcons_are_short_quiet_enough_and_start_and_end_in_silence(earcon: Earcon) -> None:
    samples = synthesize(earcon, RATE)
    assert 0 < len(samples) / RATE <= 0.5
    assert np.max(np.abs(samples)) <= LEVEL + 1e-6
    assert abs(samples[0]) < 0.01 and abs(samples[-1]) < 0.01


def test_earcons_are_distinct_from_one_another() -> None:
    for a, b in itertools.combinations(Earcon, 2):
        assert a.notes != b.notes, f"{a} and {b} sound alike"


def test_good_news_rises_and_bad_news_falls() -> None:
    assert Earcon.YOUR_TURN.notes[-1].freq > Earcon.YOUR_TURN.notes[0].freq
    assert Earcon.WORD_ACCEPTED.notes[-1].freq > Earcon.WORD_ACCEPTED.notes[0].freq
    assert Earcon.WORD_REJECTED.notes[-1].freq < Earcon.WORD_REJECTED.notes[0].freq
    assert Earcon.TIME_UP.notes[-1].freq < Earcon.TIME_UP.notes[0].freq


def test_steal_swoops_down(freq_of: FreqOf) -> None:
    samples = synthesize(Earcon.STEAL, RATE)
    half = len(samples) // 2
    assert freq_of(samples[:half], RATE) > freq_of(samples[half:], RATE) + 200


def test_teapot_tune_cycles(freq_of: FreqOf) -> None:
    n = len(TEAPOT_TUNE)
    assert np.array_equal(tune_note(0, RATE), tune_note(n, RATE))
    assert freq_of(tune_note(2, RATE), RATE) == pytest.approx(TEAPOT_TUNE[2], abs=10)


def test_every_cue_the_table_and_the_games_name_is_a_sound() -> None:
    """"game_over" and "edge" were named but had no sound: each play failed and was reported
    as a broken output device. Every cue named in the code, or by a game's events, exists."""
    import re
    from pathlib import Path

    from braille_words.games.registry import GAMES, find_game

    root = Path(__file__).resolve().parents[2] / "braille_words"
    named: set[str] = set()
    for path in root.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'cue="(\w+)"', source))
        named |= set(re.findall(r'earcons\.play\("(\w+)"\)', source))
    for name in GAMES:
        kit = find_game(name)
        for kind in kit.event_kinds:
            cue = kit.presenter.cue_for(kind, 0, {})
            if cue:
                named.add(cue)
    assert named, "the search found no cues at all"
    known = {e.value for e in Earcon}
    assert named - known == set()
