"""`hammertui serve`: the player view on an address, for the browsers at the table and no one else.

textual-serve runs one player view (`hammertui player-app NAME`) for each browser that opens the
page, and relays its screen; the player view reads the session's files and never writes them.
`TableServer` guards what textual-serve leaves open: a page from another origin may not open the
view (a browser lets any page open a websocket anywhere), a browser may not ask for a terminal no
screen shows (the app's memory grows with it), only a few player apps run at once, and each ends
when its browser goes, whether or not it heard the quit.
"""

from __future__ import annotations

import contextlib
import ctypes
import ipaddress
import os
import shlex
import signal
import socket
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hammertui.serve_guard import TableServer

HOST = "localhost"
PORT = 8000
PLAYERS = 6
"""Player apps at once: a device for each player at a table, and a spare."""

ANY = ("0.0.0.0", "::", "")
PR_SET_PDEATHSIG = 1


def address(host: str, port: int) -> str:
    name = f"[{host}]" if ":" in host else host
    return f"http://{name}:{port}"


def advertised(host: str) -> str:
    """The host a browser is sent to: every interface is no address to open, so the machine's
    address on its network stands for them."""
    return lan_address() if host in ANY else host


def lan_address() -> str:
    """This machine's address on its local network: the interface the default route leaves by (a
    datagram socket connected to a documentation address sends nothing), else the loopback."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))
        found = str(probe.getsockname()[0])
        if not ipaddress.ip_address(found).is_unspecified:
            return found
    return "127.0.0.1"


def player_command(name: str, saves: Path, rulesets: Path) -> str:
    """The shell command textual-serve runs for each page opened: this Python, this session."""
    words = [
        sys.executable,
        "-m",
        "hammertui",
        "player-app",
        name,
        "--saves",
        str(saves.resolve()),
        "--rulesets",
        str(rulesets),
    ]
    return " ".join(shlex.quote(word) for word in words)


def table_server(
    command: str,
    host: str,
    port: int,
    title: str,
    origins: Iterable[str] = (),
    players: int = PLAYERS,
    parent: int | None = None,
) -> TableServer:
    """The guarded server (textual-serve imported only when serving)."""
    from hammertui.serve_guard import TableServer

    public = address(advertised(host), port)
    return TableServer(
        command, host=host, port=port, title=title, public_url=public, origins=origins, players=players, parent=parent
    )


def serve(
    name: str,
    saves: Path,
    rulesets: Path,
    host: str = HOST,
    port: int = PORT,
    origins: Iterable[str] = (),
    players: int = PLAYERS,
    parent: int | None = None,
) -> None:
    """Serve the player view of session `name` until interrupted (or until `parent` ends), saying
    where to open it."""
    if parent is not None:
        follow_parent(parent)
    server = table_server(
        player_command(name, saves, rulesets), host, port, f"{name}: player view", origins, players, parent
    )
    print(f"The player view of {name!r}: open {server.public_url} in a browser (ctrl+c stops it).", flush=True)
    server.serve()


def follow_parent(parent: int) -> None:
    """End this process when `parent` does, however it ends (a SIGKILL, its terminal closed): on
    Linux the kernel sends SIGTERM at its death; everywhere, a look each second at whose child this
    process is catches it too. Already orphaned, it ends at once."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        raise SystemExit(0)
