"""Device-side emulators of the display protocols, on pseudo-terminals."""

from __future__ import annotations

from braille_words.displays.emulators.base import Emulator
from braille_words.displays.profiles import default_profile, get_profile
from braille_words.errors import BrailleWordsError

EMULATED = ("baum", "handytech", "focus")


def make_emulator(protocol: str, cells: int = 40, *, profile: str | None = None) -> Emulator:
    """An emulator of ``protocol`` with ``cells`` cells and the key map of ``profile``
    (the protocol's generic profile by default); not started yet. A Focus of 44, 70 or 84
    cells poses as a first-generation model, with that model's dot order."""
    chosen = get_profile(profile) if profile else default_profile(protocol)
    if chosen.protocol != protocol:
        raise BrailleWordsError(
            f"The model {chosen.name} speaks {chosen.protocol}, not {protocol}."
        )
    keymap = chosen.keymap
    if protocol == "baum":
        from braille_words.displays.emulators.baum import BaumEmulator

        return BaumEmulator(cells, keymap=keymap)
    if protocol == "handytech":
        from braille_words.displays.emulators.handytech import HandyTechEmulator

        return HandyTechEmulator(cells, keymap=keymap, model_code=chosen.model_code)
    if protocol == "focus":
        from braille_words.displays.emulators.focus import FocusEmulator

        return FocusEmulator(cells, keymap=keymap)
    raise BrailleWordsError(
        f"There is no emulator for {protocol!r}; choose one of {', '.join(EMULATED)}."
    )
