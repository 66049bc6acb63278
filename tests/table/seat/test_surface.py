"""The seat's Braille surface alone (``table.seat.surface``): lines and boards rendered on a
display's cells, panning, routing, the clock and the waiting mark; no news queue, no table."""

from __future__ import annotations

from braille_words.braille import rack_line, text_line
from braille_words.braille.cells import DOT7, DOT8
from braille_words.braille.grid import Grid, make_square
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.displays.base import Display
from braille_words.table.seat.keys import Step
from braille_words.table.seat.news import Show
from braille_words.table.seat.surface import CLOCK_CELLS, Answer, BrailleSurface


class Seat:
    """What the surface is told by the seat's other parts, as plain values."""

    def __init__(self) -> None:
        self.message: list[NamedLine] = []
        self.waiting = 0
        self.hidden = False

    def surface(self, display: Display) -> BrailleSurface:
        surface = BrailleSurface("pl", above=lambda: list(self.message),
                                 waiting=lambda current: self.waiting,
                                 hidden=lambda: self.hidden)
        surface.attach(display)
        return surface


def _board() -> Grid:
    letters = {(1, 0): "k", (1, 1): "o", (1, 2): "t"}
    return Grid.of(
        (make_square(letters.get((r, c)), "pl", target=("board", r, c)) for c in range(3))
        for r in range(3)
    )


def test_the_lines_are_the_seats_then_the_games_and_panning_returns_exactly() -> None:
    seat, display = Seat(), Display(14)
    seat.message = [NamedLine("message", text_line("Komputer układa słowo PORZEŹBIONO.", "pl",
                                                   name="message"))]
    surface = seat.surface(display)
    surface.show([NamedLine("rack", rack_line(list("kotalesz"), "pl"))], None)
    assert [line.name for line in surface.lines] == ["message", "rack"]
    assert surface.current_line == "message" and surface.window == (True, False)
    first = display.shown
    assert surface.navigate("pan_right") == Answer() and display.shown != first
    assert surface.navigate("pan_left") == Answer() and display.shown == first
    assert surface.navigate("line_up") == Answer("Pierwsza linia.", edge=True)
    assert surface.navigate("bottom") == Answer() and surface.current_line == "rack"


def test_a_routing_key_names_the_target_under_it() -> None:
    seat, display = Seat(), Display(40)
    surface = seat.surface(display)
    surface.show([NamedLine("rack", rack_line(list("kot"), "pl"))], None)
    key = surface.key_for(("rack", 1))
    assert key is not None
    hit = surface.route(key)
    assert hit is not None and hit.target == ("rack", 1)
    assert surface.key_for(("rack", 9)) is None


def test_a_picture_drawn_from_the_pick_is_drawn_again_when_the_pick_changes() -> None:
    seat, display = Seat(), Display(40)
    surface = seat.surface(display)
    surface.show(lambda pick: [NamedLine("rack", rack_line(
        list("kot"), "pl", selected=[pick] if pick is not None else []))], None)
    plain = display.shown
    surface.redraw(1)
    assert display.shown != plain
    assert rack_line(list("kot"), "pl", selected=[1]).cells() in display.shown


def test_a_board_keeps_its_cursor_across_redraws_and_shows_its_coordinate() -> None:
    seat, display = Seat(), Display(20, 4)
    surface = seat.surface(display)
    surface.show([NamedGrid("board", _board())], None)
    said = surface.grid_key("row_down").said
    assert said is not None and "K" in said
    assert surface.grid_key("column_left") == Answer(edge=True)  # the board's edge
    grid = surface.grid("board")
    assert grid is not None
    surface.show([NamedGrid("board", _board())], None)  # the game drew the board again
    again = surface.grid("board")
    assert again is not None and (again.row, again.column) == (grid.row, grid.column)
    assert surface.status_borrowed  # the coordinate holds the status cells
    # On a plain line a board key moves as its twin does.
    surface.show([NamedLine("rack", rack_line(list("kot"), "pl"))], None)
    assert surface.grid_key("row_down") == Answer("Ostatnia linia.", edge=True)


def test_a_running_clock_takes_the_last_cells_and_waiting_news_raises_dots_7_8() -> None:
    seat, display = Seat(), Display(14)
    surface = seat.surface(display)
    surface.show([NamedLine("rack", rack_line(list("kotalesz"), "pl"))], None)
    surface.show_clock(42.0)
    assert surface.pager is not None and surface.pager.width == 14 - CLOCK_CELLS
    assert display.shown[-2:] != b"\0\0"  # the seconds' digits
    assert not display.shown[14 - CLOCK_CELLS] & (DOT7 | DOT8)
    seat.waiting = 1
    surface.write()
    assert display.shown[14 - CLOCK_CELLS] & (DOT7 | DOT8) == DOT7 | DOT8
    surface.show_clock(None)
    assert surface.pager is not None and surface.pager.width == 14


def test_a_seat_that_handed_its_screen_over_shows_no_game_line() -> None:
    seat, display = Seat(), Display(20)
    surface = seat.surface(display)
    seat.hidden = True
    surface.show([NamedLine("rack", rack_line(list("kot"), "pl"))], None)
    assert display.shown == bytes(20)


def test_the_news_says_where_the_surface_goes() -> None:
    seat, display = Seat(), Display(20)
    surface = seat.surface(display)
    surface.show([NamedLine("rack", rack_line(list("kot"), "pl"))], None)
    surface.jump_to("rack")
    seat.message = [NamedLine("message", text_line("Twój ruch.", "pl", name="message"))]
    surface.apply(Show(keep="rack"))
    assert surface.current_line == "rack"
    surface.apply(Show(reset=True))
    assert surface.current_line == "message"
    assert display.shown.startswith(text_line("Twój", "pl").cells())


def test_a_keys_step_is_answered_by_the_surface_or_left_to_the_seat() -> None:
    seat, display = Seat(), Display(20)
    surface = seat.surface(display)
    surface.show([NamedLine("rack", rack_line(list("kot"), "pl"))], None)
    assert surface.answer(Step("jump", ("rack",)), None) == Answer()
    assert surface.answer(Step("jump", ("board",)), None) == Answer(
        "Nie ma takiej linii.", edge=True)
    assert surface.answer(Step("board", "next_word"), None) == Answer(
        "Nie ma planszy.", edge=True)
    assert surface.answer(Step("read", "read_row"), None) == Answer(None, edge=True,
                                                                     shown=True)
    assert surface.answer(Step("send", "dobierz"), None) is None


def test_panning_past_the_end_of_a_message_read_back_stays_on_it() -> None:
    """Issue 33: pan right at the end of a history line went on to the rack line."""
    seat, display = Seat(), Display(40)
    seat.message = [NamedLine("message", text_line("1. Ola: KOT.", "pl", name="message"))]
    back = {"on": True}
    surface = BrailleSurface("pl", above=lambda: list(seat.message),
                             waiting=lambda current: 0, hidden=lambda: False,
                             reading_back=lambda: back["on"])
    surface.attach(display)
    surface.show([NamedLine("rack", rack_line(list("kot"), "pl"))], None)
    assert surface.navigate("pan_right") == Answer(edge=True)
    assert surface.current_line == "message"
    back["on"] = False  # the latest message: panning past its end goes on, as before
    assert surface.navigate("pan_right") == Answer() and surface.current_line == "rack"


def test_a_clock_appearing_keeps_the_window_being_read() -> None:
    """Issue 39: 7 słów's round summary went back to its start when the hourglass came."""
    seat, display = Seat(), Display(14)
    long = "Gracz nie ma więcej wyzwań. Runda 3: Ola 12, Komputer 9. Karty: A, B, C."
    seat.message = [NamedLine("message", text_line(long, "pl", name="message"))]
    surface = seat.surface(display)
    for _ in range(3):
        surface.navigate("pan_right")
    at = surface.place
    assert at > 0
    surface.show_clock(30)
    assert surface.place > 0 and abs(surface.place - at) < 14
    surface.show_clock(None)
    assert surface.place > 0


def test_the_clock_cells_say_whose_clock_it_is() -> None:
    """Issue 39: "12" alone on the cells did not say whether it was the reader's teapot."""
    seat, display = Seat(), Display(14)
    seat.message = [NamedLine("message", text_line("Kolej: Komputer.", "pl", name="message"))]
    surface = seat.surface(display)
    surface.show_clock(12, "K")
    assert surface.clock == "K12"
    surface.show_clock(11, "*")
    assert surface.clock == "*11"
    surface.show_clock(1200, "K")
    assert surface.clock == "20m"  # no room for the name's letter: the time comes first


class Frames(Display):
    """A display that keeps every frame it was sent: a window shown for an instant counts."""

    def __init__(self, cells: int) -> None:
        super().__init__(cells)
        self.frames: list[bytes] = []

    def write(self, cells: bytes) -> None:
        super().write(cells)
        self.frames.append(self.shown)


def test_panning_back_into_a_long_line_shows_only_its_last_window() -> None:
    """Issue 39: panning back from the line after a long hint flashed the hint's first window
    before its last one."""
    seat, display = Seat(), Frames(14)
    hint = "Podpowiedź: WKURZONA z twoich płytek: 8 punktów za ruch; napisz: = wkurzona"
    seat.message = [NamedLine("message", text_line(hint, "pl", name="message"))]
    surface = seat.surface(display)
    surface.show([NamedLine("rack", rack_line(list("kotalesz"), "pl"))], None)
    first = display.shown
    while surface.current_line == "message":
        surface.navigate("pan_right")
    display.frames.clear()
    assert surface.navigate("pan_left") == Answer()
    assert surface.current_line == "message" and surface.window == (False, True)
    assert first not in display.frames and len(set(display.frames)) == 1
