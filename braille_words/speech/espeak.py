"""espeak-ng rendered to audio and played on the seat's own sound device.

This is the engine that lets two students at one computer each hear only their own rack: the
system speech services all speak through the default device, but audio we render ourselves can
go to any output. The ``espeak-ng`` program is run with ``--stdout`` and its WAV stream is played
as it arrives, so the first word sounds while the rest is still being made. Text goes in on
standard input, never the command line, so a word beginning with "-" cannot become an option.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from braille_words.errors import BrailleWordsError
from braille_words.private_files import open_private
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import (
    Message,
    WorkerSpeaker,
    has_marks,
    strip_marks,
    to_ssml,
)

if TYPE_CHECKING:  # numpy and PortAudio load with the first espeak voice, not with the game
    import numpy as np
    import numpy.typing as npt

    from braille_words.audio.player import Player


class EngineUnavailable(BrailleWordsError):
    """A speech engine cannot start here; the factory falls back to the next one."""


CHUNK = 4096
ESPEAK_RATE = 22050  # what espeak-ng's voices produce; the WAV header has the final word


def find_espeak(binary: str | None = None) -> str:
    """The path of the espeak-ng program, or ``EngineUnavailable`` saying how to get it."""
    found = shutil.which(binary or "espeak-ng")
    if found is None:
        raise EngineUnavailable(
            "the espeak-ng program is not installed (apt-get install espeak-ng)"
        )
    return found


def espeak_command(
    binary: str, voice: str, settings: VoiceSettings, *, ssml: bool = False
) -> list[str]:
    cmd = [binary, "--stdin", "--stdout", "-v", voice, "-a", str(round(settings.volume * 100))]
    if ssml:
        cmd.append("-m")  # the text is SSML: a marked word switches voice
    if settings.rate is not None:
        cmd += ["-s", str(settings.rate)]
    return cmd


@dataclass(frozen=True)
class WavFormat:
    rate: int
    channels: int
    bits: int


def read_wav_header(stream: IO[bytes]) -> WavFormat:
    """Read a RIFF/WAVE header up to the start of the samples (a streamed WAV has no length)."""
    riff = stream.read(12)
    if len(riff) < 12 or riff[:4] != b"RIFF" or riff[8:12] != b"WAVE":
        raise BrailleWordsError("espeak-ng produced no sound (is the voice installed?)")
    fmt: WavFormat | None = None
    while True:
        head = stream.read(8)
        if len(head) < 8:
            raise BrailleWordsError("espeak-ng's sound stream ended early")
        kind, size = head[:4], struct.unpack("<I", head[4:])[0]
        if kind == b"data":
            if fmt is None:
                raise BrailleWordsError("espeak-ng's sound stream has no format")
            return fmt
        body = stream.read(size + (size & 1))
        if kind == b"fmt ":
            _tag, channels, rate = struct.unpack("<HHI", body[:8])
            bits = struct.unpack("<H", body[14:16])[0]
            fmt = WavFormat(rate, channels, bits)


class EspeakProcess:
    """One running ``espeak-ng --stdout``: its format and its sound, chunk by chunk."""

    def __init__(
        self, binary: str, text: str, voice: str, settings: VoiceSettings, *, ssml: bool = False
    ) -> None:
        self.proc = subprocess.Popen(
            espeak_command(binary, voice, settings, ssml=ssml),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(text.encode("utf-8"))
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.stdout = self.proc.stdout
        self._format: WavFormat | None = None

    @property
    def format(self) -> WavFormat:
        """The sound's format; reading it waits for espeak-ng's first output."""
        if self._format is None:
            fmt = read_wav_header(self.stdout)
            if fmt.channels != 1 or fmt.bits != 16:
                self.kill()
                raise BrailleWordsError(
                    "espeak-ng produced sound in a format this program cannot play"
                )
            self._format = fmt
        return self._format

    def chunks(self) -> Iterator[bytes]:
        self.format  # noqa: B018 - the header comes first
        read1 = self.stdout.read1  # type: ignore[attr-defined]
        while True:
            data: bytes = read1(CHUNK)
            if not data:
                return
            yield data

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.stdout.close()


def synthesize(
    text: str,
    settings: VoiceSettings | None = None,
    *,
    lang: str | None = None,
    binary: str | None = None,
) -> tuple[npt.NDArray[np.int16], int]:
    """The whole of ``text`` as mono int16 samples and their rate (for files and benchmarks)."""
    settings = settings or VoiceSettings()
    said, ssml = espeak_text(text, lang or settings.lang, settings)
    proc = EspeakProcess(find_espeak(binary), said, settings.voice_for(lang), settings, ssml=ssml)
    try:
        data = b"".join(proc.chunks())
    finally:
        proc.kill()
    if len(data) % 2:
        data = data[:-1]
    import numpy as np

    return np.frombuffer(data, dtype=np.int16).copy(), proc.format.rate


def write_wav(
    path: str | Path,
    text: str,
    settings: VoiceSettings | None = None,
    *,
    lang: str | None = None,
) -> float:
    """Render ``text`` to a WAV file; returns its length in seconds."""
    import wave

    samples, rate = synthesize(text, settings, lang=lang)
    try:
        # Open the file first: wave.open on a bad path leaves a half-made writer that prints a
        # traceback when collected.
        fd = open_private(Path(path), os.O_WRONLY | os.O_TRUNC)  # a voice is a person's
        with os.fdopen(fd, "wb") as f, wave.open(f, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(rate)
            w.writeframes(samples.tobytes())
    except OSError as exc:
        raise BrailleWordsError(
            f"cannot write {path}: {exc.strerror}; choose another file"
        ) from None
    return len(samples) / rate


def espeak_text(text: str, lang: str, settings: VoiceSettings) -> tuple[str, bool]:
    """What espeak-ng is given for ``text`` and whether it is SSML: a sentence with a word
    marked in another language (``mark_word``) becomes SSML whose ``<voice xml:lang>`` says that
    word in its own language's voice; any other sentence goes as plain text."""
    if not has_marks(text):
        return strip_marks(text), False
    return to_ssml(text, lang, tags=ESPEAK_LANGS, every_run=True), True


ESPEAK_LANGS = {"en": "en-gb"}
"""espeak-ng 1.51 finds no voice for a bare ``xml:lang="en"`` inside SSML (it keeps the voice
it had), so English runs name its British English voice."""


class EspeakSpeaker(WorkerSpeaker):
    """espeak-ng on ``device`` (an index, a name, or None for the default output)."""

    name = "espeak"
    markup = True
    last_input: tuple[str, bool] | None = None
    """What espeak-ng was last given (text, is SSML): for tests and ``--speech`` debugging."""

    def __init__(
        self,
        settings: VoiceSettings | None = None,
        *,
        seat: int | None = None,
        device: str | int | None = None,
        binary: str | None = None,
        player: Player | None = None,
    ) -> None:
        self.binary = find_espeak(binary)
        if player is None:
            from braille_words.audio.player import Player

            player = Player(device)
        self.player = player
        self._proc: EspeakProcess | None = None
        self._proc_lock = threading.Lock()
        super().__init__(settings, seat=seat)

    def _utter(self, msg: Message, cancel: threading.Event) -> None:
        said, ssml = espeak_text(msg.text, msg.lang, self.settings)
        self.last_input = (said, ssml)
        proc = EspeakProcess(
            self.binary, said, self.settings.voice_for(msg.lang), self.settings, ssml=ssml
        )
        with self._proc_lock:
            self._proc = proc
        try:
            # Open the device while espeak-ng starts, so the two waits overlap.
            self.player.open_ahead(ESPEAK_RATE)
            if not cancel.is_set():
                self.player.play_chunks(proc.chunks(), proc.format.rate, cancel=cancel)
        finally:
            self.player.discard_ahead()  # unused when cut before the first sound
            with self._proc_lock:
                self._proc = None
            proc.kill()

    def _interrupt(self) -> None:
        # The cancel event stops the player between blocks; killing espeak-ng also ends a read
        # that is waiting for the synthesiser.
        with self._proc_lock:
            proc = self._proc
        if proc is not None and proc.proc.poll() is None:
            proc.proc.kill()

    def describe(self) -> str:
        dev = self.player.device_spec
        return "espeak" if dev is None else f"espeak:device={dev}"
