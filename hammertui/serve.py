"""`hammertui serve`: the player view on a local address, for a browser at the table.

textual-serve runs one player view (`hammertui player-app NAME`) for each browser that opens the
page, and relays its screen; the player view reads the session's files and never writes them.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

HOST = "localhost"
PORT = 8000


def address(host: str, port: int) -> str:
    return f"http://{host}:{port}"


def player_command(name: str, saves: Path, rulesets: Path) -> str:
    """The shell command textual-serve runs for each page opened: this Python, this session."""
    words = [sys.executable, "-m", "hammertui", "player-app", name, "--saves", str(saves.resolve()), "--rulesets", str(rulesets)]
    return " ".join(shlex.quote(word) for word in words)


def serve(name: str, saves: Path, rulesets: Path, host: str = HOST, port: int = PORT) -> None:
    """Serve the player view of session `name` until interrupted, saying where to open it."""
    from textual_serve.server import Server

    print(f"The player view of {name!r}: open {address(host, port)} in a browser (ctrl+c stops it).", flush=True)
    Server(player_command(name, saves, rulesets), host=host, port=port, title=f"{name}: player view").serve()
