"""Every field of the ruleset format is read by the game: a key a ruleset can set and nothing
reads would be a rule the table believes is applied and is not."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import attrs

import hammertui
from hammertui.kernel import ruleset as package
from hammertui.kernel.ruleset import sections

ROOT = Path(hammertui.__file__).parent
PACKAGE = ROOT / "rules" / "ruleset"


def _attributes(tree: ast.AST) -> set[str]:
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}


def read_outside() -> set[str]:
    """Attribute names the game reads outside the ruleset package, and those read inside it by a
    method or property the game itself calls (`ruleset.stats` reads `stat_rules`)."""
    read: set[str] = set()
    for path in ROOT.rglob("*.py"):
        if PACKAGE not in path.parents:
            read |= _attributes(ast.parse(path.read_text(encoding="utf-8")))
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for method in node.body:
                    if isinstance(method, ast.FunctionDef) and method.name in read:
                        read |= _attributes(method)
    return read


def schema_fields() -> list[tuple[str, str]]:
    """(class, field) for every attrs class of the format."""
    modules = [package, *(importlib.import_module(p.schema) for p in sections.registered() if p.schema)]
    classes = {cls for module in modules for cls in vars(module).values() if inspect.isclass(cls) and attrs.has(cls)}
    return sorted(
        (cls.__name__, field.name)
        for cls in classes
        for field in attrs.fields(cls)
        if field.init and field.name not in ("source", "digest")
    )


def test_every_field_of_the_format_is_read_by_the_game() -> None:
    read = read_outside()
    fields = schema_fields()
    assert len(fields) > 150, "the format's classes were not found"
    unread = [f"{cls}.{name}" for cls, name in fields if name not in read]
    assert unread == []


def test_a_field_nothing_reads_is_caught() -> None:
    assert "radius_ft" not in read_outside()
