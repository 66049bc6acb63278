"""The names a seat's callers use, each forwarded to the part that owns it.

``SeatOutput`` was one class; its callers (the table, the network seat, the page, the tests)
say ``out.said``, ``out.frame()`` or ``out.selection``. Those names stay, each one a ``Part``
that reads and writes the attribute of the part that now owns it (``out.said`` is
``out.news.said``), so the coordinator holds only the wiring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TextIO, TypeVar, cast

from braille_words.braille import BrailleInput
from braille_words.braille.grid import Grid
from braille_words.table.seat.boards import ViewLine
from braille_words.table.seat.keys import Router
from braille_words.table.seat.voice import Earcons, Speaker

if TYPE_CHECKING:
    from braille_words.table.seat.keys import SeatKeys
    from braille_words.table.seat.news import NewsQueue
    from braille_words.table.seat.surface import BrailleSurface
    from braille_words.table.seat.voice import SeatVoice

T = TypeVar("T")


class Part(Generic[T]):
    """An attribute of the seat kept by one of its parts (``out.said`` is ``out.news.said``),
    so callers keep one name for it while the part owns it."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part, self.name = part, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, seat: Any, owner: type | None = None) -> T:
        return cast(T, getattr(getattr(seat, self.part), self.name))

    def __set__(self, seat: Any, value: T) -> None:
        setattr(getattr(seat, self.part), self.name, value)


class SeatNames:
    """The seat's names for what its parts own (mixed into ``SeatOutput``)."""

    if TYPE_CHECKING:
        voice: SeatVoice
        news: NewsQueue
        surface: BrailleSurface
        keys: SeatKeys

    speaker: Part[Speaker | None] = Part("voice")
    earcons: Part[Earcons | None] = Part("voice")
    transcript: Part[TextIO | None] = Part("voice")
    label: Part[str | None] = Part("voice")
    on_device: Part[Callable[[str], None] | None] = Part("voice")
    said: Part[list[str]] = Part("news")
    last: Part[str] = Part("news")
    _last_shown: Part[str] = Part("news", "last_shown")
    hold_news: Part[bool] = Part("news", "hold")
    display: Part[Any | None] = Part("surface")
    on_lines: Part[Callable[[], None] | None] = Part("surface")
    _view: Part[list[ViewLine]] = Part("surface", "view")
    _clock: Part[str] = Part("surface", "clock")
    typing: Part[BrailleInput] = Part("keys")
    selection: Part[Any] = Part("keys")
    router: Part[Router | None] = Part("keys")
    wants_letter: Part[Callable[[Any], bool] | None] = Part("keys")
    cancel_line: Part[Callable[[str], str | None] | None] = Part("keys")
    # What the parts answer for themselves.
    short_display: Part[bool] = Part("surface", "short")
    lines: Part[list[ViewLine]] = Part("surface")
    current_line: Part[str | None] = Part("surface")
    news_waiting: Part[int] = Part("news", "count")
    grid: Part[Callable[[str], Grid | None]] = Part("surface")
    set_grid: Part[Callable[[str, Grid], None]] = Part("surface")
    jump_to: Part[Callable[[str], bool]] = Part("surface")
    jump_line: Part[Callable[[int], bool]] = Part("surface")
    key_for: Part[Callable[[Any], int | None]] = Part("surface")
    frame: Part[Callable[[], bytes]] = Part("surface")
    show_clock: Part[Callable[..., None]] = Part("surface")
    show_status: Part[Callable[[str], None]] = Part("surface")
    attach_display: Part[Callable[[Any | None], None]] = Part("surface", "attach")
    stop_speech: Part[Callable[[], None]] = Part("voice", "stop")
    spell: Part[Callable[[str], str]] = Part("voice")
    typed_left_over: Part[Callable[[], str]] = Part("keys", "left_over")
