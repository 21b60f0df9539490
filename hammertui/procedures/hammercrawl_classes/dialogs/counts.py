"""Supplies and uses on a sheet: rations eaten, arrows fired, spells cast, coins spent in town, a
Bedroll lost, a Turn Unholy spent. Thiefy rerolls are not counted by hand: a reroll spends one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Select

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.actions.recruits import COUNTS, AdjustCount, count_of
from hammertui.procedures.hammercrawl_classes.rules.checks import THIEFY_REROLLS
from hammertui.procedures.hammercrawl_classes.state import sheet_of


def count_options(ruleset: Ruleset, state: State, member: Character) -> list[tuple[str, str]]:
    """Each count with what it stands at; the Bedroll as yes or no (+1 gives one, -1 takes it)."""
    options = [(_count_label(state, member, what), what) for what in COUNTS]
    class_def = ruleset.classes.get(member.class_id)
    for resource_id, left in sheet_of(state, member.id).uses.items():
        if resource_id == THIEFY_REROLLS:
            continue
        resource = class_def.resource(resource_id) if class_def else None
        options.append((f"{resource.name if resource else resource_id} ({left})", resource_id))
    return options


def _count_label(state: State, member: Character, what: str) -> str:
    if what == "bedroll":
        return f"Bedroll ({'yes' if count_of(state, member, what) else 'no'})"
    return f"{what.replace('_', ' ').capitalize()} ({count_of(state, member, what)})"


class CountDialog(FormDialog):
    """What to count and by how much: -1 for a Ration eaten, +12 for arrows, -40 coins spent in town."""

    OK = "Change"
    WIDE = False

    def __init__(self, ruleset: Ruleset, state: State, member: Character) -> None:
        super().__init__(f"Supplies: {member.name}", "A change such as -1 or +12.")
        self.ruleset = ruleset
        self.state = state
        self.member = member

    def fields(self) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Select(
                plain.choices(count_options(self.ruleset, self.state, self.member)),
                value="rations",
                allow_blank=False,
                id="what",
            )
            yield Input(value="-1", id="delta", classes="number")

    def build(self) -> Action:
        return AdjustCount(self.member.id, self.choice("what"), self.whole("delta", "Change"))
