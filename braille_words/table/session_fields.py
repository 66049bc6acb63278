"""The session as its seams see it: its fields and the calls one seam makes on another,
declared once for mypy.

``Session`` is the turn loop with seams mixed in (``hotseat``, ``tablewide``, ``seat_clock``,
``seat_commands``, ``table_queue``, ``computer_seats``, ``finish_typing``); each seam's
``self`` is the session. Declaring here
what they use of it, instead of in every seam, keeps one list that mypy checks against the
session's real fields and methods. Nothing here exists at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from braille_words.games.interface import GameRules, GameState
    from braille_words.games.kit import GameKit
    from braille_words.table.activity import ActivityLog
    from braille_words.table.clock import TableClock
    from braille_words.table.control import Control
    from braille_words.table.journal import Header, Journal
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seatnews import SeatNews
    from braille_words.table.seats import SeatConfig
    from braille_words.table.table_queue import TableInputs


class SessionFields:
    """What a seam of the session may use of it (the session's own declarations rule)."""

    if TYPE_CHECKING:
        kit: GameKit[Any, Any, Any, Any]
        rules: GameRules[Any, Any]
        state: GameState[Any]
        seats: list[SeatConfig]
        outputs: list[SeatOutput]
        news: list[SeatNews]
        journal: Journal | None
        header: Header
        shared: list[frozenset[int]]
        inputs: TableInputs
        clock: TableClock | None
        teacher: SeatOutput | None
        echo: Callable[[str], None] | None
        keyboard_draft: Callable[[], str] | None
        moves_played: int
        think: bool
        think_elsewhere: Callable[[Callable[[], None]], None] | None
        timers: bool
        next_game: str | None
        resume_command: str
        activity: ActivityLog | None
        on_hand_over: Callable[[], None] | None
        _quit: bool
        _trying: str
        _left: set[int]
        _pending: dict[int, int]
        _pending_since: dict[int, float]
        _offered: dict[int, tuple[str, str]]
        _paused: set[str]
        _nudged: dict[int, Any]
        _thinking: set[int]
        _reacted: int
        _finishing: frozenset[int]
        _want_end: set[int]
        _prompted: frozenset[int]
        _last_news: str
        _alerts: dict[int, str]
        _banked: dict[int, int]
        _away_computer: set[int]
        _holder: dict[int, int]
        _explained: bool
        _tried: tuple[Any, int, Any, tuple[Any, list[Any]]] | None

        def view_of(self, seat: int) -> Any: ...
        def _written(self) -> None: ...
        def play(self, seat: int, move: Any, *, urgent: bool = False) -> bool: ...
        def announce(self, events: Any, *, urgent: bool = False) -> None: ...
        def tell_everyone(
            self,
            sentence: str | Callable[[SeatOutput], str],
            cue: str | None = None,
            *,
            urgent: bool = False,
            **params: Any,
        ) -> None: ...
        def _prompt(self) -> None: ...
        def _sync_clock(self) -> None: ...
        def _pause_seat_clock(self, pause: bool) -> None: ...
        def _status(self, view: Any, left: float | None = None) -> str: ...
        def _drawing(self, view: Any, lang: str) -> Callable[[Any], list[Any]]: ...
        def _readers_behind(self) -> bool: ...
        def handle(self, source: int, line: str, *, at: float | None = None) -> None: ...
        def private_entry(self, source: int = ...) -> bool: ...
        def _is_reading(self, line: str) -> bool: ...
        def _note(self, seat: int, kind: str, what: str = "", why: str = "") -> None: ...
        def _refuse(self, seat: int, reasons: list[dict[str, Any]]) -> None: ...
        def _refuse_by_key(self, seat: int, key: str, **params: Any) -> None: ...
        def _noting(self, seat: int) -> bool: ...
        def _report_lang(self, seat: int) -> str: ...
        def _names(self) -> list[str]: ...
        def _speaks(self, seat: int) -> bool: ...
        def _keyboard_seat(self) -> int | None: ...
        def _console(self, line: str) -> None: ...
        def _tell_table(self, key: str, cue: str | None = None, *,
                        to_teacher: str | None = None, **params: Any) -> None: ...
        def _group(self, seat: int) -> int | None: ...
        def _take_over(self, group: int, seat: int) -> None: ...
        def _leave(self, seat: int) -> None: ...
        def _paused_key(self) -> tuple[str, dict[str, Any]]: ...
        def _read_clocks(self, seat: int) -> bool: ...
        def _control(self, control: Control) -> None: ...
        def _device(self, seat: int, status: str) -> None: ...
        def _seat_clock_out(self, seat: int) -> None: ...
        def _computer_planned(self, state: Any, thinking: set[int], found: Any) -> None: ...
        def _computer_play(self, seat: int, move: Any) -> None: ...
        def _start_finishing(self, key: Any) -> bool: ...
