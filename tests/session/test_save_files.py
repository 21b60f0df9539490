"""The files of a saves folder as the app finds them: leftovers of a killed write cleared, hostile
numbers, sizes and links refused before they can hang or harm, stray files passed over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hammertui.session import persist, sessions
from hammertui.ui.app import make_app


def dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_temp_files_of_a_killed_write_are_cleared_on_open(tmp_path: Path) -> None:
    make_app(tmp_path, "tomb", seed=3)
    gone = dead_pid()
    stale = [tmp_path / f".tomb.toml.{gone}.tmp", tmp_path / f".tomb.toml.bak.{gone}.tmp"]
    live = tmp_path / f".tomb.toml.{os.getppid()}.tmp"
    other = tmp_path / f".crypt.toml.{gone}.tmp"
    for path in (*stale, live, other):
        path.write_text("half a save")
    app = make_app(tmp_path, "tomb")
    assert app.store is not None
    assert not any(path.exists() for path in stale)
    assert live.exists(), "another process may be writing it now"
    assert other.exists(), "another session's files are its own"
