"""The 'Smith's own keys: a keymap file in the user's config folder moves a command to another key by
its binding id (`party.damage = "j"`), through Textual's keymap, on every screen that has the id.

A file that cannot be read as one, or that puts a command on a key another command of the same screen
has, is named with its problem, and the keys it would have moved keep their defaults: a typo never
costs the table its app, nor hides a command behind another.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import tomli
from textual.binding import Binding
from textual.dom import DOMNode

import hammertui.ui


def keymap_path() -> Path:
    """`$HAMMERTUI_KEYMAP`, else `keymap.toml` in the user's config folder."""
    if env := os.environ.get("HAMMERTUI_KEYMAP"):
        return Path(env)
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return config / "hammertui" / "keymap.toml"


def read_keymap(path: Path) -> tuple[dict[str, str], str | None]:
    """The binding ids the file moves and their keys, or no keys and the problem that says why."""
    if not path.exists():
        return {}, None
    try:
        table = tomli.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError) as error:
        return {}, f"{path}: not a keymap ({error}); the usual keys stand."
    keymap: dict[str, str] = {}
    problems: list[str] = []
    _flatten(table, "", keymap, problems)
    if keymap and not problems:
        known = binding_ids()
        problems = [f"{binding_id!r} is no command's id" for binding_id in keymap if binding_id not in known]
    if keymap and not problems:
        problems = clashes(keymap)
    if problems:
        return {}, f"{path}: {'; '.join(problems)}. The usual keys stand."
    return keymap, None


def _flatten(table: dict[str, object], prefix: str, keymap: dict[str, str], problems: list[str]) -> None:
    """`party.damage = "j"` is a table in TOML; the binding id is its dotted path."""
    for name, value in table.items():
        binding_id = prefix + name
        if isinstance(value, dict):
            _flatten(value, binding_id + ".", keymap, problems)
        elif isinstance(value, str) and value.strip():
            keymap[binding_id] = value.strip()
        else:
            problems.append(f"{binding_id} should be a key such as \"j\" or \"ctrl+j\", not {value!r}")


def binding_ids() -> set[str]:
    """Every binding id the app's screens and widgets have, for naming a mistyped one in a keymap."""
    return {b.id for bindings in _binding_lists() for b in bindings if b.id}


def clashes(keymap: dict[str, str]) -> list[str]:
    """Each key the keymap gives a command while another command of the same screen or widget has
    it (or is given it too): Textual would let one of them silently hide the other."""
    problems: list[str] = []
    for bindings in _binding_lists():
        holders: dict[str, Binding] = {}
        for binding in bindings:
            moved = keymap.get(binding.id) if binding.id else None
            for key in _keys(moved) if moved else [binding.key]:
                holder = holders.setdefault(key, binding)
                if holder.action != binding.action and (binding.id in keymap or holder.id in keymap):
                    mover, other = (binding, holder) if binding.id in keymap else (holder, binding)
                    problems.append(f"{mover.id!r} on {keymap[str(mover.id)]!r} clashes with {other.description or other.action} ({other.id or other.key})")
    return list(dict.fromkeys(problems))


def _keys(keys: str) -> list[str]:
    """The keys `"F,ctrl+f"` names, spelled as Textual spells a binding's (`"$"` is `dollar_sign`)."""
    return [binding.key for binding in Binding.make_bindings([Binding(keys, "")])]


def _binding_lists() -> Iterator[list[Binding]]:
    """The keys of each screen and widget, and the dashboard's: everyone's and every procedure's."""
    from hammertui.ui.procedures import every_command

    yield [command.binding() for command in every_command() if command.key is not None]
    for node in _nodes():
        if node.__name__ != "HammerApp":
            yield list(Binding.make_bindings(node.BINDINGS))


def _nodes() -> Iterator[type[DOMNode]]:
    """The app, its screens and its widgets. Imports every screen, so it is only asked when a keymap
    file moves something."""
    for module in pkgutil.walk_packages(hammertui.ui.__path__, "hammertui.ui."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, DOMNode):
                yield value
