"""Ad-hoc XP: the ruleset's quick awards (pretty cool, awesome, the table explodes) or any amount,
to one or to everyone."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Select

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.actions.advancement import AwardXP, ad_hoc_awards, ad_hoc_words

EVERYONE = "*"
OTHER = "other"


class XPDialog(FormDialog):
    """A quick award or an amount, to whom (every living member gets the full amount), and why."""

    OK = "Award"

    def __init__(self, ruleset: Ruleset, living: Sequence[Character], selected: str) -> None:
        super().__init__("Award XP", f"The ruleset's awards: {ad_hoc_words(ruleset)} XP, or any amount.")
        self.awards = ad_hoc_awards(ruleset)
        self.living = living
        self.selected = selected if any(m.id == selected for m in living) else EVERYONE

    def fields(self) -> ComposeResult:
        picks = [(f"{a.xp} XP: {a.name}", str(i)) for i, a in enumerate(self.awards)] + [("Another amount", OTHER)]
        who = [("Everyone standing", EVERYONE)] + [(m.name, m.id) for m in self.living]
        first = self.awards[0] if self.awards else None
        yield Select(plain.choices(picks), value=picks[0][1], allow_blank=False, id="pick")
        with Horizontal(classes="row"):
            yield Input(value=str(first.xp if first else 1), id="amount", classes="number")
            yield Select(plain.choices(who), value=self.selected, allow_blank=False, id="who")
        yield Input(value=first.name if first else "", placeholder="Reason (for the log)", id="reason")

    def on_select_changed(self, event: Select.Changed) -> None:
        """A quick award fills in its amount and, unless the 'Smith wrote one, its reason."""
        if event.select.id != "pick" or event.value in (Select.NULL, OTHER):
            return
        award = self.awards[int(str(event.value))]
        self.query_one("#amount", Input).value = str(award.xp)
        reason = self.query_one("#reason", Input)
        if not reason.value.strip() or reason.value in {a.name for a in self.awards}:
            reason.value = award.name

    def build(self) -> Action:
        amount = self.whole("amount", "XP")
        who = self.choice("who")
        ids = tuple(m.id for m in self.living) if who == EVERYONE else (who,)
        return AwardXP(ids, amount, self.text("reason"))
