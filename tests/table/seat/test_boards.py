"""Boards and the seat's own lines alone (``table.seat.boards``, ``table.seat.lines``)."""

from __future__ import annotations

from braille_words.braille import rack_line, text_line
from braille_words.braille.grid import Grid, make_square
from braille_words.braille.lines import NamedGrid, NamedLine
from braille_words.braille.translator import Mode
from braille_words.table.seat.boards import keep_cursors, next_place, read_along, with_grid
from braille_words.table.seat.lines import item_line, labelled, message_line


def _board(letters: dict[tuple[int, int], str]) -> Grid:
    return Grid.of((make_square(letters.get((r, c)), "pl") for c in range(4)) for r in range(4))


KOT = {(1, 0): "k", (1, 1): "o", (1, 2): "t"}


def test_a_board_drawn_again_keeps_the_seats_cursor_and_reading() -> None:
    seen = _board(KOT).at(1, 2).read_by("column")
    view, grids = keep_cursors([NamedLine("rack", rack_line(["a"], "pl")),
                                NamedGrid("board", _board(KOT))], {"board": seen})
    board = grids["board"]
    assert (board.row, board.column, board.reading) == (1, 2, "column")
    assert isinstance(view[1], NamedGrid) and view[1].grid is board
    moved = board.at(0, 0)
    assert with_grid(view, "board", moved)[1] == NamedGrid("board", moved)


def test_next_word_and_anchor_say_where_they_went() -> None:
    grid, said = next_place(_board(KOT), "next_word", "en")
    assert grid is not None and (grid.row, grid.column) == (1, 0)
    assert said.endswith("KOT, across.")
    grid, said = next_place(_board({}), "next_word", "pl")
    assert grid is None and said == "Na planszy nie ma jeszcze słów."
    anchor, said = next_place(_board(KOT), "next_anchor", "en")
    assert anchor is not None and said.endswith("a free square beside the cards.")


def test_reading_a_row_or_a_column_turns_the_board_that_way() -> None:
    grid, said = read_along(_board(KOT).at(1, 1), "read_column", "en")
    assert grid.reading == "column" and said
    grid, said = read_along(grid, "read_row", "en")
    assert grid.reading == "row" and "O" in said.upper()


def test_the_seats_own_lines() -> None:
    one = message_line("Twój ruch.", "pl", Mode.LITERARY)
    assert one is not None and one.line.cells() == text_line("Twój ruch.", "pl").cells()
    listed = item_line(["pomoc", "dobierz"], "pl", Mode.LITERARY, width=14)
    assert len(listed.cells()) == 28  # each item from the start of its own window
    rack = labelled(NamedLine("rack", rack_line(list("kot"), "pl")), "pl")
    assert rack.cells().endswith(rack_line(list("kot"), "pl").cells())
    assert len(rack.cells()) > len(rack_line(list("kot"), "pl").cells())


def test_a_line_that_says_its_own_name_is_not_named_twice() -> None:
    """Issue 33: "wyniki: Wyniki:" and "słowa: Słowa:" took 8 of 14 cells."""
    from braille_words.braille import Mode, text_line
    from braille_words.braille.lines import NamedLine
    from braille_words.table.seat.lines import labelled

    named = NamedLine("scores", text_line("Wyniki: Ola 3", "pl", Mode.LITERARY, name="scores"))
    bare = NamedLine("scores", text_line("Ola 3", "pl", Mode.LITERARY, name="scores"))
    assert labelled(named, "pl").cells() == named.line.cells()
    assert labelled(bare, "pl").cells().startswith(
        text_line("wyniki:", "pl", Mode.COMPUTER).cells())


def test_a_line_s_name_never_cuts_its_first_word_on_a_narrow_window() -> None:
    """Issue 39 (Alicja at 14 cells, the teapot's seconds taking 4): the name and the first
    word made one segment wider than the 10 cells left, and "Runda" was cut: "wyniki: R",
    "unda 1 z"."""
    from braille_words.braille import Mode, text_line
    from braille_words.braille.lines import NamedLine
    from braille_words.braille.view import Pager
    from braille_words.table.seat.lines import labelled

    scores = NamedLine("scores", text_line("Runda 1 z 3.", "pl", Mode.LITERARY, name="scores"))
    runda = text_line("Runda", "pl", Mode.LITERARY).cells()
    for width in (10, 14, 40):
        pager = Pager(labelled(scores, "pl", width), width)
        windows = [pager.frame().cells]
        while pager.pan_right():
            windows.append(pager.frame().cells)
        assert any(runda in window for window in windows), (width, windows)
    assert labelled(scores, "pl", 14).cells() == labelled(scores, "pl").cells()


def test_a_lines_name_is_in_the_braille_its_reader_reads() -> None:
    """An English reader's "words:" ended in dots 1-5-6, computer braille's colon and UEB's
    "wh" ("wordswh -"); the name is the seat's uncontracted braille, computer braille for a
    seat that reads computer braille."""
    from braille_words.braille import Mode, sentences_in, text_line, to_unicode
    from braille_words.braille.lines import NamedLine
    from braille_words.table.seat.lines import labelled

    words = NamedLine("words", text_line("-", "en", Mode.UNCONTRACTED, name="words"))
    assert to_unicode(labelled(words, "en").cells()).startswith("⠺⠕⠗⠙⠎⠒⠀")
    with sentences_in(Mode.COMPUTER):
        assert to_unicode(labelled(words, "en").cells()).startswith("⠺⠕⠗⠙⠎⠱⠀")
    polish = NamedLine("words", text_line("-", "pl", Mode.UNCONTRACTED, name="words"))
    assert to_unicode(labelled(polish, "pl").cells()).startswith("⠎⠣⠕⠺⠁⠒⠀")
