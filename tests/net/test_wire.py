"""Several messages written to one connection at once (``net.wire``): the client reads each as
a message of its own, whole and in order, whatever its length (the three header forms of
RFC 6455); a connection that negotiated compression is left to aiohttp."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web

from braille_words.net import wire

TEXTS = ["krótka", "ż" * 200, '{"t":"view","rack":"' + "ą" * 40_000 + '"}']
"""Short (a 1-byte length), over 125 bytes (2 bytes), over 65 535 bytes (8 bytes)."""


async def _exchange(compress: int) -> tuple[list[str], list[bool]]:
    written: list[bool] = []

    async def handler(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        done = wire.write_texts(ws, request.transport, TEXTS)
        written.append(done)
        if not done:
            for each in TEXTS:
                await ws.send_str(each)
        await ws.receive()  # until the client closes
        return ws

    app = web.Application()
    app.router.add_get("/ws", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    got: list[str] = []
    try:
        async with aiohttp.ClientSession() as http, \
                http.ws_connect(f"ws://127.0.0.1:{port}/ws", compress=compress,
                                max_msg_size=0) as ws:
            for _ in TEXTS:
                message = await asyncio.wait_for(ws.receive(), 10)
                assert message.type == aiohttp.WSMsgType.TEXT
                got.append(message.data)
    finally:
        await runner.cleanup()
    return got, written


def test_messages_written_together_arrive_as_separate_whole_messages_in_order() -> None:
    got, written = asyncio.run(_exchange(compress=0))
    assert written == [True]
    assert got == TEXTS


def test_a_compressed_connection_is_left_to_aiohttp() -> None:
    got, written = asyncio.run(_exchange(compress=15))
    assert written == [False]
    assert got == TEXTS
