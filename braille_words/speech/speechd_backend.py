"""speech-dispatcher: the voice an Orca user has already chosen and tuned.

speech-dispatcher speaks asynchronously and has its own queue; this speaker keeps our priority
rules by sending one message at a time and waiting for its end (or cancel) notification.
"""

from __future__ import annotations

import threading
from typing import Any

from braille_words.speech.espeak import EngineUnavailable
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import Message, WorkerSpeaker

# A message that never reports its end (a stuck output module) must not stop the seat forever.
END_TIMEOUT = 60.0


class SpeechdSpeaker(WorkerSpeaker):
    name = "speechd"

    def __init__(self, settings: VoiceSettings | None = None, *, seat: int | None = None) -> None:
        self._client: Any = None
        self._module: Any = None
        super().__init__(settings, seat=seat)

    def _setup(self) -> None:
        try:
            import speechd

            self._module = speechd
            self._client = speechd.SSIPClient("braille-words")
        except Exception as exc:  # ImportError, SSIPCommunicationError, SpawnError
            raise EngineUnavailable(f"speech-dispatcher is not running ({exc})") from None
        s = self.settings
        if s.rate is not None:
            # SSIP rates run -100..100 around the module's default (about 175 words a minute).
            self._client.set_rate(max(-100, min(100, round((s.rate - 175) / 2))))
        self._client.set_volume(max(-100, min(100, round(s.volume * 200 - 100))))

    def _teardown(self) -> None:
        if self._client is not None:
            self._client.close()

    def _utter(self, msg: Message, cancel: threading.Event) -> None:
        if cancel.is_set():
            return
        done = threading.Event()
        cb = self._module.CallbackType
        self._client.set_language(msg.lang)
        if self.settings.voice and msg.lang == self.settings.lang:
            self._client.set_synthesis_voice(self.settings.voice)
        self._client.speak(
            msg.text,
            callback=lambda _kind, *a, **k: done.set(),
            event_types=(cb.END, cb.CANCEL),
        )
        waited = 0.0
        while not done.wait(0.05) and not cancel.is_set() and waited < END_TIMEOUT:
            waited += 0.05

    def _interrupt(self) -> None:
        if self._client is not None:
            self._client.cancel()
