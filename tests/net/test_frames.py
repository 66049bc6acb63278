"""What a table sends its network seats is made into JSON once (``net.frames``), and a
seat's computer is not told what it already did itself (issue 36: the host's cost per
command): the text is what ``json.dumps`` makes, reused only for the very object it was made
of, and a seat's view reaches that seat only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from braille_words.games.base import Event
from braille_words.games.registry import find_game
from braille_words.net import frames
from braille_words.net.protocol import VERSION, Hello
from braille_words.net.remote import RemoteSeat
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import parse_players

DUMPED: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}


class _Link:
    def __init__(self, words_here: bool = False) -> None:
        self.words_here = words_here
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(json.dumps(message)))

    def send_frame(self, frame: str) -> None:
        self.sent.append(json.loads(frame))

    def close(self, reason: str) -> None:
        pass


def _seat(link: _Link) -> RemoteSeat:
    out = SeatOutput(name="Ala", lang="pl", verbosity="beginner")
    remote = RemoteSeat(0, out, find_game("rummikub"), lambda call: call(), lambda s: None,
                        lambda news: None, lambda news: None, joined_before=True)
    remote.claim(link)
    remote.arrive(link, Hello(VERSION, "", "", "pl", "beginner", 40, 0, True))
    link.sent.clear()
    return remote


def test_a_view_is_sent_as_json_writes_it_and_one_that_is_not_plain_data_is_not_sent() -> None:
    view = {"seat": 1, "rack": [(3, "ź"), (4, None)], "ok": True, "left": 2.5}
    assert frames.view_text(view) == json.dumps(view, **DUMPED)
    assert frames.view_text(view) == json.dumps(view, **DUMPED)  # made once, the same
    assert frames.view_text({"seat": 0, "odd": object()}) is None
    event = Event("tiles_drawn", {"name": "Ala", "count": 1})
    assert json.loads(frames.event_text(event)) == event.to_json()


def test_a_made_text_belongs_to_its_own_object_only() -> None:
    """Two seats' views are two objects: the second is never sent as the first's text,
    however alike they are; an event's text is its own event's, however many are made."""
    link = _Link()
    remote = _seat(link)
    mine = {"seat": 0, "rack": [[1, "a"]]}
    again = {"seat": 0, "rack": [[2, "b"]]}  # the next position: a new view
    remote.news.prompt(mine)
    remote.news.prompt(mine)
    remote.news.prompt(again)
    assert [m["args"]["view"]["rack"] for m in link.sent] == [[[1, "a"]], [[1, "a"]],
                                                              [[2, "b"]]]
    first = Event("passed", {"name": "Ala"})
    assert json.loads(frames.event_text(first))["params"] == {"name": "Ala"}
    for number in range(frames.KEPT + 10):  # more than are kept: older texts are let go
        frames.event_text(Event("passed", {"name": f"gracz {number}"}))
    assert json.loads(frames.event_text(first))["params"] == {"name": "Ala"}


def test_the_news_sent_with_a_view_is_the_data_it_was_made_of() -> None:
    link = _Link()
    remote = _seat(link)
    view = {"seat": 0, "rack": [[7, "ł"]], "awaiting": [0]}
    events = [Event("passed", {"name": "Bartek"}), Event("tiles_received", {"tiles": ["ł"]}, 0)]
    remote.news.told(events, view, names=["Ala", "Bartek"], mine=True, awaited=True, left=None)
    remote.news.prompt(view, turn=True)
    told, prompt = link.sent
    assert told == {"t": "view", "view": view, "awaited": True, "over": False,
                    "events": [e.to_json() for e in events], "names": ["Ala", "Bartek"],
                    "urgent": False, "speaks": True, "mine": True, "left": None}
    assert prompt == {"t": "news", "do": "prompt",
                      "args": {"view": view, "turn": True, "timed": True}}


@pytest.mark.parametrize("page", [False, True])
def test_a_students_computer_is_not_told_to_hush_for_the_line_it_typed_but_a_page_is(
        page: bool) -> None:
    """A student's computer stops its own speech as the line is typed (``join``); a page
    is told, as its voice is the browser's."""
    link = _Link(words_here=page)
    remote = _seat(link)
    remote.news.key_pressed()
    assert [m["t"] for m in link.sent] == (["stop"] if page else [])


def test_a_seats_view_is_made_once_a_position_and_is_its_own(tmp_path: Any, polish: Any,
                                                            monkeypatch: Any) -> None:
    session = new_session(find_game("rummikub"), parse_players("human,human", "pl"), seed=4,
                          lexicon=polish, journal_path=tmp_path / "t.jsonl")
    made: list[int] = []
    state_type = type(session.state)
    view_for = state_type.view_for

    def counted(state: Any, seat: int) -> Any:
        made.append(seat)
        return view_for(state, seat)

    monkeypatch.setattr(state_type, "view_for", counted)
    session.handle(min(session.state.awaiting), "dobierz")  # a new position, announced
    assert sorted(made) == [0, 1]  # each seat's view made once for all that was sent
    first = session.view_of(0)
    assert session.view_of(0) is first and first["seat"] == 0
    assert session.view_of(1)["seat"] == 1 and session.view_of(1)["rack"] != first["rack"]
    assert sorted(made) == [0, 1]
    seat = min(session.state.awaiting)
    assert session.play(seat, session.kit.commands.parse("dobierz", session.view_of(seat)))
    assert session.view_of(0) is not first and made.count(0) == 2
    session.close()
