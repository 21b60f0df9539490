"""The screen's side of the procedure seam: which panes the dashboard draws, and what it asks of the
session's procedures.

A procedure's screen module (`Procedure.ui`) holds `UI`, one object declared as a `ProcedureUI`
(`ui/seam.py`): its pane (or None), what the 'Smith can ask of it, the common commands that do not
fit its rules (their ids: the exploration die passes no time without a turn), what it offers when
a fight ends, how it opens a character's sheet, and what the header, the clock's keys and the
palette say of its part. The dashboard draws the panes of its ruleset's
procedures in the order of `SLOTS` and nothing else: a ruleset that explores without a Divining
Pool has no Divining Pool pane, and none of its keys.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from textual.widget import Widget

from hammertui.kernel.rules.registration import Procedure
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import playing

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action
    from hammertui.kernel.session.state import Character, State
    from hammertui.kernel.ui.seam import ProcedureUI

SLOTS = ("characters", "light", "explore", "fight")
"""The dashboard's grid, filled row by row: the party and the light above, exploring and fighting below."""


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


def after_fight(app: Any, then: Callable[[], object]) -> None:
    """What the explore procedure offers when a fight ends, then `then`; a procedure with nothing
    to offer offers None."""
    explore = _by_part(app.rules).get("explore")
    if explore is None or explore.after_fight is None:
        then()
        return
    explore.after_fight(app, then)


def darkness_ahead(state: State, ruleset: Ruleset, units: int) -> str | None:
    """What passing `units` would do to the party's last light, in the light procedure's words, when
    it would put it out; None when it would not, or no light procedure times it."""
    light = part_ui(ruleset, "light")
    return None if light is None or light.darkness_ahead is None else light.darkness_ahead(state, ruleset, units)


def time_left(state: State, ruleset: Ruleset) -> tuple[str, ...]:
    """Each source burning now with its time left, as the light procedure says it (none untimed)."""
    light = part_ui(ruleset, "light")
    return () if light is None or light.time_left is None else light.time_left(state, ruleset)


def dungeon_tier(state: State, ruleset: Ruleset) -> int | None:
    """The dungeon level's tier, where the characters procedure's rules have tiers."""
    characters = part_ui(ruleset, "characters")
    return None if characters is None or characters.dungeon_tier is None else characters.dungeon_tier(state, ruleset)


def by_name(ruleset: Ruleset, member: Character) -> tuple[tuple[str, str, Action], ...]:
    """The characters procedure's own palette entries for a living member by name (words, help, action)."""
    characters = part_ui(ruleset, "characters")
    return () if characters is None or characters.by_name is None else characters.by_name(member)
