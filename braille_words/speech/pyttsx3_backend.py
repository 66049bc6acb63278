"""pyttsx3: the operating system's own voice (SAPI5 on Windows, NSSS on macOS, espeak-ng on Linux).

On Linux its espeak driver keeps only the last of several queued utterances and races when fed
from two threads, so each message gets its own ``runAndWait()``, always on the same worker
thread (the engine is also created there). It plays through the default output only: a seat
that needs its own device uses the ``espeak`` engine instead. Known limit: on Linux the driver
plays a finished utterance with ``aplay``, which ``stop()`` cannot cut short.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from braille_words.speech.espeak import EngineUnavailable
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import Message, WorkerSpeaker

DEFAULT_RATE = 175  # words per minute, espeak-ng's own default


class Pyttsx3Speaker(WorkerSpeaker):
    name = "pyttsx3"
    # pyttsx3.init() hands every caller the same engine, so two seats' speakers must take turns.
    _engine_lock = threading.Lock()

    def __init__(self, settings: VoiceSettings | None = None, *, seat: int | None = None) -> None:
        self._engine: Any = None
        self._voices: list[Any] = []
        super().__init__(settings, seat=seat)

    def _setup(self) -> None:
        try:
            import pyttsx3

            self._engine = pyttsx3.init()
            self._voices = list(self._engine.getProperty("voices") or [])
        except Exception as exc:  # ImportError, RuntimeError from a driver that cannot start
            raise EngineUnavailable(f"pyttsx3 cannot start ({exc})") from None

    def _voice_id(self, wanted: str) -> str | None:
        """A voice id for ``wanted`` (an id, a language, or a name); None keeps the current one.

        A bad voice name fails silently in pyttsx3, so it is matched here first.
        """
        w = wanted.lower()
        tests: list[Callable[[Any], bool]] = [
            lambda v: str(v.id).lower() == w,
            lambda v: str(v.id).lower().endswith("/" + w),
            lambda v: w in [str(lang).lower() for lang in (v.languages or [])],
            lambda v: str(v.name).lower() == w,
        ]
        for match in tests:
            for voice in self._voices:
                if match(voice):
                    return str(voice.id)
        return None

    def _utter(self, msg: Message, cancel: threading.Event) -> None:
        if cancel.is_set():
            return
        engine = self._engine
        voice = self._voice_id(self.settings.voice_for(msg.lang))
        with self._engine_lock:
            if cancel.is_set():
                return
            if voice is not None:
                engine.setProperty("voice", voice)
            engine.setProperty("rate", self.settings.rate or DEFAULT_RATE)
            engine.setProperty("volume", min(1.0, self.settings.volume))
            engine.say(msg.text)
            engine.runAndWait()

    def _interrupt(self) -> None:
        if self._engine is not None:
            self._engine.stop()
