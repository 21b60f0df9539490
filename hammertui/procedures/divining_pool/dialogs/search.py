"""Search: how many search together and for how long, the odds as they are typed, then the roll.

The odds are said out loud; the roll is the 'Smith's, so the answer appears here, on the 'Smith's
screen, and stays until the dialog is closed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.divining_pool.actions.search import Search
from hammertui.procedures.divining_pool.rules import search as rules

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer


class SearchDialog(FormDialog):
    """Searchers and time in, the odds beside them; once rolled, the result for the 'Smith alone."""

    OK = "Search"
    ROLLS = True
    WIDE = False

    def __init__(self, ruleset: Ruleset) -> None:
        unit = ruleset.time.unit
        prompt = f"How many search together, and for how many {ruleset.time.unit_plural}? 1 in 6 each per {unit}."
        super().__init__("Search for hidden secrets", prompt)
        self.ruleset = ruleset
        self._done = False

    def fields(self) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Label("Searchers", classes="field-label", markup=False)
            yield Input(value="1", id="searchers", classes="number")
            yield Label(self.ruleset.time.unit_plural.capitalize(), classes="field-label", markup=False)
            yield Input(value="1", id="units", classes="number")
        yield Input(placeholder="Where (for the log): the altar, the north wall...", id="where")
        yield Label(self._odds(), id="odds", markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("searchers", "units") and not self._done:
            self.query_one("#odds", Label).update(self._odds())

    def _odds(self) -> str:
        """The chance the numbers typed buy, or what is wrong with them."""
        try:
            chance = rules.search_chance(self.ruleset, self._count("searchers"), self._count("units"))
        except ValueError as problem:
            return str(problem)
        return f"Chance: {chance.describe()}."

    def _count(self, widget_id: str) -> int:
        if not self.is_mounted:
            return 1
        try:
            return self.whole(widget_id, widget_id.capitalize())
        except ValueError:
            return 0

    def build(self) -> Action:
        searchers = self.whole("searchers", "Searchers")
        units = self.whole("units", self.ruleset.time.unit_plural.capitalize())
        return Search(searchers, units, self.text("where"))

    def action_submit(self) -> None:
        """The first submit searches; the result stays on screen and the next one closes."""
        if self._done:
            self.dismiss(True)
            return
        super().action_submit()

    def done(self) -> None:
        self._done = True
        self._show("")
        self.query_one("#odds", Label).update(f"For the 'Smith: {self._result()}")
        self.query_one("#ok", Button).label = "Close"
        self.query_one("#cancel", Button).display = False

    def _result(self) -> str:
        """The search's log line, which holds the roll and what it found."""
        store = cast("Hammer", self.app).store
        found = next((e for e in reversed(store.recent) if e.action == Search.label), None) if store else None
        if found is None:
            return "searched."
        dice = f"  {'; '.join(found.dice)}" if found.dice else ""
        return found.text + dice
