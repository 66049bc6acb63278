"""A network seat's news is the one-computer seat's news sent over the wire: every call it
overrides takes exactly the parameters the seat's own takes (a keyword added on one side only
failed every joined student's turn: ``prompt(timed=…)``)."""

from __future__ import annotations

import inspect

from braille_words.net.remote import NEWS_CALLS, RemoteNews
from braille_words.table.seatnews import SeatNews


def test_every_news_call_a_network_seat_sends_takes_what_the_seats_own_takes() -> None:
    overridden = [name for name in NEWS_CALLS | set(vars(RemoteNews))
                  if name in vars(RemoteNews) and callable(getattr(SeatNews, name, None))
                  and not name.startswith("_")]
    assert "prompt" in overridden
    for name in overridden:
        theirs = inspect.signature(getattr(SeatNews, name))
        ours = inspect.signature(getattr(RemoteNews, name))
        assert list(ours.parameters) == list(theirs.parameters), name
        for param, own in theirs.parameters.items():
            assert ours.parameters[param].default == own.default, (name, param)
