"""The Divining pool pane: the dice the 'Smith will roll when the party moves on."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hammertui.ui.view import View

DIE_STYLE = {
    "blue": "#2f7de1",
    "purple": "#9c4dcc",
    "red": "#e53935",
    "green": "#43a047",
    "yellow": "#fdd835",
    "white": "#f5f5f5",
    "black": "#5c5c5c",
}
DIE = "⬢"


class DiviningPane(Static):
    """The pool as coloured dice with counts, each colour named by its role."""

    view: reactive[View | None] = reactive(None, repaint=False)
    _shown: object = None

    def on_mount(self) -> None:
        self.border_title = "Divining pool"

    def watch_view(self, view: View | None) -> None:
        shown = view and (view.ruleset.id, view.state.dungeon.challenge_level)
        if view is None or shown == self._shown:
            return
        self._shown = shown
        divining = view.ruleset.divining
        if divining is None:
            self.update(f"{view.ruleset.name} has no Divining Pool.", layout=False)
            return
        pool = divining.pool(view.state.dungeon.challenge_level)
        self.update(pool_text(view, pool), layout=False)


def pool_text(view: View, pool: dict[str, int]) -> Text:
    divining = view.ruleset.divining
    text = Text()
    for colour, count in pool.items():
        if not count:
            continue
        die = divining.colours[colour]
        text.append(f"{DIE} " * count, style=DIE_STYLE.get(colour, "bold"))
        text.append(f"{count} {die.name}", style="bold")
        text.append(f" ({die.role})\n", style="dim")
    total = sum(pool.values())
    text.append(f"\n{total} dice · challenge level {view.state.dungeon.challenge_level}", style="dim")
    return text
