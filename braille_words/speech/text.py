"""Speech as text: one short line per message, for a screen reader that reads the terminal.

Many blind players already run NVDA, Orca or JAWS and prefer their own voice and speed: the
program then prints and the screen reader speaks. Lines are written and flushed at once (a
screen reader reads what has arrived), with no decoration the reader would pronounce.
"""

from __future__ import annotations

import sys
from typing import TextIO

from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import Message, Speaker


class TextSpeaker(Speaker):
    """Writes each message as one line to ``stream`` (standard output by default)."""

    name = "text"

    def __init__(
        self,
        settings: VoiceSettings | None = None,
        *,
        seat: int | None = None,
        stream: TextIO | None = None,
        prefix: str = "",
    ) -> None:
        super().__init__(settings, seat=seat)
        self.stream = stream
        self.prefix = prefix

    def _say(self, msg: Message) -> bool:
        out = self.stream if self.stream is not None else sys.stdout
        out.write(f"{self.prefix}{msg.text}\n")
        out.flush()
        return True
