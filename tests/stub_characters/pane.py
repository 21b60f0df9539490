"""The stub roster's party pane and its one command: damage, in its own words."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text

from hammertui.kernel.session.state import Character
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.party import STATUS, PartyPane, hp_cell
from hammertui.kernel.ui.targets import ask_amount
from hammertui.kernel.ui.view import View
from tests.stub_characters.state import NAME, Roster

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer
    from hammertui.kernel.ui.seam import ProcedureUI

BY_NAME = "Take it off HP, below 0 while dying"


class RosterPane(PartyPane):
    """Name, level, HP, AC, Wounds and how each stands."""

    COLUMNS: ClassVar[tuple[str, ...]] = ("Name", "Lv", "HP", "AC", "Wounds", "Status")

    def subtitle(self, view: View) -> str:
        """Those down are dying here, at 0 HP or below it."""
        down = sum(m.status == "down" for m in view.state.party)
        return f"{sum(m.status == 'ok' for m in view.state.party)} standing" + (f" · {down} dying" if down else "")

    def cells(self, view: View, member: Character) -> list[Text]:
        roster: Roster = view.state.slices[NAME]
        words, style = STATUS.get((member.status, ""), (member.status, ""))
        return [
            Text(member.name),
            Text(str(member.level)),
            hp_cell(member),
            Text(str(member.ac)),
            Text(str(roster.wounds.get(member.id, 0))),
            Text(words, style=style),
        ]


def pane() -> RosterPane:
    return RosterPane(id="party", classes="pane")


def damage(app: Hammer, character_id: str = "") -> None:
    ask_amount(app, character_id, "Damage", lambda cid, n: app.perform(ApplyDamage(cid, n)))


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "d",
        "party.damage",
        "damage",
        "Damage",
        "Damage",
        "Damage the highlighted character",
        show=True,
        run=damage,
        by_name=BY_NAME,
    ),
)


class _UI:
    """The stub roster's pane and its one command."""

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
