"""No import circle anywhere in hammertui, counting the imports made only for type checking and
those made inside a function.

A circle ties its modules into one: none can be read, tested or moved without the others, and the
layers (a procedure's ui above its actions, above its state, above its rules; the kernel below the
procedures) stop meaning anything. The graph is read from the source with `ast`, so an import that
runs only later (in a function, under `TYPE_CHECKING`) counts as much as one at the top.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hammertui"


def module_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, not `__init__`)."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _absolute(name: str, node: ast.ImportFrom) -> str:
    """The module an `import from` names, with a relative one made absolute."""
    if not node.level:
        return node.module or ""
    base = name.split(".")[: -node.level] if node.level else []
    return ".".join([*base, *([node.module] if node.module else [])])


def imported(name: str, tree: ast.Module, modules: Mapping[str, Path]) -> set[str]:
    """The package's modules one module imports, wherever in it the import stands."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found: set[str | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(known(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            for alias in node.names:
                whole = f"{source}.{alias.name}"
                found.add(whole if whole in modules else known(source))
    found.discard(name)
    return {module for module in found if module is not None}


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    modules = module_files(package)
    return {
        name: imported(name, ast.parse(path.read_text(encoding="utf-8")), modules) for name, path in modules.items()
    }


def _tied(graph: Mapping[str, set[str]]) -> Iterator[set[str]]:
    """The groups of modules that reach each other (strongly connected, more than one), Tarjan's way
    without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, onward = work[-1]
            step = next(onward, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    yield group


def circle_through(graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """One shortest circle inside a tied group, from its first module back to it."""
    start = min(group)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for step in sorted(graph[node] & group):
            if step == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if step not in came_from:
                came_from[step] = node
                queue.append(step)
    raise AssertionError(f"no circle through {start}")


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    return [circle_through(graph, group) for group in _tied(graph)]


def test_no_import_circle_in_hammertui() -> None:
    found = circles(import_graph())
    named = "\n".join(" -> ".join(circle) for circle in found)
    assert not found, f"import circles ({len(found)}):\n{named}"


def test_a_circle_is_found_and_named_from_end_to_end() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": set()}
    assert circles(graph) == [["a", "b", "c", "a"]]


def test_type_checking_and_function_level_imports_count(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.high import High\n"
    )
    (package / "high.py").write_text("def opens():\n    from pkg import low\n")
    assert circles(import_graph(package)) == [["pkg.high", "pkg.low", "pkg.high"]]
