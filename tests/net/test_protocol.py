"""Every frame a client may send is either one of the protocol's messages, checked field by
field, or a ``ProtocolError`` — never another exception (the host would fail on it) and never
a message naming a seat."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from braille_words.net import protocol
from braille_words.net.protocol import (
    Bye,
    Hello,
    Key,
    Line,
    ProtocolError,
    Screen,
    Typing,
    parse_client,
)

_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text()
_json: Any = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
_fields = st.sampled_from(["t", "v", "code", "token", "lang", "verbosity", "cells",
                           "status_cells", "hears", "text", "name", "arg", "busy", "seat",
                           "cells", "line", "heard"])
_messages = st.dictionaries(_fields, _scalars | st.lists(_scalars, max_size=10) | st.sampled_from(
    ["hello", "line", "key", "typing", "bye", "screen", "pl", "en", "expert", "00ff", "2a"]),
    max_size=9)
_KNOWN = Hello | Line | Key | Typing | Bye | Screen | ProtocolError


def _outcome(raw: str | bytes) -> object:
    try:
        return parse_client(raw)
    except ProtocolError as exc:
        return exc


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(_messages)
def test_a_message_object_is_a_known_message_or_a_protocol_error(data: dict[str, Any]) -> None:
    got = _outcome(json.dumps(data))
    assert isinstance(got, _KNOWN)
    if "seat" in data:
        assert isinstance(got, ProtocolError)  # no message names a seat
    if isinstance(got, Line):
        assert data["t"] == "line" and len(got.text) <= protocol.MAX_LINE
    if isinstance(got, Key):
        assert got.arg is None or 0 <= got.arg < 256
    if isinstance(got, Screen):
        assert len(got.cells) <= protocol.MAX_CELLS and len(got.heard) <= protocol.HEARD_MOST
        assert all(len(s) <= protocol.MAX_HEARD for s in got.heard)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_json | st.binary(max_size=200) | st.text(max_size=200))
def test_any_frame_at_all_is_parsed_or_refused_with_a_protocol_error(raw: Any) -> None:
    frame = raw if isinstance(raw, str | bytes) else json.dumps(raw)
    assert isinstance(_outcome(frame), _KNOWN)


def test_the_hello_a_client_sends_is_read_back_as_it_was_meant() -> None:
    hello = parse_client(protocol.hello("482 915", lang="en", verbosity="expert", cells=40,
                                        status_cells=4, hears=False))
    assert hello == Hello(protocol.VERSION, "482915", "", "en", "expert", 40, 4, False)


def test_a_frame_over_64_kib_is_refused_before_it_is_read() -> None:
    frame = json.dumps({"t": "line", "text": "a" * protocol.MAX_MESSAGE})
    got = _outcome(frame)
    assert isinstance(got, ProtocolError) and got.code == "too_big"


def test_a_screen_report_is_read_back_as_sent_its_long_sentences_cut_and_its_latest_kept() -> None:
    heard = [f"zdanie {n}" for n in range(12)] + ["ą" * (protocol.MAX_HEARD + 50)]
    got = parse_client(protocol.dump(protocol.screen(bytes(range(40)), "rack", heard)))
    assert isinstance(got, Screen)
    assert got.cells == bytes(range(40)) and got.line == "rack"
    assert len(got.heard) == protocol.HEARD_MOST and got.heard[-1].endswith("…")
    assert got.heard[:-1] == tuple(heard[-protocol.HEARD_MOST:-1])
    assert len(got.heard[-1]) == protocol.MAX_HEARD


def test_a_typed_line_is_read_or_refused_as_every_other_message_is() -> None:
    """The line, nearly all a student sends, is checked on a short way (issue 36): what it
    lets through and what it refuses, with which code, is what the full check says."""
    assert parse_client('{"t":"line","text":"dobierz"}') == Line("dobierz")
    assert parse_client('{"text":"ź","t":"line"}') == Line("ź")
    refused = {
        json.dumps({"t": "line", "text": "a" * (protocol.MAX_LINE + 1)}): "too_big",
        json.dumps({"t": "line", "text": 5}): "bad_field",
        json.dumps({"t": "line", "text": None}): "bad_field",
        json.dumps({"t": "line", "seat": "dobierz"}): "unknown_field",
        json.dumps({"t": "line", "text": "a", "seat": 1}): "unknown_field",
        json.dumps({"t": "lines", "text": "a"}): "unknown_type",
        json.dumps({"t": "line"}): "missing_field",
        json.dumps(["line", "text"]): "not_json",
    }
    for frame, code in refused.items():
        got = _outcome(frame)
        assert isinstance(got, ProtocolError) and got.code == code, frame
