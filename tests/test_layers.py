"""The layers point one way, and the procedures stay apart.

In the kernel: ui -> session -> ruleset and rules, and neither rules nor state knows Textual
(`pyproject.toml`). Between procedures: one imports another only where its registration declares it
works only with that one (`Procedure.needs`); the contracts saying so are made here from the
registry, so a need is listed once. Inside a procedure: its ui (pane, commands, screens, dialogs)
above its actions (and its report and public-field table) above its state above its rules and
ruleset schema. The kernel imports no procedure.
"""

from __future__ import annotations

import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import tomli_w

import hammertui.procedures
from hammertui.kernel.rules import procedures as registry

ROOT = Path(__file__).resolve().parents[1]
PROCEDURES = "hammertui.procedures"

LAYERS = [
    "(pane) : (commands) : (screens) : (dialogs)",
    "(actions) : (report) : (public)",
    "(state)",
    "(rules) : (schema)",
]
"""A procedure's modules by layer, each optional (a procedure without screens has none)."""


def lint(config: Path) -> None:
    found = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert found, "import-linter is a test dependency"
    result = subprocess.run([found, "--no-cache", str(config)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def written(contracts: list[dict[str, Any]], path: Path) -> Path:
    config = {"root_package": "hammertui", "include_external_packages": True, "contracts": contracts}
    path.write_text(tomli_w.dumps({"tool": {"importlinter": config}}), encoding="utf-8")
    return path


def packages() -> dict[str, registry.Procedure]:
    """Each procedure package under `hammertui/procedures`, with its registration."""
    registered = {name: registry.procedure(part, name) for part in registry.PARTS for name in registry.names(part)}
    found = [info.name for info in pkgutil.iter_modules(hammertui.procedures.__path__) if info.ispkg]
    unregistered = [name for name in found if name not in registered]
    assert not unregistered, f"procedure packages no registration names: {unregistered}"
    return {f"{PROCEDURES}.{name}": registered[name] for name in found}


def apart() -> list[dict[str, Any]]:
    """For each procedure, a contract that it imports no other procedure but those it needs."""
    every = packages()
    contracts = []
    for package, procedure in every.items():
        needed = {f"{PROCEDURES}.{name}" for _part, name in procedure.needs}
        contracts.append(
            {
                "name": f"{procedure.name} imports no procedure but those it needs",
                "type": "forbidden",
                "source_modules": [package],
                "forbidden_modules": sorted(set(every) - needed - {package}),
                "allow_indirect_imports": True,
            }
        )
    return contracts


def layered() -> dict[str, Any]:
    return {
        "name": "Inside a procedure: ui above actions above state above rules",
        "type": "layers",
        "containers": sorted(packages()),
        "layers": LAYERS,
    }


def test_import_linter_contracts_hold() -> None:
    lint(ROOT / "pyproject.toml")


def test_inside_each_procedure_the_layers_point_one_way(tmp_path: Path) -> None:
    lint(written([layered()], tmp_path / "layers.toml"))


def test_a_procedure_imports_no_other_but_those_it_declares_it_needs(tmp_path: Path) -> None:
    lint(written(apart(), tmp_path / "apart.toml"))


def test_each_need_names_a_procedure_of_another_part() -> None:
    for procedure in packages().values():
        for part, name in procedure.needs:
            assert part != procedure.part and name in registry.names(part), (procedure.name, part, name)


def test_the_kernel_imports_no_procedure(tmp_path: Path) -> None:
    kernel = {
        "name": "The kernel imports no procedure",
        "type": "forbidden",
        "source_modules": ["hammertui.kernel"],
        "forbidden_modules": [PROCEDURES],
    }
    lint(written([kernel], tmp_path / "kernel.toml"))


def test_rules_and_session_load_without_textual() -> None:
    code = (
        "import sys, hammertui.kernel.session.store, hammertui.kernel.session.sessions, hammertui.kernel.ruleset;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
