"""Play 16-bit mono sound on one seat's device, and stop it at once when asked.

Why the player paces itself: a key press must silence speech within a tenth of a second, yet
a sound card (or ALSA's file output in the tests, which is not paced at all) would happily take a
whole utterance into its buffer, and what sits in a buffer keeps playing after ``stop()``. So
the player never hands the device more than ``lead`` seconds beyond what real time says has
been heard, in blocks of ``block`` seconds; ``stop()`` aborts the stream, which drops the little
that is buffered. Audio can arrive as it is made (``play_chunks`` takes an iterator of byte
chunks), so speech starts before the synthesiser has finished the sentence.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from braille_words.audio.devices import AudioDeviceError, resolve_output_device, sounddevice_module

SAMPLE_BYTES = 2  # int16, mono


@dataclass(frozen=True)
class PlayReport:
    """What one playback did: frames handed to the device, when the first went, if cut short."""

    frames: int
    rate: int
    first_block_at: float | None
    cancelled: bool

    @property
    def seconds(self) -> float:
        return self.frames / self.rate


def to_int16(samples: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Mono int16 samples from int16 or float (-1..1) input, clipped rather than wrapped."""
    arr = np.asarray(samples)
    if arr.ndim != 1:
        raise ValueError("the player takes mono sound: a one-dimensional array")
    if arr.dtype == np.int16:
        return arr
    scaled = np.clip(np.asarray(arr, dtype=np.float64), -1.0, 1.0) * 32767.0
    return scaled.astype(np.int16)


def _chunks_of(samples: npt.NDArray[np.int16], frames: int) -> Iterator[bytes]:
    for start in range(0, len(samples), frames):
        yield samples[start : start + frames].tobytes()


class Player:
    """One sound output. ``play``/``play_samples`` return at once; ``play_chunks`` blocks.

    A new sound stops the one playing (the newest cue is the one that matters). ``stop()`` may
    be called from any thread.
    """

    def __init__(
        self,
        device: str | int | None = None,
        *,
        lead: float = 0.05,
        block: float = 0.02,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not 0 < block <= lead:
            raise ValueError("block must be positive and no longer than lead")
        self.device_spec = device
        self.device: int | None = resolve_output_device(device)
        self.lead = lead
        self.block = block
        self._clock = clock
        self._lock = threading.Lock()
        self._cancel: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._playing = 0
        self.last_report: PlayReport | None = None
        # When the current sound's first block reached the device, and who wants to know.
        self.first_block_at: float | None = None
        self.on_first_block: Callable[[float], None] | None = None
        self._ahead: tuple[int, Any] | None = None  # a stream opened ahead, with its rate
        self.last_error: AudioDeviceError | None = None

    # -- state ---------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        with self._lock:
            return self._playing > 0 or (self._thread is not None and self._thread.is_alive())

    def stop(self) -> None:
        """Silence whatever plays now; returns once the device has been told to drop it."""
        with self._lock:
            cancel, thread = self._cancel, self._thread
        if cancel is not None:
            cancel.set()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the background sound has finished; False on timeout."""
        with self._lock:
            thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    # -- playing -------------------------------------------------------------------------
    def play_samples(self, samples: npt.ArrayLike, rate: int) -> None:
        """Start ``samples`` (mono; int16 or float -1..1) in the background."""
        data = to_int16(samples)
        frames = max(1, int(rate * self.block))
        self.play(_chunks_of(data, frames), rate)

    def play(self, chunks: Iterable[bytes], rate: int) -> None:
        """Start raw int16 mono ``chunks`` in the background, stopping the current sound."""
        self.stop()
        cancel = threading.Event()

        def run() -> None:
            try:
                self.play_chunks(chunks, rate, cancel=cancel)
            except AudioDeviceError as exc:  # a background cue must never raise into nowhere
                self.last_error = exc

        thread = threading.Thread(target=run, name="braille-words-player", daemon=True)
        with self._lock:
            self._cancel, self._thread = cancel, thread
        thread.start()

    def play_chunks(
        self,
        chunks: Iterable[bytes],
        rate: int,
        *,
        cancel: threading.Event | None = None,
    ) -> PlayReport:
        """Play raw int16 mono ``chunks`` on this thread until they end or ``cancel`` is set."""
        cancel = cancel if cancel is not None else threading.Event()
        with self._lock:
            if self._thread is None or self._thread is not threading.current_thread():
                self._cancel = cancel
            self._playing += 1
        try:
            report = self._play(chunks, rate, cancel)
        finally:
            with self._lock:
                self._playing -= 1
        self.last_report = report
        return report

    def open_ahead(self, rate: int) -> None:
        """Open the device now for a sound at ``rate`` that will follow shortly.

        Opening a sound card can take tens of milliseconds; a speaker calls this while the
        synthesiser is still starting, so the two waits overlap. An unused stream is closed
        by the next playback or ``discard_ahead``.
        """
        stream = self._open(rate)
        with self._lock:
            old, self._ahead = self._ahead, (rate, stream)
        if old is not None:
            _close(old[1], abort=True)

    def discard_ahead(self) -> None:
        with self._lock:
            old, self._ahead = self._ahead, None
        if old is not None:
            _close(old[1], abort=True)

    def _take_ahead(self, rate: int) -> Any:
        with self._lock:
            ahead, self._ahead = self._ahead, None
        if ahead is None:
            return self._open(rate)
        if ahead[0] != rate:
            _close(ahead[1], abort=True)
            return self._open(rate)
        return ahead[1]

    def _open(self, rate: int) -> Any:
        sd = sounddevice_module()
        try:
            stream = sd.RawOutputStream(
                samplerate=rate, channels=1, dtype="int16", device=self.device, latency="low"
            )
            stream.start()
        except Exception as exc:  # sounddevice.PortAudioError, or ValueError for a bad device
            raise AudioDeviceError(
                f"cannot play on sound output {self.device_spec!r}: {exc}"
            ) from None
        return stream

    def _play(self, chunks: Iterable[bytes], rate: int, cancel: threading.Event) -> PlayReport:
        block_bytes = max(1, int(rate * self.block)) * SAMPLE_BYTES
        lead_frames = rate * self.lead
        stream: Any = None
        written = 0
        started: float | None = None
        pending = bytearray()
        self.first_block_at = None

        def write(data: bytes) -> None:
            nonlocal stream, written, started
            if stream is None:
                stream = self._take_ahead(rate)
            frames = len(data) // SAMPLE_BYTES
            if started is not None:
                # Hold back until real time has caught up to within ``lead`` of this block.
                ahead = written + frames - lead_frames - (self._clock() - started) * rate
                if ahead > 0 and cancel.wait(ahead / rate):
                    return
            if cancel.is_set():
                return
            try:
                stream.write(data)
            except Exception as exc:
                raise AudioDeviceError(f"sound output {self.device_spec!r} failed: {exc}") from None
            if started is None:
                started = self.first_block_at = self._clock()
                if self.on_first_block is not None:
                    self.on_first_block(started)
            written += frames

        try:
            for chunk in chunks:
                if cancel.is_set():
                    break
                pending += chunk
                while len(pending) >= block_bytes and not cancel.is_set():
                    write(bytes(pending[:block_bytes]))
                    del pending[:block_bytes]
            if pending and not cancel.is_set():
                if len(pending) % SAMPLE_BYTES:
                    pending += b"\0"
                write(bytes(pending))
            if started is not None and not cancel.is_set():
                # Stay busy until the listener has heard the end, as a real card would.
                remaining = started + written / rate - self._clock()
                if remaining > 0:
                    cancel.wait(remaining)
        finally:
            if stream is not None:
                # abort drops what is buffered: this is what makes stop() quick
                _close(stream, abort=cancel.is_set())
            else:
                self.discard_ahead()
        return PlayReport(written, rate, started, cancel.is_set())


def _close(stream: Any, *, abort: bool) -> None:
    try:
        if abort:
            stream.abort()
        else:
            stream.stop()
        stream.close()
    except Exception:  # a device that vanished is already silent
        pass
