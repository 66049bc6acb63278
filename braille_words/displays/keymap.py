"""Keys to commands, as data: the profiles' ``[keys]`` tables and the chord rule.

A binding's key side is one key name (``display.1``), a ``+``-joined chord of them
(``space.1+dots.1+dots.4``) or a whole group (``routing.*``): a lone key of that group gives
the command with the key's number as its argument, and several keys of a ``braille_chord``
group give the dots as a bitmask. Chords fire on the first release, as in BRLTTY and NVDA, so
that a player can press keys one after another and let go of them in any order.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping

from braille_words.displays.events import COMMAND_NAMES, DisplayCommand, KeyEvent
from braille_words.errors import BrailleWordsError
from braille_words.tiles import is_number

Key = tuple[str, int]


def parse_key_name(name: str) -> Key:
    """``"routing.7"`` → ``("routing", 7)``; a clear error for anything else."""
    group, dot, number = name.strip().rpartition(".")
    if not dot or not group or not is_number(number):
        raise BrailleWordsError(
            f"The key name {name!r} should look like group.number, for example display.1."
        )
    return group, int(number)


class KeyMap:
    """Bindings from key combinations to command names, checked when loaded."""

    def __init__(self, bindings: Mapping[str, str]) -> None:
        self.chords: dict[frozenset[Key], str] = {}
        self.groups: dict[str, str] = {}
        for keys, command in bindings.items():
            if command not in COMMAND_NAMES:
                raise BrailleWordsError(
                    f"The key map binds {keys!r} to {command!r}, which is not a command; "
                    f"use one of: {', '.join(sorted(COMMAND_NAMES))}."
                )
            if keys.endswith(".*") and "+" not in keys:
                self.groups[keys[:-2]] = command
            else:
                combo = frozenset(parse_key_name(part) for part in keys.split("+"))
                bound = self.chords.get(combo)
                if bound is not None and bound != command:
                    raise BrailleWordsError(
                        f"The key map binds {keys!r} to both {bound!r} and {command!r}."
                    )
                self.chords[combo] = command

    def resolve(self, keys: Iterable[Key]) -> DisplayCommand | None:
        """The command a released chord means, or None when it means nothing."""
        combo = frozenset(keys)
        if not combo:
            return None
        command = self.chords.get(combo)
        if command is not None:
            arg = next(iter(combo))[1] if command in ("route", "braille_chord") else None
            if command == "braille_chord" and arg is not None:
                arg = 1 << (arg - 1)
            return DisplayCommand(command, arg)
        groups = {group for group, _ in combo}
        if len(groups) != 1:
            return None
        group = groups.pop()
        command = self.groups.get(group)
        if command is None:
            return None
        if command == "braille_chord":
            mask = 0
            for _, number in combo:
                if 1 <= number <= 8:
                    mask |= 1 << (number - 1)
            return DisplayCommand(command, mask)
        if len(combo) != 1:
            return None
        return DisplayCommand(command, next(iter(combo))[1])

    def keys_for(self, command: str) -> frozenset[Key] | None:
        """One chord that gives ``command`` (for emulators and help texts), if any."""
        for combo, name in self.chords.items():
            if name == command:
                return combo
        return None


STALE_KEY_AFTER = 5.0
"""Seconds after which a key still held when another is pressed is taken as released: nobody
builds a chord that slowly, but a press whose release was lost (noise, a torn packet) would
otherwise join every later chord and leave the display deaf."""


CHORD_WINDOW = 1.0
"""Seconds within which the keys of one chord go down. A chord that names no command, but
whose keys pressed within this window of the last press do, is taken as that command: a key
'held' since earlier is a lost release or line noise, and must not deafen the display."""


_FAMILIES: dict[str, frozenset[str]] = {
    "space": frozenset({"space", "dots"}),
    "dots": frozenset({"space", "dots"}),
    "selector": frozenset({"selector", "pan"}),
    "pan": frozenset({"selector", "pan"}),
}
"""Key groups that make chords together; every other group chords only within itself."""


class ChordTracker:
    """Turns a stream of key presses and releases into commands, firing on the first release."""

    def __init__(
        self,
        keymap: KeyMap,
        *,
        stale_after: float = STALE_KEY_AFTER,
        window: float = CHORD_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._keymap = keymap
        self._down: dict[Key, float] = {}  # held keys, and when each was pressed
        self._pressed_at: dict[Key, float] = {}  # every key of the chord being built
        self._window = window
        self._chord: set[Key] = set()
        self._armed = False
        self._stale_after = stale_after
        self._clock = clock  # tests move it by hand

    def feed(self, event: KeyEvent) -> list[DisplayCommand]:
        key = (event.group, event.number)
        if event.pressed:
            if key in self._down:
                return []
            now = self._clock()
            self.forget([k for k, at in self._down.items() if now - at > self._stale_after])
            if not self._armed:
                self._chord = set(self._down)
                self._armed = True
            self._down[key] = now
            self._pressed_at[key] = now
            self._chord.add(key)
            return []
        if key not in self._down:
            return []
        del self._down[key]
        fired: list[DisplayCommand] = []
        if self._armed:
            self._armed = False
            command = self._keymap.resolve(self._chord)
            if command is None:
                command = self._recent_chord()
            if command is not None:
                fired.append(command)
        if not self._down:
            self._chord.clear()
            self._pressed_at.clear()
        return fired

    def _recent_chord(self) -> DisplayCommand | None:
        """A command from part of a chord that names none: first the keys pressed close to its
        last press, then the keys of the last press's own family (a routing key with other
        routing keys, the space bar with dots). The other keys are forgotten as lost releases
        or line noise: a display that sends whole key states (Baum, Focus) never releases a
        key that garbage pressed."""
        if not self._pressed_at:
            return None
        # The latest press; of presses read at one instant, the one read last.
        last_key, last = max(reversed(self._pressed_at.items()), key=lambda item: item[1])
        family = _FAMILIES.get(last_key[0], frozenset({last_key[0]}))
        for part in (
            {k for k in self._chord if last - self._pressed_at.get(k, last) <= self._window},
            {k for k in self._chord if k[0] in family},
        ):
            if part == self._chord or not part:
                continue
            command = self._keymap.resolve(part)
            if command is not None:
                self.forget([k for k in self._down if k not in part])
                return command
        return None

    @property
    def held(self) -> frozenset[Key]:
        """The keys pressed and not yet released."""
        return frozenset(self._down)

    def forget(self, keys: Iterable[Key]) -> None:
        """Take keys as released without firing (their release was lost, or they were noise)."""
        for key in keys:
            self._down.pop(key, None)
            self._pressed_at.pop(key, None)
            self._chord.discard(key)
        if not self._down:
            self._chord.clear()
            self._pressed_at.clear()
            self._armed = False

    def reset(self) -> None:
        """Forget held keys (after a reconnect the device's key state starts afresh)."""
        self._down.clear()
        self._pressed_at.clear()
        self._chord.clear()
        self._armed = False
