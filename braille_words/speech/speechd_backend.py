"""speech-dispatcher: the voice an Orca user has already chosen and tuned.

speech-dispatcher speaks asynchronously and has its own queue; this speaker keeps our priority
rules by sending one message at a time and waiting for its end (or cancel) notification.

By default it speaks through the user's own speech-dispatcher (``SPEECHD_ADDRESS`` or the
session's socket, started on demand). ``address`` names another running instance; ``device``
names a PulseAudio sink and starts a private instance speaking only there, for a seat with
headphones of its own (speech-dispatcher cannot route one client to another device; see
``speechd_instance``).
"""

from __future__ import annotations

import threading
from typing import Any

from braille_words.audio.devices import AudioDeviceError
from braille_words.speech.espeak import EngineUnavailable
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import (
    Message,
    WorkerSpeaker,
    has_marks,
    strip_marks,
    to_ssml,
)
from braille_words.speech.speechd_instance import PrivateSpeechd

# A message that never reports its end (a stuck output module) must not stop the seat forever.
END_TIMEOUT = 60.0


class SpeechdSpeaker(WorkerSpeaker):
    name = "speechd"
    markup = True  # a word marked in another language is sent as SSML <voice xml:lang>

    def __init__(
        self,
        settings: VoiceSettings | None = None,
        *,
        seat: int | None = None,
        address: str | None = None,
        device: str | None = None,
    ) -> None:
        """``address``: an SSIP address such as ``unix_socket:/run/x.sock`` or
        ``inet_socket:127.0.0.1:6560``; ``device``: a PulseAudio sink name. At most one."""
        if address is not None and device is not None:
            raise ValueError("give speech-dispatcher an address or a device, not both")
        self.address = address
        self.device = device
        self._instance: PrivateSpeechd | None = None
        # python3-speechd matches each reply to the last command sent, with no lock of its own:
        # a stop() from the keyboard thread must not send CANCEL in the middle of a SPEAK.
        self._ssip = threading.Lock()
        self._client: Any = None
        self._module: Any = None
        super().__init__(settings, seat=seat)

    def _setup(self) -> None:
        try:
            import speechd
        except ImportError:
            raise EngineUnavailable(
                "the speech-dispatcher client is not installed (apt-get install python3-speechd)"
            ) from None
        self._module = speechd
        address = self.address
        if self.device is not None:
            self._instance = PrivateSpeechd(self.device, lang=self.settings.lang)
            address = self._instance.address
        try:
            # A named instance that is not there must not be replaced by a default one.
            self._client = speechd.SSIPClient(
                "braille-words", address=address, autospawn=None if address is None else False
            )
        except Exception as exc:  # SSIPCommunicationError, SpawnError
            self._stop_instance()
            where = "" if address is None else f" at {address}"
            raise EngineUnavailable(f"speech-dispatcher is not running{where} ({exc})") from None
        s = self.settings
        if s.rate is not None:
            # SSIP rates run -100..100 around the module's default (about 175 words a minute).
            self._client.set_rate(max(-100, min(100, round((s.rate - 175) / 2))))
        self._client.set_volume(max(-100, min(100, round(s.volume * 200 - 100))))

    def _teardown(self) -> None:
        with self._ssip:
            if self._client is not None:
                self._client.close()
                self._client = None
        self._stop_instance()

    def _stop_instance(self) -> None:
        if self._instance is not None:
            self._instance.close()
            self._instance = None

    def describe(self) -> str:
        # Spec-shaped, like the other engines: what to pass to get this speaker again.
        if self.device is not None:
            return f"{self.name}:device={self.device}"
        return self.name

    def _utter(self, msg: Message, cancel: threading.Event) -> None:
        if cancel.is_set():
            return
        done = threading.Event()
        cb = self._module.CallbackType
        with self._ssip:
            self._client.set_language(msg.lang)
            if self.settings.voice and msg.lang == self.settings.lang:
                self._client.set_synthesis_voice(self.settings.voice)
            ssml = has_marks(msg.text)
            modes = self._module.DataMode
            self._client.set_data_mode(modes.SSML if ssml else modes.TEXT)
            self._client.speak(
                to_ssml(msg.text, msg.lang, every_run=True) if ssml else strip_marks(msg.text),
                callback=lambda _kind, *a, **k: done.set(),
                event_types=(cb.END, cb.CANCEL),
            )
        waited = 0.0
        while not done.wait(0.05) and not cancel.is_set() and waited < END_TIMEOUT:
            waited += 0.05
            if self._instance is not None and self._instance.audio_failed():
                with self._ssip:
                    self._client.cancel()  # speech-dispatcher would wait for it forever too
                raise AudioDeviceError(
                    f"speech-dispatcher cannot play on the sound device '{self.device}'; "
                    "check that it is still connected"
                )

    def _interrupt(self) -> None:
        if self._client is not None:
            with self._ssip:
                self._client.cancel()
