"""One seat's earcons: play a cue by name on the seat's device, at the seat's volume.

The presenters name a cue ("your_turn", "rejected"…); this turns the name into sound once and
keeps it, so a cue costs a dictionary lookup and a stream open, not a synthesis, every time.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from braille_words.audio.earcons import DEFAULT_RATE, Earcon, synthesize
from braille_words.audio.player import Player
from braille_words.errors import InputError


def earcon_named(name: str | Earcon) -> Earcon:
    if isinstance(name, Earcon):
        return name
    try:
        return Earcon(name)
    except ValueError:
        names = ", ".join(e.value for e in Earcon)
        raise InputError(f"unknown sound cue '{name}'; the cues are: {names}") from None


class CuePlayer:
    """Earcons for one seat. ``enabled=False`` (a player who wants speech only) makes it silent."""

    def __init__(
        self,
        device: str | int | None = None,
        *,
        volume: float = 1.0,
        enabled: bool = True,
        rate: int = DEFAULT_RATE,
        player: Player | None = None,
    ) -> None:
        if not 0.0 <= volume <= 2.0:
            raise InputError(f"cue volume {volume} is out of range; use 0 to 2")
        self.enabled = enabled
        self.volume = volume
        self.rate = rate
        self.player = player if player is not None else Player(device)
        self._cache: dict[Earcon, npt.NDArray[np.float32]] = {}

    def samples(self, earcon: Earcon) -> npt.NDArray[np.float32]:
        if earcon not in self._cache:
            self._cache[earcon] = (synthesize(earcon, self.rate) * self.volume).astype(np.float32)
        return self._cache[earcon]

    def play(self, cue: str | Earcon) -> None:
        """Start ``cue`` (cutting a cue still sounding); returns at once."""
        earcon = earcon_named(cue)
        if self.enabled and self.volume > 0:
            self.player.play_samples(self.samples(earcon), self.rate)

    def play_samples(self, samples: object, rate: int) -> None:
        """Any sound on this seat's device (a timer's tune note); lets a timer use it as a sink."""
        if self.enabled and self.volume > 0:
            data = np.asarray(samples, dtype=np.float32) * self.volume
            self.player.play_samples(data, rate)

    def stop(self) -> None:
        self.player.stop()

    def wait(self, timeout: float | None = None) -> bool:
        return self.player.wait(timeout)
