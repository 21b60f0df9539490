"""What hammertui asks of Textual beyond its public API: one private method, overridden by the crash
guard (`kernel/ui/crash.py`) alone. These fail when Textual changes what that override relies on, or
when anything else in hammertui reaches into Textual's privates."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from textual.app import App
from textual.dom import DOMNode
from textual.message_pump import MessagePump
from textual.timer import Timer

import hammertui
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.crash import CrashGuard


def _textual_privates_overridden() -> set[tuple[str, str]]:
    """Each class of hammertui's and each private method or property of Textual's it defines again."""
    found: set[tuple[str, str]] = set()
    for module in pkgutil.walk_packages(hammertui.__path__, "hammertui."):
        if module.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            if not (
                isinstance(value, type) and issubclass(value, DOMNode) and value.__module__.startswith("hammertui")
            ):
                continue
            textual = [base for base in value.__mro__ if base.__module__.startswith("textual")]
            for name, member in vars(value).items():
                private = name.startswith("_") and not name.startswith("__")
                if (
                    private
                    and (inspect.isfunction(member) or isinstance(member, property))
                    and any(name in vars(base) for base in textual)
                ):
                    found.add((value.__name__, name))
    return found


def test_the_crash_guard_is_the_one_override_of_a_textual_private() -> None:
    assert _textual_privates_overridden() == {("CrashGuard", "_handle_exception")}


def test_textual_still_sends_every_unexpected_error_to_the_method_the_crash_guard_overrides() -> None:
    assert list(inspect.signature(App._handle_exception).parameters) == ["self", "error"]
    assert list(inspect.signature(CrashGuard._handle_exception).parameters) == ["self", "error"]
    for where in (MessagePump._process_messages_loop, MessagePump._flush_next_callbacks, Timer._tick):
        assert "app._handle_exception(error)" in inspect.getsource(where), where.__qualname__
    app = App()
    assert app._exception is None, "where a Pilot run keeps the first error to raise it at its end"
    assert isinstance(app._exception_event, asyncio.Event)


def test_the_app_loop_of_messages_is_textuals_own() -> None:
    """Never taken up again after an error: the app's events are guarded where they are handled."""
    assert HammerApp._process_messages_loop is MessagePump._process_messages_loop
    assert HammerApp.on_event is CrashGuard.on_event


def test_no_module_rewrites_a_nodes_bindings() -> None:
    """Keys are bound by each class's `BINDINGS`, built from its commands; never by Textual's maps."""
    root = Path(hammertui.__file__).parent
    surgery = re.compile(r"\._bindings\b|_merged_bindings|BindingsMap")
    found = [str(path.relative_to(root)) for path in sorted(root.rglob("*.py")) if surgery.search(path.read_text())]
    assert found == []
