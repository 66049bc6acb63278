"""Routable lines, panning windows on 12 to 80 cells, cursor and status cells."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.braille import (
    CURSOR_DOTS,
    Line,
    Pager,
    Segment,
    Symbol,
    TileLike,
    letter_cell,
    rack_line,
    symbol_cell,
    text_line,
    tile_cell,
    to_unicode,
    windows,
    words_line,
)
from braille_words.braille.lines import concat, grid_row_line, menu_line
from braille_words.errors import InputError
from braille_words.tiles import Tile

WIDTHS = [12, 14, 20, 40, 80]
# The rulebook's scoring example of Rummikub Słowny and longer words of 7 słów.
TABLE_WORDS = ["szyszka", "oczy", "kat", "wyselekcjonowany", "lumpenproletariat", "źdźbło"]


def test_routing_on_cell_k_of_a_rack_returns_that_tile() -> None:
    rack = [Tile(i, ch) for i, ch in enumerate("szyszk")] + [Tile(6, None)]
    line = rack_line(rack)
    assert to_unicode(line.cells()) == "⠎⠵⠽⠎⠵⠅⠿"
    for k in range(len(rack)):
        assert line.target_at(k) == ("rack", k)
        pager = Pager(line, 12)
        hit = pager.route(k)
        assert hit is not None and hit.target == ("rack", k)
    assert Pager(line, 12).route(7) is None  # blank cell past the rack
    assert line.target_at(99) is None


def test_selected_tiles_get_dot_8() -> None:
    line = rack_line(["k", "o", "t"], selected=[1])
    assert line.cells()[1] == letter_cell("o") | 0x80


@pytest.mark.parametrize("width", WIDTHS)
def test_panning_never_cuts_a_word_that_fits(width: int) -> None:
    line = words_line([list(w) for w in TABLE_WORDS * 3])
    pager = Pager(line, width)
    shown: list[bytes] = []
    while True:
        frame = pager.frame()
        assert len(frame.cells) == width
        assert frame.cells[0] != 0, "a window starts with a blank cell"
        shown.append(frame.cells)
        start, end = pager.window
        for index, seg in enumerate(line.segments):
            s, e = line.span(index)
            if len(seg) <= width and s < end and e > start:
                assert start <= s and e <= end, f"word {index} cut on {width} cells"
        if not pager.pan_right():
            break
    joined = b"".join(f.rstrip(b"\x00") for f in shown)
    assert joined.replace(b"\x00", b"") == line.cells().replace(b"\x00", b"")
    # and back again, window by window, to the first
    count = len(pager.windows)
    for _ in range(count - 1):
        assert pager.pan_left()
    assert pager.at_start and not pager.pan_left()


def test_a_word_wider_than_the_display_is_split_at_the_display_width() -> None:
    line = words_line([list("lumpenproletariat"), list("kat")])
    # The rest of it and kat fit (each word ends with the blank that routes to its end).
    assert windows(line, 12) == ((0, 12), (12, 22))
    pager = Pager(line, 12)
    pager.pan_right()
    hit = pager.route(0)
    assert hit is not None and hit.target == ("word", 0, 12) and hit.offset == 12


def test_routing_on_a_word_names_word_and_letter() -> None:
    line = words_line([list("oczy"), list("kat")])
    assert line.target_at(5) == ("word", 1, 0)
    # The blank after a word routes to its end: a tile put there extends the word.
    assert line.target_at(4) == ("word", 0, 4)
    assert line.target_at(8) == ("word", 1, 3)
    assert line.find(("word", 1, 2)) == 7


def test_cursor_shows_as_dots_7_and_8_and_can_be_toggled() -> None:
    line = rack_line(list("kot"), cursor=1)
    pager = Pager(line, 12)
    assert pager.frame().cells[1] == letter_cell("o") | CURSOR_DOTS
    assert pager.toggle_cursor() is False
    assert pager.frame().cells[1] == letter_cell("o")


def test_window_containing_the_cursor() -> None:
    line = words_line([list(w) for w in TABLE_WORDS], cursor=40)
    pager = Pager(line, 12)
    start, end = pager.window
    assert start <= 40 < end
    pager.home()
    assert pager.to_cursor() and pager.window == (start, end)
    assert not Pager(words_line([["a"]]), 12).to_cursor()


def test_set_line_keeps_the_readers_place() -> None:
    line = words_line([list(w) for w in TABLE_WORDS])
    pager = Pager(line, 12)
    pager.pan_right()
    pager.pan_right()
    first = pager.window[0]
    pager.set_line(words_line([list(w) for w in [*TABLE_WORDS, "nowe"]]))
    assert pager.window[0] == first
    pager.set_line(line.with_cursor(2))
    assert pager.index == 0


def test_status_cells_of_the_model_and_status_in_the_window() -> None:
    line = rack_line(list("kot"), status=b"\x01\x03")
    framed = Pager(line, 12, status_cells=4).frame()
    assert framed.status == b"\x01\x03\x00\x00"
    assert framed.cells[:3] == line.cells()
    inline = Pager(line, 12, status_in_window=2)
    frame = inline.frame()
    assert frame.cells[:3] == b"\x01\x03\x00"
    assert frame.cells[3:6] == line.cells()
    assert inline.text_width == 9
    assert inline.route(0) is None and inline.route(2) is None
    hit = inline.route(4)
    assert hit is not None and hit.target == ("rack", 1)
    with pytest.raises(InputError):
        Pager(line, 3, status_in_window=2)


def test_a_sentence_pans_by_words_and_routes_to_characters() -> None:
    text = "Ułóż najdłuższe słowo z płytek, które masz na stojaku."
    line = text_line(text, "pl")
    pager = Pager(line, 14)
    words: list[str] = []
    while True:
        start, end = pager.window
        targets = [line.target_at(i) for i in range(start, end)]
        chars = sorted({t[1] for t in targets if isinstance(t, tuple)})
        words.append(text[chars[0] : chars[-1] + 1])
        if not pager.pan_right():
            break
    assert words[0] == "Ułóż"  # "Ułóż najdłuższe" would not fit in 14 cells
    assert " ".join(words) == text


def test_menu_items_route_to_their_index() -> None:
    line = menu_line(["Graj", "Pomoc", "Koniec"], cursor_item=1)
    pager = Pager(line, 12)  # "Graj" and "Pomoc" do not fit together: the cursor's window
    first = line.find(("menu", 1))
    assert first is not None and pager.window[0] == first
    assert pager.frame().cells[0] & CURSOR_DOTS == CURSOR_DOTS
    for key in range(12):
        hit = pager.route(key)
        if hit is not None:
            assert hit.target in {("menu", 0), ("menu", 1), ("menu", 2)}


def test_segment_with_wrong_number_of_targets_is_refused() -> None:
    with pytest.raises(InputError):
        Segment.per_cell(b"\x01\x02", [1])
    with pytest.raises(InputError):
        Line([Segment(b"\x01")], cursor=1)
    with pytest.raises(InputError):
        windows(Line([]), 0)
    assert windows(Line([]), 12) == ((0, 0),)
    assert Pager(Line([]), 12).frame().cells == bytes(12)


segments_strategy = st.lists(
    st.builds(
        lambda n, t: Segment(bytes(range(1, n + 1)), t),
        st.integers(0, 100),
        st.none() | st.integers(0, 5),
    )
    | st.builds(lambda n: Segment.gap(bytes(n)), st.integers(1, 3)),
    max_size=30,
)


@given(segments_strategy, st.integers(1, 90))
def test_windows_cover_every_cell_once_and_keep_short_segments_whole(
    segments: list[Segment], width: int
) -> None:
    line = Line(segments)
    wins = windows(line, width)
    # a partition of the line, in order, no window wider than the display
    assert wins[0][0] == 0 and wins[-1][1] == len(line)
    for (_, e1), (s2, _) in itertools.pairwise(wins):
        assert e1 == s2
    cells = line.cells()
    for s, e in wins:
        assert e > s or len(line) == 0
        # a window is no wider than the display but for blank separators past its edge
        for cell in range(s + width, e):
            assert line.segments[line.segment_index_at(cell)].is_blank_gap
            assert cells[cell] == 0
    for s, _ in wins[1:]:
        assert not line.segments[line.segment_index_at(s)].is_blank_gap, "window starts blank"
    starts = {s for s, _ in wins}
    for index, seg in enumerate(line.segments):
        s, e = line.span(index)
        if 0 < len(seg) <= width:
            assert any(ws <= s and e <= we for ws, we in wins), "a short segment was cut"
        else:
            # a long segment is cut only at multiples of the width from its start
            for cut in starts:
                if s < cut < e:
                    assert (cut - s) % width == 0


@given(segments_strategy, st.integers(12, 80), st.data())
def test_routing_matches_the_line_under_every_key(
    segments: list[Segment], width: int, data: st.DataObject
) -> None:
    line = Line(segments)
    pager = Pager(line, width)
    for _ in range(data.draw(st.integers(0, 5))):
        pager.pan_right()
    start, end = pager.window
    for key in range(width):
        expected = line.locate(start + key) if start + key < end else None
        assert pager.route(key) == expected


def test_a_hand_of_letter_and_premium_cards_is_one_cell_per_card() -> None:
    hand: list[TileLike] = ["k", Symbol.DOUBLE_WORD, "o", Symbol.CONDITIONAL, None, "t"]
    hand.append(Symbol.TRIPLE_WORD)
    line = rack_line(hand, name="hand")
    assert to_unicode(line.cells()) == "⠅⠘⠕⠜⠿⠞⠸"
    assert line.target_at(3) == ("hand", 3)


def test_a_grid_row_shows_empty_squares_and_routes_to_squares() -> None:
    row = [None, None, tile_cell("k"), tile_cell(None, stands_for="o"), tile_cell("t"), None]
    line = grid_row_line(row, 7, cursor_column=3)
    assert to_unicode(line.cells()) == "⠄⠄⠅⡕⠞⠄"
    assert line.target_at(0) == ("square", 7, 0)
    assert line.target_at(3) == ("square", 7, 3)
    assert Pager(line, 12).frame().cells[3] == letter_cell("o") | CURSOR_DOTS


def test_concat_joins_parts_with_a_section_separator_and_moves_the_cursor() -> None:
    dash = bytes([symbol_cell(Symbol.SECTION_SEPARATOR)])
    whole = concat([rack_line(list("kot")), words_line([list("dom")], cursor=1)], dash)
    assert to_unicode(whole.cells()) == "⠅⠕⠞⠤⠙⠕⠍⠀"  # the blank after a word routes to its end
    assert whole.cursor == 5
    assert whole.target_at(3) is None
    assert whole.target_at(4) == ("word", 0, 0)
