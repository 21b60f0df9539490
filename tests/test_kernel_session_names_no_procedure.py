"""The kernel's session layer and its rules name no procedure: what they need of one they ask
through the seam (`kernel/session/procedures.py`), so a ruleset's procedures can be swapped without
touching the kernel.

Every import is counted, at the top of a module, inside a function or under TYPE_CHECKING, and so
is a module path written as a string (for `importlib`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hammertui

ROOT = Path(hammertui.__file__).parent
PROCEDURES = "hammertui.procedures"
LAYERS = ("kernel/session", "kernel/rules")
NAMING = {"kernel/rules/procedures.py", "kernel/session/public_fields.py"}
"""The two that list the procedures by module: the registry, and the players' view of each slice."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def named(path: Path) -> list[str]:
    return named_in(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")


def named_in(source: str, module: str, package: bool = False) -> list[str]:
    """Every module `source` (the text of `module`) imports or writes out as a string, relative
    imports made whole."""
    home = module.split(".") if package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*home[: len(home) - node.level + 1], *filter(None, [base])])
            found += [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append(node.value)
    return found


def layer_files() -> list[Path]:
    return sorted(
        path
        for layer in LAYERS
        for path in (ROOT / layer).rglob("*.py")
        if path.relative_to(ROOT).as_posix() not in NAMING
    )


@pytest.mark.parametrize("path", layer_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_the_kernel_session_and_rules_name_no_procedure(path: Path) -> None:
    procedures = sorted({name for name in named(path) if name == PROCEDURES or name.startswith(f"{PROCEDURES}.")})
    assert not procedures, (
        f"{module_name(path)} names {procedures}: ask the procedure through kernel/session/procedures.py"
    )


def test_the_walk_finds_an_import_wherever_it_stands() -> None:
    """A lazy import, one under TYPE_CHECKING, a relative one and a module path as a string are each caught."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from hammertui.procedures.burn_down.state import LightSource\n"
        "def later():\n    import hammertui.procedures.light_levels.state\n"
        "from ...procedures import exploration_die\n"
        "MODULE = 'hammertui.procedures.sides_and_phases.state'\n"
    )
    found = {name for name in named_in(source, "hammertui.kernel.session.example") if name.startswith(PROCEDURES)}
    assert found == {
        "hammertui.procedures.burn_down.state",
        "hammertui.procedures.burn_down.state.LightSource",
        "hammertui.procedures.light_levels.state",
        "hammertui.procedures",
        "hammertui.procedures.exploration_die",
        "hammertui.procedures.sides_and_phases.state",
    }
