"""The hirelings: who works for the party, at what tier and daily cost, and for whom."""

from __future__ import annotations

from rich.text import Text

from hammertui.kernel.session.state import Hireling
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.listing import ListingScreen, has_row, widest
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Dismiss, HirelingMorale
from hammertui.procedures.hammercrawl_classes.dialogs.hire import HireDialog
from hammertui.procedures.hammercrawl_classes.rules.hirelings import daily_cost, tier_row

TEXT_COLUMNS = (14, 12, 12, 12)
"""Least widths of Name, Profession, Tier and Employer, to fit 80 columns beside the daily cost in full."""


class HirelingsScreen(ListingScreen):
    """Hire through a dialog, test the highlighted hireling's morale, or let them go."""

    TITLE = "Hirelings"
    COLUMNS = ("Name", "Profession", "Tier", "Daily cost", "Employer")
    COMMAND_LIST = (
        key("n", "hirelings.hire", "hire", "Hire"),
        key("m", "hirelings.morale", "morale", "Morale check", applies=has_row),
        key("x", "hirelings.dismiss", "dismiss_hireling", "Dismiss", applies=has_row),
    )

    def rows(self, view: View) -> list[Row]:
        staff = view.state.hirelings
        terms = [_terms(view, hired) for hired in staff]
        texts = (
            [h.name for h in staff],
            [h.profession for h in staff],
            [t for t, _ in terms],
            [_employer_name(view, h) for h in staff],
        )
        widths = self.widths(
            widest("Daily cost", [cost for _, cost in terms]), list(zip(TEXT_COLUMNS, texts, strict=True))
        )
        return [(hired.id, _cells(view, hired, *pair, widths)) for hired, pair in zip(staff, terms, strict=True)]

    def empty_text(self, view: View) -> Text:
        if view.ruleset.hirelings is None:
            return Text(f"{view.ruleset.name} has no hirelings.", style="italic")
        text = Text("Nobody works for the party.\n\n", style="bold")
        text.append("Press ")
        text.append("n", style="bold reverse")
        text.append(" to hire a torchbearer, a porter, or someone better.")
        return text

    def subtitle(self, view: View) -> str:
        count = len(view.state.hirelings)
        return f"{count} hired" if count else ""

    def action_hire(self) -> None:
        view = self.hammer.view
        if view is None:
            return
        if view.ruleset.hirelings is None:
            self.notify(f"{view.ruleset.name} has no hirelings.", severity="warning")
            return
        if not view.state.living:
            self.notify("Nobody is alive to hire anyone.", severity="warning")
            return
        self.app.push_screen(HireDialog(view))

    def action_morale(self) -> None:
        hireling_id = self.selected_id
        store = self.hammer.store
        if hireling_id is None or store is None or not self.hammer.perform(HirelingMorale(hireling_id)):
            return
        outcome = store.recent[-1]
        # The app already shows a warning for a hireling who doubles their price or quits.
        if outcome.level != "warn":
            self.notify(outcome.text, title="Morale", timeout=8)

    def action_dismiss_hireling(self) -> None:
        hireling_id = self.selected_id
        if hireling_id is not None:
            self.hammer.perform(Dismiss(hireling_id))


def _employer_name(view: View, hired: Hireling) -> str:
    return next((m.name for m in view.state.party if m.id == hired.employer), "nobody")


def _employer(view: View, hired: Hireling, width: int) -> Text:
    for member in view.state.party:
        if member.id == hired.employer:
            return clipped(member.name, width, "" if member.alive else "dim strike")
    return Text("nobody", style="dim italic")


def _terms(view: View, hired: Hireling) -> tuple[str, str]:
    """The tier with its description, and the daily cost: both from the ruleset's hireling table."""
    try:
        return f"{hired.tier} {tier_row(view.ruleset, hired.tier).description}", daily_cost(
            view.ruleset, hired.tier, hired.doubled
        )
    except ValueError:  # a save played under another ruleset's hireling table
        return str(hired.tier), "?"


def _cells(view: View, hired: Hireling, tier: str, cost: str, widths: list[int]) -> list[str | Text]:
    name, profession, tier_width, employer = widths
    return [
        clipped(hired.name, name, "bold"),
        clipped(hired.profession, profession),
        clipped(tier, tier_width),
        Text(cost, style="bold #fdd835" if hired.doubled else ""),
        _employer(view, hired, employer),
    ]
