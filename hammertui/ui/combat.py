"""The Combat pane: quiet until a fight starts."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from hammertui.ui.view import View


class CombatPane(Static):
    """Shows the fight in progress; with none, says so."""

    view: reactive[View | None] = reactive(None, repaint=False)
    _shown: object = ()

    def on_mount(self) -> None:
        self.border_title = "Combat"

    def watch_view(self, view: View | None) -> None:
        if view is None or (view.state.procedure,) == self._shown:
            return
        self._shown = (view.state.procedure,)
        procedure = view.state.procedure
        if procedure is not None and procedure.kind == "combat":
            self.update(f"Combat: {procedure.step}", layout=False)
        else:
            self.update("No combat.\n\nAll quiet... for now.", layout=False)
