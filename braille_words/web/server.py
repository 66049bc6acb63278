"""The teacher's page served on its own thread, beside a game loop that owns the main one.

``play --roster --web`` has one table at one computer: its game runs on the main thread as
always, and this server answers the teacher's browser on a thread and event loop of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable

from aiohttp import web

from braille_words.errors import BrailleWordsError


class WebServer:
    """An aiohttp application on ``host:port`` (0: any free port), started and stopped from
    any thread."""

    def __init__(self, app: web.Application, host: str = "127.0.0.1", port: int = 0) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = self.host if self.host not in ("0.0.0.0", "") else _this_computer()
        return f"http://{host}:{self.port}/"

    def start(self) -> None:
        """Listen now; a port that is taken is a sentence, not a traceback."""
        started = threading.Event()
        failed: list[BaseException] = []
        loop = asyncio.new_event_loop()
        self._loop = loop

        async def begin() -> None:
            runner = web.AppRunner(self.app, access_log=None)
            await runner.setup()
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            self._runner = runner
            server = getattr(site, "_server", None)
            sockets = getattr(server, "sockets", None) or []
            if sockets:
                self.port = int(sockets[0].getsockname()[1])

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(begin())
            except OSError as exc:
                failed.append(exc)
                started.set()
                return
            started.set()
            loop.run_forever()

        self._thread = threading.Thread(target=run, name="teacher-page", daemon=True)
        self._thread.start()
        started.wait()
        if failed:
            raise BrailleWordsError(
                f"the teacher's page cannot listen on {self.host}:{self.port}: "
                f"{getattr(failed[0], 'strerror', None) or failed[0]}; give another --teacher-port"
            )

    def call(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the server's loop (what the application's state needs)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(fn)

    def stop(self) -> None:
        loop, runner = self._loop, self._runner
        if loop is None or self._thread is None:
            return
        if runner is not None:
            future = asyncio.run_coroutine_threadsafe(runner.cleanup(), loop)
            # The page is going away with the program either way.
            with contextlib.suppress(Exception):
                future.result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(timeout=10)
        self._loop = None


def _this_computer() -> str:
    """This computer's name as its network knows it (no packet is sent)."""
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
