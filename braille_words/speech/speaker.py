"""The one seam everything speaks through: ``say``, ``stop``, ``busy``.

Priorities decide what a seat hears when messages pile up, because a blind player cannot glance
back at what was missed and cannot wait through stale news:

* ``INTERRUPT`` (your turn, an error) cuts off what is speaking and empties the queue;
* ``NORMAL`` waits its turn;
* ``LOW`` (a hint) is dropped if something is already waiting, and a waiting hint is dropped when
  anything else arrives — a hint about a past moment is noise.

``stop()`` is what a key press calls: silence now, forget the queue.

Engines that take time to speak run on one worker thread per speaker (``WorkerSpeaker``): it
gives ``say`` a constant, tiny cost and serialises engines (pyttsx3, espeak-ng) that misbehave
when fed from two threads.
"""

from __future__ import annotations

import abc
import collections
import enum
import threading
import time
from dataclasses import dataclass, field
from types import TracebackType

from braille_words.speech.settings import VoiceSettings


class Priority(enum.IntEnum):
    LOW = 0
    NORMAL = 1
    INTERRUPT = 2


@dataclass(frozen=True)
class Message:
    text: str
    lang: str
    priority: Priority = Priority.NORMAL
    seat: int | None = None
    time: float = field(default_factory=time.time)


class Speaker(abc.ABC):
    """Something that speaks one seat's messages."""

    name = "speaker"

    def __init__(self, settings: VoiceSettings | None = None, *, seat: int | None = None) -> None:
        self.settings = settings or VoiceSettings()
        self.seat = seat

    def message(self, text: str, lang: str | None, priority: Priority) -> Message:
        return Message(" ".join(text.split()), lang or self.settings.lang, priority, self.seat)

    def say(self, text: str, lang: str | None = None, priority: Priority = Priority.NORMAL) -> bool:
        """Speak ``text``; returns False when the message was dropped (a hint, or empty text)."""
        msg = self.message(text, lang, priority)
        if not msg.text:
            return False
        return self._say(msg)

    @abc.abstractmethod
    def _say(self, msg: Message) -> bool: ...

    def stop(self) -> None:  # noqa: B027 - engines that speak instantly have nothing to stop
        """Silence what is speaking and forget what waits."""

    @property
    def busy(self) -> bool:
        return False

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been spoken; False on timeout."""
        return True

    def close(self) -> None:  # noqa: B027 - most engines hold nothing
        """Release the engine; saying anything afterwards is a programming error."""

    def __enter__(self) -> Speaker:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def describe(self) -> str:
        return self.name


class NullSpeaker(Speaker):
    """Silence (``--engine none``): for a seat that only reads Braille."""

    name = "none"

    def _say(self, msg: Message) -> bool:
        return True


class WorkerSpeaker(Speaker):
    """A speaker whose engine speaks on one worker thread, with the priority rules above.

    Subclasses implement ``_utter`` (speak one message, return early when ``cancel`` is set) and
    may implement ``_interrupt`` (make a blocking engine call return now) and ``_setup``
    (prepare the engine on the worker thread; an exception there is raised by the constructor,
    so a factory can fall back to another engine).
    """

    def __init__(self, settings: VoiceSettings | None = None, *, seat: int | None = None) -> None:
        super().__init__(settings, seat=seat)
        self._cond = threading.Condition()
        self._queue: collections.deque[Message] = collections.deque()
        self._current: Message | None = None
        self._cancel = threading.Event()
        self._closed = False
        self._setup_error: BaseException | None = None
        ready = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(ready,), name=f"braille-words-{self.name}", daemon=True
        )
        self._thread.start()
        ready.wait()
        if self._setup_error is not None:
            self._thread.join()
            raise self._setup_error

    # -- for subclasses ------------------------------------------------------------------
    def _setup(self) -> None:
        """Prepare the engine on the worker thread."""

    def _teardown(self) -> None:
        """Release the engine on the worker thread."""

    @abc.abstractmethod
    def _utter(self, msg: Message, cancel: threading.Event) -> None: ...

    def _interrupt(self) -> None:
        """Called from any thread after ``cancel`` is set: make ``_utter`` return quickly."""

    # -- the seam ------------------------------------------------------------------------
    def _say(self, msg: Message) -> bool:
        with self._cond:
            if self._closed:
                raise RuntimeError("this speaker is closed")
            if msg.priority is Priority.LOW and self._queue:
                return False
            cut = msg.priority is Priority.INTERRUPT and self._current is not None
            if msg.priority is Priority.INTERRUPT:
                self._queue.clear()
                self._cancel.set()
            else:
                self._queue = collections.deque(m for m in self._queue if m.priority > Priority.LOW)
            self._queue.append(msg)
            self._cond.notify_all()
        if cut:
            self._interrupt()
        return True

    def stop(self) -> None:
        with self._cond:
            self._queue.clear()
            speaking = self._current is not None
            self._cancel.set()
            self._cond.notify_all()
        if speaking:
            self._interrupt()

    @property
    def busy(self) -> bool:
        with self._cond:
            return self._current is not None or bool(self._queue)

    def wait(self, timeout: float | None = None) -> bool:
        with self._cond:
            return self._cond.wait_for(
                lambda: self._current is None and not self._queue, timeout=timeout
            )

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
        self.stop()
        if self._thread is not threading.current_thread():
            self._thread.join()

    # -- the worker ----------------------------------------------------------------------
    def _run(self, ready: threading.Event) -> None:
        try:
            self._setup()
        except BaseException as exc:
            self._setup_error = exc
            ready.set()
            return
        ready.set()
        try:
            while True:
                with self._cond:
                    self._cond.wait_for(lambda: self._closed or bool(self._queue))
                    if self._closed:
                        return
                    msg = self._queue.popleft()
                    self._current = msg
                    self._cancel = cancel = threading.Event()
                try:
                    self._utter(msg, cancel)
                except Exception as exc:  # one failed utterance must not silence the seat
                    self.on_error(msg, exc)
                finally:
                    with self._cond:
                        self._current = None
                        self._cond.notify_all()
        finally:
            self._teardown()

    def on_error(self, msg: Message, exc: Exception) -> None:
        """An utterance failed (a device unplugged mid-word): remembered for the table to report."""
        self.last_error = exc
