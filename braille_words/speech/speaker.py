"""The one seam everything speaks through: ``say``, ``stop``, ``busy``.

Priorities decide what a seat hears when messages pile up, because a blind player cannot glance
back at what was missed and cannot wait through stale news:

* ``INTERRUPT`` (your turn, an error) cuts off what is speaking and empties the queue;
* ``NORMAL`` waits its turn;
* ``LOW`` (a hint) is dropped if something is already waiting, and a waiting hint is dropped when
  anything else arrives — a hint about a past moment is noise.

``stop()`` is what a key press calls: silence now, forget the queue.

A sentence may carry a word in another language ("Your word: ŹRÓDŁO" at an English seat of a
Polish game). A presenter marks it with ``mark_word(text, word_lang, lang)``; an engine that can
switch voices mid-sentence (``markup = True``: espeak-ng, speech-dispatcher) says it in that
language's voice (``to_ssml``), every other output (text, transcripts, Braille) reads the
sentence with the marks taken out (``strip_marks``), so plain text is exactly as unmarked.

Engines that take time to speak run on one worker thread per speaker (``WorkerSpeaker``): it
gives ``say`` a constant, tiny cost and serialises engines (pyttsx3, espeak-ng) that misbehave
when fed from two threads.
"""

from __future__ import annotations

import abc
import collections
import enum
import re
import threading
import time
from dataclasses import dataclass, field
from types import TracebackType

from braille_words.speech.settings import VoiceSettings

WORD_START = "\x0e"  # SHIFT OUT: into another language …
WORD_END = "\x0f"  # SHIFT IN: … and back to the sentence's
_MARK_TAG = re.compile(f"{WORD_START}[A-Za-z-]+:")
"""The start of a mark, its language's tag included."""
_MARKED = re.compile("\x0e([A-Za-z-]{2,12}):([^\x0e\x0f]*)\x0f")
_marking = True

NAMED_START = "\x10"  # DATA LINK ESCAPE: a letter as it is written …
NAMED_SAID = "\x11"  # DEVICE CONTROL 1: … then as it is said (its name) …
NAMED_END = "\x12"  # DEVICE CONTROL 2: … and the sentence again (none of them is white
# space to str.split, which a speaker's message runs through, as \x1c-\x1f are)
_NAMED = re.compile("\x10([^\x10\x11\x12]*)\x11([^\x10\x11\x12]*)\x12")
_NAMED_CHARS = (NAMED_START, NAMED_SAID, NAMED_END)


def escape(text: str) -> str:
    """Text as SSML character data. (xml.sax.saxutils does this too, but importing it pulls
    in urllib and http — 16 ms of every start-up.)"""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(value: str) -> str:
    """An SSML attribute value in double quotes."""
    return '"' + escape(value).replace('"', "&quot;") + '"'


def set_word_marks(on: bool) -> bool:
    """Turn the marking of foreign words on or off (returns the old setting).

    On by default: every plain-text output takes marks out (the speakers that cannot switch
    voices, and the seat's Braille line and transcript, call ``strip_marks``).
    """
    global _marking
    old, _marking = _marking, on
    return old


def mark_word(text: str, word_lang: str, lang: str) -> str:
    """``text`` (a game word, a letter's name) marked as being in ``word_lang`` when the
    sentence around it is in another language ``lang``; else ``text`` unchanged."""
    if not _marking or not text or word_lang == lang:
        return text
    return f"{WORD_START}{word_lang}:{strip_marks(text)}{WORD_END}"


def named(written: str, said: str) -> str:
    """A letter that a voice says by its name and a reader reads as itself: ``said`` ("vee",
    "żet", itself marked by ``mark_word`` when it is in another language) in speech and in
    every plain-text output, ``written`` ("V") on the Braille cells (``for_cells``). A Braille
    reader reads the letter, not a name spelled out in contracted Braille ("1 vee (4)" where
    the card is V)."""
    return f"{NAMED_START}{written}{NAMED_SAID}{said}{NAMED_END}"


def for_cells(text: str) -> str:
    """The sentence as it goes on the Braille cells: each letter said by its name as the
    letter itself (``named``), every other mark taken out (``strip_marks``)."""
    if NAMED_START in text:
        text = _NAMED.sub(lambda m: m.group(1), text)
    return strip_marks(text)


def _said(text: str) -> str:
    """Letters said by name as their names (``named``), stray parts of such marks gone."""
    if not any(ch in text for ch in _NAMED_CHARS):
        return text
    text = _NAMED.sub(lambda m: m.group(2), text)
    for ch in _NAMED_CHARS:
        text = text.replace(ch, "")
    return text


def upper_marked(text: str) -> str:
    """``text`` in capitals, its words' language marks kept as they are (a marked "en" is
    not a language "EN")."""
    return _MARK_TAG.sub(lambda m: m.group(0).lower(), text.upper())


_LETTERS = re.compile(r"[^\W\d_]+")


def mark_words_in(text: str, word_lang: str, lang: str) -> str:
    """Each run of letters in ``text`` marked as ``word_lang`` (``mark_word``): for a game's
    words listed with their numbers ("1 BIODRA, 2 KOT"), the numbers and commas left in the
    sentence's language."""
    if not _marking or word_lang == lang:
        return text
    return _LETTERS.sub(lambda m: mark_word(m.group(0), word_lang, lang), text)


GAME_WORD = re.compile("⟦([^⟦⟧]*)⟧")
"""A word of the game's language inside help text written for people (a catalogue's
``help_short``, a game's command list): ``⟦kot⟧``. Whoever says the help marks it
(``mark_game_words``) in the game's language when the sentence is in another."""


def mark_game_words(text: str, word_lang: str, lang: str) -> str:
    """``text`` with each ``⟦word⟧`` marked as ``word_lang`` (or left plain in a sentence of
    that language): help names the game's own words, and a voice reads them in their
    language, as it reads the words of a move."""
    return GAME_WORD.sub(lambda m: mark_word(m.group(1), word_lang, lang), text)


def plain_game_words(text: str) -> str:
    """Help text as a player types it: the ``⟦…⟧`` around the game's words taken away."""
    return GAME_WORD.sub(lambda m: m.group(1), text)


def strip_marks(text: str) -> str:
    """The plain sentence as said: marked words as their text, letters by their names
    (``named``), stray marks gone."""
    text = _said(text)
    if WORD_START not in text and WORD_END not in text:
        return text
    plain = _MARKED.sub(lambda m: m.group(2), text)
    return plain.replace(WORD_START, "").replace(WORD_END, "")


def marked_spans(text: str) -> list[tuple[str, str | None]]:
    """The sentence as (text, language) runs; None is the sentence's own language."""
    text = _said(text)
    spans: list[tuple[str, str | None]] = []
    at = 0
    for m in _MARKED.finditer(text):
        if m.start() > at:
            spans.append((strip_marks(text[at : m.start()]), None))
        spans.append((m.group(2), m.group(1)))
        at = m.end()
    if at < len(text):
        spans.append((strip_marks(text[at:]), None))
    return [(t, lang) for t, lang in spans if t]


def has_marks(text: str) -> bool:
    return _MARKED.search(_said(text)) is not None


def to_ssml(
    text: str, lang: str, *, tags: dict[str, str] | None = None, every_run: bool = False
) -> str:
    """The sentence as SSML: the whole in ``lang``, each marked word in a ``<voice>`` of its
    own language. ``tags`` names a language the way the engine knows it ("en" → "en-gb");
    ``every_run`` puts the sentence's own runs in a ``<voice>`` too, for an engine that does
    not return to its voice when a nested ``<voice>`` ends (espeak-ng 1.51 does not)."""
    tags = tags or {}

    def voice(run: str, run_lang: str) -> str:
        return f"<voice xml:lang={quoteattr(tags.get(run_lang, run_lang))}>{escape(run)}</voice>"

    parts = []
    for run, run_lang in marked_spans(text):
        if run_lang is not None and run_lang != lang:
            parts.append(voice(run, run_lang))
        elif every_run:
            parts.append(voice(run, lang))
        else:
            parts.append(escape(run))
    return f"<speak xml:lang={quoteattr(tags.get(lang, lang))}>{''.join(parts)}</speak>"


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
    markup = False
    """Whether ``_say`` takes marked words (``mark_word``); if not, marks are stripped first."""

    def __init__(self, settings: VoiceSettings | None = None, *, seat: int | None = None) -> None:
        self.settings = settings or VoiceSettings()
        self.seat = seat

    def message(self, text: str, lang: str | None, priority: Priority) -> Message:
        if not self.markup:
            text = strip_marks(text)
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
