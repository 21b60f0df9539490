"""The exploration die came in beside the Divining Pool, changing none of it: the procedure seam
holds when a second way of exploring is added."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
POOL = (
    "hammertui/rules/explore.py",
    "hammertui/session/explore.py",
    "hammertui/session/divining_state.py",
    "hammertui/ui/divining.py",
    "hammertui/ui/pool.py",
    "hammertui/ui/rooms.py",
    "hammertui/ui/explore.py",
)


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_no_divining_pool_module_changed_since_main() -> None:
    """The files this line of work changed since it left main (`main...HEAD`), none the pool's."""
    if _git("rev-parse", "--verify", "--quiet", "main").returncode != 0:
        pytest.skip("not a checkout with a main branch")
    diff = _git("diff", "--name-only", "main...HEAD")
    assert diff.returncode == 0, diff.stderr
    changed = diff.stdout.split()
    assert [path for path in changed if path in POOL] == []
    assert all((ROOT / path).is_file() for path in POOL), "the pool's modules are where this test looks"
