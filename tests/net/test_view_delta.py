"""A seat's view goes to its connection whole once, then as what changed (protocol 4, issue 36:
the host's cost per command): the student's computer, applying each delta to the view it
holds, has exactly the view the table made for its seat; a new connection starts whole again;
and nothing in a delta comes from any view but the seat's own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.net import view_delta
from braille_words.net.codes import SeatKeys
from braille_words.net.host import Host, HostedTable
from braille_words.net.protocol import VERSION, Hello
from braille_words.net.students import Presented
from braille_words.table.launch import new_session
from braille_words.table.seats import parse_players


class _Link:
    """A connection that keeps the frames it was handed, as they went on the wire."""

    words_here = False

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.frames.append(json.loads(json.dumps(message)))

    def send_frame(self, frame: str) -> None:
        self.frames.append(json.loads(frame))

    def close(self, reason: str) -> None:
        pass


def _hello() -> Hello:
    return Hello(VERSION, "", "", "pl", "beginner", 40, 0, True)


def _table(tmp_path: Any, polish: Any, seats: int = 3) -> tuple[Any, HostedTable]:
    session = new_session(find_game("rummikub"), parse_players(",".join(["remote"] * seats), "pl"),
                          seed=4, lexicon=polish, journal_path=tmp_path / "t.jsonl")
    session.timers = False
    table = HostedTable(1, session, SeatKeys())
    Host([table])  # gives the table its network seats
    return session, table


def _join(table: HostedTable, seat: int) -> _Link:
    link = _Link()
    remote = table.remotes[seat]
    remote.claim(link)
    remote.arrive(link, _hello())
    return link


def _wire_view(message: dict[str, Any]) -> dict[str, Any] | None:
    """What carries the view in ``message`` (None: no view, as a clock's news may have)."""
    holder = message if message.get("t") == "view" else message.get("args")
    if not isinstance(holder, dict) or (holder.get("view") is None and "delta" not in holder):
        return None
    return holder


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize(("old", "new"), [
    ({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2, 3]}),
    ({"a": 1, "b": 2}, {"a": 1}),
    ({"a": 1}, {"b": 1}),
    ({"flag": 1}, {"flag": True}),  # equal in Python, not in JSON
    ({"n": 2}, {"n": 2.0}),
    ({"a": None}, {"a": None}),
    ({}, {"x": {"y": [1]}}),
])
def test_a_delta_applied_to_the_view_before_gives_the_new_view(old: dict[str, Any],
                                                               new: dict[str, Any]) -> None:
    delta = _plain(view_delta.diff(old, new))
    made = view_delta.apply(_plain(old), delta)
    assert json.dumps(made, sort_keys=True) == json.dumps(new, sort_keys=True)
    assert view_delta.apply(old, {"set": {}}) == old  # nothing changed: the same view


def test_a_delta_with_no_view_before_it_is_refused_not_guessed() -> None:
    with pytest.raises(view_delta.DeltaError):
        view_delta.apply(None, {"set": {"bank": 3}})
    views = view_delta.Views()
    with pytest.raises(view_delta.DeltaError):
        views.take({"t": "view", "delta": {"set": {}}})


def test_each_seat_holds_exactly_its_own_view_move_after_move(tmp_path: Any,
                                                              polish: Any) -> None:
    session, table = _table(tmp_path, polish)
    links = [_join(table, seat) for seat in range(3)]
    held = [view_delta.Views() for _ in links]
    read = [0, 0, 0]
    whole = [0, 0, 0]
    deltas = 0
    for _ in range(8):
        seat = min(session.state.awaiting)
        session.handle(seat, "stojak")
        session.handle(seat, "dobierz")
        for number, link in enumerate(links):
            for message in link.frames[read[number]:]:
                carried = _wire_view(message)
                if carried is not None:
                    whole[number] += "view" in carried
                    deltas += "delta" in carried
                    if "delta" in carried:  # only the seat's own view's fields, as they are
                        own = _plain(session.view_of(number))
                        assert set(carried["delta"]["set"]) <= set(own)
                held[number].take(message)
            read[number] = len(link.frames)
            assert held[number].last == _plain(session.view_of(number))
    assert whole == [1, 1, 1]  # the first view on each connection, then only deltas
    assert deltas > 3 * 8
    session.close()


def test_another_seats_rack_never_reaches_a_seat_in_a_delta(tmp_path: Any, polish: Any) -> None:
    session, table = _table(tmp_path, polish)
    links = [_join(table, seat) for seat in range(3)]
    others_tiles: set[int] = set()
    for _ in range(9):
        seat = min(session.state.awaiting)
        session.handle(seat, "dobierz")
        for other in (1, 2):
            others_tiles |= {tile[0] for tile in session.view_of(other)["rack"]}
    own_tiles: set[int] = set()
    for _ in range(1):
        own_tiles |= {tile[0] for tile in session.view_of(0)["rack"]}
    sent_racks = [m.get("delta", m.get("args", {}).get("delta", {})).get("set", {}).get("rack")
                  for m in links[0].frames]
    seen = {tile[0] for rack in sent_racks if rack for tile in rack}
    assert seen and not seen & (others_tiles - own_tiles)
    session.close()


def test_a_seat_back_on_a_new_connection_gets_its_whole_view_first(tmp_path: Any,
                                                                   polish: Any) -> None:
    session, table = _table(tmp_path, polish, seats=2)
    first = _join(table, 0)
    _join(table, 1)
    session.handle(min(session.state.awaiting), "dobierz")
    remote = table.remotes[0]
    remote.release(first)
    remote.leave(first)
    session.handle(min(session.state.awaiting), "dobierz")  # while the seat is away
    again = _join(table, 0)
    carried = [c for c in map(_wire_view, again.frames) if c is not None]
    assert carried and "view" in carried[0]
    assert carried[0]["view"] == _plain(session.view_of(0))
    # The student's computer: a new connection's welcome forgets the view it held.
    screen = Presented([], "pl").screen
    screen.views.last = {"stale": True}
    screen.welcome({"t": "welcome", "game_id": "rummikub", "table": 1, "name": "Ala"})
    assert screen.views.last is None
    session.close()


def test_the_same_view_again_goes_as_an_empty_delta(tmp_path: Any, polish: Any) -> None:
    """The rack read out before a move carries the view the move before was announced with:
    nothing of it is sent again."""
    session, table = _table(tmp_path, polish, seats=2)
    link = _join(table, 0)
    _join(table, 1)
    if 0 not in session.state.awaiting:
        session.handle(1, "dobierz")
    before = len(link.frames)
    session.handle(0, "stojak")
    read = [m for m in link.frames[before:] if m.get("do") == "read"]
    assert read and read[0]["args"]["delta"] == {"set": {}}
    session.close()


def test_one_positions_views_share_the_public_parts_and_keep_each_rack_apart(
        tmp_path: Any, polish: Any) -> None:
    """Rummikub makes what every seat sees once per position: each seat's view still holds
    its own rack and nobody else's, and reads as a view made from nothing."""
    session, _ = _table(tmp_path, polish)
    session.handle(min(session.state.awaiting), "dobierz")
    state = session.state
    views = [state.view_for(seat) for seat in range(3)]
    assert views[0]["rack_sizes"] is views[1]["rack_sizes"]  # made once
    for seat, view in enumerate(views):
        assert view["seat"] == seat
        assert [tile[0] for tile in view["rack"]] == [t.id for t in state.racks[seat]]
        fresh = type(state)(**{f: getattr(state, f) for f in state.__dataclass_fields__})
        assert _plain(fresh.view_for(seat)) == _plain(view)
    session.close()
