"""Another app on a session, in a process of its own: the lock is the operating system's, so only
another process shows what a second app meets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PLAYING = """
import sys, time
from pathlib import Path
from hammertui.kernel.ui.app import make_app

app = make_app(Path(sys.argv[1]), sys.argv[2], seed=3)
print("playing", flush=True)
time.sleep(600)
"""


def playing_elsewhere(saves: Path, name: str) -> subprocess.Popen[str]:
    """A process that opens `name` for play, as the app does, and holds it until killed."""
    child = subprocess.Popen([sys.executable, "-c", PLAYING, str(saves), name], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    if child.stdout.readline().strip() != "playing":
        child.kill()
        child.wait()
        raise AssertionError("the first app never opened the session")
    return child
