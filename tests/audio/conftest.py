"""Fixtures for sound tests: virtual per-seat outputs that record what was played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from braille_words.audio.virtual import VirtualOutputs


@pytest.fixture
def outputs(tmp_path: Path) -> VirtualOutputs:
    """Two seat outputs, seat0 (also the default) and seat1, recording into tmp_path."""
    return VirtualOutputs.create(tmp_path / "alsa-home", ("seat0", "seat1"))


@pytest.fixture
def direct_outputs(tmp_path: Path) -> VirtualOutputs:
    """Outputs with no pipe between the device and its file: a file's size is what was played
    (each opening of the device starts its file afresh)."""
    return VirtualOutputs.create(tmp_path / "alsa-direct", ("seat0",), append=False)


@pytest.fixture
def no_sound_card(tmp_path: Path) -> VirtualOutputs:
    return VirtualOutputs.none(tmp_path / "no-card")


def _dominant_freq(samples: npt.NDArray[np.generic], rate: int) -> float:
    x = np.asarray(samples, dtype=np.float64)
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    spectrum[0] = 0.0
    return float(np.fft.rfftfreq(len(x), 1 / rate)[int(np.argmax(spectrum))])


FreqOf = Callable[[npt.NDArray[np.generic], int], float]


@pytest.fixture
def freq_of() -> FreqOf:
    """The strongest frequency in some samples (Hann window keeps leakage off neighbours)."""
    return _dominant_freq
