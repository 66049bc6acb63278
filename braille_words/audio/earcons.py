"""Short sounds for game events, made in code (no downloaded files to license or lose).

Each earcon is a few sine notes, so each has a pitch signature a listener learns in one game
and a test can check with an FFT. The rule of thumb: good news rises, bad news falls, the
clock is high and short, and nothing lasts longer than half a second (a sound heard a hundred
times a game must not grate).

========== ========================================== ============================
earcon     notes (Hz, ms)                             meaning
========== ========================================== ============================
your_turn  523 (120), 784 (160)                       a rising fifth: "over to you"
picked     1175 (40)                                  a light high blip
placed     587 (50)                                   a lower, firmer blip
accepted   523 (80), 659 (80), 784 (140)              a rising major chord
rejected   392 (140), 277 (220)                       a falling tritone
joker      1319 (45), 1568 (45), 1319 (45), 1568 (45) a sparkling trill
steal      1000→500 glide (250)                       a swoop down: something taken
warning    988 (70) ×3, 60 ms apart                   three quick high beeps
time_up    440 (200), 220 (280)                       a falling octave, long
tick       2000 (12)                                  a click
========== ========================================== ============================
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported by the functions that make sound, not by the game
    import numpy as np
    import numpy.typing as npt

DEFAULT_RATE = 48000
LEVEL = 0.3  # peak amplitude: clearly audible next to speech without startling
FADE = 0.004  # seconds of fade in/out on every note, so no note clicks


@dataclass(frozen=True)
class Note:
    """A sine tone that may glide to ``glide_to``; ``gap`` is silence after it."""

    freq: float
    ms: int
    glide_to: float | None = None
    gap: int = 0


class Earcon(enum.Enum):
    YOUR_TURN = "your_turn"
    TILE_PICKED = "picked"
    TILE_PLACED = "placed"
    WORD_ACCEPTED = "accepted"
    WORD_REJECTED = "rejected"
    JOKER = "joker"
    STEAL = "steal"
    TIME_WARNING = "warning"
    TIME_UP = "time_up"
    TICK = "tick"
    GAME_OVER = "game_over"
    EDGE = "edge"
    TEAPOT = "teapot"

    @property
    def notes(self) -> tuple[Note, ...]:
        return SIGNATURES[self]


SIGNATURES: dict[Earcon, tuple[Note, ...]] = {
    Earcon.YOUR_TURN: (Note(523, 120, gap=10), Note(784, 160)),
    Earcon.TILE_PICKED: (Note(1175, 40),),
    Earcon.TILE_PLACED: (Note(587, 50),),
    Earcon.WORD_ACCEPTED: (Note(523, 80), Note(659, 80), Note(784, 140)),
    Earcon.WORD_REJECTED: (Note(392, 140, gap=20), Note(277, 220)),
    Earcon.JOKER: (Note(1319, 45), Note(1568, 45), Note(1319, 45), Note(1568, 45)),
    Earcon.STEAL: (Note(1000, 250, glide_to=500),),
    Earcon.TIME_WARNING: (Note(988, 70, gap=60), Note(988, 70, gap=60), Note(988, 70)),
    Earcon.TIME_UP: (Note(440, 200, gap=20), Note(220, 280)),
    Earcon.TICK: (Note(2000, 12),),
    # The end of a game: the "accepted" rise, held longer, then its top note again.
    Earcon.GAME_OVER: (Note(523, 90), Note(659, 90), Note(784, 90, gap=30), Note(1047, 180)),
    # Panning past the end of a line: one soft, low knock.
    Earcon.EDGE: (Note(330, 35),),
    # Alicja's teapot: a soft bell on every beat while the teapot runs, higher than the tick.
    Earcon.TEAPOT: (Note(784, 60),),
}

# The teapot of Alicja plays music while it runs: one note of this tune per beat, round and
# round (a plain C-major figure, ours).
TEAPOT_TUNE: tuple[float, ...] = (523.0, 659.0, 784.0, 659.0, 587.0, 698.0, 880.0, 698.0)


def tone(note: Note, rate: int = DEFAULT_RATE) -> npt.NDArray[np.float32]:
    """One note, faded in and out, followed by its gap."""
    import numpy as np

    n = max(1, int(rate * note.ms / 1000))
    end = note.glide_to if note.glide_to is not None else note.freq
    freq = np.linspace(note.freq, end, n, dtype=np.float64)
    phase = 2 * np.pi * np.cumsum(freq) / rate
    wave = np.sin(phase) * LEVEL
    fade = min(n // 2, max(1, int(rate * FADE)))
    ramp = np.linspace(0.0, 1.0, fade)
    wave[:fade] *= ramp
    wave[n - fade :] *= ramp[::-1]
    gap = np.zeros(int(rate * note.gap / 1000))
    return np.concatenate([wave, gap]).astype(np.float32)


def synthesize(earcon: Earcon, rate: int = DEFAULT_RATE) -> npt.NDArray[np.float32]:
    """The earcon's samples, mono float32 in -1..1."""
    import numpy as np

    return np.concatenate([tone(n, rate) for n in earcon.notes])


def tune_note(beat: int, rate: int = DEFAULT_RATE, ms: int = 180) -> npt.NDArray[np.float32]:
    """The teapot tune's note for ``beat`` (counted from 0), for a musical timer cue."""
    return tone(Note(TEAPOT_TUNE[beat % len(TEAPOT_TUNE)], ms), rate)
