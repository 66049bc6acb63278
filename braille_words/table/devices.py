"""Opening each seat's voice, display and sound device.

A device that cannot be opened must not keep a player from the game: the speech factory
already falls back engine by engine; a display that cannot be opened gives one spoken and
written warning and the seat plays by speech alone; a sound device that cannot be opened
leaves the seat without earcons. Each warning goes only to the seat concerned.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from braille_words.errors import BrailleWordsError
from braille_words.present.messages import text
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig

# The table's cue names → the earcons of ``audio.earcons``.
CUES = {
    "your_turn": "your_turn",
    "picked": "picked",
    "placed": "placed",
    "accepted": "accepted",
    "rejected": "rejected",
    "joker": "joker",
    "steal": "steal",
    "warning": "warning",
    "time_up": "time_up",
    "tick": "tick",
    "edge": "tick",
    "game_over": "accepted",
}


LOAD_SOUNDS = threading.Event()
"""Set once the table's first prompt is out (or by whoever needs sounds sooner): loading
PortAudio beside the game's own imports slowed the first prompt by 40 ms."""


def sounds_may_load() -> None:
    LOAD_SOUNDS.set()


class SeatSounds:
    """Earcons on one seat's own sound device, by the table's cue names.

    With ``background`` the sound library (PortAudio, about 60 ms to load) is opened on a
    thread of its own, so the first prompt is not kept waiting for it; a cue asked for before
    it is ready sounds as soon as it is, and a machine with no sound output stays silent."""

    def __init__(self, device: str | int | None, *, background: bool = False) -> None:
        self._device = device
        self._cues: Any = None
        self._ready = threading.Event()
        self._lock = threading.Lock()
        if background:
            threading.Thread(target=self._open_quietly, name="seat-sounds", daemon=True).start()
        else:
            self._open()

    def _open(self) -> None:
        from braille_words.audio.cues import CuePlayer

        try:
            self._cues = CuePlayer(self._device)
        finally:
            self._ready.set()

    def _open_quietly(self) -> None:
        LOAD_SOUNDS.wait(1.0)  # after the first prompt; a table that never prompts: 1 s
        try:
            from braille_words.audio.devices import has_output_device

            if self._device is not None or has_output_device():
                self._open()
        except (BrailleWordsError, OSError, ImportError):
            pass  # no sound output here: the seat plays on without cues
        finally:
            self._ready.set()

    def play(self, name: str) -> None:
        value = CUES.get(name)
        if value is None:
            return
        if self._ready.is_set():
            self._play(value)
        else:
            threading.Thread(target=self._play_when_ready, args=(value,), daemon=True).start()

    def _play_when_ready(self, value: Any) -> None:
        if self._ready.wait(5):
            self._play(value)

    def _play(self, value: Any) -> None:
        with self._lock:
            if self._cues is not None:
                self._cues.play(value)

    def close(self) -> None:
        self._ready.wait(5)
        with self._lock:
            if self._cues is not None:
                self._cues.stop()


_POLISH = {
    "sound": "dźwięki",
    "speech": "mowa",
    "Braille": "monitor brajlowski",
    "no sounds": "bez dźwięków",
    "text": "tekst w terminalu",
    "speech only": "tylko mowa",
}


_POLISH_REASON = {
    "sound": "nie udało się otworzyć urządzenia dźwiękowego {what}",
    "speech": "nie udało się uruchomić mowy {what}",
    "Braille": "nie udało się otworzyć monitora {what}",
}


def _fallback(seat: SeatConfig, device: str, exc: Exception, instead: str) -> str:
    """The one warning a seat hears when one of its devices could not be opened, all in the
    seat's language. The system's own reason is in English: an English seat hears it; any
    other hears which device failed, named as it was given, and the English detail is
    printed for whoever sets the table up."""
    reason = str(exc).rstrip(".")
    if seat.lang == "pl":
        what = {"sound": seat.sound, "speech": seat.speech, "Braille": seat.display}[device]
        polish = _POLISH_REASON[device].format(what=what or "").rstrip()
        # The detail, for whoever sets the table up, in the table's language where the
        # error has a catalogue sentence (a screen reader reads this line too).
        detail = exc.in_lang(seat.lang) if isinstance(exc, BrailleWordsError) else reason
        print(f"braille-words: {seat.name}: {detail}", file=sys.stderr)
        device, instead, reason = _POLISH[device], _POLISH[instead], polish
    return text(seat.lang, "device_fallback", device=device, reason=reason, instead=instead)


def _sounds(seat: SeatConfig, warn: list[str]) -> SeatSounds | None:
    if not seat.is_human or (seat.speech == "none" and seat.sound is None):
        return None
    if seat.sound is None:
        # The default device: opened in the background, silently absent on a machine with
        # no sound output (nobody asked for a device that could be named as missing).
        return SeatSounds(None, background=True)
    try:
        return SeatSounds(seat.sound)
    except (BrailleWordsError, OSError, ImportError) as exc:
        warn.append(_fallback(seat, "sound", exc, "no sounds"))
        return None


def _speaker(seat: SeatConfig, index: int, stream: TextIO | None, warn: list[str]) -> Any:
    from braille_words.speech.factory import make_speaker
    from braille_words.speech.settings import VoiceSettings

    spec = seat.speech
    if seat.sound is not None and spec in ("auto", "espeak", "speechd"):
        spec = f"{spec}:device={seat.sound}"
    settings = VoiceSettings(lang=seat.lang)
    try:
        return make_speaker(spec, settings, seat=index, stream=stream, warn=warn.append)
    except BrailleWordsError as exc:
        warn.append(_fallback(seat, "speech", exc, "text"))
        return make_speaker("text", settings, seat=index, stream=stream, warn=warn.append)


class _LinesOnly:
    """The terminal, told not to be a terminal: the console display then prints each new
    Braille line on a line of its own instead of redrawing one line in place, which would
    collide with the sentences printed for a screen reader."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    @property
    def _out(self) -> TextIO:
        # Standard output as it is when writing: the terminal's key reader may have put a
        # stream in front of it that keeps a half-typed line below what is printed.
        return self._stream if self._stream is not None else sys.stdout

    def write(self, text: str) -> int:
        return self._out.write(text)

    def flush(self) -> None:
        self._out.flush()

    def isatty(self) -> bool:
        return False


LOOK_AGAIN_EVERY = 1.0
"""Seconds between looks for a Braille display that was not there when the game started."""


def open_devices(
    seat: SeatConfig,
    on_command: Callable[[Any], None],
    on_status: Callable[[str], None],
    warn: list[str],
) -> tuple[Any, Any, SeatSounds | None]:
    """(speaker, display, sounds) of one person, each falling back with a warning: a
    student's own computer joining a table over the network opens its devices here."""
    from braille_words.displays.spec import open_display

    speaker = None if seat.speech == "none" else _speaker(seat, 0, None, warn)
    display = None
    if seat.display != "none":
        try:
            display = open_display(seat.display, stream=_LinesOnly(),  # type: ignore[arg-type]
                                   on_command=on_command, on_status=on_status)
        except BrailleWordsError as exc:
            warn.append(_fallback(seat, "Braille", exc, "speech only"))
    return speaker, display, _sounds(seat, warn)


def _display(seat: SeatConfig, out: SeatOutput, warn: list[str]) -> Any:
    from braille_words.displays.spec import open_display

    def attempt() -> Any:
        return open_display(
            seat.display,
            stream=_LinesOnly(),  # type: ignore[arg-type]
            on_command=out.on_display_command,
            on_status=out.on_display_status,
        )

    try:
        return attempt()
    except BrailleWordsError as exc:
        warn.append(_fallback(seat, "Braille", exc, "speech only"))
        if seat.display not in ("console", "none") and not seat.display.startswith("console"):
            _keep_looking(seat, out, attempt)
        return None


def _keep_looking(seat: SeatConfig, out: SeatOutput, attempt: Callable[[], Any]) -> None:
    """Look for the display in the background, as after an unplug mid-game, and attach it
    the moment it answers: a display plugged in after the start is used, and said so."""

    def look() -> None:
        while not out.closed.wait(LOOK_AGAIN_EVERY):
            try:
                display = attempt()
            except BrailleWordsError:
                continue
            if out.closed.is_set():
                display.close()
                return
            out.attach_display(display)
            out.announce(text(seat.lang, "display_found", display=seat.display))
            return

    threading.Thread(target=look, name=f"display-{seat.name}", daemon=True).start()


def open_outputs(
    seats: Sequence[SeatConfig], *, transcript: TextIO | None = None
) -> list[SeatOutput]:
    """One ``SeatOutput`` per seat. Computer seats get none of the devices."""
    outputs: list[SeatOutput] = []
    humans = [i for i, s in enumerate(seats) if s.is_human]
    for index, seat in enumerate(seats):
        warn: list[str] = []
        if not seat.is_human:
            # Nobody listens at a computer seat, but a game of computers alone is watched
            # through the transcript of its first seat.
            watch = transcript if not humans and index == 0 else None
            out = SeatOutput(
                name=seat.name, lang=seat.lang, verbosity=seat.verbosity, transcript=watch
            )
            out.watching = watch is not None
            outputs.append(out)
            continue
        if seat.where == "network":
            # Its display, voice and sounds are on the student's computer (``net.remote``
            # attaches them when the student joins); nothing of it is printed here.
            outputs.append(SeatOutput(name=seat.name, lang=seat.lang, braille=seat.braille,
                                      verbosity=seat.verbosity, hold_news=True))
            continue
        label = seat.name if len(humans) > 1 else None
        # With a transcript on standard output, speech as text (asked for, or fallen back
        # to) would print every sentence a second time: it goes to the transcript only.
        quiet_text = io.StringIO() if transcript is not None else None
        speaker = None if seat.speech == "none" else _speaker(seat, index, quiet_text, warn)
        out = SeatOutput(
            name=seat.name,
            lang=seat.lang,
            braille=seat.braille,
            verbosity=seat.verbosity,
            speaker=speaker,
            earcons=_sounds(seat, warn),
            transcript=transcript,
            label=label,
            # Heard nowhere, every sentence must be read: news waits its turn on the cells.
            hold_news=speaker is None,
        )
        if seat.display != "none":
            out.attach_display(_display(seat, out, warn))
        for sentence in warn:
            out.announce(sentence)
        outputs.append(out)
    return outputs


def open_teacher(lang: str, speech: str, *, transcript: TextIO | None = None) -> SeatOutput:
    """The teacher's console: the terminal of a classroom table that no seat owns. It prints
    (and, given a voice, speaks) the table's public news, alerts and its own answers; with
    no ``transcript`` it prints to whatever standard output is at the time of writing."""
    from braille_words.speech.factory import make_speaker
    from braille_words.speech.settings import VoiceSettings

    warn: list[str] = []
    speaker: Any = None
    if speech != "none":
        try:
            # Printed by the transcript already: speech as text would print it twice.
            speaker = make_speaker(speech, VoiceSettings(lang=lang), stream=io.StringIO(),
                                   warn=warn.append)
        except BrailleWordsError as exc:
            warn.append(str(exc))
    out = SeatOutput(
        name=text(lang, "teacher_name"),
        lang=lang,
        verbosity="beginner",
        speaker=speaker,
        transcript=transcript if transcript is not None else _LinesOnly(),  # type: ignore[arg-type]
        label=text(lang, "teacher_name"),
    )
    for sentence in warn:
        out.announce(sentence)
    return out
