"""Every bench script's imports from the package resolve: a module that moves must not leave a bench
that stops at its first line (the bench runs only by hand and in `make bench`, not in the suite)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def package_imports(script: Path) -> list[tuple[str, str | None]]:
    """(module, name) for each `from hammertui... import name` and `import hammertui...`."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hammertui"):
            found += [(node.module or "", alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names if alias.name.startswith("hammertui")]
    return found


SCRIPTS = sorted(
    p for p in BENCH.iterdir() if p.is_file() and p.read_text(encoding="utf-8").startswith("#!") and package_imports(p)
)
"""The bench scripts that import the package (start-up's runs the app as a command)."""


@pytest.mark.timeout(60)
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_bench_imports_resolve(script: Path) -> None:
    for module_name, name in package_imports(script):
        module = importlib.import_module(module_name)
        if name is not None:
            found = hasattr(module, name) or importlib.util.find_spec(f"{module_name}.{name}") is not None
            assert found, f"{script.name}: {module_name} has no {name}"
