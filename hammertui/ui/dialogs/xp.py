"""Ad-hoc XP: 1 for pretty cool, 3 for awesome, 5 when the table explodes; to one or to everyone."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Select

from hammertui.session.actions import Action
from hammertui.session.advancement import AwardXP
from hammertui.session.state import Character
from hammertui.ui.dialogs.form import Attempt, FormDialog

EVERYONE = "*"


class XPDialog(FormDialog):
    """How much, to whom (every living member gets the full amount), and why, for the log."""

    OK = "Award"

    def __init__(self, living: Sequence[Character], selected: str, attempt: Attempt) -> None:
        super().__init__("Award XP", "1: that was pretty cool. 3: awesome. 5: the table explodes.", attempt)
        self.living = living
        self.selected = selected if any(m.id == selected for m in living) else EVERYONE

    def fields(self) -> ComposeResult:
        who = [("Everyone standing", EVERYONE)] + [(m.name, m.id) for m in self.living]
        with Horizontal(classes="row"):
            yield Input(value="1", id="amount", classes="number")
            yield Select(who, value=self.selected, allow_blank=False, id="who")
        yield Input(placeholder="Reason (for the log)", id="reason")

    def build(self) -> Action:
        amount = self.whole("amount", "XP")
        who = self.choice("who")
        ids = tuple(m.id for m in self.living) if who == EVERYONE else (who,)
        return AwardXP(ids, amount, self.text("reason"))
