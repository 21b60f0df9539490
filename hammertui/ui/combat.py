"""The Combat pane: quiet until a fight starts, and what the dark does to one that might."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hammertui.rules.light import darkness_lines
from hammertui.ui.view import View


class CombatPane(Static):
    """Shows the fight in progress; with none, says so. In the dark it lists the penalties every
    attack and roll will carry, so nobody looks them up when the goblins arrive."""

    view: reactive[View | None] = reactive(None, repaint=False)
    _shown: object = ()

    def on_mount(self) -> None:
        self.border_title = "Combat"

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        shown = (view.state.procedure, view.state.is_dark, view.ruleset.id)
        if shown == self._shown:
            return
        self._shown = shown
        self.update(combat_text(view), layout=False)


def combat_text(view: View) -> Text:
    procedure = view.state.procedure
    if procedure is not None and procedure.kind == "combat":
        text = Text(f"Combat: {procedure.step}")
    else:
        text = Text("No combat.\n\nAll quiet... for now.")
    if view.state.is_dark:
        text.append("\n\nIn the dark: ", style="bold #e53935")
        text.append("; ".join(darkness_lines(view.ruleset)) + ".")
    return text
