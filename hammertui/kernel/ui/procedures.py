"""The screen's side of the procedure seam: which panes the dashboard draws and which commands it
offers, asked of the session's procedures.

A procedure's screen module (`Procedure.ui`) holds `PANE`, a function making its dashboard pane (or
None), and `COMMANDS`, what the 'Smith can ask of it; it may set aside common commands that do not
fit its rules (`SETS_ASIDE`, their ids: the exploration die passes no time without a turn). The dashboard draws the panes of its ruleset's
procedures in the order of `SLOTS` and nothing else: a ruleset that explores without a Divining
Pool has no Divining Pool pane, and none of its keys.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from textual.widget import Widget

from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.rules.procedures import Procedure
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import playing
from hammertui.kernel.ui.commands import COMMON, Command
from hammertui.kernel.ui.view import View

SLOTS = ("characters", "light", "explore", "fight")
"""The dashboard's grid, filled row by row: the party and the light above, exploring and fighting below."""

COMMAND_ORDER = ("explore", "camp", "fight", "light", "characters")
"""Whose commands come first in the footer and the palette: the common path's."""


def ui_module(procedure: Procedure) -> ModuleType | None:
    return importlib.import_module(procedure.ui) if procedure.ui else None


def _by_part(ruleset: Ruleset) -> dict[str, ModuleType]:
    modules = {}
    for procedure in playing(ruleset.procedures):
        module = ui_module(procedure)
        if module is not None:
            modules[procedure.part] = module
    return modules


def part_ui(ruleset: Ruleset, part: str) -> ModuleType | None:
    """The ui module of the procedure this ruleset plays `part` by (None: none, or one without)."""
    return _by_part(ruleset).get(part)


def panes(ruleset: Ruleset) -> list[Callable[[], Widget]]:
    """The panes the dashboard draws for this ruleset, in grid order."""
    modules = _by_part(ruleset)
    return [pane for part in SLOTS if part in modules and (pane := getattr(modules[part], "PANE", None)) is not None]


def commands(ruleset: Ruleset) -> tuple[Command[View], ...]:
    """The dashboard's commands under this ruleset: its procedures' own, then everyone's that none
    of them sets aside."""
    modules = _by_part(ruleset)
    own = [command for part in COMMAND_ORDER if part in modules for command in getattr(modules[part], "COMMANDS", ())]
    aside = {name for module in modules.values() for name in getattr(module, "SETS_ASIDE", ())}
    return (*own, *(command for command in COMMON if command.id not in aside))


def every_command() -> tuple[Command[View], ...]:
    """Everyone's commands and those of every procedure there is (for a keymap to name)."""
    modules = [module for procedure in registry.every() if (module := ui_module(procedure)) is not None]
    return (*COMMON, *(command for module in modules for command in getattr(module, "COMMANDS", ())))


def after_fight(app: Any, then: Callable[[], object]) -> None:
    """What the explore procedure offers when a fight ends (its `after_fight(app, then)`), then
    `then`; a procedure with nothing to offer defines nothing."""
    modules = _by_part(app.rules)
    offer = getattr(modules.get("explore"), "after_fight", None)
    if offer is None:
        then()
        return
    offer(app, then)
