"""The served player view opens for the table alone: its websocket only from the page's own origin
(or one the 'Smith names), with a terminal no larger than a screen, a few at once, each player app
ended when its browser goes; every interface is served at an address a browser can open; and the
server the app starts ends with the app, however the app ends.

The server is driven through aiohttp's test client, with a stand-in for the player app that notes
its size and process and then sits, reading nothing: an app as stuck as one can be."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.serve import table_server
from hammertui.serve_guard import COLUMNS, ROWS

PUBLIC = "http://localhost:8000"
STAND_IN = """
import os, sys, time
with open(sys.argv[1], "a") as record:
    record.write(f"{os.getpid()} {os.environ['COLUMNS']} {os.environ['ROWS']}\\n")
time.sleep(120)
"""


@pytest.fixture
def record(tmp_path: Path) -> Path:
    return tmp_path / "apps"


@pytest.fixture
def command(tmp_path: Path, record: Path) -> str:
    script = tmp_path / "stand_in.py"
    script.write_text(STAND_IN)
    return shlex.join([sys.executable, str(script), str(record)])


def started(record: Path) -> list[tuple[int, int, int]]:
    """Each player app started so far: its pid, columns and rows."""
    if not record.exists():
        return []
    return [tuple(map(int, line.split())) for line in record.read_text().splitlines()]  # type: ignore[misc]


def running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def until(holds: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not holds():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


async def until_async(holds: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not holds():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.05)


async def connect_when_free(client: TestClient, seconds: float) -> aiohttp.ClientWebSocketResponse:
    """A page opened once the server has freed a player's place: it frees it when it has seen the
    page go, which may be a moment after that page's app has ended; till then it answers 503."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return await client.ws_connect("/ws", headers={"Origin": PUBLIC})
        except aiohttp.WSServerHandshakeError as refused:
            assert refused.status == 503 and time.monotonic() < deadline, f"never a free place: {refused}"
            await asyncio.sleep(0.05)


async def close(record: Path, *sockets: aiohttp.ClientWebSocketResponse) -> None:
    """Close the pages and wait until every player app has ended."""
    for socket in sockets:
        await socket.close()
    await until_async(lambda: not any(running(pid) for pid, _, _ in started(record)), 20, "every player app ended")


async def client_of(command: str, **options: object) -> TestClient:
    server = table_server(command, "localhost", 8000, "test", **options)  # type: ignore[arg-type]
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    return client


@pytest.fixture
async def client(command: str) -> AsyncIterator[TestClient]:
    client = await client_of(command, players=2)
    yield client
    await client.close()


async def test_a_page_from_another_origin_may_not_open_the_view(client: TestClient, record: Path) -> None:
    """Any page in the table's browsers could otherwise open the view and read it."""
    for origin in ("http://evil.example", "http://localhost:9999", None):
        headers = {"Origin": origin} if origin else {}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", headers=headers)
        assert refused.value.status == 403, origin
    assert started(record) == []
    socket = await client.ws_connect("/ws", headers={"Origin": PUBLIC})
    await until_async(lambda: len(started(record)) == 1, 20, "the player app started for the page's own origin")
    await close(record, socket)


async def test_an_origin_the_smith_names_may_open_the_view(command: str, record: Path) -> None:
    client = await client_of(command, origins=["http://Tablet.local:8000/"])
    try:
        socket = await client.ws_connect("/ws", headers={"Origin": "http://tablet.local:8000"})
        await until_async(lambda: len(started(record)) == 1, 20, "the player app started")
        await close(record, socket)
    finally:
        await client.close()


async def test_a_browser_gets_no_terminal_larger_than_a_screen(client: TestClient, record: Path) -> None:
    socket = await client.ws_connect("/ws?width=20000&height=20000", headers={"Origin": PUBLIC})
    await until_async(lambda: len(started(record)) == 1, 20, "the player app started")
    [(_, columns, rows)] = started(record)
    assert (columns, rows) == (COLUMNS, ROWS)
    await close(record, socket)


async def test_a_resize_is_no_larger_than_a_screen(command: str) -> None:
    from hammertui.serve_guard import PlayerService

    sent: list[dict[str, object]] = []

    async def send_meta(data: dict[str, object]) -> bool:
        sent.append(data)
        return True

    service = PlayerService(command, write_bytes=None, write_str=None, close=None, download_manager=None)  # type: ignore[arg-type]
    service.send_meta = send_meta  # type: ignore[method-assign,assignment]
    await service.set_terminal_size(20000, -5)
    assert sent == [{"type": "resize", "width": COLUMNS, "height": 1}]


async def test_only_a_few_player_apps_run_at_once(client: TestClient, record: Path) -> None:
    """Two here (`--players 2`): a third waits until one of them closes."""
    first = await client.ws_connect("/ws", headers={"Origin": PUBLIC})
    second = await client.ws_connect("/ws", headers={"Origin": PUBLIC})
    await until_async(lambda: len(started(record)) == 2, 20, "two player apps started")
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/ws", headers={"Origin": PUBLIC})
    assert refused.value.status == 503
    await first.close()
    # the two apps write their lines in whichever order they start, so either may be the first's
    await until_async(lambda: sum(running(pid) for pid, _, _ in started(record)) == 1, 20, "the first player app ended")
    third = await connect_when_free(client, 20)
    await until_async(lambda: len(started(record)) == 3, 20, "a third player app started")
    await close(record, second, third)


async def test_a_player_app_ends_when_its_browser_goes(client: TestClient, record: Path) -> None:
    """Even one that never reads the quit it is sent (the stand-in reads nothing)."""
    socket = await client.ws_connect("/ws", headers={"Origin": PUBLIC})
    await until_async(lambda: len(started(record)) == 1, 20, "the player app started")
    [(pid, _, _)] = started(record)
    assert running(pid)
    await socket.close()
    await until_async(lambda: not running(pid), 20, "the player app ended after its browser went")


async def test_every_interface_is_served_at_an_address_a_browser_opens(command: str) -> None:
    """Listening on 0.0.0.0, the page must not send the browser to 0.0.0.0 for its websocket."""
    server = table_server(command, "0.0.0.0", 8000, "test")
    assert "0.0.0.0" not in server.public_url and server.public_url.endswith(":8000")
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    try:
        page = await (await client.get("/")).text()
    finally:
        await client.close()
    assert "0.0.0.0" not in page and f"ws://{server.public_url.split('//')[1]}/ws" in page


def test_lan_serves_every_interface_and_prints_the_address_to_open(tmp_path: Path) -> None:
    sessions.create(tmp_path / "saves", "evening", load_ruleset("hammercrawl"), seed=1)
    command = [
        sys.executable,
        "-m",
        "hammertui",
        "serve",
        "evening",
        "--saves",
        str(tmp_path / "saves"),
        "--lan",
        "--port",
        "0",
    ]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        said = server.stdout.readline()
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "open http://" in said and "0.0.0.0" not in said and "localhost" not in said, said


PARENT = """
import sys, time
from pathlib import Path
from hammertui.kernel.ui.player_server import PlayerServer
server = PlayerServer()
server.start("evening", Path(sys.argv[1]))
print(server.process.pid, flush=True)
time.sleep(120)
"""


@pytest.mark.timeout(60)
def test_the_server_ends_when_the_app_that_started_it_is_killed(tmp_path: Path) -> None:
    """A SIGKILL (or a closed terminal) gives the app no chance to stop its server."""
    sessions.create(tmp_path / "saves", "evening", load_ruleset("hammercrawl"), seed=1)
    app = subprocess.Popen([sys.executable, "-c", PARENT, str(tmp_path / "saves")], stdout=subprocess.PIPE, text=True)
    assert app.stdout is not None
    server = int(app.stdout.readline())
    time.sleep(2)  # the server past its start, serving
    assert running(server)
    try:
        app.send_signal(signal.SIGKILL)
        app.wait()
        until(lambda: not running(server), 15, "the server ended with its app")
    finally:
        if running(server):
            os.killpg(server, signal.SIGKILL)
