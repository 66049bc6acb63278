"""Every message a seat was told, as JSON lines: for tests and for the classroom report.

A teacher reviewing a lesson wants to know what each student heard and when; a test wants to
assert what was said without listening to audio. One JSON object per line (time, seat, lang,
priority, text) appends safely and survives a crash mid-game. A sentence holding words of
another language (Word Thief's English words in Polish sentences) also lists them under
"voices", each with its language, as a voice that can switch speaks them: so a test, or a
teacher, can see that REWORKED was given to the English voice.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from braille_words.errors import BrailleWordsError
from braille_words.private_files import append_private
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import (
    Message,
    Priority,
    Speaker,
    has_marks,
    marked_spans,
    strip_marks,
)


class RecordingSpeaker(Speaker):
    """Appends each message to ``target`` (a path, or an open text stream)."""

    name = "record"
    markup = True

    def __init__(
        self,
        target: str | Path | TextIO,
        settings: VoiceSettings | None = None,
        *,
        seat: int | None = None,
    ) -> None:
        super().__init__(settings, seat=seat)
        self._lock = threading.Lock()
        self._owned = not hasattr(target, "write")
        if self._owned:
            path = Path(target)  # type: ignore[arg-type]
            try:
                self._out: TextIO = append_private(path)
            except OSError as exc:
                raise BrailleWordsError(
                    f"cannot record speech to {path}: {exc.strerror}; choose another file"
                ) from None
            self.path: Path | None = path
        else:
            self._out = target  # type: ignore[assignment]
            self.path = None

    def _say(self, msg: Message) -> bool:
        record: dict[str, Any] = {
            "time": datetime.fromtimestamp(msg.time, UTC).isoformat(timespec="milliseconds"),
            "seat": msg.seat,
            "lang": msg.lang,
            "priority": msg.priority.name.lower(),
            "text": strip_marks(msg.text),
        }
        if has_marks(msg.text):
            record["voices"] = [[run, lang] for run, lang in marked_spans(msg.text) if lang]
        with self._lock:
            self._out.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._out.flush()
        return True

    def stop(self) -> None:
        """Recorded too: a test can tell that a key press silenced the seat ("text" stays, empty,
        so readers of the spoken text need not know about it)."""
        record = {
            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "seat": self.seat,
            "event": "stop",
            "text": "",
        }
        with self._lock:
            if not self._out.closed:
                self._out.write(json.dumps(record) + "\n")
                self._out.flush()

    def close(self) -> None:
        with self._lock:
            if self._owned and not self._out.closed:
                self._out.close()

    def describe(self) -> str:
        return f"record:{self.path}" if self.path else "record"


def read_records(path: str | Path, *, stops: bool = False) -> Iterator[dict[str, Any]]:
    """The messages recorded in ``path``, oldest first; with ``stops``, the silencings too."""
    with Path(path).open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                record = json.loads(line)
                if stops or record.get("event") != "stop":
                    yield record


class TeeSpeaker(Speaker):
    """Several speakers as one: speech to the headphones and to the record, say."""

    name = "tee"

    def __init__(self, speakers: Sequence[Speaker]) -> None:
        if not speakers:
            raise ValueError("a tee needs at least one speaker")
        super().__init__(speakers[0].settings, seat=speakers[0].seat)
        self.speakers = tuple(speakers)

    def say(self, text: str, lang: str | None = None, priority: Priority = Priority.NORMAL) -> bool:
        results = [s.say(text, lang, priority) for s in self.speakers]
        return any(results)

    def _say(self, msg: Message) -> bool:  # pragma: no cover - say() is overridden
        return self.say(msg.text, msg.lang, msg.priority)

    def stop(self) -> None:
        for s in self.speakers:
            s.stop()

    @property
    def busy(self) -> bool:
        return any(s.busy for s in self.speakers)

    def wait(self, timeout: float | None = None) -> bool:
        return all([s.wait(timeout) for s in self.speakers])

    def close(self) -> None:
        for s in self.speakers:
            s.close()

    def describe(self) -> str:
        return "+".join(s.describe() for s in self.speakers)
