"""The table's shared vote and reaction window: the rules every game's vote follows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille_words.games.base import RuleViolation
from braille_words.games.votes import ReactionWindow, TableVote, is_close, parse_ballot


def test_the_seat_voted_on_has_no_vote() -> None:
    vote = TableVote.on(1, ["kot"], 3)
    assert vote.awaiting == {0, 2}
    with pytest.raises(RuleViolation) as caught:
        vote.cast(1, True)
    assert caught.value.reasons[0].code == "own_vote"


def test_nobody_votes_twice() -> None:
    vote = TableVote.on(0, ["kot"], 3).cast(1, False)
    with pytest.raises(RuleViolation) as caught:
        vote.cast(1, True)
    assert caught.value.reasons[0].code == "already_voted"


@given(st.lists(st.booleans(), min_size=0, max_size=7))
def test_a_move_stands_unless_more_reject_than_accept(ballots: list[bool]) -> None:
    vote = TableVote.on(0, ["kot"], len(ballots) + 1)
    for seat, accept in enumerate(ballots, start=1):
        vote = vote.cast(seat, accept)
    assert vote.complete
    assert vote.accepted() == (ballots.count(True) >= ballots.count(False))
    assert TableVote.from_json(vote.to_json()) == vote


def test_a_vote_saved_before_voters_were_named_counts_every_other_seat() -> None:
    old = {"seat": 1, "words": ["kot"], "ballots": [[0, True]]}
    assert TableVote.from_json(old, players=3).awaiting == {2}


def test_votes_are_said_in_both_languages() -> None:
    assert parse_ballot("Tak") is True and parse_ballot("no") is False
    assert parse_ballot("t") is None  # a lone letter is another command's
    assert is_close("zamknij  głosowanie") and is_close("close vote")


def test_a_reaction_window_closes_when_everyone_has_answered() -> None:
    window = ReactionWindow.after(2, 4)
    assert window.may_react(0) and not window.may_react(2)
    window = window.pass_(0).pass_(1)
    assert window.awaiting == {3}
    with pytest.raises(RuleViolation):
        window.pass_(0)
    assert window.close().closed
    assert ReactionWindow.from_json(window.to_json()) == window
