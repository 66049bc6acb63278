"""The seat's input alone (``table.seat.keys``): keys in, steps out; no display, no table."""

from __future__ import annotations

from typing import Any

from braille_words.braille import word_cells
from braille_words.table.seat.keys import SeatKeys, Step


def _typed(keys: SeatKeys, word: str) -> list[Step]:
    steps: list[Step] = []
    for cell in word_cells(word, "pl"):
        steps += keys.press("braille_chord", cell)
    return steps


def test_moving_keys_become_moves_and_jumps() -> None:
    keys = SeatKeys("pl")
    assert keys.press("pan_right") == [Step("move", "pan_right")]
    assert keys.press("row_down") == [Step("grid", "row_down")]
    assert keys.press("jump_rack") == [Step("jump", ("rack", "cards"))]
    assert keys.press("route", 3) == [Step("route", 3)]
    assert keys.press("route") == []  # a routing key without its number does nothing
    assert keys.press("repeat") == [Step("send", "repeat")]


def test_chords_type_a_line_and_enter_sends_it() -> None:
    keys = SeatKeys("pl")
    assert _typed(keys, "kot") == [Step("typed")] * 3
    assert keys.left_over() == "kot"
    assert keys.press("enter") == [Step("typed"), Step("send", "kot")]
    assert keys.left_over() == "" and keys.press("enter") == [Step("send", "")]


def test_one_chord_is_the_whole_line_when_the_pick_waits_for_a_letter() -> None:
    keys = SeatKeys("pl")
    keys.selection = ("joker", 0)
    keys.wants_letter = lambda selection: selection == ("joker", 0)
    steps = _typed(keys, "a")
    assert steps == [Step("typed"), Step("typed"), Step("send", "a")]


def test_cancel_takes_back_letters_then_the_pick_then_asks_the_game() -> None:
    keys = SeatKeys("pl")
    _typed(keys, "ko")
    assert keys.press("cancel") == [Step("typed"), Step("words", "typed_cleared")]
    keys.selection = ("rack", 1)
    assert keys.press("cancel") == [Step("redraw"),
                                    Step("words", "pick_dropped", keep_place=True)]
    assert keys.press("cancel") == [Step("edge"),
                                    Step("words", "nothing_to_cancel", keep_place=True)]
    keys.cancel_line = lambda lang: "cofnij" if lang == "pl" else "undo"
    assert keys.press("cancel") == [Step("send", "cofnij")]


def test_a_routed_target_picks_then_places_through_the_router() -> None:
    keys = SeatKeys("pl")

    def router(target: Any, selection: Any) -> tuple[Any, str | None]:
        if selection is None:
            return target, None
        return None, f"połóż {selection[1] + 1} {target[1] + 1}"

    assert keys.routed(("rack", 2)) == []  # no router: a routing key means nothing
    keys.router = router
    assert keys.routed(("rack", 2)) == [Step("redraw"), Step("cue", "picked")]
    assert keys.selection == ("rack", 2)
    assert keys.routed(("table", 0)) == [Step("redraw"), Step("send", "połóż 3 1")]
    keys.router = lambda target, selection: (None, None)
    keys.selection = ("rack", 0)
    assert keys.routed(("rack", 0)) == [Step("redraw"),
                                        Step("catalogue", "pick_dropped", keep_place=True)]


def test_a_pick_kept_by_the_router_answers_in_place() -> None:
    keys = SeatKeys("pl")
    keys.router = lambda target, selection: (target, "czytaj")
    assert keys.routed(("rack", 1)) == [Step("redraw"), Step("keep_place"),
                                        Step("send", "czytaj")]


def test_a_chord_past_a_full_line_is_refused_and_another_language_types_anew() -> None:
    keys = SeatKeys("pl")
    for _ in range(keys.typing.max_cells):
        keys.press("space")
    refused = keys.press("braille_chord", 1)
    assert [step.kind for step in refused] == ["refused"] and "full" in refused[0].arg
    keys.relearn("en")
    assert keys.lang == "en" and keys.left_over() == ""
