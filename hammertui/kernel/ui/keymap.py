"""The 'Smith's own keys: a keymap file in the user's config folder moves a command to another key by
its binding id (`party.damage = "j"`), through Textual's keymap, on every screen that has the id.

A file that cannot be read as one is named with its problem and moves nothing. A line that names no
command, puts a command on a key another command of the same screen has, or on the palette's or
quitting's key, is named with its problem and only that line's command keeps its default: a typo
never costs the table its app, nor its other keys, nor hides a command behind another. The
dashboard's keys clash only with those of the session's own procedures: a fight procedure the
session does not play holds no key. It is read as saves and rulesets are, within bounds: a regular
file of at most `MAX_KEYMAP_BYTES`, keys nested no deeper than the TOML reader allows.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import tomli
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode

import hammertui.kernel.ui
from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.rules.text import printable
from hammertui.kernel.ruleset import Ruleset, toml_file

MAX_KEYMAP_BYTES = 64 * 1024
"""A keymap larger than this is refused unread: moving every command of every screen takes a few KB."""

RESERVED = {App.COMMAND_PALETTE_BINDING: "the command palette's key", "ctrl+q": "Quit's key", "ctrl+c": "Quit's key"}
"""Keys no keymap may give a command: the palette's, and quitting's, are the ways out of any mistake."""


def keymap_path() -> Path:
    """`$HAMMERTUI_KEYMAP`, else `keymap.toml` in the user's config folder."""
    if env := os.environ.get("HAMMERTUI_KEYMAP"):
        return Path(env)
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return config / "hammertui" / "keymap.toml"


def read_keymap(path: Path, ruleset: Ruleset | None = None) -> tuple[dict[str, str], str | None]:
    """The binding ids the file moves and their keys, and the problem with each line left out (or
    None). `ruleset` is the session's: the dashboard's keys are its procedures' (all, without one)."""
    if not path.exists():
        return {}, None
    try:
        table = toml_file.parse(toml_file.read_bounded(path, MAX_KEYMAP_BYTES, "keymap").decode("utf-8"))
    except toml_file.TomlProblem as error:
        return {}, f"{path}: {error}. The usual keys stand."
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError) as error:
        return {}, f"{path}: not a keymap ({error}); the usual keys stand."
    keymap: dict[str, str] = {}
    problems: list[str] = []
    _flatten(table, "", keymap, problems)
    if keymap:
        known = binding_ids()
        unknown = [binding_id for binding_id in keymap if binding_id not in known]
        problems += [f"{binding_id!r} is no command's id" for binding_id in unknown]
        keymap = {binding_id: keys for binding_id, keys in keymap.items() if binding_id not in unknown}
    for binding_id, problem in reserved(keymap).items():
        problems.append(problem)
        del keymap[binding_id]
    while keymap and (clash := _first_clash(keymap, ruleset)):
        mover, problem = clash
        problems.append(problem)
        del keymap[mover]
    if problems:
        rest = "; the rest are moved" if keymap else ""
        return keymap, f"{path}: {'; '.join(problems)}. Those keep their usual keys{rest}."
    return keymap, None


def _flatten(table: dict[str, object], prefix: str, keymap: dict[str, str], problems: list[str]) -> None:
    """`party.damage = "j"` is a table in TOML; the binding id is its dotted path."""
    for name, value in table.items():
        binding_id = prefix + name
        if isinstance(value, dict):
            _flatten(value, binding_id + ".", keymap, problems)
        elif isinstance(value, str) and value.strip() and printable(value) == value:
            keymap[binding_id] = value.strip()
        else:
            problems.append(f'{printable(binding_id)} should be a key such as "j" or "ctrl+j", not {value!r}')


def binding_ids() -> set[str]:
    """Every binding id the app's screens and widgets have, for naming a mistyped one in a keymap."""
    return {b.id for bindings in _binding_lists() for b in bindings if b.id}


def reserved(keymap: dict[str, str]) -> dict[str, str]:
    """Each command the keymap puts on the palette's or quitting's key, and quitting moved off its
    own (it may be given more keys, never lose ctrl+q), with the words naming it."""
    problems = {
        binding_id: f"{binding_id!r} on {keys!r} would take {RESERVED[key]}"
        for binding_id, keys in keymap.items()
        for key in _keys(keys)
        if key in RESERVED and binding_id != "app.quit"
    }
    if "app.quit" in keymap and "ctrl+q" not in _keys(keymap["app.quit"]):
        problems["app.quit"] = (
            f"'app.quit' on {keymap['app.quit']!r} would leave ctrl+q; quitting keeps it (add keys as \"ctrl+q,x\")"
        )
    return problems


def _first_clash(keymap: dict[str, str], ruleset: Ruleset | None) -> tuple[str, str] | None:
    """A key the keymap gives a command while another command of the same screen or widget has it
    (or is given it too), as the moved command's id and the words naming the clash: Textual would
    let one of them silently hide the other. Taken off one at a time, so two lines on one key cost
    only the second."""
    for bindings in _binding_lists(ruleset):
        holders: dict[str, Binding] = {}
        for binding in bindings:
            moved = keymap.get(binding.id) if binding.id else None
            for key in _keys(moved) if moved else [binding.key]:
                holder = holders.setdefault(key, binding)
                if holder.action != binding.action and (binding.id in keymap or holder.id in keymap):
                    mover, other = (binding, holder) if _later(keymap, binding, holder) else (holder, binding)
                    clashing = f"{other.description or other.action} ({other.id or other.key})"
                    problem = f"{mover.id!r} on {keymap[str(mover.id)]!r} clashes with {clashing}"
                    return str(mover.id), problem
    return None


def _later(keymap: dict[str, str], one: Binding, other: Binding) -> bool:
    """Whether the keymap moves `one` on a line after `other`'s (or moves only `one`)."""
    lines = list(keymap)
    if other.id not in keymap:
        return True
    return one.id in keymap and lines.index(one.id) > lines.index(other.id)


def _keys(keys: str) -> list[str]:
    """The keys `"F,ctrl+f"` names, spelled as Textual spells a binding's (`"$"` is `dollar_sign`)."""
    return [binding.key for binding in Binding.make_bindings([Binding(keys, "")])]


def _binding_lists(ruleset: Ruleset | None = None) -> Iterator[list[Binding]]:
    """The keys of each screen and widget, and the dashboard's: everyone's and those of the session's
    procedures (of every procedure, without a ruleset)."""
    from hammertui.kernel.ui.common import commands, every_command

    dashboard = commands(ruleset) if ruleset is not None else every_command()
    yield [command.binding() for command in dashboard if command.key is not None]
    for node in _nodes():
        if node.__name__ != "HammerApp":
            yield list(Binding.make_bindings(node.BINDINGS))


def _nodes() -> Iterator[type[DOMNode]]:
    """The app, its screens and its widgets: the kernel's and every procedure's with a ui (what its
    registration names, and the modules beside it). Imports every screen, so it is only asked when
    a keymap file moves something."""
    for name in (*_modules(hammertui.kernel.ui), *(m for p in registry.every() if p.ui for m in _beside(p.ui))):
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, type) and issubclass(value, DOMNode):
                yield value


def _beside(module: str) -> list[str]:
    """The modules of the package `module` is in, itself among them."""
    return _modules(importlib.import_module(module.rpartition(".")[0]))


def _modules(package: ModuleType) -> list[str]:
    return [module.name for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
