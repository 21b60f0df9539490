"""The stub die's pane and its one command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.reactive import reactive
from textual.widgets import Static

from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.view import View
from tests.stub_procedure.actions import RollStubDie
from tests.stub_procedure.state import NAME

if TYPE_CHECKING:
    from hammertui.kernel.ui.seam import ProcedureUI


class StubPane(Static):
    """Every roll of the stub die so far."""

    view: reactive[View | None] = reactive(None)

    def watch_view(self, view: View | None) -> None:
        if view is not None:
            self.update("Stub die: " + " ".join(str(r) for r in view.state.slices[NAME].rolls))


def pane() -> StubPane:
    return StubPane("Stub die:", id="stub", classes="pane")


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "e",
        "stub.roll",
        "roll_stub",
        "Move on",
        "Roll the stub die",
        "A d6 in the open; a unit of time passes",
        show=True,
        run=lambda app: app.perform(RollStubDie()),
    ),
)


class _UI:
    """The stub die's pane and its one command."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = None
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
