"""Text messages onto a WebSocket's connection, several in one write.

A move's news reaches most seats as more than one message at once (the seat whose turn comes
next: the move's view and its prompt), and at a school's host each message written alone was
a system call of its own, the biggest part of what the network's loop spent on a move. Here
the messages waiting for one connection are framed as RFC 6455 says (a final text frame,
unmasked: a server never masks) and handed to the connection's transport together, in order,
exactly the bytes aiohttp's own writer would have sent one by one.

Only where aiohttp's writer adds nothing: a connection that negotiated compression
(``permessage-deflate``, which browsers offer) or whose transport is already backed up is
left to aiohttp (``write_texts`` says False), which compresses and waits for the reader.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Sequence

from aiohttp import web

_TEXT = 0x81
"""FIN and the text opcode: each message is one whole frame."""
BACKED_UP = 64 * 1024
"""Bytes waiting in a transport past which the writer leaves the flow control to aiohttp."""


def frame(text: str) -> bytes:
    """``text`` as one unmasked, final text frame."""
    data = text.encode("utf-8")
    size = len(data)
    if size < 126:
        return bytes((_TEXT, size)) + data
    if size < 65536:
        return struct.pack("!BBH", _TEXT, 126, size) + data
    return struct.pack("!BBQ", _TEXT, 127, size) + data


def write_texts(ws: web.WebSocketResponse, transport: asyncio.Transport | None,
                texts: Sequence[str]) -> bool:
    """``texts`` written at once to ``transport``, the connection ``ws`` was prepared on;
    False when aiohttp must send them (compression, a backed-up or missing transport), and
    nothing was written here."""
    if not texts:
        return True
    if ws.compress or ws.closed or transport is None or transport.is_closing() \
            or transport.get_write_buffer_size() > BACKED_UP:
        return False
    transport.write(b"".join([frame(t) for t in texts]))
    return True
