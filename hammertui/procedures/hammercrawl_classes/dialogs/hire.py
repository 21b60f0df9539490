"""Hiring someone: a name, a trade, a tier from the ruleset's table (with its price), and who pays."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select

from hammertui.kernel.ruleset import HirelingTier, Ruleset
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Command, key
from hammertui.kernel.ui.dialogs.base import PromptDialog
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.view import View
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.hammercrawl_classes.rules.hirelings import daily_cost, rules_of


def tier_choices(view: View) -> list[tuple[str, int]]:
    """`Tier 2 · 20 coins a day · Expert (1 in 20)`: the price before the description, so a narrow
    box cuts the words, and last the chance of finding one (the table's to roll while looking)."""
    ruleset = view.ruleset
    return [(_choice(ruleset, row), row.tier) for row in rules_of(ruleset).tiers]


def _choice(ruleset: Ruleset, row: HirelingTier) -> str:
    found = f" ({row.finding})" if row.finding else ""
    return f"Tier {row.tier} · {daily_cost(ruleset, row.tier, False)} · {row.description}{found}"


HIRE: Command[Any] = key("ctrl+s", "dialog.submit", "submit", "Hire", "Hire them")


class HireDialog(PromptDialog[Hire]):
    """Has the app do the `Hire` and closes; a refusal (a name too long) is said in place, with what
    was typed kept. Enter in a text field or the Hire button hires; Escape cancels.

    Only the living are offered as employers, and the tiers and prices are the ruleset's own table.
    """

    COMMAND_LIST = (HIRE,)

    def __init__(self, view: View) -> None:
        super().__init__("Hire", "Who joins the party's payroll?")
        self._tiers = tier_choices(view)
        self._employers = [(member.name, member.id) for member in view.state.living]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide") as box:
            plain.title(box, self._title)
            yield Label(self._prompt, markup=False)
            with Grid(classes="form"):
                yield Label("Name", markup=False)
                yield Input(placeholder="e.g. Pim", id="name")
                yield Label("Profession", markup=False)
                yield Input(placeholder="porter", id="profession")
                yield Label("Tier", markup=False)
                yield Select(plain.choices(self._tiers), allow_blank=False, id="tier")
                yield Label("Employer", markup=False)
                yield Select(plain.choices(self._employers), allow_blank=False, id="employer")
            yield Label("", id="problem", classes="problem", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Hire", id="hire", variant="primary")
                yield Button("Cancel", id="cancel")
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "hire":
            self.action_submit()
        else:
            self.dismiss(None)

    def answer(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#problem", Label).update("A hireling needs a name.")
            self.query_one("#name", Input).focus()
            return
        profession = self.query_one("#profession", Input).value.strip()
        tier = self.query_one("#tier", Select).value
        employer = self.query_one("#employer", Select).value
        assert isinstance(tier, int) and isinstance(employer, str), "both selects refuse a blank"
        hire = Hire(name, profession, tier, employer)
        self.give(hire, hire)
