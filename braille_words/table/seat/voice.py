"""A seat's voice: its speech, its sounds and its transcript line, and stopping them.

A broken output device must not stop the game: speech or a sound that fails (headphones
pulled out, the sound device gone) is noted, the game goes on, and the table is told once
(``on_device("sound_failed")``), so a teacher hears "Ewa: headphones".
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from braille_words.speech.speaker import strip_marks


class Speaker(Protocol):
    def say(self, text: str, lang: str | None = None, priority: Any = ...) -> None: ...

    def stop(self) -> None: ...

    def wait(self, timeout: float | None = None) -> bool: ...

    def describe(self) -> str: ...

    def close(self) -> None: ...


class Earcons(Protocol):
    def play(self, name: str) -> None: ...


def safely(action: Callable[[], object]) -> bool:
    """Run a device's action; a failure is noted and the game goes on (False)."""
    try:
        action()
    except Exception as exc:
        print(f"braille-words: an output device failed: {exc}", file=sys.stderr)
        return False
    return True


class SeatVoice:
    """What one seat hears: sentences in its language, sound cues, and its transcript."""

    def __init__(
        self,
        lang: str,
        *,
        speaker: Speaker | None = None,
        earcons: Earcons | None = None,
        transcript: TextIO | None = None,
        label: str | None = None,
        spell: Callable[[str, str], str] | None = None,
    ) -> None:
        self.lang = lang
        self.speaker = speaker
        self.earcons = earcons
        self.transcript = transcript
        self.label = label
        self._spell = spell
        self.on_device: Callable[[str], None] | None = None
        """Told when a device of the seat fails or comes back (the table tells everyone)."""
        self._sound_failed = False

    def speak(self, sentence: str) -> None:
        """Say ``sentence`` and write it to the transcript (marks stripped there)."""
        if self.speaker is not None:
            speaker = self.speaker
            self._sound_safely(lambda: speaker.say(sentence, self.lang))
        if self.transcript is not None:
            prefix = f"[{self.label}] " if self.label else ""
            self.transcript.write(prefix + strip_marks(sentence) + "\n")
            self.transcript.flush()

    def cue(self, name: str) -> None:
        """Play the sound ``name`` (a seat without sounds hears nothing)."""
        if self.earcons is not None:
            earcons = self.earcons
            self._sound_safely(lambda: earcons.play(name))

    def said(self) -> bool:
        """Whether everything given to the speaker has been said to its end (a speaker that
        cannot tell, or none, has nothing left to say): the table starts a clock only then."""
        busy = getattr(self.speaker, "busy", None)
        if busy is None:
            return True
        try:
            return not busy()
        except Exception:
            return True

    def stop(self) -> None:
        """Interrupt the sentence being said: a key pressed on the display."""
        if self.speaker is not None:
            safely(self.speaker.stop)

    def spell(self, letters: str) -> str:
        """``letters`` spelled out in the seat's language."""
        if self._spell is not None:
            return self._spell(letters, self.lang)
        from braille_words.speech.spelling import spell

        return str(spell(letters, self.lang, written=True))

    def _sound_safely(self, action: Callable[[], object]) -> None:
        if not safely(action) and not self._sound_failed and self.on_device is not None:
            self._sound_failed = True
            self.on_device("sound_failed")
