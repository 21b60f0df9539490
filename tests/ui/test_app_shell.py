"""The app is a shell: a procedure's commands run the procedure's own code, never a method of the
app (a procedure's own, or a kernel piece procedures share, such as the carried lights' keys), and
the command list and the generic dialogs name no procedure."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import hammertui
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.common import every_command

KERNEL_UI = Path(hammertui.__file__).parent / "kernel" / "ui"

MOST_METHODS = 25
"""Start-up, the store, the screens and the palette's plumbing fit in this many of the app's own
methods; a command's code is the module's named for what it does, a procedure's its own."""


def test_a_procedures_command_runs_its_own_code_not_the_apps() -> None:
    for command in every_command():
        if command.run is None:
            continue
        assert command.run.__module__ != HammerApp.__module__, f"{command.id} runs the app's {command.run.__qualname__}"
        assert not hasattr(HammerApp, f"action_{command.action}"), f"the app still holds {command.id}'s handler"


def test_the_app_holds_no_more_methods_than_a_shell_needs() -> None:
    own = [name for name, member in vars(HammerApp).items() if callable(member) or isinstance(member, property)]
    assert len(own) <= MOST_METHODS, f"HammerApp holds {len(own)} methods: {', '.join(own)}"


def test_the_app_answers_no_message_of_its_own_but_its_events() -> None:
    """An error in a handler of the app's ends on the crash screen only when it comes from an event
    (`CrashGuard.on_event`): the roster's Enter is the pane's to answer, not the app's."""
    ours = [cls for cls in HammerApp.__mro__ if cls.__module__.startswith("hammertui.")]
    handlers = {
        name
        for cls in ours
        for name, member in vars(cls).items()
        if name.startswith("on_") and inspect.isfunction(member)
    }
    assert handlers == {"on_event", "on_mount", "on_unmount"}


def _procedures_imported(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    named = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    named += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    return [name for name in named if name.startswith("hammertui.procedures")]


def test_the_command_list_and_the_generic_dialogs_name_no_procedure() -> None:
    for path in [KERNEL_UI / "commands.py", *sorted((KERNEL_UI / "dialogs").glob("*.py"))]:
        assert _procedures_imported(path) == [], path.name
