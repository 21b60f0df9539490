"""The house style holds: ruff's lint rules and its formatter, as `pyproject.toml` sets them, find
nothing in the package, the tests or the bench scripts. A failure names each line or file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("hammertui", "tests", "bench")


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    """Ruff run from the project's root, so it reads the project's settings; no cache is written."""
    command = [sys.executable, "-m", "ruff", *args, "--no-cache", *CHECKED]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_check_finds_nothing() -> None:
    done = ruff("check", "--output-format", "concise")
    assert done.returncode == 0, f"ruff check finds:\n{done.stdout}{done.stderr}"


def test_ruff_format_changes_nothing() -> None:
    done = ruff("format", "--check")
    assert done.returncode == 0, f"ruff format would change:\n{done.stdout}{done.stderr}"


def test_the_bench_scripts_without_an_ending_are_checked() -> None:
    """They are Python by their first line; ruff reads them only because `extend-include` names them."""
    scripts = {p.relative_to(ROOT).as_posix() for p in (ROOT / "bench").iterdir() if _python_script(p)}
    shown = ruff("check", "--show-files").stdout.splitlines()
    checked = {Path(line).relative_to(ROOT).as_posix() for line in shown if line.startswith(str(ROOT))}
    assert scripts, "the bench has scripts without an ending"
    assert not scripts - checked, f"not checked by ruff: {sorted(scripts - checked)}"


def _python_script(path: Path) -> bool:
    """A file without an ending whose first line runs Python."""
    if not path.is_file() or path.suffix:
        return False
    with path.open("rb") as file:
        first = file.readline()
    return first.startswith(b"#!") and b"python" in first
