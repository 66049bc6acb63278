"""The one exception family a player may meet.

Every error the program expects (a bad word, a missing device, a corrupt save) is a
``BrailleWordsError`` whose message is a sentence the player can act on; the CLI speaks and
brailles it instead of printing a traceback.

An error a player meets mid-game carries a *code* and its parameters instead of a finished
sentence (``InputError.coded("unknown_command", word="xyz")``): the table renders it in the
seat's language and verbosity from the catalogues (``present.messages.error_text``). ``str()``
of such an error is its English sentence, for logs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

ErrorRenderer = Callable[["BrailleWordsError", str, str], str]
"""(error, language, verbosity) → sentence. ``present.messages`` registers the one that reads
the catalogues; this module imports nothing above it, so the pure rules may raise coded errors."""

_renderer: ErrorRenderer | None = None


def register_renderer(renderer: ErrorRenderer) -> None:
    global _renderer
    _renderer = renderer


class CodedText(str):
    """The English sentence of a coded error that still knows its error, so a caller that
    passes ``str(exc)`` along (``in_language``) can say it in another language."""

    error: BrailleWordsError

    def __new__(cls, value: str, error: BrailleWordsError) -> CodedText:
        made = super().__new__(cls, value)
        made.error = error
        return made


class BrailleWordsError(Exception):
    """A failure with a message fit to be read to a player."""

    code: str | None = None
    section: str = "common"
    params: dict[str, Any]
    lang: str | None = None
    """The language of the person who meets this error, set where it is known (a seat's, a
    saved game's): the command line then says it in that language, not in English."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.params = {}

    @classmethod
    def coded(cls, code: str, section: str = "common", /, **params: Any) -> Self:
        """An error said from the catalogue: ``code`` is a key of ``section`` (a game id or
        "common"); ``params`` fill its sentence. An ``example`` parameter (a line to type) is
        said after it as "For example: …"."""
        error = cls(code)
        error.code = code
        error.section = section
        error.params = dict(params)
        return error

    def in_lang(self, lang: str, verbosity: str = "beginner") -> str:
        """The sentence in ``lang``; an uncoded error says its own (bilingual) message."""
        if self.code is not None and _renderer is not None:
            return _renderer(self, lang, verbosity)
        return in_language(Exception.__str__(self), lang)

    def __str__(self) -> str:
        if self.code is None:
            return super().__str__()
        if _renderer is None:
            listed = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
            return CodedText(f"{self.code} ({listed})" if listed else self.code, self)
        return CodedText(_renderer(self, "en", "beginner"), self)


class InputError(BrailleWordsError, ValueError):
    """Input the program cannot use (an empty word, digits in a word, an unknown option)."""


BOTH = " / "
"""Between the Polish and the English half of a message given before the language is known."""


def in_language(message: str, lang: str) -> str:
    """The sentence a seat speaks: a coded error's (``str(exc)``) in ``lang``; the half of an
    old "Polish / English" message in ``lang``; other messages whole.
    """
    if isinstance(message, CodedText):
        return message.error.in_lang(lang)
    parts = message.split(BOTH)
    # Each half may quote an example with its own " / " ("tak / nie", "yes / no"), the same
    # number of times in both languages: the middle separator is the one between them.
    if len(parts) < 2 or len(parts) % 2 or not all(p.strip() for p in parts):
        return message
    middle = len(parts) // 2
    half = parts[:middle] if lang == "pl" else parts[middle:]
    return BOTH.join(half).strip()
