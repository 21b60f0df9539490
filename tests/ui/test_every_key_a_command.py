"""Every key of hammertui is a command of a command list: a screen, dialog or widget declares its commands
(`Commanded.COMMAND_LIST`) and its bindings are built from them, each key there only while its
command applies. No module binds a key by hand."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from textual.screen import ModalScreen
from textual.widget import Widget

import hammertui
from hammertui.kernel.ui.commands import Commanded, key

HAMMERTUI = Path(__file__).resolve().parents[2] / "hammertui"

MECHANISM = {
    Path(
        "kernel/ui/commands.py"
    ): "a command's binding (`Command.binding`), and `Commanded` builds a screen's from them",
    Path("kernel/ui/keymap.py"): "a keymap's keys read as Textual spells a binding's",
}
"""The modules that may make a Binding, and why."""

RAW = re.compile(r"\bBinding\(")


def test_no_key_is_bound_outside_the_command_mechanism() -> None:
    raw = [
        f"{path.relative_to(HAMMERTUI)}:{number}: {line.strip()}"
        for path in sorted(HAMMERTUI.rglob("*.py"))
        if path.relative_to(HAMMERTUI) not in MECHANISM
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if RAW.search(line)
    ]
    assert not raw, "keys bound by hand, not commands of a COMMAND_LIST:\n" + "\n".join(raw)


def test_the_allowances_name_what_is_there() -> None:
    """The mechanism's modules are where they were said to be: a move would otherwise let raw
    Bindings through unseen."""
    assert all((HAMMERTUI / path).is_file() for path in MECHANISM)


class Panel(Commanded, Widget):
    COMMAND_LIST = (
        key("escape", "panel.close", "close", "Close"),
        key("r", "panel.rest", "take('rest')", "Rest", applies=lambda panel: panel.resting),
        key("w", "panel.watch", "take('watch')", "Watch", show=False, applies=lambda panel: None),
    )
    resting = False


class Drawer(Panel):
    COMMAND_LIST = (key("home", "", "scroll_top", "First row", show=False),)


def test_a_command_list_is_the_bindings_in_its_order_after_those_inherited() -> None:
    bound = [
        (b.key, b.action, b.description, b.show, b.id)
        for bs in Drawer._merge_bindings().key_to_bindings.values()
        for b in bs
    ]
    assert bound == [
        ("escape", "close", "Close", True, "panel.close"),
        ("r", "take('rest')", "Rest", True, "panel.rest"),
        ("w", "take('watch')", "Watch", False, "panel.watch"),
        ("home", "scroll_top", "First row", False, None),
    ]


def test_a_key_whose_command_does_not_apply_is_hidden_or_greyed_out() -> None:
    drawer = Drawer()
    assert drawer.check_action("take", ("rest",)) is False
    drawer.resting = True
    assert drawer.check_action("take", ("rest",)) is True
    assert drawer.check_action("take", ("watch",)) is None, "greyed out"
    assert drawer.check_action("close", ()) is True
    assert drawer.check_action("anything_else", ()) is True


def _dialogs() -> list[type[ModalScreen[object]]]:
    """Every dialog of hammertui: a modal named for being one, or asking what to do with a save."""
    modules = [
        m.name for m in pkgutil.walk_packages(hammertui.__path__, "hammertui.") if not m.name.endswith("__main__")
    ]
    return [
        value
        for name in modules
        for value in vars(importlib.import_module(name)).values()
        if isinstance(value, type)
        and issubclass(value, ModalScreen)
        and value.__name__.endswith(("Dialog", "ProblemScreen"))
        and value.__module__ == name
    ]


def test_every_dialog_keys_its_commands_and_the_palette_offers_none_of_them() -> None:
    """A dialog's keys are said by its footer alone: the palette over it lists the dashboard's."""
    dialogs = _dialogs()
    commanded = [dialog for dialog in dialogs if issubclass(dialog, Commanded)]
    assert dialogs and commanded == dialogs
    offered = [(d.__name__, c.id or c.key) for d in commanded for c in d.every_command() if c.in_palette]
    assert not offered
