"""A connection's frames (``net.link.Link``): those handed over in one turn of the loop are
written together, once the turn is over; none overtakes a frame the host's writer still
holds; a close comes after everything handed over before it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from braille_words.net import wire
from braille_words.net.link import Link


class _Transport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0


class _Ws:
    compress = 0
    closed = False


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """A loop of the test's own, closed after it."""
    made = asyncio.new_event_loop()
    yield made
    made.close()


def _link(loop: asyncio.AbstractEventLoop) -> tuple[Link, _Transport]:
    link = Link(_Ws(), loop, "127.0.0.1")  # type: ignore[arg-type]
    transport = _Transport()
    link.transport = transport  # type: ignore[assignment]
    return link, transport


def _queued(link: Link) -> list[Any]:
    got = []
    while not link.queue.empty():
        got.append(link.queue.get_nowait())
    return got


def test_frames_handed_over_in_one_turn_are_written_together_after_it(
    loop: asyncio.AbstractEventLoop,
) -> None:
    link, transport = _link(loop)

    async def turn() -> None:
        link._put("a")
        link._put("b")
        assert transport.writes == []  # nothing before the turn is over
        await asyncio.sleep(0)

    loop.run_until_complete(turn())
    assert transport.writes == [wire.frame("a") + wire.frame("b")]
    assert _queued(link) == []


def test_frames_wait_behind_those_the_writer_still_sends(loop: asyncio.AbstractEventLoop) -> None:
    link, transport = _link(loop)
    link.writing = True

    async def turn() -> None:
        link._put("later")
        await asyncio.sleep(0)

    loop.run_until_complete(turn())
    assert transport.writes == []
    assert _queued(link) == ["later"]


def test_a_close_comes_after_what_was_handed_over_before_it(
    loop: asyncio.AbstractEventLoop,
) -> None:
    link, transport = _link(loop)

    async def turn() -> None:
        link._put("news")
        link._close_now("net_closed_host")
        link._put("too late")
        await asyncio.sleep(0)

    loop.run_until_complete(turn())
    assert transport.writes == [wire.frame("news")]
    queued = _queued(link)
    assert '"closed"' in queued[0] and queued[1] is None  # the writer stops at None
    assert queued[2:] == ["too late"]  # behind the end: never sent
    assert transport.writes == [wire.frame("news")]
