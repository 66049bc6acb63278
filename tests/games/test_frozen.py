"""A state made anew with a few fields changed is what ``dataclasses.replace`` makes."""

from __future__ import annotations

import dataclasses
from functools import cached_property

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.games.frozen import replaced


@dataclasses.dataclass(frozen=True)
class _State:
    bank: tuple[str, ...]
    passes: int = 0
    names: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    @cached_property
    def size(self) -> int:
        return len(self.bank)


@dataclasses.dataclass(frozen=True)
class _Checked:
    passes: int

    def __post_init__(self) -> None:
        if self.passes < 0:
            raise ValueError("passes below zero")


@given(st.lists(st.text(max_size=2), max_size=5), st.integers(0, 9), st.integers(0, 9))
def test_a_replaced_state_equals_what_dataclasses_replace_makes(
    bank: list[str], passes: int, new_passes: int
) -> None:
    state = _State(tuple(bank), passes, ("Ola",))
    assert state.size == len(bank)  # cached on the old state
    made = replaced(state, passes=new_passes, bank=("a",))
    assert made == dataclasses.replace(state, passes=new_passes, bank=("a",))
    assert made.size == 1  # the old state's cache is not carried over
    assert state.passes == passes  # the old state is as it was


def test_an_unknown_field_is_refused_as_replace_refuses_it() -> None:
    with pytest.raises(TypeError):
        replaced(_State(()), turns=3)


def test_a_state_that_checks_itself_is_still_checked() -> None:
    with pytest.raises(ValueError):
        replaced(_Checked(1), passes=-1)


def test_rummikub_states_are_replaced_by_field_copy() -> None:
    from braille_words.games.frozen import _fields
    from braille_words.games.word_rummikub.rules import State

    assert _fields(State) is not None  # the fast path holds for the game that needs it
