"""What each seat chooses about its speech: language, voice, rate, volume and verbosity.

Two students at one table may want different things (one a beginner who wants every hint, one
who wants two words and silence), so these are per seat, never global. Word Thief is played in
English; every other game is Polish.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from braille_words.errors import InputError

LANGUAGES = ("pl", "en")
MIN_RATE, MAX_RATE = 80, 450  # words per minute; outside this espeak-ng is unintelligible
MAX_VOLUME = 2.0

GAME_LANGUAGES: dict[str, str] = {
    "word_rummikub": "pl",
    "seven_words": "pl",
    "alice": "pl",
    "card_scrabble": "pl",
    "word_thief": "en",
}


class Verbosity(enum.Enum):
    """How much a seat is told. Presenters pick their sentences by this."""

    BEGINNER = "beginner"
    """Full sentences, with a hint of what to do next."""
    EXPERT = "expert"
    """The fact only, as few words as will do."""

    @property
    def hints(self) -> bool:
        return self is Verbosity.BEGINNER

    @classmethod
    def parse(cls, text: str) -> Verbosity:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(v.value for v in cls)
            raise InputError(f"unknown verbosity '{text}'; use one of: {names}") from None


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise InputError(f"unknown language '{lang}'; use one of: {', '.join(LANGUAGES)}")
    return lang


@dataclass(frozen=True)
class VoiceSettings:
    """One seat's speech. ``voice`` is an engine voice name; ``None`` means the language's own."""

    lang: str = "pl"
    voice: str | None = None
    rate: int | None = None  # words per minute; None: the engine's default
    volume: float = 1.0  # 0 silent, 1 the engine's normal loudness, up to 2
    verbosity: Verbosity = Verbosity.BEGINNER
    stop_on_key: bool = True  # a key press silences speech (the table calls ``stop()``)

    def __post_init__(self) -> None:
        check_lang(self.lang)
        if self.rate is not None and not MIN_RATE <= self.rate <= MAX_RATE:
            raise InputError(
                f"speech rate {self.rate} is out of range; "
                f"use {MIN_RATE} to {MAX_RATE} words a minute"
            )
        if not 0.0 <= self.volume <= MAX_VOLUME:
            raise InputError(f"volume {self.volume} is out of range; use 0 to {MAX_VOLUME}")

    def voice_for(self, lang: str | None) -> str:
        """The voice to speak ``lang`` with: the chosen voice for the seat's language, else the
        language itself (espeak-ng and speech-dispatcher both accept a language as a voice)."""
        if lang is None or lang == self.lang:
            return self.voice or self.lang
        return lang

    def with_options(self, options: dict[str, str]) -> VoiceSettings:
        """These settings with the ``voice``, ``rate``… options of a spec string applied."""
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key == "voice":
                changes["voice"] = value
            elif key == "lang":
                changes["lang"] = check_lang(value)
            elif key == "rate":
                changes["rate"] = _number(key, value, int)
            elif key == "volume":
                changes["volume"] = _number(key, value, float)
            elif key == "verbosity":
                changes["verbosity"] = Verbosity.parse(value)
        return replace(self, **changes)


def _number(key: str, value: str, kind: type[int] | type[float]) -> Any:
    try:
        return kind(value)
    except ValueError:
        raise InputError(f"{key} must be a number, not '{value}'") from None


def settings_for_game(game: str, **overrides: Any) -> VoiceSettings:
    """A seat's default settings for ``game`` (its language), with ``overrides`` applied."""
    lang = GAME_LANGUAGES.get(game, "pl")
    return VoiceSettings(**{"lang": lang, **overrides})
