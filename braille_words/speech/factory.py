"""Speakers from a spec string, with a fallback chain that never leaves a player in silence.

Spec grammar (what ``--engine`` and a seat's settings take)::

    SPEC    := PART ("+" PART)*          several at once (a "tee")
    PART    := "record:" FILE            every message as JSON lines
             | ENGINE (":" KEY "=" VALUE)*
    ENGINE  := auto | espeak | pyttsx3 | speechd | text | none
    KEY     := device | voice | rate | volume | lang | verbosity

e.g. ``espeak:device=seat1:rate=200+record:seat1.jsonl``. A value may itself hold ":" (an ALSA
name such as ``hw:1,0``).

``auto`` tries espeak-ng on a sound device, then pyttsx3, then speech-dispatcher, then text on
the terminal. A named engine that cannot start falls back along the same chain from where it
stands. Either way the player gets one warning sentence naming what is used instead — never a
traceback, never silence.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from braille_words.audio.devices import has_output_device
from braille_words.errors import BrailleWordsError, InputError
from braille_words.speech.espeak import EngineUnavailable, EspeakSpeaker
from braille_words.speech.recorder import RecordingSpeaker, TeeSpeaker
from braille_words.speech.settings import VoiceSettings
from braille_words.speech.speaker import NullSpeaker, Speaker
from braille_words.speech.text import TextSpeaker

CHAIN = ("espeak", "pyttsx3", "speechd", "text")
ENGINES = ("auto", *CHAIN, "none", "record")
OPTIONS = ("device", "voice", "rate", "volume", "lang", "verbosity")

Warn = Callable[[str], None]


_warned: set[str] = set()


def warn_on_stderr(message: str) -> None:
    """Print a fallback warning once per process (four seats need not hear it four times)."""
    if message in _warned:
        return
    _warned.add(message)
    print(f"braille-words: warning: {message}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class EngineSpec:
    engine: str
    options: dict[str, str] = field(default_factory=dict)
    path: str | None = None  # for record


def parse_spec(spec: str) -> list[EngineSpec]:
    """Split a spec string into its parts; ``InputError`` names what is wrong."""
    parts: list[EngineSpec] = []
    for raw in spec.split("+"):
        part = raw.strip()
        if not part:
            raise InputError(f"empty speech engine in '{spec}'")
        name, _, rest = part.partition(":")
        name = name.strip().lower()
        if name not in ENGINES:
            raise InputError(f"unknown speech engine '{name}'; use one of: {', '.join(ENGINES)}")
        if name == "record":
            if not rest:
                raise InputError("record needs a file: record:FILE")
            parts.append(EngineSpec(name, path=rest))
            continue
        options: dict[str, str] = {}
        last: str | None = None
        for piece in rest.split(":") if rest else []:
            key, eq, value = piece.partition("=")
            if not eq:
                if last is None:
                    raise InputError(f"'{piece}' is not an option; write KEY=VALUE")
                options[last] += ":" + piece  # a value with ':' in it (hw:1,0)
                continue
            key = key.strip().lower()
            if key not in OPTIONS:
                raise InputError(f"unknown speech option '{key}'; use one of: {', '.join(OPTIONS)}")
            options[key] = value.strip()
            last = key
        parts.append(EngineSpec(name, options))
    return parts


def _need_sound_device() -> None:
    if not has_output_device():
        raise EngineUnavailable("no sound output device was found")


def build_engine(
    engine: str,
    settings: VoiceSettings,
    *,
    seat: int | None = None,
    device: str | None = None,
    stream: TextIO | None = None,
    strict_device: bool = False,
) -> Speaker:
    """One engine, or ``EngineUnavailable`` (``AudioDeviceError`` for a bad ``device``)."""
    if engine == "espeak":
        from braille_words.audio.devices import AudioDeviceError

        _need_sound_device()

        try:
            return EspeakSpeaker(settings, seat=seat, device=device)
        except AudioDeviceError as exc:
            if strict_device:
                raise
            raise EngineUnavailable(str(exc)) from None
    if engine == "pyttsx3":
        if sys.platform.startswith("linux"):
            _need_sound_device()  # it would "speak" into nothing and report success
        from braille_words.speech.pyttsx3_backend import Pyttsx3Speaker

        return Pyttsx3Speaker(settings, seat=seat)
    if engine == "speechd":
        from braille_words.speech.speechd_backend import SpeechdSpeaker

        if device is None:
            if sys.platform.startswith("linux"):
                _need_sound_device()
            return SpeechdSpeaker(settings, seat=seat)
        from braille_words.audio.devices import AudioDeviceError

        # An SSIP address reaches a running speech-dispatcher; anything else names the
        # PulseAudio sink of the seat's headphones, spoken to by a speech-dispatcher of its own.
        try:
            if device.startswith(("unix_socket:", "inet_socket:")):
                return SpeechdSpeaker(settings, seat=seat, address=device)
            return SpeechdSpeaker(settings, seat=seat, device=device)
        except AudioDeviceError as exc:
            if strict_device:
                raise
            raise EngineUnavailable(str(exc)) from None
    if engine == "text":
        return TextSpeaker(settings, seat=seat, stream=stream)
    if engine == "none":
        return NullSpeaker(settings, seat=seat)
    raise InputError(f"unknown speech engine '{engine}'")


_LABELS = {
    "espeak": "espeak-ng",
    "pyttsx3": "pyttsx3",
    "speechd": "speech-dispatcher",
    "text": "text on the terminal",
}


_LABELS_PL = {"text": "tekst w terminalu", "auto": "mowa przez kartę dźwiękową"}


def _fallback_sentence(
    wanted: str, used: str, failures: list[tuple[str, str]], lang: str
) -> str:
    """The one warning a fallback gives, in the seat's language (the reasons stay technical:
    they are for whoever fixes the machine)."""
    if lang == "pl":
        asked = _LABELS_PL.get(wanted, _LABELS.get(wanted, wanted))
        instead = _LABELS_PL.get(used, _LABELS[used])
        return f"{asked}: niedostępne ({_reasons(failures)}); używam: {instead}."
    asked = "sound speech" if wanted == "auto" else _LABELS[wanted]
    return f"{asked} is not available ({_reasons(failures)}); using {_LABELS[used]}."


def _with_fallback(
    part: EngineSpec,
    settings: VoiceSettings,
    *,
    seat: int | None,
    stream: TextIO | None,
    warn: Warn,
) -> Speaker:
    device = part.options.get("device")
    if device is not None and part.engine not in ("auto", "espeak", "speechd"):
        raise InputError(
            f"{part.engine} cannot choose a sound device; use espeak (an ALSA device) or "
            "speechd (a PulseAudio sink) for device="
        )
    if part.engine in ("auto", *CHAIN):
        start = 0 if part.engine == "auto" else CHAIN.index(part.engine)
        chain = CHAIN[start:]
    else:
        chain = (part.engine,)
    failures: list[tuple[str, str]] = []
    for engine in chain:
        try:
            # speech-dispatcher's devices are PulseAudio sinks, not ALSA names: it gets one
            # only when it was asked for by name.
            speechd_asked = engine != "speechd" or part.engine == "speechd"
            speaker = build_engine(
                engine,
                settings,
                seat=seat,
                device=device if speechd_asked else None,
                stream=stream,
                strict_device=device is not None and part.engine in ("espeak", "speechd"),
            )
        except EngineUnavailable as exc:
            failures.append((_LABELS[engine], str(exc)))
            continue
        if failures:
            warn(_fallback_sentence(part.engine, engine, failures, settings.lang))
        return speaker
    raise BrailleWordsError(f"no speech engine could start: {_reasons(failures)}")


def _reasons(failures: list[tuple[str, str]]) -> str:
    """One reason when every engine failed for the same one (no sound card), else each named."""
    if len({reason for _, reason in failures}) == 1:
        return failures[0][1]
    return "; ".join(f"{label}: {reason}" for label, reason in failures)


def make_speaker(
    spec: str = "auto",
    settings: VoiceSettings | None = None,
    *,
    seat: int | None = None,
    stream: TextIO | None = None,
    warn: Warn = warn_on_stderr,
) -> Speaker:
    """The speaker ``spec`` describes, for one seat.

    ``stream`` is where the text engine writes (standard output by default); ``warn`` receives
    the one sentence said when an engine falls back.
    """
    base = settings or VoiceSettings()
    speakers: list[Speaker] = []
    try:
        for part in parse_spec(spec):
            if part.engine == "record":
                assert part.path is not None
                speakers.append(RecordingSpeaker(part.path, base, seat=seat))
                continue
            opts = base.with_options(part.options)
            speakers.append(_with_fallback(part, opts, seat=seat, stream=stream, warn=warn))
    except BaseException:
        for s in speakers:
            s.close()
        raise
    return speakers[0] if len(speakers) == 1 else TeeSpeaker(speakers)
