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
from braille_words.net.view_delta import Views
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import parse_players

DUMPED: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}


class _Link:
    """A connection that keeps what it was sent, each view made whole as the student's
    computer makes it (a view after the first goes as what changed: ``view_delta``)."""

    def __init__(self, words_here: bool = False) -> None:
        self.words_here = words_here
        self.sent: list[dict[str, Any]] = []
        self._views = Views()

    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(json.dumps(message))

    def send_frame(self, frame: str) -> None:
        message = json.loads(frame)
        self._views.take(message)
        self.sent.append(message)

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


def test_one_encoder_built_once_writes_what_json_dumps_writes() -> None:
    from braille_words.json_text import encoder

    values: list[Any] = [0, -0.0, 1.5, 1e100, float("inf"), None, True, "żółw\n\"\x00\u2028",
                         [1, (2, "ą")], {"b": 1, "a": [{"z": None}]}, {1: 2, 2.5: "x"}]
    compact, spaced, loose = encoder(), encoder(compact=False, sort_keys=True), \
        encoder(default=str)
    for value in values:
        assert compact(value) == json.dumps(value, **DUMPED)
        assert spaced(value) == json.dumps(value, ensure_ascii=False, sort_keys=True)
    with pytest.raises(TypeError):
        compact({"a": object()})
    odd = object()
    assert loose({"a": odd}) == json.dumps({"a": odd}, default=str, **DUMPED)


def test_a_seats_next_view_keeps_the_text_of_the_parts_it_holds_unchanged() -> None:
    """A rack the move did not touch is the very object the last view held: its text is
    kept; a part that is a new object is made anew. Whatever is kept, the text reads back
    as the view it was made of."""
    seat = frames.SeatViews()
    rack = [[n, "ą"] for n in range(frames.BIG)]
    options = {f"o{n}": n for n in range(frames.BIG)}
    first = {"seat": 0, "rack": rack, "options": options, "bank": 20}
    second = {"seat": 0, "rack": rack, "options": options, "bank": 19}
    third = {"seat": 0, "rack": [*rack, [99, "z"]], "options": options, "bank": 18}
    for view in (first, second, third, {"rack": rack}, {"seat": 0}, [1, 2]):
        made = seat.text(view)
        assert made is not None and json.loads(made) == view
        assert seat.text(view) is made  # the same view: the same text
    assert seat.text({"seat": 0, "rack": [object()] * frames.BIG}) is None


def test_a_seat_is_never_given_a_part_of_another_seats_view(tmp_path: Any, polish: Any) -> None:
    """Each seat's texts are made of its own views only, move after move, though the game
    shares every unchanged part between a seat's views."""
    session = new_session(find_game("rummikub"), parse_players("human,human,human", "pl"),
                          seed=4, lexicon=polish, journal_path=tmp_path / "t.jsonl")
    seats = [frames.SeatViews() for _ in range(3)]
    for _ in range(7):
        before = [session.view_of(s) for s in range(3)]
        session.handle(min(session.state.awaiting), "dobierz")
        for s, views in enumerate(seats):
            view = session.view_of(s)
            made = views.text(view)
            assert made is not None and json.loads(made) == json.loads(json.dumps(view))
            if s not in before[s]["awaiting"]:  # a rack its own move did not touch
                assert view["rack"] is before[s]["rack"]
    session.close()


def test_an_announcements_events_are_each_events_own_text_in_order() -> None:
    """Looked up together (every seat of a table is told the same events), each event is
    still its own text: new or kept, public or one seat's."""
    events = [Event("passed", {"name": "Ala"}), Event("tiles_received", {"letters": ["Ź"]}, 0),
              Event("odd", {"what": object()})]
    for _ in range(2):  # made, then kept
        assert json.loads(f"[{frames.events_text(events)}]") == \
            [json.loads(frames.event_text(e)) for e in events]
    assert json.loads(f"[{frames.events_text(events)}]")[1] == events[1].to_json()
    assert frames.events_text([]) == ""


def test_an_announcements_names_are_their_own_list_however_alike() -> None:
    first, second = ["Ala", "Bartek"], ["Ala", "Celina"]
    assert json.loads(frames.names_text(first)) == first
    assert json.loads(frames.names_text(second)) == second
    assert frames.names_text(first) == frames.names_text(first)
