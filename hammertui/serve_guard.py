"""textual-serve's server with the guards the table needs (see `hammertui.serve`): the Origin checked,
the terminal's size capped, the player apps counted, each ended when its browser goes, and the whole
server ended when the app that started it is gone."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from asyncio.subprocess import Process
from collections.abc import Iterable
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("hammertui.serve")

COLUMNS, ROWS = 400, 150
"""The largest terminal a player app gets: a 4K screen in the page's own font shows less."""

STOP_WAIT = 3.0
"""Seconds a player app has to quit once its browser went, before it is ended."""


def fit(width: int, height: int) -> tuple[int, int]:
    """A browser's asked size, within what a screen can show."""
    return max(1, min(width, COLUMNS)), max(1, min(height, ROWS))


def origin_of(url: str) -> str:
    """`http://host:port` of an address, as a browser names it in its Origin header."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


PARENT_LOOK = 1.0
"""Seconds between looks at whether the app that started the server still runs."""


class PlayerService(AppService):
    """One player app whose terminal is never larger than a screen, and which is ended, not only
    asked to quit, when its browser goes: an app that stops reading leaves its output unread and
    would wait for ever with all its memory."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """textual-serve's, in a process group of its own so that ending it ends the app too."""
        self._process = process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        await super().start(*fit(width, height))

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*fit(width, height))

    async def stop(self) -> None:
        """Ask the app to quit, end it if it has not within `STOP_WAIT`, and wait until it is gone."""
        quitting = asyncio.ensure_future(super().stop())
        await asyncio.wait({quitting}, timeout=STOP_WAIT)
        self.end()
        await quitting

    def end(self) -> None:
        """Kill the app's process group (the shell textual-serve starts and the app under it)."""
        process = self._process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            process.kill()


class TableServer(Server):
    """The page for the table: a websocket is opened only from the page's own origin (or one the
    'Smith names), at most `players` at once."""

    def __init__(
        self, command: str, *, origins: Iterable[str] = (), players: int, parent: int | None = None, **kwargs: object
    ) -> None:
        super().__init__(command, **kwargs)  # type: ignore[arg-type]
        self.origins = {origin_of(self.public_url), *(origin_of(o) for o in origins)}
        self.players = players
        self.parent = parent
        self.services: set[PlayerService] = set()
        self.stopping: set[asyncio.Future[None]] = set()

    def refusal(self, request: web.Request) -> web.HTTPException | None:
        """Why this websocket may not open a player app, or None."""
        origin = request.headers.get("Origin", "")
        if origin_of(origin) not in self.origins:
            return web.HTTPForbidden(
                text=f"the player view opens from {' or '.join(sorted(self.origins))}, not {origin or 'no page'}"
            )
        if len(self.services) >= self.players:
            return web.HTTPServiceUnavailable(text=f"{self.players} player views are open already: close one")
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's websocket, behind the checks, with a player app that ends when it does."""
        if (refused := self.refusal(request)) is not None:
            log.warning("refused a player view: %s", refused.text)
            raise refused
        websocket = web.WebSocketResponse(heartbeat=15)

        async def close() -> None:
            """The websocket's close: whether it closed just now, its answer, is nothing to the service."""
            await websocket.close()

        width, height = to_int(request.query.get("width", "80"), 80), to_int(request.query.get("height", "24"), 24)
        service = PlayerService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.services.add(service)
        try:
            await websocket.prepare(request)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a browser's bad message ends its view, not the server
            log.exception(error)
        finally:
            await self._stop(service)
        return websocket

    async def _stop(self, service: PlayerService) -> None:
        """Stop the player app in a task of its own: aiohttp cancels the handler as its browser
        goes, which would cut the stopping short and leave the app running."""
        stopping = asyncio.ensure_future(service.stop())
        self.stopping.add(stopping)
        stopping.add_done_callback(self.stopping.discard)
        stopping.add_done_callback(lambda _: self.services.discard(service))
        await asyncio.shield(stopping)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.on_shutdown.append(self._end_players)
        return app

    async def on_startup(self, app: web.Application) -> None:
        await super().on_startup(app)
        if self.parent is not None:
            app["parent watch"] = asyncio.get_running_loop().create_task(self._watch_parent(self.parent))

    async def _end_players(self, app: web.Application) -> None:
        """No player app outlives the server."""
        for service in list(self.services):
            service.end()
        await asyncio.gather(*self.stopping, return_exceptions=True)

    async def _watch_parent(self, parent: int) -> None:
        """Stop serving once the app that started the server is gone (its child no more)."""
        while os.getppid() == parent:
            await asyncio.sleep(PARENT_LOOK)
        os.kill(os.getpid(), signal.SIGTERM)
