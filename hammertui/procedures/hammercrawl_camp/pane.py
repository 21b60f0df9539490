"""Camp on the dashboard: the key that opens the Camp screen (which loads on first use), and the
Safe Haven a camp needs, set by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.explore import SetSafeHaven

if TYPE_CHECKING:
    from hammertui.kernel.ui.seam import ProcedureUI


def _haven_title(state: State, ruleset: Ruleset) -> str:
    return "No longer a Safe Haven" if state.dungeon.safe_haven else "Declare a Safe Haven"


def camp(app: Any) -> None:
    """Open the Camp screen, its module loaded only now: the dashboard draws without it."""
    from hammertui.procedures.hammercrawl_camp.screens import CampScreen

    app.push_screen(CampScreen())


def _toggle_haven(app: Any) -> None:
    app.perform(SetSafeHaven(not app.store.state.dungeon.safe_haven))


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "c",
        "party.camp",
        "camp",
        "Camp",
        "Camp",
        "In a Safe Haven: the check, the time, the free and chosen actions, the encounter roll",
        run=camp,
    ),
    Command(
        "H",
        "party.safe_haven",
        "safe_haven",
        "Safe Haven",
        _haven_title,
        "Where the party stands, set by hand (a Falcon usually finds one)",
        run=_toggle_haven,
    ),
)


class _UI:
    """The camp's commands: it draws no pane."""

    pane = None
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = None
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
