"""The player view's server started from the 'Smith's app: one child process, kept for the app's
lifetime and stopped when it closes, or ending by itself when the app dies unclosed (`--parent`)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

HOST = "localhost"


class PlayerServer:
    """`hammertui serve` for this session, run in a process group of its own so that stopping it
    stops the player views it runs too."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.address = ""

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self, name: str, saves: Path) -> str:
        """Serve session `name` of `saves` on a free port; the address to open."""
        port = _free_port()
        command = [
            sys.executable,
            "-m",
            "hammertui",
            "serve",
            name,
            "--saves",
            str(saves.resolve()),
            "--host",
            HOST,
            "--port",
            str(port),
            "--parent",
            str(os.getpid()),
        ]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.address = f"http://{HOST}:{port}"
        return self.address

    def stop(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])
