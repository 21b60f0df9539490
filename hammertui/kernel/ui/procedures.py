"""The screen's side of the procedure seam: which panes the dashboard draws and which commands it
offers, asked of the session's procedures.

A procedure's screen module (`Procedure.ui`) holds `UI`, one object declared as a `ProcedureUI`
(`ui/seam.py`): its pane (or None), what the 'Smith can ask of it, the common commands that do not
fit its rules (their ids: the exploration die passes no time without a turn), what it offers when
a fight ends and how it opens a character's sheet. The dashboard draws the panes of its ruleset's
procedures in the order of `SLOTS` and nothing else: a ruleset that explores without a Divining
Pool has no Divining Pool pane, and none of its keys.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from textual.widget import Widget

from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.rules.registration import Procedure
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import playing
from hammertui.kernel.ui.commands import COMMON, Command
from hammertui.kernel.ui.view import View

if TYPE_CHECKING:
    from hammertui.kernel.ui.seam import ProcedureUI

SLOTS = ("characters", "light", "explore", "fight")
"""The dashboard's grid, filled row by row: the party and the light above, exploring and fighting below."""

COMMAND_ORDER = ("explore", "camp", "fight", "light", "characters")
"""Whose commands come first in the footer and the palette: the common path's."""


def ui_of(procedure: Procedure) -> ProcedureUI | None:
    """The procedure's object on the screen's side (its ui module's `UI`), None for one without a
    ui. Its module declares it a `ProcedureUI`, which the type check holds."""
    return cast("ProcedureUI", importlib.import_module(procedure.ui).UI) if procedure.ui else None


def _by_part(ruleset: Ruleset) -> dict[str, ProcedureUI]:
    uis = {}
    for procedure in playing(ruleset.procedures):
        ui = ui_of(procedure)
        if ui is not None:
            uis[procedure.part] = ui
    return uis


def part_ui(ruleset: Ruleset, part: str) -> ProcedureUI | None:
    """The ui of the procedure this ruleset plays `part` by (None: none, or one without)."""
    return _by_part(ruleset).get(part)


def panes(ruleset: Ruleset) -> list[Callable[[], Widget]]:
    """The panes the dashboard draws for this ruleset, in grid order."""
    uis = _by_part(ruleset)
    return [pane for part in SLOTS if part in uis and (pane := uis[part].pane) is not None]


def commands(ruleset: Ruleset) -> tuple[Command[View], ...]:
    """The dashboard's commands under this ruleset: its procedures' own, then everyone's that none
    of them sets aside."""
    uis = _by_part(ruleset)
    own = [command for part in COMMAND_ORDER if part in uis for command in uis[part].commands]
    aside = {name for ui in uis.values() for name in ui.sets_aside}
    return (*own, *(command for command in COMMON if command.id not in aside))


def every_command() -> tuple[Command[View], ...]:
    """Everyone's commands and those of every procedure there is (for a keymap to name)."""
    uis = [ui for procedure in registry.every() if (ui := ui_of(procedure)) is not None]
    return (*COMMON, *(command for ui in uis for command in ui.commands))


def after_fight(app: Any, then: Callable[[], object]) -> None:
    """What the explore procedure offers when a fight ends, then `then`; a procedure with nothing
    to offer offers None."""
    explore = _by_part(app.rules).get("explore")
    if explore is None or explore.after_fight is None:
        then()
        return
    explore.after_fight(app, then)
