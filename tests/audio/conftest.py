"""Fixtures for sound tests (the virtual outputs are in tests/conftest.py): pitch of samples."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest


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
