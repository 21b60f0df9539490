"""The Russell House Rules came in beside the Divining Pool, changing none of it: the procedure seam
holds when a second way of exploring is added.

Two checks: no commit that touched a Russell House Rules procedure touched a module of the Divining
Pool (the history, where the checkout has it), and no module of those procedures imports one of the
pool's (the code as it stands)."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
POOL_THEN = (
    "hammertui/rules/explore.py",
    "hammertui/session/explore.py",
    "hammertui/session/divining_state.py",
    "hammertui/ui/divining.py",
    "hammertui/ui/pool.py",
    "hammertui/ui/rooms.py",
    "hammertui/ui/explore.py",
)
"""The pool's modules where they lay when the Russell House Rules came in."""
POOL = (
    "hammertui/procedures/divining_pool/rules/explore.py",
    "hammertui/procedures/divining_pool/actions/explore.py",
    "hammertui/procedures/divining_pool/state.py",
    "hammertui/procedures/divining_pool/pane.py",
    "hammertui/procedures/divining_pool/screens/pool.py",
    "hammertui/procedures/divining_pool/screens/rooms.py",
    "hammertui/procedures/divining_pool/screens/explore.py",
)
RUSSELL = ("exploration_die", "light_levels", "russell_", "individual_initiative", "initiative_screen")
RUSSELL_PACKAGES = tuple(
    f"hammertui/procedures/{name}/"
    for name in ("exploration_die", "light_levels", "russell_characters", "individual_initiative")
)
FIRST = "c4a81a6"
"""The first commit of the Russell House Rules' procedures."""
LAST = "08515e6"
"""The commit by which they had all come in (with their fight): later changes that sweep every
screen at once (their styles, say) are not the procedures arriving."""


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def _russell(path: str) -> bool:
    return path.startswith(("hammertui/", "tests/")) and any(word in Path(path).name for word in RUSSELL)


def _commits() -> dict[str, list[str]]:
    """Each commit from the first Russell one to the last, with the files it changed (merges left
    out: their changes are their parents')."""
    log = _git("log", "--no-merges", "--format=@%h", "--name-only", f"{FIRST}^..{LAST}")
    assert log.returncode == 0, log.stderr
    commits: dict[str, list[str]] = {}
    for line in log.stdout.splitlines():
        if line.startswith("@"):
            current = commits.setdefault(line[1:], [])
        elif line:
            current.append(line)
    return commits


def test_no_commit_of_the_russell_procedures_changed_the_pool() -> None:
    if any(_git("cat-file", "-e", f"{sha}^{{commit}}").returncode != 0 for sha in (FIRST, LAST)):
        pytest.skip("the checkout does not hold the history back to the Russell House Rules")
    commits = _commits()
    assert commits, "the history holds the Russell House Rules' commits"
    touched = {sha: [p for p in paths if p in POOL_THEN] for sha, paths in commits.items() if any(map(_russell, paths))}
    assert touched, "some commits changed the Russell procedures"
    assert {sha: pool for sha, pool in touched.items() if pool} == {}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_russell_procedure_module_imports_the_pool() -> None:
    pool = {path.removesuffix(".py").replace("/", ".") for path in POOL}
    modules = [
        p for p in (ROOT / "hammertui").rglob("*.py") if p.relative_to(ROOT).as_posix().startswith(RUSSELL_PACKAGES)
    ]
    assert len(modules) >= 10, "the Russell procedures' modules are where this test looks"
    assert all((ROOT / path).is_file() for path in POOL), "the pool's modules are where this test looks"
    offenders = {p.relative_to(ROOT).as_posix(): sorted(_imports(p) & pool) for p in modules}
    assert {path: found for path, found in offenders.items() if found} == {}
